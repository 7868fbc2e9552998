//===--- SmallStringCheck.cpp ---------------------------------------------===//
//
// Ways code allocates for strings more often than it needs to.
//
// A std::basic_string built from a string literal longer than the library's
// inline buffer, inside a function, allocates and copies the same characters
// on every call or iteration. When every use only reads it, 'static const'
// keeps one copy; when every use would take a std::string_view, a constexpr
// view allocates nothing. A temporary written as std::string("...") for a
// const reference parameter is reported too.
//
// A string class of the user's that owns a character pointer its
// constructors allocate, with no inline buffer: a note on what one costs.
//
// A reserve that the string's growth gives it anyway: SmallStringReserve.cpp.
//
//===----------------------------------------------------------------------===//

#include "checks/SmallStringCheck.h"
#include "checks/CompileErrors.h"
#include "checks/LayoutNotes.h"
#include "checks/OptionValues.h"
#include "checks/ProfileEvidenceLog.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/NodeMatchers.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/ast/TypeMatchers.h"
#include "lib/analysis/decisions/StaticRank.h"
#include "lib/analysis/facts/ColdCode.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/StringClasses.h"
#include "lib/analysis/facts/StringFacts.h"
#include "lib/analysis/facts/StringUses.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {

namespace {

/// A class definition written in the project, not implicit nor an
/// instantiation, with a data member of pointer type (as written, not
/// through a typedef): the tests of every class of the unit in one matcher,
/// the member scan after the cheap ones.
AST_MATCHER(CXXRecordDecl, isOwnClassWithPointerMember) {
  if (!Node.isThisDeclarationADefinition() || Node.isImplicit())
    return false;
  const SourceManager &SM = Finder->getASTContext().getSourceManager();
  SourceLocation Loc = SM.getExpansionLoc(Node.getBeginLoc());
  if (Loc.isValid() && SM.isInSystemHeader(Loc))
    return false;
  return !alloc_tidy::isInstantiatedDecl(Node) &&
         llvm::any_of(Node.fields(), [](const FieldDecl *Field) {
           return isa<PointerType>(Field->getType().getTypePtr());
         });
}

/// How a note names the function whose calls repeat the construction.
std::string functionName(const FunctionDecl &Function) {
  if (const auto *Method = dyn_cast<CXXMethodDecl>(&Function)) {
    if (Method->getParent()->isLambda())
      return "";
    return Method->getParent()->getNameAsString() +
           "::" + Method->getNameAsString();
  }
  return Function.getNameAsString();
}

/// Whether a profile measured allocations at the code: then it, not the
/// code around, says whether the change is worth it.
bool isMeasuredHot(const std::optional<Measurement> &Measured) {
  return Measured && Measured->Covered && Measured->Allocations > 0;
}

} // namespace

SmallStringCheck::SmallStringCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      Inserter(readIncludeStyleOption(*this, Options, Name),
               areDiagsSelfContained()),
      TargetStl(*this, Options, Name), ColdFunctions(*this, Options, Name) {
  InlineBufferSize =
      readCountOption(*this, Options, Name, "InlineBufferSize", 16, 2);
  AllocationsBeside =
      readCountOption(*this, Options, Name, "AllocationsBeside", 4);
  LayoutNotes = readLayoutNoteStyle(*this, Options, Name);
  Profiles.read(*this, Options, Name);
}

void SmallStringCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  TargetStl.store(Options, Opts);
  ColdFunctions.store(Options, Opts);
  Options.store(Opts, "InlineBufferSize", InlineBufferSize);
  Options.store(Opts, "AllocationsBeside", AllocationsBeside);
  Options.store(Opts, "LayoutNotes", layoutNoteStyleName(LayoutNotes));
  Options.store(Opts, "IncludeStyle", Inserter.getStyle());
  Profiles.store(Options, Opts);
}

void SmallStringCheck::registerPPCallbacks(const SourceManager &SM,
                                           Preprocessor *Pp,
                                           Preprocessor *ModuleExpanderPP) {
  PP = Pp;
  Errors.startParsing(Pp->getDiagnostics());
  Inserter.registerPreprocessor(Pp);
}

