//===--- SmallStringReserve.cpp -------------------------------------------===//
//
// std::string Text; Text.reserve(20); allocates on every run, even when the
// text stays within the inline buffer (a decoder that gives up after a
// character). The first growth past that buffer takes at least as much as
// the reserve asked for, so without it the string never allocates more
// often, and a short one does not allocate at all. The finding is
// alloc-small-string's: what defeats a string's inline buffer.
//
//===----------------------------------------------------------------------===//

#include "checks/SmallStringCheck.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/decisions/StatementLines.h"
#include "lib/analysis/facts/EagerStringReserve.h"
#include "lib/analysis/facts/Repetition.h"
#include "lib/analysis/profile/ProfileEvidence.h"
#include "clang/AST/ASTContext.h"

using namespace alloc_tidy;

namespace clang::tidy::alloc {

/// The range that removes \p Call's statement: its line from its first
/// character up to the next code, when the statement starts its line and
/// nothing but blanks or a comment follows it there.
static CharSourceRange statementRemoval(const Expr &Call, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = Call.getBeginLoc();
  if (Begin.isMacroID() || !indentBefore(Begin, SM))
    return {};
  SourceLocation End = endOfStatementLine(&Call, Ctx);
  if (End.isInvalid())
    return {};
  return CharSourceRange::getCharRange(Begin, nextNonBlank(End, SM));
}

void SmallStringCheck::checkEagerReserve(const VarDecl &Var, ASTContext &Ctx) {
  std::optional<EagerStringReserve> Found =
      eagerStringReserve(Var, TargetStl.resolve(PP), Ctx);
  if (!Found)
    return;
  std::optional<Repetition> Where = findRepetition(*Found->Reserve, Ctx);
  if (!Where || (Where->Loop && ColdFunctions.isColdLoop(*Where->Loop)))
    return;
  // heapcount names the reserve as the string's site.
  std::optional<Measurement> Measured =
      measure(Var.getType(), *Found->Reserve, Ctx);
  if (Measured && Profiles.isCold(*Measured))
    return;
  // Once per call, it is worth a change only where a profile says the
  // function is hot.
  if (!Where->Loop && !Profiles.isHot(Measured))
    return;

  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Removal = statementRemoval(*Found->Reserve, Ctx);
  SourceLocation At = SM.getFileLoc(Found->Reserve->getBeginLoc());
  std::string Name = Var.getNameAsString();
  {
    auto Diag = diag(At, "reserving %0 characters makes '%1' allocate on "
                         "every run, even when it stays within its "
                         "%2-character inline buffer; its first growth past "
                         "that buffer takes at least %0 anyway, so the "
                         "reserve never saves an allocation")
                << std::to_string(Found->Requested) << Name
                << std::to_string(Found->InlineCapacity);
    if (Removal.isValid())
      Diag << FixItHint::CreateRemoval(Removal);
  }
  countIterations(*Where, Found->Reserve, Ctx);
  addRepetitionNote(*Where);
  if (std::optional<std::string> Note =
          Profiles.measuredNote(Measured, At, SM, [&](const Measurement &M) {
            std::string Text = "heapcount's profile: in the profiled run "
                               "the reserve allocated " +
                               withSeparators(M.Allocations) + " times";
            if (M.Processes)
              Text += " (in " + withSeparators(*M.Processes) + " processes)";
            return Text + "; without it, each run in which '" + Name +
                   "' stays within its inline buffer would not allocate";
          }))
    diag(At, "%0", DiagnosticIDs::Note) << *Note;
  if (Removal.isInvalid())
    diag(At, "no fix-it: the statement shares its lines with other code",
         DiagnosticIDs::Note);
}

} // namespace clang::tidy::alloc
