// Warned without a fix-it: the parameter could be a view, and calls in a
// loop build strings for it, but a call, or what this unit cannot see,
// might not compile or mean the same with a std::string_view.
// RUN: %check_alloc_tidy %s alloc-string-view-parameter %t -- -- -std=c++17 -I%S/Inputs

#include "shared-helpers.h"
#include <string>

const char *next();

// Other units may declare and call it: without alloc-run's records of every
// unit, the calls there are unknown.
int letters(const std::string &S) { return static_cast<int>(S.size()); }
// CHECK-NOTES: :[[@LINE-1]]:32: warning: 'letters' only reads 'S', yet a call builds a std::string from characters for it on every call, allocating past 15 characters; a 'std::string_view' parameter would take the characters without a copy [alloc-string-view-parameter]
// CHECK-NOTES: :{{[0-9]+}}:22: note: the string is built here on every iteration of a loop
// CHECK-NOTES: :[[@LINE-3]]:32: note: no fix-it: other units may call it with what a view does not take; run alloc-run over the compile database, whose records of every unit decide

// Its address is taken: the pointer's type would no longer match.
static int digits(const std::string &S) { return static_cast<int>(S.size()); }
// CHECK-NOTES: :[[@LINE-1]]:38: warning: 'digits' only reads 'S'
// CHECK-NOTES: :{{[0-9]+}}:39: note: the string is built here on every iteration of a loop
// CHECK-NOTES: :[[@LINE-3]]:38: note: no fix-it: its address is taken, or it is named other than in a call
int (*const DigitCounter)(const std::string &) = digits;

// A call passes a class that converts to a std::string, not to a view.
struct Name {
  operator std::string() const;
};
static int length(const std::string &S) { return static_cast<int>(S.size()); }
// CHECK-NOTES: :[[@LINE-1]]:38: warning: 'length' only reads 'S'
// CHECK-NOTES: :{{[0-9]+}}:56: note: the string is built here on every iteration of a loop
// CHECK-NOTES: :[[@LINE-3]]:38: note: no fix-it: a call passes an argument a view does not take

// A template calls it with an argument known only when instantiated.
static int commas(const std::string &S) { return static_cast<int>(S.size()); }
// CHECK-NOTES: :[[@LINE-1]]:38: warning: 'commas' only reads 'S'
// CHECK-NOTES: :{{[0-9]+}}:21: note: the string is built here on every iteration of a loop
// CHECK-NOTES: :[[@LINE-3]]:38: note: no fix-it: a template calls it through a lookup resolved only when instantiated
template <typename T> int commasIn(const T &Text) { return commas(Text); }

// The parameter is declared through a macro.
#define TEXT_PARAMETER const std::string &Text
static int dots(TEXT_PARAMETER) { return static_cast<int>(Text.size()); }
// CHECK-NOTES: :[[@LINE-1]]:17: warning: 'dots' only reads 'Text', yet a call builds a std::string from characters for it on every call, allocating past 15 characters; a 'std::string_view' parameter would take the characters without a copy [alloc-string-view-parameter]
// CHECK-NOTES: :{{[0-9]+}}:36: note: the string is built here on every iteration of a loop
// CHECK-NOTES: :[[@LINE-3]]:17: note: no fix-it: a declaration of the parameter is written by a macro

// A function of internal linkage defined in a header: the other units that
// include it have their own copies, with calls this unit does not see.
// CHECK-NOTES: shared-helpers.h:5:45: warning: 'spaces' only reads 'S'
// CHECK-NOTES: :{{[0-9]+}}:53: note: the string is built here on every iteration of a loop
// CHECK-NOTES: shared-helpers.h:5:45: note: no fix-it: it is declared in '{{.*}}shared-helpers.h', which other units may include with calls of their own

int all(const Name &N, int Count) {
  int Total = 0;
  for (int I = 0; I < Count; ++I) {
    Total += letters(next()) + digits(next()) + length(next()) + length(N);
    Total += commas(next()) + dots(next()) + spaces(next());
  }
  return Total + commasIn(std::string("a"));
}
