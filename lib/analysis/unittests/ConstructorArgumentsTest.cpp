//===--- ConstructorArgumentsTest.cpp - what every construction passes ----===//

#include "lib/analysis/facts/ConstructorArguments.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Row = "#include <memory>\n"
                        "#include <vector>\n"
                        "struct Row {\n"
                        "  explicit Row(int Width, int Height = 1);\n"
                        "  Row(const Row &) = default;\n"
                        "};\n";

struct Answer {
  std::optional<uint64_t> Value;
  std::string Why;
};

/// What every construction of Row passes for parameter \p Index of its
/// first constructor, in \p Code (appended to the Row declaration).
Answer askRow(const std::string &Code, unsigned Index = 0,
              const test::VirtualFiles &Files = {}) {
  auto AST = test::parseCode(std::string(Row) + Code, {}, Files);
  EXPECT_TRUE(AST && !test::hasErrors(*AST)) << Code;
  if (!AST)
    return {};
  ASTContext &Ctx = AST->getASTContext();
  const CXXRecordDecl *Record = test::findRecord(Ctx, "Row");
  EXPECT_TRUE(Record);
  if (!Record)
    return {};
  const CXXConstructorDecl *Ctor = *Record->ctor_begin();
  ConstructorArguments Arguments(Ctx);
  Answer Result;
  Result.Value = Arguments.constantArgument(Ctor, Index, Result.Why);
  return Result;
}

TEST(ConstructorArgumentsTest, DirectConstructionsWithOneConstant) {
  Answer A = askRow("Row A(120);\n"
                    "Row *B = new Row(120, 3);\n"
                    "Row C{120};\n"
                    "constexpr int Width = 120;\n"
                    "Row D(Width);\n");
  EXPECT_EQ(A.Value, 120u) << A.Why;
}

TEST(ConstructorArgumentsTest, DefaultArgumentCountsAsPassed) {
  EXPECT_EQ(askRow("Row A(120);\nRow B(80, 1);\n", 1).Value, 1u);
  Answer A = askRow("Row A(120);\nRow B(80, 2);\n", 1);
  EXPECT_FALSE(A.Value);
  EXPECT_EQ(A.Why, "constructions of 'Row' pass different sizes (1 and 2)");
}

TEST(ConstructorArgumentsTest, DifferentConstantsHaveNoAnswer) {
  Answer A = askRow("Row A(120);\nRow B(80);\n");
  EXPECT_FALSE(A.Value);
  EXPECT_EQ(A.Why, "constructions of 'Row' pass different sizes (120 and 80)");
}

TEST(ConstructorArgumentsTest, ForwardingCallsOfTheStandardLibrary) {
  Answer A = askRow("void f(std::vector<Row> &Rows, Row *Raw) {\n"
                    "  Rows.emplace_back(120);\n"
                    "  Rows.emplace(Rows.begin(), 120);\n"
                    "  auto U = std::make_unique<Row>(120);\n"
                    "  auto S = std::make_shared<Row>(120, 2);\n"
                    "}\n");
  EXPECT_EQ(A.Value, 120u) << A.Why;
  A = askRow("void f(std::vector<Row> &Rows) { Rows.emplace_back(120); }\n"
             "void g(std::vector<Row> &Rows) { Rows.emplace_back(80); }\n");
  EXPECT_FALSE(A.Value);
}

TEST(ConstructorArgumentsTest, ParameterOfAnotherConstructorIsFollowed) {
  static const std::string Screen =
      "struct Screen {\n"
      "  Screen(int W, int H) { for (int Y = 0; Y < H; ++Y)\n"
      "                           Rows.emplace_back(W); }\n"
      "  std::vector<Row> Rows;\n"
      "};\n";
  Answer A = askRow(Screen + "Screen Main(120, 30), Alt(120, 10);\n");
  EXPECT_EQ(A.Value, 120u) << A.Why;
  A = askRow(Screen + "Screen Main(120, 30), Alt(80, 10);\n");
  EXPECT_FALSE(A.Value);
  // A constructor that changes the parameter before passing it on.
  A = askRow("struct Wide { Wide(int W) { W *= 2; R.emplace_back(W); }\n"
             "  std::vector<Row> R; };\n"
             "Wide X(60);\n");
  EXPECT_FALSE(A.Value);
  EXPECT_EQ(A.Why, "the size comes from 'W', which is not a constant");
}

TEST(ConstructorArgumentsTest, RuntimeValueHasNoAnswer) {
  Answer A = askRow("int width();\nRow A(width());\n");
  EXPECT_FALSE(A.Value);
  EXPECT_EQ(A.Why, "the size comes from 'width()', which is not a constant");
}

TEST(ConstructorArgumentsTest, NoConstructionHasNoAnswer) {
  Answer A = askRow("");
  EXPECT_FALSE(A.Value);
  EXPECT_EQ(A.Why, "no construction of 'Row' is visible");
}

TEST(ConstructorArgumentsTest, LibraryConstructionWithoutForwardingCall) {
  // std::vector<Row>(3, Row(120)) copies; but a library call that builds
  // Rows from arguments it was given, and that the analysis does not know,
  // hides the value.
  Answer A = askRow("#include <optional>\n"
                    "Row A(120);\n"
                    "std::optional<Row> O(std::in_place, 80);\n");
  EXPECT_FALSE(A.Value);
  EXPECT_EQ(A.Why, "'Row' is constructed in library code the analysis does not "
                   "follow");
}

TEST(ConstructorArgumentsTest, ClassInAHeaderHasNoAnswer) {
  auto AST = test::parseCode("#include \"row.h\"\nHRow A(120);\n", {},
                             {{"row.h", "struct HRow { HRow(int W); };\n"}});
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  const CXXRecordDecl *Record = test::findRecord(Ctx, "HRow");
  ASSERT_TRUE(Record);
  ConstructorArguments Arguments(Ctx);
  std::string Why;
  EXPECT_FALSE(Arguments.constantArgument(*Record->ctor_begin(), 0, Why));
  EXPECT_EQ(Why, "'HRow' is declared in a header, where other translation "
                 "units can construct it with other arguments");
}

TEST(ConstructorArgumentsTest, AmbiguousForwardingHasNoAnswer) {
  auto AST =
      test::parseCode("#include <vector>\n"
                      "struct Two { Two(int); Two(long); };\n"
                      "void f(std::vector<Two> &V) { V.emplace_back(1); }\n");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  const CXXRecordDecl *Record = test::findRecord(Ctx, "Two");
  ASSERT_TRUE(Record);
  ConstructorArguments Arguments(Ctx);
  std::string Why;
  EXPECT_FALSE(Arguments.constantArgument(*Record->ctor_begin(), 0, Why));
  EXPECT_EQ(Why, "the analysis cannot tell which constructor of 'Two' this "
                 "call uses");
}

TEST(ConstructorArgumentsTest, EvaluateCount) {
  auto AST = test::parseCode("constexpr int N = 4;\n"
                             "int a = N * 3, b = -1;\n"
                             "int c = a;\n");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  EXPECT_EQ(evaluateCount(test::findVar(Ctx, "a")->getInit(), Ctx), 12u);
  EXPECT_FALSE(evaluateCount(test::findVar(Ctx, "b")->getInit(), Ctx));
  EXPECT_FALSE(evaluateCount(test::findVar(Ctx, "c")->getInit(), Ctx));
  EXPECT_FALSE(evaluateCount(nullptr, Ctx));
}

} // namespace
} // namespace alloc_tidy
