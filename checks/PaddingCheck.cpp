//===--- PaddingCheck.cpp -------------------------------------------------===//
//
// Measures every record defined in user code (and every instantiation of a
// class template defined there) with clang's own record layout, and asks
// lib/layout for a field order that needs less padding. Only records whose
// padding could possibly reach MinWastedBytes are laid out again, so the cost
// for the usual record is one ASTRecordLayout lookup and a sum of field sizes.
//
// At the end of the translation unit the facts about instances are collected
// (lib/analysis/facts/RecordInstances: containers, arrays, loop allocations,
// variable-length tails) and lib/analysis/decisions/PaddingDecision decides,
// for each wasteful record, whether it is worth a change; this file renders.
//
// The fix-it moves whole lines (lib/analysis/decisions/FieldReorder): each
// field with the comments above it and after it. It is offered only when
// nothing in the translation unit can tell the order apart (initialisation,
// byte copies, positional initialisers); see planFixIt() for the list.
//
//===----------------------------------------------------------------------===//

#include "checks/PaddingCheck.h"
#include "checks/OptionValues.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/decisions/FieldReorder.h"
#include "lib/analysis/decisions/PaddingDecision.h"
#include "lib/analysis/facts/MemberFacts.h"
#include "lib/analysis/facts/RecordAbi.h"
#include "lib/analysis/facts/RecordInstances.h"
#include "lib/layout/LayoutBuilder.h"
#include "lib/layout/LayoutModel.h"
#include "lib/layout/WhatIf.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/TargetInfo.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace clang::ast_matchers;
using alloc_tidy::MemberAction;
using alloc_tidy::MemberDecision;
using alloc_tidy::MemberFacts;
namespace layout = alloc_tidy::layout;

namespace clang::tidy::alloc {

struct PaddingCheck::Candidate {
  /// The record that was measured: an instantiation for a class template.
  const RecordDecl *Record = nullptr;
  /// Where its fields are written: the template pattern for an
  /// instantiation, else Record itself.
  const RecordDecl *Written = nullptr;
  layout::RecordLayout Now;
  layout::RecordLayout Reordered;
  std::vector<const FieldDecl *> Order;
  std::vector<FixItHint> Fixes;
  std::string NoFix;
  SourceLocation NoFixLoc;
  /// Instantiations of the same pattern that are also reported.
  unsigned OtherInstantiations = 0;
  /// The decision and the place of the evidence its cost note describes.
  alloc_tidy::PaddingDecision Decision;
  SourceLocation CostLoc;
  /// What a decision across units assumes, said at the record.
  std::vector<std::string> DecisionNotes;
};

namespace {

/// The record's fully qualified name, as the compiler names it in its own
/// diagnostics: "File::FilePrivate", "List<double>::Node",
/// "(anonymous namespace)::Hidden". A project can have many records called
/// 'Private'; the namespace tells them apart.
std::string recordName(const RecordDecl &RD, const ASTContext &Ctx) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  RD.getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  return Name;
}

std::string quotedList(llvm::ArrayRef<std::string> Names) {
  std::string Out;
  for (const std::string &Name : Names) {
    if (!Out.empty())
      Out += ", ";
    Out += "'" + Name + "'";
  }
  return Out;
}

} // namespace

PaddingCheck::PaddingCheck(StringRef Name, ClangTidyContext *Ctx)
    : ClangTidyCheck(Name, Ctx),
      MinWastedBytes(
          readCountOption(*this, Options, Name, "MinWastedBytes", 8, 1)),
      ReorderFixIt(readBoolOption(*this, Options, Name, "ReorderFixIt", false)),
      ReportAll(readBoolOption(*this, Options, Name, "ReportAll", false)),
      WarnCRecords(readBoolOption(*this, Options, Name, "WarnCRecords", false)),
      PublicInterfaceRecords(readBoolOption(*this, Options, Name,
                                            "PublicInterfaceRecords", false)),
      SingleHeapObjects(
          readBoolOption(*this, Options, Name, "SingleHeapObjects", false)),
      LayoutNotes(readLayoutNoteStyle(*this, Options, Name)),
      CheckName(Name.str()),
      WholeProgram(*this, Options, Name, utils::IncludeSorter::IS_LLVM,
                   areDiagsSelfContained()) {}

PaddingCheck::~PaddingCheck() = default;

void PaddingCheck::registerPPCallbacks(const SourceManager &SM,
                                       Preprocessor *PP,
                                       Preprocessor *ModuleExpanderPP) {
  WholeProgram.registerPreprocessor(PP);
}

void PaddingCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "MinWastedBytes", MinWastedBytes);
  Options.store(Opts, "ReorderFixIt", ReorderFixIt);
  Options.store(Opts, "ReportAll", ReportAll);
  Options.store(Opts, "WarnCRecords", WarnCRecords);
  Options.store(Opts, "PublicInterfaceRecords", PublicInterfaceRecords);
  Options.store(Opts, "SingleHeapObjects", SingleHeapObjects);
  Options.store(Opts, "LayoutNotes", layoutNoteStyleName(LayoutNotes));
  WholeProgram.store(Options, Opts);
}

void PaddingCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(recordDecl(isDefinition()).bind("record"), this);
  if (!ReorderFixIt)
    return;
  // What makes a reorder unsafe, wherever it is in the translation unit.
  // Two node matchers the AST matcher library does not offer:
  const internal::VariadicDynCastAllOfMatcher<Stmt, OffsetOfExpr> OffsetOf;
  const internal::VariadicDynCastAllOfMatcher<Stmt, CXXParenListInitExpr>
      ParenListInit;
  Finder->addMatcher(initListExpr().bind("layout-use"), this);
  Finder->addMatcher(ParenListInit().bind("layout-use"), this);
  Finder->addMatcher(decompositionDecl().bind("layout-use"), this);
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasAnyName(alloc_tidy::byteIoFunctions()))))
          .bind("layout-use"),
      this);
  Finder->addMatcher(explicitCastExpr().bind("layout-use"), this);
  Finder->addMatcher(OffsetOf().bind("layout-use"), this);
  Finder->addMatcher(staticAssertDecl().bind("layout-use"), this);
}

void PaddingCheck::check(const MatchFinder::MatchResult &Result) {
  Context = Result.Context;
  const auto &Nodes = Result.Nodes;
  if (const auto *RD = Nodes.getNodeAs<RecordDecl>("record"))
    return inspectRecord(*RD);
  std::vector<alloc_tidy::LayoutUse> Uses;
  if (const auto *S = Nodes.getNodeAs<Stmt>("layout-use"))
    Uses = alloc_tidy::layoutUsesIn(*S, *Context);
  else if (const auto *D = Nodes.getNodeAs<Decl>("layout-use"))
    Uses = alloc_tidy::layoutUsesIn(*D);
  // Where the user wrote it, not inside a macro such as offsetof. The
  // standard library's own code (a static_assert that a type is complete,
  // a memmove of trivially copyable elements) does not depend on the order.
  const SourceManager &SM = Context->getSourceManager();
  for (alloc_tidy::LayoutUse &Use : Uses) {
    SourceLocation Loc = SM.getExpansionLoc(Use.Loc);
    if (!SM.isInSystemHeader(Loc))
      LayoutUses.try_emplace(Use.Record, Loc, std::move(Use.Why));
  }
}

void PaddingCheck::inspectRecord(const RecordDecl &RD) {
  ASTContext &Ctx = *Context;
  const SourceManager &SM = Ctx.getSourceManager();
  // Cheap filters first: most records in a translation unit are not the
  // user's to change, or cannot be reordered.
  if (RD.isUnion() || RD.isImplicit() || RD.isInvalidDecl() ||
      RD.isDependentContext())
    return;
  const auto *Class = dyn_cast<CXXRecordDecl>(&RD);
  if (Class && Class->isLambda())
    return;
  const RecordDecl *Written = &RD;
  if (Class)
    if (const CXXRecordDecl *Pattern = Class->getTemplateInstantiationPattern())
      Written = Pattern;
  const SourceLocation Loc = Written->getLocation();
  // A record a macro writes is the same in every expansion; its padding is
  // the macro's business. System headers are not the user's.
  if (Loc.isInvalid() || Loc.isMacroID() || SM.isInSystemHeader(Loc))
    return;
  // Packing and #pragma pack are a decision about the layout already.
  if (RD.hasAttr<PackedAttr>() || RD.hasAttr<MaxFieldAlignmentAttr>())
    return;
  // A struct inside a union usually mirrors another member of the union
  // (type punning, register maps): its order is the point.
  if (const auto *Parent = dyn_cast<RecordDecl>(RD.getDeclContext());
      Parent && Parent->isUnion())
    return;
  if (!layout::hasComputableLayout(RD))
    return;
  // A field aligned beyond its type (alignas(64) to keep two atomics on
  // separate cache lines) makes the holes deliberate: moving other fields
  // into them can bring back the false sharing the alignment prevents.
  for (const FieldDecl *Field : RD.fields())
    if (Field->hasAttr<AlignedAttr>() &&
        Ctx.getDeclAlign(Field) > Ctx.getTypeAlignInChars(Field->getType()))
      return;
  const unsigned Threshold = threshold();
  if (layout::reorderSavingsBound(RD, Ctx) < Threshold)
    return;

  layout::LayoutOptions Options;
  Options.ComputeOptimal = false;
  std::optional<layout::RecordLayout> Now =
      layout::computeLayout(RD, Ctx, Options);
  if (!Now)
    return;
  std::optional<layout::BetterFieldOrder> Better =
      layout::findBetterFieldDecls(RD, Ctx);
  if (!Better || Better->Layout.Size >= Now->Size ||
      Now->Size - Better->Layout.Size < Threshold)
    return;

  // Every instantiation is a candidate: which one is reported depends on
  // the evidence of instances, known at the end of the translation unit.
  auto F = std::make_unique<Candidate>();
  F->Record = &RD;
  F->Written = Written;
  F->Now = std::move(*Now);
  F->Reordered = std::move(Better->Layout);
  F->Order = std::move(Better->Fields);
  Findings[Written].push_back(std::move(F));
}

