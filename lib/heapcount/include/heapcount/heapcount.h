/*===- heapcount.h - count heap calls from inside a program -----*- C -*-===*
 *
 * The in-process API of heapcount, header-only and usable from C and C++:
 *
 *   heapcount::Counts C = heapcount::countIn([&] { buildBuffer(); });
 *   EXPECT_LE(C.Allocs, 3u);
 *
 * The counts come from libheapcount.so, preloaded by `heapcount -- PROGRAM`
 * (or LD_PRELOAD), or on Windows from heapcount.dll, injected by
 * `heapcount.exe -- PROGRAM` (this header then includes <windows.h>). The
 * header finds it at run time, so a program needs no link flag and still
 * runs without it: heapcount_snapshot then returns 0 and
 * every count is 0 (heapcount::active() says which). For assertions that
 * fail instead of passing when nothing is counted, see heapcount/gtest.h
 * (GoogleTest) and heapcount/budget.h (any framework); a test links the
 * library (CMake: AllocTidy::heapcount) to count from its first allocation
 * without the heapcount command. Counts are those of
 * the whole process (every thread) between two snapshots.
 *
 * A named scope (heapcount::Scope S("parse"), or heapcount_scope_begin/end)
 * also adds its counts to the report under its name, and entering it starts
 * the counting when heapcount runs with --start=scope:NAME. heapcount_start()
 * starts it under --start=api.
 *
 *===----------------------------------------------------------------------===*/

#ifndef HEAPCOUNT_HEAPCOUNT_H
#define HEAPCOUNT_HEAPCOUNT_H

#include <stdint.h>

