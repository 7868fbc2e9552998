// Proves: the runner fails, showing the compiler's error, when the test input itself does not compile.
// RUN: not %check_alloc_tidy %s modernize-use-nullptr %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RUNNER

int *p = 0;
// CHECK-MESSAGES: :[[@LINE-1]]:10: warning: use nullptr [modernize-use-nullptr]
// CHECK-FIXES: {{^}}int *p = nullptr;{{$}}
int x = ;

// RUNNER: check_alloc_tidy: error: front end plugin reported errors: the input does not compile or the command is wrong (exit status 1)
// RUNNER-NEXT: command: {{.*}}clang-tidy --load={{.*}}libAllocTidyModule.so {{.*}}fail-input-does-not-compile.cpp.tmp.cpp -fix --quiet '--checks=-*,modernize-use-nullptr' '--config={}' '--header-filter=^$' -- -std=c++17 -I{{.*}}
// RUNNER: fail-input-does-not-compile.cpp.tmp.cpp:8:9: error: expected expression [clang-diagnostic-error]
