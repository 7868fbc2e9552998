//===- Stacks.cpp - heapcount on Linux: allocation stacks -----------------===//
//
// With HEAPCOUNT_STACKS, each counted allocation records its call stack
// (lib/heapcount/Counters keeps the table). The unwinding allocates for its
// own sake (the unwinder's libraries, their caches): those blocks are hidden,
// uncounted (Interpose.cpp).
//
// Also here: the dlopen and dlclose hooks, which keep the snapshot of the
// loaded modules that a report written on a signal reads the stacks'
// addresses against (ReportWriter.cpp). Loading libunwind goes through them.
//
//===----------------------------------------------------------------------===//

#include "lib/heapcount/linux/InterposeInternal.h"

#include <atomic>
#include <cstdint>
#include <dlfcn.h>
#include <execinfo.h>
#include <link.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace heapcount::interpose;

namespace {

using BacktraceFn = int (*)(void **, int);
// This library's code: its frames are left out of every stack.
std::uintptr_t SelfStart = 0, SelfEnd = 0;
constexpr unsigned MaxDepth = 64;

void findSelf() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&findSelf), &Info))
    return;
  dl_iterate_phdr(
      [](dl_phdr_info *Module, std::size_t, void *Base) {
        if (Module->dlpi_addr != reinterpret_cast<std::uintptr_t>(
                                     static_cast<Dl_info *>(Base)->dli_fbase))
          return 0;
        for (unsigned I = 0; I < Module->dlpi_phnum; ++I) {
          const ElfW(Phdr) &Segment = Module->dlpi_phdr[I];
          if (Segment.p_type != PT_LOAD || !(Segment.p_flags & PF_X))
            continue;
          SelfStart = Module->dlpi_addr + Segment.p_vaddr;
          SelfEnd = SelfStart + Segment.p_memsz;
        }
        return 1;
      },
      &Info);
}

// Two unwinders. libunwind's unw_backtrace caches what it learns about each
// return address and is about ten times faster than glibc's backtrace
// (libgcc's unwinder), which interprets the unwind tables again for every
// frame; but loading libunwind and its first unwind take about 0.3 ms, and
// each return address it has not seen yet costs it eight system calls
// (signal masks). A test suite's processes are short: most make a few
// hundred allocations, where glibc's is the cheaper. So glibc's unwinds the
// first LibunwindAfter stacks of a process and libunwind the rest (both
// give the same return addresses).
constexpr unsigned LibunwindAfter = 1024;
std::atomic<BacktraceFn> Backtrace{nullptr};
std::atomic<unsigned> Unwinds{0};
std::atomic<bool> LibunwindTried{false};
// The dynamic loader's code: libunwind is not loaded from an allocation made
// inside the loader (its lists of modules are being changed there).
std::uintptr_t LoaderStart = 0, LoaderEnd = 0;

void findLoader() {
  std::uintptr_t Base = getauxval(AT_BASE);
  if (!Base)
    return;
  dl_iterate_phdr(
      [](dl_phdr_info *Module, std::size_t, void *Raw) {
        if (Module->dlpi_addr != *static_cast<std::uintptr_t *>(Raw))
          return 0;
        for (unsigned I = 0; I < Module->dlpi_phnum; ++I) {
          const ElfW(Phdr) &Segment = Module->dlpi_phdr[I];
          if (Segment.p_type != PT_LOAD)
            continue;
          std::uintptr_t From = Module->dlpi_addr + Segment.p_vaddr;
          if (!LoaderStart || From < LoaderStart)
            LoaderStart = From;
          if (From + Segment.p_memsz > LoaderEnd)
            LoaderEnd = From + Segment.p_memsz;
        }
        return 1;
      },
      &Base);
}

