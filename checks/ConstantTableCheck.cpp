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
// MinElements or more. The fix-it makes the table a sorted array and adds
// the function that searches it ('find_T', 'contains_T'), which every
// lookup calls instead: only where every use of the table is a lookup
// that function can stand for, in this unit or, for a table that other
// units can name, in every unit of the compile database (their records,
// through WholeProgramOption).
//
//===----------------------------------------------------------------------===//

#include "checks/ConstantTableCheck.h"
#include "checks/Finding.h"
#include "checks/OptionPaths.h"
#include "checks/OptionValues.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/decisions/ConstantTablePlan.h"
#include "lib/analysis/facts/ConstantTables.h"
#include "lib/analysis/facts/DeclReferences.h"
#include "lib/analysis/facts/MemberFacts.h"
#include "lib/analysis/facts/TableLookups.h"
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
                                         "MinProfiledPercent", 1, 0, 100)),
      Inserter(readIncludeStyleOption(*this, Options, Name),
               areDiagsSelfContained()),
      WholeProgram(*this, Options, Name, Inserter.getStyle(),
                   areDiagsSelfContained()) {
  Profiles.read(*this, Options, Name);
}

void ConstantTableCheck::registerPPCallbacks(const SourceManager &SM,
                                             Preprocessor *PP,
                                             Preprocessor *ModuleExpanderPP) {
  Errors.startParsing(PP->getDiagnostics());
  Inserter.registerPreprocessor(PP);
  WholeProgram.registerPreprocessor(PP);
}

void ConstantTableCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "WithoutProfile", WithoutProfile);
  Options.store(Opts, "MinElements", static_cast<unsigned>(MinElements));
  Options.store(Opts, "MinProfiledPercent",
                static_cast<unsigned>(MinProfiledPercent));
  Options.store(Opts, "IncludeStyle", Inserter.getStyle());
  Profiles.store(Options, Opts);
  WholeProgram.store(Options, Opts);
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
  // What other units define: 'extern std::map<int, int> Table;'.
  Finder->addMatcher(varDecl(hasGlobalStorage(), unless(isStaticLocal()),
                             unless(isDefinition()),
                             unless(alloc_tidy::matchers::isInstantiatedDecl()),
                             hasType(hasUnqualifiedDesugaredType(
                                 recordType(hasDeclaration(NodeContainer)))))
                         .bind("declaration"),
                     this);
}

