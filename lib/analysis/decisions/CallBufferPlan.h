//===--- CallBufferPlan.h - a per-call buffer kept in a member ---*- C++
//-*-===//
//
// A member function that declares "std::string Buf;", fills it and drops it
// allocates again on every call. Kept in a member of its class and cleared
// where it was declared, the buffer keeps the capacity it grew to. The plan
// says how to write that (the member, its name in the class's style, the
// reference that replaces the declaration) or why the change could mean
// something else: a class other units define or copy by its members, an
// aggregate, elements whose destruction the user can observe.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_CALLBUFFERPLAN_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_CALLBUFFERPLAN_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Stmt.h"
#include <string>

namespace alloc_tidy {

struct CallBufferPlan {
  /// Why there is no fix-it, and where; empty when there is one.
  std::string NoFix;
  clang::SourceLocation NoFixLoc;
  /// The member's name and its declaration, inserted at MemberAt (before
  /// the class's closing brace).
  std::string Member;
  std::string MemberText;
  clang::SourceLocation MemberAt;
  /// The local's declaration, from its name to the ';', and what replaces
  /// it: a reference to the member, then a clear().
  clang::CharSourceRange DeclRange;
  std::string DeclText;
};

/// The member name for a buffer called \p Local in a class whose data
/// members are named \p Fields: the style most of them follow ("name_",
/// "m_name", "mName"), or "LocalBuffer" / "local_buffer".
std::string memberNameFor(llvm::StringRef Local,
                          llvm::ArrayRef<llvm::StringRef> Fields);

/// Keeping \p Var, declared by \p Decl in \p Method's body, in a member of
/// \p Method's class; \p Element is what the container holds.
CallBufferPlan planCallBuffer(const clang::VarDecl &Var,
                              const clang::DeclStmt &Decl,
                              const clang::CXXMethodDecl &Method,
                              clang::QualType Element, clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
