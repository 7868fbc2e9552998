//===--- TemporaryArguments.cpp - containers built for a parameter --------===//

#include "lib/analysis/facts/TemporaryArguments.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/facts/StlFacts.h"
#include "lib/analysis/facts/StringFacts.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include <utility>

using namespace clang;

namespace alloc_tidy {

std::optional<ConstReferenceArgument>
asConstReferenceArgument(const Expr &Argument, ASTContext &Ctx) {
  const Expr *Child = nullptr;
  DynTypedNode Parent =
      meaningfulParent(&Argument, Ctx, Child, Transparency::Object,
                       /*PreferInitialization=*/true);
  ConstReferenceArgument Result;
  if (const auto *Op = Parent.get<CXXOperatorCallExpr>()) {
    Result.Callee = Op->getDirectCallee();
    Result.Args.assign(Op->arg_begin(), Op->arg_end());
    if (isa_and_nonnull<CXXMethodDecl>(Result.Callee)) {
      if (Result.Args.empty() || Result.Args[0] == Child)
        return std::nullopt;
      Result.Object = Result.Args[0];
      Result.Args.erase(Result.Args.begin());
    }
  } else if (const auto *Call = Parent.get<CallExpr>()) {
    Result.Callee = Call->getDirectCallee();
    Result.Args.assign(Call->arg_begin(), Call->arg_end());
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
      Result.Object = Member->getImplicitObjectArgument();
  } else if (const auto *Construct = Parent.get<CXXConstructExpr>()) {
    Result.Callee = Construct->getConstructor();
    Result.Args.assign(Construct->arg_begin(), Construct->arg_end());
  }
  Result.Index = argumentIndex(Result.Args, Child);
  if (!Result.Callee || Result.Index == Result.Args.size() ||
      Result.Index >= Result.Callee->getNumParams())
    return std::nullopt;
  QualType Param = Result.Callee->getParamDecl(Result.Index)->getType();
  if (!Param->isLValueReferenceType() ||
      !Param.getNonReferenceType().isConstQualified() ||
      Param.getNonReferenceType().isVolatileQualified())
    return std::nullopt;
  return Result;
}

/// Whether a cast of kind \p Kind passes a constant on as a constant: any
/// but a call of a conversion function.
static bool castKeepsConstant(CastKind Kind) {
  return Kind != CK_UserDefinedConversion && Kind != CK_Dynamic;
}

/// Whether \p Var always holds the same value where it is read.
static bool isConstantVariable(const VarDecl &Var, ASTContext &Ctx) {
  if (Var.isUsableInConstantExpressions(Ctx))
    return true;
  QualType T = Var.getType();
  return T.isConstQualified() && !T.isVolatileQualified() &&
         !T->isReferenceType() && Var.hasGlobalStorage() &&
         !isa<ParmVarDecl>(Var);
}

bool isBuiltFromConstants(const Expr *E, ASTContext &Ctx,
                          const FunctionDecl *ParamsOf) {
  auto Constant = [&](const Expr *Sub) {
    return isBuiltFromConstants(Sub, Ctx, ParamsOf);
  };
  if (!E)
    return false;
  E = E->IgnoreParens();
  if (E->isValueDependent() || E->isTypeDependent())
    return false;
  if (isa<ConstantExpr, StringLiteral, IntegerLiteral, FloatingLiteral,
          CharacterLiteral, CXXBoolLiteralExpr, CXXNullPtrLiteralExpr,
          ImaginaryLiteral, FixedPointLiteral, ImplicitValueInitExpr,
          UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    return Constant(Cleanups->getSubExpr());
  if (const auto *Temporary = dyn_cast<MaterializeTemporaryExpr>(E))
    return Constant(Temporary->getSubExpr());
  if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E))
    return Constant(Bind->getSubExpr());
  if (const auto *List = dyn_cast<CXXStdInitializerListExpr>(E))
    return Constant(List->getSubExpr());
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(E))
    return Constant(Default->getExpr());
  if (const auto *Default = dyn_cast<CXXDefaultInitExpr>(E))
    return Constant(Default->getExpr());
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return castKeepsConstant(Cast->getCastKind()) &&
           Constant(Cast->getSubExpr());
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    // A constructor of the user's may have effects (a count, a log) that
    // running it once would change.
    if (!Ctor ||
        !(isWithinStd(Ctor) || Ctor->isConstexpr() || Ctor->isTrivial()))
      return false;
    return llvm::all_of(Construct->arguments(), Constant);
  }
  if (const auto *List = dyn_cast<InitListExpr>(E))
    return llvm::all_of(List->inits(), Constant);
  if (const auto *Literal = dyn_cast<UserDefinedLiteral>(E))
    return isWithinStd(Literal->getDirectCallee());
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = Ref->getDecl();
    if (isa<EnumConstantDecl, FunctionDecl>(D))
      return true;
    // A parameter of the constructor that the constants are passed to.
    if (const auto *Param = dyn_cast<ParmVarDecl>(D);
        Param && ParamsOf && Param->getDeclContext() == ParamsOf)
      return !Param->getType()->isReferenceType() ||
             Param->getType().getNonReferenceType().isConstQualified();
    if (const auto *Var = dyn_cast<VarDecl>(D))
      return isConstantVariable(*Var, Ctx);
    return false;
  }
  return E->getType()->isScalarType() && E->isEvaluatable(Ctx);
}

