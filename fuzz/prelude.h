// The headers every input of alloc-tidy-fuzz sees, as if it began with
// `#include "fuzz/prelude.h"`: the standard headers of the test corpus
// (test/checks, test/layout), precompiled once when the harness starts. To
// reproduce a finding with the tools, pass `-include fuzz/prelude.h`.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <initializer_list>
#include <istream>
#include <iterator>
#include <list>
#include <map>
#include <memory>
#include <new>
#include <queue>
#include <span>
#include <stack>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>
