//===--- TemporaryArguments.h - containers built for a parameter -*- C++
//-*-===//
//
// A call such as expect({"name", "type"}, X), or log("a message longer than
// the inline buffer") for a const std::string &, builds a container from
// constants, passes it by const reference and frees it, on every call. The
// facts here: which parameter receives a temporary, whether that temporary
// is built from constants only (so one 'static const' object built once
// serves every call with the same meaning), what it holds, and the plan of
// the fix-it that declares that object right before the statement.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_TEMPORARYARGUMENTS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_TEMPORARYARGUMENTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include <cstdint>
#include <optional>
#include <string>

namespace alloc_tidy {

/// An argument passed to a parameter of type const T &.
struct ConstReferenceArgument {
  const clang::FunctionDecl *Callee = nullptr;
  /// The position of the argument in Args.
  unsigned Index = 0;
  /// The object of a member function call (the left operand of a member
  /// operator), else null.
  const clang::Expr *Object = nullptr;
  /// The arguments, the object aside.
  llvm::SmallVector<const clang::Expr *, 4> Args;
};

/// Where \p Argument (an argument or a temporary inside one) is passed to a
/// parameter of type const T & of a call, an operator or a constructor;
/// nullopt for any other use (the object of a member call among them, and
/// the arguments of a variadic function's '...').
std::optional<ConstReferenceArgument>
asConstReferenceArgument(const clang::Expr &Argument, clang::ASTContext &Ctx);

/// Whether \p E computes the same value on every evaluation without side
/// effects: literals, enumerators, constant and const static variables,
/// braced lists of those, and objects of standard library classes (or with
/// constexpr or trivial constructors) built from those. Inside a
/// constructor whose arguments are such constants, \p ParamsOf names it:
/// its parameters then count as constants too.
bool isBuiltFromConstants(const clang::Expr *E, clang::ASTContext &Ctx,
                          const clang::FunctionDecl *ParamsOf = nullptr);

/// A standard container or string built from constants for a const
/// reference parameter.
struct ConstantTemporaryArgument {
  ConstReferenceArgument Call;
  /// The argument as written: "{...}", "..." or std::vector<int>{...}.
  const clang::Expr *Argument = nullptr;
  /// The construction of the temporary.
  const clang::CXXConstructExpr *Construction = nullptr;
  /// The class template of the temporary ("vector", "basic_string", ...).
  std::string Template;
  /// The parameter's type, reference and const aside, as declared.
  clang::QualType Parameter;
  bool IsString = false;
  /// A string: the characters it is built with (a literal, or a count of
  /// one character); a container: its elements. Nullopt when unknown.
  std::optional<uint64_t> Size;
  /// The size in bytes of a string's character type.
  uint64_t CharSize = 1;
  /// Written as an explicit temporary (std::string("..."), T{...}).
  bool Spelled = false;
  /// A class of the program rather than a standard one: the field, a
  /// standard container or string, that its constructor builds from the
  /// constants (Template, IsString and Size are then the field's).
  const clang::FieldDecl *Holder = nullptr;
  /// The constructor that builds Holder (its definition).
  const clang::CXXConstructorDecl *HolderConstructor = nullptr;
};

/// The facts of \p Temporary when it is a standard container or string,
/// or an object of a class of the program that only holds such members
/// (holderField()), built from constants and bound to a const reference
/// parameter of the same type; nullopt otherwise.
std::optional<ConstantTemporaryArgument>
constantTemporaryArgument(const clang::MaterializeTemporaryExpr &Temporary,
                          clang::ASTContext &Ctx);

/// The statement directly in a block (after any labels) that holds \p E:
/// a declaration right before it runs whenever \p E does. Null, with
/// \p Why, when there is none (a member initializer, a default argument).
const clang::Stmt *statementInBlock(const clang::Expr &E,
                                    clang::ASTContext &Ctx, std::string &Why);

/// How the fix-it declares the object before the statement.
struct StaticArgumentPlan {
  /// Why there is no fix-it; empty when there is one.
  std::string NoFix;
  /// The name of the 'static const' object.
  std::string Name;
  clang::SourceLocation InsertAt;
  /// "static const T Name = ARG;\n" and the statement's indentation.
  std::string Declaration;
  clang::CharSourceRange ArgumentRange;
};

/// The fix-it for \p Facts, the argument of a call in \p Function: a
/// 'static const' object named after the parameter, declared right before
/// the statement that holds the call, and the argument replaced by its
/// name. \p Taken holds the names earlier plans in the same function chose
/// (the chosen name is added).
StaticArgumentPlan planStaticArgument(const ConstantTemporaryArgument &Facts,
                                      const clang::FunctionDecl &Function,
                                      llvm::StringSet<> &Taken,
                                      clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