void SmallStringCheck::registerMatchers(MatchFinder *Finder) {
  auto StringType =
      alloc_tidy::matchers::isSpecializationOf(hasName("::std::basic_string"));
  // Templates are judged once, in their own code; instantiations are
  // skipped. The cheap conditions come first: the rest walk up the AST.
  Finder->addMatcher(varDecl(alloc_tidy::matchers::isLocalOfType(StringType),
                             unless(isImplicit()), hasInitializer(expr()),
                             unless(alloc_tidy::matchers::isInstantiatedDecl()),
                             unless(isExpansionInSystemHeader()))
                         .bind("local"),
                     this);
  // One matcher per node kind: the finder dispatches on the kind.
  Finder->addMatcher(cxxFunctionalCastExpr(
                         hasType(StringType),
                         unless(isExpansionInSystemHeader()),
                         unless(alloc_tidy::matchers::isInInstantiatedCode()))
                         .bind("temporary"),
                     this);
  Finder->addMatcher(cxxTemporaryObjectExpr(
                         hasType(StringType),
                         unless(isExpansionInSystemHeader()),
                         unless(alloc_tidy::matchers::isInInstantiatedCode()))
                         .bind("temporary"),
                     this);
  Finder->addMatcher(
      cxxRecordDecl(isOwnClassWithPointerMember()).bind("record"), this);
}

void SmallStringCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  // Code with errors has lost expressions, and with them uses.
  if (Errors.occurred(Ctx.getDiagnostics()))
    return;
  if (const auto *Var = Result.Nodes.getNodeAs<VarDecl>("local")) {
    if (ColdFunctions.isCold(*Var))
      return;
    checkEagerReserve(*Var, Ctx);
    return checkLocal(*Var, Ctx);
  }
  if (const auto *Temporary = Result.Nodes.getNodeAs<Expr>("temporary")) {
    const FunctionDecl *Function = enclosingFunction(Temporary, Ctx);
    if (Function && ColdFunctions.isCold(*Function))
      return;
    return checkTemporary(*Temporary, Ctx);
  }
  if (const auto *Record = Result.Nodes.getNodeAs<CXXRecordDecl>("record"))
    return checkRecord(*Record, Ctx);
}

std::optional<std::string>
SmallStringCheck::costNote(uint64_t Length, QualType Char, ASTContext &Ctx) {
  uint64_t CharSize = Ctx.getTypeSizeInChars(Char).getQuantity();
  StlFlavor Stl = TargetStl.resolve(PP);
  uint64_t Capacity = stringInlineCapacityOrLargest(Stl, CharSize);
  // Not known: only what allocates on every library counts.
  std::string Library = stringInlineCapacity(Stl, CharSize)
                            ? stlDisplayName(Stl).str() + " keeps at most "
                            : "no standard library keeps more than ";
  if (Length <= Capacity)
    return std::nullopt;
  return "the literal has " + std::to_string(Length) + " characters; " +
         Library + std::to_string(Capacity) +
         " inline, so each construction allocates once";
}

void SmallStringCheck::addRepetitionNote(const Repetition &Where) {
  if (Where.Loop) {
    if (Where.Times)
      diag(Where.Loop->getBeginLoc(),
           "this loop runs it %0 times, allocating %0 times",
           DiagnosticIDs::Note)
          << std::to_string(*Where.Times);
    else
      diag(Where.Loop->getBeginLoc(),
           "this loop %select{can run|runs}0 it on every iteration",
           DiagnosticIDs::Note)
          << (Where.EveryIteration ? 1 : 0);
    return;
  }
  std::string Name = functionName(*Where.Function);
  if (Name.empty())
    diag(Where.Function->getLocation(), "it runs once per call of the lambda",
         DiagnosticIDs::Note);
  else
    diag(Where.Function->getLocation(), "it runs once per call of '%0'",
         DiagnosticIDs::Note)
        << Name;
}

std::optional<Measurement>
SmallStringCheck::measure(QualType Type, const Stmt &Code, ASTContext &Ctx) {
  ProfileAnchor Anchor{Code.getSourceRange(), enclosingFunction(&Code, Ctx)};
  return Profiles.measureContainer(Type, Anchor, Ctx);
}

void SmallStringCheck::addMeasuredNote(SourceLocation Loc,
                                       const SourceManager &SM, StringRef Name,
                                       const std::optional<Measurement> &M,
                                       StringRef Change, uint64_t Kept) {
  if (std::optional<std::string> Note =
          Profiles.measuredNote(M, Loc, SM, [&](const Measurement &Measured) {
            return describeNoAllocation(Name, Measured, Change, Kept);
          }))
    diag(Loc, "%0", DiagnosticIDs::Note) << *Note;
}

