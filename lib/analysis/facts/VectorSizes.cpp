//===--- VectorSizes.cpp --------------------------------------------------===//

#include "lib/analysis/facts/VectorSizes.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/ConstructorArguments.h"
#include "lib/analysis/facts/TripCount.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace alloc_tidy {

unsigned writtenArgs(const CallExpr *Call) {
  unsigned N = 0;
  for (const Expr *Arg : Call->arguments())
    N += !isa<CXXDefaultArgExpr>(Arg);
  return N;
}

const InitListExpr *initializerList(const Expr *E) {
  const auto *List =
      dyn_cast<CXXStdInitializerListExpr>(E->IgnoreImplicit()->IgnoreParens());
  if (!List)
    return nullptr;
  return dyn_cast<InitListExpr>(List->getSubExpr()->IgnoreImplicit());
}

/// Whether a preprocessor directive stands between the braces of \p List
/// (an element under '#ifdef _WIN32'): how many elements it holds then
/// depends on the configuration built, not only on the one analysed.
static bool holdsDirective(const InitListExpr &List, const SourceManager &SM) {
  SourceLocation Begin = List.getLBraceLoc(), End = List.getRBraceLoc();
  if (Begin.isInvalid() || End.isInvalid() || Begin.isMacroID() ||
      End.isMacroID())
    return false;
  auto [BeginFile, BeginOffset] = SM.getDecomposedLoc(Begin);
  auto [EndFile, EndOffset] = SM.getDecomposedLoc(End);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(BeginFile, &Invalid);
  if (Invalid || BeginFile != EndFile || EndOffset < BeginOffset)
    return false;
  StringRef Text = Buffer.slice(BeginOffset, EndOffset);
  for (size_t Line = Text.find('\n'); Line != StringRef::npos;
       Line = Text.find('\n', Line + 1))
    if (Text.drop_front(Line + 1).ltrim(" \t").starts_with("#"))
      return true;
  return false;
}

std::optional<InitShape> shapeOf(const Expr *Init, const ASTContext &Ctx) {
  if (!Init)
    return std::nullopt;
  Init = Init->IgnoreImplicit()->IgnoreParens();
  if (const auto *Default = dyn_cast<CXXDefaultInitExpr>(Init))
    return shapeOf(Default->getExpr(), Ctx);
  if (const auto *Temp = dyn_cast<CXXFunctionalCastExpr>(Init))
    Init = Temp->getSubExpr()->IgnoreImplicit();
  const auto *Construct = dyn_cast<CXXConstructExpr>(Init);
  if (!Construct)
    return std::nullopt;
  InitShape Shape;
  Shape.Construct = Construct;
  const CXXConstructorDecl *Ctor = Construct->getConstructor();
  unsigned Args = 0;
  for (const Expr *Arg : Construct->arguments())
    Args += !isa<CXXDefaultArgExpr>(Arg);
  if (Ctor->isCopyOrMoveConstructor()) {
    Shape.Form = Ctor->isMoveConstructor() ? VectorConstruction::Move
                                           : VectorConstruction::Copy;
    return Shape;
  }
  if (Args == 0) {
    Shape.Size = 0;
    return Shape;
  }
  if (const InitListExpr *List = initializerList(Construct->getArg(0))) {
    if (holdsDirective(*List, Ctx.getSourceManager()))
      return std::nullopt;
    Shape.Form = VectorConstruction::InitializerList;
    Shape.List = List;
    Shape.Size = List->getNumInits();
    return Args == 1 ? std::optional(Shape) : std::nullopt;
  }
  const Expr *First = Construct->getArg(0);
  if (First->getType()->isIntegralOrEnumerationType()) {
    Shape.Form =
        Args == 1 ? VectorConstruction::Count : VectorConstruction::CountValue;
    Shape.Count = First;
    Shape.Size = evaluateCount(First, Ctx);
    return Args <= 2 ? std::optional(Shape) : std::nullopt;
  }
  Shape.Form = VectorConstruction::Range;
  return Shape;
}

SizeEffect sizeEffectOf(const ContainerUse &Use, const ASTContext &Ctx) {
  SizeEffect Effect;
  StringRef M = Use.Method;
  const auto *Call = dyn_cast_or_null<CallExpr>(Use.Site);
  unsigned Args = Call ? writtenArgs(Call) : 0;
  // Member calls list the arguments after the object; the operator form of
  // "v = {...}" has the object first.
  unsigned First = Call && isa<CXXOperatorCallExpr>(Call) ? 1 : 0;
  if (Call && isa<CXXOperatorCallExpr>(Call))
    --Args;
  auto Arg = [&](unsigned I) { return Call->getArg(First + I); };
  if (M == "push_back" || M == "emplace_back" || M == "emplace") {
    Effect.Kind = SizeEffect::Append;
    Effect.N = 1;
  } else if (M == "insert") {
    Effect.Kind = SizeEffect::Append;
    if (Args == 2) {
      if (const InitListExpr *List = initializerList(Arg(1)))
        Effect.N = List->getNumInits();
      else
        Effect.N = 1;
    } else if (Args == 3 && Arg(1)->getType()->isIntegralOrEnumerationType()) {
      Effect.N = evaluateCount(Arg(1), Ctx);
      Effect.Count = Arg(1);
    } else {
      Effect.Kind = SizeEffect::FromInput;
    }
  } else if (M == "resize" || M == "assign") {
    Effect.Kind = SizeEffect::SetSize;
    if (Args >= 1 && Call) {
      if (const InitListExpr *List = initializerList(Arg(0))) {
        Effect.N = List->getNumInits();
      } else if (Arg(0)->getType()->isIntegralOrEnumerationType() &&
                 (M == "resize" || Args == 2)) {
        Effect.N = evaluateCount(Arg(0), Ctx);
        Effect.Count = Arg(0);
      } else {
        Effect.Kind = SizeEffect::FromInput;
      }
    } else {
      Effect.Kind = SizeEffect::FromInput;
    }
  } else if (M == "reserve") {
    Effect.Kind = SizeEffect::Reserve;
  } else if (M == "pop_back" || M == "erase" || M == "clear" ||
             M == "shrink_to_fit") {
    Effect.Kind = SizeEffect::Shrink;
  }
  return Effect;
}

