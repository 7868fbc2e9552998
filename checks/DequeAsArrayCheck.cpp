//===--- DequeAsArrayCheck.cpp --------------------------------------------===//
//
// Collects every std::deque (and std::stack over one) declared in user code
// and every reference to it, then decides at the end of the translation unit,
// when all uses are known, which ones are used like an array.
//
//===----------------------------------------------------------------------===//

#include "checks/DequeAsArrayCheck.h"
#include "checks/LayoutNotes.h"
#include "checks/OptionValues.h"
#include "checks/TypeSpelling.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "lib/analysis/ast/TypeMatchers.h"
#include "lib/analysis/decisions/DequeUsage.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/DeclReferences.h"
#include "lib/analysis/facts/NestedTypeSpellings.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/TypeLoc.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/EquivalenceClasses.h"

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {

static constexpr llvm::StringLiteral StackNotFlagged =
    "a stack is flagged by default only on MSVC's STL (elements > 8 bytes), "
    "or where a profile measured it";

struct DequeAsArrayCheck::Candidate {
  const ValueDecl *Decl = nullptr;
  QualType Element;
  std::vector<ContainerUse> Uses;
  /// Why the check must stay silent; empty when it may warn.
  std::string Silence;
  /// Why the warning comes without a fix-it, and where that is.
  std::string NoFixReason;
  SourceLocation NoFixLoc;
  DequeShape Kind = DequeShape::Deque;
  /// pop_front() calls that only rotate the container.
  std::vector<const Stmt *> Rotations;
  /// The spelled type to rewrite, or the alias that spells it.
  TypeLoc Spelled;
  const TypedefNameDecl *Alias = nullptr;
  /// A fill loop with a computable trip count and its reserve() fix-it.
  std::optional<DequeFill> Fill;
  /// What heapcount's profiles measured at its code.
  std::optional<Measurement> Measured;
  /// A stack flagged only where a profile measured what it allocates.
  bool NeedsMeasuredDepth = false;
  /// What its uses allow (for a member's facts: escapes, growth).
  DequeUsage Usage;
  /// What a decision across units assumes, said at the declaration.
  std::vector<std::string> DecisionNotes;
};

DequeAsArrayCheck::DequeAsArrayCheck(StringRef Name, ClangTidyContext *Ctx)
    : ClangTidyCheck(Name, Ctx), CheckName(Name.str()),
      DequeLikeClasses(
          utils::options::parseStringList(Options.get("DequeLikeClasses", ""))),
      TargetStl(*this, Options, Name),
      StackAdaptors(
          readBoolOption(*this, Options, Name, "StackAdaptors", false)),
      Inserter(readIncludeStyleOption(*this, Options, Name),
               areDiagsSelfContained()),
      WholeProgram(*this, Options, Name, Inserter.getStyle(),
                   areDiagsSelfContained()),
      WarnWhenReferencesKept(readBoolOption(*this, Options, Name,
                                            "WarnWhenReferencesKept", false)),
      AssumeFirstBlockDequesShort(readBoolOption(
          *this, Options, Name, "AssumeFirstBlockDequesShort", false)) {
  LayoutNotes = readLayoutNoteStyle(*this, Options, Name);
  Profiles.read(*this, Options, Name);
}

DequeAsArrayCheck::~DequeAsArrayCheck() = default;

void DequeAsArrayCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "DequeLikeClasses",
                utils::options::serializeStringList(DequeLikeClasses));
  TargetStl.store(Options, Opts);
  Options.store(Opts, "StackAdaptors", StackAdaptors);
  Options.store(Opts, "LayoutNotes", layoutNoteStyleName(LayoutNotes));
  Options.store(Opts, "IncludeStyle", Inserter.getStyle());
  Options.store(Opts, "WarnWhenReferencesKept", WarnWhenReferencesKept);
  Options.store(Opts, "AssumeFirstBlockDequesShort",
                AssumeFirstBlockDequesShort);
  WholeProgram.store(Options, Opts);
  Profiles.store(Options, Opts);
}

void DequeAsArrayCheck::registerPPCallbacks(const SourceManager &SM,
                                            Preprocessor *Pp,
                                            Preprocessor *ModuleExpanderPP) {
  PP = Pp;
  Errors.startParsing(Pp->getDiagnostics());
  Inserter.registerPreprocessor(Pp);
  WholeProgram.registerPreprocessor(Pp);
}

