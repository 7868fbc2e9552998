// A callable that a standard container or algorithm calls per element and
// that takes by value, and only reads, a class whose copy allocates: every
// comparison copies its operands. As const references, nothing is copied.
// The fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-copied-parameter %t -- -- -std=c++17

#include <algorithm>
#include <functional>
#include <map>
#include <queue>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

struct Option {
  std::string Short, Long, Help;
};

auto ByLong = [](Option A, Option B) { return A.Long < B.Long; };
// CHECK-NOTES: :[[@LINE-1]]:25: warning: this lambda takes 'A' and 'B' by value, and 'std::set' calls it per element: every call copies 'Option', and the copies allocate; taken by const reference, nothing would be copied [alloc-copied-parameter]
// CHECK-NOTES: :[[@LINE+4]]:43: note: 'std::set::insert' calls it here
// CHECK-FIXES: {{^}}auto ByLong = [](const Option &A, const Option &B) { return A.Long < B.Long; };{{$}}
static std::set<Option, decltype(ByLong)> Options(ByLong);

void addOption(const Option &O) { Options.insert(O); }
bool hasOption(const Option &O) { return Options.count(O) != 0; }

struct ByName {
  bool operator()(std::string A, const std::string B) const { return A < B; }
  // CHECK-NOTES: :[[@LINE-1]]:31: warning: 'ByName::operator()' takes 'A' and 'B' by value, and 'std::map' calls it per element: every call copies 'std::string', and the copies allocate; taken by const reference, nothing would be copied [alloc-copied-parameter]
  // CHECK-NOTES: :[[@LINE+5]]:37: note: 'std::map::operator[]' calls it here
  // CHECK-FIXES: {{^}}  bool operator()(const std::string &A, const std::string &B) const { return A < B; }{{$}}
};

std::map<std::string, int, ByName> Counts;
void bump(const std::string &S) { ++Counts[S]; }

struct Task {
  std::vector<int> Steps;
  int Priority = 0;
};
struct Urgent {
  bool operator()(Task L, Task R) const { return L.Priority < R.Priority; }
  // CHECK-NOTES: :[[@LINE-1]]:24: warning: 'Urgent::operator()' takes 'L' and 'R' by value, and 'std::priority_queue' calls it per element: every call copies 'Task', and the copies allocate; taken by const reference, nothing would be copied [alloc-copied-parameter]
  // CHECK-NOTES: :[[@LINE+4]]:38: note: 'std::priority_queue::push' calls it here
  // CHECK-FIXES: {{^}}  bool operator()(const Task &L, const Task &R) const { return L.Priority < R.Priority; }{{$}}
};
std::priority_queue<Task, std::vector<Task>, Urgent> Queue;
void schedule(const Task &T) { Queue.push(T); }

struct WordHash {
  size_t operator()(std::string W) const { return std::hash<std::string>()(W); }
  // CHECK-NOTES: :[[@LINE-1]]:33: warning: 'WordHash::operator()' takes 'W' by value, and 'std::unordered_set' calls it per element: every call copies 'std::string', and the copies allocate; taken by const reference, nothing would be copied [alloc-copied-parameter]
  // CHECK-NOTES: :[[@LINE+3]]:49: note: 'std::unordered_set::find' calls it here
};
std::unordered_set<std::string, WordHash> Words;
bool known(const std::string &W) { return Words.find(W) != Words.end(); }

void sortByShort(std::vector<Option> &V) {
  std::sort(V.begin(), V.end(),
            [](Option L, Option R) { return L.Short < R.Short; });
  // CHECK-NOTES: :[[@LINE-1]]:23: warning: this lambda takes 'L' and 'R' by value, and 'std::sort' calls it per element: every call copies 'Option', and the copies allocate; taken by const reference, nothing would be copied [alloc-copied-parameter]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'std::sort' calls it here
  // CHECK-FIXES: {{^}}            [](const Option &L, const Option &R) { return L.Short < R.Short; });{{$}}
}

