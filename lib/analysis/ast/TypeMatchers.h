//===--- TypeMatchers.h - a type's class template in one matcher -*- C++
//-*-===//
//
// Every check asks of each variable, field or expression it meets whether
// its type is a specialization of some class template (std::vector, a
// project's small vector). Written with the stock matchers, that question
// is five nested matchers, each a dynamic dispatch with its own kind test,
// run on every candidate node of a unit. This is the same question in one.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_AST_TYPEMATCHERS_H
#define ALLOC_TIDY_LIB_ANALYSIS_AST_TYPEMATCHERS_H

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Type.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/ASTMatchers/ASTMatchersMacros.h"

namespace alloc_tidy::matchers {

/// A type that is, once its sugar is removed, a specialization of a class
/// template whose declaration \p Template matches: the answer of
/// qualType(hasUnqualifiedDesugaredType(recordType(hasDeclaration(
/// classTemplateSpecializationDecl(Template))))).
AST_MATCHER_P(clang::QualType, isSpecializationOf,
              clang::ast_matchers::internal::Matcher<clang::NamedDecl>,
              Template) {
  if (Node.isNull())
    return false;
  const clang::Type *Desugared = Node->getUnqualifiedDesugaredType();
  if (!clang::isa<clang::RecordType>(Desugared))
    return false;
  const auto *Specialization =
      clang::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
          Desugared->getAsCXXRecordDecl());
  return Specialization && Template.matches(*Specialization, Finder, Builder);
}

} // namespace alloc_tidy::matchers

#endif
