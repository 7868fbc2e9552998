//===--- BranchOnlyLocalTest.cpp - a local built for one branch -----------===//

#include "lib/analysis/facts/BranchOnlyLocal.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Code = R"cpp(
#include <string>
#include <vector>
void report(const std::string &);
void log(int);

void built(int I) {
  std::string Built = "index " + std::to_string(I);
  Built += "!";
  if (I > 3)
    report(Built);
}
void gap(int I) {
  std::string Gap = "index";
  log(I);
  if (I > 3)
    report(Gap);
  log(I);
}
void otherBranch(int I) {
  std::string Other;
  Other.append("x");
  if (I > 3) {
    log(I);
  } else {
    report(Other);
  }
}
void bothBranches(int I) {
  std::string Both = "x";
  if (I > 3)
    report(Both);
  else
    report(Both + "y");
}
void readBefore(int I) {
  std::string Read = "x";
  report(Read);
  if (I > 3)
    report(Read);
}
void inCondition(int I) {
  std::string Cond = "x";
  if (Cond.size() > 3)
    report(Cond);
}
void usedAfter(int I) {
  std::string After = "x";
  if (I > 3)
    report(After);
  After += "y";
}
)cpp";

TEST(BranchOnlyLocalTest, FindsTheBranchAndTheCodeThatBuilds) {
  auto AST = test::parseCode(Code);
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();

  std::optional<BranchOnlyLocal> Built =
      branchOnlyLocal(*test::findVar(Ctx, "Built"), Ctx);
  ASSERT_TRUE(Built);
  EXPECT_EQ(Built->Builders.size(), 1u);
  EXPECT_TRUE(Built->Contiguous);
  EXPECT_EQ(Built->Branch, Built->If->getThen());

  // A statement between the code and the 'if' is a gap; one after it is
  // not.
  std::optional<BranchOnlyLocal> Gap =
      branchOnlyLocal(*test::findVar(Ctx, "Gap"), Ctx);
  ASSERT_TRUE(Gap);
  EXPECT_TRUE(Gap->Builders.empty());
  EXPECT_FALSE(Gap->Contiguous);
  EXPECT_EQ(Gap->Between.size(), 1u);

  std::optional<BranchOnlyLocal> Other =
      branchOnlyLocal(*test::findVar(Ctx, "Other"), Ctx);
  ASSERT_TRUE(Other);
  EXPECT_EQ(Other->Branch, Other->If->getElse());
  EXPECT_TRUE(Other->Contiguous);
}

TEST(BranchOnlyLocalTest, NotForALocalReadElsewhere) {
  auto AST = test::parseCode(Code);
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  for (const char *Name : {"Both", "Read", "Cond", "After"})
    EXPECT_FALSE(branchOnlyLocal(*test::findVar(Ctx, Name), Ctx)) << Name;
}

TEST(BranchOnlyLocalTest, StartsWithoutHeapMemory) {
  auto AST = test::parseCode(R"cpp(
#include <string>
#include <vector>
void f(const std::string &Name) {
  std::string Empty;
  std::string Blank = "";
  std::string Fifteen = "fifteen chars!!";
  std::string Sixteen = "sixteen chars!!!";
  std::string Copy = Name;
  std::vector<int> None;
}
)cpp");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  for (const char *Name : {"Empty", "Blank", "Fifteen", "None"})
    EXPECT_TRUE(startsWithoutHeapMemory(*test::findVar(Ctx, Name))) << Name;
  for (const char *Name : {"Sixteen", "Copy"})
    EXPECT_FALSE(startsWithoutHeapMemory(*test::findVar(Ctx, Name))) << Name;
}

} // namespace
} // namespace alloc_tidy
