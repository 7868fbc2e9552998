//===--- LastUseCopies.h - locals copied where they could move --*- C++ -*-===//
//
// Lines.push_back(Line) at the end of a loop body copies Line's characters
// into a new buffer, and Line's own buffer is freed a moment later when it
// goes out of scope. When nothing reads Line after that statement,
// std::move(Line) hands the buffer over instead: one allocation less per
// iteration. The facts here: which copy of a local a statement makes (a
// copy construction, a copy assignment, or an argument a standard
// container copies in), and whether it is the local's last use, nothing
// else (a pointer, a reference, a view, a lambda) still able to read it.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_LASTUSECOPIES_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_LASTUSECOPIES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include <optional>
#include <string>

namespace alloc_tidy {

/// A copy of a local variable made at a reference to it.
struct LocalCopy {
  const clang::VarDecl *Var = nullptr;
  const clang::DeclRefExpr *Use = nullptr;
  /// What copies it: "'push_back'", "the assignment", "the initialization
  /// of 'Copy'", "passing it by value to 'f'", "the braced initializer of
  /// a 'Token'".
  std::string By;
};

/// The copy \p E makes of a local variable (not a parameter) of a type
/// whose copy allocates and whose move does not: \p E is a copy
/// construction or copy assignment from the variable, or a call of a
/// standard container's push_back, push, insert or emplace member with the
/// variable as an argument.
std::optional<LocalCopy> copiedLocal(const clang::Expr &E,
                                     clang::ASTContext &Ctx);

/// Why std::move at \p Copy could change what the program does, as a
/// clause; empty when \p Copy is the variable's last use: no reference
/// after it in the function, no loop that repeats it with the same
/// variable, and no pointer, reference, iterator or view taken from the
/// variable, nor a lambda capturing it by reference, that could read it
/// later.
std::string whyNotLastUse(const LocalCopy &Copy, clang::ASTContext &Ctx);

/// The local that \p Argument, passed for a const reference to \p Class
/// of \p Callee, hands over on its last use: a local variable (not a
/// parameter, not static, not const) of that class, whose copy allocates
/// and whose move does not, named once in its statement and not read after
/// it (whyNotLastUse). std::move there makes the argument an rvalue, which
/// a parameter taken by value moves in instead of copying. Nullopt
/// otherwise.
std::optional<LocalCopy> localOnLastUse(const clang::Expr &Argument,
                                        clang::QualType Class,
                                        const clang::FunctionDecl &Callee,
                                        clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
