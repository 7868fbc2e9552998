// A function defined in a header is judged by each unit that calls it, and
// its warning is in the header. One unit alone cannot see the calls of the
// other units that include the header, so there is no fix-it: alloc-run's
// records of every unit decide (test/alloc-run/whole-program-string-view.test).
// RUN: %check_alloc_tidy %s alloc-string-view-parameter %t -- -header-filter='text-helpers.h' -- -std=c++17 -I%S/Inputs

#include "text-helpers.h"

int scan(const char *const *Lines, int N) {
  int Hits = 0;
  for (int I = 0; I < N; ++I)
    Hits += startsWith(Lines[I], "#include") + countOf(Lines[I], ';') +
            static_cast<int>(bracketed(Lines[I]).size());
  return Hits;
}

// CHECK-NOTES: text-helpers.h:7:43: warning: 'startsWith' only reads 'Text', yet a call builds a std::string from characters for it on every call, allocating past 15 characters; a 'std::string_view' parameter would take the characters without a copy [alloc-string-view-parameter]
// CHECK-NOTES: :12:24: note: the string is built here on every iteration of a loop
// CHECK-NOTES: text-helpers.h:7:43: note: no fix-it: other units may call it with what a view does not take; run alloc-run over the compile database, whose records of every unit decide
// CHECK-NOTES: text-helpers.h:13:46: warning: 'countOf' only reads 'Text'
// CHECK-NOTES: :12:56: note: the string is built here on every iteration of a loop
// CHECK-NOTES: text-helpers.h:13:46: note: no fix-it: it is declared in '{{.*}}text-helpers.h', which other units may include with calls of their own
// CHECK-NOTES-NOT: warning: 'bracketed'
