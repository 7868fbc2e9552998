//===--- NodeMatchersTest.cpp - what a node names, in one matcher ---------===//

#include "lib/analysis/ast/NodeMatchers.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/ast/TypeMatchers.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace alloc_tidy {
namespace {

struct Agreement {
  unsigned Asked = 0;
  unsigned Accepted = 0;
};

/// Asks \p One and \p Nested of every node \p Each binds as "node", and
/// expects the same answer from both.
template <typename NodeT, typename BaseT>
Agreement agree(ASTContext &Ctx, const internal::Matcher<BaseT> &Each,
                const internal::Matcher<BaseT> &One,
                const internal::Matcher<BaseT> &Nested) {
  Agreement Result;
  for (const BoundNodes &Bound : match(Each, Ctx)) {
    const auto *Node = Bound.getNodeAs<NodeT>("node");
    bool Expected = !match(Nested, *Node, Ctx).empty();
    EXPECT_EQ(!match(One, *Node, Ctx).empty(), Expected)
        << Node->getBeginLoc().printToString(Ctx.getSourceManager());
    ++Result.Asked;
    Result.Accepted += Expected;
  }
  return Result;
}

// Variables, parameters, fields and references of the container types,
// spelled, hidden and resembled, and of others.
const char *const Code = R"cpp(
#include <string>
#include <vector>

using Names = std::vector<std::string>;
struct Base : std::vector<int> {};
struct Record {
  std::string Label;
  const Names Keys;
  std::vector<int> *Indirect;
  Base Derived;
  long Count;
  int size() const;
};
static std::string Shared;

unsigned use(const std::string &Text, Names Copy, Record &R, Record *P) {
  std::string Local = Text;
  Names Aliased = Copy;
  auto Deduced = Local;
  const std::vector<char> Constant(3);
  Base FromBase;
  static std::vector<int> Kept;
  int Plain = 0;
  return Text.size() + Copy.size() + Local.size() + Aliased.size() +
         Deduced.size() + Constant.size() + FromBase.size() + Kept.size() +
         Shared.size() + unsigned(Plain) + R.Label.size() + P->Keys.size() +
         R.Indirect->size() + R.Derived.size() + unsigned(R.Count) +
         unsigned(P->size()) + unsigned(use(Text, Copy, R, P));
}
)cpp";

TEST(NodeMatchersTest, VariablesAndReferencesAnswerAsTheNestedMatchers) {
  auto AST = test::parseCode(Code);
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  auto Type = matchers::isSpecializationOf(
      hasAnyName("::std::vector", "::std::basic_string"));
  Agreement Vars = agree<VarDecl>(
      Ctx, varDecl(isExpansionInMainFile()).bind("node"),
      varDecl(matchers::isLocalOfType(Type)),
      varDecl(unless(parmVarDecl()), hasLocalStorage(), hasType(Type)));
  // Local, Aliased, Deduced, Constant; parameters, a static, a global, a
  // class derived from one, an int.
  EXPECT_EQ(Vars.Accepted, 4u);
  EXPECT_GE(Vars.Asked - Vars.Accepted, 6u);
  Agreement Refs = agree<DeclRefExpr>(
      Ctx, declRefExpr(isExpansionInMainFile()).bind("node"),
      declRefExpr(matchers::toLocalVariableOfType(Type)),
      declRefExpr(to(varDecl(hasLocalStorage(), hasType(Type)))));
  EXPECT_GE(Refs.Accepted, 8u);
  EXPECT_GE(Refs.Asked - Refs.Accepted, 6u);
  Agreement Members =
      agree<MemberExpr>(Ctx, memberExpr(isExpansionInMainFile()).bind("node"),
                        memberExpr(matchers::toFieldOfType(Type)),
                        memberExpr(member(fieldDecl(hasType(Type)))));
  // Label and Keys; methods, a pointer, a derived class, a long.
  EXPECT_EQ(Members.Accepted, 2u);
  EXPECT_GE(Members.Asked - Members.Accepted, 4u);
}

