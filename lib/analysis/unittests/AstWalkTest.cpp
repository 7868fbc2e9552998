//===--- AstWalkTest.cpp - moving around the AST --------------------------===//

#include "lib/analysis/ast/AstWalk.h"
#include "AnalysisTestUtils.h"
#include "clang/AST/ExprCXX.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

TEST(AstWalkTest, MeaningfulParentSkipsWhatPassesTheValueOn) {
  auto AST = test::parseCode("#include <string>\n"
                             "struct Base { int V; };\n"
                             "struct Derived : Base {};\n"
                             "int read(const Base &B);\n"
                             "int f(Derived D) { return read((D)); }\n");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  std::vector<const Expr *> Refs = test::findRefs(Ctx, test::findVar(Ctx, "D"));
  ASSERT_EQ(Refs.size(), 1u);
  // (D) converted to const Base&: a derived-to-base cast and parentheses,
  // transparent for both kinds.
  for (Transparency Kind : {Transparency::Value, Transparency::Object}) {
    const Expr *Child = nullptr;
    DynTypedNode Parent = meaningfulParent(Refs[0], Ctx, Child, Kind);
    const auto *Call = Parent.get<CallExpr>();
    ASSERT_TRUE(Call);
    EXPECT_EQ(argumentIndex({Call->getArgs(), Call->getNumArgs()}, Child), 0u);
  }
}

TEST(AstWalkTest, ObjectTransparencyStopsAtConversions) {
  auto AST = test::parseCode("long widen(int I) { return I; }\n");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  std::vector<const Expr *> Refs = test::findRefs(Ctx, test::findVar(Ctx, "I"));
  ASSERT_EQ(Refs.size(), 1u);
  // I is read (lvalue-to-rvalue), then converted (integral cast).
  const Expr *Child = nullptr;
  DynTypedNode Parent =
      meaningfulParent(Refs[0], Ctx, Child, Transparency::Value);
  const auto *Read = Parent.get<ImplicitCastExpr>();
  ASSERT_TRUE(Read);
  EXPECT_EQ(Read->getCastKind(), CK_LValueToRValue);
  const auto *Widen =
      parentOf(DynTypedNode::create(*Read), Ctx).get<ImplicitCastExpr>();
  ASSERT_TRUE(Widen);
  EXPECT_TRUE(isTransparent(Widen, Transparency::Value));
  EXPECT_FALSE(isTransparent(Widen, Transparency::Object));
}

TEST(AstWalkTest, BracedInitializerEndsAtTheList) {
  auto AST = test::parseCode("struct P { long A; };\n"
                             "P make(int I) { return P{I}; }\n");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  std::vector<const Expr *> Refs = test::findRefs(Ctx, test::findVar(Ctx, "I"));
  ASSERT_EQ(Refs.size(), 1u);
  // The walk passes the read and the conversion and ends at the list. (The
  // PreferInitialization walks are exercised by alloc-container-in-loop and
  // alloc-small-string tests with braced containers.)
  const Expr *Child = nullptr;
  DynTypedNode Written =
      meaningfulParent(Refs[0], Ctx, Child, Transparency::Value, false);
  EXPECT_TRUE(Written.get<InitListExpr>());
}

TEST(AstWalkTest, SourceTextOfATokenRange) {
  auto AST = test::parseCode("int width();\nint W = width() * 2;\n");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  const VarDecl *W = test::findVar(Ctx, "W");
  ASSERT_TRUE(W);
  EXPECT_EQ(sourceText(W->getInit()->getSourceRange(), Ctx), "width() * 2");
}

TEST(AstWalkTest, SimpleOperands) {
  for (const char *Text :
       {"n", "in.size()", "p->items().size()", "ns::kCount", "a_b2"})
    EXPECT_TRUE(isSimpleOperand(Text)) << Text;
  for (const char *Text :
       {"", "n + 1", "n > 0 ? n : 0", "f(x)", "a-b", "(n)", "a[0]"})
    EXPECT_FALSE(isSimpleOperand(Text)) << Text;
  EXPECT_EQ(asOperand("in.size()"), "in.size()");
  EXPECT_EQ(asOperand("n > 0 ? n : 0"), "(n > 0 ? n : 0)");
}

