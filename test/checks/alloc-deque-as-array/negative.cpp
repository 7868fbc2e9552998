// Deques the check must leave alone: each case says why.
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t -- -- -isystem %S/Inputs/system

#include "Inputs/opaque.h"
#include <deque>
#include <sysdeque.h>
#include <utility>

// Front operations need a deque.
int pushFront() {
  std::deque<int> D;
  D.push_back(1);
  D.push_front(0);
  return D[0];
}
int emplaceFront() {
  std::deque<int> D;
  D.emplace_front(1);
  return D.back();
}
int popFront() {
  std::deque<int> D = {1, 2};
  D.pop_front();
  return D.back();
}
int insertAtBegin() {
  std::deque<int> D = {1, 2};
  D.insert(D.begin(), 0);
  return D.back();
}
int eraseAtBegin() {
  std::deque<int> D = {1, 2};
  D.erase(D.begin());
  return D.back();
}

// std::vector<bool> is a different beast.
bool bools() {
  std::deque<bool> D;
  D.push_back(true);
  return D[0];
}

// Handed to code the analysis cannot see, which may use the front.
int opaqueReference() {
  std::deque<int> D;
  fillSomehow(D);
  return D.back();
}
int opaquePointer() {
  std::deque<int> D;
  fillThrough(&D);
  return D.back();
}

// Its type is part of an interface: returned, bound to a reference, moved.
std::deque<int> returned() {
  std::deque<int> D;
  D.push_back(1);
  return D;
}
int boundToReference() {
  std::deque<int> D;
  std::deque<int> &Alias = D;
  Alias.push_front(1);
  return D.back();
}
int moved() {
  std::deque<int> D;
  D.push_back(1);
  std::deque<int> Other = std::move(D);
  Other.push_front(2);
  return Other.back();
}

// Swapped with a deque that must stay one: neither changes.
int swappedWithFrontUser() {
  std::deque<int> A, B;
  A.push_back(1);
  B.push_front(2);
  A.swap(B);
  return A.back();
}

// Template-dependent declarations.
template <class T> T dependent() {
  std::deque<T> D;
  D.push_back(T());
  return D.back();
}
int instantiate() { return dependent<int>(); }
template <class T> struct Holder {
  std::deque<int> D;
  int last() { D.push_back(1); return D.back(); }
};
int useHolder() { return Holder<char>().last(); }

// Declared by a macro.
#define DECLARE_QUEUE(Name) std::deque<int> Name
int fromMacro() {
  DECLARE_QUEUE(Q);
  Q.push_back(1);
  return Q.back();
}

// Visible to other translation units.
std::deque<int> GlobalQueue;
void pushGlobal(int V) { GlobalQueue.push_back(V); }

// Used in a way the analysis does not follow.
unsigned long sizeOfIt() {
  std::deque<int> D;
  D.push_back(1);
  return sizeof(D) + D.size();
}

int fromSystemHeader() { return systemCounter(); }
