//===--- NodeMatchers.h - what a node names, in one matcher -----*- C++ -*-===//
//
// Some matchers run on every reference, member access or member call of a
// unit. Written with the stock matchers, each is a chain of nested
// matchers, a dynamic dispatch per level (its kind test, its traversal
// scope, its parent-map lookups); the same questions asked in plain code
// cost one dispatch.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_AST_NODEMATCHERS_H
#define ALLOC_TIDY_LIB_ANALYSIS_AST_NODEMATCHERS_H

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/ASTMatchers/ASTMatchersMacros.h"
#include "llvm/ADT/STLExtras.h"
#include <string>
#include <vector>

namespace alloc_tidy::matchers {

/// A variable of local storage that is not a parameter, whose type \p Type
/// matches: varDecl(unless(parmVarDecl()), hasLocalStorage(),
/// hasType(Type)) in one matcher, asked of every variable and parameter of
/// a unit.
AST_MATCHER_P(clang::VarDecl, isLocalOfType,
              clang::ast_matchers::internal::Matcher<clang::QualType>, Type) {
  return !clang::isa<clang::ParmVarDecl>(Node) && Node.hasLocalStorage() &&
         Type.matches(Node.getType(), Finder, Builder);
}

/// A reference to a variable of local storage (a parameter too) whose type
/// \p Type matches: to(varDecl(hasLocalStorage(), hasType(Type))) in one
/// matcher, asked of every reference of a unit.
AST_MATCHER_P(clang::DeclRefExpr, toLocalVariableOfType,
              clang::ast_matchers::internal::Matcher<clang::QualType>, Type) {
  const auto *Var = clang::dyn_cast<clang::VarDecl>(Node.getDecl());
  return Var && Var->hasLocalStorage() &&
         Type.matches(Var->getType(), Finder, Builder);
}

/// An access of a data member whose type \p Type matches:
/// member(fieldDecl(hasType(Type))) in one matcher, asked of every member
/// access of a unit.
AST_MATCHER_P(clang::MemberExpr, toFieldOfType,
              clang::ast_matchers::internal::Matcher<clang::QualType>, Type) {
  const auto *Field = clang::dyn_cast<clang::FieldDecl>(Node.getMemberDecl());
  return Field && Type.matches(Field->getType(), Finder, Builder);
}

/// A call of a member function named one of \p Names (unqualified):
/// callee(cxxMethodDecl(hasAnyName(Names))) in one matcher, asked of every
/// member call of a unit.
AST_MATCHER_P(clang::CXXMemberCallExpr, callsMethodNamed,
              std::vector<std::string>, Names) {
  const clang::CXXMethodDecl *Method = Node.getMethodDecl();
  return Method && Method->getIdentifier() &&
         llvm::is_contained(Names, Method->getName());
}

/// A construction by a copy constructor:
/// hasDeclaration(cxxConstructorDecl(isCopyConstructor())) in one matcher.
AST_MATCHER(clang::CXXConstructExpr, constructsByCopy) {
  const clang::CXXConstructorDecl *Ctor = Node.getConstructor();
  return Ctor && Ctor->isCopyConstructor();
}

/// 'A = B' calling a class's copy assignment operator:
/// hasOverloadedOperatorName("="),
/// callee(cxxMethodDecl(isCopyAssignmentOperator())) in one matcher.
AST_MATCHER(clang::CXXOperatorCallExpr, callsCopyAssignment) {
  if (Node.getOperator() != clang::OO_Equal)
    return false;
  const auto *Method =
      clang::dyn_cast_or_null<clang::CXXMethodDecl>(Node.getCalleeDecl());
  return Method && Method->isCopyAssignmentOperator();
}

/// An expression that names a local variable that is not a parameter,
/// implicit nodes around it ignored:
/// ignoringImplicit(declRefExpr(to(varDecl(hasLocalStorage(),
/// unless(parmVarDecl()))))) in one matcher.
AST_MATCHER(clang::Expr, namesLocalVariable) {
  const auto *Ref = clang::dyn_cast<clang::DeclRefExpr>(Node.IgnoreImplicit());
  const auto *Var =
      Ref ? clang::dyn_cast<clang::VarDecl>(Ref->getDecl()) : nullptr;
  return Var && Var->hasLocalStorage() && !clang::isa<clang::ParmVarDecl>(Var);
}

/// A '+' whose type \p Type matches, seen through an elidable copy, implicit
/// nodes and parentheses:
/// ignoringElidableConstructorCall(ignoringImplicit(ignoringParens(
/// cxxOperatorCallExpr(hasOverloadedOperatorName("+"), hasType(Type))))) in
/// one matcher, asked of every argument, initializer and returned value.
AST_MATCHER_P(clang::Expr, isPlusThroughCopy,
              clang::ast_matchers::internal::Matcher<clang::QualType>, Type) {
  const clang::Expr *Inner = &Node;
  const clang::Expr *E = &Node;
  if (const auto *Cleanups = clang::dyn_cast<clang::ExprWithCleanups>(E))
    E = Cleanups->getSubExpr();
  if (const auto *Ctor = clang::dyn_cast<clang::CXXConstructExpr>(E);
      Ctor && Ctor->isElidable() && Ctor->getNumArgs() > 0)
    if (const auto *Temporary =
            clang::dyn_cast<clang::MaterializeTemporaryExpr>(Ctor->getArg(0)))
      Inner = Temporary->getSubExpr();
  const auto *Plus = clang::dyn_cast<clang::CXXOperatorCallExpr>(
      Inner->IgnoreImplicit()->IgnoreParens());
  return Plus && Plus->getOperator() == clang::OO_Plus &&
         Type.matches(Plus->getType(), Finder, Builder);
}

} // namespace alloc_tidy::matchers

#endif
