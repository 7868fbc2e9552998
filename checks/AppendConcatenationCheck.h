//===--- AppendConcatenationCheck.h -----------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_APPENDCONCATENATIONCHECK_H
#define ALLOC_TIDY_CHECKS_APPENDCONCATENATIONCHECK_H

#include "checks/ColdFunctionsOption.h"
#include "checks/CompileErrors.h"
#include "checks/Finding.h"
#include "checks/ProfileOption.h"
#include "checks/StlOption.h"
#include "clang-tidy/ClangTidyCheck.h"
#include <map>
#include <set>

namespace alloc_tidy {
struct AppendedConcatenation;
struct Repetition;
struct ReservedConcatenation;
} // namespace alloc_tidy

namespace clang::tidy::alloc {

/// Finds 'S += A + B + ...' (or S.append(A + B + ...)) on a std::basic_string,
/// which builds the concatenation as a temporary string and copies it into
/// S, where appending the pieces one after another allocates no temporary.
/// For the user-facing documentation see:
/// docs/checks/alloc-append-concatenation.md
class AppendConcatenationCheck : public ClangTidyCheck {
public:
  AppendConcatenationCheck(StringRef Name, ClangTidyContext *Context);
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override {
    this->PP = PP;
    Errors.startParsing(PP->getDiagnostics());
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void onEndOfTranslationUnit() override;

private:
  /// 'return A + B + C;', 'T S = A + B + C;', 'take(A + B + C);' or, in a
  /// loop, 'S = A + B + C;' (AppendConcatenationBuilt.cpp).
  void checkBuiltString(const ast_matchers::MatchFinder::MatchResult &Result);
  void reportAssignedString(const CXXOperatorCallExpr &Assignment,
                            const alloc_tidy::AppendedConcatenation &Facts,
                            const alloc_tidy::Repetition &Where,
                            const alloc_tidy::ReservedConcatenation &Plan,
                            ASTContext &Ctx);

  CompileErrors Errors;
  Preprocessor *PP = nullptr;
  StlOption TargetStl;
  ColdFunctionsOption ColdFunctions;
  /// Report without a profile: every such append a loop runs.
  bool WithoutProfile;
  /// With WithoutProfile, also report one outside any loop, once per call
  /// of its function.
  bool OutsideLoops;
  ProfileOption Profiles;
  /// A finding in a template's instantiations, reported at the end of the
  /// unit with a fix-it only when every instantiation here agrees on it.
  struct TemplateFinding {
    Finding F;
    const FunctionTemplateDecl *Template = nullptr;
    unsigned Instantiations = 0;
    bool Differs = false;
  };
  std::map<SourceLocation::UIntTy, TemplateFinding> InTemplates;
  /// The findings on new strings, reported at the end of the unit once
  /// each can be given a name (Base, made unique in its function, in the
  /// order of the source; empty: a variable that keeps its own).
  struct PendingString {
    Finding F;
    const FunctionDecl *Function = nullptr;
    std::string Base;
    SourceLocation Loc;
    /// For a string returned: the measured note, as a bound, and its place
    /// among F's notes; it replaces the other when a caller concatenates
    /// onto the string (known at the end of the unit).
    std::string BoundNote;
    size_t NoteIndex = 0;
  };
  /// Functions whose result a '+' of this unit concatenates onto.
  std::set<const FunctionDecl *> ConcatenatedOnto;
  std::vector<PendingString> PendingStrings;
  ASTContext *PendingContext = nullptr;
  void reportBuiltStrings();
  /// The statements already given a new string (a match can come twice).
  std::set<const Stmt *> Rewritten;
};

} // namespace clang::tidy::alloc

#endif
