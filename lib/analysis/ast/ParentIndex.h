//===--- ParentIndex.h - parents of the project's own AST nodes -*- C++ -*-===//
//
// ASTContext::getParents builds, on its first call, a map of every node of
// the translation unit, the standard library's headers and all their
// template instantiations included: on a typical unit that is a fifth of
// the parse, paid by whichever check asks first. The checks only ever walk
// up from code outside system headers, so this index maps just that code,
// one ASTContext's index shared by every check and analysis that asks, and
// walks it one namespace-level declaration at a time, the ones that hold
// the nodes asked about.
//
// The parents are the ones ASTContext gives (the traversal of
// RecursiveASTVisitor, implicit code and template instantiations included,
// TK_AsIs): a node outside the index falls back to ASTContext's map.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_AST_PARENTINDEX_H
#define ALLOC_TIDY_LIB_ANALYSIS_AST_PARENTINDEX_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTTypeTraits.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchersInternal.h"
#include "clang/ASTMatchers/ASTMatchersMacros.h"

namespace alloc_tidy {

/// The parents of \p Node, as Ctx.getParents(Node) gives them with the
/// default traversal (TK_AsIs). Nodes in system headers (and a node a
/// check reaches that the index does not hold) are answered by \p Ctx's own
/// map.
clang::DynTypedNodeList parentsOf(const clang::DynTypedNode &Node,
                                  clang::ASTContext &Ctx);

template <typename NodeT>
clang::DynTypedNodeList parentsOf(const NodeT &Node, clang::ASTContext &Ctx) {
  return parentsOf(clang::DynTypedNode::create(Node), Ctx);
}

/// How many questions, since the program started, the index could not
/// answer and passed on to ASTContext's map (for tests and benchmarks).
unsigned parentIndexFallbacks();

/// How much of the index has been built since the program started (for
/// tests and benchmarks): the segments (declarations at namespace level)
/// walked, and how many times a question made it walk every segment left.
struct ParentIndexBuilds {
  unsigned Segments = 0;
  unsigned Whole = 0;
};
ParentIndexBuilds parentIndexBuilds();

/// Whether \p D is a template instantiation (of a class, function or
/// variable template, or a member of one) or is declared inside one. Told
/// from the declaration contexts alone, without any parent map; the same
/// answer as the isInstantiated() matcher.
bool isInstantiatedDecl(const clang::Decl &D);

/// Whether \p S is code of template instantiations only, from the parent
/// index. The isInTemplateInstantiation() matcher's answer, except for a
/// node that a pattern shares with its instantiations (a default argument
/// that depends on nothing): that is the pattern's code, so not
/// instantiated, where the matcher's answer depends on the order in which
/// it happens to visit the parents.
bool isInInstantiatedCode(const clang::Stmt &S, clang::ASTContext &Ctx);

namespace matchers {

/// isInstantiated() without ASTContext's parent map.
AST_MATCHER(clang::Decl, isInstantiatedDecl) {
  return alloc_tidy::isInstantiatedDecl(Node);
}

/// isInTemplateInstantiation() without ASTContext's parent map.
AST_MATCHER(clang::Stmt, isInInstantiatedCode) {
  return alloc_tidy::isInInstantiatedCode(Node, Finder->getASTContext());
}

} // namespace matchers
} // namespace alloc_tidy

#endif
