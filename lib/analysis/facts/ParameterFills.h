//===--- ParameterFills.h - fill-only reference parameters across units -*-
// C++ -*-===//
//
// "decode(Out, Text)" hands a caller's buffer to a function that only
// resizes and writes it. When that function is defined in another unit, the
// caller's unit cannot see it, and takes the call for an escape. Each unit
// therefore records, for the functions it defines that other units can
// call, which non-const reference or pointer parameters are only filled or
// read (CalleeFills.h judges them) and where they grow; alloc-run merges
// the records of every unit (MemberFactsFile.h), and a check that meets a
// call it cannot follow asks them (ParameterFillsElsewhere).
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_PARAMETERFILLS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_PARAMETERFILLS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include <string>
#include <vector>

namespace alloc_tidy {

/// A range of code in a file a unit may not include: where a callee in
/// another unit grows the container (heapcount's site is in it).
struct CodeSpan {
  /// The absolute path of the file.
  std::string File;
  unsigned Line = 0, Column = 0, EndLine = 0, EndColumn = 0;

  bool operator==(const CodeSpan &Other) const {
    return File == Other.File && Line == Other.Line && Column == Other.Column &&
           EndLine == Other.EndLine && EndColumn == Other.EndColumn;
  }
};

/// One parameter of a function that only fills or reads the container it
/// takes by non-const reference or by pointer.
struct ParameterFill {
  /// parameterKey() of the function.
  std::string Function;
  /// Where it may add elements (when Fills).
  std::vector<CodeSpan> Growth;
  unsigned Index = 0;
  /// Whether it may add elements.
  bool Fills = false;
  /// Whether the function returns the reference (CalleeUse::ReturnsIt).
  bool ReturnsIt = false;

  bool operator==(const ParameterFill &Other) const {
    return Function == Other.Function && Index == Other.Index &&
           Fills == Other.Fills && Growth == Other.Growth &&
           ReturnsIt == Other.ReturnsIt;
  }
};

/// What every unit of a program knows about parameters defined elsewhere.
/// A lookup that finds nothing leaves the call an escape.
class ParameterFillsElsewhere {
public:
  virtual ~ParameterFillsElsewhere() = default;
  /// The record for parameter \p Index of \p Callee, or null.
  virtual const ParameterFill *find(const clang::FunctionDecl &Callee,
                                    unsigned Index) const = 0;
};

/// The name that identifies \p F across units: its qualified name and its
/// type. Empty for a function only its own unit can call (internal
/// linkage, a local class) or a template.
std::string functionKey(const clang::FunctionDecl &F);

/// functionKey() of \p F; empty also for an inline function (every
/// caller's unit has its body).
std::string parameterKey(const clang::FunctionDecl &F);

/// The records of \p Definition's non-const reference and pointer
/// parameters whose containers it only fills or reads, judged in its own unit;
/// none when parameterKey() is empty.
std::vector<ParameterFill>
parameterFillFacts(const clang::FunctionDecl &Definition,
                   clang::ASTContext &Ctx);

/// \p Range as a CodeSpan (its expansion, in one file), or nullopt.
std::optional<CodeSpan> codeSpanOf(clang::SourceRange Range,
                                   const clang::SourceManager &SM);

/// \p Span as a range of \p SM, the file loaded into it when the unit does
/// not include it; invalid when the file cannot be read or the span does
/// not lie in it.
clang::SourceRange rangeOf(const CodeSpan &Span, clang::SourceManager &SM);

} // namespace alloc_tidy

#endif
