// A system header: its vectors are not the user's to change.
#include <vector>
inline int systemPrimes() {
  std::vector<int> P = {2, 3, 5};
  return P[0] + P[1] + P[2];
}
