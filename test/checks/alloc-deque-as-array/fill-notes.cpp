// The notes on fill loops: a constant count gets exact numbers, any other
// count names the reserve() the fix-it inserts.
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t -- -config="{CheckOptions: {alloc-deque-as-array.TargetSTL: libstdc++}}"

#include <deque>
#include <vector>

int fromParameter(int N) {
  std::deque<double> Samples;
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Samples' is a std::deque used only at its back; a std::vector holds its elements in one allocation [alloc-deque-as-array]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: on libstdc++, std::deque<double> allocates one 512-byte block per 64 elements
  for (int I = 0; I < N; ++I)
    Samples.push_back(I * 0.5);
  // CHECK-NOTES: :[[@LINE-2]]:3: note: this loop appends one element per iteration: one block allocation per 64 elements in a std::deque, 1 allocation in a std::vector after reserve(N > 0 ? N : 0)
  // CHECK-FIXES: Samples.reserve(N > 0 ? N : 0);
  return static_cast<int>(Samples.size());
}

int fromRange(const std::vector<int> &In) {
  std::deque<int> Out;
  // CHECK-NOTES: :[[@LINE-1]]:19: warning: 'Out' is a std::deque used only
  // CHECK-NOTES: :[[@LINE-2]]:19: note: on libstdc++, std::deque<int> allocates one 512-byte block per 128 elements
  for (int V : In)
    Out.emplace_back(V + 1);
  // CHECK-NOTES: :[[@LINE-2]]:3: note: this loop appends one element per iteration: {{.*}} after reserve(In.size())
  // CHECK-FIXES: Out.reserve(In.size());
  return Out.empty() ? 0 : Out.back();
}

int countingDown(unsigned Hi, unsigned Lo) {
  std::deque<unsigned> Steps;
  // CHECK-NOTES: :[[@LINE-1]]:24: warning: 'Steps' is a std::deque used only
  // CHECK-NOTES: :[[@LINE-2]]:24: note: on libstdc++
  for (unsigned I = Hi; I > Lo; --I)
    Steps.push_back(I);
  // Unsigned bounds: the clamp must not wrap when Hi < Lo.
  // CHECK-NOTES: :[[@LINE-3]]:3: note: this loop appends one element per iteration: {{.*}} after reserve(Hi > Lo ? Hi - Lo : 0)
  // CHECK-FIXES: Steps.reserve(Hi > Lo ? Hi - Lo : 0);
  return static_cast<int>(Steps.size());
}

// Two appends per iteration: no reserve(), since the count would be wrong.
int twoPerIteration(int N) {
  std::deque<int> Pairs;
  // CHECK-NOTES: :[[@LINE-1]]:19: warning: 'Pairs' is a std::deque used only
  // CHECK-NOTES: :[[@LINE-2]]:19: note: on libstdc++
  // CHECK-FIXES: std::vector<int> Pairs;
  for (int I = 0; I < N; ++I) {
    Pairs.push_back(I);
    Pairs.push_back(-I);
  }
  // CHECK-FIXES-NOT: Pairs.reserve
  return static_cast<int>(Pairs.size());
}

// An append under a condition: the count is an upper bound only.
int conditional(int N) {
  std::deque<int> Evens;
  // CHECK-NOTES: :[[@LINE-1]]:19: warning: 'Evens' is a std::deque used only
  // CHECK-NOTES: :[[@LINE-2]]:19: note: on libstdc++
  for (int I = 0; I < N; ++I)
    if (I % 2 == 0)
      Evens.push_back(I);
  // CHECK-FIXES-NOT: Evens.reserve
  return static_cast<int>(Evens.size());
}

// A loop that can leave early: no count.
int earlyExit(int N) {
  std::deque<int> Seen;
  // CHECK-NOTES: :[[@LINE-1]]:19: warning: 'Seen' is a std::deque used only
  // CHECK-NOTES: :[[@LINE-2]]:19: note: on libstdc++
  for (int I = 0; I < N; ++I) {
    if (I * I > 50)
      break;
    Seen.push_back(I);
  }
  // CHECK-FIXES-NOT: Seen.reserve
  return static_cast<int>(Seen.size());
}
