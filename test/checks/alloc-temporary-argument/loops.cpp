// A standard container or a string built from constants for a const
// reference parameter is built and freed on every iteration of a loop; one
// 'static const' object, named after the parameter and declared right
// before the statement, serves every iteration. The fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-temporary-argument %t -- -- -std=c++17

#include <map>
#include <set>
#include <string>
#include <vector>

int expect(const std::vector<std::string> &Names, int X);
void log(const std::string &Message);
int lookup(const std::map<int, int> &Table, int Key);
bool member(const std::set<std::string> &Words, const std::string &Word);
int total(const std::vector<int> &Counts);
enum Kind { Add, Sub };
constexpr int Limit = 4;
extern const std::string Greeting;

int parse(const std::vector<int> &In) {
  int R = 0;
  for (int X : In) {
    R += expect({"instruction", "operand", "a longer name than sixteen"}, X);
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: the temporary std::vector<std::string> passed to 'expect' is built from 3 constant elements on every iteration, allocating each time; a 'static const' object built once would serve every call [alloc-temporary-argument]
    // CHECK-NOTES: :23:3: note: this loop runs it on every iteration
    // CHECK-FIXES: {{^}}    static const std::vector<std::string> Names = {"instruction", "operand", "a longer name than sixteen"};{{$}}
    // CHECK-FIXES-NEXT: {{^}}    R += expect(Names, X);{{$}}
    log("a message that is longer than fifteen");
    // CHECK-NOTES: :[[@LINE-1]]:9: warning: the temporary std::string passed to 'log' is built from 37 constant characters on every iteration
    // CHECK-NOTES: :23:3: note: this loop runs it on every iteration
    // CHECK-FIXES: {{^}}    static const std::string Message = "a message that is longer than fifteen";{{$}}
    // CHECK-FIXES-NEXT: {{^}}    log(Message);{{$}}
    R += lookup({{Add, 2}, {Sub, Limit}}, X);
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: the temporary std::map<int, int> passed to 'lookup' is built from 2 constant elements on every iteration
    // CHECK-NOTES: :23:3: note: this loop runs it on every iteration

    // CHECK-FIXES: {{^}}    static const std::map<int, int> Table = {{[{][{]}}Add, 2}, {Sub, Limit}};{{$}}
    // CHECK-FIXES-NEXT: {{^}}    R += lookup(Table, X);{{$}}
    R += total(std::vector<int>{1, 2, 3});
    // CHECK-NOTES: :[[@LINE-1]]:16: warning: the temporary std::vector<int> passed to 'total' is built from 3 constant elements
    // CHECK-NOTES: :23:3: note: this loop runs it on every iteration
    // CHECK-FIXES: {{^}}    static const std::vector<int> Counts = std::vector<int>{1, 2, 3};{{$}}
    // CHECK-FIXES-NEXT: {{^}}    R += total(Counts);{{$}}
    R += expect({Greeting}, X);
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: the temporary std::vector<std::string> passed to 'expect' is built from 1 constant element
    // CHECK-NOTES: :23:3: note: this loop runs it on every iteration
    // A second object for the same parameter in the same function gets its
    // own name.
    // CHECK-FIXES: {{^}}    static const std::vector<std::string> Names2 = {Greeting};{{$}}
    // CHECK-FIXES-NEXT: {{^}}    R += expect(Names2, X);{{$}}
  }
  return R;
}

// A name the function already uses is not taken: the object would hide it.
int shadowing(const std::vector<int> &In, const std::set<std::string> &Words) {
  int Found = 0;
  for (int X : In)
    if (member({"alpha", "beta", "a word that does not fit inline"}, "gamma"))
      Found += X;
  // CHECK-NOTES: :[[@LINE-2]]:16: warning: the temporary std::set<std::string> passed to 'member'
  // CHECK-NOTES: :[[@LINE-4]]:3: note: this loop can run it on every iteration
  // The loop's body is no block: the object goes before the loop.
  // CHECK-FIXES: {{^}}  static const std::set<std::string> Words2 = {"alpha", "beta", "a word that does not fit inline"};{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int X : In){{$}}
  // CHECK-FIXES-NEXT: {{^}}    if (member(Words2, "gamma")){{$}}
  return Found + static_cast<int>(Words.size());
}

// The statement after a case label: the object goes after the label, where
// the jump to it cannot skip it.
int dispatch(const std::vector<int> &In) {
  int R = 0;
  for (int X : In) {
    switch (X) {
    case 1:
      R += total({4, 5, 6});
      break;
    default:
      break;
    }
  }
  // CHECK-NOTES: :[[@LINE-6]]:18: warning: the temporary std::vector<int> passed to 'total'
  // CHECK-NOTES: :[[@LINE-10]]:3: note: this loop can run it on every iteration
  // CHECK-FIXES: {{^}}    case 1:{{$}}
  // CHECK-FIXES-NEXT: {{^}}      static const std::vector<int> Counts = {4, 5, 6};{{$}}
  // CHECK-FIXES-NEXT: {{^}}      R += total(Counts);{{$}}
  return R;
}

// A constructor's parameter, and a loop with a known trip count.
struct Matcher {
  explicit Matcher(const std::vector<std::string> &Patterns);
  bool matches(const std::string &Text) const;
};

int count(const std::string &Text) {
  int Hits = 0;
  for (int I = 0; I < 100; ++I) {
    Matcher M({"first pattern", "second pattern"});
    Hits += M.matches(Text);
  }
  // CHECK-NOTES: :[[@LINE-3]]:15: warning: the temporary std::vector<std::string> passed to 'Matcher' is built from 2 constant elements on every iteration
  // CHECK-NOTES: :[[@LINE-5]]:3: note: this loop runs it 100 times, allocating each time
  // CHECK-FIXES: {{^}}    static const std::vector<std::string> Patterns = {"first pattern", "second pattern"};{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Matcher M(Patterns);{{$}}
  return Hits;
}
