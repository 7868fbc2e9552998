//===--- ReservePlan.h - a reserve() before a loop that fills ----*- C++
//-*-===//
//
// A container filled by a loop whose trip count is known before it: how
// many elements the loop (and the appends after it in the same block)
// adds, spelled for the code before the loop, whether the container may
// already hold elements, and whether a reserve() there is safe and worth
// it. Also the straight-line run of appends that follows a new vector's
// declaration.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_RESERVEPLAN_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_RESERVEPLAN_H

#include "lib/analysis/facts/Appends.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/InputTaint.h"
#include "lib/analysis/facts/StlFacts.h"
#include "lib/analysis/facts/TripCount.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

/// One append to the container inside the loop: how many elements it adds
/// each time it runs, and the inner loops that repeat it.
struct PlannedAppend {
  const clang::Expr *Site = nullptr;
  uint64_t Amount = 1;
  /// Trip counts of the loops between the append and the planned loop.
  std::vector<TripCount> InnerCounts;
};

/// A reserve() to propose before a loop.
struct ReservePlan {
  const clang::ValueDecl *Container = nullptr;
  const clang::Stmt *Loop = nullptr;
  std::vector<PlannedAppend> Appends;
  /// The number of elements the loop appends, spelled for code before it.
  std::string Count;
  std::optional<uint64_t> CountValue;
  /// The container as the code before the loop names it.
  std::string Object;
  /// Why there is no fix-it (empty when there is one), and where.
  std::string NoFix;
  clang::SourceLocation NoFixLoc;
  ContainerFamily Kind = ContainerFamily::Vector;
  bool UpperBound = false;
  /// The container may hold elements when the loop starts.
  bool MaybeFilled = true;
  /// The container outlives the function (a reference parameter, a member
  /// outside a constructor), cleared or not: likely a buffer its owner
  /// reuses, whose capacity from earlier calls already covers the loop.
  bool ReusedBuffer = false;
  bool UntrustedCount = false;
  /// Appends after the loop in the same block are part of the count.
  bool AppendsAfter = false;
  /// A string that a literal of this length starts and the loop extends by
  /// one character per pass (its final length is the literal's plus N).
  std::optional<uint64_t> LiteralPrefix;
  /// The characters a string holds without allocating (with LiteralPrefix).
  std::optional<uint64_t> InlineCapacity;
  /// Report only when a profile shows the appends allocating: N is not known
  /// and the literal plus N may well stay inline, or the container's own
  /// allocator serves its growth.
  bool NeedsMeasurement = false;
  /// Later loops of the same block whose appends the count includes.
  std::vector<const clang::Stmt *> LaterLoops;
};

/// The options of a plan.
struct ReservePolicy {
  /// Count appends under a condition as an upper bound (else no plan).
  bool ConditionalUpperBound = false;
  /// Fewer elements than this from an empty container: not worth a reserve.
  uint64_t MinIterations = 4;
  /// Plan for strings whose length is not a constant or a range's size.
  bool UnboundedStrings = false;
  /// Whose inline string buffer decides what is worth it.
  StlFlavor Stl = StlFlavor::Unknown;
  /// The calls that read input, for counts that input could inflate.
  std::function<bool(const clang::CallExpr *)> IsInput =
      [](const clang::CallExpr *) { return false; };
};

/// The reserve() of \p Container before \p Loop, or nullopt when there is
/// none to propose: a use in the loop changes the size in an unknown way,
/// an append's count is not known before the loop, the author reserved
/// already, an outer loop of unknown count repeats it, or the elements fit
/// without growing more than once. A plan whose fix-it is unsafe says why
/// in NoFix.
std::optional<ReservePlan> planReserve(const clang::ValueDecl *Container,
                                       ContainerFamily Kind,
                                       const clang::Stmt *Loop,
                                       const ReservePolicy &Policy,
                                       clang::ASTContext &Ctx);

/// Whether the count of \p P may come from input read in \p Function: a
/// scalar its loops' headers read is derived from an input call, or the
/// loop is counted by an outside number and reads input as it goes.
bool isUntrustedCount(const ReservePlan &P, const clang::FunctionDecl *Function,
                      InputCallPredicate IsInput, clang::ASTContext &Ctx);

