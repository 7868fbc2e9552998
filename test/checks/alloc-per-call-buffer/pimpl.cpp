// A class whose layout other units depend on (here a library's exported
// interface) keeps its members; when the method only hands its buffer to
// the object a member points to, and only this file defines that object's
// class (a pimpl), the buffer becomes a member of that class instead. The
// header is left as it is; the fixed file and another unit that includes
// the header compile, and the fixed program behaves the same.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %s %t/pimpl.cpp && cp %S/Inputs/pimpl/* %t/
// RUN: %alloc_tidy %t/pimpl.cpp -fix -header-filter='.*' -checks='-*,alloc-per-call-buffer' -config="{CheckOptions: {alloc-per-call-buffer.WithoutProfile: true}}" -- -std=c++17 -I%t 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/pimpl.cpp
// RUN: diff %S/Inputs/pimpl/speller.h %t/speller.h
// RUN: %clangxx -std=c++17 -I%t %s -o %t/before && %t/before > %t/before.out
// RUN: %clangxx -std=c++17 -fsanitize=address -I%t %t/pimpl.cpp -o %t/after && %t/after > %t/after.out
// RUN: diff %t/before.out %t/after.out
// RUN: %clangxx -fsyntax-only -std=c++17 -I%t %t/other.cpp

#include "speller.h"
#include <cstdio>

class SpellerImpl {
public:
  explicit SpellerImpl(Speller *Owner) : Owner(Owner) {}
  // A word is known, or made of known words; Stack stops the recursion on
  // a word already being checked.
  bool check(const std::string &Word, std::vector<std::string> &Stack) {
    for (const std::string &Seen : Stack)
      if (Seen == Word)
        return false;
    if (Word.size() <= 3)
      return true;
    Stack.push_back(Word);
    bool Known = check(Word.substr(0, Word.size() / 2), Stack) &&
                 check(Word.substr(Word.size() / 2), Stack);
    Stack.pop_back();
    return Known;
  }
  bool checkConst(const std::string &Word,
                  std::vector<std::string> &Stack) const {
    Stack.push_back(Word);
    return Stack.size() == 1;
  }
  // Calls back into its owner: a second call of Speller::checkBack starts
  // while the first one's buffer is in use.
  bool checkBack(const std::string &Word, std::vector<std::string> &Stack) {
    Stack.push_back(Word);
    return Word.size() < 2 || Owner->checkBack(Word.substr(1));
  }
  void split(const std::string &Text, std::vector<std::string> &Words) {
    size_t Begin = 0;
    for (size_t I = 0; I <= Text.size(); ++I)
      if (I == Text.size() || Text[I] == ' ') {
        Words.push_back(Text.substr(Begin, I - Begin));
        Begin = I + 1;
      }
  }

private:
  Speller *Owner;
  int Checked = 0;
};
// FIXED: {{^}}  int Checked = 0;{{$}}
// FIXED-NEXT: {{^}}public:{{$}}
// FIXED-NEXT: {{^}}  std::vector<std::string> StackBuffer;{{$}}
// FIXED-NEXT: {{^}}};{{$}}

Speller::Speller() : impl_(new SpellerImpl(this)), view_(impl_) {}
Speller::~Speller() { delete impl_; }

bool Speller::check(const std::string &Word) {
  std::vector<std::string> Stack;
  // CHECK: pimpl.cpp:[[@LINE-1]]:28: warning: 'Stack' is constructed and filled on every call of 'check', allocating each time; kept in a member of 'SpellerImpl' and cleared here, it would keep its capacity between calls [alloc-per-call-buffer]
  // CHECK: speller.h:25:16: note: not in 'Speller' (its default visibility exports it from a shared library, so its layout is part of that library's binary interface): 'impl_' points to a 'SpellerImpl', which only this file defines
  // CHECK: pimpl.cpp:[[@LINE-13]]:1: note: the member 'StackBuffer' holds the capacity as long as the 'SpellerImpl' lives
  // FIXED: {{^}}  std::vector<std::string> &Stack = impl_->StackBuffer;{{$}}
  // FIXED-NEXT: {{^}}  Stack.clear();{{$}}
  return impl_->check(Word, Stack);
}

// The buffer is used here too, not only handed over: the implementation's
// member would not be the only change.
int Speller::count(const std::string &Text) {
  std::vector<std::string> Words;
  // CHECK: pimpl.cpp:[[@LINE-1]]:28: warning: 'Words' is constructed and filled on every call of 'count', allocating each time; kept in a member of 'Speller'
  // CHECK: speller.h:14:19: note: no fix-it: its default visibility exports it
  impl_->split(Text, Words);
  return static_cast<int>(Words.size());
}

