//===--- DequeUsage.h - is a std::deque used like an array? -----*- C++ -*-===//
//
// The facts and the verdict behind alloc-deque-as-array, from the uses one
// translation unit sees: whether a std::deque (or a std::stack over one)
// could be a std::vector, whether a fix-it can make it one, and the loop
// that fills it, for a reserve() before it.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_DEQUEUSAGE_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_DEQUEUSAGE_H

#include "lib/analysis/decisions/TextEdit.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/ElementRefs.h"
#include "lib/analysis/facts/MemberFacts.h"
#include "lib/analysis/facts/StlFacts.h"
#include "lib/analysis/facts/TripCount.h"
#include "clang/AST/Type.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FieldDecl;
class Stmt;
class ValueDecl;
} // namespace clang

namespace alloc_tidy {

enum class DequeShape { Deque, Stack };

/// Why a declaration is not one to judge (a system header, a macro, a
/// template, a global other units can name, a lambda capture, a member of a
/// template or union), or empty. Whether other code can name a data member
/// is MemberFacts' question, not this one's.
std::string dequeDeclarationExcluded(const clang::ValueDecl &D,
                                     clang::ASTContext &Ctx);

/// What the template arguments written where the type is spelled allow.
struct SpelledArguments {
  /// Why the declaration is left alone (a std::stack whose container is
  /// written out: a choice the user made), or empty.
  std::string Keep;
  /// Why the spelled type cannot be rewritten, or empty.
  std::string NoFix;
};
/// \p Count is the number of arguments spelled, nullopt when the type is not
/// spelled as a template there.
SpelledArguments judgeSpelledArguments(DequeShape Shape,
                                       std::optional<unsigned> Count);

/// Whether a std::stack over the default deque is flagged without the
/// StackAdaptors option: on MSVC's STL (\p MsvcStl), whose deque blocks hold
/// 16 bytes, for elements of more than 8 bytes (a block per push). On
/// libstdc++ and libc++ a block holds a deep stack and a vector regrows.
bool stackFlaggedByDefault(bool MsvcStl, clang::QualType Element,
                           const clang::ASTContext &Ctx);

/// What the uses of one deque allow.
struct DequeUsage {
  /// Why it must stay a deque; empty when a vector could replace it.
  std::string Keep;
  /// Why it can change but not by a fix-it, and where that is.
  std::string NoFixReason;
  clang::SourceLocation NoFixLoc;
  /// pop_front() calls that only rotate it: c.push_back(c.front());
  /// c.pop_front(); (std::rotate on a vector, by hand).
  std::vector<const clang::Stmt *> Rotations;
  /// pop_front() calls, when not all of them rotate it: erase(begin()) on a
  /// vector, which moves every element. A deque that stays short allows
  /// them (frontPopsAllowed); nothing in the code shows that it does.
  std::vector<const ContainerUse *> FrontPops;
  /// The uses that can reallocate a vector or move its elements (the front
  /// pops among them): a reference into an element kept across one of them
  /// would dangle or name another element.
  std::vector<const ContainerUse *> Growth;
  /// For a data member: the element references that leave the functions
  /// that take them, whether or not this unit's own code grows it after.
  std::vector<ElementEscape> Escapes;
};

/// Judges every use of \p D, which holds \p Element, as \p Shape. An element
/// reference kept while it grows keeps the deque unless \p WarnWhenKept
/// (then it is a reason for no fix-it).
DequeUsage judgeDequeUses(const clang::ValueDecl &D, DequeShape Shape,
                          clang::QualType Element,
                          llvm::ArrayRef<ContainerUse> Uses, bool WarnWhenKept,
                          clang::ASTContext &Ctx);

/// Why the front pops of \p Usage keep the deque when a profile shows its
/// size (\p StaysShort: no deque at its code ever needed a second block),
/// or empty. erase(begin()) replaces each; it must be a statement of its own
/// (it returns an iterator where pop_front() returns nothing) and name its
/// container without side effects (the name is written twice), else the
/// reason is one for no fix-it, set in \p Usage.
std::string judgeFrontPops(DequeUsage &Usage, bool StaysShort,
                           clang::ASTContext &Ctx);

/// A profile measured the deques at the code and every one stayed in its
/// first block (\p StayedInFirstBlock), with no reserve to add (\p
/// Reserved): a vector saves allocations where most held at most one
/// element and makes more where most held three or more, and the profile
/// cannot tell which. Unless \p AssumeShort, a deque used only at its back
/// stays (the reason is returned) and one popped at its front, which only
/// such a profile lets the check report, gets no fix-it (at \p DeclLoc).
std::string judgeFirstBlockDeques(DequeUsage &U, bool StayedInFirstBlock,
                                  bool Reserved, bool AssumeShort,
                                  clang::SourceLocation DeclLoc);

/// The edit that turns \p Pop's "pop_front()" into "erase(c.begin())":
/// from the member's name to the closing parenthesis.
TextEdit frontPopEdit(const ContainerUse &Pop, const clang::ASTContext &Ctx);

/// The facts of the data member \p Field for a decision across units: this
/// unit's verdict (silent for \p Keep, else a warning for \p NoFix, else a
/// fix), the element references that leave its functions, and where it can
/// reallocate outside its class's constructors (\p Usage, from
/// judgeDequeUses). The caller sets Check and Finding.
MemberFacts dequeMemberFacts(const clang::FieldDecl &Field,
                             const DequeUsage &Usage, llvm::StringRef Keep,
                             llvm::StringRef NoFix, bool WarnWhenKept,
                             clang::ASTContext &Ctx);

/// A loop that appends to the deque once per iteration, with its trip
/// count, and the reserve() statement to insert before it (empty when it
/// cannot go there: the loop is not in a block, or the container expression
/// may name another object there).
struct DequeFill {
  const clang::Stmt *Loop = nullptr;
  TripCount Count;
  std::string ReserveText;
};

/// The fill loop of \p D: its only growth is one append per iteration of a
/// loop whose trip count is known. \p Uses are all its uses, \p Growth those
/// that can reallocate.
std::optional<DequeFill>
dequeFillLoop(const clang::ValueDecl &D, llvm::ArrayRef<ContainerUse> Uses,
              llvm::ArrayRef<const ContainerUse *> Growth,
              clang::ASTContext &Ctx);

/// The note on what the deque costs in \p Stl: the map and block an empty
/// std::stack over it allocates on libstdc++, else the block per elements.
std::string dequeCostNote(const DequeBlockFacts &Facts, StlFlavor Stl,
                          bool Stack, llvm::StringRef Element);

/// The note at \p Fill's loop: the blocks its appends allocate, against one
/// allocation after reserve().
std::string dequeFillNote(const DequeBlockFacts &Facts, const DequeFill &Fill);

/// The warning for the deque or stack \p Name: a stack over a deque, a
/// rotating buffer, a deque popped at its front, or one used only at its
/// back (with \p Allocations, what it makes for a fill of known size, when
/// known).
std::string dequeWarning(llvm::StringRef Name, DequeShape Kind, bool Rotates,
                         bool PoppedAtFront,
                         std::optional<uint64_t> Allocations);

/// The note at a pop_front() of a deque a profile showed never held more
/// than \p FirstBlock elements.
std::string frontPopNote(uint64_t FirstBlock);

/// The note at a rotation of \p Name (its front pushed to its back, then
/// popped).
std::string rotationNote(llvm::StringRef Name);

} // namespace alloc_tidy

#endif