static constexpr llvm::StringLiteral HeaderAggregate =
    "it is an aggregate declared in a header; other files may initialise its "
    "fields by position";

void PaddingCheck::planFixIt(Candidate &F, bool OtherUnitsDecide) {
  ASTContext &Ctx = *Context;
  const SourceManager &SM = Ctx.getSourceManager();
  const RecordDecl &RD = *F.Record;
  auto NoFix = [&](SourceLocation Loc, std::string Why) {
    F.NoFix = std::move(Why);
    F.NoFixLoc = SM.getExpansionLoc(Loc);
  };

  if (&RD != F.Written)
    return NoFix(RD.getLocation(),
                 "the best order depends on the template arguments");
  if (std::string Export = alloc_tidy::libraryInterfaceReason(RD, Ctx);
      !Export.empty())
    return NoFix(RD.getLocation(), Export);
  if (std::optional<alloc_tidy::ReorderBlocker> Blocker =
          alloc_tidy::reorderChangesMeaning(RD, F.Order, Ctx))
    return NoFix(Blocker->Loc, Blocker->Why);
  if (auto Use = LayoutUses.find(&RD); Use != LayoutUses.end())
    return NoFix(Use->second.first, Use->second.second);
  if (RD.getDeclContext()->isExternCContext())
    return NoFix(RD.getLocation(),
                 "it is declared in an extern \"C\" block and may be "
                 "shared with C code");
  // Positional initialisers in other translation units are out of sight,
  // unless their facts decide.
  const auto *Class = dyn_cast<CXXRecordDecl>(&RD);
  const bool Aggregate = !Class || Class->isAggregate();
  if (!OtherUnitsDecide && Aggregate &&
      !SM.isInMainFile(SM.getExpansionLoc(RD.getLocation())))
    return NoFix(RD.getLocation(), HeaderAggregate.str());
  alloc_tidy::FieldMoves Moves = alloc_tidy::fieldMoves(RD, F.Order, Ctx);
  if (Moves.Blocker)
    return NoFix(Moves.Blocker->Loc, Moves.Blocker->Why);
  for (const alloc_tidy::TextEdit &Edit : Moves.Edits)
    F.Fixes.push_back(FixItHint::CreateReplacement(Edit.Range, Edit.Text));
}

