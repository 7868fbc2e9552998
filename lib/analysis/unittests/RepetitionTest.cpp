//===--- RepetitionTest.cpp - where a construction runs again -------------===//

#include "lib/analysis/facts/Repetition.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/TripCount.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

class RepetitionTest : public test::SnippetTest {
protected:
  RepetitionTest() : SnippetTest("void g();\n") {}

  /// The statement that declares \p Var: its DeclStmt, or for a variable
  /// outside a function, the variable's initializer.
  const Stmt *site(llvm::StringRef Var) {
    const VarDecl *D = test::findVar(ctx(), Var);
    EXPECT_TRUE(D != nullptr) << Var.str();
    if (!D)
      return nullptr;
    if (const auto *Decl =
            parentOf(DynTypedNode::create(*D), ctx()).get<DeclStmt>())
      return Decl;
    return D->getInit();
  }
  std::optional<Repetition> repetitionOf(llvm::StringRef Var) {
    const Stmt *Site = site(Var);
    return Site ? findRepetition(*Site, ctx()) : std::nullopt;
  }
  /// findRepetition() and countIterations() for the declaration of \p Var.
  std::optional<Repetition> countedRepetitionOf(llvm::StringRef Var) {
    std::optional<Repetition> Where = repetitionOf(Var);
    if (Where)
      countIterations(*Where, site(Var), ctx());
    return Where;
  }
};

TEST_F(RepetitionTest, RepeatsIn) {
  ASSERT_NO_FATAL_FAILURE(parse("int a[3];\n"
                                "void f(int n) {\n"
                                "  for (int i = 0; i < n; ++i) g();\n"
                                "  for (int x : a) g();\n"
                                "  while (n--) g();\n"
                                "}\n"));
  const auto *For = test::findFirstFor(ctx(), "f");
  ASSERT_TRUE(For != nullptr);
  EXPECT_FALSE(repeatsIn(For, For->getInit()));
  EXPECT_TRUE(repeatsIn(For, For->getCond()));
  EXPECT_TRUE(repeatsIn(For, For->getInc()));
  EXPECT_TRUE(repeatsIn(For, For->getBody()));

  const auto *Range = test::findFirstRangeFor(ctx(), "f");
  ASSERT_TRUE(Range != nullptr);
  EXPECT_FALSE(repeatsIn(Range, Range->getRangeStmt()));
  EXPECT_FALSE(repeatsIn(Range, Range->getRangeInit()));
  EXPECT_TRUE(repeatsIn(Range, Range->getLoopVarStmt()));
  EXPECT_TRUE(repeatsIn(Range, Range->getBody()));
}

TEST_F(RepetitionTest, DoWhileFalse) {
  ASSERT_NO_FATAL_FAILURE(
      parse("constexpr bool no = false;\n"
            "void once() { do { g(); } while (false); }\n"
            "void named() { do { g(); } while (no); }\n"
            "void again(int n) { do { g(); } while (n--); }\n"
            "void forever() { do { g(); } while (true); }\n"
            "void plain() { while (false) g(); }\n"
            "void counted() { for (int i = 0; i < 1; ++i) "
            "g(); }\n"));
  EXPECT_TRUE(isDoWhileFalse(test::findFirstLoop(ctx(), "once"), ctx()));
  EXPECT_TRUE(isDoWhileFalse(test::findFirstLoop(ctx(), "named"), ctx()));
  EXPECT_FALSE(isDoWhileFalse(test::findFirstLoop(ctx(), "again"), ctx()));
  EXPECT_FALSE(isDoWhileFalse(test::findFirstLoop(ctx(), "forever"), ctx()));
  // Only do loops: the check has always treated the others as loops.
  EXPECT_FALSE(isDoWhileFalse(test::findFirstLoop(ctx(), "plain"), ctx()));
  EXPECT_FALSE(isDoWhileFalse(test::findFirstLoop(ctx(), "counted"), ctx()));
}

