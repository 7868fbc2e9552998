// A std::stack over its default deque is flagged by default only where the
// deque is costly per push: on MSVC's STL (TargetSTL: msvc, or an MSVC
// target) a deque block holds 16 bytes, so an element over 8 bytes takes an
// allocation per push. On libstdc++ (the second run) stacks stay silent.
// RUN: %check_alloc_tidy -check-suffix=MSVC %s alloc-deque-as-array %t.msvc -- -config="{CheckOptions: {alloc-deque-as-array.TargetSTL: msvc}}" -- -std=c++17
// RUN: %alloc_tidy --checks='-*,alloc-deque-as-array' %s -- -std=c++17 2>&1 | count 0

#include <stack>
#include <vector>

struct Frame {
  int Pc;
  int Sp;
  const void *Code;
};

// 24-byte frames: one deque block per push on MSVC.
int run(const std::vector<int> &Code) {
  std::stack<Frame> Frames;
  // CHECK-MESSAGES-MSVC: :[[@LINE-1]]:21: warning: 'Frames' is a std::stack over a std::deque; over a std::vector it makes fewer allocations [alloc-deque-as-array]
  // CHECK-FIXES-MSVC: std::stack<Frame, std::vector<Frame>> Frames;
  for (int Op : Code) {
    if (Op > 0)
      Frames.push({Op, 0, nullptr});
    else if (!Frames.empty())
      Frames.pop();
  }
  return static_cast<int>(Frames.size());
}

// Also 24-byte frames: reported on MSVC, silent on libstdc++.
int visit(const std::vector<int> &Code) {
  std::stack<Frame> Pending;
  // CHECK-MESSAGES-MSVC: :[[@LINE-1]]:21: warning: 'Pending' is a std::stack over a std::deque
  for (int Op : Code)
    if (Op < 0)
      Pending.push({Op, 1, nullptr});
  return static_cast<int>(Pending.size());
}

// Silent everywhere: 1-byte elements share a block even on MSVC.
int depth(const char *Text) {
  std::stack<char> Open;
  int Max = 0;
  for (; *Text; ++Text) {
    if (*Text == '(')
      Open.push(*Text);
    else if (*Text == ')' && !Open.empty())
      Open.pop();
    Max = static_cast<int>(Open.size()) > Max ? static_cast<int>(Open.size()) : Max;
  }
  return Max;
}
