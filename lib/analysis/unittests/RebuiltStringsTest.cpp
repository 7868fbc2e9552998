//===--- RebuiltStringsTest.cpp - strings copied through c_str() ----------===//

#include "lib/analysis/facts/RebuiltStrings.h"
#include "AnalysisTestUtils.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace alloc_tidy {
namespace {

const char *const Preamble = "#include <string>\n"
                             "int count(const std::string &S);\n"
                             "void keep(const char *P);\n";

class RebuiltStringsTest : public test::SnippetTest {
protected:
  RebuiltStringsTest() : SnippetTest(Preamble) {}

  /// The facts of the first rebuilt string in \p Function.
  std::optional<RebuiltStringArgument> factsIn(llvm::StringRef Function) {
    auto Matches =
        match(functionDecl(hasName(Function),
                           forEachDescendant(
                               materializeTemporaryExpr().bind("temporary"))),
              ctx());
    for (const BoundNodes &Node : Matches)
      if (std::optional<RebuiltStringArgument> Facts = rebuiltStringArgument(
              *Node.getNodeAs<MaterializeTemporaryExpr>("temporary"), ctx()))
        return Facts;
    return std::nullopt;
  }
};

TEST_F(RebuiltStringsTest, TheStringAndHowItsCharactersWereTaken) {
  ASSERT_NO_FATAL_FAILURE(
      parse("int f(const std::string &S) { return count(S.c_str()); }\n"
            "int g(const std::string *P) { return count(P->data()); }\n"
            "int h(const std::string &S) { return count(S.c_str() + 1); }\n"
            "void k(const std::string &S) { keep(S.c_str()); }\n"
            "int n(const std::wstring &W) {\n"
            "  return count(std::string(W.size(), 'x').c_str());\n"
            "}\n"));
  std::optional<RebuiltStringArgument> F = factsIn("f");
  ASSERT_TRUE(F.has_value());
  EXPECT_EQ(F->Accessor, "c_str");
  EXPECT_FALSE(F->ThroughArrow);
  EXPECT_TRUE(F->NoFix.empty());
  EXPECT_EQ(spellSource(*F, ctx()), "S");

  std::optional<RebuiltStringArgument> G = factsIn("g");
  ASSERT_TRUE(G.has_value());
  EXPECT_EQ(G->Accessor, "data");
  EXPECT_TRUE(G->ThroughArrow);
  EXPECT_EQ(spellSource(*G, ctx()), "*P");

  // A suffix of the characters, and no temporary at all.
  EXPECT_FALSE(factsIn("h").has_value());
  EXPECT_FALSE(factsIn("k").has_value());
  // A string built another way, whose c_str() rebuilds a copy of it.
  std::optional<RebuiltStringArgument> N = factsIn("n");
  ASSERT_TRUE(N.has_value());
  EXPECT_EQ(spellSource(*N, ctx()), "std::string(W.size(), 'x')");
}

TEST_F(RebuiltStringsTest, AnOverloadThatWouldTakeTheString) {
  ASSERT_NO_FATAL_FAILURE(
      parse("void put(const std::string &S, int N);\n"
            "void put(std::string &S, int N);\n"
            "void single(const std::string &S);\n"
            "void single(const std::string &S, int N);\n"
            "void single(const char *P, bool B);\n"
            "void take(const std::string &S);\n"
            "void take(std::string &&S);\n"
            "void take(int N);\n"
            "std::string make();\n"
            "void f(std::string &S) { put(S.c_str(), 1); }\n"
            "void g(std::string &S) { take(S.c_str()); }\n"
            "void h() { take(make().c_str()); }\n"
            "void k(std::string &S, int N) { put(S.c_str(), N); put(S, N); }\n"
            "void m(std::string &S) { single(S.c_str()); }\n"));
  std::optional<RebuiltStringArgument> F = factsIn("f");
  ASSERT_TRUE(F.has_value());
  EXPECT_NE(F->NoFix.find("'std::string &'"), std::string::npos) << F->NoFix;
  // The temporary itself picks an overload for rvalues: the callee may
  // take its characters, and it is no copy for a const reference.
  EXPECT_FALSE(factsIn("g").has_value());
  EXPECT_FALSE(factsIn("h").has_value());
  // Another arity, or an overload that takes no string: no other choice.
  std::optional<RebuiltStringArgument> K = factsIn("k");
  ASSERT_TRUE(K.has_value());
  EXPECT_FALSE(K->NoFix.empty()); // put(std::string &, int) still
  std::optional<RebuiltStringArgument> M = factsIn("m");
  ASSERT_TRUE(M.has_value());
  EXPECT_TRUE(M->NoFix.empty()) << M->NoFix;
}

} // namespace
} // namespace alloc_tidy
