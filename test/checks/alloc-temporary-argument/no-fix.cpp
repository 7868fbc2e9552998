// Where the 'static const' object cannot be declared with the same meaning,
// the warning comes with a note that says why, and no fix-it.
// RUN: %check_alloc_tidy %s alloc-temporary-argument %t -- -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=UNSAFE %s alloc-temporary-argument %t.unsafe -- -- -std=c++17 -fno-threadsafe-statics

#include <string>
#include <vector>

int expect(const std::vector<std::string> &Names, int X);
int unnamed(const std::vector<int> &, int X);

#define NAMES {"instruction", "a longer name than sixteen"}
#define WRAP(E) (E)
#define CALL(X) expect({"instruction", "a longer name than sixteen"}, X)

int cases(const std::vector<int> &In) {
  int R = 0;
  for (int X : In) {
    // An argument a macro's body writes is the macro's business.
    R += expect(NAMES, X);
    R += unnamed({1, 2}, X);
    // CHECK-NOTES: :[[@LINE-1]]:18: warning: the temporary std::vector<int> passed to 'unnamed' is built from 2 constant elements on every iteration
    // CHECK-NOTES: :[[@LINE-5]]:3: note: this loop runs it on every iteration
    // CHECK-NOTES: :[[@LINE-3]]:18: note: no fix-it: the parameter has no name to give the object
    // CHECK-NOTES-UNSAFE: :[[@LINE-4]]:18: warning: the temporary std::vector<int> passed to 'unnamed'
    // CHECK-NOTES-UNSAFE: :[[@LINE-8]]:3: note: this loop runs it on every iteration
    // CHECK-NOTES-UNSAFE: :[[@LINE-6]]:18: note: no fix-it: with -fno-threadsafe-statics
    if (constexpr int Kind = 7; X == Kind)
      R += unnamed({Kind}, X);
    // CHECK-NOTES: :[[@LINE-1]]:20: warning: the temporary std::vector<int> passed to 'unnamed' is built from 1 constant element on every iteration
    // CHECK-NOTES: :[[@LINE-13]]:3: note: this loop can run it on every iteration
    // CHECK-NOTES: :[[@LINE-3]]:20: note: no fix-it: 'Kind' is declared in the statement, after the place of the declaration
    // CHECK-NOTES-UNSAFE: :[[@LINE-4]]:20: warning: the temporary std::vector<int> passed to 'unnamed'
    // CHECK-NOTES-UNSAFE: :[[@LINE-16]]:3: note: this loop can run it on every iteration
    // CHECK-NOTES-UNSAFE: :[[@LINE-6]]:20: note: no fix-it: with -fno-threadsafe-statics
  }
  // A macro's body is the macro's business: not reported.
  for (int X : In)
    R += CALL(X);
  // An argument of a macro is the user's: the fix-it keeps the macro.
  for (int X : In)
    R += WRAP(expect({"instruction", "a longer name than sixteen"}, X));
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: the temporary std::vector<std::string> passed to 'expect'
  // CHECK-NOTES: :[[@LINE-3]]:3: note: this loop runs it on every iteration
  // CHECK-FIXES: {{^}}  static const std::vector<std::string> Names = {"instruction", "a longer name than sixteen"};{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int X : In){{$}}
  // CHECK-FIXES-NEXT: {{^}}    R += WRAP(expect(Names, X));{{$}}
  // CHECK-NOTES-UNSAFE: :[[@LINE-6]]:22: warning: the temporary std::vector<std::string> passed to 'expect'
  // CHECK-NOTES-UNSAFE: :[[@LINE-8]]:3: note: this loop runs it on every iteration
  // CHECK-NOTES-UNSAFE: :[[@LINE-8]]:22: note: no fix-it: with -fno-threadsafe-statics
  return R;
}
