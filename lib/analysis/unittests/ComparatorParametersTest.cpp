//===--- ComparatorParametersTest.cpp - callables copying per element -----===//

#include "lib/analysis/facts/ComparatorParameters.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

class ComparatorParametersTest : public test::SnippetTest {
protected:
  ComparatorParametersTest()
      : SnippetTest("#include <algorithm>\n#include <map>\n#include <set>\n"
                    "#include <string>\n#include <unordered_map>\n"
                    "#include <vector>\n#define ROW Row\n") {}

  /// The names of the parameters of \p Class's call operator that are
  /// copied and only read; "none" when it has no sole call operator.
  std::vector<std::string> copiedOf(llvm::StringRef Class) {
    const CXXMethodDecl *Operator =
        soleCallOperator(*test::findRecord(ctx(), Class));
    if (!Operator)
      return {"none"};
    std::vector<std::string> Names;
    for (const ParmVarDecl *P : readOnlyCopiedParameters(*Operator, ctx()))
      Names.push_back(P->getName().str());
    return Names;
  }

  /// The text of \p Function's first parameter after constReferenceEdits.
  std::string edited(llvm::StringRef Class) {
    const CXXMethodDecl *Operator =
        soleCallOperator(*test::findRecord(ctx(), Class));
    const ParmVarDecl *P = Operator->getParamDecl(0);
    const SourceManager &SM = ctx().getSourceManager();
    llvm::SmallVector<TextEdit, 2> Edits = constReferenceEdits(*P, ctx());
    if (Edits.empty())
      return "";
    SourceLocation Begin = P->getBeginLoc(), End = P->getLocation();
    std::string Text;
    for (SourceLocation L = Begin; L != End.getLocWithOffset(1);
         L = L.getLocWithOffset(1)) {
      for (const TextEdit &E : Edits)
        if (E.Range.getBegin() == L)
          Text += E.Text;
      Text += *SM.getCharacterData(L);
    }
    return Text;
  }
};

TEST_F(ComparatorParametersTest, ContainersNameTheirCallables) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
struct Less { bool operator()(int A, int B) const { return A < B; } };
struct Hash { size_t operator()(int A) const { return A; } };
struct Equal { bool operator()(int A, int B) const { return A == B; } };
std::set<int, Less> S;
std::map<int, int, Less> M;
std::unordered_map<int, int, Hash, Equal> U;
std::set<int> Plain;
std::vector<Less> NotCalled;
)cpp"));
  auto Named = [&](llvm::StringRef Var) {
    std::vector<std::string> Names;
    for (const CXXRecordDecl *C :
         elementCallables(*test::typeOfVar(ctx(), Var)->getAsCXXRecordDecl()))
      Names.push_back(C->getNameAsString());
    return Names;
  };
  EXPECT_EQ(Named("S"), std::vector<std::string>{"Less"});
  EXPECT_EQ(Named("M"), std::vector<std::string>{"Less"});
  EXPECT_EQ(Named("U"), (std::vector<std::string>{"Hash", "Equal"}));
  // std::less is the library's own.
  EXPECT_TRUE(Named("Plain").empty());
  EXPECT_TRUE(Named("NotCalled").empty());
}

TEST_F(ComparatorParametersTest, OnlyReadCopiesThatAllocate) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
struct Row { std::string Name; int Id; };
struct Point { int X, Y; };
std::vector<Row> Kept;
struct Reads {
  bool operator()(Row A, const Row B) const { return A.Name < B.Name; }
};
struct Changes {
  bool operator()(Row A, Row B) const { A.Id = 0; return A.Name < B.Name; }
};
struct Moves {
  bool operator()(Row A, Row B) const {
    Kept.push_back(std::move(B));
    return A.Name < Kept.back().Name;
  }
};
struct Cheap {
  bool operator()(Point A, Point B) const { return A.X < B.X; }
};
struct ByReference {
  bool operator()(const Row &A, const Row &B) const { return A.Id < B.Id; }
};
struct Two {
  bool operator()(Row A, Row B) const { return A.Id < B.Id; }
  bool operator()(int A, int B) const { return A < B; }
};
struct Virtual {
  virtual bool operator()(Row A, Row B) const { return A.Id < B.Id; }
};
struct Macro {
  bool operator()(ROW A, Row B) const { return A.Id < B.Id; }
};
)cpp"));
  EXPECT_EQ(copiedOf("Reads"), (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(copiedOf("Changes"), std::vector<std::string>{"B"});
  EXPECT_EQ(copiedOf("Moves"), std::vector<std::string>{"A"});
  EXPECT_TRUE(copiedOf("Cheap").empty());
  EXPECT_TRUE(copiedOf("ByReference").empty());
  EXPECT_EQ(copiedOf("Two"), std::vector<std::string>{"none"});
  EXPECT_EQ(copiedOf("Virtual"), std::vector<std::string>{"none"});

  EXPECT_EQ(edited("Reads"), "const Row &A");
  EXPECT_EQ(edited("Changes"), "const Row &A");
  // A macro writes the type: no edit.
  EXPECT_EQ(edited("Macro"), "");
}

TEST_F(ComparatorParametersTest, ConstParameterKeepsItsConst) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
struct EastConst {
  bool operator()(std::string const A, std::string B) const { return A < B; }
};
struct WestConst {
  bool operator()(const std::string A, std::string B) const { return A < B; }
};
)cpp"));
  EXPECT_EQ(edited("EastConst"), "std::string const &A");
  EXPECT_EQ(edited("WestConst"), "const std::string &A");
}

} // namespace
} // namespace alloc_tidy
