// A deque whose only front operations rotate it is a circular buffer: a
// vector with std::rotate does the same in one allocation.
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t -- -config="{CheckOptions: {alloc-deque-as-array.TargetSTL: libstdc++}}"

#include <deque>
#include <utility>

int roundRobin(int Turns) {
  std::deque<int> Players = {1, 2, 3, 4};
  // CHECK-NOTES: :[[@LINE-1]]:19: warning: 'Players' is a std::deque used as a rotating buffer; a std::vector with std::rotate holds its elements in one allocation [alloc-deque-as-array]
  // CHECK-NOTES: :[[@LINE-2]]:19: note: on libstdc++, std::deque<int> allocates one 512-byte block per 128 elements
  int Last = 0;
  for (int T = 0; T < Turns; ++T) {
    Last = Players.front();
    Players.push_back(std::move(Players.front()));
    Players.pop_front();
    // CHECK-NOTES: :[[@LINE-1]]:5: note: this moves the front element to the back; with a std::vector, std::rotate(Players.begin(), Players.begin() + 1, Players.end()) does the same
  }
  return Last;
}

// pop_front() that is not part of a rotation: a real queue.
int realQueue() {
  std::deque<int> Work = {1, 2, 3};
  int Sum = 0;
  while (!Work.empty()) {
    Sum += Work.front();
    Work.pop_front();
  }
  return Sum;
}
