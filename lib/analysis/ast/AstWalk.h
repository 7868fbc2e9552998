//===--- AstWalk.h - moving around the AST the way the checks do -*- C++
//-*-===//
//
// Small steps every analysis takes: up to a node's parent, past the
// expressions that only pass their operand on (parentheses, temporaries,
// some implicit casts), to the source text of a range.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_AST_ASTWALK_H
#define ALLOC_TIDY_LIB_ANALYSIS_AST_ASTWALK_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTTypeTraits.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringSet.h"
#include <string>
#include <utility>

namespace clang {
class CXXForRangeStmt;
class LambdaExpr;
} // namespace clang

namespace alloc_tidy {

/// The parent of \p Node, or a null node at the top. An expression in
/// braces has two: the list as written, and the initialisation clang made
/// of it (a copy, a conversion); \p PreferInitialization picks the second,
/// which says what happens, else clang's first.
clang::DynTypedNode parentOf(const clang::DynTypedNode &Node,
                             clang::ASTContext &Ctx,
                             bool PreferInitialization = false);

/// Which expressions count as passing their operand on.
enum class Transparency {
  /// Parentheses, temporaries, full expressions and every implicit cast but
  /// lvalue-to-rvalue: the value passes on.
  Value,
  /// The same, with only no-op and derived-to-base casts: the same object
  /// passes on.
  Object,
};

bool isTransparent(const clang::Stmt *S, Transparency Kind);

/// The first ancestor of \p E that is not transparent; \p Child becomes the
/// expression right below it.
clang::DynTypedNode meaningfulParent(const clang::Expr *E,
                                     clang::ASTContext &Ctx,
                                     const clang::Expr *&Child,
                                     Transparency Kind,
                                     bool PreferInitialization = false);

/// \p E without the transparent nodes (Transparency::Value) around its
/// value: parentheses, temporaries, full expressions, implicit casts other
/// than lvalue-to-rvalue.
const clang::Expr *stripTransparent(const clang::Expr *E);

/// The constructor initializer whose expression is \p E, given \p Parent,
/// the parent of \p E: the parent map names either the initializer or, for
/// some, the constructor itself. Null for anything else.
const clang::CXXCtorInitializer *
initializerOf(const clang::Expr *E, const clang::DynTypedNode &Parent);

/// Calls \p Visit with every reference to \p D in \p Scope, lambda bodies
/// inside it included.
void forEachReferenceTo(
    const clang::ValueDecl *D, const clang::Stmt *Scope,
    llvm::function_ref<void(const clang::DeclRefExpr *)> Visit);

/// Calls \p Visit with every lambda expression in \p Scope.
void forEachLambdaIn(const clang::Stmt *Scope,
                     llvm::function_ref<void(const clang::LambdaExpr *)> Visit);

/// The range-for loop whose range is the expression below \p Parent: the
/// loop itself, or the implicit '__range' variable it binds the range to.
/// Null for any other parent.
const clang::CXXForRangeStmt *rangeForOver(const clang::DynTypedNode &Parent,
                                           clang::ASTContext &Ctx);

/// The position of \p Child among \p Args (implicit nodes ignored), or
/// Args.size().
unsigned argumentIndex(llvm::ArrayRef<const clang::Expr *> Args,
                       const clang::Expr *Child);

/// Whether parameter \p Index of \p Callee, an instantiation of a function
/// template, is a forwarding reference (T&&, or a pack of them): the
/// argument reaches the callee as the same object, whatever its category.
bool isForwardingReference(const clang::FunctionDecl *Callee, unsigned Index);

/// The source text of \p Range, a token range.
std::string sourceText(clang::SourceRange Range, const clang::ASTContext &Ctx);

/// The indentation for a line inserted before the one of \p Loc, with the
/// inserted text ending right at \p Loc: the characters of that line before
/// \p Loc, each tab kept and anything else a space, so a tab-indented loop
/// stays tab-indented.
std::string indentationAt(clang::SourceLocation Loc,
                          const clang::SourceManager &SM);

/// A name for a new local variable of \p Function: \p Base, else Base2 to
/// Base9, the first that the body neither declares nor refers to, that no
/// scope around the function declares (a member, a base class's member, a
/// namespace's name), and that is no parameter, macro, keyword or name of
/// \p Taken; empty when every one is.
std::string freeLocalName(llvm::StringRef Base,
                          const clang::FunctionDecl &Function,
                          clang::ASTContext &Ctx,
                          const llvm::StringSet<> &Taken = {});

/// Whether a label, or a case or default of a switch, is written inside
/// \p Scope after \p After: a jump to it from before \p After would pass
/// a variable declared there, which C++ forbids when the variable is
/// initialized or of a class type ("jump bypasses variable
/// initialization"). A declaration inserted at \p After needs a scope of
/// its own then.
bool labelFollows(const clang::Stmt &Scope, clang::SourceLocation After,
                  const clang::SourceManager &SM);

/// Whether \p Text (source text) is a name, a member chain or an
/// argument-less call chain ("n", "in.size()", "p->items().size()",
/// "ns::kCount"): safe next to '*' or '+' without parentheses.
bool isSimpleOperand(llvm::StringRef Text);

/// \p Text as an operand: itself when simple, else in parentheses.
std::string asOperand(llvm::StringRef Text);

/// Whether \p Text has a '?' outside parentheses: "a > b ? c : d" needs
/// them before it can be added to.
bool hasTopLevelConditional(llvm::StringRef Text);

/// What becomes of the value of an expression.
struct ValueUse {
  enum Kind {
    Statement, ///< It is a statement of a block, a branch or a loop body.
    Discarded, ///< Dropped inside an expression: a for's increment, (void).
    Used,      ///< Anything else.
  } Use = Used;
  /// The outermost node of it (parentheses, conversions and temporaries
  /// around it included): what a statement put in its place replaces.
  const clang::Stmt *Whole = nullptr;
};

/// What becomes of the value of \p E.
ValueUse valueUseOf(const clang::Expr *E, clang::ASTContext &Ctx);

/// Whether \p D is declared anywhere inside namespace std (members of its
/// classes and of its nested namespaces included).
bool isWithinStd(const clang::Decl *D);

/// The argument of \p E when \p E is a call of std::move (parentheses and
/// implicit conversions around either stripped); null otherwise.
const clang::Expr *stdMoveArgument(const clang::Expr *E);

/// \p E without parentheses, implicit conversions and a std::move around
/// it: std::move(X) still names X.
const clang::Expr *ignoringStdMove(const clang::Expr *E);

/// The variable \p E names, itself or as the object of member accesses
/// with '.'; null when it is reached through '->', 'this' or a call.
const clang::VarDecl *rootVariable(const clang::Expr *E);

/// Whether \p Assign calls a class's copy or move assignment operator
/// ('X = Y' on objects of a class).
bool isCopyOrMoveAssignment(const clang::CXXOperatorCallExpr &Assign);

/// Whether \p E names a variable, or a member of one or of 'this', through
/// no call and no macro: naming it twice names the same object and runs
/// nothing.
bool isPlainObject(const clang::Expr *E);

/// Whether the plain objects (isPlainObject) \p A and \p B are the same
/// object: the same variable, or the same member of the same object.
bool sameObject(const clang::Expr *A, const clang::Expr *B);

/// The definition of the record that \p T names, looking through pointers,
/// references and arrays; null for anything else.
const clang::RecordDecl *recordBehind(clang::QualType T);

/// Where the compiler instantiated \p RD (an instantiated record), and
/// what: the record, or for a local class the function template around it.
/// An invalid location for a record that is not instantiated.
std::pair<clang::SourceLocation, const clang::NamedDecl *>
pointOfInstantiation(const clang::RecordDecl &RD);

} // namespace alloc_tidy

#endif
