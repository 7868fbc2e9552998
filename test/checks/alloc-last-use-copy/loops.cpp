// A local container, string or record holding them, copied on its last use
// on every iteration of a loop that declares it: std::move hands its buffer
// over instead of allocating a copy. Without a profile the check reports
// these only with WithoutProfile. The fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-last-use-copy %t -- \
// RUN:   -config="{CheckOptions: {alloc-last-use-copy.WithoutProfile: true}}" -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=DEFAULT %s alloc-last-use-copy %t.default -- -- -std=c++17

#include <map>
#include <string>
#include <vector>

struct Row {
  std::string Name;
  std::vector<int> Cells;
};

std::vector<std::string> lines(const std::vector<std::string> &In) {
  std::vector<std::string> Out;
  for (const std::string &S : In) {
    std::string Line = S + "!";
    for (char &C : Line)
      C = 'x';
    Out.push_back(Line);
    // CHECK-NOTES: :[[@LINE-1]]:19: warning: 'Line' is copied by 'push_back' on its last use on every iteration; std::move would hand its buffer over instead of allocating a copy [alloc-last-use-copy]
    // CHECK-NOTES: :[[@LINE-6]]:3: note: this loop runs it on every iteration, with a new 'Line'
    // CHECK-FIXES: {{^}}    Out.push_back(std::move(Line));{{$}}
  }
  return Out;
}

void rows(std::vector<Row> &All, std::vector<Row> &Last, int N) {
  for (int I = 0; I < N; ++I) {
    Row R;
    R.Name = "row";
    All.push_back(R);
    Row Copy = R;
    // CHECK-NOTES: :[[@LINE-1]]:16: warning: 'R' is copied by the initialization of 'Copy' on its last use on every iteration
    // CHECK-NOTES: :[[@LINE-6]]:3: note: this loop runs it on every iteration, with a new 'R'
    // CHECK-FIXES: {{^}}    Row Copy = std::move(R);{{$}}
    Last.push_back(Copy);
    // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'Copy' is copied by 'push_back' on its last use on every iteration
    // CHECK-NOTES: :[[@LINE-10]]:3: note: this loop runs it on every iteration, with a new 'Copy'
    // CHECK-FIXES: {{^}}    Last.push_back(std::move(Copy));{{$}}
  }
}

void assign(std::map<int, std::string> &M, int N) {
  for (int I = 0; I < N; ++I) {
    std::string S(40, 'a');
    M[I] = S;
    // CHECK-NOTES: :[[@LINE-1]]:12: warning: 'S' is copied by the assignment on its last use on every iteration
    // CHECK-NOTES: :[[@LINE-4]]:3: note: this loop runs it on every iteration, with a new 'S'
    // CHECK-FIXES: {{^}}    M[I] = std::move(S);{{$}}
  }
}

void byValue(std::string S);

void call(int N) {
  for (int I = 0; I < N; ++I) {
    std::string S(40, 'a');
    if (I % 2)
      byValue(S);
    // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'S' is copied by passing it by value to 'byValue' on its last use on every iteration
    // CHECK-NOTES: :[[@LINE-5]]:3: note: this loop can run it on every iteration, with a new 'S'
    // CHECK-FIXES: {{^}}      byValue(std::move(S));{{$}}
  }
}

void keyed(std::map<std::string, int> &Counts, const std::vector<int> &In) {
  for (int X : In) {
    std::string Key = std::to_string(X) + " is a number of some length";
    Counts.emplace(Key, X);
    // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'Key' is copied by 'emplace' on its last use on every iteration
    // CHECK-NOTES: :[[@LINE-4]]:3: note: this loop runs it on every iteration, with a new 'Key'
    // CHECK-FIXES: {{^}}    Counts.emplace(std::move(Key), X);{{$}}
  }
}
