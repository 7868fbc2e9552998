//===--- InlineVectorClasses.h - vectors with an inline buffer --*- C++ -*-===//
//
// The classes alloc-small-vector can suggest in place of std::vector: how to
// spell one, which header declares it, and which of std::vector's member
// functions and constructors it offers. A fix-it is only given when every
// member function the code calls on the container is in the table, so the
// tables are checked against the real headers in the unit tests (Boost and
// LLVM here; Abseil and folly from their documented interfaces).
//
// Free functions: std::begin, std::end, std::cbegin, std::size, std::ssize,
// std::data, std::empty and std::swap work on every class here (they call
// the members). std::erase and std::erase_if (C++20) do not: they are
// overloaded for the standard containers only, so a vector passed to them
// cannot change class (the unit tests check both facts).
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_INLINEVECTORCLASSES_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_INLINEVECTORCLASSES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include <cstdint>
#include <string>

namespace alloc_tidy {

/// How a std::vector is constructed; each inline-buffer class supports a
/// subset.
enum class VectorConstruction {
  Default,         ///< V v; V v{};
  Count,           ///< V v(n); (value-initialized elements)
  CountValue,      ///< V v(n, x); also with two ints, as std::vector
  Range,           ///< V v(first, last); (pointers and other iterators)
  InitializerList, ///< V v{a, b}; V v = {a, b};
  Copy,            ///< V v(other); V v = other;
  Move,            ///< V v(std::move(other)); V v = std::move(other);
};
inline constexpr unsigned NumVectorConstructions = 7;

/// std::vector's member functions and operators, as the tables name them:
/// "assign", "at", "operator[]", "operator==", ... A name stands for every
/// form of the member a std::vector user commonly writes, with std::vector's
/// meaning, e.g. "insert" for insert(pos, x), insert(pos, T&&),
/// insert(pos, n, x), insert(pos, first, last) and insert(pos, {a, b}) with
/// pos an iterator or a const_iterator; "erase" for erase(pos) and
/// erase(first, last); "resize" for resize(n) (value-initialized) and
/// resize(n, x); "assign" for assign(n, x), assign(first, last) and
/// assign({a, b}); "emplace_back" returns a reference (C++17); the
/// comparison operators compare two vectors of the same class.
///
/// One entry is narrower than a member: "insert(iterator)" is insert in all
/// those forms with pos an iterator only (llvm::SmallVector does not accept
/// a const_iterator there). "insert" implies it.
llvm::ArrayRef<llvm::StringRef> vectorMemberNames();

struct InlineVectorClass {
  /// Fully qualified template name, without a leading "::":
  /// "boost::container::small_vector".
  llvm::StringRef Name;
  /// The header to include, with its brackets or quotes:
  /// "<boost/container/small_vector.hpp>". For a user-named class, the
  /// header as the user gave it (a bare path is included with quotes, as
  /// clang-tidy's IncludeInserter does).
  llvm::StringRef Header;
  /// Bit I is set when the class has vectorMemberNames()[I].
  uint64_t Members = 0;
  /// Bit I is set when the class supports VectorConstruction(I).
  uint8_t Constructions = 0;
  /// Whether this is one of the presets (the tables below are verified);
  /// false for a class named only by the user's options, which is assumed
  /// to offer the members every preset offers.
  bool Preset = true;

  /// Whether the class has std::vector's member function (or operator, as
  /// "operator[]", "operator=", "operator==") named \p Member with
  /// std::vector's meaning, in every form vectorMemberNames() lists for it.
  /// False for a name that is not in vectorMemberNames().
  bool hasMember(llvm::StringRef Member) const;
  /// Whether the class can be constructed the way \p Form says.
  bool hasConstruction(VectorConstruction Form) const;
  /// The declaration of a vector of \p Element with \p Capacity inline
  /// elements: "boost::container::small_vector<Cell, 120>".
  std::string spell(llvm::StringRef Element, uint64_t Capacity) const;
};

/// Whether \p Target can replace a vector whose code uses \p Members and
/// is built as \p Constructions: \p Silence says why not, and \p NoFix
/// why it can but without a fix-it. A class of the project's own that the
/// code chose (\p OwnClassChosen) is assumed default-constructible only:
/// another construction leaves the rewrite to the author.
struct ReplacementFit {
  std::string Silence;
  std::string NoFix;
};
ReplacementFit fitOfReplacement(
    const InlineVectorClass &Target, const llvm::StringSet<> &Members,
    llvm::ArrayRef<VectorConstruction> Constructions, bool OwnClassChosen);

/// The presets: boost::container::small_vector (the default),
/// llvm::SmallVector, absl::InlinedVector and folly::small_vector. Every one
/// is spelled Class<T, N>. absl::InlinedVector requires N > 0;
/// llvm::SmallVector's N is an unsigned int.
llvm::ArrayRef<InlineVectorClass> inlineVectorPresets();

/// The preset named \p Name (a leading "::" is ignored), or null.
const InlineVectorClass *findInlineVectorPreset(llvm::StringRef Name);

/// The class an option names: a preset (a non-empty \p Header replaces the
/// preset's header), or a user-named class with the header \p Header (which
/// must then be given) and the members and constructions common to every
/// preset. Returns false and sets \p Error for an unusable value: an empty
/// name, a name that is not a qualified identifier ("my::Vec"), a header
/// with unbalanced brackets or quotes. The result refers to the strings
/// \p Name and \p Header, which must outlive it.
bool resolveInlineVectorClass(llvm::StringRef Name, llvm::StringRef Header,
                              InlineVectorClass &Result, std::string &Error);

/// A class that is not a preset, \p Name spelled Name<T, N>: assumed to
/// offer the members and constructions every preset offers. \p Header is
/// the header a fix-it includes; empty for none (the class is in scope).
/// The result refers to \p Name and \p Header.
InlineVectorClass projectInlineVectorClass(llvm::StringRef Name,
                                           llvm::StringRef Header = "");

} // namespace alloc_tidy

#endif
