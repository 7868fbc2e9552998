//===--- TableLookups.cpp - how code looks up a constant table -----------===//

#include "lib/analysis/facts/TableLookups.h"
#include "lib/analysis/ast/AstWalk.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace alloc_tidy {

namespace {

/// The node above \p E, with \p E moved up past what passes the same value
/// on: parentheses, temporaries, full expressions, no-op casts, and the copy
/// or conversion of an iterator (C++11 copies the one a call returns).
DynTypedNode valueParent(const Expr *&E, ASTContext &Ctx) {
  while (true) {
    DynTypedNode Parent = parentOf(DynTypedNode::create(*E), Ctx);
    const auto *P = Parent.get<Expr>();
    if (!P)
      return Parent;
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(P);
        Cast && Cast->getCastKind() == CK_ConstructorConversion) {
      E = P;
      continue;
    }
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(P);
        Construct && !isa<CXXTemporaryObjectExpr>(Construct) &&
        Construct->getNumArgs() == 1) {
      E = P;
      continue;
    }
    if (!isTransparent(P, Transparency::Object))
      return Parent;
    E = P;
  }
}

/// The call 'T.end()' or 'T.cend()' that \p E is, past a conversion to a
/// const_iterator; null for anything else.
const CXXMemberCallExpr *endCall(const Expr *E) {
  E = stripTransparent(E);
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E);
      Construct && Construct->getNumArgs() == 1)
    E = stripTransparent(Construct->getArg(0));
  const auto *Call = dyn_cast<CXXMemberCallExpr>(E);
  const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
  if (!Method || !Method->getIdentifier() ||
      !llvm::is_contained({"end", "cend"}, Method->getName()))
    return nullptr;
  return Call;
}

/// The table that \p E, 'T.end()' or 'T.cend()', is the end of.
const ValueDecl *endOf(const Expr *E) {
  const CXXMemberCallExpr *Call = endCall(E);
  const auto *Ref =
      Call ? dyn_cast<DeclRefExpr>(
                 Call->getImplicitObjectArgument()->IgnoreParenImpCasts())
           : nullptr;
  return Ref ? cast<ValueDecl>(Ref->getDecl()->getCanonicalDecl()) : nullptr;
}

/// 'X == Y' or 'X != Y' around \p Operand (moved up to the comparison's
/// operand), with the other operand; C++20 rewrites '!=' into '!(==)'.
struct Comparison {
  const Expr *Whole = nullptr;
  const Expr *Other = nullptr;
  bool Equal = false;
};

Comparison comparisonAround(const Expr *Operand, ASTContext &Ctx) {
  Comparison C;
  DynTypedNode Parent = valueParent(Operand, Ctx);
  const auto *Op = Parent.get<CXXOperatorCallExpr>();
  if (!Op || Op->getNumArgs() != 2 ||
      (Op->getOperator() != OO_EqualEqual &&
       Op->getOperator() != OO_ExclaimEqual))
    return C;
  C.Whole = Op;
  C.Equal = Op->getOperator() == OO_EqualEqual;
  C.Other = Op->getArg(0)->IgnoreImplicit() == Operand->IgnoreImplicit()
                ? Op->getArg(1)
                : Op->getArg(0);
  const Expr *Up = Op;
  DynTypedNode Above = valueParent(Up, Ctx);
  if (const auto *Not = Above.get<UnaryOperator>();
      Not && Not->getOpcode() == UO_LNot) {
    Up = Not;
    Above = valueParent(Up, Ctx);
  }
  if (const auto *Rewritten = Above.get<CXXRewrittenBinaryOperator>()) {
    C.Whole = Rewritten;
    C.Equal = Rewritten->getOpcode() == BO_EQ;
  }
  return C;
}

/// The body of the function or lambda that declares \p Var.
const Stmt *enclosingBody(const VarDecl &Var, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(Var);
  for (unsigned Depth = 0; Depth < 256; ++Depth) {
    Node = parentOf(Node, Ctx);
    if (Node.get<TranslationUnitDecl>() || Node.get<NamespaceDecl>())
      return nullptr;
    if (const auto *F = Node.get<FunctionDecl>())
      return F->getBody();
    if (const auto *L = Node.get<LambdaExpr>())
      return L->getBody();
    if (Node.getNodeKind().isNone())
      return nullptr;
  }
  return nullptr;
}

