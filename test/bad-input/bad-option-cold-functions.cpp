// ColdFunctions must be a regular expression: an invalid one is an error
// naming the option and why (exit status 1), for the local and the global
// option alike; the check still runs, with no name taken as cold.
// RUN: not %alloc_tidy %s -checks='-*,alloc-small-string' -config="{CheckOptions: {alloc-small-string.ColdFunctions: '[Ee]rror('}}" -- -std=c++17 2>&1 | FileCheck %s
// RUN: not %clang_tidy_plugin %s -checks='-*,alloc-small-string' -config="{CheckOptions: {ColdFunctions: '[Ee]rror('}}" -- -std=c++17 2>&1 | FileCheck %s
// CHECK: error: invalid value '[Ee]rror(' for {{(alloc-small-string\.)?}}ColdFunctions; expected a regular expression ({{.+}}) [clang-tidy-config]
// CHECK: warning: 'Message' is a std::string built from a string literal too long

#include <string>

void report(const std::string &Text);

void indexError(int Index) {
  std::string Message = "Array index out of bounds; the buffer is accessed";
  report(Message + std::to_string(Index));
}
