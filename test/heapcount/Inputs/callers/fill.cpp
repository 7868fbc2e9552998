// Three callers hand a container to one function that fills it through a
// reference (filler.h): heapcount sees every allocation in 'fill', and
// records which caller each came through. No allocation is made in this
// file: the profile names it only for its callers.
#include "filler.h"
#include <cstdlib>

class Reader {
public:
  __attribute__((noinline)) int hot(int N) {
    std::vector<int> Items;
    fill(Items, N); // call(hot@fill)
    Total += static_cast<int>(Items.size());
    return Total;
  }
  __attribute__((noinline)) int cold(int N) {
    std::vector<int> Items;
    fill(Items, N); // call(cold@fill)
    Total += static_cast<int>(Items.size());
    return Total;
  }
  __attribute__((noinline)) int deep(int N) {
    std::vector<int> Items;
    fillDeep(Items, N, 3); // call(deep@fillDeep)
    Total += static_cast<int>(Items.size());
    return Total;
  }

private:
  int Total = 0;
};

int main(int Argc, char **Argv) {
  int Calls = Argc > 1 ? std::atoi(Argv[1]) : 1000;
  Reader R;
  for (int I = 0; I < Calls; ++I)
    R.hot(3); // call(main-hot@hot)
  R.cold(3); // call(main-cold@cold)
  R.cold(3); // call(main-cold-again@cold)
  for (int I = 0; I < 10; ++I)
    R.deep(3); // call(main-deep@deep)
  // No output: stdout's buffer would be an allocation of this file.
  return R.hot(0) > 0 ? 0 : 1;
}
