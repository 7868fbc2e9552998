//===--- Appends.cpp ------------------------------------------------------===//

#include "lib/analysis/facts/Appends.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/TripCount.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace alloc_tidy {
namespace {

/// The length of a string literal argument, or of a character.
std::optional<uint64_t> pieceLength(const Expr *Arg) {
  Arg = Arg->IgnoreParenImpCasts();
  if (const auto *Literal = dyn_cast<StringLiteral>(Arg))
    return Literal->getLength();
  if (Arg->getType()->isAnyCharacterType())
    return 1;
  return std::nullopt;
}

} // namespace

/// The container a call or operator is applied to: a local variable, a
/// reference parameter or a data member of 'this'. Globals and members of
/// other objects are left alone: other code may fill them.
const ValueDecl *containerOf(const Expr *Object) {
  Object = Object->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Object)) {
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    if (!Var || !Var->hasLocalStorage() || Var->isStaticLocal())
      return nullptr;
    return Var;
  }
  if (const auto *Member = dyn_cast<MemberExpr>(Object)) {
    if (isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()) &&
        isa<FieldDecl>(Member->getMemberDecl()))
      return Member->getMemberDecl();
  }
  return nullptr;
}

LocalMember memberOfLocal(const Expr *Object) {
  const auto *Member = dyn_cast<MemberExpr>(Object->IgnoreParenImpCasts());
  if (!Member || Member->isArrow())
    return {};
  const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Member->getBase()->IgnoreParenImpCasts());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Field || !Var || isa<ParmVarDecl>(Var) || !Var->hasLocalStorage() ||
      Var->isStaticLocal() || Var->getType()->isReferenceType())
    return {};
  return {Var, Field};
}

/// The object of a member call or the first operand of an operator call.
const Expr *objectOf(const Expr *Call) {
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
    return Member->getImplicitObjectArgument();
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call))
    return Op->getNumArgs() > 0 ? Op->getArg(0) : nullptr;
  return nullptr;
}

StringRef calleeName(const Expr *Call) {
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
    if (const auto *Method = Member->getMethodDecl();
        Method && Method->getIdentifier())
      return Method->getName();
  return "";
}

/// Member functions that leave the size alone.
bool leavesSizeAlone(ContainerFamily Kind, StringRef Method) {
  static const llvm::StringSet<> Common = {
      "size",   "empty", "capacity", "begin",         "end",
      "cbegin", "cend",  "rbegin",   "rend",          "crbegin",
      "crend",  "at",    "max_size", "get_allocator", "ssize"};
  static const llvm::StringSet<> Sequence = {"back", "front", "data"};
  static const llvm::StringSet<> String = {
      "length",          "c_str",        "find",     "rfind",
      "find_first_of",   "find_last_of", "substr",   "compare",
      "starts_with",     "ends_with",    "contains", "find_first_not_of",
      "find_last_not_of"};
  static const llvm::StringSet<> Hash = {
      "find",         "count",       "contains",        "equal_range",
      "bucket_count", "load_factor", "max_load_factor", "hash_function",
      "key_eq",       "bucket",      "bucket_size",     "max_bucket_count"};
  if (Common.contains(Method))
    return true;
  switch (Kind) {
  case ContainerFamily::Vector:
    return Sequence.contains(Method);
  case ContainerFamily::String:
    return Sequence.contains(Method) || String.contains(Method);
  case ContainerFamily::Hash:
    return Hash.contains(Method);
  }
  return false;
}

