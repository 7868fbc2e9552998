//===--- GuardsTest.cpp - the conditions code runs under ------------------===//

#include "lib/analysis/facts/Guards.h"
#include "AnalysisTestUtils.h"
#include "clang/AST/StmtCXX.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Code = R"cpp(
#include <vector>
struct Item { bool Skip, Private, Init; int V; };
bool rare(int);
int use(const std::vector<int> &);

// One push_back per function; the loop over Items is the scope.
void everyIteration(const std::vector<Item> &Items, const std::vector<int> &Ys) {
  for (const Item &X : Items) {
    if (X.Skip)
      continue; // before the declaration: skips it too
    std::vector<int> Out;
    for (int Y : Ys)
      Out.push_back(Y);
    use(Out);
  }
}
void bothBranches(const std::vector<Item> &Items, const std::vector<int> &Ys) {
  for (const Item &X : Items) {
    std::vector<int> Out;
    for (int Y : Ys) {
      if (!Y) {
        Out.clear();
        break; // stops the fill, does not filter it
      }
      if (rare(Y))
        Out.push_back(Y);
      else
        Out.push_back(-Y);
    }
    use(Out);
  }
}
void nestedIfs(const std::vector<Item> &Items) {
  for (const Item &X : Items) {
    if (X.Skip) {
      std::vector<int> Out;
      for (const Item &Y : Items) {
        if (Y.Private) {
          if (!Y.Init)
            Out.push_back(Y.V);
        }
      }
      use(Out);
    }
  }
}
void continueFilters(const std::vector<Item> &Items) {
  for (const Item &X : Items) {
    std::vector<int> Out;
    for (const Item &Y : Items) {
      if (Y.Skip)
        continue;
      if (Y.Private) {
        continue;
      }
      if (Y.Init)
        break;
      X.V > 0 && rare(Y.V) ? Out.push_back(Y.V) : void();
    }
    use(Out);
  }
}
void elsewhere(std::vector<int> &Out) { Out.push_back(1); }
)cpp";

unsigned conditionsOf(ASTContext &Ctx, StringRef Function, unsigned Call = 0) {
  std::vector<const CallExpr *> Calls =
      test::findCalls(Ctx, Function, "push_back");
  const Stmt *Loop = test::findFirstLoop(Ctx, Function);
  const VarDecl *Out = nullptr;
  for (const Expr *Ref : test::findRefsByName(Ctx, Function, "Out"))
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Ref))
      Out = cast<VarDecl>(DRE->getDecl());
  EXPECT_TRUE(Call < Calls.size() && Loop && Out);
  if (Call >= Calls.size() || !Loop || !Out)
    return ~0u;
  // The declaration statement of Out, as the checks pass it.
  const Stmt *Decl = nullptr;
  for (const Stmt *S :
       cast<CompoundStmt>(cast<CXXForRangeStmt>(Loop)->getBody())->body())
    if (const auto *DS = dyn_cast<DeclStmt>(S);
        DS && DS->getSingleDecl() == Out)
      Decl = DS;
  const Stmt *Body = cast<CXXForRangeStmt>(Loop)->getBody();
  return conditionsSkipping(*Calls[Call], *Body, Decl, Ctx);
}

TEST(GuardsTest, CountsTheConditionsBetweenAFillAndTheLoop) {
  auto AST = test::parseCode(Code);
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  EXPECT_EQ(conditionsOf(Ctx, "everyIteration"), 0u);
  EXPECT_EQ(conditionsOf(Ctx, "bothBranches", 0), 1u);
  EXPECT_EQ(conditionsOf(Ctx, "bothBranches", 1), 1u);
  // The declaration's own if counts: Out is not built on every iteration.
  EXPECT_EQ(conditionsOf(Ctx, "nestedIfs"), 3u);
  // Two continue filters and the arm of ?:; the break does not count.
  EXPECT_EQ(conditionsOf(Ctx, "continueFilters"), 3u);
}

TEST(GuardsTest, ASiteOutsideTheScopeHasNone) {
  auto AST = test::parseCode(Code);
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  const CallExpr *Call = test::findCall(Ctx, "elsewhere", "push_back");
  const Stmt *Loop = test::findFirstLoop(Ctx, "everyIteration");
  ASSERT_TRUE(Call && Loop);
  EXPECT_EQ(conditionsSkipping(*Call, *Loop, nullptr, Ctx), 0u);
}

} // namespace
} // namespace alloc_tidy
