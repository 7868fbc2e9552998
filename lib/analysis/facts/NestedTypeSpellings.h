//===--- NestedTypeSpellings.h - types spelled through a container -*- C++
//-*-===//
//
// A fix-it that changes a container's type (std::deque<Row> to
// std::vector<Row>) breaks every declaration that spells a type nested in
// the old one: "std::deque<Row>::const_iterator first() const;" no longer
// matches what the function returns. These are the places user code spells
// such a type, found once per translation unit.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_NESTEDTYPESPELLINGS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_NESTEDTYPESPELLINGS_H

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

class NestedTypeSpellings {
public:
  /// A type nested in a container type, as written: its range.
  struct Spelling {
    clang::SourceRange Range;
  };

  /// The spellings outside system headers of a type nested in \p Container
  /// (the same class template specialization); only those in the body of \p
  /// Within when it is given (a local container's type can only be tied to code
  /// of its own function).
  std::vector<Spelling> of(clang::QualType Container,
                           const clang::FunctionDecl *Within,
                           clang::ASTContext &Ctx);

  /// The first of those, and why a change of the container's type must
  /// change it too.
  struct Tie {
    clang::SourceLocation Loc;
    std::string Why;
  };
  std::optional<Tie> firstTie(clang::QualType Container,
                              const clang::FunctionDecl *Within,
                              clang::ASTContext &Ctx);

private:
  using SpellingMap =
      llvm::DenseMap<const clang::Decl *, std::vector<Spelling>>;
  SpellingMap &collect(clang::ASTContext &Ctx);

  /// By the container's class (its canonical declaration).
  std::optional<SpellingMap> ByContainer;
};

} // namespace alloc_tidy

#endif