/// The integer \p E evaluates to, when it is a constant.
static std::optional<uint64_t> constantCount(const Expr *E,
                                             const ASTContext &Ctx) {
  Expr::EvalResult Result;
  if (!E || !E->getType()->isIntegerType() || E->isValueDependent() ||
      !E->EvaluateAsInt(Result, Ctx) || Result.Val.getInt().isNegative())
    return std::nullopt;
  return Result.Val.getInt().getZExtValue();
}

/// What \p Construction puts in the container or string it builds.
static std::optional<uint64_t> sizeBuilt(const CXXConstructExpr &Construction,
                                         bool IsString, const ASTContext &Ctx) {
  if (IsString) {
    if (std::optional<LiteralInit> Init = literalInit(&Construction))
      return Init->Length;
    // basic_string(count, character)
    if (Construction.getNumArgs() >= 2 &&
        !isa<CXXDefaultArgExpr>(Construction.getArg(1)) &&
        Construction.getArg(1)
            ->IgnoreImpCasts()
            ->getType()
            ->isAnyCharacterType())
      return constantCount(Construction.getArg(0), Ctx);
    return std::nullopt;
  }
  for (const Expr *Arg : Construction.arguments()) {
    if (const auto *List = dyn_cast<CXXStdInitializerListExpr>(
            Arg->IgnoreImplicit()->IgnoreParens()))
      if (const auto *Inits = dyn_cast<InitListExpr>(
              List->getSubExpr()->IgnoreImplicit()->IgnoreParens()))
        return Inits->getNumInits();
  }
  // vector(count) and vector(count, value).
  if (Construction.getNumArgs() >= 1 &&
      !isa<CXXDefaultArgExpr>(Construction.getArg(0)))
    return constantCount(Construction.getArg(0), Ctx);
  return std::nullopt;
}

/// Whether building and destroying a field of type \p T has no effect but
/// its value: a scalar, a standard container or string on std::allocator,
/// or a class (an array of one) whose destructor does nothing.
static bool isPlainFieldType(QualType T) {
  if (T->isReferenceType())
    return false;
  if (const ClassTemplateSpecializationDecl *Spec = allocatingStdClass(T))
    return hasStandardAllocator(*Spec);
  const CXXRecordDecl *Record =
      T->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
  return !Record || (Record->hasDefinition() && Record->hasTrivialDestructor());
}

/// The class of the program that \p T names when one 'static const' object
/// of it can stand for its temporaries: no base, no virtual function, no
/// mutable field, a destructor the compiler writes, and plain fields.
static const CXXRecordDecl *plainHolderClass(QualType T) {
  const CXXRecordDecl *Record = T->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition())
    return nullptr;
  Record = Record->getDefinition();
  if (isWithinStd(Record) || Record->isUnion() || Record->isPolymorphic() ||
      Record->getNumBases() != 0 || Record->hasMutableFields() ||
      Record->isDependentContext())
    return nullptr;
  if (const CXXDestructorDecl *Destructor = Record->getDestructor();
      Destructor && Destructor->isUserProvided())
    return nullptr;
  for (const FieldDecl *Field : Record->fields())
    if (!isPlainFieldType(Field->getType()))
      return nullptr;
  return Record;
}