class Classifier {
public:
  Classifier(const ValueDecl *Table, bool Keyed, bool KeyChangesType,
             bool Ordered, ASTContext &Ctx)
      : Table(Table), Keyed(Keyed), KeyChangesType(KeyChangesType),
        Ordered(Ordered), Ctx(Ctx) {}

  void classify(const Expr *Ref);
  TableLookups finish(llvm::ArrayRef<const Expr *> Refs);

private:
  void unsupported(llvm::StringRef What, SourceLocation At) {
    if (Out.Unsupported.empty()) {
      Out.Unsupported = What.str();
      Out.UnsupportedAt = At;
    }
  }
  /// \p E is a map's iterator from 'T.find(K)': its uses must be those a
  /// pointer to a constant element allows.
  bool iteratorUse(const Expr *E);
  bool readsMember(const Expr *Member);
  void lookup(TableLookup::Kind Kind, SourceRange Range,
              const CXXMemberCallExpr &Call, const DeclRefExpr &Ref,
              bool Negated = false);

  const ValueDecl *Table;
  bool Keyed;
  bool KeyChangesType;
  bool Ordered;
  ASTContext &Ctx;
  TableLookups Out;
  /// The 'T.end()' calls met, and those compared with a lookup's result.
  std::vector<const Expr *> Ends;
  llvm::DenseSet<const Expr *> AcceptedEnds;
};

void Classifier::lookup(TableLookup::Kind Kind, SourceRange Range,
                        const CXXMemberCallExpr &Call, const DeclRefExpr &Ref,
                        bool Negated) {
  TableLookup L;
  L.What = Kind;
  L.Range = Range;
  L.Key = Call.getArg(0)->getSourceRange();
  L.Negated = Negated;
  if (NestedNameSpecifierLoc Qualifier = Ref.getQualifierLoc())
    L.Qualifier = sourceText(Qualifier.getSourceRange(), Ctx);
  Out.Lookups.push_back(std::move(L));
}

/// Whether parameter \p Index of \p Callee takes a copy or a const
/// reference.
bool takesWithoutChanging(const FunctionDecl *Callee, unsigned Index) {
  if (!Callee || Index >= Callee->getNumParams())
    return false;
  QualType T = Callee->getParamDecl(Index)->getType();
  return !T->isReferenceType() || T->getPointeeType().isConstQualified();
}

bool Classifier::readsMember(const Expr *Member) {
  const auto *M = dyn_cast<MemberExpr>(Member);
  if (!M || !M->getMemberDecl()->getIdentifier() ||
      !llvm::is_contained({"first", "second"}, M->getMemberDecl()->getName()))
    return false;
  // A std::string key becomes a std::string_view, which has other members.
  if (KeyChangesType && M->getMemberDecl()->getName() == "first")
    return false;
  if (M->getType().isConstQualified())
    return true;
  // Through parentheses and either branch of a conditional, to what takes
  // the value.
  const Expr *Child = M;
  DynTypedNode Parent = parentOf(DynTypedNode::create(*M), Ctx);
  while (const auto *P = Parent.get<Expr>()) {
    if (!isa<ParenExpr, ConditionalOperator>(P) &&
        !(isa<ImplicitCastExpr>(P) &&
          cast<ImplicitCastExpr>(P)->getCastKind() == CK_NoOp))
      break;
    if (const auto *Cond = dyn_cast<ConditionalOperator>(P);
        Cond && Cond->getCond()->IgnoreParenImpCasts() == Child)
      return true;
    Child = P;
    Parent = parentOf(Parent, Ctx);
  }
  if (const auto *Cast = Parent.get<ImplicitCastExpr>())
    return Cast->getCastKind() == CK_LValueToRValue;
  if (const auto *Bound = Parent.get<VarDecl>())
    return !Bound->getType()->isReferenceType() ||
           Bound->getType()->getPointeeType().isConstQualified();
  if (const auto *Call = Parent.get<CallExpr>()) {
    std::vector<const Expr *> Args(Call->arg_begin(), Call->arg_end());
    if (takesWithoutChanging(Call->getDirectCallee(),
                             argumentIndex(Args, Child)))
      return true;
  }
  // Assigned, incremented, its address taken, bound to a reference that
  // can change it: the table is not constant after all.
  if (const auto *Op = Parent.get<BinaryOperator>())
    Out.WritesElement =
        Out.WritesElement || (Op->isAssignmentOp() && Op->getLHS() == Child);
  else if (const auto *Op = Parent.get<UnaryOperator>())
    Out.WritesElement = Out.WritesElement || Op->isIncrementDecrementOp() ||
                        Op->getOpcode() == UO_AddrOf;
  else if (Parent.get<VarDecl>() || Parent.get<CallExpr>())
    Out.WritesElement = true;
  return false;
}

