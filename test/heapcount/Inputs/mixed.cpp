// The C and C++ allocation interfaces side by side, with the cases valgrind
// counts in a particular way: realloc on null (an allocation), on a block
// (an allocation and a free), to size 0 (a free), free(NULL) and delete of
// null (nothing), and two deliberate leaks.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <malloc.h>
#include <new>
#include <string>

struct alignas(64) Line {
  char Bytes[64];
};

int main() {
  char *Copy = strdup("a string copied by strdup");
  std::free(Copy);
  std::free(nullptr);
  delete static_cast<int *>(nullptr);

  void *P = std::malloc(10);
  P = std::realloc(P, 20);
  P = std::realloc(P, 100000);
  P = std::realloc(P, 0);
  void *Q = std::realloc(nullptr, 5);
  std::free(Q);
  void *R = reallocarray(nullptr, 10, 10);
  R = reallocarray(R, 20, 10);
  std::free(R);
  void *C = std::calloc(10, 10);
  std::free(C);

  void *A = aligned_alloc(64, 128);
  std::free(A);
  void *M = nullptr;
  if (posix_memalign(&M, 32, 100) == 0)
    std::free(M);
  void *N = memalign(32, 50);
  std::free(N);
  void *V = valloc(10);
  std::free(V);

  Line *One = new Line;
  delete One;
  Line *Three = new Line[3];
  delete[] Three;
  int *Maybe = new (std::nothrow) int(1);
  delete Maybe;
  int *Many = new int[4];
  delete[] Many;
  std::string Long(200, 'x');

  // Deliberate leaks: one C block, one C++ array.
  void *Leak = std::malloc(8);
  int *LeakArray = new int[10];
  std::printf("leaked %p %p\n", Leak, static_cast<void *>(LeakArray));
  return 0;
}
