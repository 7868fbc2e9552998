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
#include "llvm/ADT/StringSet.h"
#include <set>
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
  /// For a class in a header: the standard headers ("<vector>") the member's
  /// type needs there, to include in IncludeInto (the header).
  std::set<std::string> HeaderIncludes;
  clang::FileID IncludeInto;
};

class IncludeGraph;
struct ImplementationObject;

/// What a plan needs from the rest of the unit.
struct CallBufferUnit {
  /// The unit's #include directives: what a header sees in every unit that
  /// includes it. Without them a class in a header gets no fix-it.
  const IncludeGraph *Includes = nullptr;
  /// Names this unit's earlier plans gave new members of the same class.
  const llvm::StringSet<> *Taken = nullptr;
};

/// The member name for a buffer called \p Local in a class whose data
/// members are named \p Fields: the style most of them follow ("name_",
/// "m_name", "mName"), or "LocalBuffer" / "local_buffer".
std::string memberNameFor(llvm::StringRef Local,
                          llvm::ArrayRef<llvm::StringRef> Fields);

/// Keeping \p Var, declared by \p Decl in \p Method's body, in a member of
/// \p Method's class, or with \p Impl of the object it hands the buffer to
/// (public there unless that class befriends \p Method's); \p Element is
/// what the container holds.
CallBufferPlan planCallBuffer(const clang::VarDecl &Var,
                              const clang::DeclStmt &Decl,
                              const clang::CXXMethodDecl &Method,
                              clang::QualType Element, clang::ASTContext &Ctx,
                              const CallBufferUnit &Unit = {},
                              const ImplementationObject *Impl = nullptr);

/// A per-call buffer of a function whose object cannot keep it (a const
/// member function: a member would need 'mutable' and would be shared by
/// the threads that call the function at once) kept in a thread_local
/// variable instead: "thread_local" is added to its declaration, which then
/// runs once per thread, and a clear() follows it.
struct ThreadLocalBufferPlan {
  /// Why there is no fix-it, and where; empty when there is one.
  std::string NoFix;
  clang::SourceLocation NoFixLoc;
  /// Where "thread_local " goes: the start of the declaration's type.
  clang::SourceLocation SpecifierAt;
  /// After the declaration's ';': a line that clears the buffer.
  clang::SourceLocation ClearAt;
  std::string ClearText;
};

/// Keeping \p Var, declared by \p Decl in \p Function's body, in a
/// thread_local variable; \p Element is what the container holds.
ThreadLocalBufferPlan planThreadLocalBuffer(const clang::VarDecl &Var,
                                            const clang::DeclStmt &Decl,
                                            const clang::FunctionDecl &Function,
                                            clang::QualType Element,
                                            clang::ASTContext &Ctx);

/// Why a new member of \p Class, a class defined in a header, could mean
/// something this unit cannot see in another unit that includes the header,
/// or empty: the class's functions are all defined in this unit (the new
/// name can change no other unit's lookup), it is not a library's
/// interface, not copied byte for byte, not made to be derived from, and
/// the header sees every declaration \p Type names (the standard headers it
/// needs are added to \p Needed).
std::string whyHeaderClassKeepsItsMembers(const clang::CXXRecordDecl &Class,
                                          const clang::CXXMethodDecl &Method,
                                          clang::QualType Type,
                                          const IncludeGraph *Includes,
                                          std::set<std::string> &Needed,
                                          clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
