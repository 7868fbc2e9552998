//===--- FreshAssignmentsTest.cpp - containers emptied by a new one -------===//

#include "lib/analysis/facts/FreshAssignments.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Preamble = "#include <deque>\n"
                             "#include <queue>\n"
                             "#include <stack>\n"
                             "#include <string>\n"
                             "#include <vector>\n"
                             "template <class T> struct Arena {\n"
                             "  using value_type = T;\n"
                             "  Arena() = default;\n"
                             "  template <class U> Arena(const Arena<U> &) {}\n"
                             "  T *allocate(unsigned long N);\n"
                             "  void deallocate(T *P, unsigned long N);\n"
                             "  friend bool operator==(Arena, Arena) {\n"
                             "    return true;\n"
                             "  }\n"
                             "  friend bool operator!=(Arena, Arena) {\n"
                             "    return false;\n"
                             "  }\n"
                             "};\n";

class FreshAssignmentsTest : public test::SnippetTest {
protected:
  FreshAssignmentsTest() : SnippetTest(Preamble) {}

  /// The facts of every assignment operator call in \p Function.
  std::vector<std::optional<FreshAssignment>>
  factsIn(llvm::StringRef Function) {
    std::vector<std::optional<FreshAssignment>> All;
    for (const CallExpr *Call : test::findCalls(ctx(), Function, "operator="))
      All.push_back(
          freshDequeAssignment(*cast<CXXOperatorCallExpr>(Call), ctx()));
    return All;
  }
};

TEST_F(FreshAssignmentsTest, NewEmptyDequesStacksAndQueues) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
struct Reader {
  std::stack<int> Brackets;
  std::queue<std::string> Tokens;
  void reset(std::deque<int> &D) {
    D = std::deque<int>();
    Brackets = std::stack<int>{};
    this->Tokens = {};
  }
};
)cpp"));
  std::vector<std::optional<FreshAssignment>> All = factsIn("reset");
  ASSERT_EQ(All.size(), 3u);
  ASSERT_TRUE(All[0] && All[1] && All[2]);
  EXPECT_EQ(All[0]->Shape, FreshShape::Deque);
  EXPECT_EQ(All[0]->TargetText, "D");
  EXPECT_EQ(All[1]->Shape, FreshShape::Stack);
  EXPECT_EQ(All[1]->TargetText, "Brackets");
  EXPECT_EQ(All[2]->Shape, FreshShape::Queue);
  EXPECT_EQ(All[2]->TargetText, "this->Tokens");
  EXPECT_EQ(All[2]->Element.getAsString(), "class std::basic_string<char>");
  for (const std::optional<FreshAssignment> &F : All) {
    EXPECT_TRUE(F->IsStatement);
    EXPECT_TRUE(F->TargetIsPlain);
  }
}

TEST_F(FreshAssignmentsTest, StatementsAndTargets) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
std::deque<int> &current();
struct Holder { std::deque<int> Items; };
void places(bool C, Holder *H, std::deque<int> &D) {
  if (C)
    D = std::deque<int>();
  for (int I = 0; I < 3; ++I)
    H->Items = std::deque<int>();
  (D = std::deque<int>()).push_back(1);
  current() = std::deque<int>();
}
)cpp"));
  std::vector<std::optional<FreshAssignment>> All = factsIn("places");
  ASSERT_EQ(All.size(), 4u);
  ASSERT_TRUE(All[0] && All[1] && All[2] && All[3]);
  EXPECT_TRUE(All[0]->IsStatement); // an if's branch
  EXPECT_TRUE(All[1]->IsStatement); // a loop's body
  EXPECT_TRUE(All[1]->TargetIsPlain);
  EXPECT_EQ(All[1]->TargetText, "H->Items");
  EXPECT_FALSE(All[2]->IsStatement); // its value is used
  EXPECT_TRUE(All[3]->IsStatement);
  EXPECT_FALSE(All[3]->TargetIsPlain); // reached through a call
}

TEST_F(FreshAssignmentsTest, NotAFreshDeque) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
void others(std::deque<int> &D, const std::deque<int> &Other,
            std::vector<int> &V, std::stack<int, std::vector<int>> &S,
            std::deque<int, Arena<int>> &A) {
  D = Other;
  D = std::deque<int>(3);
  V = std::vector<int>();
  S = std::stack<int, std::vector<int>>();
  A = std::deque<int, Arena<int>>();
}
)cpp"));
  for (const std::optional<FreshAssignment> &F : factsIn("others"))
    EXPECT_FALSE(F.has_value());
}

} // namespace
} // namespace alloc_tidy
