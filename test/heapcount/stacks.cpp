// heapcount --stacks: each allocation is attributed to the first frame
// outside the allocator and the standard library, inlined frames included.
// The CHECK lines sit under the lines they name ([[@LINE-N]]); the C
// function's are in Inputs/stacks_c.c. The same program at -O0 (the
// standard library's templates are real frames of the program) and at -O2
// (they and makeInt are inlined into main).
//
// RUN: rm -rf %t.lib && mkdir -p %t.lib
// RUN: %clangxx -g -O0 -std=c++17 -fPIC -shared -DSTACKS_LIBRARY %s -o %t.lib/libwidgets.so
// RUN: %clang -g -O0 -c %S/Inputs/stacks_c.c -o %t.c.o
// RUN: %clangxx -g -O0 -std=c++17 %s %t.c.o -L%t.lib -lwidgets -Wl,-rpath,%t.lib -o %t
// RUN: %heapcount --stacks --top 10 --json %t.json -- %t 2> %t.err
// RUN: FileCheck --check-prefix=CALLS --input-file=%t.err %s
// RUN: FileCheck --check-prefix=CALLS --input-file=%t.err %S/Inputs/stacks_c.c
// RUN: FileCheck --check-prefix=ORDER --input-file=%t.err %s
// RUN: FileCheck --check-prefix=JSON --input-file=%t.json %s
// RUN: FileCheck --check-prefix=JSON --input-file=%t.json %S/Inputs/stacks_c.c
// RUN: %python -c "import json, sys; json.load(open(sys.argv[1]))" %t.json
//
// RUN: %clangxx -g -O2 -std=c++17 -fPIC -shared -DSTACKS_LIBRARY %s -o %t.lib/libwidgets.so
// RUN: %clang -g -O2 -c %S/Inputs/stacks_c.c -o %t.c.o
// RUN: %clangxx -g -O2 -std=c++17 %s %t.c.o -L%t.lib -lwidgets -Wl,-rpath,%t.lib -o %t.O2
// RUN: %heapcount --stacks=8 --top 10 --json %t.O2.json -- %t.O2 2> %t.O2.err
// RUN: FileCheck --check-prefix=CALLS --input-file=%t.O2.err %s
// RUN: FileCheck --check-prefix=CALLS --input-file=%t.O2.err %S/Inputs/stacks_c.c
// RUN: FileCheck --check-prefix=ORDER --input-file=%t.O2.err %s
// RUN: FileCheck --check-prefix=JSON --input-file=%t.O2.json %s
// RUN: FileCheck --check-prefix=JSON --input-file=%t.O2.json %S/Inputs/stacks_c.c

// The sites come after the usual summary: the --top N with most calls,
// then the N with most bytes.
// ORDER: heapcount: {{[0-9]+}} allocs,
// ORDER: heapcount: {{[0-9]+}} call sites of {{[0-9]+}} allocations (of {{[0-9]+}}; stacks of up to {{8|16}} frames)
// ORDER-NEXT: heapcount: most calls:
// ORDER-NEXT: heapcount:          100 calls          400 bytes  {{.*}}makeInt
// ORDER-NEXT: heapcount:            8 calls         1020 bytes  {{.*}}main
// ORDER-NEXT: heapcount:            5 calls          240 bytes  {{.*}}widgetNew
// ORDER-NEXT: heapcount:            3 calls          192 bytes  {{.*}}cBuffer
// ORDER-NEXT: heapcount:            1 calls          101 bytes  {{.*}}main
// ORDER-NEXT: heapcount: most bytes:
// ORDER-NEXT: heapcount:           1020 bytes          8 calls  {{.*}}main
// ORDER-NEXT: heapcount:            400 bytes        100 calls  {{.*}}makeInt
// ORDER-NEXT: heapcount:            240 bytes          5 calls  {{.*}}widgetNew
// ORDER-NEXT: heapcount:            192 bytes          3 calls  {{.*}}cBuffer
// ORDER-NEXT: heapcount:            101 bytes          1 calls  {{.*}}main
// ORDER-NOT: heapcount:

// --top 2: two of each.
// RUN: %heapcount --stacks --top 2 -- %t 2>&1 | FileCheck --check-prefix=TOP2 %s
// TOP2: heapcount: most calls:
// TOP2-NEXT: heapcount:          100 calls          400 bytes  {{.*}}makeInt
// TOP2-NEXT: heapcount:            8 calls         1020 bytes  {{.*}}main
// TOP2-NEXT: heapcount: most bytes:
// TOP2-NEXT: heapcount:           1020 bytes          8 calls  {{.*}}main
// TOP2-NEXT: heapcount:            400 bytes        100 calls  {{.*}}makeInt
// TOP2-NOT: heapcount:

// CALLS: heapcount: most calls:
// JSON: "call_sites":[

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

struct Widget {
  int Id;
  char Name[44];
};

#ifdef STACKS_LIBRARY

// A library the test builds: not a system module, so its code is the site.
extern "C" Widget *widgetNew(int Id) {
  auto *W = static_cast<Widget *>(std::malloc(sizeof(Widget)));
  // CALLS-DAG: {{ +}}5 calls 240 bytes  {{/.*}}stacks.cpp:[[@LINE-1]]  widgetNew
  // JSON-DAG: {"site":"{{/.*}}stacks.cpp:[[@LINE-2]]","function":"widgetNew","calls":5,"bytes":240}
  if (W)
    W->Id = Id;
  return W;
}

#else

extern "C" Widget *widgetNew(int Id);
extern "C" char *cBuffer(std::size_t Size);

int *Ints[100];
std::vector<int> Numbers;
std::string Text;
Widget *Widgets[5];
char *Buffers[3];

int *makeInt(int Value) {
  return new int(Value);
  // CALLS-DAG: {{ +}}100 calls 400 bytes  {{/.*}}stacks.cpp:[[@LINE-1]]  makeInt(int)
  // JSON-DAG: {"site":"{{/.*}}stacks.cpp:[[@LINE-2]]","function":"makeInt(int)","calls":100,"bytes":400}
}

int main(int Argc, char **Argv) {
  for (int I = 0; I < 100; ++I)
    Ints[I] = makeInt(I);
  // std::vector's growth: 1, 2, 4, ..., 128 ints. The site is this line,
  // not stl_vector.h or new_allocator.h.
  for (int I = 0; I < 100; ++I)
    Numbers.push_back(I);
  // CALLS-DAG: {{ +}}8 calls 1020 bytes  {{/.*}}stacks.cpp:[[@LINE-1]]  main
  // JSON-DAG: {"site":"{{/.*}}stacks.cpp:[[@LINE-2]]","function":"main","calls":8,"bytes":1020}
  // std::string's buffer comes from libstdc++.so: the site is still here.
  Text.assign(100, 'x');
  // CALLS-DAG: {{ +}}1 calls 101 bytes  {{/.*}}stacks.cpp:[[@LINE-1]]  main
  // JSON-DAG: {"site":"{{/.*}}stacks.cpp:[[@LINE-2]]","function":"main","calls":1,"bytes":101}
  for (int I = 0; I < 5; ++I)
    Widgets[I] = widgetNew(I);
  for (int I = 0; I < 3; ++I)
    Buffers[I] = cBuffer(64);
  // Dies of SIGABRT with the blocks live: the report is written on the way
  // down (stacks-crash.test).
  if (Argc > 1 && std::strcmp(Argv[1], "abort") == 0)
    std::abort();
  for (int *P : Ints)
    delete P;
  for (Widget *W : Widgets)
    std::free(W);
  for (char *B : Buffers)
    std::free(B);
  return 0;
}

#endif