void ConstantTableCheck::check(const MatchFinder::MatchResult &Result) {
  Context = Result.Context;
  const auto *Var = Result.Nodes.getNodeAs<VarDecl>("table");
  const auto *Declaration = Result.Nodes.getNodeAs<VarDecl>("declaration");
  const VarDecl *Met = Var ? Var : Declaration;
  const SourceManager &SM = Context->getSourceManager();
  SourceLocation Loc = Met->getLocation();
  if (Loc.isInvalid() || Loc.isMacroID() ||
      SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
    return;
  if (Var)
    Candidates.push_back(Var);
  else if (!Declaration->getDefinition() &&
           Declaration->getDeclContext()->isFileContext() &&
           Declaration->isExternallyVisible() &&
           !llvm::is_contained(Declarations, Declaration->getCanonicalDecl()))
    Declarations.push_back(Declaration->getCanonicalDecl());
}

namespace {

/// Every declaration of \p Var and of the other tables, for the references
/// to them.
void addRedeclarations(const VarDecl &Var,
                       llvm::DenseSet<const ValueDecl *> &Decls) {
  for (const VarDecl *D : Var.redecls())
    Decls.insert(D);
}

std::vector<const Expr *> referencesTo(const VarDecl &Var,
                                       const DeclReferences &Refs) {
  std::vector<const Expr *> All;
  for (const VarDecl *D : Var.redecls())
    llvm::append_range(All, Refs.Refs.lookup(D));
  return All;
}

/// The declarations of \p Var in this unit other than its definition.
std::vector<const VarDecl *> otherDeclarations(const VarDecl &Var) {
  std::vector<const VarDecl *> Out;
  for (const VarDecl *D : Var.redecls())
    if (!D->isThisDeclarationADefinition())
      Out.push_back(D);
  return Out;
}

} // namespace

void ConstantTableCheck::addEdits(FindingMessage &Message,
                                  llvm::ArrayRef<TextEdit> Edits,
                                  llvm::ArrayRef<std::string> Includes,
                                  llvm::ArrayRef<FileID> Files) {
  for (const TextEdit &Edit : Edits)
    Message.Fixes.push_back(
        FixItHint::CreateReplacement(Edit.Range, Edit.Text));
  for (FileID File : Files) {
    std::vector<std::string> &Wanted = Pending.Includes[File];
    for (const std::string &Include : Includes)
      if (!llvm::is_contained(Wanted, Include))
        Wanted.push_back(Include);
  }
  Pending.Files.push_back(Files);
}

void ConstantTableCheck::reportPending() {
  // Two findings that insert different includes at one place conflict when
  // both are applied: the first finding of a file inserts every include
  // that the findings of that file need (the inserter writes each once per
  // file, as clang-tidy's checks do; alone, a later finding may need one
  // of them too).
  const SourceManager &SM = Context->getSourceManager();
  for (size_t I = 0; I < Pending.Findings.size(); ++I) {
    Finding &F = Pending.Findings[I];
    for (FileID File : Pending.Files[I])
      for (const std::string &Include : Pending.Includes[File])
        if (std::optional<FixItHint> Hint =
                Inserter.createIncludeInsertion(File, Include);
            Hint && llvm::none_of(F.Warning.Fixes, [&](const FixItHint &Fix) {
              return fileEditOf(Fix, SM) == fileEditOf(*Hint, SM);
            }))
          F.Warning.Fixes.push_back(*Hint);
    report(*this, F);
  }
  Pending = {};
}

void ConstantTableCheck::recordLookupsElsewhere(
    const VarDecl &Declaration, llvm::ArrayRef<const Expr *> Refs) {
  if (!WholeProgram.recordsFacts())
    return;
  ASTContext &Ctx = *Context;
  const SourceManager &SM = Ctx.getSourceManager();
  TableLookupFunction Function = tableLookupFunction(Declaration, Ctx);
  TableLookups Lookups = tableLookups(
      Refs, Function.Keyed, Function.KeyChangesType, Function.Ordered, Ctx);
  ConstantTableRecord Record;
  Record.Table = constantTableKey(Declaration);
  Record.Function = Function.Name;
  Record.Why = lookupFunctionNoFix(Declaration, Function, Lookups, Ctx);
  if (Record.Why.empty() && Lookups.Iterates)
    Record.Why = "a unit that does not define it iterates it, and only the "
                 "defining unit sees the array";
  Record.Fits = Record.Why.empty();
  if (Record.Fits) {
    // The defining unit's fix-it makes these edits too.
    std::vector<const VarDecl *> Decls(Declaration.redecls_begin(),
                                       Declaration.redecls_end());
    std::vector<FixItHint> Fixes;
    for (const TextEdit &Edit : lookupEdits(Lookups, Function, Decls, Ctx))
      Fixes.push_back(FixItHint::CreateReplacement(Edit.Range, Edit.Text));
    std::vector<FileID> Files;
    for (const VarDecl *D : Decls)
      if (FileID File = SM.getFileID(SM.getFileLoc(D->getLocation()));
          !llvm::is_contained(Files, File))
        Files.push_back(File);
    for (FileID File : Files)
      for (const std::string &Include : Function.Includes)
        if (std::optional<FixItHint> Hint =
                Inserter.createIncludeInsertion(File, Include))
          Fixes.push_back(*Hint);
    for (const FixItHint &Fix : Fixes)
      if (std::optional<FileEdit> Edit = fileEditOf(Fix, SM))
        Record.Edits.push_back(std::move(*Edit));
  }
  WholeProgram.recordConstantTable(Record, SM);
}

void ConstantTableCheck::onEndOfTranslationUnit() {
  // A unit with errors has lost the uses that could change a table.
  if (!Context || (Candidates.empty() && Declarations.empty()) ||
      Errors.occurred(Context->getDiagnostics())) {
    Candidates.clear();
    Declarations.clear();
    Profiles.endTranslationUnit();
    return;
  }
  ASTContext &Ctx = *Context;
  std::vector<ConstantTable> Tables;
  llvm::DenseSet<const ValueDecl *> Referenced;
  for (const VarDecl *Var : Candidates)
    if (std::optional<ConstantTable> Table = constantTable(*Var, Ctx)) {
      Tables.push_back(*Table);
      addRedeclarations(*Var, Referenced);
    }
  for (const VarDecl *Declaration : Declarations)
    addRedeclarations(*Declaration, Referenced);
  DeclReferences Refs;
  if (!Referenced.empty())
    Refs = findDeclReferences(Ctx, Referenced, {});
  for (const VarDecl *Declaration : Declarations)
    recordLookupsElsewhere(*Declaration, referencesTo(*Declaration, Refs));

  const SourceManager &SM = Ctx.getSourceManager();
  uint64_t RunAllocations = Profiles.runAllocations();
  std::vector<FixItHint> Replayed;
  for (const ConstantTable &Table : Tables) {
    const VarDecl &Var = *Table.Var;
    std::vector<const Expr *> Uses = referencesTo(Var, Refs);
    if (!Table.Const && firstChangingUse(Uses, Ctx))
      continue;
    TableLookupFunction Function = tableLookupFunction(Var, Ctx);
    TableLookups Lookups = tableLookups(
        Uses, Function.Keyed, Function.KeyChangesType, Function.Ordered, Ctx);
    if (!Table.Const && Lookups.WritesElement)
      continue;
    // Every process builds it in its initializer, outside any function.
    std::vector<ProfileAnchor> Anchors{
        ProfileAnchor(Var.getSourceRange(), nullptr)};
    std::optional<Measurement> Measured =
        Profiles.measureAnything(Anchors, Ctx);
    bool Reported = true;
    if (Measured && Measured->Covered) {
      if (Measured->Allocations == 0 || Profiles.isCold(*Measured) ||
          Measured->Allocations * 100 < MinProfiledPercent * RunAllocations)
        Reported = false;
    } else if (!WithoutProfile || Table.Elements < MinElements) {
      Reported = false;
    }

    ConstantTablePlan Plan = planConstantTable(Table, Ctx);
    std::string NoFix = lookupFunctionNoFix(Var, Function, Lookups, Ctx);
    SortedTable Sorted;
    if (NoFix.empty()) {
      Sorted = sortedTable(Table, Plan, Function, Ctx);
      NoFix = Sorted.NoFix;
    }
    bool Decided = false;
    std::vector<FileEdit> Elsewhere;
    if (Var.isExternallyVisible()) {
      // Other units can name it: their records decide.
      ConstantTableRecord Record;
      Record.Table = constantTableKey(Var);
      Record.Function = Function.Name;
      Record.Why = NoFix;
      Record.Fits = NoFix.empty();
      Record.Defines = true;
      Record.Reported = Reported;
      WholeProgram.recordConstantTable(Record, SM);
      if (!Reported)
        continue;
      WholeProgramOption::TableRecords Records =
          WholeProgram.constantTableRecords(Record.Table, SM);
      if (NoFix.empty() && !Records.Record)
        NoFix = "other translation units can name it: alloc-run over the "
                "compile database changes every unit's lookups with it";
      else if (NoFix.empty() && !Records.Record->Fits)
        NoFix = Records.Record->Why;
      Decided = Records.Record != nullptr;
      if (Decided)
        Elsewhere = Records.Record->Edits;
    } else if (!Reported) {
      continue;
    }

    std::string Name = Var.getNameAsString();
    Finding F;
    F.Warning.Loc = Var.getLocation();
    F.Warning.Text =
        "'" + Name + "' is a table of " + withSeparators(Table.Elements) +
        " constant elements that every process builds at start-up, in a " +
        Plan.Container + " that allocates once per element" +
        (Table.Unordered ? " and for its buckets" : "") +
        "; a sorted constant array allocates nothing";
    // The other units' lookups, as their records have them: one fix-it
    // changes the whole program, or none does.
    Replayed.clear();
    for (const FileEdit &Edit : Elsewhere) {
      std::optional<FixItHint> Fix = fixItOf(Edit, Ctx.getSourceManager());
      if (!Fix && NoFix.empty())
        NoFix = "the edits another unit recorded no longer fit '" + Edit.File +
                "': run alloc-run again";
      if (Fix)
        Replayed.push_back(std::move(*Fix));
    }
    if (NoFix.empty()) {
      std::vector<TextEdit> Edits = Sorted.Edits;
      llvm::append_range(
          Edits, lookupEdits(Lookups, Function, otherDeclarations(Var), Ctx));
      std::vector<FileID> Files{SM.getFileID(SM.getFileLoc(Var.getLocation()))};
      for (const VarDecl *D : otherDeclarations(Var))
        if (FileID File = SM.getFileID(SM.getFileLoc(D->getLocation()));
            !llvm::is_contained(Files, File))
          Files.push_back(File);
      addEdits(F.Warning, Edits, Sorted.Includes, Files);
      // A header that this unit includes too has the same edits.
      std::vector<FileEdit> Here;
      for (const FixItHint &Fix : F.Warning.Fixes)
        if (std::optional<FileEdit> Edit = fileEditOf(Fix, SM))
          Here.push_back(std::move(*Edit));
      for (const FixItHint &Fix : Replayed)
        if (!llvm::is_contained(Here, fileEditOf(Fix, SM)))
          F.Warning.Fixes.push_back(Fix);
    } else {
      Pending.Files.emplace_back();
    }
    if (std::optional<std::string> Note = Profiles.measuredNote(
            Measured, F.Warning.Loc, SM, [&](const Measurement &M) {
              return describeConstantTable(Name, M, RunAllocations);
            }))
      F.note(F.Warning.Loc, *Note);
    // One note for all the repeated elements, at the first.
    if (NoFix.empty() && !Sorted.Repeated.empty()) {
      size_t Others = Sorted.Repeated.size() - 1;
      F.note(Sorted.Repeated.front(),
             Others == 0 ? std::string("this element repeats an earlier "
                                       "one's key and value: the container "
                                       "holds one of them, and so does the "
                                       "array")
                         : "this element and " + withSeparators(Others) +
                               (Others == 1 ? " other" : " others") +
                               " after it repeat an earlier element's key "
                               "and value: the container holds one of "
                               "each, and so does the array");
    }
    if (!NoFix.empty())
      F.note(F.Warning.Loc,
             "'" + arrayDeclaration(Plan, Name) +
                 "' with the same elements sorted by " +
                 (Table.Keyed ? "key" : "value") + ", searched with " +
                 Plan.Search +
                 ", is laid out by the compiler; no fix-it: " + NoFix);
    // The records of every unit have shown what the others do with it.
    if (Table.NamedElsewhere && !Decided)
      F.note(F.Warning.Loc,
             "'" + Name +
                 "' is not const and other translation units can name it: "
                 "this assumes none of them changes it");
    Pending.Findings.push_back(std::move(F));
  }
  reportPending();
  Candidates.clear();
  Declarations.clear();
  Profiles.endTranslationUnit();
}

} // namespace clang::tidy::alloc
