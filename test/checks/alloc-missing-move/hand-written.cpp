// A class whose destructor or copy is written by hand (a body, or defaulted
// outside the class) needs hand-written moves too: by default the check
// stays silent on it; HandWrittenMembers reports it, without a fix-it.
// RUN: %check_alloc_tidy %s alloc-missing-move %t -- -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=HAND %s alloc-missing-move %t.hand -- \
// RUN:   -config="{CheckOptions: {alloc-missing-move.HandWrittenMembers: true}}" -- -std=c++17

#include <string>
#include <utility>
#include <vector>

// A destructor with a body: moves must leave an object it can destroy.
struct Cleans {
  ~Cleans() { Names.clear(); }
  // CHECK-NOTES-HAND: :[[@LINE-1]]:3: warning: the user-declared destructor of 'Cleans' suppresses its move constructor: every move of a 'Cleans' copies 'Names' (std::vector<std::string>), allocating [alloc-missing-move]
  // CHECK-NOTES-HAND: :[[@LINE-3]]:8: note: no fix-it: its destructor has a body, and moves must leave a moved-from object that body can handle; write them by hand
  // CHECK-NOTES-HAND: :[[@LINE+6]]:9: note: 'std::vector<Cleans>' copies its elements each time 'push_back' grows it
  std::vector<std::string> Names;
};

void keep(std::vector<Cleans> &All, const Cleans &C) {
  for (int I = 0; I < 3; ++I)
    All.push_back(C);
}

// Defaulted outside the class, where a member's type may be complete only.
struct Later {
  ~Later();
  // CHECK-NOTES-HAND: :[[@LINE-1]]:3: warning: the user-declared destructor of 'Later' suppresses its move constructor
  // CHECK-NOTES-HAND: :[[@LINE-3]]:8: note: no fix-it: its destructor is defaulted outside the class (a member's type may be incomplete there); declare the moves defaulted where it is
  // CHECK-NOTES-HAND: :[[@LINE+6]]:14: note: this move of a 'Later' copies it
  std::string Name;
};
Later::~Later() = default;

Later pass(Later L) {
  Later Kept(std::move(L));
  return Kept;
}

