//===--- ColdCode.h - code that runs only on paths nobody waits on -*- C++
//-*-===//
//
// A saving in code that only runs to report an error (a message built, a
// diagnostic written), to read the configuration or to walk the command line
// is real but not worth a change: that code runs once per error, per run or
// per argument, not per element. Such code is recognised by the cold
// attribute, by name patterns (of the function, or of the class it is a
// member of), and by loops whose condition walks the program's arguments.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_COLDCODE_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_COLDCODE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Regex.h"
#include <mutex>
#include <string>
#include <vector>

namespace alloc_tidy {

/// The default pattern of cold function names: functions that build or
/// report an error, a warning, a debug trace or a usage message, and
/// functions that parse the command line.
inline constexpr const char DefaultColdFunctions[] =
    "[Ee]rror|[Ww]arning|[Ff]atal|^[Rr]eport|^[Uu]sage$|^[Dd]ebug|"
    "[Cc]ommand_?[Ll]ine|[Cc]md_?[Ll]ine";

/// The default pattern of cold class names: classes whose member functions
/// read the configuration or the command line, once per run.
inline constexpr const char DefaultColdClasses[] =
    "^[Cc]onfig(uration)?$|[Cc]ommand_?[Ll]ine|[Cc]md_?[Ll]ine|"
    "[Aa]rg(ument)?s?_?[Pp]arser|[Oo]ptions?_?[Pp]arser";

/// A pattern of names that keeps its answer for each name it was asked
/// about: llvm::Regex takes tens of thousands of instructions for one match
/// of the default patterns, and the checks ask about the same functions for
/// every variable, call and loop in them.
///
/// Each top-level alternative is compiled on its own. A name matches the
/// whole expression when it matches one of them, and a small expression
/// runs on llvm::Regex's fast matcher (a bit set of at most 64 states),
/// where the whole default pattern needs the slow one: a tenth of the
/// instructions for a name that is not cold.
class NamePattern {
public:
  /// \p Text must be a valid regular expression (llvm::Regex::isValid).
  explicit NamePattern(llvm::StringRef Text);
  bool matches(llvm::StringRef Name) const;

private:
  std::vector<llvm::Regex> Alternatives;
  // By the name's text: a declaration does not outlive its unit, and one
  // pattern serves many units (sharedNamePattern), on several threads in
  // clangd.
  mutable std::mutex Lock;
  mutable llvm::StringMap<bool> Answers;
};

/// The top-level alternatives of the extended regular expression \p Text:
/// split at each '|' outside brackets and parentheses and not escaped.
/// \p Text whole when some alternative would be empty.
std::vector<llvm::StringRef> topLevelAlternatives(llvm::StringRef Text);

/// The process's one NamePattern of the regular expression \p Text, made
/// on the first request: clang-tidy makes every check anew for each unit,
/// and each check reads the same patterns, so compiling and answering them
/// once per check and unit would repeat the same work. Null, with \p Error
/// set, when \p Text is not a valid expression.
const NamePattern *sharedNamePattern(llvm::StringRef Text, std::string &Error);

/// The name patterns that make code cold; a null pattern names nothing.
struct ColdNames {
  /// Matched against a function's unqualified name.
  const NamePattern *Functions = nullptr;
  /// Matched against the unqualified name of the class a member function
  /// belongs to.
  const NamePattern *Classes = nullptr;
};

/// Whether \p Function is cold: marked [[gnu::cold]], its unqualified name
/// matches Names.Functions, or it is a member of a class whose name matches
/// Names.Classes.
bool isColdFunction(const clang::FunctionDecl &Function, ColdNames Names);

/// Whether \p D is a cold function or is declared in the body of one,
/// directly or in a lambda or local class inside one.
bool isInColdFunction(const clang::Decl &D, ColdNames Names);

/// Whether \p Loop repeats once per command-line argument: its condition
/// (a for loop's init statement too, or a range-for's range) reads the
/// program's arguments (a parameter of type char ** or char *[], const or not,
/// of main or named like argv) or their count, the integer parameter just
/// before them. Such a loop runs a handful of times per run.
bool isCommandLineLoop(const clang::Stmt &Loop);

/// Whether every reference in \p Refs (at least one) is an argument that a
/// call accepted by \p IsColdCall takes by const reference: a value built
/// only to be handed to an error report.
bool onlyPassedToColdCalls(
    llvm::ArrayRef<const clang::DeclRefExpr *> Refs, clang::ASTContext &Ctx,
    llvm::function_ref<bool(const clang::FunctionDecl &)> IsColdCall);

} // namespace alloc_tidy

#endif
