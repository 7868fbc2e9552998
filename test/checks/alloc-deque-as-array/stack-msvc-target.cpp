// An MSVC target (here without a TargetSTL option) flags a std::stack over
// the default deque when its element is larger than 8 bytes: a block of
// MSVC's deque holds 16 bytes. Inputs/msvc-stl stands in for its headers.
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t -- -- --target=x86_64-pc-windows-msvc -nostdinc++ -isystem %S/Inputs/msvc-stl

#include <stack>

struct Frame {
  int Pc;
  int Sp;
  const void *Code;
};

int run(const int *Code, int N) {
  std::stack<Frame> Frames;
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'Frames' is a std::stack over a std::deque; over a std::vector it makes fewer allocations [alloc-deque-as-array]
  // CHECK-FIXES: std::stack<Frame, std::vector<Frame>> Frames;
  for (int I = 0; I < N; ++I)
    Frames.push({Code[I], I, nullptr});
  return static_cast<int>(Frames.size());
}

// Silent: 8-byte elements share a block.
int sum(const long long *Values, int N) {
  std::stack<long long> Pending;
  for (int I = 0; I < N; ++I)
    Pending.push(Values[I]);
  return static_cast<int>(Pending.size());
}
