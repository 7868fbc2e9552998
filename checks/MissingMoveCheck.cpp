//===--- MissingMoveCheck.cpp ---------------------------------------------===//
//
// `~RegEx() = default;` looks harmless, but a user-declared destructor (or
// copy constructor, or copy assignment) keeps the compiler from declaring
// the move constructor and the move assignment. Every move then copies: a
// std::vector<RegEx> copies each element, and everything it holds, whenever
// it grows; push_back(RegEx('x')) copies the temporary; std::move(R) copies
// R. In yaml-cpp that destructor alone made a third of each run's
// allocations at start-up.
//
// The check reports such a class when it holds a standard container or
// string and the unit moves an object of it. The fix-it removes a public,
// non-virtual destructor that does nothing, or declares the moves (and the
// copies that declaring them would delete) defaulted after the last
// user-declared special member. It stays a warning without a fix-it when a
// special member has a body, or when the unit reads a variable after
// std::move of it (a real move would leave it empty).
//
//===----------------------------------------------------------------------===//

#include "checks/MissingMoveCheck.h"
#include "checks/OptionValues.h"
#include "lib/analysis/ast/NodeMatchers.h"
#include "lib/analysis/facts/CopyFacts.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include <algorithm>

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {

namespace {

/// A call of a named function of the standard library (a member of one of
/// its classes too).
AST_MATCHER(CallExpr, callsStandardLibraryFunction) {
  const FunctionDecl *Callee = Node.getDirectCallee();
  return Callee && Callee->getIdentifier() &&
         alloc_tidy::isStandardLibraryFunction(*Callee);
}

} // namespace

MissingMoveCheck::MissingMoveCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      HandWrittenMembers(
          readBoolOption(*this, Options, Name, "HandWrittenMembers", false)) {
  Profiles.read(*this, Options, Name);
}

void MissingMoveCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "HandWrittenMembers", HandWrittenMembers);
  Profiles.store(Options, Opts);
}

void MissingMoveCheck::registerMatchers(MatchFinder *Finder) {
  using namespace alloc_tidy::matchers;
  Finder->addMatcher(cxxConstructExpr(constructsByCopy()).bind("copy"), this);
  Finder->addMatcher(cxxOperatorCallExpr(callsCopyAssignment()).bind("copy"),
                     this);
  // Calls of the standard library's functions (whose members are not in
  // namespace std itself), made in the user's code: the ones the analysis
  // looks at, where every call of the unit used to reach check().
  Finder->addMatcher(callExpr(callsStandardLibraryFunction(),
                              unless(isExpansionInSystemHeader()))
                         .bind("std-call"),
                     this);
}

