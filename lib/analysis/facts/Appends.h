//===--- Appends.h - what adds elements to a container ----------*- C++ -*-===//
//
// Questions about appends to a growable container (std::vector-like,
// std::basic_string, unordered containers): is this call an append, how many
// elements does it add, what does one reference to the container do, and
// which appends follow a loop in the same straight-line code.
//
// Nothing here knows about diagnostics; the checks turn answers into them.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_APPENDS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_APPENDS_H

#include "lib/analysis/facts/TripCount.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

/// The containers whose appends are counted, by how they grow.
enum class ContainerFamily { Vector, String, Hash };

enum class AppendKind { NotAppend, Append, UnknownLength };

/// The container a call or operator is applied to: a local variable, a
/// reference parameter or a data member of 'this'. Globals and members of
/// other objects are left alone (null): other code may fill them.
const clang::ValueDecl *containerOf(const clang::Expr *Object);

/// A data member of a local object, as in 'Local.Member': the object and
/// the member. Null members for anything else (a pointer's '->', a
/// reference, a parameter, a static local).
struct LocalMember {
  const clang::VarDecl *Local = nullptr;
  const clang::FieldDecl *Field = nullptr;
};
LocalMember memberOfLocal(const clang::Expr *Object);

/// The object of a member call or the first operand of an operator call.
const clang::Expr *objectOf(const clang::Expr *Call);

/// The name of the member function a member call calls, else empty.
llvm::StringRef calleeName(const clang::Expr *Call);

/// Whether member function \p Method of a container of family \p Kind leaves
/// its size alone (size, find, c_str, bucket_count, ...).
bool leavesSizeAlone(ContainerFamily Kind, llvm::StringRef Method);

/// Whether the use \p Site (a call on the container, or an operator with it
/// as first operand) appends, and how many elements (\p Amount; characters
/// for strings).
AppendKind classifyAppend(const clang::Expr *Site, ContainerFamily Kind,
                          uint64_t &Amount, clang::ASTContext &Ctx);

/// What one reference to a container does.
enum class RefRole {
  /// Reads it: size(), find(), c[i], a range-for over it, a const argument.
  Reads,
  /// Appends Amount elements (Site is the call or operator).
  Appends,
  /// Appends a number of elements not known here: a range, a string.
  AppendsUnknown,
  /// Anything else: cleared, resized, swapped, passed on by non-const
  /// reference, captured, returned, ...
  Other,
};

struct RefAction {
  RefRole Role = RefRole::Other;
  const clang::Expr *Site = nullptr;
  uint64_t Amount = 1;
};

/// Classifies the reference \p Ref (a DeclRefExpr or MemberExpr) to a
/// container of family \p Kind.
RefAction actionOf(const clang::Expr *Ref, ContainerFamily Kind,
                   clang::ASTContext &Ctx);

/// The appends to a container that follow a loop in the block holding it:
/// statements after the loop, up to the end of the block, an unconditional
/// jump or label, or the first use that is neither a read nor an append
/// (the container escapes, and what happens to it next is not known).
struct LaterAppends {
  /// Elements added by statements that are one unconditional append each
  /// ("v.push_back(nullptr);").
  uint64_t Constant = 0;
  std::vector<const clang::Expr *> Sites;
  /// Later loops that append to the container; the caller counts them.
  std::vector<const clang::Stmt *> Loops;
  /// The first later statement whose appends cannot be counted here (under
  /// a condition, of unknown length); null when there is none.
  const clang::Stmt *Uncounted = nullptr;
};

LaterAppends appendsAfter(const clang::Stmt *Loop,
                          const clang::ValueDecl *Container,
                          ContainerFamily Kind, clang::ASTContext &Ctx);

/// Every reference to \p D inside \p Root, in source order (members only
/// through 'this').
std::vector<const clang::Expr *> refsIn(const clang::Stmt *Root,
                                        const clang::ValueDecl *D);

/// How an append reaches a loop around it: through plain blocks and the
/// bodies of inner loops (whose counts multiply), possibly under conditions.
struct AppendPath {
  /// False when something else stands between them: a lambda, a label, a
  /// loop header, a statement the walk does not follow.
  bool Reaches = false;
  bool Conditional = false;
  /// The loops between the append and \p Loop, innermost first.
  std::vector<const clang::Stmt *> InnerLoops;
};

AppendPath pathToLoop(const clang::Expr *Site, const clang::Stmt *Loop,
                      clang::ASTContext &Ctx);

/// Whether \p Loop's body has a 'continue' of its own (not of a nested
/// loop) that comes before \p Site: it can skip Site.
bool continueBefore(const clang::Expr *Site, const clang::Stmt *Loop,
                    const clang::SourceManager &SM);

/// A sum of products of trip counts, folded where constant: the number of
/// elements a loop nest appends, spelled for code before the loop.
class AppendCount {
public:
  /// Adds \p Amount elements per run of the innermost of loops with trip
  /// counts \p Counts.
  void add(uint64_t Amount, const std::vector<TripCount> &Counts);
  /// The sum when every count is a constant.
  std::optional<uint64_t> value() const;
  /// The sum as code: one loop's count as the loop spells it (a named
  /// constant keeps its name), else constants folded and products of the
  /// rest ("2 * n + m * (k - 1)").
  std::string spelling() const;

private:
  struct Term {
    uint64_t Constant;
    std::vector<std::string> Factors;
  };
  std::vector<Term> Terms;
  unsigned Adds = 0;
  std::optional<std::string> Sole;
};

} // namespace alloc_tidy

#endif
