//===--- InlineVectorClasses.cpp - vectors with an inline buffer ----------===//
//
// Each preset's table lists what it lacks of std::vector's interface. The
// Boost and LLVM tables are compared with the real headers (Boost 1.74,
// LLVM 22) in lib/analysis/unittests/InlineVectorClassesTest.cpp, which
// fails both for a listed member the class lacks and for a member the class
// has and the table leaves out. Abseil and folly are not installed here;
// their tables come from reading their headers (see below).
//
//===----------------------------------------------------------------------===//

#include "lib/analysis/facts/InlineVectorClasses.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include <cassert>
#include <initializer_list>
#include <iterator>

namespace alloc_tidy {

namespace {

constexpr llvm::StringRef MemberNames[] = {
    "assign",        "get_allocator", "at",          "operator[]",
    "front",         "back",          "data",        "begin",
    "cbegin",        "end",           "cend",        "rbegin",
    "crbegin",       "rend",          "crend",       "empty",
    "size",          "max_size",      "reserve",     "capacity",
    "shrink_to_fit", "clear",         "insert",      "insert(iterator)",
    "emplace",       "erase",         "push_back",   "emplace_back",
    "pop_back",      "resize",        "swap",        "operator=",
    "operator==",    "operator!=",    "operator<",   "operator<=",
    "operator>",     "operator>=",    "operator<=>", "append_range",
    "insert_range",  "assign_range",
};
static_assert(std::size(MemberNames) <= 64, "the tables are 64-bit masks");

int memberIndex(llvm::StringRef Member) {
  for (size_t I = 0; I < std::size(MemberNames); ++I)
    if (MemberNames[I] == Member)
      return static_cast<int>(I);
  return -1;
}

// Every member but those named in \p Lacks.
uint64_t membersExcept(std::initializer_list<llvm::StringRef> Lacks) {
  uint64_t Mask = ~uint64_t(0) >> (64 - std::size(MemberNames));
  for (llvm::StringRef Name : Lacks) {
    const int Index = memberIndex(Name);
    assert(Index >= 0 && "a name the tables do not know");
    if (Index >= 0)
      Mask &= ~(uint64_t(1) << Index);
  }
  return Mask;
}

constexpr uint8_t AllConstructions = (1u << NumVectorConstructions) - 1;

InlineVectorClass makePreset(llvm::StringRef Name, llvm::StringRef Header,
                             uint64_t Members) {
  InlineVectorClass Class;
  Class.Name = Name;
  Class.Header = Header;
  Class.Members = Members;
  Class.Constructions = AllConstructions;
  Class.Preset = true;
  return Class;
}

bool isIdentifier(llvm::StringRef Part) {
  if (Part.empty() || llvm::isDigit(Part.front()))
    return false;
  return llvm::all_of(Part,
                      [](char C) { return llvm::isAlnum(C) || C == '_'; });
}

bool isQualifiedIdentifier(llvm::StringRef Name) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Name.split(Parts, "::");
  return llvm::all_of(Parts, isIdentifier);
}

// "<a/b.h>", "\"a/b.h\"" or a bare "a/b.h"; nothing unbalanced or empty.
bool isUsableHeader(llvm::StringRef Header) {
  if (Header.empty())
    return false;
  const bool Angled = Header.starts_with("<");
  const bool Quoted = Header.starts_with("\"");
  if (Angled || Quoted) {
    const char Close = Angled ? '>' : '"';
    if (Header.size() < 3 || Header.back() != Close)
      return false;
    Header = Header.drop_front().drop_back();
  }
  return !Header.contains("<") && !Header.contains(">") &&
         !Header.contains("\"") && !Header.contains("\n") &&
         Header.trim() == Header;
}

} // namespace

llvm::ArrayRef<llvm::StringRef> vectorMemberNames() { return MemberNames; }

bool InlineVectorClass::hasMember(llvm::StringRef Member) const {
  const int Index = memberIndex(Member);
  return Index >= 0 && (Members >> Index) & 1;
}

bool InlineVectorClass::hasConstruction(VectorConstruction Form) const {
  return (Constructions >> static_cast<unsigned>(Form)) & 1;
}

std::string InlineVectorClass::spell(llvm::StringRef Element,
                                     uint64_t Capacity) const {
  return (llvm::Twine(Name) + "<" + Element + ", " + llvm::Twine(Capacity) +
          ">")
      .str();
}