TEST(AstWalkTest, TopLevelConditionals) {
  EXPECT_TRUE(hasTopLevelConditional("n > 0 ? n : 0"));
  EXPECT_FALSE(hasTopLevelConditional("(n > 0 ? n : 0)"));
  EXPECT_FALSE(hasTopLevelConditional("f(a ? b : c) + 1"));
  EXPECT_FALSE(hasTopLevelConditional("v.size() + n"));
}

TEST(AstWalkTest, WhatBecomesOfAValue) {
  auto AST = test::parseCode("#include <initializer_list>\n"
                             "int g(int);\n"
                             "void f(int N, int *P) {\n"
                             "  g(1);\n"
                             "  (g(2));\n"
                             "  if (N) g(3);\n"
                             "  for (int I = 0; I < N; ++I, g(4)) g(5);\n"
                             "  for (int I : {1, 2}) g(6);\n"
                             "  (void)g(7);\n"
                             "  *P = g(8);\n"
                             "  while (g(9)) {}\n"
                             "}\n");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  std::vector<const CallExpr *> Calls = test::findCalls(Ctx, "f", "g");
  ASSERT_EQ(Calls.size(), 9u);
  const ValueUse::Kind Expected[] = {
      ValueUse::Statement, ValueUse::Statement, ValueUse::Statement,
      ValueUse::Used,      ValueUse::Statement, ValueUse::Statement,
      ValueUse::Discarded, ValueUse::Used,      ValueUse::Used};
  for (unsigned I = 0; I < Calls.size(); ++I)
    EXPECT_EQ(valueUseOf(Calls[I], Ctx).Use, Expected[I])
        << "g(" << I + 1 << ")";
  // In parentheses, the statement is the parenthesized expression.
  EXPECT_TRUE(isa<ParenExpr>(valueUseOf(Calls[1], Ctx).Whole));
}

TEST(AstWalkTest, WithinStd) {
  auto AST = test::parseCode("#include <vector>\n"
                             "namespace mine { struct Own {}; }\n"
                             "std::vector<int> V;\n"
                             "mine::Own O;\n");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  // A member of a class template inside (an inline namespace of) std.
  const auto *Vector = test::typeOfVar(Ctx, "V")->getAsCXXRecordDecl();
  ASSERT_TRUE(Vector);
  EXPECT_TRUE(isWithinStd(Vector));
  EXPECT_TRUE(isWithinStd(*Vector->method_begin()));
  EXPECT_FALSE(isWithinStd(test::typeOfVar(Ctx, "O")->getAsCXXRecordDecl()));
  EXPECT_FALSE(isWithinStd(test::findVar(Ctx, "V")));
}

TEST(AstWalkTest, StdMoveArgument) {
  auto AST = test::parseCode("#include <utility>\n"
                             "namespace mine { int &&move(int &); }\n"
                             "int I = 0;\n"
                             "int Moved = std::move(I);\n"
                             "int Parens = (std::move((I)));\n"
                             "int Other = mine::move(I);\n"
                             "int Plain = I;\n");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  const VarDecl *Named = test::findVar(Ctx, "I");
  auto Init = [&](const char *Name) {
    return test::findVar(Ctx, Name)->getInit();
  };
  auto NamesI = [&](const Expr *E) {
    const auto *Ref = dyn_cast_or_null<DeclRefExpr>(E);
    return Ref && Ref->getDecl() == Named;
  };
  // std::move's argument, through parentheses and conversions either side.
  EXPECT_TRUE(NamesI(stdMoveArgument(Init("Moved"))));
  EXPECT_TRUE(NamesI(stdMoveArgument(Init("Parens"))));
  // Another function named move, and no call at all, are not std::move.
  EXPECT_EQ(stdMoveArgument(Init("Other")), nullptr);
  EXPECT_EQ(stdMoveArgument(Init("Plain")), nullptr);
  // Without a std::move around it, the expression itself.
  EXPECT_TRUE(NamesI(ignoringStdMove(Init("Moved"))));
  EXPECT_TRUE(NamesI(ignoringStdMove(Init("Plain"))));
  EXPECT_TRUE(isa<CallExpr>(ignoringStdMove(Init("Other"))));
}

} // namespace
} // namespace alloc_tidy