/// The run of single appends (push_back, emplace_back) to \p Var, a vector
/// constructed empty, or to its data member \p Member when given, in the
/// statements right after its declaration; a statement that may jump, or
/// that names \p Var otherwise, ends it. Count is 0 when there is no run.
struct AppendRun {
  const clang::Stmt *First = nullptr;
  uint64_t Count = 0;
  /// The statements of the run, one per append.
  llvm::SmallVector<const clang::Stmt *, 4> Appends;
};
AppendRun appendsAfterDeclaration(const clang::VarDecl *Var,
                                  const clang::CompoundStmt &Block,
                                  const clang::DeclStmt &Declaration,
                                  clang::ASTContext &Ctx,
                                  const clang::FieldDecl *Member = nullptr);

/// A fixed run of appends right after a vector is made, which reserve(k)
/// before its first append turns into one allocation.
struct StraightRun {
  /// The vector, or the local object whose data member \p Member it is.
  const clang::VarDecl *Var = nullptr;
  const clang::FieldDecl *Member = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  AppendRun Run;
  /// How code names the vector: "v", or "obj.member".
  std::string Name;
};

/// The run that \p Append belongs to, for \p Container (a local) or, with
/// \p Member, that member of the local object \p Container: the vector
/// starts empty (constructed without arguments, or the object's constructor
/// leaves the member empty: leavesEmpty), no loop that it outlives names it,
/// and at least two appends follow its declaration (appendsAfterDeclaration).
/// Nullopt otherwise; a parameter or a reference never has one.
std::optional<StraightRun> planStraightRun(const clang::ValueDecl *Container,
                                           const clang::FieldDecl *Member,
                                           const clang::Stmt *Append,
                                           clang::ASTContext &Ctx);

/// Whether an object made by \p Ctor holds no element in \p Field when the
/// constructor returns: its definition (or the one it delegates to) is
/// seen, gives the member nothing, and neither names the member in its body
/// nor uses 'this' otherwise (a member function could fill it). A defaulted
/// default constructor leaves it as its in-class initializer does.
bool leavesEmpty(const clang::FieldDecl &Field,
                 const clang::CXXConstructorDecl &Ctor);

/// Whether \p Loc is within \p Outer's source range.
bool containsLoc(const clang::Stmt *Outer, clang::SourceLocation Loc,
                 const clang::SourceManager &SM);

/// The length of the string literal \p Init (null: none) copies, as in
/// std::string S = "abc" or S("abc"); nullopt for anything else.
std::optional<uint64_t> literalLength(const clang::Expr *Init);

/// Whether \p Init (null: none) constructs a container without elements.
bool constructsEmpty(const clang::Expr *Init);

/// Whether \p Field holds no elements when \p Ctor's body starts: neither
/// its initializer nor a delegated-to constructor gives it any.
bool emptyInConstructor(const clang::FieldDecl &Field,
                        const clang::CXXConstructorDecl &Ctor);

/// Whether every constructor of \p Field's class that its author wrote
/// (none implicit, defaulted or deleted, and at least one) calls reserve()
/// on it, itself or through the constructor it delegates to.
bool reservedByEveryConstructor(const clang::FieldDecl &Field,
                                clang::ASTContext &Ctx);

/// Whether code in \p Loop may change data member \p Field through 'this'
/// besides the loop's own uses of it: 'this' handed to a call (a visitor
/// that appends to the member as it walks: 'node->accept(*this)'), or a
/// member function called that is not const, not defined in the unit,
/// overridable, or itself names the member or uses 'this' for more than
/// other members.
bool thisReachesMember(const clang::Stmt *Loop, const clang::FieldDecl &Field,
                       const clang::ASTContext &Ctx);

/// Whether \p Ctor hands 'this' to anything before \p Loop (a member
/// function called, 'this' passed on), which could fill a member.
bool usesThisBefore(const clang::CXXConstructorDecl &Ctor,
                    const clang::Stmt *Loop, const clang::ASTContext &Ctx);

/// Whether \p Last, the last use of a container before \p Loop, is a
/// clear() that leaves it empty at the loop: a statement of a block that
/// holds the loop, with no call between them.
bool clearedRightBefore(const ContainerUse &Last, const clang::Stmt *Loop,
                        clang::ASTContext &Ctx);

/// The inline capacity N of small_vector<T, N>-like classes.
std::optional<uint64_t> inlineCapacity(clang::QualType T);

/// The size of a std::basic_string's character type.
uint64_t charSizeOf(clang::QualType String, clang::ASTContext &Ctx);

/// Whether the class of \p T (or a base) has a member function reserve().
bool hasReserve(clang::QualType T);

} // namespace alloc_tidy

#endif