void DequeAsArrayCheck::registerMatchers(MatchFinder *Finder) {
  std::vector<StringRef> DequeNames = DequeLikeClasses;
  DequeNames.emplace_back("::std::deque");
  auto DequeDecl = classTemplateSpecializationDecl(hasAnyName(DequeNames));
  auto StackDecl = classTemplateSpecializationDecl(
      hasName("::std::stack"),
      hasTemplateArgument(1, refersToType(hasUnqualifiedDesugaredType(
                                 recordType(hasDeclaration(DequeDecl))))));
  // Stacks only where one can be flagged (a profile measures their depth):
  // their matchers cost every unit.
  auto ContainerDecl = StackAdaptors || Profiles.loaded() ||
                               getLangOpts().MSVCCompat ||
                               TargetStl.resolve(nullptr) == StlFlavor::Msvc
                           ? cxxRecordDecl(anyOf(DequeDecl, StackDecl))
                           : cxxRecordDecl(DequeDecl);
  auto ContainerType = alloc_tidy::matchers::isSpecializationOf(ContainerDecl);

  Finder->addMatcher(
      varDecl(unless(parmVarDecl()), hasType(ContainerType)).bind("decl"),
      this);
  Finder->addMatcher(fieldDecl(hasType(ContainerType)).bind("decl"), this);
  // The references and alias uses are found at the end of the unit, for the
  // candidates only (findDeclReferences): matching every expression and
  // type of every unit for them cost more than the rest of the check.
}

void DequeAsArrayCheck::check(const MatchFinder::MatchResult &Result) {
  Context = Result.Context;
  if (const auto *Decl = Result.Nodes.getNodeAs<ValueDecl>("decl")) {
    auto &Slot = Candidates[Decl];
    if (!Slot) {
      Slot = std::make_unique<Candidate>();
      Slot->Decl = Decl;
    }
  }
}

/// Decides whether the candidate is convertible, and how.
void DequeAsArrayCheck::analyze(Candidate &C) {
  ASTContext &Ctx = *Context;
  const ValueDecl *D = C.Decl;
  auto NoFix = [&](SourceLocation Loc, std::string Why) {
    if (C.NoFixReason.empty()) {
      C.NoFixReason = std::move(Why);
      C.NoFixLoc = Loc;
    }
  };
  if (std::string Excluded = dequeDeclarationExcluded(*D, Ctx);
      !Excluded.empty()) {
    C.Silence = Excluded;
    return;
  }
  // What it holds.
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      D->getType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getTemplateArgs().size() < 1) {
    C.Silence = "not a specialization";
    return;
  }
  C.Kind = Spec->getName() == "stack" ? DequeShape::Stack : DequeShape::Deque;
  C.Element = Spec->getTemplateArgs()[0].getAsType();
  if (C.Element.isNull() || C.Element->isDependentType()) {
    C.Silence = "dependent element";
    return;
  }

  // What every use does with it.
  for (const Expr *Ref : References.lookup(D))
    C.Uses.push_back(classifyContainerUse(Ref, Ctx));
  C.Usage = judgeDequeUses(*D, C.Kind, C.Element, C.Uses,
                           WarnWhenReferencesKept, Ctx);
  if (!C.Usage.Keep.empty()) {
    C.Silence = C.Usage.Keep;
    return;
  }
  C.Rotations = C.Usage.Rotations;
  // Only a profile can show that a deque popped at its front stays short.
  if (!C.Usage.FrontPops.empty() && !Profiles.loaded()) {
    C.Silence = "front operation";
    return;
  }
  if (!C.Usage.NoFixReason.empty())
    NoFix(C.Usage.NoFixLoc, C.Usage.NoFixReason);

  // The spelled type the fix-it rewrites.
  C.Spelled = spelledDeclType(*D, C.Alias);
  if (!C.Spelled || !templateNameRange(C.Spelled))
    NoFix(D->getLocation(), "the type is not spelled where a fix-it can "
                            "change it");
  std::optional<unsigned> SpelledArgs;
  if (C.Spelled)
    if (auto Spec =
            namedTypeLoc(C.Spelled).getAs<TemplateSpecializationTypeLoc>())
      SpelledArgs = Spec.getNumArgs();
  SpelledArguments Spelled = judgeSpelledArguments(C.Kind, SpelledArgs);
  C.Silence = Spelled.Keep; // Empty unless the user chose the container.
  if (!C.Silence.empty())
    return;
  if (!Spelled.NoFix.empty())
    NoFix(D->getLocation(), Spelled.NoFix);
  // Which of the two a stack is, deep or mostly empty, only a profile tells
  // (measure()); without one, the STL's block size decides.
  if (C.Kind == DequeShape::Stack && !StackAdaptors &&
      !stackFlaggedByDefault(getLangOpts().MSVCCompat ||
                                 TargetStl.resolve(PP) == StlFlavor::Msvc,
                             C.Element, Ctx)) {
    if (Profiles.loaded())
      C.NeedsMeasuredDepth = true;
    else
      C.Silence = StackNotFlagged;
  }

  // A type nested in it spelled elsewhere ("std::deque<Row>::iterator")
  // would no longer match; a local's type can only be tied to its function.
  const auto *Within =
      isa<VarDecl>(D) ? dyn_cast<FunctionDecl>(D->getDeclContext()) : nullptr;
  if (std::optional<NestedTypeSpellings::Tie> Tie =
          Spellings.firstTie(D->getType(), Within, Ctx))
    NoFix(Tie->Loc, Tie->Why);

  if (C.Kind == DequeShape::Deque)
    C.Fill = dequeFillLoop(*D, C.Uses, C.Usage.Growth, Ctx);
}

