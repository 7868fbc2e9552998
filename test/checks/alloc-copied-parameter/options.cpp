// Option UnseenCallers: a function no call of which this unit sees is
// reported too (its callers are in other units), when other units can call
// it. Off by default.
// RUN: %alloc_tidy --checks='-*,alloc-copied-parameter' --config='{}' --dump-config | FileCheck %s --check-prefix=DEFAULT
// RUN: %clang_tidy_plugin --checks='-*,alloc-copied-parameter' --config='{}' --dump-config | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: alloc-copied-parameter.UnseenCallers: 'false'
// RUN: %check_alloc_tidy %s alloc-copied-parameter %t
// RUN: %check_alloc_tidy -check-suffix=UNSEEN %s alloc-copied-parameter %t.unseen -- -config="{CheckOptions: {alloc-copied-parameter.UnseenCallers: true}}"

#include <string>
#include <utility>
#include <vector>

std::vector<std::string> Names;

void addElsewhere(const std::string &S) { Names.push_back(S); }
// CHECK-NOTES-UNSEEN: :[[@LINE-1]]:38: warning: 'S' is copied into 'Names' on every call; taken by value and moved, a temporary argument would not be copied (no call of it is seen in this unit)
// CHECK-FIXES-UNSEEN: void addElsewhere(std::string S) { Names.push_back(std::move(S)); }

// Internal: every call is in this unit, and there is none.
static void addNowhere(const std::string &S) { Names.push_back(S); }

// Calls seen, none with an rvalue: silent even with the option.
void addLvalues(const std::string &S) { Names.push_back(S); }
void lvalues(const std::string &S) { addLvalues(S); }

// An overload for rvalues exists: by value, calls would be ambiguous (with
// calls seen, only lvalues would reach this one anyway).
void overloaded(const std::string &S) { Names.push_back(S); }
void overloaded(std::string &&S) { Names.push_back(std::move(S)); }