// Only the parameter the body does not change.
void sortSuffixed(std::vector<std::string> &V) {
  std::stable_sort(V.begin(), V.end(), [](std::string L, std::string R) {
    // CHECK-NOTES: :[[@LINE-1]]:70: warning: this lambda takes 'R' by value, and 'std::stable_sort' calls it per element: every call copies 'std::string', and the copies allocate; taken by const reference, nothing would be copied [alloc-copied-parameter]
    // CHECK-NOTES: :[[@LINE-2]]:3: note: 'std::stable_sort' calls it here
    // CHECK-FIXES: {{^}}  std::stable_sort(V.begin(), V.end(), [](std::string L, const std::string &R) {{{$}}
    L += "~";
    return L < R;
  });
}

// Negatives.

// An algorithm that calls a callable of one parameter once per element
// copies each element once, as a range-for by value would: without a
// profile, left to clang-tidy's performance checks.
void printAll(const std::vector<Option> &V, std::vector<std::string> &Out) {
  std::for_each(V.begin(), V.end(),
                [&Out](Option O) { Out.push_back(O.Long); });
}

// Nothing allocates when copied.
void sortInts(std::vector<int> &V) {
  std::sort(V.begin(), V.end(), [](int L, int R) { return L < R; });
}
struct Point {
  int X, Y;
};
void sortPoints(std::vector<Point> &V) {
  std::sort(V.begin(), V.end(), [](Point L, Point R) { return L.X < R.X; });
}
// Already references.
void sortRefs(std::vector<Option> &V) {
  std::sort(V.begin(), V.end(),
            [](const Option &L, const Option &R) { return L.Short < R.Short; });
}
// A generic lambda: its parameters' types are the calls' to decide.
void sortGeneric(std::vector<Option> &V) {
  std::sort(V.begin(), V.end(),
            [](auto L, auto R) { return L.Short < R.Short; });
}
// Moved from: the body needs its own copy.
std::vector<Option> Kept;
void sortKeeping(std::vector<Option> &V) {
  std::sort(V.begin(), V.end(), [](Option L, Option R) {
    bool Less = L.Short < R.Short;
    Kept.push_back(std::move(L));
    Kept.push_back(std::move(R));
    return Less;
  });
}
// Converted to a function pointer: the pointer's type names the parameters.
auto Converted = [](Option A, Option B) { return A.Long < B.Long; };
bool (*AsPointer)(Option, Option) = Converted;
void sortConverted(std::vector<Option> &V) {
  std::sort(V.begin(), V.end(), Converted);
}
// Its operator() named: the member pointer's type names the parameters.
struct Named {
  bool operator()(Option A, Option B) const { return A.Long < B.Long; }
};
auto Member = &Named::operator();
std::set<Option, Named> NamedOptions;
void addNamed(const Option &O) { NamedOptions.insert(O); }
// Two call operators: a reference would make calls ambiguous or pick
// another.
struct Overloaded {
  bool operator()(std::string A, std::string B) const { return A < B; }
  bool operator()(int A, int B) const { return A < B; }
};
std::set<std::string, Overloaded> OverloadedSet;
void addOverloaded(const std::string &S) { OverloadedSet.insert(S); }
// Called directly only, never by a container or an algorithm.
auto Direct = [](Option A, Option B) { return A.Long < B.Long; };
bool directLess(const Option &A, const Option &B) { return Direct(A, B); }
// A std::function: the copies are its own signature's.
void sortThroughFunction(std::vector<Option> &V) {
  std::function<bool(Option, Option)> Less = [](Option A, Option B) {
    return A.Long < B.Long;
  };
  std::sort(V.begin(), V.end(), Less);
}
// A template's call operator is judged in no instantiation.
template <typename T> struct TemplateLess {
  bool operator()(T A, T B) const { return A < B; }
};
std::set<std::string, TemplateLess<std::string>> TemplateSet;
void addTemplate(const std::string &S) { TemplateSet.insert(S); }
