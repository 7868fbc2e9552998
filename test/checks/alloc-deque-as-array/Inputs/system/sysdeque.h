// A system header: nothing declared here is diagnosed.
#include <deque>
inline int systemCounter() {
  std::deque<int> D;
  D.push_back(1);
  return D.back();
}