void DequeAsArrayCheck::onEndOfTranslationUnit() {
  Spellings = NestedTypeSpellings();
  // The verdict rests on seeing every use; code with errors has lost some
  // (an invalid 'd.push_front(' is dropped from the AST), so say nothing.
  if (!Context || Errors.occurred(Context->getDiagnostics())) {
    Candidates.clear();
    return;
  }
  findReferences();
  for (auto &Entry : Candidates) {
    analyze(*Entry.second);
    measure(*Entry.second);
  }
  linkCandidates();
  // Members: what this unit's code allows, then whether that is the whole
  // story (this unit's facts, or every unit's from alloc-run).
  for (auto &Entry : Candidates)
    if (const auto *Field = dyn_cast<FieldDecl>(Entry.first))
      decideMember(*Entry.second, *Field);
  // A member kept by its decision keeps what is linked to it.
  linkCandidates();

  // Each spelled type is rewritten once, by its first declaration.
  llvm::DenseSet<SourceLocation> Rewritten;
  for (auto &Entry : Candidates) {
    Candidate &C = *Entry.second;
    if (!C.Silence.empty())
      continue;
    if (C.Spelled && C.NoFixReason.empty() &&
        !Rewritten.insert(C.Spelled.getBeginLoc()).second)
      C.Spelled = TypeLoc();
    report(*this, render(C, Inserter));
  }
  Candidates.clear();
  References.clear();
  AliasUses.clear();
  Profiles.endTranslationUnit();
}

void DequeAsArrayCheck::findReferences() {
  llvm::DenseSet<const ValueDecl *> Decls;
  llvm::DenseSet<const Type *> Types;
  for (auto &Entry : Candidates) {
    Decls.insert(Entry.first);
    Types.insert(Entry.first->getType().getCanonicalType().getTypePtr());
  }
  DeclReferences Found = findDeclReferences(*Context, Decls, Types);
  References = std::move(Found.Refs);
  AliasUses = std::move(Found.AliasUses);
}

void DequeAsArrayCheck::measure(Candidate &C) {
  if (!C.Silence.empty() || !Profiles.loaded())
    return;
  // Its blocks are allocated where it grows, its map where it is built.
  C.Measured = Profiles.measureContainer(
      C.Decl->getType(), containerCode(*C.Decl, C.Uses), *Context);
  bool FirstBlock = C.Measured && dequesStayedInFirstBlock(*C.Measured);
  bool Reserved = C.Fill && !C.Fill->ReserveText.empty();
  if (C.NeedsMeasuredDepth &&
      !(C.Measured && C.Measured->Covered && C.Measured->Allocations > 0)) {
    C.Silence = StackNotFlagged;
    return;
  }
  if (C.Measured && (Profiles.isCold(*C.Measured) ||
                     vectorForDequeSavesNothing(*C.Measured, Reserved)))
    C.Silence = "cold, or a std::vector saves nothing, in the profiled run";
  else if (std::string Keep = judgeFrontPops(C.Usage, FirstBlock, *Context);
           !Keep.empty())
    C.Silence = std::move(Keep);
  else
    C.Silence = judgeFirstBlockDeques(C.Usage, FirstBlock, Reserved,
                                      AssumeFirstBlockDequesShort,
                                      C.Decl->getLocation());
  if (C.Silence.empty() && C.NoFixReason.empty()) {
    C.NoFixReason = C.Usage.NoFixReason;
    C.NoFixLoc = C.Usage.NoFixLoc;
  }
}