bool Classifier::iteratorUse(const Expr *E) {
  Comparison C = comparisonAround(E, Ctx);
  if (C.Whole) {
    if (endOf(C.Other) != Table)
      return false;
    AcceptedEnds.insert(endCall(C.Other));
    Out.Ends.push_back(C.Other->getSourceRange());
    return true;
  }
  const Expr *Operand = E;
  DynTypedNode Parent = valueParent(Operand, Ctx);
  if (const auto *Op = Parent.get<CXXOperatorCallExpr>();
      Op && (Op->getOperator() == OO_Arrow || Op->getOperator() == OO_Star) &&
      Op->getNumArgs() == 1) {
    DynTypedNode Above = parentOf(DynTypedNode::create(*Op), Ctx);
    const auto *Paren = Above.get<ParenExpr>();
    if (Paren)
      Above = parentOf(DynTypedNode::create(*Paren), Ctx);
    const auto *Member = Above.get<MemberExpr>();
    return Member && readsMember(Member);
  }
  return false;
}

void Classifier::classify(const Expr *RefExpr) {
  const auto *Ref = dyn_cast<DeclRefExpr>(RefExpr);
  SourceLocation At = RefExpr->getExprLoc();
  if (!Ref || At.isMacroID())
    return unsupported("names it in a macro", At);
  const Expr *Child = Ref;
  DynTypedNode Parent = meaningfulParent(Ref, Ctx, Child, Transparency::Object);
  if (const CXXForRangeStmt *For = rangeForOver(Parent, Ctx)) {
    // The sorted array iterates in the order of an ordered container, and
    // a loop variable of a deduced type takes its elements as they are.
    const VarDecl *Loop = For->getLoopVariable();
    const TypeSourceInfo *Written = Loop ? Loop->getTypeSourceInfo() : nullptr;
    bool Deduced = isa_and_nonnull<DecompositionDecl>(Loop) ||
                   (Written && Written->getType()->getContainedAutoType());
    if (Ordered && !KeyChangesType && Deduced) {
      Out.Iterates = true;
      return;
    }
    return unsupported(Ordered ? "iterates it into a variable of the "
                                 "container's element type"
                               : "iterates it, in an order that a sorted "
                                 "array would change",
                       At);
  }
  const auto *Member = Parent.get<MemberExpr>();
  const auto *Method =
      Member ? dyn_cast<CXXMethodDecl>(Member->getMemberDecl()) : nullptr;
  const Expr *CallChild = Member;
  const auto *Call =
      Member ? meaningfulParent(Member, Ctx, CallChild, Transparency::Object)
                   .get<CXXMemberCallExpr>()
             : nullptr;
  if (!Method || !Call || !Method->getIdentifier())
    return unsupported("uses it other than to look a key up", At);
  StringRef Name = Method->getName();
  if (Name == "end" || Name == "cend") {
    Ends.push_back(Call);
    return;
  }
  if (Call->getNumArgs() != 1 ||
      !llvm::is_contained({"find", "count", "contains"}, Name))
    return unsupported(("calls its '" + Name + "'").str(), At);
  if (Call->getBeginLoc().isMacroID() || Call->getEndLoc().isMacroID())
    return unsupported("looks it up in a macro", At);
  if (Name != "find") {
    // 'T.count(K) != 0' and 'T.count(K) == 0' become one comparison.
    const Expr *Count = Call;
    const auto *Op = valueParent(Count, Ctx).get<BinaryOperator>();
    const auto *Zero =
        Op ? dyn_cast<IntegerLiteral>(Op->getRHS()->IgnoreImpCasts()) : nullptr;
    if (Zero && Zero->getValue() == 0 &&
        Op->getLHS()->IgnoreImpCasts() == Count->IgnoreImpCasts() &&
        Op->isEqualityOp() && !Op->getBeginLoc().isMacroID() &&
        !Op->getEndLoc().isMacroID()) {
      lookup(TableLookup::Membership, Op->getSourceRange(), *Call, *Ref,
             Op->getOpcode() == BO_EQ);
      Out.Lookups.back().Comparison = true;
      return;
    }
    return lookup(TableLookup::Membership, Call->getSourceRange(), *Call, *Ref);
  }

  if (!Keyed) {
    // A set's element is its key: only whether it is there is asked.
    Comparison C = comparisonAround(Call, Ctx);
    if (!C.Whole || endOf(C.Other) != Table)
      return unsupported("keeps the iterator that its 'find' returns", At);
    AcceptedEnds.insert(endCall(C.Other));
    lookup(TableLookup::Membership, C.Whole->getSourceRange(), *Call, *Ref,
           C.Equal);
    Out.Lookups.back().Comparison = true;
    return;
  }
  const Expr *Value = Call;
  DynTypedNode Holder = valueParent(Value, Ctx);
  if (const auto *Var = Holder.get<VarDecl>()) {
    // 'auto I = T.find(K);': I becomes a pointer to a constant element.
    const TypeSourceInfo *Written = Var->getTypeSourceInfo();
    const Stmt *Body = enclosingBody(*Var, Ctx);
    if (!Written || !Written->getType()->getContainedAutoType() ||
        Var->getType()->isReferenceType() || !Body)
      return unsupported("keeps the iterator that its 'find' returns in a "
                         "variable of the iterator's type",
                         At);
    bool Fits = true;
    forEachReferenceTo(Var, Body, [&](const DeclRefExpr *Use) {
      Fits = iteratorUse(Use) && Fits;
    });
    if (!Fits)
      return unsupported("does more with the iterator that its 'find' "
                         "returns than compare it with 'end()' and read "
                         "the element",
                         At);
  } else if (!iteratorUse(Call)) {
    return unsupported("does more with the iterator that its 'find' returns "
                       "than compare it with 'end()' and read the element",
                       At);
  }
  lookup(TableLookup::Find, Call->getSourceRange(), *Call, *Ref);
}

