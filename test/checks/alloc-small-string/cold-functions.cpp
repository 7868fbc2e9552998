// Code that only runs to report an error is cold: its literal allocates once
// per error, not per element. Functions named like error reporting (option
// ColdFunctions, by default '[Ee]rror|[Ww]arning|[Ff]atal|^[Rr]eport|^[Uu]sage$')
// and functions marked [[gnu::cold]] are left alone; with an empty
// ColdFunctions, names no longer count (suffix ALL).
// RUN: %check_alloc_tidy %s alloc-small-string %t
// RUN: %check_alloc_tidy -check-suffix=ALL %s alloc-small-string %t.all -- -config="{CheckOptions: {alloc-small-string.ColdFunctions: ''}}"

#include <string>

void report(const std::string &Text);

// Negative by default: an error-reporting function of a checker.
void arrayIndexOutOfBoundsError(int Index) {
  std::string Message = "Array index out of bounds; the buffer is accessed";
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:15: warning: 'Message' is a std::string built from a string literal
  report(Message + std::to_string(Index));
}

// Negative in both runs: marked cold, whatever its name (the option only
// changes which names are cold).
[[gnu::cold]] void onCorruptInput(int Offset) {
  std::string Message = "the input is corrupt at the given byte offset:";
  report(Message + std::to_string(Offset));
}

// Negative by default: a lambda inside a cold function is cold too.
void reportMissing(int N) {
  auto Each = [](int I) {
    std::string Message = "a required value is missing from the record";
    // CHECK-MESSAGES-ALL: :[[@LINE-1]]:17: warning: 'Message' is a std::string built from a string literal
    report(Message + std::to_string(I));
  };
  for (int I = 0; I < N; ++I)
    Each(I);
}

// Positive in both runs: a function named like any other.
void formatRow(int Row) {
  std::string Prefix = "a row of the table, formatted for the output:";
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'Prefix' is a std::string built from a string literal
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:15: warning: 'Prefix' is a std::string built from a string literal
  report(Prefix + std::to_string(Row));
}
// CHECK-FIXES: {{^}}  std::string Message = "Array index out of bounds; the buffer is accessed";
// CHECK-FIXES: {{^}}  static const std::string Prefix = "a row of the table, formatted for the output:";
// CHECK-FIXES-ALL: {{^}}  static const std::string Message = "Array index out of bounds; the buffer is accessed";
// CHECK-FIXES-ALL: {{^}}    static const std::string Message = "a required value is missing from the record";
// CHECK-FIXES-ALL: {{^}}  static const std::string Prefix = "a row of the table, formatted for the output:";