void DequeAsArrayCheck::linkCandidates() {
  const SourceManager &SM = Context->getSourceManager();
  // Containers linked by swap, assignment or comparison change together.
  llvm::EquivalenceClasses<const ValueDecl *> Groups;
  for (auto &Entry : Candidates) {
    Groups.insert(Entry.first);
    for (const ContainerUse &Use : Entry.second->Uses)
      if (Use.Kind == UseKind::Linked && Use.Other)
        Groups.unionSets(Entry.first, Use.Other);
  }
  for (auto &Entry : Candidates) {
    Candidate &C = *Entry.second;
    if (!C.Silence.empty())
      continue;
    for (auto It = Groups.findLeader(C.Decl); It != Groups.member_end(); ++It) {
      auto Peer = Candidates.find(*It);
      if (Peer == Candidates.end() || !Peer->second->Silence.empty() ||
          Peer->second->Kind != C.Kind) {
        C.Silence = "linked to a container that must stay";
        break;
      }
      if (C.NoFixReason.empty() && !Peer->second->NoFixReason.empty()) {
        C.NoFixReason = "'" + (*It)->getNameAsString() +
                        "' must change with it, and cannot";
        C.NoFixLoc = (*It)->getLocation();
      }
    }
  }

  // One spelled type can serve several declarations: an alias, or
  // declarators in one declaration ("std::deque<int> a, b;"). Rewriting it
  // changes them all, so it is rewritten only when all of them convert.
  auto Fixable = [&](const ValueDecl &D) {
    auto It = Candidates.find(&D);
    return It != Candidates.end() && It->second->Silence.empty() &&
           It->second->NoFixReason.empty();
  };
  for (auto &Entry : Candidates) {
    Candidate &C = *Entry.second;
    if (!C.Silence.empty() || !C.NoFixReason.empty())
      continue;
    if (C.Alias) {
      // Other translation units can name an alias in a header, unless it is
      // a private member of a class whose code is all here.
      if (!SM.isInMainFile(SM.getExpansionLoc(C.Alias->getLocation())) &&
          !seesAllCodeUsingMember(C.Alias, *Context)) {
        C.NoFixReason = "the type alias '" + C.Alias->getNameAsString() +
                        "' is declared where other translation units can "
                        "use it";
        C.NoFixLoc = C.Alias->getLocation();
        continue;
      }
      bool AllConvert = true;
      for (SourceLocation Use : AliasUses.lookup(C.Alias)) {
        bool Known = false;
        for (auto &Other : Candidates) {
          const auto *DD = dyn_cast<DeclaratorDecl>(Other.first);
          if (DD && DD->getTypeSourceInfo() &&
              DD->getTypeSourceInfo()->getTypeLoc().getBeginLoc() == Use)
            Known = Fixable(*Other.first);
        }
        AllConvert &= Known;
      }
      if (!AllConvert) {
        C.NoFixReason = "the type alias '" + C.Alias->getNameAsString() +
                        "' is also used where it must stay as it is";
        C.NoFixLoc = C.Alias->getLocation();
      }
      continue;
    }
    const auto *DD = dyn_cast<DeclaratorDecl>(C.Decl);
    if (const DeclaratorDecl *Other =
            DD ? declaratorSharingType(*DD, Fixable) : nullptr) {
      C.NoFixReason = "'" + Other->getNameAsString() +
                      "' is declared with the same type and must stay as "
                      "it is; declare it separately";
      C.NoFixLoc = Other->getLocation();
    }
  }
}

void DequeAsArrayCheck::decideMember(Candidate &C, const FieldDecl &Field) {
  ASTContext &Ctx = *Context;
  const SourceManager &SM = Ctx.getSourceManager();
  // Facts are about members of plain classes in user code.
  if (!dequeDeclarationExcluded(Field, Ctx).empty())
    return;

  bool Rotates = C.NoFixReason.empty() && !C.Rotations.empty();
  MemberFacts Facts = dequeMemberFacts(
      Field, C.Usage, C.Silence, Rotates ? "a rotating buffer" : C.NoFixReason,
      WarnWhenReferencesKept, Ctx);
  Facts.Check = CheckName;
  MemberDecision Decision = WholeProgram.decide(
      Facts,
      [&](ProjectIncludeInserter &Includes) -> std::optional<Finding> {
        return render(C, Includes);
      },
      Field.getLocation(), SM);
  if (Decision.Action == MemberAction::Silent && C.Silence.empty())
    C.Silence = Decision.Why;
  C.DecisionNotes = Decision.Notes;
  if (Decision.Action == MemberAction::Warn && C.NoFixReason.empty() &&
      C.Rotations.empty()) {
    C.NoFixReason = Decision.Why;
    C.NoFixLoc = Field.getLocation();
  }
}

