//===- Allocator.h - heapcount on Linux: whose malloc the program calls ---===//
//
// The counting library counts by being the program's malloc (Interpose.cpp).
// It is not when something else answers first, and then it would count
// nothing while a test's budgets pass on counts of 0:
//
// - valgrind replaces malloc in every library, heapcount's too: nothing can
//   be counted (the budgets and the heapcount command say so);
// - a sanitizer's runtime (AddressSanitizer, ThreadSanitizer, ...) linked
//   into the program, or loaded ahead of heapcount: its allocator has hooks
//   (__sanitizer_install_malloc_and_free_hooks), through which the library
//   counts the allocations and releases (not which function made them);
// - another allocator linked into the program or preloaded ahead of
//   heapcount (jemalloc, tcmalloc): nothing can be counted.
//
// The symbols are looked up while the backend resolves malloc (dlsym's own
// allocations then come from its arena); the route is chosen at set-up.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_HEAPCOUNT_LINUX_ALLOCATOR_H
#define ALLOC_TIDY_LIB_HEAPCOUNT_LINUX_ALLOCATOR_H

#include <cstddef>

#pragma GCC visibility push(hidden)

namespace heapcount {
namespace posix {

using HookedAllocFn = void (*)(const volatile void *, std::size_t);
using HookedFreeFn = void (*)(const volatile void *);

/// What the program's allocator is, from its symbols.
struct AllocatorSymbols {
  /// The malloc the program's calls bind to.
  void *ProgramMalloc = nullptr;
  /// The sanitizer's allocator interface, when one is in the process.
  int (*InstallHooks)(HookedAllocFn, HookedFreeFn) = nullptr;
  std::size_t (*AllocatedSize)(const volatile void *) = nullptr;
  /// "AddressSanitizer", ...; null when no sanitizer is known.
  const char *Sanitizer = nullptr;
  /// The process runs under valgrind.
  bool Valgrind = false;
};

/// Looks them up (from inside the backend's resolution of malloc).
void lookUpAllocatorSymbols(AllocatorSymbols &Out);

/// How this process's heap calls reach the counters.
struct AllocatorRoute {
  enum KindType { Interposed, SanitizerHooks, None } Kind = Interposed;
  /// For the report ("via"): "interposition", "AddressSanitizer's allocator
  /// hooks", "none".
  const char *Via = "interposition";
  /// Why nothing can be counted (Kind None), for the budgets and the report.
  const char *Problem = nullptr;
};

/// The loaded module that holds \p Address: its path ("" for the main
/// program) and its program headers (one table per module, so the same
/// pointer means the same module); a null Phdrs when none holds it. With
/// dl_iterate_phdr: dladdr also looks for the nearest symbol, a walk over
/// every symbol of a library as large as libc or libstdc++, in each
/// process's start-up.
struct ModuleOfAddress {
  const char *Path = nullptr;
  const void *Phdrs = nullptr;
};
ModuleOfAddress moduleOf(const void *Address);

/// Chooses the route at set-up: interposition when the program's malloc is
/// the one in the module of \p OwnCode, the library's (and no valgrind), the
/// sanitizer's hooks (installed here, calling \p OnAlloc and \p OnFree)
/// when a sanitizer answers first, none otherwise.
AllocatorRoute chooseAllocatorRoute(const AllocatorSymbols &Symbols,
                                    const void *OwnCode, HookedAllocFn OnAlloc,
                                    HookedFreeFn OnFree);

} // namespace posix
} // namespace heapcount

#pragma GCC visibility pop

#endif // ALLOC_TIDY_LIB_HEAPCOUNT_LINUX_ALLOCATOR_H
