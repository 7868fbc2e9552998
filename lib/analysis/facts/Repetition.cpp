//===--- Repetition.cpp ---------------------------------------------------===//

#include "lib/analysis/facts/Repetition.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/TripCount.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace alloc_tidy {

bool repeatsIn(const Stmt *Loop, const Stmt *Child) {
  if (const auto *For = dyn_cast<ForStmt>(Loop))
    return Child != For->getInit();
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(Loop))
    return Child == Range->getBody() || Child == Range->getLoopVarStmt();
  return true;
}

const Stmt *repeatedBody(const Repetition &Where) {
  if (const auto *For = dyn_cast_or_null<ForStmt>(Where.Loop))
    return For->getBody();
  if (const auto *Range = dyn_cast_or_null<CXXForRangeStmt>(Where.Loop))
    return Range->getBody();
  if (const auto *While = dyn_cast_or_null<WhileStmt>(Where.Loop))
    return While->getBody();
  if (const auto *Do = dyn_cast_or_null<DoStmt>(Where.Loop))
    return Do->getBody();
  return Where.Function ? Where.Function->getBody() : nullptr;
}

bool isDoWhileFalse(const Stmt *Loop, const ASTContext &Ctx) {
  const auto *Do = dyn_cast<DoStmt>(Loop);
  if (!Do)
    return false;
  bool Value = true;
  const Expr *Cond = Do->getCond();
  return !Cond->isValueDependent() &&
         Cond->EvaluateAsBooleanCondition(Value, Ctx) && !Value;
}

std::optional<Repetition> findRepetition(const Stmt &Site, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(Site);
  const Stmt *Child = &Site;
  Repetition Where;
  while (!Where.Function) {
    Node = parentOf(Node, Ctx, /*PreferInitialization=*/true);
    if (Node.getNodeKind().isNone())
      return std::nullopt;
    if (const auto *Lambda = Node.get<LambdaExpr>()) {
      Where.Function = Lambda->getCallOperator();
      break;
    }
    if (const auto *F = Node.get<FunctionDecl>()) {
      Where.Function = F;
      break;
    }
    if (Node.get<Decl>()) {
      const auto *Var = Node.get<VarDecl>();
      if (!Var || !Var->hasLocalStorage() || isa<ParmVarDecl>(Var))
        return std::nullopt;
      continue;
    }
    const auto *S = Node.get<Stmt>();
    if (!S || isa<CXXThrowExpr>(S))
      return std::nullopt;
    if (!Where.Loop && isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S) &&
        repeatsIn(S, Child) && !isDoWhileFalse(S, Ctx))
      Where.Loop = S;
    Child = S;
  }
  if (Where.Function->isConstexpr() ||
      (!Where.Loop && Where.Function->isMain()))
    return std::nullopt;
  return Where;
}

void countIterations(Repetition &Where, const Stmt *Statement,
                     ASTContext &Ctx) {
  if (!Where.Loop || !Statement)
    return;
  // A 'continue' can skip it.
  Where.EveryIteration = runsOncePerIteration(Statement, Where.Loop) &&
                         ownContinues(Where.Loop).empty();
  if (std::optional<TripCount> Count = computeTripCount(Where.Loop, Ctx);
      Where.EveryIteration && Count && Count->Value && *Count->Value > 1)
    Where.Times = Count->Value;
}

