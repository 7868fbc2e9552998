//===--- HoistPlan.cpp ----------------------------------------------------===//

#include "lib/analysis/decisions/HoistPlan.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/TripCount.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace alloc_tidy {

/// Standard class templates whose destructor only releases memory and
/// destroys what their type arguments name.
static bool isQuietStdTemplate(StringRef Name) {
  static const llvm::StringSet<> Names = {"basic_string",
                                          "basic_string_view",
                                          "vector",
                                          "deque",
                                          "list",
                                          "forward_list",
                                          "map",
                                          "multimap",
                                          "set",
                                          "multiset",
                                          "unordered_map",
                                          "unordered_multimap",
                                          "unordered_set",
                                          "unordered_multiset",
                                          "pair",
                                          "tuple",
                                          "array",
                                          "optional",
                                          "variant",
                                          "unique_ptr",
                                          "default_delete",
                                          "allocator",
                                          "char_traits",
                                          "less",
                                          "greater",
                                          "equal_to",
                                          "hash",
                                          "monostate",
                                          "bitset",
                                          "complex",
                                          "span",
                                          "valarray"};
  return Names.contains(Name);
}

static bool
argumentDestroysQuietly(const TemplateArgument &Arg, const ASTContext &Ctx,
                        llvm::SmallPtrSetImpl<const CXXRecordDecl *> &Seen) {
  if (Arg.getKind() == TemplateArgument::Type)
    return destroysQuietly(Arg.getAsType(), Ctx, Seen);
  if (Arg.getKind() == TemplateArgument::Pack)
    return llvm::all_of(Arg.pack_elements(), [&](const TemplateArgument &A) {
      return argumentDestroysQuietly(A, Ctx, Seen);
    });
  return true;
}

bool destroysQuietly(QualType T, const ASTContext &Ctx,
                     llvm::SmallPtrSetImpl<const CXXRecordDecl *> &Seen) {
  T = Ctx.getBaseElementType(T).getCanonicalType();
  const CXXRecordDecl *Record = T->getAsCXXRecordDecl();
  if (!Record)
    return T.isDestructedType() == QualType::DK_none;
  Record = Record->getDefinition();
  if (!Record)
    return false;
  if (Record->hasTrivialDestructor() || !Seen.insert(Record).second)
    return true;
  if (isWithinStd(Record)) {
    const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Record);
    if (!Spec || !isQuietStdTemplate(Record->getName()))
      return false;
    const TemplateArgumentList &Args = Spec->getTemplateArgs();
    // A custom deleter runs the user's code.
    if (Record->getName() == "unique_ptr") {
      const CXXRecordDecl *Deleter =
          Args.size() > 1 && Args[1].getKind() == TemplateArgument::Type
              ? Args[1].getAsType()->getAsCXXRecordDecl()
              : nullptr;
      if (!Deleter || Deleter->getName() != "default_delete" ||
          !isWithinStd(Deleter))
        return false;
    }
    return llvm::all_of(Args.asArray(), [&](const TemplateArgument &Arg) {
      return argumentDestroysQuietly(Arg, Ctx, Seen);
    });
  }
  if (const CXXDestructorDecl *Dtor = Record->getDestructor();
      Dtor && Dtor->isUserProvided())
    return false;
  for (const CXXBaseSpecifier &Base : Record->bases())
    if (!destroysQuietly(Base.getType(), Ctx, Seen))
      return false;
  for (const CXXBaseSpecifier &Base : Record->vbases())
    if (!destroysQuietly(Base.getType(), Ctx, Seen))
      return false;
  return llvm::all_of(Record->fields(), [&](const FieldDecl *Field) {
    return destroysQuietly(Field->getType(), Ctx, Seen);
  });
}

