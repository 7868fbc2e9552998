//===--- ColdCodeTest.cpp - code that runs only on error paths ------------===//

#include "lib/analysis/facts/ColdCode.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

TEST(ColdCodeTest, NamesAttributesAndLambdas) {
  std::unique_ptr<ASTUnit> AST =
      test::parseCode("void arrayIndexError() { int InError = 0; }\n"
                      "void getStructuredErrors() { int InErrors = 0; }\n"
                      "void reportMissing() {\n"
                      "  auto L = [] { int InLambda = 0; };\n"
                      "}\n"
                      "[[gnu::cold]] void onCorrupt() { int InCold = 0; }\n"
                      "void usage() { int InUsage = 0; }\n"
                      "void formatRow() { int InHot = 0; }\n"
                      "void terror() { int InTerror = 0; }\n");
  ASSERT_TRUE(AST);
  ASSERT_FALSE(test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  llvm::Regex Names(DefaultColdFunctions);
  auto Cold = [&](llvm::StringRef Var, const llvm::Regex *Pattern) {
    const VarDecl *D = test::findVar(Ctx, Var);
    EXPECT_TRUE(D) << Var.str();
    return D && isInColdFunction(*D, Pattern);
  };
  EXPECT_TRUE(Cold("InError", &Names));
  EXPECT_TRUE(Cold("InErrors", &Names));
  EXPECT_TRUE(Cold("InLambda", &Names));
  EXPECT_TRUE(Cold("InCold", &Names));
  EXPECT_TRUE(Cold("InUsage", &Names));
  EXPECT_FALSE(Cold("InHot", &Names));
  // A substring, as the pattern says: 'terror' contains 'error'.
  EXPECT_TRUE(Cold("InTerror", &Names));
  // Without a pattern only the attribute makes a function cold.
  EXPECT_FALSE(Cold("InError", nullptr));
  EXPECT_TRUE(Cold("InCold", nullptr));
  // The function itself, not only what it holds.
  const FunctionDecl *Report = test::findFunction(Ctx, "reportMissing");
  ASSERT_TRUE(Report);
  EXPECT_TRUE(isInColdFunction(*Report, &Names));
  EXPECT_TRUE(isColdFunction(*Report, &Names));
}

} // namespace
} // namespace alloc_tidy
