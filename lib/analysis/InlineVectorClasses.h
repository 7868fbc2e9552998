//===--- InlineVectorClasses.h - vectors with an inline buffer --*- C++ -*-===//
//
// The classes alloc-small-vector can suggest in place of std::vector: how to
// spell one, which header declares it, and which of std::vector's member
// functions and constructors it offers. A fix-it is only given when every
// member function the code calls on the container is in the table, so the
// tables are checked against the real headers in the unit tests (Boost and
// LLVM here; Abseil and folly from their documented interfaces).
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_INLINEVECTORCLASSES_H
#define ALLOC_TIDY_LIB_ANALYSIS_INLINEVECTORCLASSES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>

namespace alloc_tidy {

/// How a std::vector is constructed; each inline-buffer class supports a
/// subset.
enum class VectorConstruction {
  Default,         ///< V v;
  Count,           ///< V v(n);
  CountValue,      ///< V v(n, x);
  Range,           ///< V v(first, last);
  InitializerList, ///< V v{a, b}; V v = {a, b};
  Copy,            ///< V v(other); V v = other;
  Move,            ///< V v(std::move(other));
};

struct InlineVectorClass {
  /// Fully qualified template name, without a leading "::":
  /// "boost::container::small_vector".
  llvm::StringRef Name;
  /// The header to include, with its brackets or quotes:
  /// "<boost/container/small_vector.hpp>".
  llvm::StringRef Header;
  /// Whether this is one of the presets (the tables below are verified);
  /// false for a class named only by the user's options, which is assumed
  /// to offer the members every preset offers.
  bool Preset = true;

  /// Whether the class has std::vector's member function (or operator, as
  /// "operator[]", "operator=", "operator==") named \p Member with
  /// std::vector's meaning.
  bool hasMember(llvm::StringRef Member) const;
  /// Whether the class can be constructed the way \p Form says.
  bool hasConstruction(VectorConstruction Form) const;
  /// The declaration of a vector of \p Element with \p Capacity inline
  /// elements: "boost::container::small_vector<Cell, 120>".
  std::string spell(llvm::StringRef Element, uint64_t Capacity) const;
};

/// The presets: boost::container::small_vector (the default),
/// llvm::SmallVector, absl::InlinedVector and folly::small_vector.
llvm::ArrayRef<InlineVectorClass> inlineVectorPresets();

/// The preset named \p Name (a leading "::" is ignored), or null.
const InlineVectorClass *findInlineVectorPreset(llvm::StringRef Name);

/// The class an option names: a preset, or a user-named class with the
/// header \p Header (which must then be given) and the members common to
/// every preset. Returns false and sets \p Error for an unusable value.
bool resolveInlineVectorClass(llvm::StringRef Name, llvm::StringRef Header,
                              InlineVectorClass &Result, std::string &Error);

} // namespace alloc_tidy

#endif
