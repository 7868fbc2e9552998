// A standard library the check does not recognise: only a literal longer
// than every known library's inline buffer (22 chars, libc++'s) is sure to
// allocate. TargetSTL gives the numbers of a named library instead.
// RUN: %check_alloc_tidy %s alloc-small-string %t -- -- -nostdinc++ -isystem %S/Inputs/msvc -DHIDE_LIBRARY
// RUN: %check_alloc_tidy %s alloc-small-string %t.gnu -check-suffix=GNU -- -config="{CheckOptions: {alloc-small-string.TargetSTL: libstdc++}}" -- -nostdinc++ -isystem %S/Inputs/msvc -DHIDE_LIBRARY

#include <string>

int put(const char *Text);

int render() {
  std::string Twenty = "twenty characters...";
  // CHECK-NOTES-GNU: :[[@LINE-1]]:15: warning: 'Twenty' is a std::string built
  // CHECK-NOTES-GNU: :[[@LINE-2]]:24: note: the literal has 20 characters; libstdc++ keeps at most 15 inline, so each construction allocates once
  // CHECK-NOTES-GNU: :[[@LINE-4]]:5: note: it runs once per call of 'render'
  // CHECK-NOTES-GNU: :[[@LINE+13]]:14: note: not a std::string_view
  // CHECK-FIXES-GNU: {{^}}  static const std::string Twenty = "twenty characters...";{{$}}
  std::string Thirty = "thirty characters, every time";
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Thirty' is a std::string built
  // CHECK-NOTES: :[[@LINE-2]]:24: note: the literal has 29 characters; no standard library keeps more than 22 inline, so each construction allocates once
  // CHECK-NOTES: :[[@LINE-10]]:5: note: it runs once per call of 'render'
  // CHECK-NOTES: :[[@LINE+7]]:36: note: not a std::string_view
  // CHECK-FIXES: {{^}}  static const std::string Thirty = "thirty characters, every time";{{$}}
  // CHECK-NOTES-GNU: :[[@LINE-6]]:15: warning: 'Thirty' is a std::string built
  // CHECK-NOTES-GNU: :[[@LINE-7]]:24: note: the literal has 29 characters; libstdc++ keeps at most 15 inline
  // CHECK-NOTES-GNU: :[[@LINE-15]]:5: note: it runs once per call of 'render'
  // CHECK-NOTES-GNU: :[[@LINE+2]]:36: note: not a std::string_view
  // CHECK-FIXES-GNU: {{^}}  static const std::string Thirty = "thirty characters, every time";{{$}}
  return put(Twenty.c_str()) + put(Thirty.c_str());
}