// Called with InHook and Hiding set: what loading libunwind allocates is
// uncounted and hidden, as at start-up.
void switchToLibunwind() {
  void *Unwind = dlopen("libunwind.so.8", RTLD_NOW | RTLD_LOCAL);
  auto Unw = Unwind
                 ? reinterpret_cast<BacktraceFn>(dlsym(Unwind, "unw_backtrace"))
                 : nullptr;
  if (!Unw)
    return;
  // Its first unwind allocates its caches.
  void *Frames[4];
  Unw(Frames, 4);
  Backtrace.store(Unw, std::memory_order_release);
}

// From the LibunwindAfter-th stack on, once, when none of the stack is in
// the loader (a stack deeper than the frames kept is unwound again whole).
void maybeSwitchToLibunwind(void *const *Frames, int Got, int Asked) {
  if (LibunwindTried.load(std::memory_order_relaxed))
    return;
  constexpr int MaxWhole = 256;
  void *Whole[MaxWhole];
  if (Got >= Asked) {
    Got = backtrace(Whole, MaxWhole);
    Frames = Whole;
    if (Got >= MaxWhole)
      return;
  }
  for (int I = 0; I < Got; ++I) {
    auto Address = reinterpret_cast<std::uintptr_t>(Frames[I]);
    if (Address >= LoaderStart && Address < LoaderEnd)
      return;
  }
  if (LibunwindTried.exchange(true))
    return;
  switchToLibunwind();
}

} // namespace

void heapcount::interpose::setUpStacks(unsigned Depth, bool BySize) {
  if (Depth > MaxDepth)
    Depth = MaxDepth;
  Hiding = true;
  Backtrace.store(backtrace, std::memory_order_relaxed);
  findSelf();
  findLoader();
  // Straight from the kernel: zeroed, and not a counted mapping call.
  long Mapped =
      syscall(SYS_mmap, nullptr, heapcount::stackTableBytes(Depth, BySize),
              PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Mapped == -1) {
    Hiding = false;
    return;
  }
  // The first unwind loads libgcc_s; do it now, uncounted.
  void *Frames[4];
  backtrace(Frames, 4);
  Hiding = false;
  heapcount::setStackTable(addressFromKernel(Mapped), Depth, BySize);
}

void heapcount::interpose::recordStack(std::size_t Requested) {
  if (InHook)
    return;
  unsigned Depth = heapcount::stackDepth();
  void *Frames[MaxDepth + 8];
  int Asked = static_cast<int>(Depth + 8);
  InHook = true;
  Hiding = true;
  int Got = Backtrace.load(std::memory_order_acquire)(Frames, Asked);
  if (Unwinds.fetch_add(1, std::memory_order_relaxed) >= LibunwindAfter)
    maybeSwitchToLibunwind(Frames, Got, Asked);
  Hiding = false;
  InHook = false;
  int First = 0;
  while (First < Got &&
         reinterpret_cast<std::uintptr_t>(Frames[First]) >= SelfStart &&
         reinterpret_cast<std::uintptr_t>(Frames[First]) < SelfEnd)
    ++First;
  heapcount::addStack(Frames + First, static_cast<unsigned>(Got - First),
                      Requested);
}

extern "C" {

// The module snapshot a signal-time report uses follows the loads and
// unloads (see refreshModuleSnapshot). (No function-local statics: this
// library does not link the C++ runtime.)
void *dlopen(const char *File, int Mode) {
  using DlopenFn = void *(*)(const char *, int);
  auto RealDlopen = reinterpret_cast<DlopenFn>(dlsym(RTLD_NEXT, "dlopen"));
  void *Handle = RealDlopen ? RealDlopen(File, Mode) : nullptr;
  if (Handle)
    refreshModuleSnapshot();
  return Handle;
}

int dlclose(void *Handle) {
  using DlcloseFn = int (*)(void *);
  auto RealDlclose = reinterpret_cast<DlcloseFn>(dlsym(RTLD_NEXT, "dlclose"));
  int Status = RealDlclose ? RealDlclose(Handle) : -1;
  refreshModuleSnapshot();
  return Status;
}

} // extern "C"
