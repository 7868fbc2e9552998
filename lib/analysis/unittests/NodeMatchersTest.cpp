//===--- NodeMatchersTest.cpp - what a reference or a call names ----------===//

#include "lib/analysis/ast/NodeMatchers.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/ast/TypeMatchers.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace alloc_tidy {
namespace {

// References to locals, parameters, globals, statics and functions, and
// accesses of fields of each kind of type, std::vector and std::string
// spelled, hidden and resembled.
const char *const Code = R"cpp(
#include <string>
#include <vector>

template <typename T> using Vec = std::vector<T>;
typedef std::vector<int> Ints;
struct Derived : std::vector<int> {};
template <typename T> struct Holder {
  std::vector<T> Dependent;
  Holder *Self;
};
struct Fields {
  std::string Name;
  const std::vector<int> Constant;
  std::vector<int> *Pointer;
  Ints Typedefed;
  Vec<char> Aliased;
  Derived Base;
  Holder<int> Outer;
  int Plain;
};

static std::vector<int> Global;

void use(const std::string &Ref, std::vector<std::string> Copy) {
  std::string Local = "x";
  volatile std::vector<int> Qualified;
  auto Deduced = Copy;
  decltype(Local) Same = Local;
  std::wstring Wide;
  Holder<long> H;
  int Other = 0;
  static std::vector<int> Kept;
  Fields F;
  Fields *P = &F;
  auto Uses = Ref.size() + Copy.size() + Local.size() + Same.size() +
              Wide.size() + Deduced.size() + Global.size() + Kept.size() +
              unsigned(Other) + F.Name.size() + P->Constant.size() +
              F.Typedefed.size() + F.Aliased.size() + F.Base.size() +
              unsigned(F.Plain) + unsigned(H.Self != nullptr) +
              F.Outer.Dependent.size() + F.Pointer->size();
  (void)Uses;
}
)cpp";

