// Tables that keep the warning but get no fix-it: a use that no lookup
// function stands for, elements or types an array cannot hold in order,
// a name already taken. A table whose element the code changes through
// an iterator is no constant table at all: silent.
// RUN: %check_alloc_tidy %s alloc-constant-table %t -- -config="{CheckOptions: {alloc-constant-table.WithoutProfile: true, alloc-constant-table.MinElements: 2}}" -header-filter='header-table.h' -- -std=c++17 -I%S/Inputs

#include "header-table.h"
#include <map>
#include <set>
#include <string>
#include <unordered_set>

bool prime(int N) { return Primes.count(N) != 0; }

void use(std::map<int, int>::const_iterator It);

static const std::map<int, int> Iterated = {{1, 2}, {3, 4}};
// CHECK-NOTES: :[[@LINE-1]]:33: warning: 'Iterated' is a table of 2 constant elements
// CHECK-NOTES: :[[@LINE-2]]:33: note: 'static constexpr std::pair<int, int> Iterated[]' with the same elements sorted by key, searched with std::lower_bound, is laid out by the compiler; no fix-it: the code at {{.*}}:[[@LINE+3]] iterates it into a variable of the container's element type
int sum() {
  int S = 0;
  for (const std::pair<const int, int> &E : Iterated)
    S += E.second;
  return S;
}

// An unordered table iterates in another order than a sorted array.
static const std::unordered_set<int> Hashed = {1, 2};
// CHECK-NOTES: :[[@LINE-1]]:38: warning: 'Hashed' is a table of 2 constant elements
// CHECK-NOTES: :[[@LINE-2]]:38: note: {{.*}}; no fix-it: the code at {{.*}}:[[@LINE+3]] iterates it, in an order that a sorted array would change
int hashedSum() {
  int S = 0;
  for (int E : Hashed)
    S += E;
  return S;
}

static const std::map<int, int> Checked = {{1, 2}, {3, 4}};
// CHECK-NOTES: :[[@LINE-1]]:33: warning: 'Checked' is a table of 2 constant elements
// CHECK-NOTES: :[[@LINE-2]]:33: note: {{.*}}; no fix-it: the code at {{.*}}:[[@LINE+1]] calls its 'at'
int checked(int K) { return Checked.at(K); }

static const std::map<int, int> Typed = {{1, 2}, {3, 4}};
// CHECK-NOTES: :[[@LINE-1]]:33: warning: 'Typed' is a table of 2 constant elements
// CHECK-NOTES: :[[@LINE-2]]:33: note: {{.*}}; no fix-it: the code at {{.*}}:[[@LINE+2]] keeps the iterator that its 'find' returns in a variable of the iterator's type
int typed(int K) {
  std::map<int, int>::const_iterator It = Typed.find(K);
  return It == Typed.end() ? 0 : It->second;
}

static const std::map<int, int> Handed = {{1, 2}, {3, 4}};
// CHECK-NOTES: :[[@LINE-1]]:33: warning: 'Handed' is a table of 2 constant elements
// CHECK-NOTES: :[[@LINE-2]]:33: note: {{.*}}; no fix-it: the code at {{.*}}:[[@LINE+1]] does more with the iterator that its 'find' returns than compare it with 'end()' and read the element
void handed(int K) { use(Handed.find(K)); }

static const std::map<int, int> Twice = {{1, 2}, {1, 3}};
// CHECK-NOTES: :[[@LINE-1]]:33: warning: 'Twice' is a table of 2 constant elements
// CHECK-NOTES: :[[@LINE-2]]:33: note: {{.*}}; no fix-it: two of its elements have the same key and values that may differ
int twice(int K) { return Twice.count(K) != 0; }

static const std::map<int, std::string> Spelled = {{1, "one"}, {2, "two"}};
// CHECK-NOTES: :[[@LINE-1]]:41: warning: 'Spelled' is a table of 2 constant elements
// CHECK-NOTES: :[[@LINE-2]]:41: note: {{.*}}; no fix-it: its mapped values are objects that a pointer to a constant element gives differently
bool spelled(int K) { return Spelled.count(K) != 0; }

static const std::set<double> Scales = {0.5, 2.0};
// CHECK-NOTES: :[[@LINE-1]]:31: warning: 'Scales' is a table of 2 constant elements
// CHECK-NOTES: :[[@LINE-2]]:31: note: {{.*}}; no fix-it: its keys are neither integers, enumerators nor strings
bool scaled(double S) { return Scales.count(S) != 0; }

bool containsTaken(int);
static const std::set<int> Taken = {1, 2};
// CHECK-NOTES: :[[@LINE-1]]:28: warning: 'Taken' is a table of 2 constant elements
// CHECK-NOTES: :[[@LINE-2]]:28: note: {{.*}}; no fix-it: the name 'containsTaken' is taken
bool taken(int K) { return Taken.count(K) != 0; }

#define HAS(Table, K) (Table.count(K) != 0)
static const std::set<int> Wrapped = {1, 2};
// CHECK-NOTES: :[[@LINE-1]]:28: warning: 'Wrapped' is a table of 2 constant elements
// CHECK-NOTES: :[[@LINE-2]]:28: note: {{.*}}; no fix-it: the code at {{.*}}:[[@LINE+1]] names it in a macro
bool wrapped(int K) { return HAS(Wrapped, K); }

// Not const, and an iterator changes an element: no table.
static std::map<int, int> Tally = {{1, 0}, {2, 0}};
void tally(int K) {
  auto It = Tally.find(K);
  if (It != Tally.end())
    It->second += 1;
}
static std::map<int, int> Reset = {{1, 0}, {2, 0}};
void reset(int K) { Reset.find(K)->second = 0; }

// A std::string key becomes a std::string_view: the found element's key
// is not read through the iterator.
int puts(const char *);
static const std::map<std::string, int> Named = {{"one", 1}, {"two", 2}};
// CHECK-NOTES: :[[@LINE-1]]:41: warning: 'Named' is a table of 2 constant elements
// CHECK-NOTES: :[[@LINE-2]]:41: note: {{.*}}; no fix-it: the code at {{.*}}:[[@LINE+2]] does more with the iterator that its 'find' returns than compare it with 'end()' and read the element
void printName(const std::string &Name) {
  auto It = Named.find(Name);
  if (It != Named.end())
    puts(It->first.c_str());
}

// Not const, and an element handed to a function that can change it.
void bump(int &Value);
static std::map<int, int> Bumped = {{1, 0}, {2, 0}};
void bumpOne(int K) {
  auto It = Bumped.find(K);
  if (It != Bumped.end())
    bump(It->second);
}

// The header's table, reported after this file's (by path).
// CHECK-NOTES: header-table.h:5:28: warning: 'Primes' is a table of 4 constant elements
// CHECK-NOTES: header-table.h:5:28: note: {{.*}}; no fix-it: it is defined in a header, which other units include with lookups of their own
