//===--- AllocationsBesideTest.cpp - what else a run allocates ------------===//

#include "lib/analysis/facts/AllocationsBeside.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/Repetition.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

class AllocationsBesideTest : public test::SnippetTest {
protected:
  AllocationsBesideTest()
      : SnippetTest("#include <memory>\n#include <string>\n#include <utility>\n"
                    "#include <vector>\n"
                    "std::string name(int);\n"
                    "std::vector<int> list(int);\n"
                    "void use(const std::string &);\n") {}

  /// The allocations beside the declaration of \p Var in one run of its
  /// loop, or of its function.
  unsigned besideVar(llvm::StringRef Var) {
    const VarDecl *D = test::findVar(ctx(), Var);
    EXPECT_TRUE(D != nullptr) << Var.str();
    if (!D)
      return ~0u;
    const auto *Decl =
        parentOf(DynTypedNode::create(*D), ctx()).get<DeclStmt>();
    std::optional<Repetition> Where = findRepetition(*Decl, ctx());
    EXPECT_TRUE(Where.has_value());
    if (!Where)
      return ~0u;
    return countAllocationsBeside(*Decl, *repeatedBody(*Where), ctx());
  }
};

TEST_F(AllocationsBesideTest, CountsWhatEveryRunMakes) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
void f(int N) {
  for (int I = 0; I < N; ++I) {
    std::string Site = "a literal longer than any inline buffer";
    std::string A = name(I);                 // a call returning a string
    std::vector<int> B = list(I);            // one returning a vector
    std::string C = A;                       // a copy of an lvalue
    std::string D = A + C;                   // '+' makes one
    std::string E = A + C + D + A;           // and appends to it after
    auto F = std::make_unique<int>(I);       // make_unique
    int *G = new int(I);                     // new
    std::vector<int> H = {1, I, 3};          // a list with a variable
    use(Site + E);
    delete G;
  }
}
)cpp"));
  // name, list, the copy, two first '+', make_unique, new, the list and the
  // '+' of use()'s argument.
  EXPECT_EQ(besideVar("Site"), 9u);
}

TEST_F(AllocationsBesideTest, WhatMakesNothing) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
void f(int N, std::string Kept) {
  for (int I = 0; I < N; ++I) {
    std::string Site = "a literal longer than any inline buffer";
    std::string Empty;
    std::string Short = "short";
    std::string Moved = std::move(Kept);
    std::string Number = std::to_string(I);
    const std::string &Ref = Kept;
    use(Ref);
    use("short too");
    use("another literal, longer than the inline buffer");
    std::vector<std::string> Constants = {"a", "literal longer than a buffer"};
    use(Kept.c_str());
    use(std::string(Kept.data()));
  }
}
)cpp"));
  EXPECT_EQ(besideVar("Site"), 0u);
}

TEST_F(AllocationsBesideTest, OnlyWhatRunsOnTheSitesPath) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
void f(int N, bool Verbose) {
  for (int I = 0; I < N; ++I) {
    std::string Before = name(I);
    if (Verbose) {
      std::string Site = "a literal longer than any inline buffer";
      std::string Same = name(I);
    } else {
      std::string Other = name(I), More = name(I + 1);
    }
    for (int J = 0; J < I; ++J)
      use(name(J));
    bool B = Verbose && !name(I).empty();
    std::string T = Verbose ? name(I) : name(-I);
    auto L = [I] { return name(I); };
    (void)sizeof(name(I));
    switch (I) {
    case 1:
      use(name(I));
      break;
    }
    try {
      use(name(I));
    } catch (...) {
      use(name(-1));
    }
    (void)B;
  }
}
)cpp"));
  // Before, Same and the call in the try block.
  EXPECT_EQ(besideVar("Site"), 3u);
}

TEST_F(AllocationsBesideTest, AFunctionWithoutALoopCountsItsBody) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
void f(int N) {
  std::string Site = "a literal longer than any inline buffer";
  std::string A = name(N), B = name(N + 1);
  for (int I = 0; I < N; ++I)
    use(name(I));
  use(A + B);
}
)cpp"));
  EXPECT_EQ(besideVar("Site"), 3u);
}

} // namespace
} // namespace alloc_tidy
