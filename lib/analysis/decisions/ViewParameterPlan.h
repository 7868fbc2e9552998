//===--- ViewParameterPlan.h - a string parameter taken as a view -*- C++
//-*-===//
//
// Whether a const std::basic_string & parameter that its function only
// reads may become a std::basic_string_view, and the edits that make it one:
// the function's body serves a view (ViewParameters.h), and every call of
// it, in every unit that can name it, passes characters or a string. For a
// function only its own unit can call, that unit's calls decide; for one
// that other units can call, the records of every unit of the program
// (alloc-run's whole-program facts) do.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_VIEWPARAMETERPLAN_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_VIEWPARAMETERPLAN_H

#include "lib/analysis/decisions/TextEdit.h"
#include "lib/analysis/facts/ViewParameters.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/SmallVector.h"
#include <string>
#include <vector>

namespace alloc_tidy {

/// What is known about the calls of a function beyond the unit that
/// defines it.
struct ViewCallersElsewhere {
  /// Whether the function has internal linkage: this unit's calls are all.
  bool OnlyThisUnit = false;
  /// Whether the whole program's records are at hand and current.
  bool WholeProgram = false;
  /// The merged record of every unit for the parameter (null when none).
  const ViewArgumentRecord *Everywhere = nullptr;
  /// Whether every unit of the program is compiled as C++17 or later.
  bool EveryUnitHasViews = false;
  /// The files that declare the function in this unit, and its main file.
  std::vector<std::string> DeclarationFiles;
  std::string MainFile;
};

/// Why the calls allow no fix-it: a call of this unit passes what a view
/// does not take, another unit's may, or one declares the function where
/// this unit cannot change it. Empty when the calls allow it.
std::string viewCallersVerdict(const ViewParameterCalls &Here,
                               const ViewCallersElsewhere &Elsewhere);

/// The edits that make parameter \p Index of \p F a view.
struct ViewParameterPlan {
  /// Why there is none; empty when there is.
  std::string NoFix;
  /// The type every declaration gets: "std::string_view",
  /// "std::basic_string_view<string_type::value_type>".
  std::string ViewType;
  std::vector<TextEdit> Edits;
  /// The files edited, where <string_view> goes.
  llvm::SmallVector<clang::FileID, 2> Files;
};

/// The plan for parameter \p Index of \p F: every declaration this unit
/// sees takes the view. A type written through an alias of the user's
/// (string_type) keeps that alias, so that a build where it names another
/// string (a wide one) gets the matching view.
ViewParameterPlan planViewParameter(const clang::FunctionDecl &F,
                                    unsigned Index, clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
