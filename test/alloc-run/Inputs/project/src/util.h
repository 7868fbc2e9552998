#pragma once
#include <deque>
inline int helperValue() { return 3; }
