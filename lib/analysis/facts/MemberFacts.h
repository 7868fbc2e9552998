//===--- MemberFacts.h - what one unit knows about a data member -*- C++
//-*-===//
//
// A data member's type is shared by every translation unit that includes its
// class, so a fix-it that changes it is safe only when every piece of code
// that can name the member agrees. One unit sees part of that code; a compile
// database sees all of it. These are the facts one unit records about a
// member: what its own code does with it, what of it escapes that code (an
// element's reference handed out, growth that would move the elements),
// which of the class's functions it defines, and who can name it; and the
// identity of the unit that recorded them. MemberDecision decides from them,
// MemberFactsFile stores them.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_MEMBERFACTS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_MEMBERFACTS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class CXXRecordDecl;
class FunctionDecl;
class NamedDecl;
class RecordDecl;
class SourceLocation;
class SourceManager;
} // namespace clang

namespace alloc_tidy {

/// The version of the serialised facts and decisions; readers refuse others.
/// 2: escapes, growth, access, the identity of units and of the database.
constexpr int MemberFactsVersion = 2;

enum class MemberAction { Fix, Warn, Silent };

llvm::StringRef memberActionName(MemberAction Action);
std::optional<MemberAction> memberActionNamed(llvm::StringRef Name);

/// Who can name a data member besides its class's own functions: nobody
/// (private, or protected in a final class), the code of derived classes
/// (protected), any code (public; a record counts as public). In order:
/// the whole-program decision is made for the members up to the access that
/// option WholeProgramAccess allows.
enum class MemberAccess { Private, Protected, Public };

llvm::StringRef memberAccessName(MemberAccess Access);
std::optional<MemberAccess> memberAccessNamed(llvm::StringRef Name);

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

/// A place in the code, for a note that another unit prints.
struct CodePlace {
  /// The file's name, without its directories, as the notes print places.
  std::string File;
  unsigned Line = 0;
  /// The qualified name of the function there, or empty.
  std::string Function;

  /// "read.cpp:3 ('Scrollback::at')".
  std::string text() const;
};

CodePlace codePlaceOf(clang::SourceLocation Loc,
                      const clang::FunctionDecl *Function,
                      const clang::SourceManager &SM);

/// An element reference that leaves the function that took it.
struct MemberEscape {
  /// What the function does with the container: "returns a reference into
  /// it".
  std::string What;
  CodePlace Where;

  /// "'Scrollback::at' returns a reference into it (read.cpp:3)".
  std::string text() const;
};

/// What one unit knows about one data member.
struct MemberFacts {
  /// The check that judged the member: "alloc-deque-as-array".
  std::string Check;
  /// The member's qualified name, "Scrollback::History".
  std::string Member;
  /// The real path of the file that declares it. With Check, Member and
  /// Offset this is the member's key.
  std::string File;
  /// The real path of the main file of the unit that recorded the facts.
  std::string Unit;
  /// Why, for Warn and Silent.
  std::string Why;
  ClassCode Code;
  /// The diagnostic this unit renders for the member when the decision is
  /// Fix or Warn (clang-tidy's exported-fixes form, as JSON), or null.
  llvm::json::Value Finding = nullptr;
  /// A size the change must allow for, where one unit's code sets a
  /// lower bound (the inline capacity the constructors defined here need);
  /// the decision takes the largest. 0 when the check has none.
  uint64_t Bound = 0;
  /// Element references that leave this unit's functions, which growth in
  /// another unit would invalidate once the container's type changes.
  std::vector<MemberEscape> Escapes;
  /// Where this unit's code can reallocate it, outside its class's
  /// constructors (which run before any reference is handed out).
  std::vector<CodePlace> Growth;
  /// The offset and line of its name in File.
  unsigned Offset = 0;
  unsigned Line = 0;
  /// What this unit's own code allows, as if it were all the code there is.
  MemberAction Local = MemberAction::Silent;
  /// Who else can name it.
  MemberAccess Access = MemberAccess::Public;
  /// The widest access the unit's option WholeProgramAccess lets the
  /// decision across units take on.
  MemberAccess WholeProgramAccess = MemberAccess::Private;
  /// The class is in a header (or the unit's main file is one): other units
  /// can include it.
  bool ClassInHeader = false;
  /// The check's option: an element reference kept across growth gives a
  /// warning without a fix-it rather than silence.
  bool WarnWhenKept = false;

  /// Only the class's own code (member and friend functions) can name the
  /// member: private, or protected in a final class, and no friend classes.
  bool onlyClassCodeNamesIt() const {
    return Access == MemberAccess::Private && !Code.HasFriendClasses;
  }

  std::string key() const;

  /// Sets Local and Why from what the unit's own code allows: silent for a
  /// non-empty \p Silence, else a warning for a non-empty \p NoFix, else a
  /// fix.
  void setVerdict(llvm::StringRef Silence, llvm::StringRef NoFix);
};

/// Facts about the member \p Member (a data member, a member type alias)
/// that do not depend on a check: name, place, who can name it, the unit.
/// The caller sets Check, Local, Why and Finding, and what escapes.
MemberFacts memberFactsFor(const clang::NamedDecl &Member,
                           clang::ASTContext &Ctx);

/// Facts keyed by the record \p Record itself, for a change to the record
/// rather than to one member (a field reorder). Any code can name a record
/// (its access is public), so no class code is tracked: it is in a header
/// when its definition is outside the main file or the main file is one.
/// The caller sets Check, Local, Why and Finding.
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

/// \p Why, a reason that says "here" of \p Loc, for a reader of another
/// unit: "here" becomes "in FILE:LINE" (or the place is appended).
std::string placedForOtherUnits(const std::string &Why,
                                clang::SourceLocation Loc,
                                const clang::SourceManager &SM);

/// The identity of a translation unit as its facts were recorded: its main
/// file, and the content hash of each file it read outside system headers,
/// so that a later reader can tell whether the code is still what the facts
/// describe.
struct UnitIdentity {
  /// The real path of the main file.
  std::string Unit;
  /// (real path, SHA-256 in hex), sorted by path.
  std::vector<std::pair<std::string, std::string>> Files;
  /// False when the unit had errors: its facts may be missing or partial.
  bool Complete = true;
  /// Whether it is compiled as C++17 or later (has std::basic_string_view).
  bool Cxx17 = false;
};

/// The identity of the unit \p SM holds.
UnitIdentity unitIdentityOf(const clang::SourceManager &SM, bool Complete);

/// The compile database a run over the whole program analysed: every unit
/// whose facts a decision across units needs.
struct DatabaseIdentity {
  /// The real path of compile_commands.json and the SHA-256 of its text.
  std::string Path;
  std::string Sha256;
  /// The real paths of the main files of its units.
  std::vector<std::string> Units;
};

/// The SHA-256 of \p Path's contents in hex, or nothing when it cannot be
/// read.
std::optional<std::string> sha256OfFile(llvm::StringRef Path);

/// The real path of \p Path, or \p Path when it has none.
std::string realPathOf(llvm::StringRef Path);

} // namespace alloc_tidy

#endif
