// A std::deque keeps references to its elements valid while it grows at the
// back; a std::vector does not. A deque whose element references are kept
// while it grows was chosen for that: silent by default, and with
// WarnWhenReferencesKept a warning without a fix-it that says where.
// RUN: %check_alloc_tidy -check-suffixes=ALL %s alloc-deque-as-array %t -- -config="{CheckOptions: {alloc-deque-as-array.TargetSTL: libstdc++}}"
// RUN: %check_alloc_tidy -check-suffixes=ALL,KEPT %s alloc-deque-as-array %t -- -config="{CheckOptions: {alloc-deque-as-array.TargetSTL: libstdc++, alloc-deque-as-array.WarnWhenReferencesKept: true}}"

#include <deque>
#include <vector>

struct Node {
  int Value;
  Node *Parent;
};

// A reference held across push_back.
int heldAcrossGrowth() {
  std::deque<Node> Nodes;
  // CHECK-NOTES-KEPT: :[[@LINE-1]]:20: warning: 'Nodes' is a std::deque used only at its back; a std::vector holds its elements in one allocation [alloc-deque-as-array]
  // CHECK-NOTES-KEPT: :[[@LINE-2]]:20: note: on libstdc++, std::deque<Node> allocates one 512-byte block per 32 elements
  Nodes.push_back(Node{0, nullptr});
  Node &Root = Nodes.back();
  // CHECK-NOTES-KEPT: :[[@LINE-1]]:16: note: no fix-it: a reference to an element is kept here while the container can still grow; a std::vector would invalidate it
  Nodes.push_back(Node{1, &Root});
  return Root.Value;
}

// Pointers to earlier elements stored in later ones, in a loop.
int parentLinks(int N) {
  std::deque<Node> Tree;
  // CHECK-NOTES-KEPT: :[[@LINE-1]]:20: warning: 'Tree' is a std::deque used only
  // CHECK-NOTES-KEPT: :[[@LINE-2]]:20: note: on libstdc++
  Tree.push_back(Node{0, nullptr});
  for (int I = 1; I < N; ++I)
    Tree.push_back(Node{I, &Tree.back()});
  // CHECK-NOTES-KEPT: :[[@LINE-1]]:28: note: no fix-it: a reference to an element is kept here
  return Tree.back().Value;
}

// A range-for reference whose address is kept while the deque grows.
int addressesKept() {
  std::deque<int> Values = {1, 2, 3};
  // CHECK-NOTES-KEPT: :[[@LINE-1]]:19: warning: 'Values' is a std::deque used only
  // CHECK-NOTES-KEPT: :[[@LINE-2]]:19: note: on libstdc++
  std::vector<int *> Seen;
  for (int &V : Values)
    Seen.push_back(&V);
  // CHECK-NOTES-KEPT: :[[@LINE-1]]:20: note: no fix-it: a reference to an element is kept here
  Values.push_back(4);
  return *Seen[0];
}

// A reference used and dropped before the deque grows: fine.
int usedBeforeGrowth() {
  std::deque<int> Values = {1};
  // CHECK-NOTES-ALL: :[[@LINE-1]]:19: warning: 'Values' is a std::deque used only
  // CHECK-NOTES-ALL: :[[@LINE-2]]:19: note: on libstdc++
  // CHECK-FIXES-ALL: std::vector<int> Values = {1};
  {
    int &First = Values.front();
    First += 1;
  }
  Values.push_back(2);
  return Values[0];
}

// Elements that can be neither moved nor copied cannot live in a vector
// that grows.
struct Pinned {
  explicit Pinned(int V) : V(V) {}
  Pinned(const Pinned &) = delete;
  Pinned &operator=(const Pinned &) = delete;
  int V;
};
int pinned() {
  std::deque<Pinned> Items;
  // CHECK-NOTES-ALL: :[[@LINE-1]]:22: warning: 'Items' is a std::deque used only
  // CHECK-NOTES-ALL: :[[@LINE-2]]:22: note: on libstdc++
  // CHECK-NOTES-ALL: :[[@LINE-3]]:22: note: no fix-it: 'Pinned' can be neither moved nor copied, which a std::vector needs when it grows
  Items.emplace_back(1);
  return Items.back().V;
}

// Passed to a function that spells the deque type: both must change.
static int sum(const std::deque<int> &Values) {
  int S = 0;
  for (int V : Values)
    S += V;
  return S;
}
int passedToFixedType() {
  std::deque<int> Values;
  // CHECK-NOTES-ALL: :[[@LINE-1]]:19: warning: 'Values' is a std::deque used only
  // CHECK-NOTES-ALL: :[[@LINE-2]]:19: note: on libstdc++
  Values.push_back(1);
  return sum(Values);
  // CHECK-NOTES-ALL: :[[@LINE-1]]:10: note: no fix-it: 'Values' is passed to 'sum', whose parameter names the container type; change it too
}