/// The length of the string literal that a string field built by \p Built
/// gets through a parameter of \p Ctor, from the argument \p Call passes.
static std::optional<uint64_t>
literalThroughParameter(const CXXConstructExpr &Built,
                        const CXXConstructorDecl &Ctor,
                        const CXXConstructExpr &Call) {
  if (Built.getNumArgs() == 0)
    return std::nullopt;
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Built.getArg(0)->IgnoreParenImpCasts());
  const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!Param || Param->getDeclContext() != &Ctor ||
      Param->getFunctionScopeIndex() >= Call.getNumArgs())
    return std::nullopt;
  const auto *Literal = dyn_cast<StringLiteral>(
      Call.getArg(Param->getFunctionScopeIndex())->IgnoreParenImpCasts());
  if (!Literal)
    return std::nullopt;
  return Literal->getLength();
}

/// Completes \p Facts, the construction of an object of a plain class of
/// the program: its constructor, seen in this unit, has an empty body and
/// member initializers that build every field from the constructor's
/// parameters and constants only, one field (Holder) a standard container
/// or string that allocates; the arguments are constants.
static std::optional<ConstantTemporaryArgument>
holderFacts(ConstantTemporaryArgument Facts, ASTContext &Ctx) {
  const FunctionDecl *Definition = nullptr;
  const CXXConstructorDecl *Ctor = Facts.Construction->getConstructor();
  if (!Ctor || !Ctor->hasBody(Definition) || Definition->isVariadic())
    return std::nullopt;
  const auto *Constructor = cast<CXXConstructorDecl>(Definition);
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Constructor->getBody());
  if (!Body || !Body->body_empty() ||
      !llvm::all_of(Facts.Construction->arguments(), [&](const Expr *Arg) {
        return isBuiltFromConstants(Arg, Ctx);
      }))
    return std::nullopt;
  for (const CXXCtorInitializer *Init : Constructor->inits()) {
    if (!Init->isMemberInitializer() ||
        !isBuiltFromConstants(Init->getInit(), Ctx, Constructor))
      return std::nullopt;
    const ClassTemplateSpecializationDecl *Spec =
        allocatingStdClass(Init->getMember()->getType());
    const auto *Built =
        dyn_cast<CXXConstructExpr>(stripTransparent(Init->getInit()));
    if (!Spec || !Built)
      continue;
    bool IsString = Spec->getSpecializedTemplate()->getName() == "basic_string";
    std::optional<uint64_t> Size = sizeBuilt(*Built, IsString, Ctx);
    if (!Size && IsString)
      Size = literalThroughParameter(*Built, *Constructor, *Facts.Construction);
    if (!Size || *Size == 0)
      continue;
    // A container that holds an element allocates, a string only past its
    // inline buffer: a container, else the longest string, stands for the
    // class.
    bool Better =
        !Facts.Holder || (Facts.IsString && !IsString) ||
        (IsString && Facts.IsString && *Size > Facts.Size.value_or(0));
    if (!Better)
      continue;
    Facts.Holder = Init->getMember();
    Facts.Template = Spec->getSpecializedTemplate()->getName().str();
    Facts.IsString = IsString;
    Facts.Size = Size;
    if (IsString)
      Facts.CharSize = Ctx.getTypeSizeInChars(charTypeOf(*Spec)).getQuantity();
  }
  if (!Facts.Holder)
    return std::nullopt;
  Facts.HolderConstructor = Constructor;
  return Facts;
}

