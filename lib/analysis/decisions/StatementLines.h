//===--- StatementLines.h - statements as whole lines of text --*- C++ -*-===//
//
// A fix-it that moves or removes a statement takes its whole lines: its
// indentation, the statement, a comment after it on its line, and the line
// break, so that what is left reads as if it had never been there.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_STATEMENTLINES_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_STATEMENTLINES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace alloc_tidy {

/// The text before \p Loc on its line when it is only blanks; nullopt when
/// code comes first.
std::optional<llvm::StringRef> indentBefore(clang::SourceLocation Loc,
                                            const clang::SourceManager &SM);

/// The location just past the end of \p S, its ';' included, and its line,
/// when only blanks or a line comment follow on that line; invalid
/// otherwise.
clang::SourceLocation endOfStatementLine(const clang::Stmt *S,
                                         clang::ASTContext &Ctx);

/// The first character after \p Loc that is not a blank or a line break.
clang::SourceLocation nextNonBlank(clang::SourceLocation Loc,
                                   const clang::SourceManager &SM);

} // namespace alloc_tidy

#endif
