//===--- PerCallBufferCheck.cpp -------------------------------------------===//
//
// bool Reader::decodeString(Token &T) { std::string Decoded; fill(T,
// Decoded); Value V(Decoded); ... } allocates Decoded's buffer on every call
// and frees it at the end. A member of Reader, cleared where Decoded was
// declared, keeps the capacity it reached: after the first long string,
// the calls allocate nothing.
//
// A const member function cannot keep it in a member without 'mutable',
// which the threads that call it at once would share: there the buffer
// becomes a thread_local variable of the function (ThreadLocal).
//
// The member is shared by every call on one object, so the change is only
// offered where no call can start while another uses it (Reentry.h), the
// buffer does not leave the call (returned, moved, swapped, kept by
// reference), and its elements' destruction cannot be observed. The
// member's cost, the capacity kept for the object's lifetime, is what a
// profile weighs: by default the check reports only buffers a heapcount
// profile measured hot.
//
//===----------------------------------------------------------------------===//

#include "checks/PerCallBufferCheck.h"
#include "checks/OptionValues.h"
#include "lib/analysis/ast/NodeMatchers.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/ast/TypeMatchers.h"
#include "lib/analysis/decisions/BufferReuse.h"
#include "lib/analysis/decisions/CallBufferPlan.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/ImplementationObject.h"
#include "lib/analysis/facts/LoopContainerFills.h"
#include "lib/analysis/facts/Reentry.h"
#include "lib/analysis/profile/ProfileEvidence.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {

PerCallBufferCheck::PerCallBufferCheck(StringRef Name,
                                       ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), ColdFunctions(*this, Options, Name),
      WithoutProfile(
          readBoolOption(*this, Options, Name, "WithoutProfile", false)),
      MinAllocationsPerProcess(readCountOption(*this, Options, Name,
                                               "MinAllocationsPerProcess", 32)),
      ThreadLocal(readBoolOption(*this, Options, Name, "ThreadLocal", true)),
      Inserter(readIncludeStyleOption(*this, Options, Name),
               areDiagsSelfContained()),
      WholeProgram(*this, Options, Name, Inserter.getStyle(),
                   areDiagsSelfContained()) {
  Profiles.read(*this, Options, Name);
}

void PerCallBufferCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "WithoutProfile", WithoutProfile);
  Options.store(Opts, "MinAllocationsPerProcess",
                static_cast<unsigned>(MinAllocationsPerProcess));
  Options.store(Opts, "ThreadLocal", ThreadLocal);
  ColdFunctions.store(Options, Opts);
  Options.store(Opts, "IncludeStyle", Inserter.getStyle());
  Profiles.store(Options, Opts);
  WholeProgram.store(Options, Opts);
}

void PerCallBufferCheck::registerPPCallbacks(const SourceManager &SM,
                                             Preprocessor *PP,
                                             Preprocessor *ModuleExpanderPP) {
  Errors.startParsing(PP->getDiagnostics());
  Inserter.registerPreprocessor(PP);
  WholeProgram.registerPreprocessor(PP);
  Includes.clear();
  PP->addPPCallbacks(Includes.recorder(SM));
}

void PerCallBufferCheck::onEndOfTranslationUnit() {
  Profiles.endTranslationUnit();
  NewMembers.clear();
}

void PerCallBufferCheck::registerMatchers(MatchFinder *Finder) {
  auto ContainerType = alloc_tidy::matchers::isSpecializationOf(
      hasAnyName("::std::vector", "::std::basic_string"));
  Finder->addMatcher(varDecl(alloc_tidy::matchers::isLocalOfType(ContainerType),
                             unless(isImplicit()),
                             unless(alloc_tidy::matchers::isInstantiatedDecl()),
                             unless(isExpansionInSystemHeader()))
                         .bind("var"),
                     this);
  // What this unit's functions do with the containers handed to them, for
  // the whole-program run that asked for the records (none otherwise).
  if (WholeProgram.recordsFacts())
    Finder->addMatcher(parameterRecordsMatcher(), this);
}

/// The object that \p Var is handed to, when a member of its class can keep
/// the buffer: no call on it can reach the method again.
static std::optional<ImplementationObject>
implementationFor(const VarDecl &Var, const DeclStmt &Decl,
                  const CXXMethodDecl &Method, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (SM.isInMainFile(Method.getParent()->getBraceRange().getEnd()))
    return std::nullopt;
  std::optional<ImplementationObject> Impl =
      bufferHandedToImplementation(Var, Decl, Method, Ctx);
  if (Impl && !whyMayReenter(Method, Ctx, Impl->Class).empty())
    return std::nullopt;
  return Impl;
}