void SmallStringCheck::checkLocal(const VarDecl &Var, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LangOpts = Ctx.getLangOpts();
  QualType Type = Var.getType();
  const ClassTemplateSpecializationDecl *String = basicString(Type);
  // A variable a macro declares is the macro's business. A string on
  // another allocator may draw from an arena that is reset: a 'static'
  // one would keep memory the arena takes back.
  if (!String || !hasStandardAllocator(*String) || Type->isReferenceType() ||
      Type.isVolatileQualified() || Var.isCXXForRangeDecl() ||
      Var.isExceptionVariable() || Var.isInitCapture() ||
      isa<DecompositionDecl>(Var) || Var.getLocation().isMacroID() ||
      SM.isInSystemHeader(SM.getExpansionLoc(Var.getLocation())))
    return;
  std::optional<LiteralInit> Init = literalInit(Var.getInit());
  if (!Init)
    return;
  QualType Char = charTypeOf(*String);
  std::optional<std::string> Cost = costNote(Init->Length, Char, Ctx);
  if (!Cost)
    return;
  const auto *Decl =
      parentOf(DynTypedNode::create(Var), Ctx, /*PreferInitialization=*/true)
          .get<DeclStmt>();
  if (!Decl)
    return;
  std::optional<Repetition> Where = findRepetition(*Decl, Ctx);
  if (!Where || !Where->Function->getBody() ||
      (Where->Loop && ColdFunctions.isColdLoop(*Where->Loop)))
    return;

  // Every use must only read it: a static object would see the changes of
  // earlier calls, and a string moved or returned is not wasted.
  LocalStringUses Uses =
      judgeLocalStringUses(Var, *Where->Function->getBody(), Ctx);
  if (!Uses.OnlyRead)
    return;
  // A message built only to be handed to an error report.
  if (onlyPassedToColdCalls(
          findVarReferences(Var, *Where->Function->getBody()).Refs, Ctx,
          [&](const FunctionDecl &Callee) {
            return ColdFunctions.isColdCall(Callee);
          }))
    return;
  const DeclRefExpr *NeedsString = Uses.NeedsString;

  // The fix-it: 'static const', or a constexpr string_view.
  std::string NoFix;
  SourceLocation NoFixLoc;
  auto Refuse = [&](SourceLocation Loc, std::string Why) {
    if (NoFix.empty()) {
      NoFix = std::move(Why);
      NoFixLoc = Loc;
    }
  };
  const std::string Name = Var.getNameAsString();
  if (!Decl->isSingleDecl())
    Refuse(Var.getLocation(), "the declaration declares other variables too");
  if (Var.hasAttrs())
    Refuse(Var.getLocation(), "the declaration has attributes");
  if (Uses.NamedCapture.isValid())
    Refuse(Uses.NamedCapture, "a lambda captures '" + Name +
                                  "' by name, which it cannot do with a "
                                  "static variable");
  if (!parentOf(DynTypedNode::create(*Decl), Ctx, /*PreferInitialization=*/true)
           .get<CompoundStmt>())
    Refuse(Var.getLocation(), "the declaration is not a statement of a block");
  SourceLocation Begin = Var.getBeginLoc();
  if (Begin.isMacroID()) {
    SourceLocation Expansion;
    if (Lexer::isAtStartOfMacroExpansion(Begin, SM, LangOpts, &Expansion))
      Begin = Expansion;
    else
      Refuse(Var.getLocation(), "the declaration starts inside a macro");
  }

  // A view needs the standard traits, a view type for the characters, and
  // a type written where it can be replaced.
  StringRef Alias = standardAlias(Char);
  CharSourceRange TypeRange = Lexer::makeFileCharRange(
      CharSourceRange::getCharRange(Begin, Var.getLocation()), SM, LangOpts);
  bool ViewForm = LangOpts.CPlusPlus17 && !Alias.empty() &&
                  hasStandardArguments(*String) && !Init->FromUserLiteral &&
                  !Init->ThroughTemporary && TypeRange.isValid() &&
                  !Var.getBeginLoc().isMacroID() &&
                  !Var.getTypeSpecStartLoc().isMacroID();
  bool View = ViewForm && !NeedsString;
  std::string ViewType = ("std::" + Alias + "_view").str();
  // heapcount sees the construction at the declaration.
  std::optional<Measurement> Measured = measure(Type, *Decl, Ctx);
  if (Measured && Profiles.isCold(*Measured))
    return;
  StaticEstimate Estimate = estimateStatically(*Decl, Ctx);
  if (!isMeasuredHot(Measured) &&
      isCrowdedSaving(*Decl, *Where, AllocationsBeside, Estimate, Ctx))
    return;

  {
    auto Diag = diag(Var.getLocation(),
                     "'%0' is a %1 built from a string literal too long for "
                     "its inline buffer, so every run of its declaration "
                     "allocates; %select{declared 'static const' it would "
                     "allocate only once|as a 'constexpr %3' it would not "
                     "allocate at all}2")
                << Name << stringTypeName(*String, Ctx) << (View ? 1 : 0)
                << ViewType;
    if (NoFix.empty() && View) {
      Diag << FixItHint::CreateReplacement(TypeRange,
                                           "constexpr " + ViewType + " ");
      Diag << Inserter.createIncludeInsertion(
          SM.getFileID(SM.getExpansionLoc(Begin)), "<string_view>");
    } else if (NoFix.empty()) {
      Diag << FixItHint::CreateInsertion(
          Begin, Type.isConstQualified() ? "static " : "static const ");
    }
  }
  addMeasuredNote(Var.getLocation(), Ctx.getSourceManager(), Name, Measured,
                  View ? "as a 'constexpr " + ViewType + "', it"
                       : std::string("declared 'static const', it"),
                  View ? 0 : 1);
  diag(SM.getFileLoc(Init->Literal->getBeginLoc()), *Cost, DiagnosticIDs::Note);
  countIterations(*Where, Decl, Ctx);
  addRepetitionNote(*Where);
  logStaticRank(getID(), Var.getLocation(), Estimate, SM);
  if (ViewForm && NeedsString && NoFix.empty())
    diag(SM.getFileLoc(NeedsString->getBeginLoc()),
         "not a %0: this use needs a %1", DiagnosticIDs::Note)
        << ViewType << stringTypeName(*String, Ctx);
  if (!NoFix.empty())
    diag(NoFixLoc, "no fix-it: %0", DiagnosticIDs::Note) << NoFix;
}

