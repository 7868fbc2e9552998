// Without a profile the check is silent by default (the second run): how
// much a table built at start-up costs depends on how often the program
// starts. WithoutProfile reports every constant table of MinElements (16)
// or more that nothing in the unit changes.
// RUN: %check_alloc_tidy %s alloc-constant-table %t -- -config="{CheckOptions: {alloc-constant-table.WithoutProfile: true}}" -- -std=c++17
// RUN: %alloc_tidy --checks='-*,alloc-constant-table' %s -- -std=c++17 2>&1 | count 0

#include <map>
#include <memory_resource>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>

#define SIXTEEN_WORDS                                                          \
  "alignas", "alignof", "and", "asm", "auto", "bool", "break", "case",         \
      "catch", "char", "class", "const", "continue", "default", "delete", "do"

static const std::unordered_set<std::string> Keywords = {SIXTEEN_WORDS};
// CHECK-NOTES: :[[@LINE-1]]:46: warning: 'Keywords' is a table of 16 constant elements that every process builds at start-up, in a std::unordered_set that allocates once per element and for its buckets; a sorted constant array allocates nothing [alloc-constant-table]
// CHECK-NOTES: :[[@LINE-2]]:46: note: 'static constexpr std::string_view Keywords[]' with the same elements sorted by value, searched with std::lower_bound, is laid out by the compiler; no fix-it: a macro writes its elements

bool isKeyword(const std::string &Word) { return Keywords.count(Word) != 0; }

enum class Op { Add, Sub, Mul, Div };
int apply(int, int);

namespace {
// Not const, but nothing in the unit changes it, and no other unit can
// name it; a const reference and a const range-for only read it.
std::map<std::string, Op> Operators = {
    {"+", Op::Add},    {"-", Op::Sub},    {"*", Op::Mul},    {"/", Op::Div},
    {"add", Op::Add},  {"sub", Op::Sub},  {"mul", Op::Mul},  {"div", Op::Div},
    {"plus", Op::Add}, {"minus", Op::Sub}, {"times", Op::Mul}, {"over", Op::Div},
    {"ADD", Op::Add},  {"SUB", Op::Sub},  {"MUL", Op::Mul},  {"DIV", Op::Div}};
// CHECK-NOTES: :[[@LINE-5]]:27: warning: 'Operators' is a table of 16 constant elements that every process builds at start-up, in a std::map that allocates once per element; a sorted constant array allocates nothing [alloc-constant-table]
// CHECK-NOTES: :[[@LINE-6]]:27: note: 'static constexpr std::pair<std::string_view, Op> Operators[]' with the same elements sorted by key, searched with std::lower_bound, is laid out by the compiler; no fix-it: the code at {{.*}}:43 uses it other than to look a key up
} // namespace

size_t countOperators(const std::map<std::string, Op> &Table);
Op parseOperator(const std::string &Name) {
  auto It = Operators.find(Name);
  size_t Known = countOperators(Operators);
  for (const auto &Entry : Operators)
    Known += Entry.first.size();
  return It != Operators.end() && Known ? It->second : Op::Add;
}

// Fewer elements than MinElements.
static const std::map<int, int> Small = {{1, 2}, {3, 4}};
int small(int K) { return Small.at(K); }

// Changed through operator[], at(), a non-const reference or a non-const
// range-for: the code keeps state in it.
#define PAIRS16                                                                \
  {1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 7}, {8, 8}, {9, 9},      \
      {10, 10}, {11, 11}, {12, 12}, {13, 13}, {14, 14}, {15, 15}, {16, 16}
static std::map<int, int> Counted = {PAIRS16};
void count(int K) { ++Counted[K]; }
static std::map<int, int> Reset = {PAIRS16};
void reset(int K) { Reset.at(K) = 0; }
static std::map<int, int> Handed = {PAIRS16};
void fill(std::map<int, int> &Out);
void handOver() { fill(Handed); }
static std::map<int, int> Doubled = {PAIRS16};
void doubleAll() {
  for (auto &Entry : Doubled)
    Entry.second *= 2;
}

// An element computed when the program starts.
int seed();
static const std::map<int, int> Seeded = {
    {seed(), 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 7}, {8, 8},
    {9, 9}, {10, 10}, {11, 11}, {12, 12}, {13, 13}, {14, 14}, {15, 15}, {16, 16}};

// Another allocator than std::allocator: its memory is not the heap's.
static const std::pmr::map<int, int> Pooled = {PAIRS16};

// Built on the first call, not at start-up.
int local(int K) {
  static const std::map<int, int> Table = {PAIRS16};
  return Table.at(K) + Seeded.at(K) + static_cast<int>(Pooled.size());
}

// A class template's static member: one per instantiation, left alone.
template <typename T> struct Registry {
  static const std::map<int, int> Table;
};
template <typename T> const std::map<int, int> Registry<T>::Table = {PAIRS16};
int registry() { return static_cast<int>(Registry<int>::Table.size()); }
