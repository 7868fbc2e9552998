//===--- RecordAbi.h - is a record's layout shared beyond this code? -*- C++
//-*-===//
//
// A record whose layout other binaries or other languages depend on cannot
// have its fields reordered by the code that defines it alone: a library's
// exported class (its users were compiled against the old layout), a record
// shared with C code (C has its own copy of the declaration).
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_RECORDABI_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_RECORDABI_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include <string>

namespace alloc_tidy {

/// Why \p RD may be part of a shared library's interface, whose binary
/// layout a reorder would break: a dllexport, dllimport or
/// default-visibility attribute, or a macro between the class key and the
/// name ('class LEVELDB_EXPORT Options'), which exports it in a shared build
/// even where this build defines it empty. The nested-name qualifier of an
/// out-of-line definition ('class NS::Outer::Private') is not a macro.
/// Empty when nothing says so.
std::string libraryInterfaceReason(const clang::RecordDecl &RD,
                                   const clang::ASTContext &Ctx);

/// Why \p RD is part of a library's public interface: exported
/// (libraryInterfaceReason) and declared in a header under a directory
/// named 'include', where libraries keep the headers they install for their
/// users. Its layout is then a promise to code built elsewhere, which a
/// reorder breaks until the library's next major release. Empty otherwise.
std::string publicInterfaceReason(const clang::RecordDecl &RD,
                                  const clang::ASTContext &Ctx);

/// Why \p F's signature may be part of a shared library's binary
/// interface, which a change of a parameter's type would break: a
/// declaration with a dllexport, dllimport or default-visibility attribute,
/// or with a macro right before it ('LIBHUNSPELL_DLL_EXPORTED bool
/// copy_field(...)'), which exports it in a shared build even where this
/// build defines it empty. Empty when nothing says so.
std::string libraryFunctionReason(const clang::FunctionDecl &F,
                                  const clang::ASTContext &Ctx);

/// The name of the header that \p Loc is in when a directory of its path is
/// named 'include' (where libraries keep the headers they install); empty
/// for the main file, a system header or any other file.
llvm::StringRef publicHeaderOf(clang::SourceLocation Loc,
                               const clang::SourceManager &SM);

/// Why \p F is part of a library's public source interface: it is declared
/// in a header under a directory named 'include' (publicInterfaceReason)
/// and is not a private member. Code built elsewhere calls it, and a change
/// of a parameter's type can break that code. Empty otherwise.
std::string publicFunctionReason(const clang::FunctionDecl &F,
                                 const clang::ASTContext &Ctx);

/// Whether \p RD describes a layout shared with C code: declared in an
/// extern "C" context, or in a header of a unit compiled as C.
bool isSharedWithC(const clang::RecordDecl &RD, const clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
