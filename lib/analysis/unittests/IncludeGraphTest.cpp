//===--- IncludeGraphTest.cpp - what a header sees in every unit ----------===//

#include "lib/analysis/facts/IncludeGraph.h"
#include "AnalysisTestUtils.h"
#include "clang/Basic/SourceManager.h"
#include "gtest/gtest.h"

namespace alloc_tidy {
namespace {

using Key = IncludeGraph::FileKey;

TEST(IncludeGraphTest, ReachesThroughIncludedFiles) {
  IncludeGraph Graph;
  Key A(1, 1), B(1, 2), C(1, 3), D(1, 4);
  Graph.addInclusion(A, B);
  Graph.addInclusion(B, C);
  Graph.addInclusion(C, A); // a cycle ends
  EXPECT_TRUE(Graph.reaches(A, A));
  EXPECT_TRUE(Graph.reaches(A, C));
  EXPECT_TRUE(Graph.reaches(C, B));
  EXPECT_FALSE(Graph.reaches(A, D));
  EXPECT_FALSE(Graph.reaches(D, A));
  Graph.clear();
  EXPECT_FALSE(Graph.reaches(A, B));
}

class HeaderNeedsTest : public ::testing::Test {
protected:
  void SetUp() override {
    AST = test::parseCode(
        R"cc(
#include "hidden.h"
#include "class.h"
#include <string>
#include <vector>
          std::vector<Seen> SeenValues;
          std::vector<Hidden> HiddenValues;
          std::vector<std::string> Strings;
          std::vector<SeenAlias> Aliased;
          std::vector<Later> LaterValues;
          std::vector<Seen *> Pointers;
        )cc",
        {},
        {{"types.h", "struct Seen {}; using SeenAlias = int;\n"},
         {"hidden.h", "struct Hidden {};\n"},
         {"class.h", "#include \"types.h\"\nclass C { int X; };\n"
                     "struct Later {};\n"}});
    ASSERT_TRUE(AST);
    ASSERT_FALSE(test::hasErrors(*AST));
    clang::ASTContext &Ctx = AST->getASTContext();
    clang::FileManager &Files = Ctx.getSourceManager().getFileManager();
    auto KeyOf = [&](llvm::StringRef Name) {
      return Files.getOptionalFileRef(Name)->getUniqueID();
    };
    // As the recorder would: class.h includes types.h, nothing else.
    Graph.addInclusion(KeyOf("class.h"), KeyOf("types.h"));
    Where = test::findRecord(Ctx, "C")->getBraceRange().getEnd();
  }

  HeaderNeeds needsOf(llvm::StringRef Var) {
    clang::ASTContext &Ctx = AST->getASTContext();
    return headerNeedsFor(test::findVar(Ctx, Var)->getType(), Where, Graph,
                          Ctx);
  }

  std::unique_ptr<clang::ASTUnit> AST;
  IncludeGraph Graph;
  clang::SourceLocation Where;
};

TEST_F(HeaderNeedsTest, TypesTheHeaderIncludes) {
  HeaderNeeds Needs = needsOf("SeenValues");
  EXPECT_EQ(Needs.Unseen, nullptr);
  EXPECT_EQ(Needs.StandardHeaders, std::set<std::string>{"<vector>"});
  EXPECT_EQ(needsOf("Aliased").Unseen, nullptr);
  EXPECT_EQ(needsOf("Pointers").Unseen, nullptr);
}

TEST_F(HeaderNeedsTest, StringsComeWithTheirHeader) {
  HeaderNeeds Needs = needsOf("Strings");
  EXPECT_EQ(Needs.Unseen, nullptr);
  EXPECT_EQ(Needs.StandardHeaders,
            (std::set<std::string>{"<string>", "<vector>"}));
}

TEST_F(HeaderNeedsTest, TypesOnlyTheMainFileIncludes) {
  const clang::NamedDecl *Unseen = needsOf("HiddenValues").Unseen;
  ASSERT_NE(Unseen, nullptr);
  EXPECT_EQ(Unseen->getName(), "Hidden");
}

TEST_F(HeaderNeedsTest, TypesLaterInTheHeader) {
  const clang::NamedDecl *Unseen = needsOf("LaterValues").Unseen;
  ASSERT_NE(Unseen, nullptr);
  EXPECT_EQ(Unseen->getName(), "Later");
}

} // namespace
} // namespace alloc_tidy