void SmallStringCheck::checkTemporary(const Expr &Temporary, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LangOpts = Ctx.getLangOpts();
  SourceLocation Loc = Temporary.getBeginLoc();
  // Written by a macro's body: the macro's business.
  if (Loc.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(Loc)) ||
      (Loc.isMacroID() && SM.isMacroBodyExpansion(Loc)))
    return;
  std::optional<LiteralInit> Init = literalInit(&Temporary);
  const ClassTemplateSpecializationDecl *String =
      basicString(Temporary.getType());
  if (!Init || !Init->ThroughTemporary || !String ||
      !hasStandardAllocator(*String))
    return;
  std::optional<std::string> Cost =
      costNote(Init->Length, charTypeOf(*String), Ctx);
  if (!Cost)
    return;

  // Bound to a parameter of type const std::basic_string&.
  std::optional<ConstStringArgument> Argument =
      asConstStringArgument(Temporary, Ctx);
  if (!Argument)
    return;
  std::optional<Repetition> Where = findRepetition(Temporary, Ctx);
  if (!Where || ColdFunctions.isColdCall(*Argument->Callee) ||
      (Where->Loop && ColdFunctions.isColdLoop(*Where->Loop)))
    return;
  const FunctionDecl *Callee = Argument->Callee;
  // The literal itself does the same where a standard overload takes a
  // pointer to characters with the same meaning.
  bool Replace = literalServesInstead(*Argument, *String);
  CharSourceRange TempRange, LiteralRange;
  std::string NoFix;
  if (Loc.isMacroID()) {
    NoFix = "the temporary is written in a macro argument";
  } else if (Replace) {
    TempRange = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Temporary.getSourceRange()), SM,
        LangOpts);
    LiteralRange = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Init->Argument->getSourceRange()), SM,
        LangOpts);
    if (TempRange.isInvalid() || LiteralRange.isInvalid())
      NoFix = "the temporary is written in a macro argument";
  } else {
    StringRef Alias = hasStandardArguments(*String)
                          ? standardAlias(charTypeOf(*String))
                          : StringRef();
    std::string Type = stringTypeName(*String, Ctx);
    NoFix = "a 'static const " + Type + "' needs a name of your choosing";
    if (!isWithinStd(Callee) && Callee->getIdentifier())
      NoFix += "; or '" + Callee->getNameAsString() + "' could take a " +
               (Alias.empty() ? "std::basic_string_view"
                              : ("std::" + Alias + "_view").str());
  }

  std::optional<Measurement> Measured =
      measure(Temporary.getType(), Temporary, Ctx);
  if (Measured && Profiles.isCold(*Measured))
    return;
  StaticEstimate Estimate = estimateStatically(Temporary, Ctx);
  if (!isMeasuredHot(Measured) &&
      isCrowdedSaving(Temporary, *Where, AllocationsBeside, Estimate, Ctx))
    return;
  {
    auto Diag = diag(SM.getFileLoc(Loc),
                     "this temporary %0 is built from a string literal too "
                     "long for its inline buffer, so it allocates every time "
                     "it is evaluated; %select{use the literal itself|a "
                     "'static const' %0 would allocate only once}1")
                << stringTypeName(*String, Ctx) << (Replace ? 0 : 1);
    if (Replace && NoFix.empty())
      Diag << FixItHint::CreateReplacement(
          TempRange, Lexer::getSourceText(LiteralRange, SM, LangOpts));
  }
  addMeasuredNote(SM.getFileLoc(Loc), SM, "the temporary", Measured,
                  Replace ? "the literal itself"
                          : std::string("a 'static const' string"),
                  Replace ? 0 : 1);
  diag(SM.getFileLoc(Init->Literal->getBeginLoc()), *Cost, DiagnosticIDs::Note);
  countIterations(*Where, fullStatementOf(&Temporary, Ctx), Ctx);
  addRepetitionNote(*Where);
  logStaticRank(getID(), SM.getFileLoc(Loc), Estimate, SM);
  if (!NoFix.empty())
    diag(SM.getFileLoc(Loc), "no fix-it: %0", DiagnosticIDs::Note) << NoFix;
}

