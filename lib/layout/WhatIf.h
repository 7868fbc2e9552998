//===--- WhatIf.h - layouts after a change to a record ----------*- C++ -*-===//
//
// "What would sizeof(AttrRow) be if 'runs' were a small_vector<Run, 1>?" and
// "which field order needs the least padding?", answered exactly for the
// target: the record is rebuilt as an invisible copy (same bases, attributes
// and ABI pointers, the fields changed as asked) and laid out by clang's own
// record layout builder. A copy that does not reproduce the original layout
// when nothing is changed is not trusted, and the question gets no answer.
//
// The new member type comes from a real instantiation of its template
// (instantiateClassTemplate), never from a formula.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_LAYOUT_WHATIF_H
#define ALLOC_TIDY_LIB_LAYOUT_WHATIF_H

#include "lib/layout/LayoutBuilder.h"
#include "lib/layout/LayoutModel.h"
#include "clang/AST/TemplateBase.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace clang {
class ClassTemplateDecl;
class FieldDecl;
class Preprocessor;
class Sema;
} // namespace clang

namespace alloc_tidy {
namespace layout {

/// The layout of \p RD if \p Field had type \p NewType (a complete type).
/// The result keeps RD's name and position. nullopt when RD has no
/// computable layout, NewType is incomplete, or the rebuilt copy of RD does
/// not reproduce RD's own layout (then no answer would be exact).
std::optional<RecordLayout>
layoutWithFieldType(const clang::RecordDecl &RD, const clang::FieldDecl &Field,
                    clang::QualType NewType, clang::ASTContext &Ctx,
                    const LayoutOptions &Options = {});

/// The layout of \p RD with one more field, \p Name of type \p Type (a
/// complete type), declared after its last field with that field's access,
/// e.g. the inline buffer a string class could add. nullopt as for
/// layoutWithFieldType, and when RD's last field is a flexible array member
/// (nothing can follow it).
std::optional<RecordLayout>
layoutWithFieldAppended(const clang::RecordDecl &RD, clang::QualType Type,
                        llvm::StringRef Name, clang::ASTContext &Ctx,
                        const LayoutOptions &Options = {});

/// The layout of \p RD with its fields in \p Order (a permutation of
/// RD.fields()); nullopt as for layoutWithFieldType or when Order is not a
/// permutation.
std::optional<RecordLayout>
layoutWithFieldOrder(const clang::RecordDecl &RD,
                     llvm::ArrayRef<const clang::FieldDecl *> Order,
                     clang::ASTContext &Ctx, const LayoutOptions &Options = {});

/// The field order of \p RD with the smallest size, and that size, when it
/// is smaller than RD's own: runs of adjacent bit-fields move as one unit,
/// ties keep declaration order. nullopt when no order is smaller (or none
/// can be computed exactly).
std::optional<ReorderResult> findBetterFieldOrder(const clang::RecordDecl &RD,
                                                  clang::ASTContext &Ctx);

/// A better field order and the layout it gives (layoutWithFieldOrder's,
/// with the default options).
struct BetterFieldOrder {
  std::vector<const clang::FieldDecl *> Fields;
  RecordLayout Layout;
};

/// The same search, returning the fields themselves (for a fix-it) and
/// their layout. With \p KeepLastField the last declared field stays last
/// in every order tried (a variable-length tail: code reaches past its end).
std::optional<BetterFieldOrder>
findBetterFieldDecls(const clang::RecordDecl &RD, clang::ASTContext &Ctx,
                     bool KeepLastField = false);

/// The class template named \p QualifiedName ("std::vector",
/// "boost::container::small_vector") declared in the translation unit, also
/// when it lives in an inline namespace (libc++'s std::__1); null if none.
clang::ClassTemplateDecl *findClassTemplate(clang::ASTContext &Ctx,
                                            llvm::StringRef QualifiedName);

/// The Sema that parsed the translation unit of \p PP and \p Ctx, while the
/// AST consumers run at its end; null when there is none (a clang-tidy check
/// is given no Sema, so this asks the preprocessor for the parser, which is
/// its code-completion handler for as long as the parse lasts).
clang::Sema *findSema(clang::Preprocessor &PP, clang::ASTContext &Ctx);

/// \p Template instantiated with \p Args (defaulted arguments filled in by
/// Sema) and completed, as the compiler would for a declaration of that
/// type. Errors in the instantiation are not reported to the user; they give
/// a null type and set \p Why to a phrase that follows the template's
/// name ("cannot be instantiated with these arguments").
clang::QualType
instantiateClassTemplate(clang::Sema &S, clang::ClassTemplateDecl &Template,
                         llvm::ArrayRef<clang::TemplateArgument> Args,
                         std::string &Why);

/// \p Template specialised with \p Args (every argument, defaulted ones
/// included) as a complete type: the specialisation the translation unit
/// already instantiated, else one instantiated by \p S when a Sema is given.
/// A null type, with \p Why set, when neither works.
clang::QualType completeSpecialization(
    clang::ASTContext &Ctx, clang::Sema *S, clang::ClassTemplateDecl &Template,
    llvm::ArrayRef<clang::TemplateArgument> Args, std::string &Why);

} // namespace layout
} // namespace alloc_tidy

#endif
