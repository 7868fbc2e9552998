//===--- StaticRankTest.cpp - a finding's rank without a profile ----------===//

#include "lib/analysis/decisions/StaticRank.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/ast/AstWalk.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

class StaticRankTest : public test::SnippetTest {
protected:
  StaticRankTest() : SnippetTest("void g(int);\n") {}

  /// The estimate for the statement that declares \p Var.
  StaticEstimate estimateAt(llvm::StringRef Var) {
    const VarDecl *D = test::findVar(ctx(), Var);
    EXPECT_TRUE(D != nullptr) << Var.str();
    if (!D)
      return {};
    if (const auto *Decl =
            parentOf(DynTypedNode::create(*D), ctx()).get<DeclStmt>())
      return estimateStatically(*Decl, ctx());
    return D->getInit() ? estimateStatically(*D->getInit(), ctx())
                        : StaticEstimate();
  }
};

TEST_F(StaticRankTest, CountsTheLoopsAroundTheSite) {
  ASSERT_NO_FATAL_FAILURE(
      parse("void f(int n) {\n"
            "  int none = 0;\n"
            "  for (int i = 0; i < n; ++i) {\n"
            "    int one = i;\n"
            "    while (n--) {\n"
            "      int two = n;\n"
            "      do { int three = 0; g(three); }\n"
            "      while (n > 3);\n"
            "      do { int once = 0; g(once); }\n"
            "      while (false);\n"
            "      g(one + two);\n"
            "    }\n"
            "  }\n"
            "  for (int init = 0; init < n; ++init) g(init);\n"
            "  g(none);\n"
            "}\n"));
  EXPECT_EQ(estimateAt("none").OuterLoops, 0u);
  EXPECT_EQ(estimateAt("one").OuterLoops, 1u);
  EXPECT_EQ(estimateAt("two").OuterLoops, 2u);
  EXPECT_EQ(estimateAt("three").OuterLoops, 3u);
  // do { } while (false) runs its body once.
  EXPECT_EQ(estimateAt("once").OuterLoops, 2u);
  // A for loop's init statement runs once.
  EXPECT_EQ(estimateAt("init").OuterLoops, 0u);

  StaticEstimate None = estimateAt("none");
  EXPECT_EQ(None.rank(), NeutralStaticRank);
  EXPECT_EQ(None.describe(),
            "no outer loop in 'f' and nothing that looks like set-up code");
  EXPECT_EQ(estimateAt("one").rank(), 65u);
  EXPECT_EQ(estimateAt("one").describe(), "it runs inside 1 loop of 'f'");
  EXPECT_EQ(estimateAt("two").rank(), 80u);
  // Two outer loops at most count.
  EXPECT_EQ(estimateAt("three").rank(), 80u);
}

TEST_F(StaticRankTest, LoopsAroundALambdaRepeatIt) {
  ASSERT_NO_FATAL_FAILURE(
      parse("template <class F> void each(F f) { f(1); }\n"
            "void f(int n) {\n"
            "  for (int i = 0; i < n; ++i)\n"
            "    each([&](int x) { int inner = x; g(inner); });\n"
            "}\n"));
  StaticEstimate Inner = estimateAt("inner");
  EXPECT_EQ(Inner.OuterLoops, 1u);
  ASSERT_TRUE(Inner.Function != nullptr);
  EXPECT_EQ(Inner.Function->getNameAsString(), "f");
}

TEST_F(StaticRankTest, SetUpCodeRanksLower) {
  ASSERT_NO_FATAL_FAILURE(parse(
      "struct Table {\n"
      "  Table(int n) { for (int i = 0; i < n; ++i) { int c = i; g(c); } }\n"
      "  ~Table() { int d = 0; g(d); }\n"
      "};\n"
      "void initTables() { int e = 0; g(e); }\n"
      "void load_grammar() { int h = 0; g(h); }\n"
      "void SetUp() { int k = 0; g(k); }\n"
      "void REGISTER_ALL() { int m = 0; g(m); }\n"
      "void initials() { int p = 0; g(p); }\n"
      "void loader() { int q = 0; g(q); }\n"
      "void settle() { int r = 0; g(r); }\n"
      "int make() { return 1; }\n"
      "static int global = [] { int s = make(); return s; }();\n"
      "int main() { int t = 0; g(t); }\n"));
  EXPECT_EQ(estimateAt("c").SetUp, "a constructor");
  EXPECT_EQ(estimateAt("c").rank(), 35u);
  EXPECT_EQ(estimateAt("c").describe(),
            "it runs inside 1 loop of 'Table::Table'; 'Table::Table' "
            "is a constructor, which usually runs once per object or per run");
  EXPECT_EQ(estimateAt("d").SetUp, "a destructor");
  EXPECT_EQ(estimateAt("d").rank(), 20u);
  EXPECT_EQ(estimateAt("e").SetUp, "named like set-up code");
  EXPECT_EQ(estimateAt("h").SetUp, "named like set-up code");
  EXPECT_EQ(estimateAt("k").SetUp, "named like set-up code");
  EXPECT_EQ(estimateAt("m").SetUp, "named like set-up code");
  // Only a whole first word counts.
  EXPECT_EQ(estimateAt("p").SetUp, "");
  EXPECT_EQ(estimateAt("q").SetUp, "");
  EXPECT_EQ(estimateAt("r").SetUp, "");
  EXPECT_EQ(estimateAt("s").SetUp, "a static initializer");
  EXPECT_EQ(estimateAt("t").SetUp, "main()");
}

TEST_F(StaticRankTest, AllocationsBesideRankLower) {
  StaticEstimate Estimate;
  EXPECT_EQ(Estimate.rank(), NeutralStaticRank);
  Estimate.AllocationsBeside = 1;
  EXPECT_EQ(Estimate.rank(), 48u);
  EXPECT_NE(
      Estimate.describe().find("; each run makes 1 other allocation beside it"),
      std::string::npos);
  Estimate.AllocationsBeside = 3;
  EXPECT_EQ(Estimate.rank(), 44u);
  EXPECT_NE(Estimate.describe().find("3 other allocations beside it"),
            std::string::npos);
  // At most 20 lower.
  Estimate.AllocationsBeside = 40;
  EXPECT_EQ(Estimate.rank(), 30u);
}

} // namespace
} // namespace alloc_tidy
