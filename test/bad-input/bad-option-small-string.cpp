// alloc-small-string's option values are checked: an unknown TargetSTL, an
// InlineBufferSize below 2 (negative, zero, or one character, which holds
// only the terminator) and an unknown LayoutNotes are errors naming the
// option and what it accepts (exit status 1), and so is a value that is no
// number. The check still runs with its defaults.
// RUN: not %alloc_tidy %s -checks='-*,alloc-small-string' -config="{CheckOptions: {alloc-small-string.TargetSTL: foo, alloc-small-string.InlineBufferSize: -3, alloc-small-string.LayoutNotes: Verbose}}" -- -std=c++17 2>&1 | FileCheck %s
// RUN: not %clang_tidy_plugin %s -checks='-*,alloc-small-string' -config="{CheckOptions: {alloc-small-string.TargetSTL: foo, alloc-small-string.InlineBufferSize: -3, alloc-small-string.LayoutNotes: Verbose}}" -- -std=c++17 2>&1 | FileCheck %s
// RUN: not %alloc_tidy %s -checks='-*,alloc-small-string' -config="{CheckOptions: {alloc-small-string.InlineBufferSize: 0}}" -- -std=c++17 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not %clang_tidy_plugin %s -checks='-*,alloc-small-string' -config="{CheckOptions: {alloc-small-string.InlineBufferSize: 1}}" -- -std=c++17 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: not %alloc_tidy %s -checks='-*,alloc-small-string' -config="{CheckOptions: {alloc-small-string.InlineBufferSize: sixteen}}" -- -std=c++17 2>&1 | FileCheck %s --check-prefix=WORD
// CHECK-DAG: error: invalid value 'foo' for alloc-small-string.TargetSTL; expected 'auto', 'libstdc++', 'libc++' or 'msvc' [clang-tidy-config]
// CHECK-DAG: error: invalid value '-3' for alloc-small-string.InlineBufferSize; expected a whole number from 2 to 4294967295 (using 16) [clang-tidy-config]
// CHECK-DAG: error: invalid value 'Verbose' for alloc-small-string.LayoutNotes; expected 'None', 'Compact' or 'Full' [clang-tidy-config]
// CHECK: warning: 'Name' is a std::string built from a string literal too long
// CHECK: note: the literal has 30 characters; libstdc++ keeps at most 15 inline
// CHECK: warning: 'Str' is a string class that allocates every string on the heap
// CHECK: note: 'Str' grows from 16 to 32 bytes (+16) with an inline buffer 'char[16]'; one allocation saved for strings up to 15 characters
// ZERO: error: invalid value '0' for alloc-small-string.InlineBufferSize; expected a whole number from 2 to 4294967295 (using 16) [clang-tidy-config]
// ZERO: note: 'Str' grows from 16 to 32 bytes (+16) with an inline buffer 'char[16]'
// ONE: error: invalid value '1' for alloc-small-string.InlineBufferSize; expected a whole number from 2 to 4294967295 (using 16) [clang-tidy-config]
// WORD: error: invalid value 'sixteen' for alloc-small-string.InlineBufferSize; expected a whole number from 2 to 4294967295 (using 16) [clang-tidy-config]
// WORD: note: 'Str' grows from 16 to 32 bytes (+16) with an inline buffer 'char[16]'
#include <cstring>
#include <string>
std::size_t f() {
  std::string Name = "thirty characters, every time!";
  return Name.size();
}
struct Str {
  Str(const char *S) : Data(new char[std::strlen(S) + 1]), Length(0) {}
  char *Data;
  std::size_t Length;
};
