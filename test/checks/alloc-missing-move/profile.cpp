// With a heapcount profile, the allocations at the class's copy constructor
// (heapcount puts an implicit one on the class's name) are quoted in a note,
// without a predicted saving: the profile does not tell the copies that
// stand for moves from the others. A class whose copies the profile covers
// with fewer than MinProfiledAllocations is cold and silent.
// RUN: %check_alloc_tidy %s alloc-missing-move %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=hot:Node:2:1x900,2x100:Node::Node --element=hot=Node \
// RUN:     --site=cold:int:4:3x2:Leaf::Leaf" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json', MinProfiledAllocations: 10}}" -- -std=c++17

#include <utility>
#include <vector>

class Node { // site(hot@Node)
public:
  ~Node() = default;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: the user-declared destructor of 'Node' suppresses its move constructor: every move of a 'Node' copies 'Children' (std::vector<Node>), allocating [alloc-missing-move]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: heapcount's profile: in the profiled run copies of 'Node' allocated 1,000 times; those that stand for a move would not allocate once it moves (the profile does not tell them from the other copies)
  // CHECK-NOTES: :[[@LINE+10]]:14: note: 'std::vector<Node>' copies its elements each time 'push_back' grows it
  // CHECK-NOTES: :[[@LINE+10]]:14: note: 'std::vector<Node>' copies its elements each time 'push_back' grows it
  // CHECK-FIXES: {{^}}public:{{$}}
  // CHECK-FIXES-NEXT: {{^}}  //{{$}}
  std::vector<Node> Children;
  friend Node pair(const Node &A, const Node &B);
};

Node pair(const Node &A, const Node &B) {
  Node R;
  R.Children.push_back(A);
  R.Children.push_back(B);
  return R;
}

// The profile covers its copies with 6 allocations: cold.
struct Leaf { // site(cold@Leaf)
  ~Leaf() = default;
  std::vector<int> Values;
};

std::vector<Leaf> leaves(Leaf L) {
  std::vector<Leaf> All;
  All.push_back(std::move(L));
  return All;
}
