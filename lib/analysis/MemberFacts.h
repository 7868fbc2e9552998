//===--- MemberFacts.h - member decisions across translation units -*- C++
//-*-===//
//
// A data member's type is shared by every translation unit that includes its
// class, so a fix-it that changes it is safe only when every piece of code
// that can name the member agrees. One unit sees part of that code; a compile
// database sees all of it. These are the facts one unit records about a
// member (what its own code does with it, which of the class's functions it
// defines), in a stable JSON form, and the decision (fix, warn, silent, and
// why) from the facts of one unit or of many.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_MEMBERFACTS_H
#define ALLOC_TIDY_LIB_ANALYSIS_MEMBERFACTS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CXXRecordDecl;
class NamedDecl;
class RecordDecl;
} // namespace clang

namespace alloc_tidy {

/// The version of the serialised facts and decisions; readers refuse others.
constexpr int MemberFactsVersion = 1;

enum class MemberAction { Fix, Warn, Silent };

llvm::StringRef memberActionName(MemberAction Action);

/// The functions that can name a private member of a class: its member
/// functions (of nested classes too) and its friend functions, each as
/// "qualified-name(type)", and whether the class has friend classes, whose
/// code can be anywhere.
struct ClassCode {
  std::vector<std::string> Declared;
  /// Those of Declared this unit defines (or deletes or defaults).
  std::vector<std::string> Defined;
  bool HasFriendClasses = false;
};

ClassCode classCodeIn(const clang::CXXRecordDecl &Record);

/// What one unit knows about one data member.
struct MemberFacts {
  /// The check that judged the member: "alloc-deque-as-array".
  std::string Check;
  /// The member's qualified name, "Scrollback::History".
  std::string Member;
  /// The real path of the file that declares it. With Check, Member and
  /// Offset this is the member's key.
  std::string File;
  /// Why, for Warn and Silent.
  std::string Why;
  ClassCode Code;
  /// The diagnostic this unit renders for the member when the decision is
  /// Fix or Warn (clang-tidy's exported-fixes form, as JSON), or null.
  llvm::json::Value Finding = nullptr;
  /// The offset and line of its name in File.
  unsigned Offset = 0;
  unsigned Line = 0;
  /// A size the change must allow for, where one unit's code sets a
  /// lower bound (the inline capacity the constructors defined here need);
  /// the decision takes the largest. 0 when the check has none.
  uint64_t Bound = 0;
  /// What this unit's own code allows, as if it were all the code there is.
  MemberAction Local = MemberAction::Silent;
  /// The class is in a header (or the unit's main file is one): other units
  /// can include it.
  bool ClassInHeader = false;
  /// Only the class's own code (member and friend functions) can name the
  /// member: private, or protected in a final class.
  bool OnlyClassCodeNamesIt = false;

  std::string key() const;
};

/// Facts about the member \p Member (a data member, a member type alias)
/// that do not depend on a check: name, place, who can name it. The caller
/// sets Check, Local, Why and Finding.
MemberFacts memberFactsFor(const clang::NamedDecl &Member,
                           clang::ASTContext &Ctx);

/// Facts keyed by the record \p Record itself, for a change to the record
/// rather than to one member (a field reorder). Any code can name a record,
/// so no class code is tracked: it is in a header when its definition is
/// outside the main file or the main file is one. The caller sets Check,
/// Local, Why and Finding.
MemberFacts recordFactsFor(const clang::RecordDecl &Record,
                           clang::ASTContext &Ctx);

/// Why this translation unit may not see every piece of code that can name
/// the member of \p Facts, or empty when it sees all of it: a class in a
/// source file (not a header, not a main file that is one) all of whose
/// functions are defined here, or a private member (protected in a final
/// class) of a class in a header whose member and friend functions are all
/// defined here and which has no friend classes.
std::string unseenCode(const MemberFacts &Facts);

/// Whether this translation unit sees every piece of code that can name
/// \p Member: unseenCode() of its facts is empty.
bool seesAllCodeUsingMember(const clang::NamedDecl *Member,
                            clang::ASTContext &Ctx);

/// What to do with a member, and why.
struct MemberDecision {
  std::string Why;
  /// The finding to report for Fix or Warn, from the first unit (in the
  /// order given) that rendered one.
  llvm::json::Value Finding = nullptr;
  /// The largest Bound of the units' facts.
  uint64_t Bound = 0;
  MemberAction Action = MemberAction::Silent;
  /// How many units' facts it rests on.
  unsigned Units = 0;
};

/// The decision from one unit's facts alone: a member is decided there only
/// when the unit provably sees every piece of code that can name it.
MemberDecision decideInOneUnit(const MemberFacts &Facts);

/// The decision from the facts of every unit of a compile database that sees
/// the member, taken to be the whole program: every unit's code must allow
/// the change, and every function of the class must be defined in some unit.
/// A unit that sees every piece of code that can name the member decides it
/// alone: the others cannot touch it. The finding is that of the unit with
/// the largest Bound among those whose own verdict is the decision's.
MemberDecision decideAcrossUnits(llvm::ArrayRef<MemberFacts> Facts);

/// Decisions by member key, as a merged facts file holds them.
using MemberDecisions = llvm::StringMap<MemberDecision>;

/// The decision in a single-unit run that has the whole program's decisions
/// (\p Merged, from the MemberFactsFile option; may be null): the merged
/// decision for the member, except that the unit's own "silent" wins (facts
/// written before a change must never bring a fix the unit contradicts) and
/// a unit whose own code allows only a warning gets no fix. A member the
/// merged decisions do not know is decided from the unit alone.
MemberDecision decideWithMerged(const MemberFacts &Facts,
                                const MemberDecisions *Merged);

llvm::json::Value toJson(const MemberFacts &Facts);
llvm::Expected<MemberFacts> memberFactsFromJson(const llvm::json::Value &V);

/// Decides every member in \p Facts (grouped by key) across units and
/// serialises the result: {"version": 1, "members": [{key, check, member,
/// file, offset, line, action, why, units, finding}]}.
llvm::json::Value decideAll(llvm::ArrayRef<MemberFacts> Facts);

/// Reads a file written from decideAll(); errors name the file and what is
/// wrong with it.
llvm::Expected<MemberDecisions> readMemberDecisions(llvm::StringRef Path);

/// Reads facts, one JSON object per line (what the checks append).
llvm::Expected<std::vector<MemberFacts>>
readMemberFactsLines(llvm::StringRef Path);

/// Appends \p Facts as one line to \p Path (created if missing). Each line is
/// written with a single write() so that units analysed in parallel into
/// the same file do not interleave.
llvm::Error appendMemberFacts(llvm::StringRef Path, const MemberFacts &Facts);

} // namespace alloc_tidy

#endif