Finding PaddingCheck::render(const Candidate &F) {
  const RecordDecl &RD = *F.Record;
  const SourceLocation Loc = F.Written->getLocation();
  const std::string Name = recordName(RD, *Context);
  const uint64_t Saved = F.Now.Size - F.Reordered.Size;
  Finding Out;
  Out.Warning.Loc = Loc;
  Out.Warning.Text =
      "'" + Name + "' has " + std::to_string(F.Now.PaddingBytes) +
      " bytes of padding; reordering its fields makes it " +
      std::to_string(F.Reordered.Size) + " bytes instead of " +
      std::to_string(F.Now.Size) + " (-" + std::to_string(Saved) + ")";
  Out.Warning.Fixes = F.Fixes;
  if (!F.Decision.Cost.empty())
    Out.note(F.CostLoc.isValid() ? F.CostLoc : Loc, F.Decision.Cost);
  if (&RD != F.Written) {
    auto [Where, What] = alloc_tidy::pointOfInstantiation(RD);
    // Inside the standard library (std::vector<Pair<char>> instantiates it
    // in its own code): the user's code that made it is where the evidence
    // is.
    if (F.CostLoc.isValid() &&
        (Where.isInvalid() ||
         Context->getSourceManager().isInSystemHeader(Where)))
      Where = F.CostLoc;
    std::string Text = "'" + Name + "' is instantiated here";
    if (const auto *Fn = dyn_cast_or_null<FunctionDecl>(What)) {
      std::string FnName;
      llvm::raw_string_ostream OS(FnName);
      Fn->getNameForDiagnostic(OS, Context->getPrintingPolicy(),
                               /*Qualified=*/false);
      Text = "'" + Name + "' is instantiated with '" + FnName + "' here";
    }
    if (F.OtherInstantiations)
      Text += "; " + std::to_string(F.OtherInstantiations) +
              (F.OtherInstantiations == 1
                   ? " other instantiation of the template wastes "
                   : " other instantiations of the template waste ") +
              std::to_string(threshold()) + " bytes or more too";
    Out.note(Where.isValid() ? Where : Loc, std::move(Text));
  }
  if (LayoutNotes != LayoutNoteStyle::None) {
    std::vector<std::string> Names;
    for (const FieldDecl *Field : F.Order)
      if (!layout::isZeroWidthBitField(*Field, *Context))
        Names.push_back(alloc_tidy::fieldDisplayName(*Field));
    std::string Padding = paddingPlaces(F.Now);
    Out.note(Loc,
             "in the order " + quotedList(Names) + " it takes " +
                 std::to_string(F.Reordered.Size) + " bytes; now it has " +
                 (Padding.empty() ? "spare bits in its bit-fields" : Padding));
  }
  if (LayoutNotes == LayoutNoteStyle::Full) {
    Out.note(Loc, "layout now (" + std::to_string(F.Now.Size) + " bytes):\n" +
                      memberTable(F.Now));
    Out.note(Loc, "layout reordered (" + std::to_string(F.Reordered.Size) +
                      " bytes):\n" + memberTable(F.Reordered));
  }
  if ((ReorderFixIt || !F.Decision.FixAllowed) && F.Fixes.empty() &&
      !F.NoFix.empty())
    Out.note(F.NoFixLoc.isValid() ? F.NoFixLoc : Loc, "no fix-it: " + F.NoFix);
  for (const std::string &Note : F.DecisionNotes)
    Out.note(Loc, Note);
  return Out;
}

/// Decides \p F with the facts of the translation unit: the evidence of
/// instances, whether C code shares it, whether its last field is a tail
/// that must stay (then the order is searched again with it pinned).
void PaddingCheck::decide(Candidate &F,
                          const alloc_tidy::RecordInstances &Instances) {
  ASTContext &Ctx = *Context;
  const RecordDecl &RD = *F.Record;
  alloc_tidy::PaddingFacts Facts;
  Facts.SharedWithC = alloc_tidy::isSharedWithC(*F.Written, Ctx);
  Facts.PublicInterface = alloc_tidy::publicInterfaceReason(*F.Written, Ctx);
  const std::vector<const FieldDecl *> Fields(RD.field_begin(), RD.field_end());
  if (!F.Order.empty() && F.Order.back() != Fields.back()) {
    if (std::string Tail = Instances.tailReason(RD); !Tail.empty()) {
      std::optional<layout::BetterFieldOrder> Pinned =
          layout::findBetterFieldDecls(RD, Ctx, /*KeepLastField=*/true);
      if (Pinned && F.Now.Size - Pinned->Layout.Size >= threshold()) {
        F.Order = std::move(Pinned->Fields);
        F.Reordered = std::move(Pinned->Layout);
      } else {
        Facts.TailMustStay = Tail;
      }
    }
  }
  const llvm::Triple &Triple = Ctx.getTargetInfo().getTriple();
  Facts.GlibcHeap = Triple.isOSGlibc() && Triple.isArch64Bit();
  Facts.SizeNow = F.Now.Size;
  Facts.SizeReordered = F.Reordered.Size;
  std::vector<alloc_tidy::LocatedEvidence> Evidence = Instances.evidenceFor(RD);
  for (const alloc_tidy::LocatedEvidence &E : Evidence)
    Facts.Evidence.push_back(E.Evidence);
  alloc_tidy::PaddingPolicy Policy;
  Policy.ReportAll = ReportAll;
  Policy.WarnCRecords = WarnCRecords;
  Policy.PublicInterfaceRecords = PublicInterfaceRecords;
  Policy.SingleHeapObjects = SingleHeapObjects;
  F.Decision = alloc_tidy::decidePadding(Facts, Policy);
  if (F.Decision.CostEvidence)
    F.CostLoc = Evidence[*F.Decision.CostEvidence].Loc;
}

