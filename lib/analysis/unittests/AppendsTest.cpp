//===--- AppendsTest.cpp - what adds elements to a container --------------===//

#include "lib/analysis/facts/Appends.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "clang/AST/StmtCXX.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Preamble = "#include <string>\n"
                             "#include <vector>\n"
                             "bool more();\n"
                             "void consume(std::vector<int> &);\n";

class AppendsTest : public test::SnippetTest {
protected:
  AppendsTest() : SnippetTest(Preamble) {}

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

// --- how an append reaches its loop, and the count of a loop nest -------

TEST_F(AppendsTest, PathToTheLoop) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::vector<int> &v, int n, int m) {\n"
                                "  for (int i = 0; i < n; ++i) {\n"
                                "    v.push_back(i);\n"
                                "    if (i % 2)\n"
                                "      v.push_back(-i);\n"
                                "    for (int j = 0; j < m; ++j)\n"
                                "      v.push_back(j);\n"
                                "    auto g = [&] { v.push_back(0); };\n"
                                "    g();\n"
                                "  }\n"
                                "}\n"
                                "void h(std::vector<int> &v, int n) {\n"
                                "  for (int i = 0; i < n; ++i) {\n"
                                "    if (i == 3)\n"
                                "      continue;\n"
                                "    v.push_back(i);\n"
                                "  }\n"
                                "}\n"));
  const Stmt *Loop = test::findFirstLoop(ctx(), "f");
  ASSERT_TRUE(Loop != nullptr);
  // Three appends in the loop, then the lambda's (after the capture's own
  // reference).
  std::vector<const Expr *> Refs = test::findRefsByName(ctx(), "f", "v");
  ASSERT_GE(Refs.size(), 4u);
  auto Path = [&](unsigned I) {
    const Expr *Site = actionOf(Refs[std::min<size_t>(I, Refs.size() - 1)],
                                ContainerFamily::Vector, ctx())
                           .Site;
    return Site ? pathToLoop(Site, Loop, ctx()) : AppendPath();
  };
  AppendPath Plain = Path(0);
  EXPECT_TRUE(Plain.Reaches);
  EXPECT_FALSE(Plain.Conditional);
  EXPECT_TRUE(Plain.InnerLoops.empty());
  AppendPath UnderIf = Path(1);
  EXPECT_TRUE(UnderIf.Reaches);
  EXPECT_TRUE(UnderIf.Conditional);
  AppendPath Nested = Path(2);
  EXPECT_TRUE(Nested.Reaches);
  ASSERT_EQ(Nested.InnerLoops.size(), 1u);
  // A lambda's body runs when it is called, not where it is written.
  const Expr *InLambda =
      actionOf(Refs.back(), ContainerFamily::Vector, ctx()).Site;
  ASSERT_TRUE(InLambda != nullptr);
  EXPECT_FALSE(pathToLoop(InLambda, Loop, ctx()).Reaches);

  const Stmt *Filtered = test::findFirstLoop(ctx(), "h");
  std::vector<const Expr *> InH = test::findRefsByName(ctx(), "h", "v");
  ASSERT_TRUE(Filtered && InH.size() == 1);
  EXPECT_TRUE(continueBefore(InH[0], Filtered, ctx().getSourceManager()));
  EXPECT_FALSE(continueBefore(Refs[0], Loop, ctx().getSourceManager()));
}

TEST(AppendCountTest, SumsOfProducts) {
  TripCount N{"n", std::nullopt}, M{"m - 1", std::nullopt};
  TripCount Eight{"8", 8}, Named{"TINY_COUNT", 16};
  AppendCount One;
  One.add(1, {Named});
  // One element per iteration of one loop keeps the loop's spelling.
  EXPECT_EQ(One.spelling(), "TINY_COUNT");
  EXPECT_EQ(One.value(), std::optional<uint64_t>(16));

  AppendCount Constant;
  Constant.add(2, {Eight});
  Constant.add(3, {});
  EXPECT_EQ(Constant.spelling(), "19");

  AppendCount Mixed;
  Mixed.add(1, {N});
  Mixed.add(2, {N});
  Mixed.add(1, {N, M});
  Mixed.add(0, {M}); // appends nothing
  EXPECT_EQ(Mixed.value(), std::nullopt);
  EXPECT_EQ(Mixed.spelling(), "3 * n + n * (m - 1)");

  AppendCount Lone;
  Lone.add(1, {M});
  Lone.add(1, {M});
  EXPECT_EQ(Lone.spelling(), "2 * (m - 1)");
}

} // namespace
} // namespace alloc_tidy
