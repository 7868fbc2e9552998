//===--- InputTaint.h - values that come from input -------------*- C++ -*-===//
//
// Answers "may the value of this variable come from input being read?": a
// count read with fread or operator>>, parsed from a string, or decoded from
// the bytes of a buffer that a read call filled (shifts and ors, a cast, a
// helper of any name that takes the buffer). What counts as an input call
// is the caller's to say.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_INPUTTAINT_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_INPUTTAINT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace alloc_tidy {

/// Whether a call reads input (fread, recv, in >> x, a parser, ...).
using InputCallPredicate = llvm::function_ref<bool(const clang::CallExpr *)>;

/// Whether \p Root calls a function that reads input (lambdas aside).
bool readsInput(const clang::Stmt *Root, InputCallPredicate IsInput);

/// Whether the value \p Var holds when \p Point (a statement of \p Body, the
/// function body holding both) starts may come from input. It does when,
/// before Point:
///  - its initialiser or an assignment to it calls an input function, or it
///    is an argument of one ("fread(&n, ...)", "in >> n", "parse(s, n)");
///  - its initialiser or an assignment to it reads a variable whose value
///    comes from input ("n = buf[0] | buf[1] << 8", "n = load32(p)" with p
///    pointing into such a buffer), other than through that variable's
///    size() or sizeof;
///  - it is passed by pointer or non-const reference to a call that also
///    takes such a variable ("getU32(buf, &n)").
/// A buffer comes from input the same ways, including being handed to an
/// input call as the place to fill ("fread(buf, ...)", "in.read(
/// buf.data(), ...)", "ReadFile(h, buf, ...)").
bool isInputDerived(const clang::VarDecl *Var, const clang::Stmt *Point,
                    const clang::Stmt *Body, InputCallPredicate IsInput,
                    clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
