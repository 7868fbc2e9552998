// Proves: the runner fails when the front ends' outputs differ, although each one passes the checks on its own.
// Two front ends that differ by a macro report the move at different lines:
// the note differs, and CHECK-MESSAGES does not see notes.
// RUN: not %python %S/../check_alloc_tidy.py --front-end first=%alloc_tidy \
// RUN:   --front-end 'second=%alloc_tidy --extra-arg=-DSECOND' \
// RUN:   --clangxx %clangxx --filecheck FileCheck \
// RUN:   %s bugprone-use-after-move %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RUNNER

#include <utility>

struct Buffer {
  Buffer();
  Buffer(Buffer &&);
  int size() const;
};

void consume(Buffer);

void f(Buffer b) {
#ifdef SECOND
  consume(std::move(b));
#else
  consume(std::move(b));
#endif
  b.size();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'b' used after it was moved [bugprone-use-after-move]
}

// RUNNER: check_alloc_tidy: error: front ends disagree: first and second
// RUNNER: --- first: output
// RUNNER-NEXT: +++ second: output
// RUNNER: -{{.*}}fail-front-ends-disagree.cpp.tmp.cpp:24:11: note: move occurred here
// RUNNER: +{{.*}}fail-front-ends-disagree.cpp.tmp.cpp:22:11: note: move occurred here