void SmallStringCheck::checkRecord(const CXXRecordDecl &Record,
                                   ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = Record.getLocation();
  if (Loc.isMacroID() || SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
    return;
  std::optional<HeapStringClass> Found = findHeapStringClass(Record);
  if (!Found)
    return;
  QualType Char = Found->Char;
  uint64_t CharSize = Ctx.getTypeSizeInChars(Char).getQuantity();
  // A profile sizes the buffer by the requests its allocations made.
  uint64_t Size = InlineBufferSize;
  std::optional<Measurement> Measured;
  std::optional<MeasuredBuffer> Sized;
  if (Profiles.loaded()) {
    std::vector<ProfileAnchor> Code;
    for (const Expr *Allocation : Found->Allocations)
      Code.emplace_back(Allocation->getSourceRange(),
                        enclosingFunction(Allocation, Ctx));
    Measured = Profiles.measureAllocations(Code, Ctx);
    if (Profiles.isCold(*Measured))
      return;
    if (Measured->Covered)
      Sized = sizeStringBuffer(*Measured, Profiles.coverage());
    if (Sized && Sized->Bytes / CharSize >= 2)
      Size = Sized->Bytes / CharSize;
  }
  std::string Buffer = Char.getAsString(Ctx.getPrintingPolicy()) + "[" +
                       std::to_string(Size) + "]";
  diag(Loc, "'%0' is a string class that allocates every string on the "
            "heap, however short")
      << Record.getName();
  diag(SM.getFileLoc(Found->Allocation->getBeginLoc()),
       "the characters of '%0' are allocated here with %1", DiagnosticIDs::Note)
      << Found->Characters->getName() << Found->Kind;
  if (std::optional<std::string> Note = Profiles.measuredNote(
          Measured, Loc, Ctx.getSourceManager(), [&](const Measurement &M) {
            return Sized ? describeStringBuffer(Record.getName(), *Sized,
                                                CharSize)
                         : describeNoAllocation(Record.getName(), M,
                                                "an inline buffer");
          }))
    diag(Loc, "%0", DiagnosticIDs::Note) << *Note;
  std::string Saved = "one allocation saved for strings up to " +
                      std::to_string(Size - 1) + " characters";
  std::string Suffix = " with an inline buffer '" + Buffer + "'; " + Saved;
  QualType BufferType = Ctx.getConstantArrayType(
      Char, llvm::APInt(64, Size), nullptr, ArraySizeModifier::Normal, 0);
  std::vector<std::string> Notes = fieldAddedNotes(
      Record, BufferType, "(inline buffer)", Suffix, Ctx, LayoutNotes);
  if (Notes.empty() || !StringRef(Notes.front()).ends_with(Suffix))
    diag(Loc, "an inline buffer '%0' would hold them: %1", DiagnosticIDs::Note)
        << Buffer << Saved;
  for (const std::string &Note : Notes)
    diag(Loc, "%0", DiagnosticIDs::Note) << Note;
}

} // namespace clang::tidy::alloc
