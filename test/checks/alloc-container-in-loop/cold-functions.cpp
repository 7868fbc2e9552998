// A container rebuilt in a loop of a function that only runs to report an
// error is not worth hoisting (option ColdFunctions, global here; empty
// reports it, suffix ALL).
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t
// RUN: %check_alloc_tidy -check-suffix=ALL %s alloc-container-in-loop %t.all -- -config="{CheckOptions: {ColdFunctions: ''}}"

#include <vector>

void emit(const std::vector<int> &Path);

// Negative by default: one path per reported error.
void unsafeArgAllocError(const std::vector<std::vector<int>> &Paths) {
  for (const auto &P : Paths) {
    std::vector<int> Path;
    // CHECK-MESSAGES-ALL: :[[@LINE-1]]:22: warning: 'Path' is constructed and filled on every iteration
    for (int Step : P)
      Path.push_back(Step);
    emit(Path);
  }
}

// Positive in both runs.
void emitAll(const std::vector<std::vector<int>> &Paths) {
  for (const auto &P : Paths) {
    std::vector<int> Path;
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'Path' is constructed and filled on every iteration
    // CHECK-MESSAGES-ALL: :[[@LINE-2]]:22: warning: 'Path' is constructed and filled on every iteration
    for (int Step : P)
      Path.push_back(Step);
    emit(Path);
  }
}
// CHECK-FIXES: void unsafeArgAllocError(const std::vector<std::vector<int>> &Paths) {
// CHECK-FIXES-NEXT: {{^}}  for (const auto &P : Paths) {{[{]}}{{$}}
// CHECK-FIXES: void emitAll(const std::vector<std::vector<int>> &Paths) {
// CHECK-FIXES-NEXT: {{^}}  std::vector<int> Path;{{$}}
// CHECK-FIXES-ALL: void unsafeArgAllocError(const std::vector<std::vector<int>> &Paths) {
// CHECK-FIXES-ALL-NEXT: {{^}}  std::vector<int> Path;{{$}}
// CHECK-FIXES-ALL: void emitAll(const std::vector<std::vector<int>> &Paths) {
// CHECK-FIXES-ALL-NEXT: {{^}}  std::vector<int> Path;{{$}}