TableLookups Classifier::finish(llvm::ArrayRef<const Expr *> Refs) {
  for (const Expr *Ref : Refs)
    classify(Ref);
  for (const Expr *End : Ends)
    if (!AcceptedEnds.contains(End))
      unsupported("compares with its 'end()' what no lookup returned",
                  End->getExprLoc());
  // A template's code is met in each instantiation too: once each.
  auto SameRange = [](SourceRange A, SourceRange B) {
    return A.getBegin() == B.getBegin() && A.getEnd() == B.getEnd();
  };
  std::vector<TableLookup> Unique;
  for (TableLookup &L : Out.Lookups)
    if (llvm::none_of(Unique, [&](const TableLookup &U) {
          return SameRange(U.Range, L.Range);
        }))
      Unique.push_back(std::move(L));
  Out.Lookups = std::move(Unique);
  std::vector<SourceRange> UniqueEnds;
  for (SourceRange R : Out.Ends)
    if (llvm::none_of(UniqueEnds,
                      [&](SourceRange U) { return SameRange(U, R); }))
      UniqueEnds.push_back(R);
  Out.Ends = std::move(UniqueEnds);
  return std::move(Out);
}

} // namespace

std::string constantTableKey(const VarDecl &Var) {
  return Var.getQualifiedNameAsString() + "|" +
         Var.getType().getCanonicalType().getUnqualifiedType().getAsString();
}

TableLookups tableLookups(llvm::ArrayRef<const Expr *> Refs, bool Keyed,
                          bool KeyChangesType, bool Ordered, ASTContext &Ctx) {
  if (Refs.empty())
    return {};
  const auto *First = dyn_cast<DeclRefExpr>(Refs.front());
  const ValueDecl *Table =
      First ? cast<ValueDecl>(First->getDecl()->getCanonicalDecl()) : nullptr;
  Classifier C(Table, Keyed, KeyChangesType, Ordered, Ctx);
  return C.finish(Refs);
}

} // namespace alloc_tidy
