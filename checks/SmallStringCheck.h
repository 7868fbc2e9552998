//===--- SmallStringCheck.h ------------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_SMALLSTRINGCHECK_H
#define ALLOC_TIDY_CHECKS_SMALLSTRINGCHECK_H

#include "checks/ColdFunctionsOption.h"
#include "checks/CompileErrors.h"
#include "checks/LayoutNotes.h"
#include "checks/ProfileOption.h"
#include "checks/ProjectIncludeInserter.h"
#include "checks/StlOption.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "lib/analysis/facts/Repetition.h"
#include "lib/analysis/facts/StlFacts.h"
#include <cstdint>
#include <optional>
#include <string>

namespace clang::tidy::alloc {

/// Finds std::basic_string objects built from string literals too long for
/// the inline buffer on every call or loop iteration, and string classes that
/// put every string on the heap, however short. For the user-facing
/// documentation see: docs/checks/alloc-small-string.md
class SmallStringCheck : public ClangTidyCheck {
public:
  SmallStringCheck(StringRef Name, ClangTidyContext *Context);
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void onEndOfTranslationUnit() override { Profiles.endTranslationUnit(); }

private:
  CompileErrors Errors;
  void checkLocal(const VarDecl &Var, ASTContext &Ctx);
  void checkTemporary(const Expr &Temporary, ASTContext &Ctx);
  void checkRecord(const CXXRecordDecl &Record, ASTContext &Ctx);
  /// A reserve that the string's growth would give it anyway
  /// (SmallStringReserve.cpp).
  void checkEagerReserve(const VarDecl &Var, ASTContext &Ctx);
  /// What the literal costs, as a note; nullopt when it fits the inline
  /// buffer (or may fit it, when the library is not known).
  std::optional<std::string> costNote(uint64_t Length, QualType Char,
                                      ASTContext &Ctx);
  void addRepetitionNote(const alloc_tidy::Repetition &Where);
  /// What the profiles measured where \p Code builds a string of type
  /// \p Type; nullopt without a profile.
  std::optional<alloc_tidy::Measurement>
  measure(QualType Type, const Stmt &Code, ASTContext &Ctx);
  /// The measured note at \p Loc (or the note that the profile is stale).
  void addMeasuredNote(SourceLocation Loc, const SourceManager &SM,
                       StringRef Name,
                       const std::optional<alloc_tidy::Measurement> &M,
                       StringRef Change, uint64_t Kept);

  ProjectIncludeInserter Inserter;
  StlOption TargetStl;
  ColdFunctionsOption ColdFunctions;
  /// Measured costs and cold findings (ProfileFile, MinProfiledAllocations).
  ProfileOption Profiles;
  Preprocessor *PP = nullptr;
  uint64_t InlineBufferSize = 16;
  /// Without a profile, a literal built where this many other allocations
  /// run beside it on every run is not reported (0: no limit).
  uint64_t AllocationsBeside = 4;
  LayoutNoteStyle LayoutNotes;
};

} // namespace clang::tidy::alloc

#endif