TEST(NodeMatchersTest, MemberCallsAnswerAsTheNestedMatchers) {
  auto AST = test::parseCode(R"cpp(
#include <map>
#include <string>
#include <vector>
struct Own { void push_back(int); void reserve(int); int size() const; };
struct Derived : std::vector<int> {};
void use(std::vector<int> &V, std::string &S, std::map<int, int> &M, Own &O,
         Derived &D) {
  V.push_back(1);
  V.reserve(4);
  S.append("x");
  S.push_back('y');
  M.insert({1, 2});
  M.emplace(3, 4);
  O.push_back(2);
  O.reserve(3);
  D.push_back(5);
  auto N = V.size() + S.size() + M.size() + unsigned(O.size()) + D.size();
  (void)N;
  V.clear();
  S.resize(2);
}
)cpp");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  Agreement Calls = agree<CXXMemberCallExpr>(
      Ctx, cxxMemberCallExpr(isExpansionInMainFile()).bind("node"),
      cxxMemberCallExpr(matchers::callsMethodNamed(
          {"push_back", "insert", "append", "reserve"})),
      cxxMemberCallExpr(callee(cxxMethodDecl(
          hasAnyName("push_back", "insert", "append", "reserve")))));
  EXPECT_EQ(Calls.Accepted, 8u);
  EXPECT_GE(Calls.Asked - Calls.Accepted, 6u);
}

TEST(NodeMatchersTest, CopiesAndLocalsAnswerAsTheNestedMatchers) {
  auto AST = test::parseCode(R"cpp(
#include <string>
#include <utility>
#include <vector>
struct Plain { int X; };
struct Own { Own(); Own(const Own &); Own(Own &&); Own &operator=(const Own &);
             Own &operator=(Own &&); Own &operator=(int); Own(int); };
int Global;
void take(Own, std::string, int);
void use(Own Param, const std::string &Text) {
  Own A;
  Own B = A;
  Own C(std::move(B));
  Own D = 3;
  A = B;
  A = std::move(C);
  A = 4;
  Plain P{1};
  Plain Q = P;
  Q = P;
  std::string S = Text;
  std::string T = S;
  T = S;
  T = "x";
  std::vector<std::string> V{S, T};
  take(A, S, Global);
  take(Param, Text, P.X);
  static Own Kept;
  take(Kept, T + S, int(V.size()));
}
)cpp");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  Agreement Copies = agree<CXXConstructExpr>(
      Ctx, cxxConstructExpr(isExpansionInMainFile()).bind("node"),
      cxxConstructExpr(matchers::constructsByCopy()),
      cxxConstructExpr(
          hasDeclaration(cxxConstructorDecl(isCopyConstructor()))));
  EXPECT_GE(Copies.Accepted, 5u);
  EXPECT_GE(Copies.Asked - Copies.Accepted, 4u);
  Agreement Assignments = agree<CXXOperatorCallExpr>(
      Ctx, cxxOperatorCallExpr(isExpansionInMainFile()).bind("node"),
      cxxOperatorCallExpr(matchers::callsCopyAssignment()),
      cxxOperatorCallExpr(hasOverloadedOperatorName("="),
                          callee(cxxMethodDecl(isCopyAssignmentOperator()))));
  EXPECT_EQ(Assignments.Accepted, 3u); // A = B, Q = P, T = S
  EXPECT_GE(Assignments.Asked - Assignments.Accepted, 3u);
  Agreement Locals =
      agree<Expr>(Ctx, expr(isExpansionInMainFile()).bind("node"),
                  expr(matchers::namesLocalVariable()),
                  expr(ignoringImplicit(declRefExpr(
                      to(varDecl(hasLocalStorage(), unless(parmVarDecl())))))));
  EXPECT_GE(Locals.Accepted, 15u);
  EXPECT_GE(Locals.Asked - Locals.Accepted, 15u);
}

TEST(NodeMatchersTest, PlusThroughCopyAnswersAsTheNestedMatchers) {
  auto AST = test::parseCode(R"cpp(
#include <string>
struct Num { int V; };
Num operator+(Num A, Num B) { return {A.V + B.V}; }
std::string make(const std::string &S) { return S + "!"; }
std::string twice(const std::string &S) { return (S + S); }
void take(const std::string &, std::string, Num);
std::string use(std::string A, const std::string &B) {
  std::string C = A + B;
  std::string D = (A + "x");
  std::string E = std::string(A + B);
  auto F = A + B + "y";
  Num N = Num{1} + Num{2};
  take(A + B, B + A, N + N);
  take(make(A), std::string(B), Num{3});
  C = A + D;
  int I = 1 + 2;
  (void)I;
  return C + E + F;
}
)cpp");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  auto Type = matchers::isSpecializationOf(hasName("::std::basic_string"));
  Agreement Pluses =
      agree<Expr>(Ctx, expr(isExpansionInMainFile()).bind("node"),
                  expr(matchers::isPlusThroughCopy(Type)),
                  expr(ignoringElidableConstructorCall(
                      ignoringImplicit(ignoringParens(cxxOperatorCallExpr(
                          hasOverloadedOperatorName("+"), hasType(Type)))))));
  EXPECT_GE(Pluses.Accepted, 12u);
  EXPECT_GE(Pluses.Asked - Pluses.Accepted, 30u);
}

} // namespace
} // namespace alloc_tidy