/// The member function whose own body declares \p Var (not a lambda's),
/// when a member of its object (or, for a const one, a thread_local
/// variable) could hold the buffer: it runs more than once per object, in
/// code that is not a template.
static const CXXMethodDecl *bufferOwner(const VarDecl &Var) {
  const auto *Method = dyn_cast<CXXMethodDecl>(Var.getDeclContext());
  if (!Method || !Method->doesThisDeclarationHaveABody() ||
      Method->isStatic() || Method->isVolatile() ||
      isa<CXXConstructorDecl, CXXDestructorDecl>(Method) ||
      Method->isCopyAssignmentOperator() ||
      Method->isMoveAssignmentOperator() || Method->isDependentContext() ||
      Method->getTemplateInstantiationPattern())
    return nullptr;
  const CXXRecordDecl *Class = Method->getParent();
  if (Class->isLambda() || Class->isUnion() || !Class->getIdentifier())
    return nullptr;
  return Method;
}

void PerCallBufferCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  // Code with errors has lost expressions: a use that keeps the buffer
  // could go unseen.
  if (Errors.occurred(Ctx.getDiagnostics()))
    return;
  if (const auto *Definition =
          Result.Nodes.getNodeAs<FunctionDecl>("definition")) {
    WholeProgram.recordParameters(*Definition, Ctx);
    return;
  }
  const auto *Var = Result.Nodes.getNodeAs<VarDecl>("var");
  if (reportBuiltForOneBranch(*Var, Ctx))
    return;
  const CXXMethodDecl *Method = bufferOwner(*Var);
  if (!Method || ColdFunctions.isCold(*Var) ||
      (Method->isConst() && !ThreadLocal))
    return;
  QualType Type = Var->getType();
  if (Type.isConstQualified() || Type.isVolatileQualified() ||
      Var->isCXXForRangeDecl() || Var->getLocation().isMacroID() ||
      !isDefaultConstructed(Var))
    return;
  const DeclStmt *Decl = nullptr;
  for (const DynTypedNode &Parent : alloc_tidy::parentsOf(*Var, Ctx))
    if (!Decl)
      Decl = Parent.get<DeclStmt>();
  // In a loop, alloc-container-in-loop hoists it first.
  if (!Decl || enclosingLoop(Decl, Ctx))
    return;
  std::optional<LoopContainerShape> S = loopContainerShape(Var, Ctx);
  if (!S)
    return;
  // A string of unknown length mostly stays in its inline buffer; a profile
  // shows whether this one does (WithoutProfile asks for every one).
  bool UnboundedStrings = Profiles.loaded() || WithoutProfile;
  WholeProgramOption::ParameterLookup Elsewhere =
      WholeProgram.parameterLookup(Ctx.getSourceManager());
  LoopContainerUses Uses = judgeCallContainerUses(
      Var, Method->getBody(), *S, UnboundedStrings, Ctx, &Elsewhere);
  if (!Uses.Escape.empty() || Uses.Fills.empty())
    return;

  std::optional<Measurement> Measured =
      Profiles.measureContainer(Type, fillCode(Uses.Fills, Ctx), Ctx);
  if (Measured && Profiles.isCold(*Measured))
    return;
  bool MeasuredHot = Profiles.isHot(Measured);
  if (!MeasuredHot && !WithoutProfile)
    return;
  // The member pays off only when one object runs the function again and
  // again; the profile counts processes, not objects. A handful of calls
  // in each process is as likely one call on each of a handful of objects
  // (a pass run once per input): each would start its member empty.
  if (MeasuredHot && Measured) {
    std::optional<uint64_t> Processes = Measured->Processes;
    if (Processes && *Processes > 0 &&
        Measured->Allocations < MinAllocationsPerProcess * *Processes)
      return;
  }
  // A second call on the same object while this one uses the buffer would
  // share the member: the change is only right when none can start before
  // the buffer's last use.
  std::string WhyNot;
  std::optional<std::vector<ReentryPoint>> Reentry =
      reentryPoints(*Method, Ctx, WhyNot);
  if (!Reentry ||
      !whyReentryMeetsBuffer(*Var, *Method->getBody(), *Reentry, Ctx).empty())
    return;

  if (Method->isConst()) {
    reportThreadLocal(*Var, *Decl, *Method, S->Element, Measured, *Reentry,
                      Ctx);
    return;
  }
  CallBufferPlan Plan = planCallBuffer(
      *Var, *Decl, *Method, S->Element, Ctx,
      CallBufferUnit{&Includes, &NewMembers[Method->getParent()]});
  // A class other units see may hand the buffer to an object only this file
  // defines (a pimpl): a member there changes nothing they see.
  std::optional<ImplementationObject> Impl;
  std::string OwnClassKeeps;
  if (!Plan.NoFix.empty())
    Impl = implementationFor(*Var, *Decl, *Method, Ctx);
  if (Impl) {
    CallBufferPlan ImplPlan = planCallBuffer(
        *Var, *Decl, *Method, S->Element, Ctx,
        CallBufferUnit{&Includes, &NewMembers[Impl->Class]}, &*Impl);
    if (ImplPlan.NoFix.empty()) {
      OwnClassKeeps = std::move(Plan.NoFix);
      Plan = std::move(ImplPlan);
    } else {
      Impl.reset();
    }
  }
  const CXXRecordDecl *Holder = Impl ? Impl->Class : Method->getParent();
  if (Plan.NoFix.empty())
    NewMembers[Holder].insert(Plan.Member);
  StringRef Name = Var->getName();
  std::string Class = Holder->getNameAsString();
  {
    auto Diag = diag(Var->getLocation(),
                     "'%0' is constructed and filled on every call of '%1', "
                     "allocating each time; kept in a member of '%2' and "
                     "cleared here, it would keep its capacity between calls")
                << Name << Method->getNameAsString() << Class;
    if (Plan.NoFix.empty()) {
      Diag << FixItHint::CreateInsertion(Plan.MemberAt, Plan.MemberText)
           << FixItHint::CreateReplacement(Plan.DeclRange, Plan.DeclText);
      for (const std::string &Header : Plan.HeaderIncludes)
        Diag << Inserter.createIncludeInsertion(Plan.IncludeInto, Header);
    }
  }
  const SourceManager &SM = Ctx.getSourceManager();
  if (std::optional<std::string> Note = Profiles.measuredNote(
          Measured, Var->getLocation(), SM, [&](const Measurement &M) {
            return describeCallBuffer(Name, Class, M);
          }))
    diag(Var->getLocation(), "%0", DiagnosticIDs::Note) << *Note;
  if (Impl)
    diag(Impl->Pointer->getLocation(),
         "not in '%0' (%1): '%2' points to a '%3', which only this file "
         "defines",
         DiagnosticIDs::Note)
        << Method->getParent()->getName() << OwnClassKeeps
        << Impl->Pointer->getName() << Class;
  noteReentry(*Var, *Method, *Reentry, "on the object", "the member", Ctx);
  if (Plan.NoFix.empty())
    diag(Plan.MemberAt,
         "the member '%0' holds the capacity as long as the "
         "'%1' lives",
         DiagnosticIDs::Note)
        << Plan.Member << Class;
  else
    diag(Plan.NoFixLoc, "no fix-it: %0", DiagnosticIDs::Note) << Plan.NoFix;
}

