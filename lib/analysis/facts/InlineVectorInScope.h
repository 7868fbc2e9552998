//===--- InlineVectorInScope.h - small vectors a unit already has -*- C++ -*-=//
//
// Which inline-buffer vector a fix-it should use is decided by the code it
// goes into: a project with its own small vector (or one that builds
// without Boost) must not get a Boost include. These are the facts: the
// preset classes a unit declares, the libraries of presets it uses at all
// (any declaration in namespace boost, llvm, absl or folly), the project's
// own class and alias templates that look like one (SmallVector<T, N>,
// small_vector<T, N>, InlinedVector<T, N>), and whether a declaration is
// seen at a place in every unit that sees that place.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_INLINEVECTORINSCOPE_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_INLINEVECTORINSCOPE_H

#include "lib/analysis/facts/InlineVectorClasses.h"
#include "clang/AST/ASTContext.h"
#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

/// Whether \p Name is spelled like an inline-buffer vector: SmallVector,
/// small_vector, InlinedVector, inline_vector, ... (case and underscores
/// ignored).
bool isInlineVectorName(llvm::StringRef Name);

/// Whether \p D is declared before \p Loc in Loc's file, or in a file that
/// Loc's file includes (directly or not) before Loc: then every unit that
/// sees the code at \p Loc sees \p D too.
bool isVisibleAt(const clang::Decl &D, clang::SourceLocation Loc,
                 const clang::SourceManager &SM);

/// The inline-buffer vector classes declared in one unit.
struct InlineVectorClassesInUnit {
  /// Presets the unit declares (their headers are in use), in the order of
  /// inlineVectorPresets().
  std::vector<const InlineVectorClass *> Presets;
  /// Presets whose library the unit includes something of (a namespace
  /// "boost", "llvm", "absl" or "folly" at file scope), in the order of
  /// inlineVectorPresets(): their header adds no dependency.
  std::vector<const InlineVectorClass *> Libraries;

  /// A class or alias template outside system headers, named like an
  /// inline vector, whose parameters are a type and an integer (more only
  /// with defaults): the project's own small vector.
  struct ProjectClass {
    std::string Name; ///< qualified, as the fix-it spells it
    const clang::NamedDecl *Decl = nullptr;
    /// Refers to Name; no header to include; only default construction
    /// (its other constructors may change with the configuration).
    InlineVectorClass Class;
  };
  std::deque<ProjectClass> Project; // stable addresses: Class refers to Name

  /// The class a fix-it at \p Loc should use when the user chose none: the
  /// project's own class seen at \p Loc, else a preset the unit already
  /// declares, else a preset from a library the unit already uses; nullopt
  /// when there is none: any class would be a new dependency.
  std::optional<InlineVectorClass>
  preferredAt(clang::SourceLocation Loc, const clang::SourceManager &SM) const;
};

/// Collects the classes from the declarations at namespace scope.
InlineVectorClassesInUnit findInlineVectorClasses(clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