void PaddingCheck::noFixFromDecision(Candidate &F) {
  F.NoFix = F.Decision.Why;
  const FieldDecl *Last = nullptr;
  for (const FieldDecl *Field : F.Record->fields())
    Last = Field;
  F.NoFixLoc = Last ? Last->getLocation() : SourceLocation();
}

void PaddingCheck::decideReorder(Candidate &F, bool Reported) {
  const SourceManager &SM = Context->getSourceManager();
  // What this unit's own code allows, other units aside.
  if (!F.Decision.FixAllowed)
    noFixFromDecision(F);
  else
    planFixIt(F, /*OtherUnitsDecide=*/true);
  MemberFacts Facts = alloc_tidy::recordFactsFor(*F.Record, *Context);
  Facts.Check = CheckName;
  if (F.Fixes.empty()) {
    Facts.Local = MemberAction::Warn;
    Facts.Why = alloc_tidy::placedForOtherUnits(
        F.NoFix.empty() ? "the fields cannot be moved" : F.NoFix, F.NoFixLoc,
        SM);
  } else {
    Facts.Local = MemberAction::Fix;
  }
  MemberDecision Decision = WholeProgram.decide(
      Facts,
      [&](ProjectIncludeInserter &) -> std::optional<Finding> {
        if (!Reported)
          return std::nullopt;
        return render(F);
      },
      F.Record->getLocation(), SM);
  F.DecisionNotes = Decision.Notes;
  if (F.Fixes.empty())
    return;
  // The whole program's decision, or alone the rule for a unit that cannot
  // see the others: an aggregate in a header may be initialised by
  // position anywhere.
  if (!WholeProgram.knows(Facts)) {
    const auto *Class = dyn_cast<CXXRecordDecl>(F.Record);
    if ((!Class || Class->isAggregate()) && Facts.ClassInHeader) {
      F.Fixes.clear();
      F.NoFix = HeaderAggregate.str();
      F.NoFixLoc = F.Record->getLocation();
    }
    return;
  }
  if (Decision.Action != MemberAction::Fix) {
    F.Fixes.clear();
    F.NoFix = Decision.Why;
    F.NoFixLoc = F.Record->getLocation();
  }
}

void PaddingCheck::onEndOfTranslationUnit() {
  if (!Findings.empty()) {
    const alloc_tidy::RecordInstances Instances =
        alloc_tidy::RecordInstances::collect(*Context);
    for (auto &[Written, Candidates] : Findings) {
      // One warning per template: its most wasteful reported
      // instantiation; ties go to the smallest name, so that translation
      // units that instantiate the same specialisations report the same one.
      Candidate *Best = nullptr;
      unsigned Reported = 0;
      for (std::unique_ptr<Candidate> &F : Candidates) {
        decide(*F, Instances);
        if (!F->Decision.Report)
          continue;
        ++Reported;
        // Evidence of many instances first (ReportAll reports the others
        // too), then the saving.
        auto Rank = [](const Candidate &X) {
          return std::make_pair(!X.Decision.Cost.empty(),
                                X.Now.Size - X.Reordered.Size);
        };
        if (Best &&
            (Rank(*Best) > Rank(*F) ||
             (Rank(*Best) == Rank(*F) && recordName(*Best->Record, *Context) <=
                                             recordName(*F->Record, *Context))))
          continue;
        Best = F.get();
      }
      if (Best)
        Best->OtherInstantiations = Reported - 1;
      // A reorder of a plain record is decided with the facts of every unit
      // that sees it, when there are some; a template's order depends on
      // its arguments, and no fix-it is offered.
      Candidate &Subject = Best ? *Best : *Candidates.front();
      if (ReorderFixIt && Subject.Record == Written)
        decideReorder(Subject, Best != nullptr);
      else if (Best && !Best->Decision.FixAllowed)
        noFixFromDecision(*Best);
      else if (Best && ReorderFixIt)
        planFixIt(*Best, /*OtherUnitsDecide=*/false);
      if (Best)
        report(*this, render(*Best));
    }
  }
  Findings.clear();
  LayoutUses.clear();
}

} // namespace clang::tidy::alloc