// C++23's range members are in no preset. Neither is operator<=> where the
// class defines one only for element types that have <=> themselves
// (std::vector's falls back to operator<): a fix-it must not turn valid code
// into code that does not compile.
llvm::ArrayRef<InlineVectorClass> inlineVectorPresets() {
  static const InlineVectorClass Presets[] = {
      // Boost 1.74 (Debian's libboost-dev), boost/container/small_vector.hpp:
      // all of boost::container::vector, which has every member of
      // std::vector up to C++17, and the comparisons as friends. Verified.
      makePreset("boost::container::small_vector",
                 "<boost/container/small_vector.hpp>",
                 membersExcept({"operator<=>", "append_range", "insert_range",
                                "assign_range"})),
      // LLVM 22, llvm/ADT/SmallVector.h: no at() or get_allocator(), no
      // const-only iterators (cbegin ...), no shrink_to_fit() or emplace();
      // insert takes an iterator position, not a const_iterator. Verified.
      makePreset("llvm::SmallVector", "\"llvm/ADT/SmallVector.h\"",
                 membersExcept({"get_allocator", "at", "cbegin", "cend",
                                "crbegin", "crend", "shrink_to_fit", "insert",
                                "emplace", "operator<=>", "append_range",
                                "insert_range", "assign_range"})),
      // Abseil at commit 926f1d05 (August 2026, after the 20260817 LTS),
      // absl/container/inlined_vector.h, read: every member of std::vector
      // up to C++17 (insert and emplace take a const_iterator), the
      // comparisons as free functions, no <=>. N must be at least 1.
      makePreset("absl::InlinedVector", "\"absl/container/inlined_vector.h\"",
                 membersExcept({"operator<=>", "append_range", "insert_range",
                                "assign_range"})),
      // folly at commit ff98381e (August 2026), folly/container/small_vector.h
      // (folly/small_vector.h includes it), read: every member of std::vector
      // up to C++17; == and < as members, the other comparisons from
      // boost::totally_ordered. Its <=> exists only when the element type has
      // <=> (see above), so the table leaves it out.
      makePreset("folly::small_vector", "<folly/small_vector.h>",
                 membersExcept({"operator<=>", "append_range", "insert_range",
                                "assign_range"})),
  };
  return Presets;
}

const InlineVectorClass *findInlineVectorPreset(llvm::StringRef Name) {
  Name.consume_front("::");
  for (const InlineVectorClass &Class : inlineVectorPresets())
    if (Class.Name == Name)
      return &Class;
  return nullptr;
}

bool resolveInlineVectorClass(llvm::StringRef Name, llvm::StringRef Header,
                              InlineVectorClass &Result, std::string &Error) {
  Name = Name.trim();
  Header = Header.trim();
  if (Name.empty()) {
    Error = "the class name is empty";
    return false;
  }
  llvm::StringRef Bare = Name;
  Bare.consume_front("::");
  if (!isQualifiedIdentifier(Bare)) {
    Error = ("'" + Name + "' is not a qualified class name like my::Vector " +
             "(without template arguments)")
                .str();
    return false;
  }
  if (!Header.empty() && !isUsableHeader(Header)) {
    Error = ("'" + Header + "' is not a header name like <my/vector.h> or " +
             "\"my/vector.h\"")
                .str();
    return false;
  }
  if (const InlineVectorClass *Preset = findInlineVectorPreset(Bare)) {
    Result = *Preset;
    if (!Header.empty())
      Result.Header = Header;
    return true;
  }
  if (Header.empty()) {
    Error = ("'" + Bare + "' is not a preset; give its header in " +
             "SmallVectorHeader")
                .str();
    return false;
  }
  Result = projectInlineVectorClass(Bare, Header);
  return true;
}

InlineVectorClass projectInlineVectorClass(llvm::StringRef Name,
                                           llvm::StringRef Header) {
  InlineVectorClass Class;
  Class.Name = Name;
  Class.Header = Header;
  Class.Members = ~uint64_t(0);
  Class.Constructions = AllConstructions;
  for (const InlineVectorClass &Preset : inlineVectorPresets()) {
    Class.Members &= Preset.Members;
    Class.Constructions &= Preset.Constructions;
  }
  Class.Preset = false;
  return Class;
}

ReplacementFit fitOfReplacement(
    const InlineVectorClass &Target, const llvm::StringSet<> &Members,
    llvm::ArrayRef<VectorConstruction> Constructions, bool OwnClassChosen) {
  ReplacementFit Fit;
  for (const auto &Member : Members)
    if (!Target.hasMember(Member.getKey())) {
      Fit.Silence = "the replacement lacks " + Member.getKey().str();
      return Fit;
    }
  for (VectorConstruction Form : Constructions) {
    if (Target.hasConstruction(Form))
      continue;
    if (!OwnClassChosen) {
      Fit.Silence = "the replacement cannot be constructed this way";
      return Fit;
    }
    Fit.NoFix = (Target.Name + " is the project's own class, assumed to be "
                               "default-constructible only; construct it "
                               "empty and append")
                    .str();
  }
  return Fit;
}

} // namespace alloc_tidy