namespace {

/// The direct calls in the unit's code outside system headers, by callee.
class UnitCalls : public RecursiveASTVisitor<UnitCalls> {
public:
  explicit UnitCalls(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        D->getDeclContext()->isFileContext() && !isa<NamespaceDecl>(D) &&
        SM.isInSystemHeader(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitCallExpr(CallExpr *Call) {
    if (const FunctionDecl *Direct = Call->getDirectCallee())
      ByCallee[Direct->getCanonicalDecl()].push_back(Call);
    return true;
  }
  llvm::ArrayRef<const CallExpr *> of(const FunctionDecl &F) const {
    auto It = ByCallee.find(F.getCanonicalDecl());
    return It == ByCallee.end() ? llvm::ArrayRef<const CallExpr *>()
                                : llvm::ArrayRef(It->second);
  }

private:
  const SourceManager &SM;
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<const CallExpr *, 2>>
      ByCallee;
};

/// A call that runs \p Function again and again, looked for \p Depth
/// callers up. \p Path holds the functions on the way here (a call from
/// one of them is recursion); \p Done those already looked at.
const CallExpr *
repeatedCall(const FunctionDecl &Function, const UnitCalls &Calls,
             ASTContext &Ctx, unsigned Depth,
             llvm::SmallVectorImpl<const FunctionDecl *> &Path,
             llvm::SmallPtrSetImpl<const FunctionDecl *> &Done) {
  Path.push_back(Function.getCanonicalDecl());
  const CallExpr *Found = nullptr;
  for (const CallExpr *Call : Calls.of(Function)) {
    const FunctionDecl *Caller = enclosingFunction(Call, Ctx);
    if (enclosingLoop(Call, Ctx) ||
        (Caller && llvm::is_contained(Path, Caller->getCanonicalDecl()))) {
      Found = Call;
      break;
    }
  }
  if (!Found && Depth > 0)
    for (const CallExpr *Call : Calls.of(Function)) {
      const FunctionDecl *Caller = enclosingFunction(Call, Ctx);
      if (!Caller || !Done.insert(Caller->getCanonicalDecl()).second)
        continue;
      Found = repeatedCall(*Caller, Calls, Ctx, Depth - 1, Path, Done);
      if (Found)
        break;
    }
  Path.pop_back();
  return Found;
}

} // namespace

/// Whether \p S can jump on in the loop it is in: a continue or break of
/// that loop, a goto or a label (a jump into the code).
static bool mayJump(const Stmt *S, bool InLoop = false, bool InSwitch = false) {
  if (!S || isa<LambdaExpr>(S))
    return false;
  if (isa<GotoStmt, IndirectGotoStmt, LabelStmt>(S) ||
      (isa<ContinueStmt>(S) && !InLoop) ||
      (isa<BreakStmt>(S) && !InLoop && !InSwitch))
    return true;
  bool Loop = InLoop || isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
  bool Switch = InSwitch || isa<SwitchStmt>(S);
  return llvm::any_of(S->children(), [&](const Stmt *Child) {
    return mayJump(Child, Loop, Switch);
  });
}

/// Whether \p S, run, leaves the function or jumps away: a return, a goto,
/// a throw (unless \p InTry: a handler in the loop may take it), or a call
/// of a function that does not return.
static bool exitsFunction(const Stmt *S, bool InTry) {
  if (const auto *E = dyn_cast_or_null<Expr>(S))
    S = E->IgnoreImplicit();
  if (isa_and_nonnull<ReturnStmt, GotoStmt>(S) ||
      (!InTry && isa_and_nonnull<CXXThrowExpr>(S)))
    return true;
  const auto *Call = dyn_cast_or_null<CallExpr>(S);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  return Callee && Callee->isNoReturn();
}

bool leavesLoopAfter(const Stmt &S, const Stmt &Loop, ASTContext &Ctx) {
  // The statements from S up to the loop, innermost first.
  llvm::SmallVector<const Stmt *, 8> Chain = {&S};
  DynTypedNode Node = DynTypedNode::create(S);
  for (;;) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      return false;
    Node = Parents[0];
    const auto *Parent = Node.get<Stmt>();
    if (Parent == &Loop)
      break;
    if (Parent)
      Chain.push_back(Parent);
    else if (!Node.get<VarDecl>())
      return false;
  }
  // Follow what runs after S, block by block outwards, up to a
  // statement that leaves the loop; give up at anything that may jump.
  bool InTry = llvm::any_of(
      Chain, [](const Stmt *Up) { return isa<CXXTryStmt, CXXCatchStmt>(Up); });
  for (size_t I = 1; I < Chain.size(); ++I) {
    if (isa<ReturnStmt>(Chain[I]))
      return true;
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Chain[I]))
      return false;
    const auto *Block = dyn_cast<CompoundStmt>(Chain[I]);
    if (!Block)
      continue;
    // A break leaves the loop unless a switch between them takes it.
    bool BreakLeaves =
        llvm::none_of(llvm::ArrayRef(Chain).drop_front(I),
                      [](const Stmt *Up) { return isa<SwitchStmt>(Up); });
    const auto *After = llvm::find(Block->body(), Chain[I - 1]);
    if (After == Block->body_end())
      return false;
    for (const Stmt *Next :
         llvm::make_range(std::next(After), Block->body_end())) {
      if (exitsFunction(Next, InTry) || (BreakLeaves && isa<BreakStmt>(Next)))
        return true;
      if (isa<BreakStmt>(Next) || mayJump(Next))
        return false;
    }
  }
  return false;
}

const CallExpr *callRepeatedByLoop(const FunctionDecl &Function,
                                   ASTContext &Ctx, unsigned Depth) {
  UnitCalls Calls(Ctx.getSourceManager());
  Calls.TraverseDecl(Ctx.getTranslationUnitDecl());
  llvm::SmallVector<const FunctionDecl *, 4> Path;
  llvm::SmallPtrSet<const FunctionDecl *, 8> Done;
  Done.insert(Function.getCanonicalDecl());
  return repeatedCall(Function, Calls, Ctx, Depth, Path, Done);
}

} // namespace alloc_tidy