/// Whether the use \p Site (a call on the container, or an operator with it
/// as first operand) appends, and how many elements.
AppendKind classifyAppend(const Expr *Site, ContainerFamily Kind,
                          uint64_t &Amount, ASTContext &Ctx) {
  Amount = 1;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Site)) {
    if (Kind == ContainerFamily::Hash && Op->getOperator() == OO_Subscript)
      return AppendKind::Append;
    if (Kind == ContainerFamily::String && Op->getOperator() == OO_PlusEqual &&
        Op->getNumArgs() == 2) {
      std::optional<uint64_t> Length = pieceLength(Op->getArg(1));
      if (!Length)
        return AppendKind::UnknownLength;
      Amount = *Length;
      return AppendKind::Append;
    }
    return AppendKind::NotAppend;
  }
  const auto *Call = dyn_cast<CXXMemberCallExpr>(Site);
  if (!Call)
    return AppendKind::NotAppend;
  StringRef Method = calleeName(Call);
  unsigned Args = Call->getNumArgs();
  auto IsIterator = [](const Expr *E) {
    QualType T = E->getType().getNonReferenceType();
    if (T->isPointerType())
      return true;
    const auto *Record = T->getAsCXXRecordDecl();
    return Record && Record->getIdentifier() &&
           Record->getName().contains("iterator");
  };
  switch (Kind) {
  case ContainerFamily::Vector:
    if (Method == "push_back" || Method == "emplace_back")
      return AppendKind::Append;
    if (Method == "emplace" && Args >= 1)
      return AppendKind::Append;
    if (Method == "insert") {
      // insert(pos, value) adds one; insert(pos, n, value), a range or an
      // initializer list adds a number not followed here.
      if (Args == 2 && !isa<CXXStdInitializerListExpr>(
                           Call->getArg(1)->IgnoreParenImpCasts()))
        return AppendKind::Append;
      return AppendKind::UnknownLength;
    }
    if (Method == "append_range" || Method == "insert_range")
      return AppendKind::UnknownLength;
    return AppendKind::NotAppend;
  case ContainerFamily::String:
    if (Method == "push_back")
      return AppendKind::Append;
    if (Method == "append") {
      std::optional<uint64_t> Length;
      if (Args == 1)
        Length = pieceLength(Call->getArg(0));
      else if (Args == 2 && Call->getArg(1)->getType()->isAnyCharacterType())
        if (auto N = Call->getArg(0)->getIntegerConstantExpr(Ctx))
          Length = N->getLimitedValue();
      if (!Length)
        return AppendKind::UnknownLength;
      Amount = *Length;
      return AppendKind::Append;
    }
    if (Method == "insert" || Method == "append_range" ||
        Method == "insert_range")
      return AppendKind::UnknownLength;
    return AppendKind::NotAppend;
  case ContainerFamily::Hash:
    if (Method == "emplace" || Method == "try_emplace" ||
        Method == "emplace_hint" || Method == "insert_or_assign")
      return AppendKind::Append;
    if (Method == "insert") {
      if (Args == 1 &&
          !isa<CXXStdInitializerListExpr>(
              Call->getArg(0)->IgnoreParenImpCasts()) &&
          !Call->getArg(0)->getType()->isRecordType())
        return AppendKind::Append;
      if (Args == 1 && Call->getArg(0)->getType()->isRecordType() &&
          !IsIterator(Call->getArg(0)) &&
          !isa<CXXStdInitializerListExpr>(
              Call->getArg(0)->IgnoreParenImpCasts()))
        return AppendKind::Append;
      // insert(hint, value) versus insert(first, last).
      if (Args == 2 && !IsIterator(Call->getArg(1)))
        return AppendKind::Append;
      return AppendKind::UnknownLength;
    }
    if (Method == "insert_range")
      return AppendKind::UnknownLength;
    return AppendKind::NotAppend;
  }
  return AppendKind::NotAppend;
}

std::vector<const Expr *> refsIn(const Stmt *Root, const ValueDecl *D) {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    const ValueDecl *D;
    std::vector<const Expr *> Refs;
    explicit Finder(const ValueDecl *D) : D(D) {}
    bool shouldVisitImplicitCode() const { return true; }
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (Ref->getDecl() == D)
        Refs.push_back(Ref);
      return true;
    }
    bool VisitMemberExpr(MemberExpr *Member) {
      if (Member->getMemberDecl() == D &&
          isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()))
        Refs.push_back(Member);
      return true;
    }
  } Visitor(D);
  Visitor.TraverseStmt(const_cast<Stmt *>(Root));
  return Visitor.Refs;
}