bool isArrayMember(StringRef M) {
  static const llvm::StringSet<> Members = {
      "at",         "front", "back", "data",     "begin",   "cbegin",
      "operator[]", "end",   "cend", "rbegin",   "crbegin", "rend",
      "crend",      "empty", "size", "max_size", "ssize"};
  return Members.contains(M);
}

Placement placementOf(const Stmt *Site, const Stmt *Scope, ASTContext &Ctx) {
  Placement Where;
  DynTypedNode Child = DynTypedNode::create(*Site);
  while (true) {
    DynTypedNode Parent = parentOf(Child, Ctx);
    const Stmt *P = Parent.get<Stmt>();
    if (!P || P == Scope)
      break;
    const Stmt *C = Child.get<Stmt>();
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(P)) {
      // The init of a for loop and a range-for's range run once.
      bool InBody = true;
      if (const auto *For = dyn_cast<ForStmt>(P))
        InBody = C != For->getInit();
      if (const auto *Range = dyn_cast<CXXForRangeStmt>(P))
        InBody = C != Range->getRangeInit() && C != Range->getInit() &&
                 C != Range->getRangeStmt();
      if (InBody)
        Where.Loops.push_back(P);
    } else if (const auto *If = dyn_cast<IfStmt>(P)) {
      Where.Conditional |= C != If->getCond() && C != If->getInit() &&
                           C != If->getConditionVariableDeclStmt();
    } else if (isa<SwitchCase, SwitchStmt>(P)) {
      Where.Conditional |=
          !isa<SwitchStmt>(P) || C != cast<SwitchStmt>(P)->getCond();
    } else if (const auto *Cond = dyn_cast<AbstractConditionalOperator>(P)) {
      Where.Conditional |= C != Cond->getCond();
    } else if (const auto *Op = dyn_cast<BinaryOperator>(P);
               Op && Op->isLogicalOp()) {
      Where.Conditional |= C == Op->getRHS();
    }
    Child = Parent;
  }
  return Where;
}

void noteMembersUsed(const ContainerUse &Use, llvm::StringSet<> &Members) {
  if (Use.Kind == UseKind::Subscript) {
    Members.insert("operator[]");
  } else {
    Members.insert("begin");
    Members.insert("end");
  }
}

bool hasImplicitDefaultInit(QualType Element) {
  const CXXRecordDecl *Record = Element->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition())
    return true;
  return llvm::none_of(Record->ctors(), [](const CXXConstructorDecl *Ctor) {
    return Ctor->isDefaultConstructor() && Ctor->isExplicit();
  });
}

std::string whyNotFollowed(const ContainerUse &Use) {
  switch (Use.Kind) {
  case UseKind::PassedToFixedType:
    // The callee needs a std::vector: one would have to be built for it.
    return "passed to a function that takes a std::vector";
  case UseKind::Captured:
    return "captured by a lambda";
  case UseKind::PassedToTemplate:
    return "passed to a template";
  default:
    return Use.Why;
  }
}

std::optional<std::string>
followOtherUse(const ContainerUse &Use, const FieldDecl *Field,
               llvm::StringSet<> &Members,
               llvm::SmallVectorImpl<VectorConstruction> &Constructions) {
  switch (Use.Kind) {
  case UseKind::Call:
    return std::nullopt;
  case UseKind::Subscript:
  case UseKind::RangeFor:
    noteMembersUsed(Use, Members);
    return std::nullopt;
  case UseKind::Linked:
    // Copied between two objects of the class: both change together.
    if (Field && Use.Other == Field) {
      Constructions.push_back(VectorConstruction::Copy);
      return std::nullopt;
    }
    return std::string("assigned to or from another container");
  case UseKind::PassedToFixedType:
  case UseKind::Captured:
  case UseKind::PassedToTemplate:
  case UseKind::Unknown:
    break;
  }
  return whyNotFollowed(Use);
}

const CXXConstructorDecl *
constructorDefinition(const CXXConstructorDecl *Declared) {
  const FunctionDecl *Definition = nullptr;
  if (!Declared->isDefined(Definition) && !Declared->isDefaulted())
    return nullptr;
  return Definition ? cast<CXXConstructorDecl>(Definition) : Declared;
}

std::optional<uint64_t> timesRun(const Placement &Where, ASTContext &Ctx) {
  uint64_t Times = 1;
  for (const Stmt *Loop : Where.Loops) {
    std::optional<TripCount> Count = computeTripCount(Loop, Ctx);
    if (!Count || !Count->Value)
      return std::nullopt;
    Times *= *Count->Value;
  }
  return Times;
}

std::string describeCtor(const CXXConstructorDecl *Ctor,
                         const PrintingPolicy &Policy) {
  std::string Text = Ctor->getParent()->getNameAsString() + "(";
  for (unsigned I = 0; I < Ctor->getNumParams(); ++I) {
    if (I)
      Text += ", ";
    Text += Ctor->getParamDecl(I)->getType().getAsString(Policy);
  }
  return Text + ")";
}

} // namespace alloc_tidy
