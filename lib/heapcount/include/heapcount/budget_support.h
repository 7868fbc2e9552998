//===- budget_support.h - what keeps a heap budget honest ------*- C++ -*-===//
//
// Three things heapcount/budget.h builds on, apart so that it stays short:
//
// - BudgetLimit: a budget as the test wrote it. Any integer converts to it;
//   a negative one is kept as negative (a check against it fails, it is not
//   read as 2^64 - 1), and with clang a negative constant does not compile.
// - The probe: the first measurement of a process allocates with malloc and
//   with operator new and checks that the counter moved. When it did not
//   (valgrind replaces malloc, a sanitizer's or another allocator answers
//   the program's calls before heapcount's), every budget fails with the
//   cause instead of passing on counts of 0.
// - The assertions' own work: a budget assertion inside the statement of
//   another (nested budgets) allocates for its own sake (its bookkeeping, its
//   message, GoogleTest's record of a failure). That work is added up here
//   and left out of every measurement that contains it, so a budget counts
//   the statements only.
//
//===----------------------------------------------------------------------===//

#ifndef HEAPCOUNT_BUDGET_SUPPORT_H
#define HEAPCOUNT_BUDGET_SUPPORT_H

#include "heapcount/heapcount.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <string>
#include <type_traits>

namespace heapcount {

/// A budget's limit: any integer (or unscoped enumerator). A negative one
/// cannot be met: checkBudget fails it and says so.
class BudgetLimit {
  // The helpers come first: the constructor's diagnose_if calls one.
  template <typename T> struct Underlying {
    using Type = typename std::conditional<std::is_enum<T>::value,
                                           std::underlying_type<T>,
                                           std::enable_if<true, T>>::type::type;
  };
  template <typename T>
  static constexpr bool negativeOf(T Value, std::true_type) {
    return Value < T(0);
  }
  template <typename T> static constexpr bool negativeOf(T, std::false_type) {
    return false;
  }
  template <typename T> static constexpr bool isNegative(T Value) {
    using U = typename Underlying<T>::Type;
    return negativeOf(static_cast<U>(Value),
                      std::integral_constant<bool, std::is_signed<U>::value>());
  }
  template <typename T> static constexpr std::uint64_t magnitude(T Value) {
    using U = typename Underlying<T>::Type;
    // -(V + 1) + 1 does not overflow at the most negative value.
    return isNegative(Value)
               ? static_cast<std::uint64_t>(-(static_cast<U>(Value) + 1)) + 1
               : static_cast<std::uint64_t>(static_cast<U>(Value));
  }

public:
  template <typename T, typename = typename std::enable_if<
                            std::is_integral<T>::value ||
                            (std::is_enum<T>::value &&
                             std::is_convertible<T, long long>::value)>::type>
  // NOLINTNEXTLINE(google-explicit-constructor): a number is a budget.
  constexpr BudgetLimit(T Value)
#if defined(__clang__)
      __attribute__((diagnose_if(isNegative(Value),
                                 "a heap budget cannot be negative: no code "
                                 "makes fewer than 0 allocations",
                                 "error")))
#endif
      : Magnitude(magnitude(Value)), Negative(isNegative(Value)) {
  }

  /// The limit; 0 for a negative one.
  constexpr std::uint64_t value() const { return Negative ? 0 : Magnitude; }
  constexpr bool negative() const { return Negative; }
  /// As written: "-1", "50".
  std::string text() const {
    return (Negative ? "-" : "") + std::to_string(Magnitude);
  }

private:
  std::uint64_t Magnitude;
  bool Negative;
};

namespace detail {

/// What the budget assertions did for their own sake, process-wide, since
/// the process started. Constant-initialized: no guard, no allocation.
struct OwnWorkTotals {
  std::atomic<std::uint64_t> Allocs{0};
  std::atomic<std::uint64_t> Frees{0};
  std::atomic<std::uint64_t> Bytes{0};
};

inline OwnWorkTotals &ownWork() {
  static OwnWorkTotals Totals;
  return Totals;
}

/// ownWork() at one moment.
struct OwnWorkCounts {
  std::uint64_t Allocs, Frees, Bytes;
};

inline OwnWorkCounts ownWorkNow() {
  OwnWorkTotals &T = ownWork();
  return OwnWorkCounts{T.Allocs.load(), T.Frees.load(), T.Bytes.load()};
}

/// The life of one assertion: everything the process did from its
/// construction to its destruction but the measured statement (window(),
/// which already holds the statement's nested assertions' own work) is the
/// assertion's own and goes to ownWork().
class OwnWork {
public:
  OwnWork() { heapcount_snapshot_take(&Begin); }
  OwnWork(const OwnWork &) = delete;
  OwnWork &operator=(const OwnWork &) = delete;
  ~OwnWork() {
    heapcount_snapshot End;
    if (!heapcount_snapshot_take(&End))
      return;
    OwnWorkTotals &T = ownWork();
    T.Allocs += (End.allocs - Begin.allocs) - Window.Allocs;
    T.Frees += (End.frees - Begin.frees) - Window.Frees;
    T.Bytes += (End.bytes - Begin.bytes) - Window.Bytes;
  }

  /// The snapshots around the statement.
  void window(const heapcount_snapshot &Start, const heapcount_snapshot &End) {
    Window.Allocs = End.allocs - Start.allocs;
    Window.Frees = End.frees - Start.frees;
    Window.Bytes = End.bytes - Start.bytes;
  }

private:
  heapcount_snapshot Begin;
  OwnWorkCounts Window{0, 0, 0};
};

/// Kept out of line and through a volatile pointer: the optimizer may not
/// drop the probe's allocations.
inline void *probeKeep(void *P) {
  void *volatile Kept = P;
  return Kept;
}

/// The probe's verdict, once per process: "" when the counter moves, the
/// cause when it does not. Runs while counting (not before a start marker).
inline const std::string &probeProblem() {
  static const std::string Problem = [] {
    heapcount_snapshot Before, AfterMalloc, AfterNew;
    heapcount_snapshot_take(&Before);
    std::free(probeKeep(std::malloc(1)));
    heapcount_snapshot_take(&AfterMalloc);
    ::operator delete(probeKeep(::operator new(1)));
    heapcount_snapshot_take(&AfterNew);
    bool MallocMoves = AfterMalloc.allocs != Before.allocs &&
                       AfterMalloc.frees != Before.frees;
    bool NewMoves = AfterNew.allocs != AfterMalloc.allocs &&
                    AfterNew.frees != AfterMalloc.frees;
    if (MallocMoves && NewMoves)
      return std::string();
    const char *Cause = heapcount_diagnosis();
    std::string What = !MallocMoves && !NewMoves ? "malloc and operator new"
                       : !MallocMoves            ? "malloc"
                                                 : "operator new";
    return "heapcount's library is in this process but a probe allocation "
           "with " +
           What + " was not counted: " +
           (Cause && *Cause
                ? std::string(Cause)
                : std::string("the program's allocator is not heapcount's "
                              "(one linked into the program or loaded ahead "
                              "of heapcount, or a tool that replaces it)"));
  }();
  return Problem;
}

} // namespace detail
} // namespace heapcount

#endif // HEAPCOUNT_BUDGET_SUPPORT_H
