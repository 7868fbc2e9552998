// profile-callers.test: the function that fills its callers' vectors.
#ifndef FILLER_H
#define FILLER_H
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

#endif
