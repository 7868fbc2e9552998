//===--- LastUseCopiesTest.cpp - locals copied where they could move ------===//

#include "lib/analysis/decisions/LastUseCopies.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Code = R"cpp(
#include <string>
#include <string_view>
#include <vector>
void last(std::vector<std::string> &Out, int N) {
  for (int I = 0; I < N; ++I) {
    std::string S(40, 'a');
    Out.push_back(S);
  }
}
void readAgain(std::vector<std::string> &Out) {
  std::string S(40, 'a');
  Out.push_back(S);
  Out.push_back(S + "!");
}
void outside(std::vector<std::string> &Out, int N) {
  std::string S(40, 'a');
  for (int I = 0; I < N; ++I)
    Out.push_back(S);
}
void viewed(std::vector<std::string> &Out, std::vector<std::string_view> &Views) {
  std::string S(40, 'a');
  std::string_view V = S;
  Out.push_back(S);
  Views.push_back(V);
}
void scalars(std::vector<int> &Out) {
  int X = 1;
  Out.push_back(X);
}
)cpp";

class LastUseCopiesTest : public ::testing::Test {
protected:
  void SetUp() override {
    AST = test::parseCode(Code);
    ASSERT_TRUE(AST);
    ASSERT_FALSE(test::hasErrors(*AST));
  }
  /// The copy the first push_back of \p Function makes, if any.
  std::optional<LocalCopy> copyIn(llvm::StringRef Function) {
    const CallExpr *Push =
        test::findCall(AST->getASTContext(), Function, "push_back");
    EXPECT_TRUE(Push) << Function.str();
    return Push ? copiedLocal(*Push, AST->getASTContext()) : std::nullopt;
  }
  std::unique_ptr<ASTUnit> AST;
};

TEST_F(LastUseCopiesTest, ACopyOnTheLastUseInALoop) {
  std::optional<LocalCopy> Copy = copyIn("last");
  ASSERT_TRUE(Copy);
  EXPECT_EQ(Copy->Var->getName(), "S");
  EXPECT_EQ(Copy->By, "'push_back'");
  EXPECT_EQ(whyNotLastUse(*Copy, AST->getASTContext()), "");
}

TEST_F(LastUseCopiesTest, NotTheLastUse) {
  std::optional<LocalCopy> Again = copyIn("readAgain");
  ASSERT_TRUE(Again);
  EXPECT_EQ(whyNotLastUse(*Again, AST->getASTContext()),
            "'S' is used after it");
  std::optional<LocalCopy> Outside = copyIn("outside");
  ASSERT_TRUE(Outside);
  EXPECT_EQ(whyNotLastUse(*Outside, AST->getASTContext()),
            "a loop runs it again with the same 'S'");
  std::optional<LocalCopy> Viewed = copyIn("viewed");
  ASSERT_TRUE(Viewed);
  EXPECT_NE(whyNotLastUse(*Viewed, AST->getASTContext()).find("view"),
            std::string::npos);
}

TEST_F(LastUseCopiesTest, NothingToMoveInAScalar) {
  EXPECT_FALSE(copyIn("scalars"));
}

} // namespace
} // namespace alloc_tidy
