//===- Allocator.cpp - heapcount on Linux: whose malloc the program calls -===//
//
// See Allocator.h. No allocation here: it runs inside the first malloc and
// in the library's constructor.
//
//===----------------------------------------------------------------------===//

#include "lib/heapcount/linux/Allocator.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <link.h>

#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define HEAPCOUNT_HAVE_VALGRIND_H 1
#endif
#endif

namespace heapcount {
namespace posix {

namespace {

// valgrind's client request when its header was there at build time; its
// preloaded libraries (vgpreload_*.so, in LD_PRELOAD) otherwise.
bool underValgrind() {
#if defined(HEAPCOUNT_HAVE_VALGRIND_H)
  if (RUNNING_ON_VALGRIND)
    return true;
#endif
  const char *Preload = std::getenv("LD_PRELOAD");
  return Preload && std::strstr(Preload, "/vgpreload_");
}

// The texts of the route, written once at set-up.
char ProblemText[512];
char ViaText[96];

// Parts (null-terminated) one after the other in Into, cut to fit.
template <std::size_t Size>
const char *join(char (&Into)[Size], const char *const *Parts) {
  std::size_t Length = 0;
  for (; *Parts; ++Parts)
    for (const char *C = *Parts; *C && Length + 1 < Size; ++C)
      Into[Length++] = *C;
  Into[Length] = '\0';
  return Into;
}

} // namespace

void lookUpAllocatorSymbols(AllocatorSymbols &Out) {
  Out.Valgrind = underValgrind();
  Out.ProgramMalloc = dlsym(RTLD_DEFAULT, "malloc");
  Out.InstallHooks = reinterpret_cast<int (*)(HookedAllocFn, HookedFreeFn)>(
      dlsym(RTLD_DEFAULT, "__sanitizer_install_malloc_and_free_hooks"));
  Out.AllocatedSize = reinterpret_cast<std::size_t (*)(const volatile void *)>(
      dlsym(RTLD_DEFAULT, "__sanitizer_get_allocated_size"));
  if (!Out.InstallHooks)
    return;
  static const struct {
    const char *Symbol;
    const char *Name;
  } Sanitizers[] = {{"__asan_init", "AddressSanitizer"},
                    {"__tsan_init", "ThreadSanitizer"},
                    {"__msan_init", "MemorySanitizer"},
                    {"__hwasan_init", "HWAddressSanitizer"},
                    {"__lsan_init", "LeakSanitizer"}};
  for (const auto &S : Sanitizers)
    if (dlsym(RTLD_DEFAULT, S.Symbol)) {
      Out.Sanitizer = S.Name;
      return;
    }
  Out.Sanitizer = "a sanitizer";
}

ModuleOfAddress moduleOf(const void *Address) {
  struct Search {
    std::uintptr_t Address;
    ModuleOfAddress Found;
  } S{reinterpret_cast<std::uintptr_t>(Address), {}};
  dl_iterate_phdr(
      [](dl_phdr_info *Info, std::size_t, void *Raw) {
        auto *S = static_cast<Search *>(Raw);
        for (unsigned I = 0; I < Info->dlpi_phnum; ++I) {
          const ElfW(Phdr) &Segment = Info->dlpi_phdr[I];
          std::uintptr_t Start = Info->dlpi_addr + Segment.p_vaddr;
          if (Segment.p_type != PT_LOAD || S->Address < Start ||
              S->Address - Start >= Segment.p_memsz)
            continue;
          S->Found.Path = Info->dlpi_name ? Info->dlpi_name : "";
          S->Found.Phdrs = Info->dlpi_phdr;
          return 1;
        }
        return 0;
      },
      &S);
  return S.Found;
}

AllocatorRoute chooseAllocatorRoute(const AllocatorSymbols &Symbols,
                                    const void *OwnCode, HookedAllocFn OnAlloc,
                                    HookedFreeFn OnFree) {
  AllocatorRoute Route;
  if (Symbols.Valgrind) {
    Route.Kind = AllocatorRoute::None;
    Route.Via = "none";
    const char *Parts[] = {
        "valgrind replaces malloc and operator new in every library, "
        "heapcount's too: run the budget tests natively (valgrind's own "
        "'total heap usage' line counts the whole program)",
        nullptr};
    Route.Problem = join(ProblemText, Parts);
    return Route;
  }
  // By module: inside the library, &malloc is the program's (the reference
  // goes through the GOT, as any other would).
  const void *ProgramModule = moduleOf(Symbols.ProgramMalloc).Phdrs;
  if (!Symbols.ProgramMalloc ||
      (ProgramModule && ProgramModule == moduleOf(OwnCode).Phdrs))
    return Route;
  if (Symbols.InstallHooks && Symbols.AllocatedSize &&
      Symbols.InstallHooks(OnAlloc, OnFree) != 0) {
    Route.Kind = AllocatorRoute::SanitizerHooks;
    const char *Parts[] = {Symbols.Sanitizer, "'s allocator hooks", nullptr};
    Route.Via = join(ViaText, Parts);
    return Route;
  }
  Route.Kind = AllocatorRoute::None;
  Route.Via = "none";
  if (Symbols.InstallHooks) {
    const char *Parts[] = {Symbols.Sanitizer,
                           " answers the program's malloc before heapcount "
                           "and its allocator hooks could not be installed "
                           "(it takes at most 5 pairs)",
                           nullptr};
    Route.Problem = join(ProblemText, Parts);
    return Route;
  }
  Dl_info Info;
  const char *Module =
      dladdr(Symbols.ProgramMalloc, &Info) && Info.dli_fname && *Info.dli_fname
          ? Info.dli_fname
          : "(the program)";
  const char *Parts[] = {
      "the program's malloc is the one in '", Module,
      "', which comes before heapcount's: an allocator linked into the "
      "program or loaded ahead of heapcount (LD_PRELOAD) answers its heap "
      "calls",
      nullptr};
  Route.Problem = join(ProblemText, Parts);
  return Route;
}

} // namespace posix
} // namespace heapcount
