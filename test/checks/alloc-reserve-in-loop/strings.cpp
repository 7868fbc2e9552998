// Strings at the default options: a string that a bare integer counts (a
// code point's hex digits, an indent) mostly stays in its inline buffer, so
// a reserve() saves nothing; one filled per element of a range grows with
// the data, and a count known to pass the buffer is flagged too.
// UnboundedStrings: true reports every string. Vectors are unaffected.
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t
// RUN: %check_alloc_tidy -check-suffix=UNBOUNDED %s alloc-reserve-in-loop %t.unbounded -- -config="{CheckOptions: {alloc-reserve-in-loop.UnboundedStrings: true, alloc-reserve-in-loop.ReusedBuffers: true}}"
// RUN: %alloc_tidy --checks='-*,alloc-reserve-in-loop' --config='{}' --dump-config | FileCheck %s --check-prefix=DEFAULT
// RUN: %clang_tidy_plugin --checks='-*,alloc-reserve-in-loop' --config="{CheckOptions: {alloc-reserve-in-loop.UnboundedStrings: true}}" --dump-config | FileCheck %s --check-prefix=ON
// DEFAULT: alloc-reserve-in-loop.UnboundedStrings: 'false'
// ON: alloc-reserve-in-loop.UnboundedStrings: 'true'

#include <string>
#include <vector>

int next();

// The digits of an escape: 2, 4 or 8 characters.
std::string hexDigits(int CodeLength) {
  std::string Digits;
  for (int I = 0; I < CodeLength; I++)
    Digits += static_cast<char>(next());
  // CHECK-MESSAGES-UNBOUNDED: :[[@LINE-1]]:5: warning: 'Digits' grows about log2(N) times as this loop appends N characters; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-FIXES-UNBOUNDED: {{^}}  Digits.reserve(CodeLength > 0 ? CodeLength : 0);{{$}}
  return Digits;
}

// An indent appended to a text the caller owns.
void indent(std::string &Out, int Width) {
  for (int I = 0; I < Width; ++I)
    Out += ' ';
  // CHECK-MESSAGES-UNBOUNDED: :[[@LINE-1]]:5: warning: 'Out' grows up to about log2(N) times as this loop appends N characters; reserving them first allocates at most once [alloc-reserve-in-loop]
}

// Flagged at the default: a copy of a range, one character per element.
std::string copied(const std::string &In) {
  std::string Out;
  for (char C : In)
    Out.push_back(C);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'Out' grows about log2(N) times as this loop appends N characters; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-MESSAGES-UNBOUNDED: :[[@LINE-2]]:5: warning: 'Out' grows about log2(N) times as this loop appends N characters; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-FIXES: {{^}}  Out.reserve(In.size());{{$}}
  // CHECK-FIXES-UNBOUNDED: {{^}}  Out.reserve(In.size());{{$}}
  return Out;
}

// Flagged at the default: a row of cells rendered as text, up to size().
struct Cell {
  char Glyph;
};
std::string render(const std::vector<Cell> &Cells) {
  std::string Text;
  for (std::size_t I = 0; I < Cells.size(); ++I)
    Text += Cells[I].Glyph;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'Text' grows about log2(N) times as this loop appends N characters; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-MESSAGES-UNBOUNDED: :[[@LINE-2]]:5: warning: 'Text' grows about log2(N) times as this loop appends N characters; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-FIXES: {{^}}  Text.reserve(Cells.size());{{$}}
  // CHECK-FIXES-UNBOUNDED: {{^}}  Text.reserve(Cells.size());{{$}}
  return Text;
}

// Flagged at the default: 64 characters are known to pass the buffer.
std::string ruler() {
  std::string Line;
  for (int I = 0; I < 64; ++I)
    Line += '-';
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'Line' grows 3 times as this loop appends 64 characters on libstdc++; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-MESSAGES-UNBOUNDED: :[[@LINE-2]]:5: warning: 'Line' grows 3 times as this loop appends 64 characters on libstdc++; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-FIXES: {{^}}  Line.reserve(64);{{$}}
  // CHECK-FIXES-UNBOUNDED: {{^}}  Line.reserve(64);{{$}}
  return Line;
}

// A vector of unknown length is flagged at the default.
std::vector<int> numbers(int N) {
  std::vector<int> V;
  for (int I = 0; I < N; ++I)
    V.push_back(I);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'V' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-MESSAGES-UNBOUNDED: :[[@LINE-2]]:5: warning: 'V' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-FIXES: {{^}}  V.reserve(N > 0 ? N : 0);{{$}}
  // CHECK-FIXES-UNBOUNDED: {{^}}  V.reserve(N > 0 ? N : 0);{{$}}
  return V;
}
