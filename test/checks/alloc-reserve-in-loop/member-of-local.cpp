// A run of appends to a data member of a local object right after the object
// is made ('Node Ret(Kind); Ret.Kids.push_back(A); Ret.Kids.push_back(B);',
// the builder functions of expression trees) grows the member as a fresh
// vector would: when the object's constructor is seen to leave the member
// empty, reserve(k) before the run makes one allocation. Like any straight
// run, it is reported by default only when a profile measures it (suffix
// PROFILE); StraightLineAppends reports every run, and without either the
// check is silent (suffix DEFAULT).
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -- -config="{CheckOptions: {alloc-reserve-in-loop.StraightLineAppends: true}}" -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=DEFAULT %s alloc-reserve-in-loop %t.default -- -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=PROFILE %s alloc-reserve-in-loop %t.profile \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.profile.cpp %t.profile.json \
// RUN:     --site=first:int:4:1x50:either(int,int) --site=second:int:4:2x50:either(int,int) \
// RUN:     --site=both1:Tree:32:1x100:both --site=both2:Tree:32:2x100:both \
// RUN:     --site=pair1:Mark:4:1x100:pairOf --site=pair2:Mark:4:2x100:pairOf" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.profile.json'}}"
// CHECK-MESSAGES-DEFAULT-NOT: warning:
// CHECK-NOTES-PROFILE-NOT: warning: 'S.Kids'

#include <vector>

enum Op { Leaf, Or, Seq };

class Expr {
public:
  explicit Expr(Op O);
  Expr();
  friend Expr either(int A, int B);
  friend Expr sequence(int A, int B, int C);

private:
  Op Kind;
  std::vector<int> Kids;
};

Expr::Expr(Op O) : Kind(O), Kids{} {}
Expr::Expr() : Expr(Leaf) {}

Expr either(int A, int B) {
  Expr E(Or);
  E.Kids.push_back(A); // site(first@push_back)
  E.Kids.push_back(B); // site(second@push_back)
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 'E.Kids' grows 2 times for these 2 appends on libstdc++; reserve(2) first makes 1 allocation [alloc-reserve-in-loop]
  // CHECK-FIXES: Expr E(Or);
  // CHECK-FIXES-NEXT: E.Kids.reserve(2);
  // CHECK-FIXES-NEXT: E.Kids.push_back(A);
  // CHECK-NOTES-PROFILE: :[[@LINE-6]]:3: warning: 'E.Kids' grows 2 times for these 2 appends on libstdc++; reserve(2) first makes 1 allocation [alloc-reserve-in-loop]
  // CHECK-NOTES-PROFILE: :[[@LINE-7]]:3: note: heapcount's profile: in the profiled run 'E.Kids' grew 100 times at these appends, in 50 runs of up to 2 elements; reserving first would save about 50 allocations
  // CHECK-FIXES-PROFILE: E.Kids.reserve(2);
  return E;
}

// The delegating constructor leaves the member as its target does.
Expr sequence(int A, int B, int C) {
  Expr S;
  S.Kids.push_back(A);
  S.Kids.emplace_back(B);
  S.Kids.push_back(C);
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: 'S.Kids' grows 3 times for these 3 appends on libstdc++; reserve(3) first makes 1 allocation
  // CHECK-FIXES: Expr S;
  // CHECK-FIXES-NEXT: S.Kids.reserve(3);
  return S;
}

// An aggregate made by its implicit default constructor.
struct Row {
  int Id = 0;
  std::vector<int> Cells;
};

Row pair(int A, int B) {
  Row R;
  R.Cells.push_back(A);
  R.Cells.push_back(B);
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 'R.Cells' grows 2 times for these 2 appends on libstdc++; reserve(2) first makes 1 allocation
  // CHECK-FIXES: Row R;
  // CHECK-FIXES-NEXT: R.Cells.reserve(2);
  return R;
}

// A vector that copies its elements when it grows (the destructor declared
// here suppresses Tree's move constructor) saves those copies too: the
// profile cannot tell them from the copies of the arguments, so the saving
// is given as a floor, not as an estimate.
class Tree {
public:
  explicit Tree(int V) : Value(V), Kids{} {}
  ~Tree() = default;
  friend Tree both(const Tree &A, const Tree &B);

private:
  int Value;
  std::vector<Tree> Kids;
};

Tree both(const Tree &A, const Tree &B) {
  Tree T(0);
  T.Kids.push_back(A); // site(both1@push_back)
  T.Kids.push_back(B); // site(both2@push_back)
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 'T.Kids' grows 2 times for these 2 appends on libstdc++; reserve(2) first makes 1 allocation
  // CHECK-NOTES-PROFILE: :[[@LINE-3]]:3: warning: 'T.Kids' grows 2 times for these 2 appends on libstdc++; reserve(2) first makes 1 allocation
  // CHECK-NOTES-PROFILE: :[[@LINE-4]]:3: note: heapcount's profile: in the profiled run 'T.Kids' grew 200 times at these appends, in 100 runs of up to 2 elements; reserving first would save at least 100 allocations, and the copies of its elements that each growth makes ('Tree' is copied, not moved, into new storage), which may allocate too
  // CHECK-FIXES: Tree T(0);
  // CHECK-FIXES-NEXT: T.Kids.reserve(2);
  // CHECK-FIXES-PROFILE: T.Kids.reserve(2);
  return T;
}

