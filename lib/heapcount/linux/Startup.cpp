//===- Startup.cpp - heapcount on Linux: resolution and set-up ------------===//
//
// Finds the real allocator functions with dlsym(RTLD_NEXT) at the first heap
// call (which can come before any constructor), and sets the library up in
// its constructor from the environment.
//
// Environment: HEAPCOUNT_OUTPUT, HEAPCOUNT_ROOT_PID (the process that writes
// the main report), HEAPCOUNT_START (now | api | scope:NAME),
// HEAPCOUNT_STACKS (frames per allocation stack; 0 or unset: none),
// HEAPCOUNT_STACK_SIZES (1: one stack entry per stack and requested size,
// for heapcount --profile; 0 or unset: per stack).
//
//===----------------------------------------------------------------------===//

#include "lib/heapcount/linux/InterposeInternal.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

using namespace heapcount::interpose;

RealFunctions heapcount::interpose::Real{};
// Whose malloc the program calls (linux/Allocator.h): looked up with the
// real functions, decided at set-up.
heapcount::posix::AllocatorSymbols heapcount::interpose::ProgramAllocator;
heapcount::posix::AllocatorRoute heapcount::interpose::Route;
std::atomic<bool> heapcount::interpose::Resolved{false};

namespace {

// Set while dlsym runs: its allocations come from the arena (Interpose.cpp).
__attribute__((tls_model("initial-exec"))) thread_local bool Resolving = false;

template <typename T> void lookup(T &Slot, const char *Name) {
  Slot = reinterpret_cast<T>(dlsym(RTLD_NEXT, Name));
}

// A setting the library cannot use, said once on stderr (with write: this
// runs inside the first malloc).
void warnBadSetting(const char *Name, const char *Value, const char *Instead) {
  const char *Parts[] = {
      "heapcount: warning: ", Name, "='", Value, "' is not ", Instead, "\n"};
  for (const char *Part : Parts)
    if (write(STDERR_FILENO, Part, std::strlen(Part)) < 0)
      return;
}

void resolve() {
  Resolving = true;
  // Real.Malloc last: until then malloc goes to bootstrapMalloc, which
  // serves dlsym from the arena.
  MallocFn RealMalloc = nullptr;
  lookup(RealMalloc, "malloc");
  lookup(Real.Calloc, "calloc");
  lookup(Real.Realloc, "realloc");
  lookup(Real.Free, "free");
  lookup(Real.AlignedAlloc, "aligned_alloc");
  lookup(Real.PosixMemalign, "posix_memalign");
  lookup(Real.Memalign, "memalign");
  lookup(Real.Valloc, "valloc");
  lookup(Real.Pvalloc, "pvalloc");
  lookup(Real.Reallocarray, "reallocarray");
  // The C++ forms exist only when the program loads a C++ runtime.
  lookup(Real.New, "_Znwm");
  lookup(Real.NewArray, "_Znam");
  lookup(Real.NewAligned, "_ZnwmSt11align_val_t");
  lookup(Real.NewArrayAligned, "_ZnamSt11align_val_t");
  lookup(Real.NewNothrow, "_ZnwmRKSt9nothrow_t");
  lookup(Real.NewArrayNothrow, "_ZnamRKSt9nothrow_t");
  lookup(Real.NewAlignedNothrow, "_ZnwmSt11align_val_tRKSt9nothrow_t");
  lookup(Real.NewArrayAlignedNothrow, "_ZnamSt11align_val_tRKSt9nothrow_t");
  lookup(Real.Delete, "_ZdlPv");
  lookup(Real.DeleteArray, "_ZdaPv");
  lookup(Real.DeleteSized, "_ZdlPvm");
  lookup(Real.DeleteArraySized, "_ZdaPvm");
  lookup(Real.DeleteAligned, "_ZdlPvSt11align_val_t");
  lookup(Real.DeleteArrayAligned, "_ZdaPvSt11align_val_t");
  lookup(Real.DeleteSizedAligned, "_ZdlPvmSt11align_val_t");
  lookup(Real.DeleteArraySizedAligned, "_ZdaPvmSt11align_val_t");
  lookup(Real.DeleteNothrow, "_ZdlPvRKSt9nothrow_t");
  lookup(Real.DeleteArrayNothrow, "_ZdaPvRKSt9nothrow_t");
  lookup(Real.DeleteAlignedNothrow, "_ZdlPvSt11align_val_tRKSt9nothrow_t");
  lookup(Real.DeleteArrayAlignedNothrow, "_ZdaPvSt11align_val_tRKSt9nothrow_t");
  lookup(Real.CxxFreeres, "_ZN9__gnu_cxx9__freeresEv");
  lookup(Real.LibcFreeres, "__libc_freeres");
  lookup(Real.PthreadCreate, "pthread_create");
  lookup(Real.ThrdCreate, "thrd_create");
  lookup(Real.Exit, "_exit");
  lookup(Real.Mmap, "mmap");
  lookup(Real.Munmap, "munmap");
  lookup(Real.Mremap, "mremap");
  lookup(Real.Brk, "brk");
  lookup(Real.Sbrk, "sbrk");
  heapcount::posix::lookUpAllocatorSymbols(ProgramAllocator);
  // At the first heap call, which can come before this library's
  // constructor (from another library's): nothing before the marker counts.
  if (const char *Start = std::getenv("HEAPCOUNT_START")) {
    if (std::strcmp(Start, "api") == 0 ||
        (std::strncmp(Start, "scope:", 6) == 0 && Start[6]))
      heapcount::pauseCounting(Start);
    else if (std::strcmp(Start, "now") != 0 && *Start)
      warnBadSetting("HEAPCOUNT_START", Start,
                     "now, api or scope:NAME; counting from the start");
  }
  Resolving = false;
  Real.Malloc = RealMalloc;
  Resolved.store(true, std::memory_order_release);
}

} // namespace

