// Two callers hand a container to one function that fills it through a
// reference: heapcount sees every allocation in 'fill', and records which
// caller each came through.
#include <cstdio>
#include <cstdlib>
#include <vector>

__attribute__((noinline)) void fill(std::vector<int> &Out, int N) {
  for (int I = 0; I < N; ++I)
    Out.push_back(I); // site(fill@push_back)
}

// Recursion passes one place several times on a stack: it counts once.
__attribute__((noinline)) void fillDeep(std::vector<int> &Out, int N,
                                        int Depth) {
  if (Depth > 0)
    return fillDeep(Out, N, Depth - 1); // call(recurse@fillDeep)
  fill(Out, N); // call(deep-fill@fill)
}

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
  std::printf("%d\n", R.hot(0));
  return 0;
}
