// A data member filled by a loop whose body also hands 'this' to a call (a
// visitor that appends to its member as it walks: 'Kid->accept(*this)') or
// calls a member function that may append to it: the loop's own appends are
// not all that grow the member, so no count is claimed. A member function
// that cannot reach the member (const, or defined here without naming it)
// keeps the finding. The members are buffers kept across calls, reported
// only with ReusedBuffers (reused-buffers.cpp tests the default).
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -- -config="{CheckOptions: {alloc-reserve-in-loop.ReusedBuffers: true}}" -- -std=c++17

#include <string>
#include <vector>

struct Printer;

struct Node {
  std::vector<Node *> Kids;
  std::string Name;
  virtual void accept(Printer &P);
  virtual ~Node() = default;
};

struct Printer {
  std::string Out;
  std::vector<int> Depths;
  int Depth = 0;

  // Negative: every Kid->accept(*this) appends to 'Out' too.
  void visit(Node &N) {
    Out += "(" + N.Name;
    for (Node *Kid : N.Kids) {
      Out += ' ';
      Kid->accept(*this);
    }
    Out += ')';
  }

  // Negative: 'this' handed on by pointer.
  void visitAll(const std::vector<Node *> &Nodes) {
    for (Node *N : Nodes) {
      Depths.push_back(Depth);
      walk(this, *N);
    }
  }
  static void walk(Printer *P, Node &N);

  // Negative: a member function that appends to the member.
  void note(int D) { Depths.push_back(D); }
  void twice(const std::vector<int> &Ds) {
    for (int D : Ds) {
      Depths.push_back(D);
      note(D);
    }
  }

  // Negative: a member function whose body is not in this unit.
  void record(int D);
  void recordAll(const std::vector<int> &Ds) {
    for (int D : Ds) {
      Depths.push_back(D);
      record(D);
    }
  }

  // Negative: a virtual member function: an override may append.
  virtual int scaled(int D) { return D * 2; }
  void scaledAll(const std::vector<int> &Ds) {
    for (int D : Ds)
      Depths.push_back(scaled(D));
  }

  // Positive: a const member function cannot change the member.
  int offset(int D) const { return D + Depth; }
  void offsets(const std::vector<int> &Ds) {
    Depths.clear();
    for (int D : Ds)
      Depths.push_back(offset(D));
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'Depths' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
    // CHECK-FIXES: {{^}}    Depths.reserve(Ds.size());{{$}}
  }

  // Positive: a non-virtual member function defined here that does not name
  // the member and uses 'this' only for other members.
  int shift(int D) {
    Depth += 1;
    return D + Depth;
  }
  void shifts(const std::vector<int> &Ds) {
    Depths.clear();
    for (int D : Ds)
      Depths.push_back(shift(D));
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'Depths' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
    // CHECK-FIXES: {{^}}    Depths.reserve(Ds.size());{{$}}
  }
};

void Node::accept(Printer &P) { P.visit(*this); }
