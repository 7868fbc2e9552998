//===--- CopiedParameterCheck.cpp -----------------------------------------===//
//
// RegEx operator|(const RegEx &A, const RegEx &B) { RegEx R(OR);
// R.Params.push_back(A); ... return R; } copies A, a tree of vectors, on
// every call, even when the caller wrote RegEx('a') | RegEx('b') and the
// temporaries die right after. Taken by value, a temporary argument is built
// in place of the parameter, and std::move(A) moves it into the vector: the
// deep copy is gone, and an lvalue argument costs one copy as before, plus a
// cheap move.
//
// The check reports a const & parameter of a class that owns heap memory
// when its only use is one copy into storage that outlives the call
// (lib/analysis/decisions/CopiedParameters), and some call seen in this unit
// passes a temporary or a moved object for it: without such a call there is no
// saving to show. The fix-it changes every declaration this unit sees and
// moves the use.
//
//===----------------------------------------------------------------------===//

#include "checks/CopiedParameterCheck.h"
#include "checks/OptionValues.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/decisions/CopiedParameters.h"
#include "lib/analysis/decisions/LastUseCopies.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/profile/ProfileEvidence.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include <string>

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {

CopiedParameterCheck::CopiedParameterCheck(StringRef Name,
                                           ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      Inserter(readIncludeStyleOption(*this, Options, Name),
               areDiagsSelfContained()),
      ColdFunctions(*this, Options, Name),
      UnseenCallers(
          readBoolOption(*this, Options, Name, "UnseenCallers", false)) {
  Profiles.read(*this, Options, Name);
}

void CopiedParameterCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "UnseenCallers", UnseenCallers);
  Options.store(Opts, "IncludeStyle", Inserter.getStyle());
  ColdFunctions.store(Options, Opts);
  Profiles.store(Options, Opts);
}

void CopiedParameterCheck::registerPPCallbacks(const SourceManager &SM,
                                               Preprocessor *PP,
                                               Preprocessor *ModuleExpanderPP) {
  Errors.startParsing(PP->getDiagnostics());
  Inserter.registerPreprocessor(PP);
}

namespace {

/// A function with a 'const T &' parameter of a class type T.
bool hasConstClassReferenceParameter(const FunctionDecl &Function) {
  return llvm::any_of(Function.parameters(), [](const ParmVarDecl *P) {
    const auto *Reference =
        P->getType().getCanonicalType()->getAs<LValueReferenceType>();
    if (!Reference)
      return false;
    QualType Pointee = Reference->getPointeeType();
    return Pointee.isConstQualified() && isa<RecordType>(Pointee);
  });
}

/// A function whose calls and references are recorded: one with a const
/// class reference parameter, not the standard library's (leaving those out
/// keeps every push_back of the unit away from check()).
bool isCandidate(const FunctionDecl &Function, const SourceManager &SM) {
  if (!hasConstClassReferenceParameter(Function))
    return false;
  SourceLocation Loc = SM.getExpansionLoc(Function.getBeginLoc());
  return Loc.isInvalid() || !SM.isInSystemHeader(Loc);
}

// One matcher per node, each asking in plain code what nested matchers
// asked with a dispatch per level on every call, construction, reference
// and function of the unit.

AST_MATCHER(FunctionDecl, isCandidateDefinition) {
  const SourceManager &SM = Finder->getASTContext().getSourceManager();
  return Node.isThisDeclarationADefinition() && isCandidate(Node, SM) &&
         !Node.isImplicit() && !isInstantiatedDecl(Node);
}

AST_MATCHER(CallExpr, callsCandidate) {
  const FunctionDecl *Callee = Node.getDirectCallee();
  return Callee &&
         isCandidate(*Callee, Finder->getASTContext().getSourceManager());
}

AST_MATCHER(CXXConstructExpr, constructsWithCandidate) {
  const CXXConstructorDecl *Ctor = Node.getConstructor();
  return Ctor && !Ctor->isCopyConstructor() && !Ctor->isMoveConstructor() &&
         isCandidate(*Ctor, Finder->getASTContext().getSourceManager());
}

AST_MATCHER(DeclRefExpr, refersToCandidate) {
  const auto *Function = dyn_cast<FunctionDecl>(Node.getDecl());
  return Function &&
         isCandidate(*Function, Finder->getASTContext().getSourceManager());
}

} // namespace

void CopiedParameterCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(functionDecl(isCandidateDefinition()).bind("definition"),
                     this);
  // Calls in instantiations are counted once, in the template's own code.
  Finder->addMatcher(
      callExpr(callsCandidate(), unless(matchers::isInInstantiatedCode()))
          .bind("call"),
      this);
  Finder->addMatcher(cxxConstructExpr(constructsWithCandidate(),
                                      unless(matchers::isInInstantiatedCode()))
                         .bind("construct"),
                     this);
  Finder->addMatcher(
      declRefExpr(refersToCandidate(), unless(matchers::isInInstantiatedCode()))
          .bind("reference"),
      this);
  registerCallableMatchers(Finder);
}

void CopiedParameterCheck::recordCall(const FunctionDecl &Callee,
                                      llvm::ArrayRef<const Expr *> Args,
                                      SourceRange Call,
                                      const SourceManager &SM) {
  SourceLocation At = Call.getBegin();
  // A call of an instantiation counts for the template's own code, where
  // the parameter is judged.
  const FunctionDecl *Pattern = Callee.getTemplateInstantiationPattern();
  const FunctionDecl *Key = (Pattern ? Pattern : &Callee)->getCanonicalDecl();
  for (unsigned I = 0; I < Args.size() && I < Callee.getNumParams(); ++I) {
    CallsSeen &Seen = Calls[{Key, I}];
    ++Seen.Calls;
    ArgumentKind Kind = argumentKind(*Args[I]);
    if (Kind == ArgumentKind::Lvalue) {
      if (isa<DeclRefExpr>(Args[I]->IgnoreImplicit()))
        Seen.Named.push_back(Args[I]);
      continue;
    }
    ++(Kind == ArgumentKind::Moved ? Seen.Moved : Seen.Temporaries);
    Seen.RvalueCalls.push_back(Call);
    if (Seen.FirstRvalue.isInvalid()) {
      // At the argument; a default argument is at the call.
      SourceLocation Written = Args[I]->getBeginLoc();
      Seen.FirstRvalue = SM.getFileLoc(
          isa<CXXDefaultArgExpr>(Args[I]) || Written.isInvalid() ? At
                                                                 : Written);
      Seen.FirstMoved = Kind == ArgumentKind::Moved;
    }
  }
}

void CopiedParameterCheck::check(const MatchFinder::MatchResult &Result) {
  Context = Result.Context;
  if (recordCallable(Result))
    return;
  const SourceManager &SM = *Result.SourceManager;
  if (const auto *Definition =
          Result.Nodes.getNodeAs<FunctionDecl>("definition")) {
    Definitions.insert(Definition);
    return;
  }
  if (const auto *Reference =
          Result.Nodes.getNodeAs<DeclRefExpr>("reference")) {
    References[Reference->getDecl()->getAsFunction()->getCanonicalDecl()]
        .push_back(Reference);
    return;
  }
  if (const auto *Construct =
          Result.Nodes.getNodeAs<CXXConstructExpr>("construct")) {
    recordCall(*Construct->getConstructor(),
               llvm::ArrayRef(Construct->getArgs(), Construct->getNumArgs()),
               Construct->getSourceRange(), SM);
    return;
  }
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee)
    return;
  CalleeReferences.insert(Call->getCallee()->IgnoreParenImpCasts());
  llvm::ArrayRef<const Expr *> Args(Call->getArgs(), Call->getNumArgs());
  // a | b for a member operator|: the left operand is the object.
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Callee);
      Method && isa<CXXOperatorCallExpr>(Call) && Method->isInstance())
    Args = Args.drop_front();
  recordCall(*Callee, Args, Call->getSourceRange(), SM);
}

/// Why the signature of \p Function is not the unit's to change; empty when
/// it is.
static StringRef fixedSignature(const FunctionDecl &Function) {
  if (const auto *Method = dyn_cast<CXXMethodDecl>(&Function)) {
    if (Method->isVirtual())
      return "virtual: its overrides share the signature";
    if (Method->getParent()->isLambda())
      return "a lambda";
    if (Method->isCopyAssignmentOperator() ||
        Method->isMoveAssignmentOperator())
      return "a copy or move assignment";
  }
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(&Function);
      Ctor && Ctor->isCopyOrMoveConstructor())
    return "a copy or move constructor";
  if (Function.isTemplated() ||
      Function.getTemplatedKind() != FunctionDecl::TK_NonTemplate)
    return "a template, or in one";
  return "";
}