const SuppressedMove *MissingMoveCheck::factsOf(const CXXRecordDecl *RD) {
  if (!RD)
    return nullptr;
  auto [It, Inserted] = Facts.try_emplace(RD->getCanonicalDecl());
  if (Inserted) {
    const SourceManager &SM = Ctx->getSourceManager();
    SourceLocation Loc = RD->getLocation();
    // The standard library's classes are not the user's to change.
    if (Loc.isValid() && !SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
      It->second = suppressedMove(*RD, *Ctx);
  }
  std::optional<SuppressedMove> &Known = It->second;
  return Known.has_value() ? &Known.value() : nullptr;
}

void MissingMoveCheck::addMove(CopyingMove Move, const SourceManager &SM) {
  // Moves in the standard library's own code are found at the user's call
  // that makes them (a growing vector, a temporary argument).
  if (Move.Loc.isInvalid() ||
      SM.isInSystemHeader(SM.getExpansionLoc(Move.Loc)) || !factsOf(Move.Class))
    return;
  Moves[Move.Class->getCanonicalDecl()].push_back(std::move(Move));
}

void MissingMoveCheck::check(const MatchFinder::MatchResult &Result) {
  Ctx = Result.Context;
  if (Errors.occurred(Ctx->getDiagnostics()))
    return;
  const SourceManager &SM = *Result.SourceManager;
  if (const auto *Copy = Result.Nodes.getNodeAs<Expr>("copy")) {
    if (std::optional<CopyingMove> Move = copyingMove(*Copy, *Ctx))
      addMove(std::move(*Move), SM);
    return;
  }
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("std-call");
  if (SM.isInSystemHeader(SM.getExpansionLoc(Call->getBeginLoc())))
    return;
  for (CopyingMove &Move : copyingMovesOfCall(*Call, *Ctx))
    addMove(std::move(Move), SM);
}

/// "the user-declared destructor", "the user-declared destructor and copy
/// constructor".
static std::string suppressorsPhrase(const SuppressedMove &Facts) {
  std::string Phrase = "the user-declared ";
  for (size_t I = 0; I < Facts.Suppressors.size(); ++I) {
    if (I > 0)
      Phrase += I + 1 == Facts.Suppressors.size() ? " and " : ", ";
    Phrase += specialMemberName(*Facts.Suppressors[I]);
  }
  return Phrase;
}

void MissingMoveCheck::onEndOfTranslationUnit() {
  if (!Ctx || Errors.occurred(Ctx->getDiagnostics())) {
    Facts.clear();
    Moves.clear();
    Profiles.endTranslationUnit();
    return;
  }
  const SourceManager &SM = Ctx->getSourceManager();
  for (auto &[Class, ClassMoves] : Moves) {
    const SuppressedMove &F = *factsOf(Class);
    // One place once, however many matchers saw it.
    llvm::sort(ClassMoves, [&](const CopyingMove &A, const CopyingMove &B) {
      return SM.isBeforeInTranslationUnit(A.Loc, B.Loc);
    });
    ClassMoves.erase(
        std::unique(ClassMoves.begin(), ClassMoves.end(),
                    [](const CopyingMove &A, const CopyingMove &B) {
                      return A.Loc == B.Loc && A.Kind == B.Kind;
                    }),
        ClassMoves.end());
    MovePlan Plan = planMove(F, *Ctx);
    if (Plan.HandWritten && !HandWrittenMembers)
      continue;
    // heapcount attributes an implicit copy constructor's allocations to
    // the class's name; a defaulted one, to its declaration.
    std::vector<ProfileAnchor> Copies{
        {SourceRange(F.Class->getLocation()), nullptr}};
    for (const CXXMethodDecl *M : F.Suppressors)
      if (!isa<CXXDestructorDecl>(M))
        Copies.emplace_back(SourceRange(M->getLocation()), nullptr);
    std::optional<Measurement> Measured =
        Profiles.measureAnything(Copies, *Ctx);
    if (Measured && Profiles.isCold(*Measured))
      continue;
    const CopyingMove *ReadAgain = nullptr;
    for (const CopyingMove &Move : ClassMoves)
      if (Move.ReadAfter.isValid() && !ReadAgain)
        ReadAgain = &Move;
    if (ReadAgain && Plan.NoFix.empty())
      Plan.NoFix = "'" + ReadAgain->MovedFrom->getNameAsString() +
                   "' is used after a std::move of it, and a real move would "
                   "leave it empty";

    const std::string ClassName = F.Class->getNameAsString();
    const CXXMethodDecl *First = F.Suppressors.front();
    {
      auto Diag = diag(First->getLocation(),
                       "%0 of '%1' %select{suppresses|suppress}2 its move "
                       "constructor: every move of a '%1' copies '%3' (%4), "
                       "allocating")
                  << suppressorsPhrase(F) << ClassName
                  << (F.Suppressors.size() == 1 ? 0 : 1) << F.Owner->getName()
                  << F.OwnerType;
      if (Plan.NoFix.empty()) {
        if (Plan.Removal.isValid())
          Diag << FixItHint::CreateRemoval(Plan.Removal);
        else if (Plan.InsertAt.isValid())
          Diag << FixItHint::CreateInsertion(Plan.InsertAt, Plan.Insertion);
      }
    }
    if (std::optional<std::string> Note = Profiles.measuredNote(
            Measured, First->getLocation(), SM,
            [&](const Measurement &M) { return describeCopies(ClassName, M); }))
      diag(First->getLocation(), "%0", DiagnosticIDs::Note) << *Note;
    if (!Plan.NoFix.empty())
      diag(F.Class->getLocation(), "no fix-it: %0", DiagnosticIDs::Note)
          << Plan.NoFix;
    if (ReadAgain)
      diag(ReadAgain->ReadAfter,
           ReadAgain->ReadAfter == ReadAgain->Loc
               ? "the loop moves '%0' again on its next iteration"
               : "'%0' is used here after it is moved",
           DiagnosticIDs::Note)
          << ReadAgain->MovedFrom->getName();
    // A few places are enough to find the pattern; the count says the rest.
    constexpr size_t Shown = 3;
    for (size_t I = 0; I < std::min(Shown, ClassMoves.size()); ++I) {
      const CopyingMove &Move = ClassMoves[I];
      switch (Move.Kind) {
      case CopyingMove::Growth:
        diag(Move.Loc,
             "'std::vector<%0>' copies its elements each time '%1' grows it",
             DiagnosticIDs::Note)
            << ClassName << Move.Callee;
        break;
      case CopyingMove::Temporary:
        diag(Move.Loc, "the temporary '%0' passed to '%1' is copied into place",
             DiagnosticIDs::Note)
            << ClassName << Move.Callee;
        break;
      case CopyingMove::Move:
        diag(Move.Loc, "this move of a '%0' copies it", DiagnosticIDs::Note)
            << ClassName;
        break;
      }
    }
    if (ClassMoves.size() > Shown)
      diag(F.Class->getLocation(),
           "the unit moves a '%0' in %1 more %select{place|places}2",
           DiagnosticIDs::Note)
          << ClassName << std::to_string(ClassMoves.size() - Shown)
          << (ClassMoves.size() - Shown == 1 ? 0 : 1);
  }
  Facts.clear();
  Moves.clear();
  Profiles.endTranslationUnit();
}

} // namespace clang::tidy::alloc
