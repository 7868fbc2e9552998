// Proves: CHECK-NOTES matches notes in the full output, while CHECK-MESSAGES never sees them.
// RUN: %check_alloc_tidy %s bugprone-use-after-move %t

#include <utility>

struct Buffer {
  Buffer();
  Buffer(Buffer &&);
  int size() const;
};

void consume(Buffer);

void f(Buffer b) {
  consume(std::move(b));
  b.size();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'b' used after it was moved [bugprone-use-after-move]
  // CHECK-MESSAGES-NOT: note:
  // CHECK-NOTES: :[[@LINE-3]]:3: warning: 'b' used after it was moved [bugprone-use-after-move]
  // CHECK-NOTES: :[[@LINE-5]]:11: note: move occurred here
}

// RUN: %check_alloc_tidy %s modernize-use-nullptr %t -check-suffix=FIXIT
// With -fix, clang-tidy adds a "FIX-IT applied" note for every fix-it it
// applied; the runner drops those (CHECK-FIXES checks the fixes), so the
// implicit CHECK-NOT on notes does not trip over them.
int *p = 0;
// CHECK-NOTES-FIXIT: :[[@LINE-1]]:10: warning: use nullptr [modernize-use-nullptr]
// CHECK-FIXES-FIXIT: {{^}}int *p = nullptr;{{$}}
