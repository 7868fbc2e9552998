// The inline capacity is the standard library's: libstdc++ keeps 15 chars,
// libc++ 22, the MSVC STL 15 (TargetSTL names one when the headers do not
// say). A 20-character literal allocates on libstdc++ and MSVC, not on
// libc++; a 30-character one allocates everywhere. char16_t counts in
// two-byte units: 7 on libstdc++ and MSVC, 10 on libc++.
// RUN: %check_alloc_tidy %s alloc-small-string %t -check-suffix=GNU
// RUN: %check_alloc_tidy %s alloc-small-string %t -check-suffix=LLVM -- -- -stdlib=libc++
// RUN: %check_alloc_tidy %s alloc-small-string %t -check-suffix=MSVC -- -config="{CheckOptions: {alloc-small-string.TargetSTL: msvc}}"
// RUN: %check_alloc_tidy %s alloc-small-string %t -check-suffix=FORCED -- -config="{CheckOptions: {alloc-small-string.TargetSTL: libc++}}"
// The capacities quoted are those of the libraries installed here:
// RUN: %clangxx -std=c++17 -DPRINT_CAPACITY %s -o %t.gnu && %t.gnu | FileCheck %s --check-prefix=GNU-CAPACITY
// RUN: %clangxx -std=c++17 -stdlib=libc++ -DPRINT_CAPACITY %s -o %t.llvm && %t.llvm | FileCheck %s --check-prefix=LLVM-CAPACITY

#include <string>

void show(const std::string &Text);
void show(const std::u16string &Text);

void twenty() {
  std::string Twenty = "twenty characters...";
  // CHECK-NOTES-GNU: :[[@LINE-1]]:15: warning: 'Twenty' is a std::string built from a string literal too long for its inline buffer
  // CHECK-NOTES-GNU: :[[@LINE-2]]:24: note: the literal has 20 characters; libstdc++ keeps at most 15 inline, so each construction allocates once
  // CHECK-NOTES-GNU: :[[@LINE-4]]:6: note: it runs once per call of 'twenty'
  // CHECK-NOTES-MSVC: :[[@LINE-4]]:15: warning: 'Twenty' is a std::string built from a string literal too long for its inline buffer
  // CHECK-NOTES-MSVC: :[[@LINE-5]]:24: note: the literal has 20 characters; the MSVC STL keeps at most 15 inline, so each construction allocates once
  // CHECK-NOTES-MSVC: :[[@LINE-7]]:6: note: it runs once per call of 'twenty'
  // CHECK-NOTES-GNU: :[[@LINE+4]]:8: note: not a std::string_view: this use needs a std::string
  // CHECK-NOTES-MSVC: :[[@LINE+3]]:8: note: not a std::string_view: this use needs a std::string
  // CHECK-FIXES-GNU: {{^}}  static const std::string Twenty = "twenty characters...";{{$}}
  // CHECK-FIXES-MSVC: {{^}}  static const std::string Twenty = "twenty characters...";{{$}}
  show(Twenty);
}

void thirty() {
  std::string Thirty = "thirty characters, every time";
  // CHECK-NOTES-GNU: :[[@LINE-1]]:15: warning: 'Thirty' is a std::string built
  // CHECK-NOTES-GNU: :[[@LINE-2]]:24: note: the literal has 29 characters; libstdc++ keeps at most 15 inline
  // CHECK-NOTES-GNU: :[[@LINE-4]]:6: note: it runs once per call of 'thirty'
  // CHECK-NOTES-LLVM: :[[@LINE-4]]:15: warning: 'Thirty' is a std::string built
  // CHECK-NOTES-LLVM: :[[@LINE-5]]:24: note: the literal has 29 characters; libc++ keeps at most 22 inline, so each construction allocates once
  // CHECK-NOTES-LLVM: :[[@LINE-7]]:6: note: it runs once per call of 'thirty'
  // CHECK-NOTES-MSVC: :[[@LINE-7]]:15: warning: 'Thirty' is a std::string built
  // CHECK-NOTES-MSVC: :[[@LINE-8]]:24: note: the literal has 29 characters; the MSVC STL keeps at most 15 inline
  // CHECK-NOTES-MSVC: :[[@LINE-10]]:6: note: it runs once per call of 'thirty'
  // CHECK-NOTES-FORCED: :[[@LINE-10]]:15: warning: 'Thirty' is a std::string built
  // CHECK-NOTES-FORCED: :[[@LINE-11]]:24: note: the literal has 29 characters; libc++ keeps at most 22 inline
  // CHECK-NOTES-FORCED: :[[@LINE-13]]:6: note: it runs once per call of 'thirty'
  // CHECK-NOTES-GNU: :[[@LINE+8]]:8: note: not a std::string_view: this use needs a std::string
  // CHECK-FIXES-GNU: {{^}}  static const std::string Thirty = "thirty characters, every time";{{$}}
  // CHECK-NOTES-LLVM: :[[@LINE+6]]:8: note: not a std::string_view: this use needs a std::string
  // CHECK-FIXES-LLVM: {{^}}  static const std::string Thirty = "thirty characters, every time";{{$}}
  // CHECK-NOTES-MSVC: :[[@LINE+4]]:8: note: not a std::string_view: this use needs a std::string
  // CHECK-FIXES-MSVC: {{^}}  static const std::string Thirty = "thirty characters, every time";{{$}}
  // CHECK-NOTES-FORCED: :[[@LINE+2]]:8: note: not a std::string_view: this use needs a std::string
  // CHECK-FIXES-FORCED: {{^}}  static const std::string Thirty = "thirty characters, every time";{{$}}
  show(Thirty);
}