/* NOLINTBEGIN(readability-identifier-naming): the C API has C names. */
#ifdef __cplusplus
extern "C" {
#endif

/* The process's totals at one moment, as in the report's "total". */
typedef struct heapcount_snapshot {
  uint64_t allocs;
  uint64_t frees;
  uint64_t bytes;
  uint64_t live_blocks;
  uint64_t live_bytes;
  uint64_t peak_live_bytes;
} heapcount_snapshot;

/* What the library is doing: counting is 0 while it waits for a start
   marker (--start=api or scope:NAME); stack_depth is the frames recorded per
   allocation (HEAPCOUNT_STACKS, heapcount --stacks), 0 without stacks. */
typedef struct heapcount_status {
  int counting;
  unsigned stack_depth;
} heapcount_status;

/* One distinct allocation stack and what was allocated through it so far.
   key identifies the stack for the life of the process; frames (return
   addresses, innermost first, the library's own left out) are valid only
   while the visitor runs. */
typedef struct heapcount_stack {
  uintptr_t key;
  uint64_t calls;
  uint64_t bytes;
  const void *const *frames;
  unsigned num_frames;
} heapcount_stack;
typedef void (*heapcount_stack_visit_fn)(const heapcount_stack *, void *);

/* Exported by libheapcount.so; versioned so that a later layout of the
   struct gets a new name. */
typedef int (*heapcount_snapshot_fn)(heapcount_snapshot *);
typedef void (*heapcount_start_fn)(void);
typedef void (*heapcount_scope_enter_fn)(const char *);
typedef void (*heapcount_scope_add_fn)(const char *,
                                       const heapcount_snapshot *);
#define HEAPCOUNT_SNAPSHOT_SYMBOL "heapcount_snapshot_v1"
#define HEAPCOUNT_START_SYMBOL "heapcount_start_v1"
#define HEAPCOUNT_SCOPE_ENTER_SYMBOL "heapcount_scope_enter_v1"
#define HEAPCOUNT_SCOPE_ADD_SYMBOL "heapcount_scope_add_v1"
/* Fills the status; returns 1. */
typedef int (*heapcount_status_fn)(heapcount_status *);
/* Calls the visitor for every stack recorded so far (without allocating);
   returns how many. */
typedef unsigned long (*heapcount_stacks_fn)(heapcount_stack_visit_fn, void *);
#define HEAPCOUNT_STATUS_SYMBOL "heapcount_status_v1"
#define HEAPCOUNT_STACKS_SYMBOL "heapcount_stacks_v1"
/* Why the library cannot count the program's heap calls (valgrind replaces
   malloc, another allocator answers first), or null when it can as far as
   it knows; a sentence without a final period. */
typedef const char *(*heapcount_diagnosis_fn)(void);
#define HEAPCOUNT_DIAGNOSIS_SYMBOL "heapcount_diagnosis_v1"

#if (defined(__linux__) || defined(_WIN32)) && !defined(HEAPCOUNT_NO_INLINE_API)
#include <string.h>
#if defined(_WIN32)
#include <windows.h>
/* heapcount.dll, injected by heapcount.exe or linked in. */
#define HEAPCOUNT_LOOKUP(name)                                                 \
  (GetModuleHandleA("heapcount.dll")                                           \
       ? (void *)GetProcAddress(GetModuleHandleA("heapcount.dll"), name)       \
       : (void *)0)
#else
#include <dlfcn.h>
#define HEAPCOUNT_LOOKUP(name) dlsym(RTLD_DEFAULT, name)
#endif

/* The library's entry points, looked up once (a failed dlsym allocates
   its error message, which should not land in a counted scope). */
typedef struct heapcount_entry_points {
  heapcount_snapshot_fn snapshot;
  heapcount_start_fn start;
  heapcount_scope_enter_fn scope_enter;
  heapcount_scope_add_fn scope_add;
  heapcount_status_fn status;
  heapcount_stacks_fn stacks;
  heapcount_diagnosis_fn diagnosis;
} heapcount_entry_points;

static inline const heapcount_entry_points *heapcount_library(void) {
  static heapcount_entry_points points;
  static int looked_up;
  if (!looked_up) {
    points.snapshot =
        (heapcount_snapshot_fn)HEAPCOUNT_LOOKUP(HEAPCOUNT_SNAPSHOT_SYMBOL);
    points.start = (heapcount_start_fn)HEAPCOUNT_LOOKUP(HEAPCOUNT_START_SYMBOL);
    points.scope_enter = (heapcount_scope_enter_fn)HEAPCOUNT_LOOKUP(
        HEAPCOUNT_SCOPE_ENTER_SYMBOL);
    points.scope_add =
        (heapcount_scope_add_fn)HEAPCOUNT_LOOKUP(HEAPCOUNT_SCOPE_ADD_SYMBOL);
    points.status =
        (heapcount_status_fn)HEAPCOUNT_LOOKUP(HEAPCOUNT_STATUS_SYMBOL);
    points.stacks =
        (heapcount_stacks_fn)HEAPCOUNT_LOOKUP(HEAPCOUNT_STACKS_SYMBOL);
    points.diagnosis =
        (heapcount_diagnosis_fn)HEAPCOUNT_LOOKUP(HEAPCOUNT_DIAGNOSIS_SYMBOL);
    looked_up = 1;
  }
  return &points;
}

/* Fills *out and returns 1 under the counting library; zeroes *out and
   returns 0 without it. */
static inline int heapcount_snapshot_take(heapcount_snapshot *out) {
  /* Zeroed here too: MemorySanitizer does not see the library's stores. */
  memset(out, 0, sizeof(*out));
  if (heapcount_library()->snapshot)
    return heapcount_library()->snapshot(out);
  return 0;
}

/* Fills *out and returns 1 under the counting library; zeroes *out and
   returns 0 without it. A library too old to say counts from the start. */
static inline int heapcount_status_take(heapcount_status *out) {
  memset(out, 0, sizeof(*out));
  if (heapcount_library()->status)
    return heapcount_library()->status(out);
  if (!heapcount_library()->snapshot)
    return 0;
  out->counting = 1;
  return 1;
}

/* Visits every allocation stack recorded so far (see heapcount_stack);
   returns how many, 0 without stacks or without the library. */
static inline unsigned long
heapcount_stacks_visit(heapcount_stack_visit_fn visit, void *context) {
  if (!heapcount_library()->stacks)
    return 0;
  return heapcount_library()->stacks(visit, context);
}

/* Why the library cannot count this program's heap calls, or "" (also
   without the library, or with one too old to say). */
static inline const char *heapcount_diagnosis(void) {
  const char *problem =
      heapcount_library()->diagnosis ? heapcount_library()->diagnosis() : "";
  return problem ? problem : "";
}

/* Starts counting when heapcount runs with --start=api (or a scope marker
   not reached yet); does nothing otherwise. */
static inline void heapcount_start(void) {
  if (heapcount_library()->start)
    heapcount_library()->start();
}

/* A named scope in C: begin takes the starting snapshot, end adds what
   happened since to the report under NAME. */
static inline void heapcount_scope_begin(const char *name,
                                         heapcount_snapshot *start) {
  if (heapcount_library()->scope_enter)
    heapcount_library()->scope_enter(name);
  heapcount_snapshot_take(start);
}

static inline void heapcount_scope_end(const char *name,
                                       const heapcount_snapshot *start) {
  heapcount_snapshot now;
  heapcount_snapshot delta;
  if (!heapcount_snapshot_take(&now) || !heapcount_library()->scope_add)
    return;
  delta = now;
  delta.allocs -= start->allocs;
  delta.frees -= start->frees;
  delta.bytes -= start->bytes;
  heapcount_library()->scope_add(name, &delta);
}
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif
/* NOLINTEND(readability-identifier-naming) */

#if defined(__cplusplus) && (defined(__linux__) || defined(_WIN32)) &&         \
    !defined(HEAPCOUNT_NO_INLINE_API)
namespace heapcount {

/// The difference of two snapshots: what happened in between.
struct Counts {
  uint64_t Allocs = 0;
  uint64_t Frees = 0;
  uint64_t Bytes = 0;
};

/// True when the counting library is loaded (otherwise every count is 0).
inline bool active() {
  heapcount_snapshot S;
  return heapcount_snapshot_take(&S) != 0;
}

/// True when the library is loaded and counting: not waiting for a start
/// marker (--start=api, --start=scope:NAME).
inline bool counting() {
  heapcount_status S;
  return heapcount_status_take(&S) != 0 && S.counting != 0;
}

/// Starts counting under --start=api.
inline void start() { heapcount_start(); }

/// Counts the heap calls made from its construction to counts(). A named
/// scope also adds them to the report under its name when it ends, and
/// starts the counting under --start=scope:NAME. The name must outlive the
/// scope (a string literal).
class Scope {
public:
  Scope() { heapcount_snapshot_take(&Start); }
  explicit Scope(const char *Name) : Name(Name) {
    heapcount_scope_begin(Name, &Start);
  }
  ~Scope() {
    if (Name)
      heapcount_scope_end(Name, &Start);
  }
  Scope(const Scope &) = delete;
  Scope &operator=(const Scope &) = delete;

  Counts counts() const {
    heapcount_snapshot Now;
    heapcount_snapshot_take(&Now);
    Counts C;
    C.Allocs = Now.allocs - Start.allocs;
    C.Frees = Now.frees - Start.frees;
    C.Bytes = Now.bytes - Start.bytes;
    return C;
  }

private:
  const char *Name = nullptr;
  heapcount_snapshot Start;
};

/// The heap calls \p Body makes (with those of other threads meanwhile).
template <typename Callable> Counts countIn(Callable &&Body) {
  Scope S;
  Body();
  return S.counts();
}

} // namespace heapcount
#endif

#endif /* HEAPCOUNT_HEAPCOUNT_H */
