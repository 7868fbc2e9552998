// Proves: -check-suffix and -check-suffixes select their own CHECK-*-<S> lines, so one file tests several configurations.
// RUN: %check_alloc_tidy %s readability-braces-around-statements %t -check-suffixes=ALL,DEFAULT
// RUN: %check_alloc_tidy %s readability-braces-around-statements %t -check-suffixes=ALL,SHORT \
// RUN:   -- -config="{CheckOptions: {readability-braces-around-statements.ShortStatementLines: 2}}"
// RUN: %check_alloc_tidy %s modernize-use-nullptr %t -check-suffix=NULLPTR

int f(int x) {
  if (x)
    return 1;
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-2]]:9: warning: statement should be inside braces [readability-braces-around-statements]
  // CHECK-FIXES-DEFAULT:      {{^}}  if (x) {{[{]}}{{$}}
  // CHECK-FIXES-DEFAULT-NEXT: {{^}}    return 1;{{$}}
  // CHECK-FIXES-DEFAULT-NEXT: {{^[}]$}}
  // CHECK-FIXES-SHORT:        {{^}}  if (x){{$}}
  // CHECK-FIXES-SHORT-NEXT:   {{^}}    return 1;{{$}}
  if (x > 1)
    return
        2;
  // CHECK-MESSAGES-ALL: :[[@LINE-3]]:13: warning: statement should be inside braces [readability-braces-around-statements]
  // CHECK-FIXES-ALL:      {{^}}  if (x > 1) {{[{]}}{{$}}
  // CHECK-FIXES-ALL-NEXT: {{^}}    return{{$}}
  // CHECK-FIXES-ALL-NEXT: {{^}}        2;{{$}}
  // CHECK-FIXES-ALL-NEXT: {{^[}]$}}
  // The fix-its do not indent the closing braces.
  return 0;
}

// The suffixes of the braces runs above do not apply to this check.
int *p = 0;
// CHECK-MESSAGES-NULLPTR: :[[@LINE-1]]:10: warning: use nullptr [modernize-use-nullptr]
// CHECK-FIXES-NULLPTR: {{^}}int *p = nullptr;{{$}}