TEST_F(RepetitionTest, FunctionsAndLoopsThatRepeat) {
  ASSERT_NO_FATAL_FAILURE(parse(
      "int main() { for (int i = 0; i < 3; ++i) { int inMainLoop = i; } }\n"
      "void body() { int plain = 0; }\n"
      "void loop(int n) { for (int i = 0; i < n; ++i) { int inLoop = i; } }\n"
      "void init(int n) { for (int inInit = 0; inInit < n; ++inInit) g(); }\n"
      "void inner(int n) { while (n--) { do { int inDo = n; } while (false);"
      " } }\n"
      "void nested(int n) { while (n--) for (int j = 0; j < n; ++j) {\n"
      "  int innermost = j; } }\n"
      "struct NonLiteral { ~NonLiteral(); };\n"
      "auto lambda = [] { NonLiteral inLambda; };\n"
      "struct S { void method() { int inMethod = 0; } };\n"));
  std::optional<Repetition> Plain = repetitionOf("plain");
  ASSERT_TRUE(Plain.has_value());
  EXPECT_EQ(Plain->Function, test::findFunction(ctx(), "body"));
  EXPECT_EQ(Plain->Loop, nullptr);

  std::optional<Repetition> InLoop = repetitionOf("inLoop");
  ASSERT_TRUE(InLoop.has_value());
  EXPECT_EQ(InLoop->Loop, test::findFirstLoop(ctx(), "loop"));

  // A for loop's init statement runs once per call.
  std::optional<Repetition> InInit = repetitionOf("inInit");
  ASSERT_TRUE(InInit.has_value());
  EXPECT_EQ(InInit->Loop, nullptr);

  // do { } while (false) is no loop; the while around it is.
  std::optional<Repetition> InDo = repetitionOf("inDo");
  ASSERT_TRUE(InDo.has_value());
  EXPECT_TRUE(InDo->Loop && isa<WhileStmt>(InDo->Loop));

  std::optional<Repetition> Innermost = repetitionOf("innermost");
  ASSERT_TRUE(Innermost.has_value());
  EXPECT_TRUE(Innermost->Loop && isa<ForStmt>(Innermost->Loop));

  std::optional<Repetition> InMainLoop = repetitionOf("inMainLoop");
  ASSERT_TRUE(InMainLoop.has_value());
  EXPECT_TRUE(InMainLoop->Function->isMain());

  std::optional<Repetition> InLambda = repetitionOf("inLambda");
  ASSERT_TRUE(InLambda.has_value());
  EXPECT_TRUE(cast<CXXMethodDecl>(InLambda->Function)->getParent()->isLambda());

  std::optional<Repetition> InMethod = repetitionOf("inMethod");
  ASSERT_TRUE(InMethod.has_value());
  EXPECT_EQ(InMethod->Function->getName(), "method");
}

TEST_F(RepetitionTest, ConstructionsThatRunOnce) {
  ASSERT_NO_FATAL_FAILURE(parse(
      "int global = 1;\n"
      "int main() { int inMain = 0; return inMain; }\n"
      "void withStatic() { static int kept = 2; }\n"
      "constexpr int folded() { int inConstexpr = 3; return inConstexpr; }\n"
      "struct E { E(int); };\n"
      "void thrower(int n) { for (;;) throw E(n); }\n"));
  EXPECT_FALSE(repetitionOf("global").has_value());
  EXPECT_FALSE(repetitionOf("inMain").has_value());
  EXPECT_FALSE(repetitionOf("inConstexpr").has_value());
  // The initializer of a static runs once.
  const VarDecl *Kept = test::findVar(ctx(), "kept");
  ASSERT_TRUE(Kept && Kept->getInit());
  EXPECT_FALSE(findRepetition(*Kept->getInit(), ctx()).has_value());
  // So does a throw: it is the error path.
  const Stmt *Loop = test::findFirstLoop(ctx(), "thrower");
  ASSERT_TRUE(Loop != nullptr);
  const auto *ThrowExpr = dyn_cast<CXXThrowExpr>(loopBody(Loop));
  ASSERT_TRUE(ThrowExpr != nullptr);
  EXPECT_FALSE(findRepetition(*ThrowExpr->getSubExpr(), ctx()).has_value());
}