namespace {

/// Where the variable's name is written as a reference to it: everywhere in
/// the loop body, lambdas included.
class MentionCollector : public RecursiveASTVisitor<MentionCollector> {
public:
  MentionCollector(const VarDecl *Var, const SourceManager &SM)
      : Var(Var), SM(SM) {}
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (Ref->getDecl() == Var)
      add(Ref->getLocation());
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *Lambda) {
    for (const LambdaCapture &Capture : Lambda->explicit_captures())
      if (Capture.capturesVariable() && Capture.getCapturedVar() == Var)
        add(Capture.getLocation());
    return true;
  }
  void add(SourceLocation Loc) {
    Offsets.insert(SM.getFileOffset(SM.getSpellingLoc(Loc)));
  }

  const VarDecl *Var;
  const SourceManager &SM;
  llvm::DenseSet<unsigned> Offsets;
};

/// Finds, in \p Function, other declarations named like \p Var, and gotos.
class FunctionScan : public RecursiveASTVisitor<FunctionScan> {
public:
  FunctionScan(const VarDecl *Var, const FunctionDecl *Function)
      : Var(Var), Function(Function) {}
  bool shouldVisitImplicitCode() const { return false; }
  bool VisitNamedDecl(NamedDecl *D) {
    if (D != Var && D != Function && D->getDeclName().isIdentifier() &&
        D->getName() == Var->getName())
      SameName = D;
    return true;
  }
  bool VisitGotoStmt(GotoStmt *) { return HasGoto = true; }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return HasGoto = true; }

  const VarDecl *Var;
  const FunctionDecl *Function;
  const NamedDecl *SameName = nullptr;
  bool HasGoto = false;
};

/// Finds what a spelled type names that is declared inside the loop.
class TypeNameScan : public RecursiveASTVisitor<TypeNameScan> {
public:
  TypeNameScan(SourceRange Loop, const SourceManager &SM)
      : Loop(Loop), SM(SM) {}
  bool VisitTypeLoc(TypeLoc TL) {
    const Type *T = TL.getTypePtr();
    if (const auto *Typedef = dyn_cast<TypedefType>(T))
      check(Typedef->getDecl());
    else if (const auto *Tag = dyn_cast<TagType>(T))
      check(Tag->getDecl());
    else if (const auto *Spec = dyn_cast<TemplateSpecializationType>(T))
      check(Spec->getTemplateName().getAsTemplateDecl());
    else if (const auto *Using = dyn_cast<UsingType>(T))
#if CLANG_VERSION_MAJOR < 22
      check(Using->getFoundDecl());
#else
      check(Using->getDecl());
#endif
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    check(Ref->getDecl());
    return true;
  }
  void check(const NamedDecl *D) {
    if (!D || Inside)
      return;
    SourceLocation Loc = SM.getExpansionLoc(D->getLocation());
    if (!SM.isBeforeInTranslationUnit(Loc, Loop.getBegin()) &&
        SM.isBeforeInTranslationUnit(Loc, Loop.getEnd()))
      Inside = D;
  }

  SourceRange Loop;
  const SourceManager &SM;
  const NamedDecl *Inside = nullptr;
};

/// Whether the identifier \p Name occurs in [Begin, End) other than at
/// \p Allowed or right after '.', '->' or '::'. After hoisting, the
/// variable is in scope from the loop to the end of the block, where it
/// would capture any other meaning of its name.
bool nameUsedElsewhere(StringRef Name, SourceLocation Begin, SourceLocation End,
                       const llvm::DenseSet<unsigned> &Allowed,
                       const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto [File, BeginOffset] = SM.getDecomposedLoc(Begin);
  auto [EndFile, EndOffset] = SM.getDecomposedLoc(End);
  if (File != EndFile)
    return true;
  StringRef Buffer = SM.getBufferData(File);
  Lexer Lex(SM.getLocForStartOfFile(File), Ctx.getLangOpts(), Buffer.begin(),
            Buffer.begin() + BeginOffset, Buffer.end());
  Token Tok;
  tok::TokenKind Previous = tok::unknown;
  while (!Lex.LexFromRawLexer(Tok)) {
    unsigned Offset = SM.getFileOffset(Tok.getLocation());
    if (Offset >= EndOffset)
      break;
    if (Tok.is(tok::raw_identifier) && Tok.getRawIdentifier() == Name &&
        !Allowed.contains(Offset) && Previous != tok::period &&
        Previous != tok::arrow && Previous != tok::coloncolon)
      return true;
    Previous = Tok.getKind();
  }
  return false;
}