void PerCallBufferCheck::noteReentry(const VarDecl &Var,
                                     const CXXMethodDecl &Method,
                                     llvm::ArrayRef<ReentryPoint> Reentry,
                                     StringRef Where, StringRef Keeper,
                                     ASTContext &Ctx) {
  // The first point before the declaration, and the first after the uses.
  const ReentryPoint *Before = nullptr, *After = nullptr;
  for (const ReentryPoint &P : Reentry) {
    const ReentryPoint *&First =
        reentersBeforeDeclaration(Var, P, Ctx) ? Before : After;
    if (!First)
      First = &P;
  }
  for (const auto &[Point, When] :
       {std::pair(Before, "before it declares '%3': %4 is not in use yet"),
        std::pair(After, "after its last use of '%3': %4 is free again by "
                         "then")})
    if (Point)
      diag(Point->At->getBeginLoc(),
           std::string("'%0' may run again %1 from here (%2), ") + When,
           DiagnosticIDs::Note)
          << Method.getName() << Where << Point->Why << Var.getName() << Keeper;
}

void PerCallBufferCheck::reportThreadLocal(
    const VarDecl &Var, const DeclStmt &Decl, const CXXMethodDecl &Method,
    QualType Element, const std::optional<Measurement> &Measured,
    llvm::ArrayRef<ReentryPoint> Reentry, ASTContext &Ctx) {
  ThreadLocalBufferPlan Plan =
      planThreadLocalBuffer(Var, Decl, Method, Element, Ctx);
  StringRef Name = Var.getName();
  {
    auto Diag = diag(Var.getLocation(),
                     "'%0' is constructed and filled on every call of '%1', "
                     "allocating each time; '%1' is const, so kept in a "
                     "thread_local variable and cleared here, it would keep "
                     "its capacity between calls on a thread")
                << Name << Method.getNameAsString();
    if (Plan.NoFix.empty())
      Diag << FixItHint::CreateInsertion(Plan.SpecifierAt, "thread_local ")
           << FixItHint::CreateInsertion(Plan.ClearAt, Plan.ClearText);
  }
  if (std::optional<std::string> Note = Profiles.measuredNote(
          Measured, Var.getLocation(), Ctx.getSourceManager(),
          [&](const Measurement &M) {
            return describeCallBuffer(Name, "", M);
          }))
    diag(Var.getLocation(), "%0", DiagnosticIDs::Note) << *Note;
  noteReentry(Var, Method, Reentry, "on this thread", "the variable", Ctx);
  if (Plan.NoFix.empty())
    diag(Var.getLocation(),
         "a member of '%0' would need 'mutable', and the threads that call "
         "'%1' at once would share it; the thread_local '%2' holds the "
         "capacity as long as its thread runs",
         DiagnosticIDs::Note)
        << Method.getParent()->getName() << Method.getName() << Name;
  else
    diag(Plan.NoFixLoc, "no fix-it: %0", DiagnosticIDs::Note) << Plan.NoFix;
}

} // namespace clang::tidy::alloc
