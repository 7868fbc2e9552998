//===--- VectorBound.cpp --------------------------------------------------===//

#include "lib/analysis/decisions/VectorBound.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/ConstructorArguments.h"
#include "lib/analysis/facts/ElementRefs.h"
#include "lib/analysis/facts/MemberFacts.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include <utility>

using namespace clang;

namespace alloc_tidy {

std::optional<std::string> whyDeclarationIgnored(const ValueDecl &D,
                                                 const SourceManager &SM) {
  SourceLocation Loc = D.getLocation();
  if (Loc.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
    return "system header";
  if (D.getLocation().isMacroID() || D.getBeginLoc().isMacroID())
    return "declared by a macro";
  if (D.getDeclContext()->isDependentContext() || D.isTemplated())
    return "template";
  if (const auto *Var = dyn_cast<VarDecl>(&D)) {
    if (const auto *F = dyn_cast<FunctionDecl>(Var->getDeclContext());
        F && (F->isTemplateInstantiation() || F->isDependentContext()))
      return "in a template";
    if (Var->isStaticLocal() || Var->getTLSKind() != VarDecl::TLS_None)
      return "static";
  }
  if (const auto *Field = dyn_cast<FieldDecl>(&D)) {
    const auto *Record = dyn_cast<CXXRecordDecl>(Field->getParent());
    if (!Record || Record->isLambda() || Record->isUnion() ||
        isa<ClassTemplateSpecializationDecl>(Record) ||
        Record->isDependentContext() ||
        Record->getTemplateInstantiationPattern())
      return "member of a template, union or lambda";
  }
  return std::nullopt;
}

/// Whether an object of type \p T holds one of \p Record, by value: it is
/// \p Record, or a base, a member or an array element of it is.
static bool holdsRecordByValue(QualType T, const RecordDecl *Record,
                               unsigned Depth = 0) {
  const auto *R = dyn_cast_or_null<CXXRecordDecl>(
      T.isNull() ? nullptr : T->getBaseElementTypeUnsafe()->getAsRecordDecl());
  if (!R || Depth > 8)
    return false;
  if (R->getCanonicalDecl() == Record->getCanonicalDecl())
    return true;
  if (!R->hasDefinition())
    return false;
  for (const CXXBaseSpecifier &Base : R->bases())
    if (holdsRecordByValue(Base.getType(), Record, Depth + 1))
      return true;
  for (const FieldDecl *Member : R->fields())
    if (holdsRecordByValue(Member->getType(), Record, Depth + 1))
      return true;
  return false;
}

std::optional<std::string> whyTypeIgnored(const ValueDecl &D,
                                          QualType &Element) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      D.getType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getTemplateArgs().size() < 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return "not a specialization";
  Element = Spec->getTemplateArgs()[0].getAsType();
  if (Element.isNull() || Element->isDependentType() ||
      Element->isIncompleteType() || Element->isBooleanType())
    return "element type";
  // An element that holds the member's own class by value: inline elements
  // would make the class contain itself (RegEx holding a vector of RegEx).
  if (const auto *Field = dyn_cast<FieldDecl>(&D);
      Field && holdsRecordByValue(Element, Field->getParent()))
    return "element type holds the class itself";
  // A custom allocator would be lost by the replacement.
  if (Spec->getTemplateArgs().size() > 1) {
    const TemplateArgument &Alloc = Spec->getTemplateArgs()[1];
    const CXXRecordDecl *AllocRecord =
        Alloc.getKind() == TemplateArgument::Type
            ? Alloc.getAsType()->getAsCXXRecordDecl()
            : nullptr;
    if (!AllocRecord || (AllocRecord->getName() != "allocator" &&
                         AllocRecord->getName() != "new_allocator"))
      return "custom allocator";
  }
  return std::nullopt;
}

VectorBound boundOfLocal(const VarDecl &Var, QualType Element,
                         ArrayRef<ContainerUse> Uses,
                         const InlineLimits &Limits, ASTContext &Ctx) {
  VectorBound B;
  auto Silence = [&](StringRef Why) {
    B.Silence = Why.str();
    return B;
  };
  auto Unbounded = [&](StringRef Why) {
    B.Silence = Why.str();
    B.SizeUnknown = true;
    return B;
  };

  B.Init = shapeOf(Var.getInit(), Ctx);
  if (!B.Init)
    return Silence("initialised from something the analysis does not follow");
  if (!B.Init->Size)
    return Unbounded("initialised with a size that is not a constant");
  B.Constructions.push_back(B.Init->Form);
  if (*B.Init->Size > 0)
    B.Notes.push_back({Var.getLocation(),
                       "constructed with " + std::to_string(*B.Init->Size) +
                           (*B.Init->Size == 1 ? " element" : " elements")});

  // The statement that holds the declaration bounds where uses can be.
  DynTypedNode DeclStmtNode = parentOf(DynTypedNode::create(Var), Ctx);
  const Stmt *Declaration = DeclStmtNode.get<Stmt>();
  const Stmt *Scope =
      Declaration ? parentOf(DeclStmtNode, Ctx).get<Stmt>() : nullptr;
  // In a for-init or a condition, the statement's own loop would run the
  // appends of its body many times over a single declaration.
  if (!Declaration || !Scope || !isa<CompoundStmt>(Scope))
    return Silence("declared where the analysis cannot follow");
  B.DeclLoop = enclosingLoop(Declaration, Ctx);

  uint64_t Appended = 0, SetTo = 0;
  bool Changes = false;
  for (const ContainerUse &Use : Uses) {
    switch (Use.Kind) {
    case UseKind::Call: {
      B.Members.insert(Use.Method);
      SizeEffect Effect = sizeEffectOf(Use, Ctx);
      if (Effect.Kind == SizeEffect::Read) {
        Changes |= !isArrayMember(Use.Method);
        break;
      }
      Changes = true;
      if (Effect.Kind == SizeEffect::FromInput)
        return Unbounded("filled from input");
      if (Effect.Kind == SizeEffect::Reserve)
        B.OnlyAppends = false;
      if (Effect.Kind != SizeEffect::Append &&
          Effect.Kind != SizeEffect::SetSize)
        break;
      if (!Effect.N)
        return Unbounded("grown by a count that is not a constant");
      Placement Where = placementOf(Use.Site, Scope, Ctx);
      std::optional<uint64_t> Times = timesRun(Where, Ctx);
      if (!Times)
        return Unbounded("grown in a loop of unknown count");
      std::string Text;
      if (Effect.Kind == SizeEffect::Append) {
        if (*Effect.N != 1)
          B.OnlyAppends = false;
        Appended += *Effect.N * *Times;
        Text = (Where.Conditional ? "may add " : "adds ") +
               std::to_string(*Effect.N * *Times) +
               (*Effect.N * *Times == 1 ? " element" : " elements");
        if (*Times != 1)
          Text += " (" + std::to_string(*Effect.N) + " per iteration of " +
                  (Where.Loops.size() == 1 ? "a loop that runs "
                                           : "loops that run ") +
                  std::to_string(*Times) + " times)";
      } else {
        B.OnlyAppends = false;
        SetTo = std::max(SetTo, *Effect.N);
        Text = "sets the size to " + std::to_string(*Effect.N);
      }
      B.Notes.push_back({Use.Site->getBeginLoc(), std::move(Text)});
      break;
    }
    default:
      if (std::optional<std::string> Why =
              followOtherUse(Use, nullptr, B.Members, B.Constructions))
        return Silence(*Why);
      break;
    }
  }
  B.Capacity = std::max(*B.Init->Size, SetTo) + Appended;
  if (B.Capacity == 0)
    return Silence("never holds an element");
  if (B.Capacity * Ctx.getTypeSizeInChars(Element).getQuantity() >
      Limits.MaxBytes)
    return Unbounded("too large for an inline buffer");
  B.UseArray = !Changes && B.Capacity == *B.Init->Size &&
               (B.Init->Form == VectorConstruction::InitializerList ||
                (B.Init->Form == VectorConstruction::Count &&
                 hasImplicitDefaultInit(Element)));
  if (*B.Init->Size != 0)
    B.OnlyAppends = false;
  return B;
}

VectorBound boundOfMember(const FieldDecl &Field, QualType Element,
                          ArrayRef<ContainerUse> Uses,
                          const InlineLimits &Limits,
                          llvm::function_ref<ConstructorArguments &()> Calls,
                          ASTContext &Ctx) {
  const auto *Record = cast<CXXRecordDecl>(Field.getParent());
  const PrintingPolicy &Policy = Ctx.getPrintingPolicy();
  VectorBound B;
  auto Silence = [&](StringRef Why) {
    B.Silence = Why.str();
    return B;
  };
  auto Unbounded = [&](StringRef Why) {
    B.Silence = Why.str();
    B.SizeUnknown = true;
    return B;
  };
  if (Record->isAggregate())
    return Silence("aggregate initialisation can give it any size");

  auto IsOwnCtor = [&](const FunctionDecl *F) {
    const auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(F);
    return Ctor && Ctor->getParent() == Record &&
           !Ctor->isCopyOrMoveConstructor();
  };
  // Uses outside the constructors: reads, or growth under a condition.
  for (const ContainerUse &Use : Uses) {
    switch (Use.Kind) {
    case UseKind::Call: {
      B.Members.insert(Use.Method);
      if (IsOwnCtor(Use.Function))
        break;
      SizeEffect Effect = sizeEffectOf(Use, Ctx);
      if (Effect.Kind == SizeEffect::FromInput ||
          (Effect.Kind == SizeEffect::SetSize && !Effect.N))
        return Unbounded("filled from input");
      if (Effect.Kind != SizeEffect::Append &&
          Effect.Kind != SizeEffect::SetSize)
        break;
      const Stmt *Body = Use.Function ? Use.Function->getBody() : nullptr;
      Placement Where = placementOf(Use.Site, Body, Ctx);
      if (!Where.Loops.empty())
        return Unbounded("grown in a loop");
      if (!Where.Conditional)
        return Unbounded("grown unconditionally");
      if (!B.ConditionalGrowth)
        B.ConditionalGrowth = Use.Site;
      break;
    }
    default:
      if (std::optional<std::string> Why =
              followOtherUse(Use, &Field, B.Members, B.Constructions))
        return Silence(*Why);
      break;
    }
  }

  // What each constructor gives it.
  bool FromArgument = false;
  auto SizeOfInit = [&](const Expr *Init, const CXXConstructorDecl *Ctor,
                        SourceLocation Where) -> std::optional<uint64_t> {
    std::optional<InitShape> Shape = shapeOf(Init, Ctx);
    if (!Shape || Shape->Form == VectorConstruction::Copy ||
        Shape->Form == VectorConstruction::Move) {
      Silence("initialised from another vector");
      return std::nullopt;
    }
    if (Shape->Form == VectorConstruction::Range) {
      Unbounded("filled from input");
      return std::nullopt;
    }
    B.Constructions.push_back(Shape->Form);
    if (Shape->Size)
      return Shape->Size;
    std::string Why;
    std::optional<uint64_t> Size;
    if (Ctor && Shape->Count) {
      const auto *Ref =
          dyn_cast<DeclRefExpr>(Shape->Count->IgnoreParenImpCasts());
      const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
      if (Param && Param->getDeclContext() == Ctor) {
        Size =
            Calls().constantArgument(Ctor, Param->getFunctionScopeIndex(), Why);
        if (Size) {
          B.SizedByArgument = FromArgument = true;
          B.Notes.push_back(
              {Where, "every construction of '" + Record->getNameAsString() +
                          "' passes " + std::to_string(*Size) + " for '" +
                          Param->getNameAsString() + "'"});
        }
      }
    }
    if (!Size)
      Unbounded("sized at run time");
    return Size;
  };

  uint64_t Capacity = 0;
  unsigned Counted = 0;
  bool Elsewhere = false;
  for (const CXXConstructorDecl *Declared : Record->ctors()) {
    if (Declared->isCopyOrMoveConstructor() || Declared->isDeleted() ||
        (Declared->isImplicit() && !Declared->isUsed()))
      continue;
    // Another unit defines it and decides what it needs (decideMember).
    const CXXConstructorDecl *Ctor = constructorDefinition(Declared);
    if (!Ctor) {
      Elsewhere = true;
      continue;
    }
    ++Counted;
    // A delegating constructor adds its body to its target's work.
    const CXXConstructorDecl *Initializing = Ctor;
    for (int Hops = 0; Initializing->isDelegatingConstructor() && Hops < 8;
         ++Hops) {
      const CXXConstructorDecl *Target = Initializing->getTargetConstructor();
      const FunctionDecl *TargetDef = nullptr;
      if (!Target || !Target->isDefined(TargetDef))
        return Silence("delegates to a constructor defined elsewhere");
      Initializing = cast<CXXConstructorDecl>(TargetDef);
    }
    const Expr *Init = nullptr;
    FromArgument = false;
    SourceLocation Where = Ctor->getLocation();
    for (const CXXCtorInitializer *Given : Initializing->inits())
      if (Given->getMember() == &Field) {
        Init = Given->getInit();
        if (Given->isWritten())
          Where = Given->getSourceLocation();
      }
    if (!Init && Field.hasInClassInitializer())
      Init = Field.getInClassInitializer();
    std::optional<uint64_t> Size = Init ? SizeOfInit(Init, Initializing, Where)
                                        : std::optional<uint64_t>(0);
    if (!Size)
      return B;
    // Unconditional growth in the constructors' bodies.
    for (const ContainerUse &Use : Uses) {
      if (Use.Kind != UseKind::Call ||
          (Use.Function != Ctor && Use.Function != Initializing))
        continue;
      SizeEffect Effect = sizeEffectOf(Use, Ctx);
      if (Effect.Kind == SizeEffect::FromInput)
        return Unbounded("filled from input");
      if (Effect.Kind != SizeEffect::Append &&
          Effect.Kind != SizeEffect::SetSize)
        continue;
      Placement Place = placementOf(Use.Site, Use.Function->getBody(), Ctx);
      std::optional<uint64_t> Times = timesRun(Place, Ctx);
      if (!Times)
        return Unbounded("grown in a loop of unknown count");
      if (Place.Conditional)
        continue;
      if (!Effect.N)
        return Unbounded("sized at run time");
      if (Effect.Kind == SizeEffect::Append)
        *Size += *Effect.N * *Times;
      else
        *Size = std::max(*Size, *Effect.N);
    }
    if (*Size == 0)
      return Unbounded("a constructor leaves it empty");
    if (!FromArgument)
      B.Notes.push_back({Where, (Ctor->isImplicit() || Ctor->isDefaulted()
                                     ? std::string("the default constructor")
                                     : "'" + describeCtor(Ctor, Policy) + "'") +
                                    " gives it " + std::to_string(*Size) +
                                    (*Size == 1 ? " element" : " elements")});
    Capacity = std::max(Capacity, *Size);
  }
  if (Counted == 0 && Elsewhere)
    return B;
  if (Counted == 0) {
    // Only the implicit default constructor, which no code here uses.
    if (!Field.hasInClassInitializer())
      return Unbounded("no constructor fills it");
    std::optional<uint64_t> Size =
        SizeOfInit(Field.getInClassInitializer(), nullptr, Field.getLocation());
    if (!Size)
      return B;
    if (*Size == 0)
      return Unbounded("no constructor fills it");
    B.Notes.push_back(
        {Field.getLocation(), "its default member initializer gives it " +
                                  std::to_string(*Size) +
                                  (*Size == 1 ? " element" : " elements")});
    Capacity = *Size;
  }
  B.Capacity = Capacity;
  if (!B.SizedByArgument && Capacity > Limits.MaxElements)
    return Unbounded("more elements than MaxInlineElements");
  if (Capacity * Ctx.getTypeSizeInChars(Element).getQuantity() >
      Limits.MaxBytes)
    return Unbounded("too large for an inline buffer");
  B.OnlyAppends = false;
  return B;
}

std::optional<std::string> inlineElementsEscape(const FieldDecl &Field,
                                                ArrayRef<ContainerUse> Uses,
                                                ASTContext &Ctx) {
  // Growth that reallocates is the same for both; only a move of the owner
  // differs, so a reference held in a local across a call does not count.
  std::vector<ElementEscape> Escapes =
      elementEscapes(Uses, /*Owner=*/nullptr, Ctx);
  if (Escapes.empty())
    return std::nullopt;
  const ElementEscape &First = Escapes.front();
  MemberEscape Escape{describeEscape(First.Route),
                      codePlaceOf(First.At->getBeginLoc(), First.Function,
                                  Ctx.getSourceManager())};
  return Escape.text() + "; an inline buffer moves its elements with the '" +
         Field.getParent()->getNameAsString() +
         "' that holds it, and the reference would not survive a move";
}

std::vector<TextEdit> arrayInitializerEdits(const InitShape &Init) {
  std::vector<TextEdit> Edits;
  if (Init.Form == VectorConstruction::Count && Init.Construct) {
    SourceRange Parens = Init.Construct->getParenOrBraceRange();
    if (Parens.isValid())
      Edits.push_back({CharSourceRange::getTokenRange(Parens), "{}"});
  }
  if (Init.List && llvm::any_of(Init.List->inits(), [](const Expr *E) {
        return isa<InitListExpr>(E->IgnoreImplicit());
      })) {
    SourceLocation Inside = Init.List->getLBraceLoc().getLocWithOffset(1);
    Edits.push_back({CharSourceRange::getCharRange(Inside, Inside), "{"});
    SourceLocation Close = Init.List->getRBraceLoc();
    Edits.push_back({CharSourceRange::getCharRange(Close, Close), "}"});
  }
  return Edits;
}

} // namespace alloc_tidy
