//===--- ImplementationObject.h - a buffer handed to a pimpl ----*- C++ -*-===//
//
// A library's interface class often keeps its state behind a pointer to a
// class that only its own source file defines (a "pimpl"), and its member
// functions build a buffer only to hand it over:
//
//   bool Speller::check(const std::string &W) {
//     std::vector<std::string> Stack;
//     return Impl->check(W, Stack);
//   }
//
// A member of the interface class would change what every unit that
// includes its header sees (its size, its layout, the library's ABI). A
// member of the implementation class changes nothing outside this file.
// These facts say whether a buffer is handed over that way.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_IMPLEMENTATIONOBJECT_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_IMPLEMENTATIONOBJECT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Stmt.h"
#include <optional>
#include <string>

namespace alloc_tidy {

struct ImplementationObject {
  /// The member of the method's class that points to the object.
  const clang::FieldDecl *Pointer = nullptr;
  /// The object's class: defined in the main file, complete where the
  /// method is.
  const clang::CXXRecordDecl *Class = nullptr;
  /// How the method's code names the pointer ("Impl", "this->Impl"), as
  /// written in the call that comes right after the declaration.
  std::string PointerText;
};

/// The object \p Var is handed to, when every use of \p Var in \p Method's
/// body is an argument of a non-const member function called on the object
/// that one member of \p Method's class points to (a plain pointer or a
/// std::unique_ptr), that object's class is defined in the main file, and
/// the statement right after \p Decl makes such a call unconditionally (so
/// the pointer is dereferenced wherever the buffer exists).
std::optional<ImplementationObject> bufferHandedToImplementation(
    const clang::VarDecl &Var, const clang::DeclStmt &Decl,
    const clang::CXXMethodDecl &Method, clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
