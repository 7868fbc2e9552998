// Classes the check must not report: nothing moved, moves that a real move
// constructor would not change, nothing that allocates when copied, or
// classes that already move.
// RUN: %check_alloc_tidy %s alloc-missing-move %t -- -- -std=c++17

#include <memory>
#include <string>
#include <utility>
#include <vector>

// Copied from lvalues only: a move constructor would not be called.
struct OnlyCopied {
  ~OnlyCopied() = default;
  std::string Name;
};
std::vector<OnlyCopied> copies(const OnlyCopied &O) {
  std::vector<OnlyCopied> V(3, O);
  OnlyCopied Other = O;
  V[0] = Other;
  return V;
}

// The named return value is built in place, not moved.
struct Returned {
  ~Returned() = default;
  std::string Name;
};
Returned make() {
  Returned R;
  R.Name = "a name long enough to allocate";
  return R;
}

// Nothing that allocates when copied.
struct Plain {
  ~Plain() = default;
  int Values[4];
  std::shared_ptr<int> Shared;
};
std::vector<Plain> plains(Plain P) {
  std::vector<Plain> V;
  V.push_back(std::move(P));
  return V;
}

// Its only container is const: a move would copy it too.
struct ConstOwner {
  ~ConstOwner() = default;
  const std::string Name;
};
std::vector<ConstOwner> consts(ConstOwner C) {
  std::vector<ConstOwner> V;
  V.push_back(std::move(C));
  return V;
}

// It declares its moves.
struct Moves {
  ~Moves() = default;
  Moves() = default;
  Moves(const Moves &) = default;
  Moves(Moves &&) = default;
  Moves &operator=(const Moves &) = default;
  Moves &operator=(Moves &&) = default;
  std::string Name;
};
std::vector<Moves> moves(Moves M) {
  std::vector<Moves> V;
  V.push_back(std::move(M));
  return V;
}

// No user-declared special member: the implicit moves exist.
struct Implicit {
  std::string Name;
};
std::vector<Implicit> implicit(Implicit I) {
  std::vector<Implicit> V;
  V.push_back(std::move(I));
  return V;
}

// A class template: its instantiations may differ, and the fix would be in
// the template.
template <typename T> struct Box {
  ~Box() = default;
  std::vector<T> Items;
};
std::vector<Box<int>> boxes(Box<int> B) {
  std::vector<Box<int>> V;
  V.push_back(std::move(B));
  return V;
}

// Neither copyable nor movable: nothing to copy.
struct Pinned {
  Pinned() = default;
  Pinned(const Pinned &) = delete;
  std::string Name;
};
Pinned &pinned() {
  static Pinned P;
  return P;
}