Finding DequeAsArrayCheck::render(const Candidate &C,
                                  ProjectIncludeInserter &Includes) {
  ASTContext &Ctx = *Context;
  const SourceManager &SM = Ctx.getSourceManager();
  StlFlavor Stl = TargetStl.resolve(PP);
  std::string Element = C.Element.getAsString(Ctx.getPrintingPolicy());
  std::optional<DequeBlockFacts> Facts;
  if (!C.Element->isIncompleteType())
    Facts =
        dequeBlockFacts(Stl, Ctx.getTypeSizeInChars(C.Element).getQuantity());
  bool CanFix = C.NoFixReason.empty() && C.Rotations.empty();
  const std::string Name = C.Decl->getNameAsString();

  Finding F;
  F.Warning.Loc = C.Decl->getLocation();
  F.Warning.Text = dequeWarning(Name, C.Kind, !C.Rotations.empty(),
                                !C.Usage.FrontPops.empty(),
                                Facts && C.Fill && C.Fill->Count.Value
                                    ? std::optional<uint64_t>(dequeAllocations(
                                          *Facts, *C.Fill->Count.Value))
                                    : std::nullopt);

  bool Reserved = C.Fill && !C.Fill->ReserveText.empty();
  if (std::optional<std::string> Note = Profiles.measuredNote(
          C.Measured, C.Decl->getLocation(), SM, [&](const Measurement &M) {
            return describeVectorForDeque(Name, M, Reserved);
          }))
    F.note(C.Decl->getLocation(), std::move(*Note));

  std::optional<CharSourceRange> TemplateName =
      C.Spelled ? templateNameRange(C.Spelled) : std::nullopt;
  if (CanFix && TemplateName) {
    std::vector<FixItHint> &Fixes = F.Warning.Fixes;
    // The type, a reserve, the include and each pop.
    Fixes.reserve(3 + C.Usage.FrontPops.size());
    if (C.Kind == DequeShape::Deque) {
      Fixes.push_back(
          FixItHint::CreateReplacement(*TemplateName, "std::vector"));
      if (Reserved)
        Fixes.push_back(FixItHint::CreateInsertion(C.Fill->Loop->getBeginLoc(),
                                                   C.Fill->ReserveText));
      for (const ContainerUse *Pop : C.Usage.FrontPops) {
        TextEdit Edit = frontPopEdit(*Pop, Ctx);
        Fixes.push_back(FixItHint::CreateReplacement(Edit.Range, Edit.Text));
      }
    } else {
      auto Spec =
          namedTypeLoc(C.Spelled).getAs<TemplateSpecializationTypeLoc>();
      Fixes.push_back(FixItHint::CreateInsertion(
          Spec.getRAngleLoc(),
          ", std::vector<" + spelledArguments(C.Spelled, Ctx) + ">"));
    }
    if (std::optional<FixItHint> Include = Includes.createIncludeInsertion(
            SM.getFileID(SM.getExpansionLoc(C.Spelled.getBeginLoc())),
            "<vector>"))
      Fixes.push_back(std::move(*Include));
  }

  // What it costs, with this library's numbers.
  if (Facts)
    F.note(C.Decl->getLocation(),
           dequeCostNote(*Facts, Stl, C.Kind == DequeShape::Stack, Element));
  if (C.Measured && !C.Usage.FrontPops.empty())
    for (const ContainerUse *Pop : C.Usage.FrontPops)
      F.note(Pop->Site->getBeginLoc(),
             frontPopNote(C.Measured->Counts.rbegin()->first));
  for (const Stmt *Pop : C.Rotations)
    F.note(Pop->getBeginLoc(), rotationNote(Name));
  if (C.Fill && Facts && CanFix)
    F.note(C.Fill->Loop->getBeginLoc(), dequeFillNote(*Facts, *C.Fill));
  if (!C.NoFixReason.empty())
    F.note(C.NoFixLoc, "no fix-it: " + C.NoFixReason);
  for (const std::string &Note : C.DecisionNotes)
    F.note(C.Decl->getLocation(), Note);
  // The member becomes a std::vector (or a stack over one): what that does
  // to the size of the class that holds it.
  if (const auto *Field = dyn_cast<FieldDecl>(C.Decl))
    for (std::string &Note :
         vectorForDequeNotes(*Field, C.Kind == DequeShape::Stack,
                             C.Spelled ? spelledArguments(C.Spelled, Ctx) : "",
                             PP, Ctx, LayoutNotes))
      F.note(Field->getLocation(), std::move(Note));
  return F;
}

} // namespace clang::tidy::alloc
