//===--- CopyFacts.h - what copying and moving a class costs ----*- C++ -*-===//
//
// The three checks about copies (alloc-missing-move, alloc-copied-parameter,
// alloc-last-use-copy) ask the same questions of a type: does a copy of it
// allocate, and would an rvalue of it be moved rather than copied? And of a
// function: is it the standard library's? The answers live here, once.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_COPYFACTS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_COPYFACTS_H

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Type.h"

namespace alloc_tidy {

/// Whether copying an object of type \p T may allocate: a standard
/// container or string, or a class with one among its members (arrays
/// included) or bases, at any depth. References hold nothing.
bool allocatesWhenCopied(clang::QualType T);

/// Whether \p T is std::function: its copy allocates only when the callable
/// it holds is larger than its inline buffer (16 bytes in libstdc++), which
/// a profile can show and the type cannot.
bool isTypeErasedCallable(clang::QualType T);

/// The first non-const field of \p RD whose copy allocates; null if none.
const clang::FieldDecl *firstAllocatingField(const clang::CXXRecordDecl &RD);

/// Whether an rvalue of \p Record is moved, not copied: it has a move
/// constructor (or, with \p Assignment, a move assignment operator), declared
/// or implicit, that is not deleted and is public. A user-declared copy
/// operation or destructor suppresses the implicit ones.
bool isMovable(const clang::CXXRecordDecl &Record, bool Assignment);

/// Whether \p F is the standard library's: in namespace std, or a member of
/// one of its classes.
bool isStandardLibraryFunction(const clang::FunctionDecl &F);

} // namespace alloc_tidy

#endif