RefAction actionOf(const Expr *Ref, ContainerFamily Kind, ASTContext &Ctx) {
  RefAction Action;
  ContainerUse Use = classifyContainerUse(Ref, Ctx);
  const auto *Site = dyn_cast_or_null<Expr>(Use.Site);
  uint64_t Amount = 1;
  AppendKind Appends =
      Site ? classifyAppend(Site, Kind, Amount, Ctx) : AppendKind::NotAppend;
  if (Site && objectOf(Site) &&
      objectOf(Site)->IgnoreParenImpCasts() != Ref->IgnoreParenImpCasts())
    Appends = AppendKind::NotAppend; // an argument, not the object
  Action.Site = Site;
  Action.Amount = Amount;
  if (Appends == AppendKind::UnknownLength) {
    Action.Role = RefRole::AppendsUnknown;
  } else if (Appends == AppendKind::Append) {
    Action.Role = RefRole::Appends;
  } else {
    bool Reads =
        (Use.Kind == UseKind::Call && leavesSizeAlone(Kind, Use.Method)) ||
        (Use.Kind == UseKind::Subscript && Kind != ContainerFamily::Hash) ||
        Use.Kind == UseKind::RangeFor ||
        Use.Kind == UseKind::PassedToTemplate ||
        Use.Kind == UseKind::PassedToFixedType;
    Action.Role = Reads ? RefRole::Reads : RefRole::Other;
  }
  return Action;
}

namespace {

/// Whether \p Site is the whole of statement \p S ("v.push_back(x);",
/// "auto &r = v.emplace_back();"): it runs whenever S does.
bool isWholeStatement(const Expr *Site, const Stmt *S) {
  if (const auto *E = dyn_cast<Expr>(S)) {
    E = E->IgnoreImplicit()->IgnoreParens();
    // m[k] = v: the subscript inserts, whatever is assigned.
    if (const auto *Assign = dyn_cast<CXXOperatorCallExpr>(E);
        Assign && Assign->getOperator() == OO_Equal &&
        Assign->getNumArgs() == 2)
      E = Assign->getArg(0)->IgnoreImplicit()->IgnoreParens();
    else if (const auto *Assign = dyn_cast<BinaryOperator>(E);
             Assign && Assign->getOpcode() == BO_Assign)
      E = Assign->getLHS()->IgnoreImplicit()->IgnoreParens();
    return E == Site;
  }
  if (const auto *Decls = dyn_cast<DeclStmt>(S)) {
    if (!Decls->isSingleDecl())
      return false;
    const auto *Var = dyn_cast<VarDecl>(Decls->getSingleDecl());
    return Var && Var->getInit() &&
           Var->getInit()->IgnoreImplicit()->IgnoreParens() == Site;
  }
  return false;
}

} // namespace

LaterAppends appendsAfter(const Stmt *Loop, const ValueDecl *Container,
                          ContainerFamily Kind, ASTContext &Ctx) {
  LaterAppends Result;
  DynTypedNodeList Parents = parentsOf(*Loop, Ctx);
  const auto *Block =
      Parents.empty() ? nullptr : Parents[0].get<CompoundStmt>();
  if (!Block)
    return Result;
  const auto *It = llvm::find(Block->body(), Loop);
  if (It == Block->body_end())
    return Result;
  for (++It; It != Block->body_end(); ++It) {
    const Stmt *S = *It;
    // Code after a label or case may be reached from elsewhere; after an
    // unconditional jump it is not reached from here.
    if (isa<LabelStmt, SwitchCase, ReturnStmt, BreakStmt, ContinueStmt,
            GotoStmt, IndirectGotoStmt, CoreturnStmt, CXXThrowExpr>(S)) {
      // "return v;" reads it last; nothing follows either way.
      return Result;
    }
    std::vector<const Expr *> Refs = refsIn(S, Container);
    if (Refs.empty())
      continue;
    bool IsLoop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
    bool LoopAppends = false;
    for (const Expr *Ref : Refs) {
      RefAction Action = actionOf(Ref, Kind, Ctx);
      switch (Action.Role) {
      case RefRole::Reads:
        continue;
      case RefRole::Other:
        // The container escapes: what follows is not known. Appends of a
        // loop that also lets it escape are not counted either.
        if (IsLoop && LoopAppends)
          Result.Uncounted = S;
        return Result;
      case RefRole::AppendsUnknown:
        Result.Uncounted = S;
        return Result;
      case RefRole::Appends:
        if (IsLoop) {
          LoopAppends = true;
          continue;
        }
        if (!isWholeStatement(Action.Site, S)) {
          Result.Uncounted = S; // under a condition, or part of more
          return Result;
        }
        Result.Constant += Action.Amount;
        Result.Sites.push_back(Action.Site);
        continue;
      }
    }
    if (LoopAppends)
      Result.Loops.push_back(S);
  }
  return Result;
}

