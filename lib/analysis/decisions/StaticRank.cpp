//===--- StaticRank.cpp ---------------------------------------------------===//

#include "lib/analysis/decisions/StaticRank.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/AllocationsBeside.h"
#include "lib/analysis/facts/Repetition.h"
#include "clang/AST/ASTLambda.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>

using namespace clang;

namespace alloc_tidy {

unsigned StaticEstimate::rank() const {
  int Rank =
      NeutralStaticRank + 15 * static_cast<int>(std::min(OuterLoops, 2u));
  if (!SetUp.empty())
    Rank -= 30;
  // Removing one allocation of many is a small share of the code's cost.
  Rank -= 2 * static_cast<int>(std::min(AllocationsBeside, 10u));
  return static_cast<unsigned>(std::clamp(Rank, 0, 100));
}

bool isCrowdedSaving(const Stmt &Site, const Repetition &Where, uint64_t Limit,
                     StaticEstimate &Estimate, ASTContext &Ctx) {
  const Stmt *Body = repeatedBody(Where);
  if (!Body)
    return false;
  Estimate.AllocationsBeside = countAllocationsBeside(Site, *Body, Ctx);
  return Limit && Estimate.AllocationsBeside >= Limit;
}

std::string StaticEstimate::describe() const {
  std::string Name = Function ? "'" + Function->getQualifiedNameAsString() + "'"
                              : std::string("the code");
  std::string Text;
  if (OuterLoops)
    Text = "it runs inside " + std::to_string(OuterLoops) + " loop" +
           (OuterLoops == 1 ? "" : "s") + " of " + Name;
  if (!SetUp.empty()) {
    if (!Text.empty())
      Text += "; ";
    Text += Name + " is " + SetUp +
            ", which usually runs once per object or per run";
  }
  if (Text.empty())
    Text =
        "no outer loop in " + Name + " and nothing that looks like set-up code";
  if (AllocationsBeside)
    Text += "; each run makes " + std::to_string(AllocationsBeside) +
            " other allocation" + (AllocationsBeside == 1 ? "" : "s") +
            " beside it";
  return Text;
}

/// The first words of the name \p Name, in lower case: words end at an
/// underscore, a digit, or a lower-case letter followed by a capital
/// ("loadGrammar", "load_grammar", "LOAD_GRAMMAR": "load", "grammar").
static llvm::SmallVector<std::string, 2> leadingWords(llvm::StringRef Name,
                                                      size_t Count) {
  llvm::SmallVector<std::string, 2> Words;
  std::string Word;
  auto End = [&]() {
    if (!Word.empty() && Words.size() < Count)
      Words.push_back(Word);
    Word.clear();
  };
  for (size_t I = 0; I < Name.size() && Words.size() < Count; ++I) {
    char C = Name[I];
    if (!llvm::isAlpha(C)) {
      End();
      continue;
    }
    if (llvm::isUpper(C) && I > 0 && llvm::isLower(Name[I - 1]))
      End();
    Word += llvm::toLower(C);
  }
  End();
  return Words;
}

/// First words of functions that usually run once per run or per object.
static constexpr llvm::StringLiteral SetUpWords[] = {
    "init", "initialize", "initialise", "setup", "load", "register"};

std::string setUpReason(const FunctionDecl &Function) {
  if (isa<CXXConstructorDecl>(Function))
    return "a constructor";
  if (isa<CXXDestructorDecl>(Function))
    return "a destructor";
  if (Function.isMain())
    return "main()";
  const IdentifierInfo *Id = Function.getIdentifier();
  if (!Id)
    return "";
  llvm::SmallVector<std::string, 2> Words = leadingWords(Id->getName(), 2);
  if (Words.empty())
    return "";
  if (llvm::is_contained(SetUpWords, llvm::StringRef(Words[0])) ||
      (Words[0] == "set" && Words.size() > 1 && Words[1] == "up"))
    return "named like set-up code";
  return "";
}

StaticEstimate estimateStatically(const Stmt &Loop, ASTContext &Ctx) {
  StaticEstimate Estimate;
  DynTypedNode Node = DynTypedNode::create(Loop);
  const Stmt *Child = &Loop;
  const FunctionDecl *Innermost = nullptr;
  while (true) {
    Node = parentOf(Node, Ctx, /*PreferInitialization=*/true);
    if (Node.getNodeKind().isNone() || Node.get<TranslationUnitDecl>())
      break;
    if (const auto *Lambda = Node.get<LambdaExpr>()) {
      // A lambda usually runs where it is made (an algorithm's callback):
      // the loops around it repeat it too.
      if (!Innermost)
        Innermost = Lambda->getCallOperator();
      Child = Lambda;
      continue;
    }
    if (const auto *Function = Node.get<FunctionDecl>()) {
      if (clang::isLambdaCallOperator(Function))
        continue;
      Estimate.Function = Function;
      break;
    }
    if (const auto *Var = Node.get<VarDecl>()) {
      // A static's initializer runs once.
      if (!Var->hasLocalStorage() && !isa<ParmVarDecl>(Var)) {
        Estimate.SetUp = "a static initializer";
        return Estimate;
      }
      continue;
    }
    const auto *S = Node.get<Stmt>();
    if (!S)
      continue;
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S) &&
        repeatsIn(S, Child) && !isDoWhileFalse(S, Ctx))
      ++Estimate.OuterLoops;
    Child = S;
  }
  if (!Estimate.Function)
    Estimate.Function = Innermost;
  if (Estimate.Function)
    Estimate.SetUp = setUpReason(*Estimate.Function);
  return Estimate;
}

} // namespace alloc_tidy
