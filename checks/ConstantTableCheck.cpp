//===--- ConstantTableCheck.cpp -------------------------------------------===//
//
// 'std::map<uint32_t, uint32_t> ToUpper = {{0x61, 0x41}, ...};' at namespace
// scope is built by every process before main: one allocation per element
// (and a bucket array for the unordered containers), whether or not the
// process ever looks anything up. A tool run once per input file pays it
// on every run: re2c's two Unicode case maps made a quarter of the
// allocations of its test suite's 1,312 runs. A sorted constant array of
// the same elements, searched with std::lower_bound, is laid out by the
// compiler.
//
// How much that is worth depends on how often a process starts compared to
// what it does, which the code does not show: by default the check reports
// a table only where a heapcount profile measured its building as a share
// of the run (MinProfiledPercent); WithoutProfile reports every table of
// MinElements or more. There is no fix-it: every lookup changes with the
// table.
//
//===----------------------------------------------------------------------===//

#include "checks/ConstantTableCheck.h"
#include "checks/Finding.h"
#include "checks/OptionValues.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/decisions/ConstantTablePlan.h"
#include "lib/analysis/facts/ConstantTables.h"
#include "lib/analysis/facts/DeclReferences.h"
#include "lib/analysis/profile/ProfileEvidence.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {

ConstantTableCheck::ConstantTableCheck(StringRef Name,
                                       ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      WithoutProfile(
          readBoolOption(*this, Options, Name, "WithoutProfile", false)),
      MinElements(readCountOption(*this, Options, Name, "MinElements", 16, 1)),
      MinProfiledPercent(readCountOption(*this, Options, Name,
                                         "MinProfiledPercent", 1, 0, 100)) {
  Profiles.read(*this, Options, Name);
}

void ConstantTableCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "WithoutProfile", WithoutProfile);
  Options.store(Opts, "MinElements", static_cast<unsigned>(MinElements));
  Options.store(Opts, "MinProfiledPercent",
                static_cast<unsigned>(MinProfiledPercent));
  Profiles.store(Options, Opts);
}

void ConstantTableCheck::registerMatchers(MatchFinder *Finder) {
  auto NodeContainer = classTemplateSpecializationDecl(hasAnyName(
      "::std::map", "::std::multimap", "::std::set", "::std::multiset",
      "::std::unordered_map", "::std::unordered_multimap",
      "::std::unordered_set", "::std::unordered_multiset"));
  Finder->addMatcher(varDecl(hasGlobalStorage(), unless(isStaticLocal()),
                             isDefinition(), hasInitializer(expr()),
                             unless(alloc_tidy::matchers::isInstantiatedDecl()),
                             hasType(hasUnqualifiedDesugaredType(
                                 recordType(hasDeclaration(NodeContainer)))))
                         .bind("table"),
                     this);
}

void ConstantTableCheck::check(const MatchFinder::MatchResult &Result) {
  Context = Result.Context;
  const auto *Var = Result.Nodes.getNodeAs<VarDecl>("table");
  const SourceManager &SM = Context->getSourceManager();
  SourceLocation Loc = Var->getLocation();
  if (Loc.isInvalid() || Loc.isMacroID() ||
      SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
    return;
  Candidates.push_back(Var);
}

void ConstantTableCheck::onEndOfTranslationUnit() {
  // A unit with errors has lost the uses that could change a table.
  if (!Context || Candidates.empty() ||
      Errors.occurred(Context->getDiagnostics())) {
    Candidates.clear();
    Profiles.endTranslationUnit();
    return;
  }
  ASTContext &Ctx = *Context;
  std::vector<ConstantTable> Tables;
  llvm::DenseSet<const ValueDecl *> Changeable;
  for (const VarDecl *Var : Candidates)
    if (std::optional<ConstantTable> Table = constantTable(*Var, Ctx)) {
      Tables.push_back(*Table);
      if (!Table->Const)
        Changeable.insert(Var);
    }
  DeclReferences Refs;
  if (!Changeable.empty())
    Refs = findDeclReferences(Ctx, Changeable, {});

  const SourceManager &SM = Ctx.getSourceManager();
  uint64_t RunAllocations = Profiles.runAllocations();
  for (const ConstantTable &Table : Tables) {
    const VarDecl &Var = *Table.Var;
    if (!Table.Const && firstChangingUse(Refs.Refs.lookup(&Var), Ctx))
      continue;
    // Every process builds it in its initializer, outside any function.
    std::vector<ProfileAnchor> Anchors{
        ProfileAnchor(Var.getSourceRange(), nullptr)};
    std::optional<Measurement> Measured =
        Profiles.measureAnything(Anchors, Ctx);
    if (Measured && Measured->Covered) {
      if (Measured->Allocations == 0 || Profiles.isCold(*Measured) ||
          Measured->Allocations * 100 < MinProfiledPercent * RunAllocations)
        continue;
    } else if (!WithoutProfile || Table.Elements < MinElements) {
      continue;
    }

    ConstantTablePlan Plan = planConstantTable(Table, Ctx);
    std::string Name = Var.getNameAsString();
    Finding F;
    F.Warning.Loc = Var.getLocation();
    F.Warning.Text =
        "'" + Name + "' is a table of " + withSeparators(Table.Elements) +
        " constant elements that every process builds at start-up, in a " +
        Plan.Container + " that allocates once per element" +
        (Table.Unordered ? " and for its buckets" : "") +
        "; a sorted constant array allocates nothing";
    if (std::optional<std::string> Note = Profiles.measuredNote(
            Measured, F.Warning.Loc, SM, [&](const Measurement &M) {
              return describeConstantTable(Name, M, RunAllocations);
            }))
      F.note(F.Warning.Loc, *Note);
    F.note(F.Warning.Loc,
           "'" + arrayDeclaration(Plan, Name) +
               "' with the same elements sorted by " +
               (Table.Keyed ? "key" : "value") + ", searched with " +
               Plan.Search +
               ", is laid out by the compiler; no fix-it: the code that "
               "looks it up changes with it");
    if (Table.NamedElsewhere)
      F.note(F.Warning.Loc,
             "'" + Name +
                 "' is not const and other translation units can name it: "
                 "this assumes none of them changes it");
    report(*this, F);
  }
  Candidates.clear();
  Profiles.endTranslationUnit();
}

} // namespace clang::tidy::alloc