AppendPath pathToLoop(const Expr *Site, const Stmt *Loop, ASTContext &Ctx) {
  AppendPath Path;
  DynTypedNode Node = DynTypedNode::create(*Site);
  while (true) {
    DynTypedNode Parent = parentOf(Node, Ctx);
    const auto *Child = Node.get<Stmt>();
    if (Parent.getNodeKind().isNone())
      return Path;
    if (Parent.get<Decl>()) {
      // A variable initialised by the append; its DeclStmt is next.
      if (!Parent.get<VarDecl>())
        return Path;
      Node = Parent;
      continue;
    }
    const auto *S = Parent.get<Stmt>();
    if (!S)
      return Path;
    // Lambdas run elsewhere, labels may be jumped to, and other statements
    // are not followed: the append does not reach the loop plainly.
    if (isa<LambdaExpr, StmtExpr, BlockExpr, LabelStmt>(S) ||
        !isa<Expr, CompoundStmt, DeclStmt, CXXTryStmt, AttributedStmt, ForStmt,
             WhileStmt, DoStmt, CXXForRangeStmt, IfStmt, SwitchStmt, SwitchCase,
             CXXCatchStmt>(S))
      return Path;
    if (const auto *Cond = dyn_cast<AbstractConditionalOperator>(S)) {
      Path.Conditional |= Child != Cond->getCond();
    } else if (const auto *Bin = dyn_cast<BinaryOperator>(S)) {
      Path.Conditional |= Bin->isLogicalOp() && Child == Bin->getRHS();
    } else if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S)) {
      if (Child != loopBody(S))
        return Path; // in a loop header
      if (S == Loop) {
        Path.Reaches = true;
        return Path;
      }
      Path.InnerLoops.push_back(S);
    } else if (const auto *If = dyn_cast<IfStmt>(S)) {
      Path.Conditional |= Child != If->getCond() && Child != If->getInit();
    } else if (const auto *Switch = dyn_cast<SwitchStmt>(S)) {
      Path.Conditional |= Child != Switch->getCond();
    } else if (isa<SwitchCase, CXXCatchStmt>(S)) {
      Path.Conditional = true;
    }
    Node = Parent;
  }
}

bool continueBefore(const Expr *Site, const Stmt *Loop,
                    const SourceManager &SM) {
  return llvm::any_of(ownContinues(Loop), [&](const ContinueStmt *Continue) {
    return SM.isBeforeInTranslationUnit(Continue->getBeginLoc(),
                                        Site->getBeginLoc());
  });
}

void AppendCount::add(uint64_t Amount, const std::vector<TripCount> &Counts) {
  if (Amount == 0)
    return; // s += "" appends nothing
  // One element per iteration of one loop: the count as the loop spells
  // it, which keeps a named constant's name (reserve(TINY_COUNT)).
  if (++Adds == 1 && Amount == 1 && Counts.size() == 1)
    Sole = Counts.front().Spelling;
  else
    Sole.reset();
  uint64_t Constant = Amount;
  std::vector<std::string> Factors;
  for (const TripCount &Count : Counts) {
    if (Count.Value)
      Constant *= *Count.Value;
    else
      Factors.push_back(Count.Spelling);
  }
  for (Term &T : Terms)
    if (T.Factors == Factors) {
      T.Constant += Constant;
      return;
    }
  Terms.push_back({Constant, Factors});
}

std::optional<uint64_t> AppendCount::value() const {
  uint64_t Sum = 0;
  for (const Term &T : Terms) {
    if (!T.Factors.empty())
      return std::nullopt;
    Sum += T.Constant;
  }
  return Sum;
}

std::string AppendCount::spelling() const {
  if (Sole)
    return *Sole;
  if (std::optional<uint64_t> Value = value())
    return std::to_string(*Value);
  std::string Text;
  for (const Term &T : Terms) {
    if (T.Constant == 0)
      continue;
    if (!Text.empty())
      Text += " + ";
    // A lone factor needs no parentheses, unless it sits in a sum.
    bool Alone = T.Constant == 1 && T.Factors.size() == 1 && Terms.size() == 1;
    std::string Product =
        T.Constant == 1 && !T.Factors.empty() ? "" : std::to_string(T.Constant);
    for (const std::string &Factor : T.Factors)
      Product +=
          (Product.empty() ? "" : " * ") + (Alone ? Factor : asOperand(Factor));
    Text += Product;
  }
  return Text;
}

} // namespace alloc_tidy
