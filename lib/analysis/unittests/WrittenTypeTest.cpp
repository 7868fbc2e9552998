//===--- WrittenTypeTest.cpp - a local's type written into its class ------===//

#include "lib/analysis/facts/WrittenType.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/facts/IncludeGraph.h"
#include "gtest/gtest.h"

namespace alloc_tidy {
namespace {

class WrittenTypeTest : public ::testing::Test {
protected:
  void SetUp() override {
    AST = test::parseCode(R"cc(
#include <map>
#include <string>
#include <vector>
      struct Key {};
      namespace direct {
      using namespace std;
      struct Holder {
        void fill();
      };
      } // namespace direct
      namespace declared {
      using std::vector;
      struct Holder {
        using Row = int;
        void fill();
        int Row2;
      };
      } // namespace declared
      struct Late {};
      void direct::Holder::fill() {
        vector<int> ViaDirective;
        std::vector<std::map<Key, int>::const_iterator> Nested;
        std::vector<Late> DeclaredLater;
#define ELEMENT int
        std::vector<ELEMENT> ThroughMacro;
        using std::string;
        std::vector<string> LocalName;
        std::vector<
            int>
            TwoLines;
        std::vector<std::vector<int> > Nested03;
      }
      void declared::Holder::fill() {
        vector<int> ViaDeclaration;
        std::vector<Row> MemberType;
      }
    )cc");
    ASSERT_TRUE(AST);
    ASSERT_FALSE(test::hasErrors(*AST));
  }

  /// The written type of the local \p Var as a member of its function's
  /// class.
  std::optional<std::string> written(llvm::StringRef Var) {
    clang::ASTContext &Ctx = AST->getASTContext();
    const clang::VarDecl *Local = test::findVar(Ctx, Var);
    const auto *Method =
        llvm::cast<clang::CXXMethodDecl>(Local->getDeclContext());
    return writtenTypeForMember(*Local, *Method, *Method->getParent(), Graph,
                                Ctx);
  }

  std::unique_ptr<clang::ASTUnit> AST;
  IncludeGraph Graph;
};

TEST_F(WrittenTypeTest, KeepsWhatMeansTheSameInTheClass) {
  EXPECT_EQ(written("Nested"),
            "std::vector<std::map<Key, int>::const_iterator>");
  EXPECT_EQ(written("ViaDeclaration"), "vector<int>");
  EXPECT_EQ(written("MemberType"), "std::vector<Row>");
  EXPECT_EQ(written("TwoLines"), "std::vector<int>");
  EXPECT_EQ(written("Nested03"), "std::vector<std::vector<int> >");
}

TEST_F(WrittenTypeTest, NothingWhereANameCouldMeanSomethingElse) {
  // Only a using-directive makes 'vector' visible.
  EXPECT_EQ(written("ViaDirective"), std::nullopt);
  // 'Late' is declared after the class.
  EXPECT_EQ(written("DeclaredLater"), std::nullopt);
  EXPECT_EQ(written("ThroughMacro"), std::nullopt);
  // 'string' is the function's own using-declaration.
  EXPECT_EQ(written("LocalName"), std::nullopt);
}

} // namespace
} // namespace alloc_tidy