// A copy that cannot allocate (Mark's own copy constructor copies a number
// and calls nothing) costs the growth nothing more: the estimate stands.
struct Mark {
  explicit Mark(int V) : At(V) {}
  Mark(const Mark &Other) : At(Other.At) {}
  int At;
};
struct Marks {
  Marks() = default;
  std::vector<Mark> All;
};

Marks pairOf(const Mark &A, const Mark &B) {
  Marks M;
  M.All.push_back(A); // site(pair1@push_back)
  M.All.push_back(B); // site(pair2@push_back)
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 'M.All' grows 2 times for these 2 appends on libstdc++; reserve(2) first makes 1 allocation
  // CHECK-NOTES-PROFILE: :[[@LINE-3]]:3: warning: 'M.All' grows 2 times for these 2 appends on libstdc++; reserve(2) first makes 1 allocation
  // CHECK-NOTES-PROFILE: :[[@LINE-4]]:3: note: heapcount's profile: in the profiled run 'M.All' grew 200 times at these appends, in 100 runs of up to 2 elements; reserving first would save about 100 allocations
  // CHECK-FIXES: Marks M;
  // CHECK-FIXES-NEXT: M.All.reserve(2);
  // CHECK-FIXES-PROFILE: M.All.reserve(2);
  return M;
}

// Silent: the constructor is not defined in this unit; it may fill the
// member.
class Opaque {
public:
  explicit Opaque(int N);
  std::vector<int> Items;
};

Opaque opaque(int A, int B) {
  Opaque O(1);
  O.Items.push_back(A);
  O.Items.push_back(B);
  return O;
}

// Silent: the constructor gives the member an element, in its initializer or
// in its body, or calls a member function that may.
class Seeded {
public:
  explicit Seeded(int N) : Items{N} {}
  std::vector<int> Items;
};

class Filled {
public:
  explicit Filled(int N) { Items.push_back(N); }
  std::vector<int> Items;
};

class Calls {
public:
  explicit Calls(int N) { init(N); }
  void init(int N);
  std::vector<int> Items;
};

void seeded(int A, int B) {
  Seeded S(1);
  S.Items.push_back(A);
  S.Items.push_back(B);
  Filled F(1);
  F.Items.push_back(A);
  F.Items.push_back(B);
  Calls C(1);
  C.Items.push_back(A);
  C.Items.push_back(B);
}

// Silent: the member belongs to a base class, which the object's own
// constructor does not make.
struct Base {
  std::vector<int> Items;
};
struct Derived : Base {
  Derived() {}
};

void derived(int A, int B) {
  Derived D;
  D.Items.push_back(A);
  D.Items.push_back(B);
}

// Silent: a copy holds the original's elements.
Row copied(const Row &Other, int A, int B) {
  Row R = Other;
  R.Cells.push_back(A);
  R.Cells.push_back(B);
  return R;
}

// Silent: the object is reached through a pointer or a reference, whose
// target may hold elements already.
void throughPointer(Row *P, Row &Ref, int A, int B) {
  P->Cells.push_back(A);
  P->Cells.push_back(B);
  Row &Alias = Ref;
  Alias.Cells.push_back(A);
  Alias.Cells.push_back(B);
}

// Silent: a single append allocates once anyway.
Row one(int A) {
  Row R;
  R.Cells.push_back(A);
  return R;
}

// Silent: anything else done with the object ends the run before it starts
// (a member function could have filled the member).
Row touched(int A, int B) {
  Row R;
  R.Id = A;
  R.Cells.push_back(A);
  R.Cells.push_back(B);
  return R;
}

// Silent: the object outlives the loop that appends; another pass appends
// again.
void looped(int N) {
  Row R;
  for (int I = 0; I < N; ++I) {
    R.Cells.push_back(I);
    R.Cells.push_back(I + 1);
  }
}

// Inside a loop body, the object is new on every iteration.
void keep(const Row &);

void perIteration(int N) {
  for (int I = 0; I < N; ++I) {
    Row R;
    R.Cells.push_back(I);
    R.Cells.push_back(-I);
    // CHECK-MESSAGES: :[[@LINE-2]]:5: warning: 'R.Cells' grows 2 times for these 2 appends on libstdc++; reserve(2) first makes 1 allocation
    keep(R);
  }
  // CHECK-FIXES: {{^}}    R.Cells.reserve(2);
  // CHECK-FIXES-NEXT: {{^}}    R.Cells.push_back(I);
}
