// Appends in a function that only runs to report an error are not worth a
// reserve (option ColdFunctions; empty reports them, suffix ALL).
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t
// RUN: %check_alloc_tidy -check-suffix=ALL %s alloc-reserve-in-loop %t.all -- -config="{CheckOptions: {alloc-reserve-in-loop.ColdFunctions: ''}}"

#include <string>
#include <vector>

struct Error {
  std::string Text;
};

// Negative by default: copies the few errors of a failed parse.
std::vector<std::string> getStructuredErrors(const std::vector<Error> &Errors) {
  std::vector<std::string> Out;
  for (const Error &E : Errors)
    Out.push_back(E.Text);
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:5: warning: 'Out' grows about log2(N) times
  return Out;
}

// Positive in both runs.
std::vector<int> squares(const std::vector<int> &In) {
  std::vector<int> Out;
  for (int X : In)
    Out.push_back(X * X);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'Out' grows about log2(N) times
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:5: warning: 'Out' grows about log2(N) times
  return Out;
}
// CHECK-FIXES: Out.reserve(In.size());
// CHECK-FIXES-ALL: Out.reserve(Errors.size());
// CHECK-FIXES-ALL: Out.reserve(In.size());
