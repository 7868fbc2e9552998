// A member is fixed from one translation unit only when that unit sees every
// function that can name it. A header opened as the main file is still a
// header: other units include it and define what it only declares.
// RUN: %alloc_tidy --checks='-*,alloc-deque-as-array' %S/Inputs/scrollback/scrollback.h -- -x c++-header -std=c++17 2>&1 | FileCheck %s --check-prefix=HEADER --implicit-check-not='warning:'
// The same header named .h without -x (clangd's fallback command):
// RUN: %alloc_tidy --checks='-*,alloc-deque-as-array' %S/Inputs/scrollback/scrollback.h -- -x c++ -std=c++17 2>&1 | FileCheck %s --check-prefix=HEADER --implicit-check-not='warning:'
// HEADER: scrollback.h:30:27: warning: 'Messages' is a std::deque used only at its back
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t

#include <deque>

// Declared here, defined nowhere in this unit: drop() could use the front.
class Journal {
public:
  void add(int V) { Entries.push_back(V); }
  int last() const { return Entries.back(); }
  void drop();

private:
  std::deque<int> Entries;
};
int useJournal() { Journal J; J.add(1); return J.last(); }

// A friend function declared and not defined here can name it too.
class Ledger {
public:
  void add(int V) { Entries.push_back(V); }
  friend void audit(Ledger &L);

private:
  std::deque<int> Entries;
};
void useLedger() { Ledger L; L.add(1); }

// Everything defined: fixed.
class Tally {
public:
  void add(int V) { Entries.push_back(V); }
  void drop();

private:
  std::deque<int> Entries;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'Entries' is a std::deque used only at its back
  // CHECK-FIXES: std::vector<int> Entries;
};
void Tally::drop() { Entries.pop_back(); }
void useTally() { Tally T; T.add(1); T.drop(); }