void CopiedParameterCheck::onEndOfTranslationUnit() {
  // Code with errors has lost some uses and calls: say nothing.
  if (Context && !Errors.occurred(Context->getDiagnostics()))
    for (const FunctionDecl *Definition : Definitions) {
      if (!fixedSignature(*Definition).empty())
        continue;
      // Only a profile that measured a copy hot reports a function cold by
      // name (report()); without one, it is not analysed.
      if (!Profiles.loaded() && ColdFunctions.isCold(*Definition))
        continue;
      // Its address taken, a call through the pointer would no longer
      // match the pointer's type.
      const auto &Refs = References.lookup(Definition->getCanonicalDecl());
      if (llvm::any_of(Refs, [&](const Expr *Ref) {
            return !CalleeReferences.contains(Ref);
          }))
        continue;
      for (unsigned I = 0; I < Definition->getNumParams(); ++I)
        report(*Definition, I);
    }
  if (Context && !Errors.occurred(Context->getDiagnostics()))
    reportCallables();
  CallableUses.clear();
  FixedCallables.clear();
  Definitions.clear();
  Calls.clear();
  References.clear();
  CalleeReferences.clear();
  Context = nullptr;
  Profiles.endTranslationUnit();
}

/// The copies that \p Init made through the calls seen that pass an
/// rvalue; nullopt when a site of \p All does not record its callers (each
/// of its copies would count).
std::optional<Measurement> CopiedParameterCheck::measureThroughRvalueCalls(
    const CXXCtorInitializer &Init, const FunctionDecl &Definition,
    const CallsSeen &Seen, const Measurement &All) {
  if (All.Sites.empty() || llvm::any_of(All.Sites, [](const SiteMatch &S) {
        return !S.Site->Callers;
      }))
    return std::nullopt;
  std::vector<ProfileAnchor> Code;
  for (SourceRange Call : Seen.RvalueCalls)
    Code.emplace_back(Init.getSourceRange(), &Definition, Call);
  return Profiles.measureAnything(Code, *Context);
}

