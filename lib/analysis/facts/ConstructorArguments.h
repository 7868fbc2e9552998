//===--- ConstructorArguments.h - what every construction passes -*- C++
//-*-===//
//
// "Every Row is built with a width of 120": a data member sized by a
// constructor parameter has a known size when every construction of the
// class that can exist passes the same constant for that parameter. This
// finds those constructions in a translation unit: direct ones (Row R(120),
// new Row(120), Row{120}), the ones the standard library makes for a call
// that forwards its arguments (v.emplace_back(120), std::make_unique<Row>(120),
// std::construct_at(P, 120)), and the ones that pass on a parameter of
// another constructor (Screen(int Width) { Rows.emplace_back(Width); }),
// followed to that constructor's own constructions.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_CONSTRUCTORARGUMENTS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_CONSTRUCTORARGUMENTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace alloc_tidy {

/// The value of \p E when it is a non-negative integer constant expression.
std::optional<uint64_t> evaluateCount(const clang::Expr *E,
                                      const clang::ASTContext &Ctx);

class ConstructorArguments {
public:
  /// Indexes every construction in \p Ctx's translation unit, template
  /// instantiations included: one walk of the AST, so build it only when a
  /// question needs it.
  explicit ConstructorArguments(clang::ASTContext &Ctx);
  ~ConstructorArguments();

  /// The constant every visible construction through \p Ctor passes for its
  /// parameter \p Index (a default argument counts as passed), or nullopt
  /// with \p Why saying what is in the way: the class is declared in a
  /// header (other translation units may construct it differently), no
  /// construction is visible, one passes something that is not a constant,
  /// two pass different constants, the standard library constructs it from
  /// a call the analysis does not recognise, or a forwarding call could
  /// reach several constructors.
  std::optional<uint64_t>
  constantArgument(const clang::CXXConstructorDecl *Ctor, unsigned Index,
                   std::string &Why);

private:
  class Index;
  std::unique_ptr<Index> Impl;
};

} // namespace alloc_tidy

#endif
