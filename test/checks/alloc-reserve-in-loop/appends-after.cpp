// Appends that follow the loop in the same block: a reserve() exact for the
// loop alone would make the next append reallocate, so the count includes
// every later append it can count before the loop, or there is no fix-it.
// With UnboundedStrings for the string of unknown length (quoted).
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -- -config="{CheckOptions: {alloc-reserve-in-loop.UnboundedStrings: true}}" -- -std=c++17

#include <string>
#include <unordered_map>
#include <vector>

bool more();
int next();
void consume(std::vector<int> &);

// An argv-style array: the terminating nullptr is one more element.
std::vector<char *> argvOf(std::vector<std::string> &args, char *program) {
  std::vector<char *> argv;
  argv.push_back(program);
  for (std::string &a : args)
    argv.push_back(&a[0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'argv' grows up to about log2(N) times as this loop and the appends after it append N elements; reserving them first allocates at most once [alloc-reserve-in-loop]
  // CHECK-FIXES: {{^}}  argv.reserve(argv.size() + args.size() + 1);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (std::string &a : args){{$}}
  argv.push_back(nullptr);
  return argv;
}

// Two countable loops: one reserve() for both, and the second loop is not
// reported on its own.
std::vector<int> twoLoops(const std::vector<int> &a, const std::vector<int> &b) {
  std::vector<int> v;
  for (int x : a)
    v.push_back(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N) times as this loop and the appends after it append N elements; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-FIXES: {{^}}  v.reserve(a.size() + b.size());{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int x : a){{$}}
  int total = static_cast<int>(v.size());
  for (int y : b)
    v.push_back(y + total);
  return v;
}

// Constant counts add up: 100 + 2 + 50 elements.
std::vector<int> constants() {
  std::vector<int> v;
  for (int i = 0; i < 100; ++i)
    v.push_back(i);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows 9 times as this loop and the appends after it append 152 elements on libstdc++; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-FIXES: {{^}}  v.reserve(152);{{$}}
  v.push_back(-1);
  v.emplace_back(-2);
  for (int i = 0; i < 50; ++i)
    v.push_back(i);
  return v;
}

// A string: the terminating character counts too.
std::string quoted(const std::string &s) {
  std::string out;
  out += '"';
  for (char c : s)
    out.push_back(c);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'out' grows up to about log2(N) times as this loop and the appends after it append N characters; reserving them first allocates at most once [alloc-reserve-in-loop]
  // CHECK-FIXES: {{^}}  out.reserve(out.size() + s.size() + 2);{{$}}
  out += "\"\n";
  return out;
}

// A hash map: an insertion through operator[] after the loop counts too.
std::unordered_map<int, int> indexOf(const std::vector<int> &keys) {
  std::unordered_map<int, int> m;
  for (int k : keys)
    m[k] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'm' rehashes about log2(N) times as this loop and the inserts after it insert up to N elements; reserving them first sizes its buckets once [alloc-reserve-in-loop]
  // CHECK-FIXES: {{^}}  m.reserve(keys.size() + 1);{{$}}
  m[-1] = 0;
  return m;
}

// The later loop's bound is declared after the first loop, so its count
// cannot be written before it: no fix-it for the first loop (the note says
// why), and the second loop gets its own reserve().
std::vector<int> boundDeclaredBetween(const std::vector<int> &in) {
  std::vector<int> v;
  for (int x : in)
    v.push_back(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-FIXES: {{^}}  std::vector<int> v;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int x : in){{$}}
  int extra = next();
  for (int i = 0; i < extra; ++i)
    v.push_back(i);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows up to about log2(N) times as this loop appends N elements; reserving them first allocates at most once [alloc-reserve-in-loop]
  // CHECK-FIXES: {{^}}  v.reserve(v.size() + (extra > 0 ? extra : 0));{{$}}
  return v;
}

// Appends after the container escapes are not counted: what consume() does
// with it is not known, and the reserve() fits what comes before.
std::vector<int> escapesFirst(const std::vector<int> &in) {
  std::vector<int> v;
  for (int x : in)
    v.push_back(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-FIXES: {{^}}  v.reserve(in.size());{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int x : in){{$}}
  consume(v);
  v.push_back(0);
  return v;
}

// Appends before the loop come before the reserve(): size() counts them.
std::vector<int> appendsBefore(const std::vector<int> &in) {
  std::vector<int> v;
  v.push_back(-1);
  v.push_back(-2);
  for (int x : in)
    v.push_back(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows up to about log2(N) times as this loop appends N elements; reserving them first allocates at most once [alloc-reserve-in-loop]
  // CHECK-FIXES: {{^}}  v.reserve(v.size() + in.size());{{$}}
  return v;
}

// A container declared in the outer loop's body: the appends after the
// inner loop in that body count too.
std::vector<std::vector<int>> rows(const std::vector<std::vector<int>> &in) {
  std::vector<std::vector<int>> out;
  // CHECK-FIXES: {{^}}  out.reserve(in.size());{{$}}
  for (const std::vector<int> &r : in) {
    std::vector<int> row;
    for (int x : r)
      row.push_back(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'row' grows about log2(N) times as this loop and the appends after it append N elements; reserving them first allocates once [alloc-reserve-in-loop]
    // CHECK-FIXES: {{^}}    row.reserve(r.size() + 1);{{$}}
    row.push_back(0);
    out.push_back(row);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'out' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
  }
  return out;
}

// Silent, as before: the author reserved, even if only for the loop.
std::vector<int> reservedForLoopOnly(const std::vector<int> &in) {
  std::vector<int> v;
  v.reserve(in.size());
  for (int x : in)
    v.push_back(x);
  v.push_back(0);
  return v;
}

// Silent: the statement after the loop returns; what follows it is not
// reached (and the loop itself is below MinIterations).
std::vector<int> shortLoop() {
  std::vector<int> v;
  for (int i = 0; i < 2; ++i)
    v.push_back(i);
  return v;
}
