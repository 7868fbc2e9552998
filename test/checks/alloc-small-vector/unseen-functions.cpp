// A data member is decided from one translation unit only when the unit
// sees every function that can name it: not in a header opened as the main
// file whose class defines a function elsewhere, and not for a class in a
// source file that declares a function it does not define.
// RUN: %alloc_tidy --checks='-*,alloc-small-vector' %S/Inputs/history.h -- -x c++-header -std=c++17 2>&1 | FileCheck %s --check-prefix=HEADER --implicit-check-not='warning:'
// HEADER: history.h:28:20: warning: 'Codes' starts with 1 element in every 'Status'
// RUN: %check_alloc_tidy %s alloc-small-vector %t

#include <vector>
#include <boost/container/small_vector.hpp> // the project uses it
class Journal {
public:
  Journal() { Entries.push_back(0); }
  void note(int V) {
    if (V < 0)
      Entries.push_back(V);
  }
  void replay(); // defined in no function here: it could fill Entries

private:
  std::vector<int> Entries;
};
int useJournal() { Journal J; J.note(1); return 0; }

// A private copy constructor declared and never defined is C++03's way to
// delete it: no code runs there.
class Tally {
public:
  Tally() { Counts.push_back(0); }
  void note(int V) {
    if (V < 0)
      Counts.push_back(V);
  }

private:
  Tally(const Tally &);
  std::vector<int> Counts;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'Counts' starts with 1 element in every 'Tally' and grows only under a condition
  // CHECK-FIXES: boost::container::small_vector<int, 1> Counts;
};
int useTally() { Tally T; T.note(1); return 0; }
