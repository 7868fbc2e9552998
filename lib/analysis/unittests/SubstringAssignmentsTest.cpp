//===--- SubstringAssignmentsTest.cpp - strings cut to part of themselves -===//

#include "lib/analysis/facts/SubstringAssignments.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

class SubstringAssignmentsTest : public test::SnippetTest {
protected:
  SubstringAssignmentsTest()
      : SnippetTest("#include <string>\n#define SKIP 2\n") {}

  /// The facts of every assignment operator call in \p Function.
  std::vector<std::optional<SubstringAssignment>>
  factsIn(llvm::StringRef Function) {
    std::vector<std::optional<SubstringAssignment>> All;
    for (const CallExpr *Call : test::findCalls(ctx(), Function, "operator="))
      All.push_back(
          selfSubstringAssignment(*cast<CXXOperatorCallExpr>(Call), ctx()));
    return All;
  }
};

TEST_F(SubstringAssignmentsTest, SameStringOnBothSides) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
struct Reader {
  std::string Rest;
  std::wstring Wide;
  void cut(std::string &S, Reader *R, unsigned N) {
    S = S.substr(N + 1);
    Rest = this->Rest.substr(0, N);
    R->Wide = (R->Wide).substr(SKIP);
  }
};
)cpp"));
  std::vector<std::optional<SubstringAssignment>> All = factsIn("cut");
  ASSERT_EQ(All.size(), 3u);
  ASSERT_TRUE(All[0] && All[1] && All[2]);
  EXPECT_EQ(All[0]->TargetText, "S");
  EXPECT_EQ(All[0]->Arguments, std::vector<std::string>{"N + 1"});
  EXPECT_TRUE(isa<ParmVarDecl>(All[0]->Object));
  EXPECT_EQ(All[1]->TargetText, "Rest");
  EXPECT_EQ(All[1]->Arguments, (std::vector<std::string>{"0", "N"}));
  EXPECT_TRUE(isa<FieldDecl>(All[1]->Object));
  // A macro's whole expansion is kept as written.
  EXPECT_EQ(All[2]->Arguments, std::vector<std::string>{"SKIP"});

  LangOptions CXX11;
  CXX11.CPlusPlus = CXX11.CPlusPlus11 = true;
  LangOptions CXX17 = CXX11;
  CXX17.CPlusPlus14 = CXX17.CPlusPlus17 = true;
  EXPECT_EQ(assignReplacement(*All[0], CXX17), "S.assign(S, N + 1)");
  EXPECT_EQ(assignReplacement(*All[0], CXX11), "S.assign(S, N + 1, S.npos)");
  EXPECT_EQ(assignReplacement(*All[1], CXX11), "Rest.assign(Rest, 0, N)");
  EXPECT_EQ(assignReplacement(*All[2], CXX17), "R->Wide.assign(R->Wide, SKIP)");
}

TEST_F(SubstringAssignmentsTest, NotItsOwnSubstring) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
struct Pair { std::string First, Second; };
std::string &current();
void others(std::string &A, std::string &B, Pair &P, Pair &Q) {
  A = B.substr(1);
  A = A.substr();
  A = A.substr(1) + "x";
  P.First = P.Second.substr(1);
  P.First = Q.First.substr(1);
  current() = current().substr(1);
}
)cpp"));
  std::vector<std::optional<SubstringAssignment>> All = factsIn("others");
  ASSERT_EQ(All.size(), 6u);
  for (const std::optional<SubstringAssignment> &F : All)
    EXPECT_FALSE(F.has_value());
}

} // namespace
} // namespace alloc_tidy
