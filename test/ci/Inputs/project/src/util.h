#pragma once
#include <deque>
#include <vector>
inline int scale() { return 3; }