std::optional<ConstantTemporaryArgument>
constantTemporaryArgument(const MaterializeTemporaryExpr &Temporary,
                          ASTContext &Ctx) {
  const ClassTemplateSpecializationDecl *Spec =
      allocatingStdClass(Temporary.getType());
  const CXXRecordDecl *Holder =
      Spec ? nullptr : plainHolderClass(Temporary.getType());
  // On another allocator, a 'static const' object could outlive the arena
  // its memory comes from.
  if (Spec ? !hasStandardAllocator(*Spec) : !Holder)
    return std::nullopt;
  std::optional<ConstReferenceArgument> Call =
      asConstReferenceArgument(Temporary, Ctx);
  if (!Call)
    return std::nullopt;
  ConstantTemporaryArgument Facts;
  if (Spec) {
    Facts.Template = Spec->getSpecializedTemplate()->getName().str();
    Facts.IsString = Facts.Template == "basic_string";
  }
  Facts.Argument = Call->Args[Call->Index];
  // The declared type of the parameter, sugar kept: the fix-it spells it.
  Facts.Parameter = Call->Callee->getParamDecl(Call->Index)
                        ->getType()
                        .getNonReferenceType()
                        .getUnqualifiedType();
  if (!Ctx.hasSameUnqualifiedType(Facts.Parameter, Temporary.getType()))
    return std::nullopt;
  Facts.Call = std::move(*Call);

  const Expr *E = Temporary.getSubExpr();
  for (;;) {
    E = E->IgnoreParens();
    if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E))
      E = Bind->getSubExpr();
    else if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E)) {
      Facts.Spelled = true;
      E = Cast->getSubExpr();
    } else if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E))
      E = Cast->getSubExpr();
    else
      break;
  }
  Facts.Construction = dyn_cast<CXXConstructExpr>(E);
  if (!Facts.Construction)
    return std::nullopt;
  if (isa<CXXTemporaryObjectExpr>(Facts.Construction))
    Facts.Spelled = true;
  if (Holder)
    return holderFacts(std::move(Facts), Ctx);
  if (!isBuiltFromConstants(Facts.Construction, Ctx))
    return std::nullopt;
  Facts.Size = sizeBuilt(*Facts.Construction, Facts.IsString, Ctx);
  if (Facts.IsString)
    Facts.CharSize = Ctx.getTypeSizeInChars(charTypeOf(*Spec)).getQuantity();
  return Facts;
}

/// The name of parameter \p Index of \p Callee in any of its declarations.
static std::string parameterName(const FunctionDecl &Callee, unsigned Index) {
  for (const FunctionDecl *Redecl : Callee.redecls())
    if (Index < Redecl->getNumParams() &&
        !Redecl->getParamDecl(Index)->getName().empty())
      return Redecl->getParamDecl(Index)->getName().str();
  if (const FunctionDecl *Pattern = Callee.getTemplateInstantiationPattern())
    return parameterName(*Pattern, Index);
  return "";
}

/// Whether \p T names, anywhere in it, a typedef the code of another class
/// may not be allowed to name (a class's private or protected member type).
static bool namesHiddenTypedef(QualType T, const ASTContext &Ctx,
                               unsigned Depth = 0) {
  while (!T.isNull() && Depth < 32) {
    if (const auto *Typedef = dyn_cast<TypedefType>(T.getTypePtr()))
      if (isa<CXXRecordDecl>(Typedef->getDecl()->getDeclContext()) &&
          Typedef->getDecl()->getAccess() != AS_public)
        return true;
    if (const auto *Spec = dyn_cast<TemplateSpecializationType>(T.getTypePtr()))
      for (const TemplateArgument &Arg : Spec->template_arguments())
        if (Arg.getKind() == TemplateArgument::Type &&
            namesHiddenTypedef(Arg.getAsType(), Ctx, Depth + 1))
          return true;
    QualType Next = T.getSingleStepDesugaredType(Ctx);
    if (Next == T)
      break;
    T = Next;
    ++Depth;
  }
  return false;
}

/// How the fix-it spells \p T at any point of the program: every name
/// qualified; the canonical type when the written one names a hidden
/// member typedef.
static std::string spellType(QualType T, const ASTContext &Ctx) {
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = true;
  Policy.SuppressUnwrittenScope = true;
  if (namesHiddenTypedef(T, Ctx))
    T = T.getCanonicalType();
  return TypeName::getFullyQualifiedName(T, Ctx, Policy);
}