void utf16() {
  std::u16string Nine = u"nine, too";
  std::u16string Eight = u"8 chars!";
  // CHECK-NOTES-GNU: :[[@LINE-2]]:18: warning: 'Nine' is a std::u16string built
  // CHECK-NOTES-GNU: :[[@LINE-3]]:25: note: the literal has 9 characters; libstdc++ keeps at most 7 inline
  // CHECK-NOTES-GNU: :[[@LINE-5]]:6: note: it runs once per call of 'utf16'
  // CHECK-NOTES-GNU: :[[@LINE+17]]:8: note: not a std::u16string_view: this use needs a std::u16string
  // CHECK-NOTES-GNU: :[[@LINE-5]]:18: warning: 'Eight' is a std::u16string built
  // CHECK-NOTES-GNU: :[[@LINE-6]]:26: note: the literal has 8 characters; libstdc++ keeps at most 7 inline
  // CHECK-NOTES-GNU: :[[@LINE-9]]:6: note: it runs once per call of 'utf16'
  // CHECK-NOTES-GNU: :[[@LINE+14]]:8: note: not a std::u16string_view: this use needs a std::u16string
  // CHECK-NOTES-MSVC: :[[@LINE-10]]:18: warning: 'Nine' is a std::u16string built
  // CHECK-NOTES-MSVC: :[[@LINE-11]]:25: note: the literal has 9 characters; the MSVC STL keeps at most 7 inline
  // CHECK-NOTES-MSVC: :[[@LINE-13]]:6: note: it runs once per call of 'utf16'
  // CHECK-NOTES-MSVC: :[[@LINE+9]]:8: note: not a std::u16string_view: this use needs a std::u16string
  // CHECK-NOTES-MSVC: :[[@LINE-13]]:18: warning: 'Eight' is a std::u16string built
  // CHECK-NOTES-MSVC: :[[@LINE-14]]:26: note: the literal has 8 characters; the MSVC STL keeps at most 7 inline
  // CHECK-NOTES-MSVC: :[[@LINE-17]]:6: note: it runs once per call of 'utf16'
  // CHECK-NOTES-MSVC: :[[@LINE+6]]:8: note: not a std::u16string_view: this use needs a std::u16string
  // CHECK-FIXES-GNU: {{^}}  static const std::u16string Nine = u"nine, too";{{$}}
  // CHECK-FIXES-GNU-NEXT: {{^}}  static const std::u16string Eight = u"8 chars!";{{$}}
  // CHECK-FIXES-MSVC: {{^}}  static const std::u16string Nine = u"nine, too";{{$}}
  // CHECK-FIXES-MSVC-NEXT: {{^}}  static const std::u16string Eight = u"8 chars!";{{$}}
  show(Nine);
  show(Eight);
}

#ifdef PRINT_CAPACITY
#include <cstdio>
void show(const std::string &) {}
void show(const std::u16string &) {}
int main() {
  std::printf("char %zu char16_t %zu\n", std::string().capacity(),
              std::u16string().capacity());
  // GNU-CAPACITY: char 15 char16_t 7
  // LLVM-CAPACITY: char 22 char16_t 10
}
#endif
