//===--- TypeSpelling.h - where a declaration spells its type ---*- C++ -*-===//
//
// Fix-its that change a container's type rewrite the type as the user wrote
// it: "std::deque<Row>" keeps its template arguments, with the user's
// spelling, and only the template name changes. These find the pieces.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_CHECKS_TYPESPELLING_H
#define ALLOC_TIDY_CHECKS_TYPESPELLING_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <string>

namespace clang::tidy::alloc {

/// Strips cv-qualifiers and the sugar that spells a qualified name.
TypeLoc namedTypeLoc(TypeLoc TL);

/// The element as the code spells it: "std::vector<Row>" gives "Row"; the
/// printed \p Element when the type is not spelled as one template argument.
std::string spelledElementType(QualType Element, TypeLoc Spelled,
                               const ASTContext &Ctx);

/// The text between the angle brackets of a spelled template type: a type's
/// source range leaves out a leading 'const' ("const Token *" would lose
/// it). Empty when the type is not spelled as a template.
std::string spelledArguments(TypeLoc Spelled, const ASTContext &Ctx);

/// The range of the template name (qualifier included) in a spelled
/// template type: "std::deque" in "const std::deque<Row>". Also for a type
/// deduced from its initializer ("std::vector v{1, 2}"). nullopt when the
/// type is not spelled as a template or comes from a macro.
std::optional<CharSourceRange> templateNameRange(TypeLoc Spelled);

/// The whole spelled template type, its name through its closing '>':
/// "std::vector<Row>" in "const std::vector<Row> V". nullopt as for
/// templateNameRange, and for a type deduced from its initializer.
std::optional<CharSourceRange> templateTypeRange(TypeLoc Spelled);

/// Where the declaration \p D spells its type, for a fix-it to rewrite: the
/// declared type, or for 'auto' the type named in its initializer
/// ("auto d = std::deque<int>()"); through a type alias, the alias's own
/// spelling, with the alias in \p Alias (canonical). Null when not spelled.
TypeLoc spelledDeclType(const ValueDecl &D, const TypedefNameDecl *&Alias);

/// Why a fix-it cannot rewrite a declaration's type, and where to say it.
struct NoRewrite {
  SourceLocation Loc;
  std::string Text;
};

/// Another declarator of the declaration of \p D ("std::deque<int> a, b;"),
/// which a rewrite of the type spelled once would change too; none when
/// each declarator that shares it is one \p ChangesToo accepts.
const DeclaratorDecl *declaratorSharingType(
    const DeclaratorDecl &D,
    llvm::function_ref<bool(const DeclaratorDecl &)> ChangesToo);

/// Whether a fix-it can rewrite the type of \p D, spelled as \p Spelled
/// (null when not spelled): not through an alias, spelled as a template,
/// not shared with another declarator ("std::vector<int> a, b;").
std::optional<NoRewrite> whyTypeNotRewritable(const DeclaratorDecl &D,
                                              TypeLoc Spelled);

} // namespace clang::tidy::alloc

#endif