TEST(NodeMatchersTest, ReferencesAnswerAsTheNestedMatchers) {
  auto AST = test::parseCode(Code);
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  auto Type = matchers::isSpecializationOf(
      hasAnyName("::std::vector", "::std::basic_string"));
  unsigned Refs = 0, Locals = 0;
  for (const BoundNodes &Bound :
       match(declRefExpr(isExpansionInMainFile()).bind("ref"), Ctx)) {
    const auto *Ref = Bound.getNodeAs<DeclRefExpr>("ref");
    bool Expected =
        !match(declRefExpr(to(varDecl(hasLocalStorage(), hasType(Type)))), *Ref,
               Ctx)
             .empty();
    EXPECT_EQ(
        !match(declRefExpr(matchers::toLocalVariableOfType(Type)), *Ref, Ctx)
             .empty(),
        Expected)
        << Ref->getNameInfo().getAsString();
    ++Refs;
    Locals += Expected;
  }
  unsigned Vars = 0, LocalVars = 0;
  for (const BoundNodes &Bound :
       match(varDecl(isExpansionInMainFile()).bind("var"), Ctx)) {
    const auto *Var = Bound.getNodeAs<VarDecl>("var");
    bool Expected =
        !match(varDecl(unless(parmVarDecl()), hasLocalStorage(), hasType(Type)),
               *Var, Ctx)
             .empty();
    EXPECT_EQ(!match(varDecl(matchers::isLocalOfType(Type)), *Var, Ctx).empty(),
              Expected)
        << Var->getNameAsString();
    ++Vars;
    LocalVars += Expected;
  }
  // Locals of the types; parameters, a global, a static and other types.
  EXPECT_GE(LocalVars, 4u);
  EXPECT_GE(Vars - LocalVars, 5u);
  // Locals and parameters of the types, and others (a global, a static, an
  // int, a function).
  EXPECT_GE(Locals, 5u);
  EXPECT_GE(Refs - Locals, 4u);
  unsigned Members = 0, Fields = 0;
  for (const BoundNodes &Bound :
       match(memberExpr(isExpansionInMainFile()).bind("member"), Ctx)) {
    const auto *Member = Bound.getNodeAs<MemberExpr>("member");
    bool Expected =
        !match(memberExpr(member(fieldDecl(hasType(Type)))), *Member, Ctx)
             .empty();
    EXPECT_EQ(
        !match(memberExpr(matchers::toFieldOfType(Type)), *Member, Ctx).empty(),
        Expected)
        << Member->getMemberNameInfo().getAsString();
    ++Members;
    Fields += Expected;
  }
  // Fields of the types, and others (methods, an int, a pointer, a class
  // derived from one).
  EXPECT_GE(Fields, 4u);
  EXPECT_GE(Members - Fields, 4u);
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
  const std::vector<std::string> Names = {"push_back", "insert", "append",
                                          "reserve"};
  unsigned Calls = 0, Named = 0;
  for (const BoundNodes &Bound :
       match(cxxMemberCallExpr(isExpansionInMainFile()).bind("call"), Ctx)) {
    const auto *Call = Bound.getNodeAs<CXXMemberCallExpr>("call");
    bool Expected = !match(cxxMemberCallExpr(callee(cxxMethodDecl(hasAnyName(
                               "push_back", "insert", "append", "reserve")))),
                           *Call, Ctx)
                         .empty();
    EXPECT_EQ(
        !match(cxxMemberCallExpr(matchers::callsMethodNamed(Names)), *Call, Ctx)
             .empty(),
        Expected)
        << Call->getMethodDecl()->getNameAsString();
    ++Calls;
    Named += Expected;
  }
  EXPECT_EQ(Named, 8u);
  EXPECT_GE(Calls - Named, 6u);
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
  unsigned Constructs = 0, Copies = 0;
  for (const BoundNodes &Bound :
       match(cxxConstructExpr(isExpansionInMainFile()).bind("e"), Ctx)) {
    const auto *E = Bound.getNodeAs<CXXConstructExpr>("e");
    bool Expected = !match(cxxConstructExpr(hasDeclaration(
                               cxxConstructorDecl(isCopyConstructor()))),
                           *E, Ctx)
                         .empty();
    EXPECT_EQ(
        !match(cxxConstructExpr(matchers::constructsByCopy()), *E, Ctx).empty(),
        Expected);
    ++Constructs;
    Copies += Expected;
  }
  EXPECT_GE(Copies, 5u);
  EXPECT_GE(Constructs - Copies, 4u);
  unsigned Operators = 0, Assignments = 0;
  for (const BoundNodes &Bound :
       match(cxxOperatorCallExpr(isExpansionInMainFile()).bind("e"), Ctx)) {
    const auto *E = Bound.getNodeAs<CXXOperatorCallExpr>("e");
    bool Expected =
        !match(cxxOperatorCallExpr(
                   hasOverloadedOperatorName("="),
                   callee(cxxMethodDecl(isCopyAssignmentOperator()))),
               *E, Ctx)
             .empty();
    EXPECT_EQ(
        !match(cxxOperatorCallExpr(matchers::callsCopyAssignment()), *E, Ctx)
             .empty(),
        Expected);
    ++Operators;
    Assignments += Expected;
  }
  EXPECT_EQ(Assignments, 3u); // A = B, Q = P, T = S
  EXPECT_GE(Operators - Assignments, 3u);
  unsigned Exprs = 0, Locals = 0;
  for (const BoundNodes &Bound :
       match(expr(isExpansionInMainFile()).bind("e"), Ctx)) {
    const auto *E = Bound.getNodeAs<Expr>("e");
    bool Expected =
        !match(expr(ignoringImplicit(declRefExpr(
                   to(varDecl(hasLocalStorage(), unless(parmVarDecl())))))),
               *E, Ctx)
             .empty();
    EXPECT_EQ(!match(expr(matchers::namesLocalVariable()), *E, Ctx).empty(),
              Expected);
    ++Exprs;
    Locals += Expected;
  }
  EXPECT_GE(Locals, 15u);
  EXPECT_GE(Exprs - Locals, 15u);
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
  unsigned Exprs = 0, Pluses = 0;
  for (const BoundNodes &Bound :
       match(expr(isExpansionInMainFile()).bind("e"), Ctx)) {
    const auto *E = Bound.getNodeAs<Expr>("e");
    bool Expected =
        !match(expr(ignoringElidableConstructorCall(
                   ignoringImplicit(ignoringParens(cxxOperatorCallExpr(
                       hasOverloadedOperatorName("+"), hasType(Type)))))),
               *E, Ctx)
             .empty();
    EXPECT_EQ(!match(expr(matchers::isPlusThroughCopy(Type)), *E, Ctx).empty(),
              Expected);
    ++Exprs;
    Pluses += Expected;
  }
  EXPECT_GE(Pluses, 12u);
  EXPECT_GE(Exprs - Pluses, 30u);
}

} // namespace
} // namespace alloc_tidy