TEST_F(RepetitionTest, CountsIterations) {
  ASSERT_NO_FATAL_FAILURE(parse(
      "void fixed() { for (int i = 0; i < 8; ++i) { int a = i; g(); } }\n"
      "void unknown(int n) { for (int i = 0; i < n; ++i) { int b = i; } }\n"
      "void guarded(bool c) { for (int i = 0; i < 8; ++i) {\n"
      "  if (c) { int d = i; } } }\n"
      "void skipped(int n) { for (int i = 0; i < 8; ++i) {\n"
      "  if (i == n) continue; int e = i; } }\n"
      "void single() { for (int i = 0; i < 1; ++i) { int h = i; } }\n"
      "void none() { int k = 0; }\n"));
  std::optional<Repetition> A = countedRepetitionOf("a");
  ASSERT_TRUE(A.has_value());
  EXPECT_TRUE(A->EveryIteration);
  EXPECT_EQ(A->Times, std::optional<uint64_t>(8));

  std::optional<Repetition> B = countedRepetitionOf("b");
  ASSERT_TRUE(B.has_value());
  EXPECT_TRUE(B->EveryIteration);
  EXPECT_FALSE(B->Times.has_value());

  std::optional<Repetition> D = countedRepetitionOf("d");
  ASSERT_TRUE(D.has_value());
  EXPECT_TRUE(D->Loop != nullptr);
  EXPECT_FALSE(D->EveryIteration);
  EXPECT_FALSE(D->Times.has_value());

  std::optional<Repetition> E = countedRepetitionOf("e");
  ASSERT_TRUE(E.has_value());
  EXPECT_FALSE(E->EveryIteration);
  EXPECT_FALSE(E->Times.has_value());

  // One iteration: still the loop, with no count to quote.
  std::optional<Repetition> H = countedRepetitionOf("h");
  ASSERT_TRUE(H.has_value());
  EXPECT_TRUE(H->Loop != nullptr);
  EXPECT_TRUE(H->EveryIteration);
  EXPECT_FALSE(H->Times.has_value());

  std::optional<Repetition> K = countedRepetitionOf("k");
  ASSERT_TRUE(K.has_value());
  EXPECT_EQ(K->Loop, nullptr);
  EXPECT_FALSE(K->EveryIteration);
  EXPECT_FALSE(K->Times.has_value());
}

TEST_F(RepetitionTest, CallsThatRepeatAFunction) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
void inLoop() {}
void viaCaller() {}
void caller() { viaCaller(); }
void tooFar() {}
void far1() { tooFar(); }
void far2() { far1(); }
void far3() { far2(); }
void far4() { far3(); }
void recursive(int N) { if (N) recursive(N - 1); }
void once() {}
void unused() {}
void shared() {}
void sharedA();
void sharedB() { shared(); sharedA(); }
void sharedA() { shared(); }
int main() {
  for (int I = 0; I < 3; ++I) {
    inLoop();
    caller();
    far4();
  }
  while (g(), false)
    ;
  once();
  recursive(3);
  sharedB();
}
)cpp"));
  auto Repeated = [&](llvm::StringRef Name) -> const CallExpr * {
    const FunctionDecl *F = test::findFunction(ctx(), Name);
    EXPECT_TRUE(F) << Name.str();
    return F ? callRepeatedByLoop(*F, ctx()) : nullptr;
  };
  const CallExpr *Call = Repeated("inLoop");
  ASSERT_TRUE(Call);
  EXPECT_EQ(Call->getDirectCallee()->getName(), "inLoop");
  // Found at the caller's call, in main's loop.
  Call = Repeated("viaCaller");
  ASSERT_TRUE(Call);
  EXPECT_EQ(Call->getDirectCallee()->getName(), "caller");
  // Four callers up is past the three followed.
  EXPECT_FALSE(Repeated("tooFar"));
  EXPECT_TRUE(Repeated("far1"));
  Call = Repeated("recursive");
  ASSERT_TRUE(Call);
  EXPECT_EQ(test::findFunction(ctx(), "recursive"),
            enclosingFunction(Call, ctx()));
  EXPECT_FALSE(Repeated("once"));
  // Called from two functions, one of which calls the other: no loop and
  // no recursion, whichever caller is looked at first.
  EXPECT_FALSE(Repeated("shared"));
  EXPECT_FALSE(Repeated("unused"));
  EXPECT_FALSE(Repeated("main"));
}

} // namespace
} // namespace alloc_tidy