/// Finds, from \p From on, a reference to another declaration named like
/// \p Var that is not spelled in the file, e.g. written by a macro.
class OtherMeaningScan : public RecursiveASTVisitor<OtherMeaningScan> {
public:
  OtherMeaningScan(const VarDecl *Var, SourceLocation From,
                   const SourceManager &SM)
      : Var(Var), SM(SM), From(From) {}
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (Ref->getDecl() != Var && !Ref->hasQualifier())
      check(Ref->getDecl()->getDeclName(), Ref->getLocation());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *Member) {
    if (Member->isImplicitAccess())
      check(Member->getMemberDecl()->getDeclName(), Member->getMemberLoc());
    return true;
  }
  bool VisitOverloadExpr(OverloadExpr *Overload) {
    if (!Overload->getQualifier())
      check(Overload->getName(), Overload->getNameLoc());
    return true;
  }
  void check(DeclarationName Name, SourceLocation Loc) {
    if (Name.isIdentifier() &&
        Name.getAsIdentifierInfo()->getName() == Var->getName() &&
        !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Loc), From))
      Found = true;
  }

  const VarDecl *Var;
  const SourceManager &SM;
  SourceLocation From;
  bool Found = false;
};

} // namespace

HoistPlan planHoist(const VarDecl *Var, const DeclStmt *Decl, const Stmt *Loop,
                    QualType Element, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LangOpts = Ctx.getLangOpts();
  HoistPlan Plan;
  auto NoFix = [&](SourceLocation Loc, std::string Why) {
    Plan.NoFix = std::move(Why);
    Plan.NoFixLoc = Loc;
    return Plan;
  };
  std::string Name = Var->getNameAsString();
  SourceLocation VarLoc = Var->getLocation();

  if (!Decl->isSingleDecl())
    return NoFix(VarLoc, "the declaration declares other variables too");
  if (Var->hasAttrs())
    return NoFix(VarLoc, "the declaration has attributes");
  DynTypedNode DeclParent =
      parentOf(DynTypedNode::create(*Decl), Ctx, /*PreferInitialization=*/true);
  if (!DeclParent.get<CompoundStmt>())
    return NoFix(VarLoc, "the declaration is not a statement of a block");
  DynTypedNode LoopParent =
      parentOf(DynTypedNode::create(*Loop), Ctx, /*PreferInitialization=*/true);
  const auto *Block = LoopParent.get<CompoundStmt>();
  if (!Block)
    return NoFix(Loop->getBeginLoc(), "the loop is not a statement of a "
                                      "block, where a declaration could go");

  // The type, as spelled, must mean the same before the loop.
  TypeLoc TL = Var->getTypeSourceInfo()->getTypeLoc();
  TypeLoc Top = TL.getUnqualifiedLoc();
  if (TL.getType()->getContainedAutoType() || Top.getAs<DecltypeTypeLoc>())
    return NoFix(VarLoc, "the type is spelled with 'auto' or 'decltype'");
  TypeNameScan Names(SourceRange(SM.getExpansionLoc(Loop->getBeginLoc()),
                                 SM.getExpansionLoc(Loop->getEndLoc())),
                     SM);
  Names.TraverseTypeLoc(TL);
  if (Names.Inside)
    return NoFix(Names.Inside->getLocation(),
                 "the type names '" + Names.Inside->getNameAsString() +
                     "', which is declared inside the loop");
  CharSourceRange TypeRange = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(TL.getSourceRange()), SM, LangOpts);
  Plan.DeclRange = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Decl->getSourceRange()), SM, LangOpts);
  if (TypeRange.isInvalid() || Plan.DeclRange.isInvalid())
    return NoFix(VarLoc, "the declaration is written by a macro");

  // The hoisted name must not clash with, or hide, another one.
  const FunctionDecl *Function = enclosingFunction(Loop, Ctx);
  if (!Function)
    return NoFix(VarLoc, "the loop is not in a function");
  FunctionScan Scan(Var, Function);
  Scan.TraverseDecl(const_cast<FunctionDecl *>(Function));
  if (Scan.HasGoto)
    return NoFix(Loop->getBeginLoc(), "the function uses goto, which could "
                                      "jump past the hoisted declaration");
  if (labelFollows(*Block, Loop->getBeginLoc(), SM))
    return NoFix(Loop->getBeginLoc(),
                 "a case or label follows the loop in its block: a jump to "
                 "it would pass the hoisted declaration");
  if (Scan.SameName)
    return NoFix(Scan.SameName->getLocation(),
                 "'" + Name + "' is also declared here, in the same function");
  MentionCollector Mentions(Var, SM);
  Mentions.add(VarLoc);
  Mentions.TraverseStmt(const_cast<Stmt *>(loopBody(Loop)));
  if (nameUsedElsewhere(Name, SM.getExpansionLoc(Loop->getBeginLoc()),
                        SM.getExpansionLoc(Block->getRBracLoc()),
                        Mentions.Offsets, Ctx) ||
      [&] {
        OtherMeaningScan Other(Var, SM.getExpansionLoc(Loop->getBeginLoc()),
                               SM);
        Other.TraverseStmt(const_cast<CompoundStmt *>(Block));
        return Other.Found;
      }())
    return NoFix(VarLoc, "the name '" + Name +
                             "' means something else elsewhere in the "
                             "block that holds the loop");

  // A container kept across iterations starts each one with the capacity
  // it grew to, where a new one had none.
  if (const CXXMemberCallExpr *Capacity = capacityRead(Var, loopBody(Loop)))
    return NoFix(Capacity->getBeginLoc(),
                 "the loop asks for '" + Name +
                     "''s capacity(), which a container kept across "
                     "iterations would change");

  // clear() destroys the elements one iteration later than the end of the
  // scope did; only elements whose destruction runs no user code may wait.
  llvm::SmallPtrSet<const CXXRecordDecl *, 8> Seen;
  if (!destroysQuietly(Element, Ctx, Seen))
    return NoFix(VarLoc,
                 "destroying a '" +
                     Element.getAsString(Ctx.getPrintingPolicy()) +
                     "' may run code of yours, which clear() would delay "
                     "from the end of one iteration to the next");

  // A preprocessor conditional between the loop and the declaration could
  // leave the hoisted line in a branch that is not compiled.
  SourceLocation LoopLoc = SM.getExpansionLoc(Loop->getBeginLoc());
  auto [File, Offset] = SM.getDecomposedLoc(LoopLoc);
  auto [DeclFile, DeclOffset] = SM.getDecomposedLoc(Plan.DeclRange.getBegin());
  StringRef Buffer = SM.getBufferData(File);
  if (DeclFile != File || DeclOffset < Offset)
    return NoFix(VarLoc, "the declaration is written by a macro");
  llvm::SmallVector<StringRef, 16> Lines;
  Buffer.slice(Offset, DeclOffset).split(Lines, '\n');
  if (llvm::any_of(Lines,
                   [](StringRef L) { return L.ltrim().starts_with("#"); }))
    return NoFix(Loop->getBeginLoc(),
                 "a preprocessor directive stands between the loop and "
                 "the declaration");

  // The loop's indentation, for the line inserted above it.
  StringRef Line = Buffer.substr(0, Offset);
  Line = Line.substr(Line.find_last_of("\r\n") + 1);
  StringRef Indent =
      Line.take_while([](char C) { return C == ' ' || C == '\t'; });
  Plan.Hoisted = Lexer::getSourceText(TypeRange, SM, LangOpts).str() + " " +
                 Name + ";\n" + Indent.str();
  return Plan;
}

} // namespace alloc_tidy
