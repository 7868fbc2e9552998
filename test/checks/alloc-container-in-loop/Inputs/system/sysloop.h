// A system header: nothing here is diagnosed.
#include <vector>
inline int systemLoop(int N) {
  int Total = 0;
  for (int I = 0; I < N; ++I) {
    std::vector<int> Buf;
    Buf.push_back(I);
    Total += static_cast<int>(Buf.size());
  }
  return Total;
}