// The pointer is tested before it is used: the reference made where the
// buffer is declared would dereference it first.
bool Speller::checkGuarded(const std::string &Word) {
  std::vector<std::string> Stack;
  // CHECK: pimpl.cpp:[[@LINE-1]]:28: warning: 'Stack' is constructed and filled on every call of 'checkGuarded', allocating each time; kept in a member of 'Speller'
  // CHECK: speller.h:14:19: note: no fix-it: its default visibility exports it
  if (!impl_)
    return false;
  return impl_->check(Word, Stack);
}

// Through a pointer to const: the new member could not be filled.
bool Speller::checkConst(const std::string &Word) {
  std::vector<std::string> Stack;
  // CHECK: pimpl.cpp:[[@LINE-1]]:28: warning: 'Stack' is constructed and filled on every call of 'checkConst', allocating each time; kept in a member of 'Speller'
  // CHECK: speller.h:14:19: note: no fix-it: its default visibility exports it
  return view_->checkConst(Word, Stack);
}

// The implementation calls this method again while the buffer is in use.
bool Speller::checkBack(const std::string &Word) {
  std::vector<std::string> Stack;
  // CHECK: pimpl.cpp:[[@LINE-1]]:28: warning: 'Stack' is constructed and filled on every call of 'checkBack', allocating each time; kept in a member of 'Speller'
  // CHECK: speller.h:14:19: note: no fix-it: its default visibility exports it
  // FIXED: {{^}}  std::vector<std::string> Stack;{{$}}
  return impl_->checkBack(Word, Stack);
}

// A friend of its interface: the member stays private.
class CounterImpl {
  friend class Counter;

public:
  void split(const std::string &Text, std::vector<int> &Widths) {
    int Width = 0;
    for (char C : Text)
      if (C == ' ') {
        Widths.push_back(Width);
        Width = 0;
      } else {
        ++Width;
      }
    Widths.push_back(Width);
  }
  int sum(const std::vector<int> &Widths) {
    int Total = 0;
    for (int W : Widths)
      Total += W;
    return Total;
  }

private:
  int Calls = 0;
};
// FIXED: {{^}}  int Calls = 0;{{$}}
// FIXED-NEXT: {{^}}  std::vector<int> WidthsBuffer;{{$}}
// FIXED-NEXT: {{^}}};{{$}}

Counter::Counter() : Impl(new CounterImpl) {}
Counter::~Counter() = default;

int Counter::add(const std::string &Text) {
  std::vector<int> Widths;
  // CHECK: pimpl.cpp:[[@LINE-1]]:20: warning: 'Widths' is constructed and filled on every call of 'add', allocating each time; kept in a member of 'CounterImpl'
  // CHECK: speller.h:{{[0-9]+}}:32: note: not in 'Counter' ({{.*}}): 'Impl' points to a 'CounterImpl', which only this file defines
  // CHECK: pimpl.cpp:{{[0-9]+}}:1: note: the member 'WidthsBuffer' holds the capacity as long as the 'CounterImpl' lives
  // FIXED: {{^}}  std::vector<int> &Widths = Impl->WidthsBuffer;{{$}}
  // FIXED-NEXT: {{^}}  Widths.clear();{{$}}
  Impl->split(Text, Widths);
  return Impl->sum(Widths);
}

// Shared by every copy of the interface object.
class SharedImpl {
public:
  bool check(const std::string &Word, std::vector<std::string> &Stack) {
    Stack.push_back(Word);
    return !Word.empty();
  }
};

bool Shared::check(const std::string &Word) {
  std::vector<std::string> Stack;
  // CHECK: pimpl.cpp:[[@LINE-1]]:28: warning: 'Stack' is constructed and filled on every call of 'check', allocating each time; kept in a member of 'Shared'
  // CHECK: speller.h:{{[0-9]+}}:19: note: no fix-it: its default visibility exports it
  return Impl->check(Word, Stack);
}

// The implementation's class is in the header: other units see it.
bool OpenImpl::check(const std::string &Word,
                     std::vector<std::string> &Stack) {
  Stack.push_back(Word);
  return !Word.empty();
}

bool Open::check(const std::string &Word) {
  std::vector<std::string> Stack;
  // CHECK: pimpl.cpp:[[@LINE-1]]:28: warning: 'Stack' is constructed and filled on every call of 'check', allocating each time; kept in a member of 'Open'
  // CHECK: speller.h:{{[0-9]+}}:19: note: no fix-it: its default visibility exports it
  return Impl->check(Word, Stack);
}

int main() {
  Speller S;
  Counter C;
  const char *Words[] = {"abc", "abcdef", "abcdefghijklmnop", "ab"};
  int Known = 0;
  for (int Round = 0; Round < 3; ++Round)
    for (const char *W : Words) {
      Known += S.check(W);
      Known += S.count(W);
      Known += C.add(std::string(W) + " " + W);
    }
  std::printf("%d\n", Known);
}
