//===--- LoopContainerFillsTest.cpp - a container refilled in a loop ------===//

#include "lib/analysis/facts/LoopContainerFills.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Preamble =
    "#include <string>\n"
    "#include <utility>\n"
    "#include <vector>\n"
    "template <class T, unsigned N> struct SmallVec {\n"
    "  void push_back(T);\n"
    "};\n"
    "bool more();\n"
    "std::string line();\n"
    "void keep(std::vector<int> &);\n";

class LoopContainerFillsTest : public test::SnippetTest {
protected:
  LoopContainerFillsTest() : SnippetTest(Preamble) {}

  /// What the first loop of 'f' does with its local 'v'.
  LoopContainerUses uses(bool UnboundedStrings = false) {
    const VarDecl *V = test::findVar(ctx(), "v");
    const Stmt *Loop = test::findFirstLoop(ctx(), "f");
    std::optional<LoopContainerShape> S =
        V ? loopContainerShape(V, ctx()) : std::nullopt;
    if (!Loop || !S) {
      ADD_FAILURE() << "want a loop in f and a container v";
      return {};
    }
    return judgeLoopContainerUses(V, Loop, *S, UnboundedStrings, ctx());
  }
};

TEST_F(LoopContainerFillsTest, Shape) {
  ASSERT_NO_FATAL_FAILURE(parse("std::vector<double> a;\n"
                                "std::string b;\n"
                                "std::u32string c;\n"
                                "SmallVec<int, 4> d;\n"
                                "int e;\n"));
  auto ShapeOf = [&](llvm::StringRef Name) {
    return loopContainerShape(test::findVar(ctx(), Name), ctx());
  };
  std::optional<LoopContainerShape> A = ShapeOf("a");
  ASSERT_TRUE(A.has_value());
  EXPECT_FALSE(A->IsString);
  EXPECT_EQ(A->InlineElements, std::nullopt);
  EXPECT_EQ(A->Element.getAsString(), "double");
  // The largest inline buffer of the three libraries: 22 bytes.
  EXPECT_EQ(ShapeOf("b")->InlineElements, 22u);
  EXPECT_TRUE(ShapeOf("b")->IsString);
  EXPECT_EQ(ShapeOf("c")->InlineElements, 5u);
  EXPECT_EQ(ShapeOf("d")->InlineElements, 4u);
  EXPECT_FALSE(ShapeOf("e").has_value());
}

TEST_F(LoopContainerFillsTest, DefaultConstructed) {
  ASSERT_NO_FATAL_FAILURE(parse("void f() {\n"
                                "  std::vector<int> a;\n"
                                "  std::vector<int> b{};\n"
                                "  std::vector<int> c = std::vector<int>();\n"
                                "  std::vector<int> d(3);\n"
                                "  std::vector<int> e = {1, 2};\n"
                                "}\n"));
  for (const char *Name : {"a", "b", "c"})
    EXPECT_TRUE(isDefaultConstructed(test::findVar(ctx(), Name))) << Name;
  for (const char *Name : {"d", "e"})
    EXPECT_FALSE(isDefaultConstructed(test::findVar(ctx(), Name))) << Name;
}

TEST_F(LoopContainerFillsTest, FilledEveryIteration) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(int n) {\n"
                                "  for (int i = 0; i < n; ++i) {\n"
                                "    std::vector<int> v;\n"
                                "    v.push_back(i);\n"
                                "    if (v.size() > 3) return;\n"
                                "  }\n"
                                "}\n"));
  LoopContainerUses U = uses();
  EXPECT_TRUE(U.Escape.empty()) << U.Escape;
  ASSERT_EQ(U.Fills.size(), 1u);
  EXPECT_TRUE(U.Fills.front().Definite);
}

TEST_F(LoopContainerFillsTest, BuffersThatLeaveOrMayBeKept) {
  // Moved out: the next iteration needs a new buffer anyway.
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::vector<std::vector<int>> &out) {\n"
                                "  while (more()) {\n"
                                "    std::vector<int> v;\n"
                                "    v.push_back(1);\n"
                                "    out.push_back(std::move(v));\n"
                                "  }\n"
                                "}\n"));
  EXPECT_FALSE(uses().Escape.empty());
  // Passed by non-const reference: the callee may keep it.
  ASSERT_NO_FATAL_FAILURE(parse("void f() {\n"
                                "  while (more()) {\n"
                                "    std::vector<int> v;\n"
                                "    v.push_back(1);\n"
                                "    keep(v);\n"
                                "  }\n"
                                "}\n"));
  EXPECT_FALSE(uses().Escape.empty());
  // Captured by reference.
  ASSERT_NO_FATAL_FAILURE(parse("void f() {\n"
                                "  while (more()) {\n"
                                "    std::vector<int> v;\n"
                                "    auto add = [&v] { v.push_back(1); };\n"
                                "    add();\n"
                                "  }\n"
                                "}\n"));
  EXPECT_EQ(uses().Escape, "captured by reference by a lambda");
  // Only read: nothing allocates.
  ASSERT_NO_FATAL_FAILURE(parse("int f() {\n"
                                "  int total = 0;\n"
                                "  while (more()) {\n"
                                "    std::vector<int> v;\n"
                                "    total += v.size();\n"
                                "  }\n"
                                "  return total;\n"
                                "}\n"));
  LoopContainerUses U = uses();
  EXPECT_TRUE(U.Escape.empty());
  EXPECT_TRUE(U.Fills.empty());
}

TEST_F(LoopContainerFillsTest, StringsByTheCharactersTheyProvablyHold) {
  // A short literal stays in the inline buffer.
  ASSERT_NO_FATAL_FAILURE(parse("void f() {\n"
                                "  while (more()) {\n"
                                "    std::string v;\n"
                                "    v += \"short\";\n"
                                "  }\n"
                                "}\n"));
  EXPECT_TRUE(uses().Fills.empty());
  // One longer than any library's buffer allocates.
  ASSERT_NO_FATAL_FAILURE(
      parse("void f() {\n"
            "  while (more()) {\n"
            "    std::string v;\n"
            "    v += \"a literal longer than the buffer\";\n"
            "  }\n"
            "}\n"));
  EXPECT_EQ(uses().Fills.size(), 1u);
  // A count that is not a constant counts only with UnboundedStrings.
  ASSERT_NO_FATAL_FAILURE(parse("void f(unsigned n) {\n"
                                "  while (more()) {\n"
                                "    std::string v;\n"
                                "    v.append(n, ' ');\n"
                                "  }\n"
                                "}\n"));
  EXPECT_TRUE(uses().Fills.empty());
  EXPECT_EQ(uses(/*UnboundedStrings=*/true).Fills.size(), 1u);
  // A string of unknown length is no claim either way: strings are mostly
  // filled with short ones.
  ASSERT_NO_FATAL_FAILURE(parse("void f() {\n"
                                "  while (more()) {\n"
                                "    std::string v;\n"
                                "    v += line();\n"
                                "  }\n"
                                "}\n"));
  EXPECT_TRUE(uses().Fills.empty());
  EXPECT_TRUE(uses(/*UnboundedStrings=*/true).Fills.empty());
}

} // namespace
} // namespace alloc_tidy
