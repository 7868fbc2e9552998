//===--- PmrLocalPlanTest.cpp - a local vector on a stack buffer ----------===//

#include "lib/analysis/decisions/PmrLocalPlan.h"
#include "AnalysisTestUtils.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "gtest/gtest.h"
#include <algorithm>

using namespace clang;

namespace alloc_tidy {
namespace {

class PmrLocalPlanTest : public test::SnippetTest {
protected:
  PmrLocalPlanTest() : SnippetTest("#include <vector>\n") {}

  /// The plan for 'v' of type text \p TypeText (its first occurrence),
  /// sized to \p Capacity ints.
  PmrLocalPlan plan(StringRef TypeText, uint64_t Capacity = 2,
                    uint64_t MaxBytes = 1024) {
    const VarDecl *V = test::findVar(ctx(), "v");
    if (!V) {
      ADD_FAILURE() << "no 'v'";
      return {};
    }
    std::vector<ContainerUse> Uses;
    for (const Expr *Ref : test::findRefs(ctx(), V))
      Uses.push_back(classifyContainerUse(Ref, ctx()));
    const SourceManager &SM = ctx().getSourceManager();
    FileID Main = SM.getMainFileID();
    size_t At = SM.getBufferData(Main).find(TypeText);
    SourceLocation Begin = SM.getLocForStartOfFile(Main).getLocWithOffset(At);
    CharSourceRange Type = CharSourceRange::getCharRange(
        Begin, Begin.getLocWithOffset(TypeText.size()));
    return planPmrLocal(*V, Uses, Type, "int", 4, Capacity, MaxBytes, ctx());
  }

  /// The main file's text with \p Edits applied.
  std::string applied(const std::vector<TextEdit> &Edits) {
    const SourceManager &SM = ctx().getSourceManager();
    std::string Text = SM.getBufferData(SM.getMainFileID()).str();
    std::vector<TextEdit> Sorted = Edits;
    std::sort(Sorted.begin(), Sorted.end(),
              [&](const TextEdit &A, const TextEdit &B) {
                return SM.getFileOffset(A.Range.getBegin()) >
                       SM.getFileOffset(B.Range.getBegin());
              });
    for (const TextEdit &E : Sorted) {
      unsigned From = SM.getFileOffset(E.Range.getBegin());
      unsigned To = SM.getFileOffset(E.Range.getEnd());
      Text.replace(From, To - From, E.Text);
    }
    return Text.substr(Text.find("int f"));
  }
};

TEST_F(PmrLocalPlanTest, TheBufferGoesBeforeTheStatementWithItsIndent) {
  // Tabs, and a 'const' before the type: the insertion and the type are
  // two edits.
  ASSERT_NO_FATAL_FAILURE(parse("int f() {\n"
                                "\t{\n"
                                "\t\tconst std::vector<int> v(2, 7);\n"
                                "\t\treturn v[0] + v.back();\n"
                                "\t}\n"
                                "}\n"));
  PmrLocalPlan P = plan("std::vector<int>");
  ASSERT_TRUE(P.Why.empty()) << P.Why;
  EXPECT_EQ(P.Edits.size(), 3u);
  EXPECT_EQ(P.BufferElements, 4u);
  EXPECT_EQ(applied(P.Edits),
            "int f() {\n"
            "\t{\n"
            "\t\talignas(int) unsigned char vBuffer[sizeof(int) * 4];\n"
            "\t\tstd::pmr::monotonic_buffer_resource vArena(vBuffer, "
            "sizeof(vBuffer));\n"
            "\t\tconst std::pmr::vector<int> v(2, 7, &vArena);\n"
            "\t\treturn v[0] + v.back();\n"
            "\t}\n"
            "}\n");
  EXPECT_EQ(P.Note, "a buffer of 4 elements on the stack holds 'v' as it "
                    "grows to 2 elements; past it, the memory comes from the "
                    "heap as before");
}

TEST_F(PmrLocalPlanTest, TheNamesHideNothing) {
  // A global of the buffer's name, not used in the function: the new local
  // would hide it from code added later; another name is taken.
  ASSERT_NO_FATAL_FAILURE(parse("int vBuffer;\n"
                                "int f() {\n"
                                "  std::vector<int> v;\n"
                                "  v.push_back(1);\n"
                                "  return v[0];\n"
                                "}\n"));
  PmrLocalPlan P = plan("std::vector<int>");
  ASSERT_TRUE(P.Why.empty()) << P.Why;
  EXPECT_NE(applied(P.Edits).find("unsigned char vBuffer2[sizeof(int) * 4];\n"
                                  "  std::pmr::monotonic_buffer_resource "
                                  "vArena(vBuffer2, sizeof(vBuffer2));"),
            std::string::npos)
      << applied(P.Edits);
}

TEST_F(PmrLocalPlanTest, WhatKeepsTheTypeFromChanging) {
  // A copy of another vector: its constructor takes no allocator after it.
  ASSERT_NO_FATAL_FAILURE(parse("int f(const std::vector<int> &w) {\n"
                                "  std::vector<int> v(w);\n"
                                "  return v[0];\n"
                                "}\n"));
  EXPECT_EQ(plan("std::vector<int> v").Why,
            "it is initialized with braces, '=' or another vector");
  ASSERT_NO_FATAL_FAILURE(parse("int f() {\n"
                                "  std::vector<int> v;\n"
                                "  v.push_back(1);\n"
                                "  auto g = [&] { return v.size(); };\n"
                                "  return static_cast<int>(g());\n"
                                "}\n"));
  EXPECT_EQ(plan("std::vector<int>").Why, "a lambda captures it");
  // In a template, the element may be anything.
  ASSERT_NO_FATAL_FAILURE(parse("template <class T> int f() {\n"
                                "  std::vector<int> v;\n"
                                "  v.push_back(1);\n"
                                "  return v[0];\n"
                                "}\n"
                                "int g() { return f<int>(); }\n"));
  EXPECT_FALSE(plan("std::vector<int>").Why.empty());
  // Eight ints of buffer for a capacity of 4: 32 bytes.
  ASSERT_NO_FATAL_FAILURE(parse("int f() {\n"
                                "  std::vector<int> v;\n"
                                "  v.push_back(1);\n"
                                "  return v[0];\n"
                                "}\n"));
  EXPECT_TRUE(plan("std::vector<int>", 4, 32).Why.empty());
  EXPECT_EQ(plan("std::vector<int>", 4, 31).Why,
            "its buffer would take 32 bytes of the stack, more than 31");
}

} // namespace
} // namespace alloc_tidy
