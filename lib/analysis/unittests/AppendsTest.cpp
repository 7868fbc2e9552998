//===--- AppendsTest.cpp - what adds elements to a container --------------===//

#include "lib/analysis/Appends.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/ContainerUses.h"
#include "clang/AST/StmtCXX.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Preamble = "#include <string>\n"
                             "#include <vector>\n"
                             "bool more();\n"
                             "void consume(std::vector<int> &);\n";

class AppendsTest : public ::testing::Test {
protected:
  std::unique_ptr<ASTUnit> AST;

  void parse(llvm::StringRef Code) {
    AST = test::parseCode(std::string(Preamble) + Code.str());
    ASSERT_TRUE(AST != nullptr);
    ASSERT_FALSE(test::hasErrors(*AST)) << Code.str();
  }
  ASTContext &ctx() { return AST->getASTContext(); }

  /// appendsAfter for the first loop of 'f' and its variable 'v'.
  LaterAppends later(ContainerFamily Kind = ContainerFamily::Vector) {
    const Stmt *Loop = test::findFirstLoop(ctx(), "f");
    std::vector<const Expr *> Refs = test::findRefsByName(ctx(), "f", "v");
    if (!Loop || Refs.empty()) {
      ADD_FAILURE() << "want a loop and a variable v in f";
      return {};
    }
    return appendsAfter(Loop, referencedContainer(Refs.front()), Kind, ctx());
  }
};

TEST_F(AppendsTest, ActionOfEachReference) {
  ASSERT_NO_FATAL_FAILURE(
      parse("void f(std::vector<int> &v, std::string &s) {\n"
            "  v.push_back(1);\n"
            "  int k = v.size() + v[0];\n"
            "  v.insert(v.end(), {1, 2});\n"
            "  v.clear();\n"
            "  s += \"abc\";\n"
            "}\n"));
  auto Action = [&](llvm::StringRef Name, unsigned Index,
                    ContainerFamily Kind) {
    std::vector<const Expr *> Refs = test::findRefsByName(ctx(), "f", Name);
    EXPECT_LT(Index, Refs.size());
    return Index < Refs.size() ? actionOf(Refs[Index], Kind, ctx())
                               : RefAction();
  };
  EXPECT_EQ(Action("v", 0, ContainerFamily::Vector).Role, RefRole::Appends);
  EXPECT_EQ(Action("v", 1, ContainerFamily::Vector).Role, RefRole::Reads);
  EXPECT_EQ(Action("v", 2, ContainerFamily::Vector).Role, RefRole::Reads);
  EXPECT_EQ(Action("v", 3, ContainerFamily::Vector).Role,
            RefRole::AppendsUnknown);
  // v.end() as an argument of insert is a read.
  EXPECT_EQ(Action("v", 4, ContainerFamily::Vector).Role, RefRole::Reads);
  EXPECT_EQ(Action("v", 5, ContainerFamily::Vector).Role, RefRole::Other);
  RefAction Piece = Action("s", 0, ContainerFamily::String);
  EXPECT_EQ(Piece.Role, RefRole::Appends);
  EXPECT_EQ(Piece.Amount, 3u);
}

TEST_F(AppendsTest, StatementsAfterTheLoop) {
  ASSERT_NO_FATAL_FAILURE(
      parse("void f(const std::vector<int> &a, const std::vector<int> &b) {\n"
            "  std::vector<int> v;\n"
            "  for (int x : a) v.push_back(x);\n"
            "  int k = v.size();\n"
            "  v.push_back(k);\n"
            "  auto &r = v.emplace_back(0);\n"
            "  for (int x : b) v.push_back(x + r);\n"
            "  consume(v);\n"
            "  v.push_back(0);\n"
            "}\n"));
  LaterAppends L = later();
  EXPECT_EQ(L.Constant, 2u);
  EXPECT_EQ(L.Sites.size(), 2u);
  EXPECT_EQ(L.Loops.size(), 1u);
  EXPECT_EQ(L.Uncounted, nullptr); // the append after consume() is not seen
}

TEST_F(AppendsTest, UncountedLaterAppends) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(const std::vector<int> &a, bool c) {\n"
                                "  std::vector<int> v;\n"
                                "  for (int x : a) v.push_back(x);\n"
                                "  v.push_back(1);\n"
                                "  if (c) v.push_back(2);\n"
                                "  v.push_back(3);\n"
                                "}\n"));
  LaterAppends L = later();
  EXPECT_EQ(L.Constant, 1u);
  ASSERT_NE(L.Uncounted, nullptr);
  EXPECT_TRUE(isa<IfStmt>(L.Uncounted));
}

TEST_F(AppendsTest, AssignmentThroughASubscriptInserts) {
  ASSERT_NO_FATAL_FAILURE(parse("#include <unordered_map>\n"
                                "void f(const std::vector<int> &a) {\n"
                                "  std::unordered_map<int, int> v;\n"
                                "  for (int x : a) v[x] = 1;\n"
                                "  v[-1] = 0;\n"
                                "  v.emplace(-2, 0);\n"
                                "}\n"));
  LaterAppends L = later(ContainerFamily::Hash);
  EXPECT_EQ(L.Constant, 2u);
  EXPECT_EQ(L.Uncounted, nullptr);
}

TEST_F(AppendsTest, StopsAtAJumpOrTheEndOfTheBlock) {
  ASSERT_NO_FATAL_FAILURE(
      parse("std::vector<int> f(const std::vector<int> &a) {\n"
            "  std::vector<int> v;\n"
            "  {\n"
            "    for (int x : a) v.push_back(x);\n"
            "  }\n"
            "  v.push_back(1);\n"
            "  return v;\n"
            "}\n"));
  LaterAppends L = later();
  EXPECT_EQ(L.Constant, 0u);
  EXPECT_EQ(L.Uncounted, nullptr);
}

} // namespace
} // namespace alloc_tidy