const Stmt *statementInBlock(const Expr &E, ASTContext &Ctx, std::string &Why) {
  DynTypedNode Node = DynTypedNode::create(E);
  for (;;) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty()) {
      Why = "the call is not in a block of statements";
      return nullptr;
    }
    const DynTypedNode &Parent = Parents[0];
    if (Parent.get<CompoundStmt>()) {
      const Stmt *S = Node.get<Stmt>();
      // A declaration before a label would be skipped by the jump to it.
      while (S) {
        if (const auto *Case = dyn_cast<SwitchCase>(S))
          S = Case->getSubStmt();
        else if (const auto *Label = dyn_cast<LabelStmt>(S))
          S = Label->getSubStmt();
        else
          break;
      }
      if (!S)
        Why = "the call is not in a block of statements";
      return S;
    }
    if (Parent.get<LambdaExpr>() || Parent.get<FunctionDecl>() ||
        Parent.get<CXXCtorInitializer>() || Parent.get<FieldDecl>() ||
        Parent.get<ParmVarDecl>()) {
      Why = "the call is not in a block of statements (a member "
            "initializer, a default argument or a lambda capture)";
      return nullptr;
    }
    if (const auto *S = Node.get<Stmt>();
        S && isa<SwitchCase, LabelStmt>(S) && !Parent.get<CompoundStmt>()) {
      Why = "a label between the call and its block could skip the "
            "declaration";
      return nullptr;
    }
    Node = Parent;
  }
}

/// A local that \p E refers to and that is declared at or after \p At (in
/// the statement itself), or null.
static const VarDecl *localDeclaredAfter(const Expr &E, SourceLocation At,
                                         const SourceManager &SM) {
  struct Finder : RecursiveASTVisitor<Finder> {
    SourceLocation At;
    const SourceManager *SM = nullptr;
    const VarDecl *Found = nullptr;
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
      if (!Found && Var && Var->getParentFunctionOrMethod() &&
          !SM->isBeforeInTranslationUnit(Var->getLocation(), At))
        Found = Var;
      return true;
    }
  } F;
  F.At = At;
  F.SM = &SM;
  F.TraverseStmt(const_cast<Expr *>(&E));
  return F.Found;
}

StaticArgumentPlan planStaticArgument(const ConstantTemporaryArgument &Facts,
                                      const FunctionDecl &Function,
                                      llvm::StringSet<> &Taken,
                                      ASTContext &Ctx) {
  StaticArgumentPlan Plan;
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LangOpts = Ctx.getLangOpts();
  if (!LangOpts.ThreadsafeStatics) {
    Plan.NoFix = "with -fno-threadsafe-statics a static local is not "
                 "initialised safely when threads call the function";
    return Plan;
  }
  Plan.ArgumentRange = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Facts.Argument->getSourceRange()), SM,
      LangOpts);
  if (Plan.ArgumentRange.isInvalid()) {
    Plan.NoFix = "the argument is written in a macro";
    return Plan;
  }
  const Stmt *Statement = statementInBlock(*Facts.Argument, Ctx, Plan.NoFix);
  if (!Statement)
    return Plan;
  Plan.InsertAt = Statement->getBeginLoc();
  if (Plan.InsertAt.isMacroID()) {
    Plan.NoFix = "the statement is written in a macro";
    return Plan;
  }
  if (const VarDecl *Local =
          localDeclaredAfter(*Facts.Argument, Plan.InsertAt, SM)) {
    Plan.NoFix = "'" + Local->getNameAsString() +
                 "' is declared in the statement, after the place of the "
                 "declaration";
    return Plan;
  }
  std::string Base = parameterName(*Facts.Call.Callee, Facts.Call.Index);
  if (Base.empty()) {
    Plan.NoFix = "the parameter has no name to give the object";
    return Plan;
  }
  Plan.Name = freeLocalName(Base, Function, Ctx, Taken);
  if (Plan.Name.empty()) {
    Plan.NoFix = "'" + Base + "' and its numbered variants are taken";
    return Plan;
  }
  Taken.insert(Plan.Name);
  std::string Argument =
      Lexer::getSourceText(Plan.ArgumentRange, SM, LangOpts).str();
  Plan.Declaration = "static const " + spellType(Facts.Parameter, Ctx) + " " +
                     Plan.Name + " = " + Argument + ";\n" +
                     indentationAt(Plan.InsertAt, SM);
  return Plan;
}

} // namespace alloc_tidy