// True when the caller must serve the request itself from the arena.
__attribute__((noinline)) bool heapcount::interpose::resolveNow() {
  if (Resolving)
    return true;
  resolve();
  return false;
}

namespace {

// The leading digits of Text, saturating (no overflow on a long string).
long parsePid(const char *Text) {
  long Value = 0;
  for (; Text && *Text >= '0' && *Text <= '9'; ++Text)
    Value = Value > 100000000000L ? Value : Value * 10 + (*Text - '0');
  return Value;
}

// HEAPCOUNT_STACKS: 0 to 64 frames; anything else is said and ignored.
unsigned parseDepth(const char *Text) {
  if (!Text || !*Text)
    return 0;
  long Value = parsePid(Text);
  if (Text[std::strspn(Text, "0123456789")] || Value > 64) {
    warnBadSetting("HEAPCOUNT_STACKS", Text,
                   "a number of frames from 0 to 64; no stacks");
    return 0;
  }
  return static_cast<unsigned>(Value);
}

// HEAPCOUNT_STACK_SIZES: 1 keys the stacks by size too; 0 or unset does not;
// anything else is said and ignored.
bool parseStackSizes(const char *Text) {
  if (!Text || !*Text || std::strcmp(Text, "0") == 0)
    return false;
  if (std::strcmp(Text, "1") == 0)
    return true;
  warnBadSetting("HEAPCOUNT_STACK_SIZES", Text,
                 "0 or 1; stacks are not keyed by size");
  return false;
}

// The process heapcount started marks its report file as soon as the
// library starts in it: a file left empty then means that the library never
// started (not loaded, or the program ended before), which heapcount reports
// as an error (tools/heapcount/Launch.h, StartMarker). The report replaces
// the mark.
void markStart() {
  int Fd = open(OutputPath, O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (Fd < 0)
    return;
  char Mark[64] = "{\"heapcount_started\":";
  std::size_t Length = appendDecimal(Mark, std::strlen(Mark),
                                     static_cast<unsigned long>(getpid()));
  Mark[Length++] = '}';
  Mark[Length++] = '\n';
  ReportFile File{Fd};
  writeAll(Mark, Length, &File);
  close(Fd);
}

// Before the program's own constructors (a preloaded library's run first).
__attribute__((constructor)) void setUp() {
  ensureResolved();
  InHook = true;
  Route = heapcount::posix::chooseAllocatorRoute(
      ProgramAllocator, reinterpret_cast<const void *>(&setUp),
      countHookedAlloc, countHookedFree);
  heapcount::setDiagnosis(Route.Problem);
  bool Interposed = Route.Kind == heapcount::posix::AllocatorRoute::Interposed;
  // Not on another allocator's blocks: glibc's headers are not there (an
  // invalid read under valgrind), and a sanitizer's malloc_usable_size
  // aborts on a block of glibc's.
  if (Interposed) {
    checkGlibcChunks();
    checkDirectNew();
  }
  UsableSizes = Interposed;
  if (const char *Path = std::getenv("HEAPCOUNT_OUTPUT")) {
    std::size_t Length = std::strlen(Path);
    if (Length < sizeof(OutputPath))
      std::memcpy(OutputPath, Path, Length + 1);
  }
  RootPid = parsePid(std::getenv("HEAPCOUNT_ROOT_PID"));
  if (OutputPath[0] && RootPid == getpid())
    markStart();
  ssize_t Length = readlink("/proc/self/exe", SelfExe, sizeof(SelfExe) - 1);
  SelfExe[Length > 0 ? Length : 0] = '\0';
  HaveBlockKey = pthread_key_create(&BlockKey, releaseBlock) == 0;
  pthread_atfork(nullptr, nullptr, afterForkChild);
  // A sanitizer's hooks are called from inside its allocator, whose frames
  // would be the call sites: no stacks then.
  unsigned Depth = parseDepth(std::getenv("HEAPCOUNT_STACKS"));
  if (Depth && Interposed) {
    setUpStacks(Depth, parseStackSizes(std::getenv("HEAPCOUNT_STACK_SIZES")));
    KeepSnapshot = true;
    refreshModuleSnapshot();
  }
  if (OutputPath[0])
    installSignalHandlers();
  InHook = false;
  // This thread's block was claimed before the key existed.
  if (mine() && HaveBlockKey)
    pthread_setspecific(BlockKey, mine());
}

} // namespace