void CopiedParameterCheck::report(const FunctionDecl &Definition,
                                  unsigned Index) {
  ASTContext &Ctx = *Context;
  const SourceManager &SM = Ctx.getSourceManager();
  ParameterCopy Copy = parameterCopy(Definition, Index, Ctx);
  if (!Copy.Silent.empty())
    return;
  // An overload for rvalues already exists: by value, calls would be
  // ambiguous.
  if (rvalueOverload(Definition, Index))
    return;
  CallsSeen Seen = Calls.lookup({Definition.getCanonicalDecl(), Index});
  // What the statement of the copy (or the member initializer) allocated
  // in a profiled run.
  std::vector<ProfileAnchor> Code;
  if (Copy.Initializer)
    Code.emplace_back(Copy.Initializer->getSourceRange(), &Definition);
  else
    Code = copyCode(*fullStatementOf(Copy.Use, Ctx), Definition,
                    Copy.Parameter->getType());
  std::optional<Measurement> Measured = Profiles.measureAnything(Code, Ctx);
  if (Measured && Profiles.isCold(*Measured))
    return;
  bool MeasuredHot = Profiles.isHot(Measured);
  // A function named like set-up or error code is cold by guess; a profile
  // that measured its copy hot says otherwise (a test suite of short runs
  // spends most of its allocations parsing options).
  if ((ColdFunctions.isCold(Definition) || Copy.AllocatesWhenLarge) &&
      !MeasuredHot)
    return;
  // A local passed on its last use is moved there by the fix-it, where a
  // profile measured the copy hot; without one, such calls stay lvalues
  // (on the precision corpus they were all in cold code).
  llvm::SmallVector<LocalCopy, 2> LastUses;
  QualType Class = Copy.Parameter->getType().getNonReferenceType();
  if (MeasuredHot)
    for (const Expr *Argument : Seen.Named)
      if (std::optional<LocalCopy> Local =
              localOnLastUse(*Argument, Class, Definition, Ctx))
        LastUses.push_back(*Local);
  unsigned Rvalues = Seen.Temporaries + Seen.Moved + LastUses.size();
  // ': Member(P)' is modernize-pass-by-value's finding; reported here only
  // where a profile measured it, for the calls seen that pass an rvalue:
  // all of them, or those the profile's callers show the copies came
  // through (the copies of an lvalue argument stay).
  if (Copy.Kind == CopyKind::Initialize) {
    if (!MeasuredHot || !Measured || Seen.Calls == 0)
      return;
    if (Rvalues != Seen.Calls) {
      Measured = measureThroughRvalueCalls(*Copy.Initializer, Definition, Seen,
                                           *Measured);
      if (!Profiles.isHot(Measured))
        return;
    }
  }
  // The saving exists only for rvalue arguments; with none seen, only
  // UnseenCallers, or a profile that measured the copy hot, reports a
  // function whose calls are all elsewhere.
  if (Rvalues == 0 && !(Seen.Calls == 0 && (UnseenCallers || MeasuredHot) &&
                        Definition.isExternallyVisible()))
    return;

  std::string Name = Copy.Parameter->getName().str();
  // As spelled: in a macro's body, the macro's text, not its name.
  std::string Into =
      Copy.Initializer
          ? cast<CXXMethodDecl>(Definition).getParent()->getNameAsString() +
                "::" + Copy.Initializer->getMember()->getNameAsString()
          : Lexer::getSourceText(
                CharSourceRange::getTokenRange(
                    SM.getSpellingLoc(Copy.Storage->getBeginLoc()),
                    SM.getSpellingLoc(Copy.Storage->getEndLoc())),
                SM, Ctx.getLangOpts())
                .str();
  llvm::SmallVector<StringRef, 3> Kinds;
  if (Seen.Temporaries)
    Kinds.push_back("a temporary");
  if (Seen.Moved)
    Kinds.push_back("a moved object");
  if (!LastUses.empty())
    Kinds.push_back("a local on its last use");
  std::string Passed = llvm::join(Kinds, " or ");
  std::string Evidence;
  if (Seen.Calls == 0)
    Evidence = "no call of it is seen in this unit";
  else if (Seen.Calls == 1)
    Evidence = "the only call seen in this unit passes " + Passed;
  else
    Evidence = std::to_string(Rvalues) + " of the " +
               std::to_string(Seen.Calls) + " calls seen in this unit " +
               (Rvalues == 1 ? "passes " : "pass ") + Passed;
  ByValuePlan Plan = planByValue(Copy, Ctx);
  SourceLocation At = SM.getFileLoc(Copy.Parameter->getLocation());
  {
    auto Diag = diag(At, "'%0' is copied into '%1' on every call; taken by "
                         "value and moved, %select{a temporary|an rvalue}2 "
                         "argument would not be copied (%3)")
                << Name << Into << (Seen.Temporaries == Rvalues ? 0 : 1)
                << Evidence;
    if (Plan.NoFix.empty()) {
      for (const auto &[Range, Text] : Plan.Edits)
        Diag << FixItHint::CreateReplacement(Range, Text);
      FileID DefinitionFile =
          SM.getFileID(SM.getFileLoc(Copy.Use->getBeginLoc()));
      Diag << Inserter.createIncludeInsertion(DefinitionFile, "<utility>");
      // The callers' locals are moved where they are passed.
      llvm::SmallVector<FileID, 2> Included = {DefinitionFile};
      for (const LocalCopy &Local : LastUses) {
        Diag << FixItHint::CreateReplacement(
            Local.Use->getSourceRange(),
            "std::move(" + Local.Var->getNameAsString() + ")");
        if (FileID Caller = SM.getFileID(Local.Use->getBeginLoc());
            !llvm::is_contained(Included, Caller)) {
          Included.push_back(Caller);
          Diag << Inserter.createIncludeInsertion(Caller, "<utility>");
        }
      }
    }
  }
  if (std::optional<std::string> Note =
          Profiles.measuredNote(Measured, At, SM, [&](const Measurement &M) {
            return describeStatement(M);
          }))
    diag(SM.getFileLoc(Copy.Use->getBeginLoc()), "%0", DiagnosticIDs::Note)
        << *Note;
  if (!Plan.NoFix.empty())
    diag(At, "no fix-it: %0", DiagnosticIDs::Note) << Plan.NoFix;
  if (Seen.FirstRvalue.isValid())
    diag(Seen.FirstRvalue, "this call passes %0 for '%1'", DiagnosticIDs::Note)
        << (Seen.FirstMoved ? "a moved object" : "a temporary") << Name;
  else if (!LastUses.empty())
    diag(LastUses.front().Use->getBeginLoc(),
         "this call passes '%0' for '%1', and nothing reads '%0' after it",
         DiagnosticIDs::Note)
        << LastUses.front().Var->getName() << Name;
}

} // namespace clang::tidy::alloc
