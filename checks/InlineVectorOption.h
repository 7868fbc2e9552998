//===--- InlineVectorOption.h - option SmallVectorClass ---------*- C++ -*-===//
//
// The class alloc-small-vector's fix-its write: option SmallVectorClass
// names it (with SmallVectorHeader for a class that is not a preset), or
// "auto" lets the code decide for each declaration: its own small vector
// where the declaration sees one, else a preset the unit already uses (the
// class, or its library), else none: a fix-it never adds a library. Also:
// whether the class's header is found, and how an include of it is spelled.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_CHECKS_INLINEVECTOROPTION_H
#define ALLOC_TIDY_CHECKS_INLINEVECTOROPTION_H

#include "clang-tidy/ClangTidyCheck.h"
#include "lib/analysis/decisions/PmrLocalPlan.h"
#include "lib/analysis/facts/InlineVectorClasses.h"
#include "lib/analysis/facts/InlineVectorInScope.h"
#include <optional>
#include <string>

namespace clang::tidy::alloc {

class InlineVectorOption {
public:
  /// Reads options SmallVectorClass ("auto" by default) and
  /// SmallVectorHeader of \p Check. A class that cannot be resolved is
  /// reported as a configuration error; fix-its are then disabled.
  InlineVectorOption(ClangTidyCheck &Check,
                     ClangTidyCheck::OptionsView &Options, StringRef CheckName);

  void store(ClangTidyCheck::OptionsView &Options,
             ClangTidyOptions::OptionMap &Opts) const;

  /// Whether the option names a class fix-its can write.
  bool usable() const { return Usable; }
  /// Whether the code decides the class ("auto").
  bool isAuto() const { return Auto; }

  /// The class the option names (Boost's for "auto", as an example).
  const alloc_tidy::InlineVectorClass &configured() const { return Configured; }
  /// The class for a declaration at \p Loc; nullopt for "auto" when the
  /// unit uses no small vector and no library that has one.
  std::optional<alloc_tidy::InlineVectorClass> classAt(SourceLocation Loc,
                                                       ASTContext &Ctx);
  /// The note of a vector without a fix-it because the code has no class:
  /// names the option, with \p Example ("boost::container::small_vector<int,
  /// 2>").
  /// With \p StackElements (a local's bound, in C++17), the note also
  /// names the way without a library: a std::pmr::vector of \p Element
  /// over a buffer on the stack.
  std::string whyNoClass(StringRef Example, StringRef Element = "",
                         uint64_t StackElements = 0) const;
  /// Forgets the classes of the translation unit that ended.
  void endTranslationUnit() { ClassesInUnit.reset(); }

private:
  std::string CheckName;
  std::string ClassName;
  std::string Header;
  bool Auto = false;
  bool Usable = false;
  alloc_tidy::InlineVectorClass Configured;
  std::optional<alloc_tidy::InlineVectorClassesInUnit> ClassesInUnit;
};

/// Whether \p Header ("<a.h>" or "\"a.h\"") is found from the file of
/// \p Where with the include paths of \p PP's unit (true without \p PP).
bool headerFound(Preprocessor *PP, StringRef Header, SourceLocation Where,
                 const SourceManager &SM);

/// The header as IncludeInserter takes it: "<a.h>" for an angled include,
/// a bare "a.h" for a quoted one.
StringRef includeSpelling(StringRef Header);

/// For a local vector \p Var that a profile sized to \p Capacity, in code
/// with no small-vector class: a std::pmr::vector on a buffer on the stack
/// (PmrLocalPlan.h), in C++17 with <memory_resource> found, for a type
/// written as a template (\p Spelled). nullopt where it does not apply;
/// else the plan, whose Why says why not when it is not safe.
std::optional<alloc_tidy::PmrLocalPlan>
planStackVector(const VarDecl &Var, TypeLoc Spelled,
                llvm::ArrayRef<alloc_tidy::ContainerUse> Uses,
                StringRef Element, QualType ElementType, uint64_t Capacity,
                uint64_t MaxBytes, Preprocessor *PP, ASTContext &Ctx);

} // namespace clang::tidy::alloc

#endif
