//===--- ReservePlanTest.cpp - a reserve() before a loop that fills -------===//

#include "lib/analysis/decisions/ReservePlan.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "clang/AST/StmtCXX.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Preamble = "#include <cstdio>\n"
                             "#include <string>\n"
                             "#include <vector>\n"
                             "bool more();\n"
                             "int readCount(std::FILE *);\n";

class ReservePlanTest : public test::SnippetTest {
protected:
  ReservePlanTest() : SnippetTest(Preamble) {}

  /// The plan for 'v' before the first loop of 'f'.
  std::optional<ReservePlan>
  plan(ReservePolicy Policy = {},
       ContainerFamily Kind = ContainerFamily::Vector) {
    const Stmt *Loop = test::findFirstLoop(ctx(), "f");
    std::vector<const Expr *> Refs = test::findRefsByName(ctx(), "f", "v");
    if (!Loop || Refs.empty()) {
      ADD_FAILURE() << "want a loop and a container v in f";
      return std::nullopt;
    }
    Policy.IsInput = [](const CallExpr *Call) {
      const FunctionDecl *F = Call->getDirectCallee();
      return F && F->getName() == "readCount";
    };
    return planReserve(referencedContainer(Refs.front()), Kind, Loop, Policy,
                       ctx());
  }
};

TEST_F(ReservePlanTest, ALoopOfKnownCount) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(unsigned n) {\n"
                                "  std::vector<int> v;\n"
                                "  for (unsigned i = 0; i < n; ++i)\n"
                                "    v.push_back(i);\n"
                                "}\n"));
  std::optional<ReservePlan> P = plan();
  ASSERT_TRUE(P.has_value());
  EXPECT_EQ(P->Count, "n");
  EXPECT_EQ(P->Object, "v");
  EXPECT_FALSE(P->MaybeFilled);
  EXPECT_FALSE(P->ReusedBuffer);
  EXPECT_FALSE(P->UpperBound);
  EXPECT_TRUE(P->NoFix.empty());
  ASSERT_EQ(P->Appends.size(), 1u);
  EXPECT_EQ(P->Appends.front().Amount, 1u);
}

TEST_F(ReservePlanTest, UsesOnTheOtherBranchDoNotFillIt) {
  // The append in the 'then' branch never runs before the loop in the
  // 'else' branch: the container is empty there.
  ASSERT_NO_FATAL_FAILURE(parse("void f(bool a, int n) {\n"
                                "  std::vector<int> v;\n"
                                "  if (a) {\n"
                                "    v.push_back(n);\n"
                                "  } else if (n > 2) {\n"
                                "    for (int i = 0; i < n; ++i)\n"
                                "      v.push_back(i);\n"
                                "  }\n"
                                "}\n"));
  std::optional<ReservePlan> P = plan();
  ASSERT_TRUE(P.has_value());
  EXPECT_FALSE(P->MaybeFilled);
  // Before the 'if', or in its condition, it runs first (negatives).
  ASSERT_NO_FATAL_FAILURE(parse("void f(bool a, int n) {\n"
                                "  std::vector<int> v;\n"
                                "  v.push_back(n);\n"
                                "  if (a) {\n"
                                "    v.push_back(n);\n"
                                "  } else {\n"
                                "    for (int i = 0; i < n; ++i)\n"
                                "      v.push_back(i);\n"
                                "  }\n"
                                "}\n"));
  P = plan();
  ASSERT_TRUE(P.has_value());
  EXPECT_TRUE(P->MaybeFilled);
  ASSERT_NO_FATAL_FAILURE(parse("void f(int n) {\n"
                                "  std::vector<int> v;\n"
                                "  if (n > 2) {\n"
                                "    v.push_back(n);\n"
                                "  }\n"
                                "  for (int i = 0; i < n; ++i)\n"
                                "    v.push_back(i);\n"
                                "}\n"));
  P = plan();
  ASSERT_TRUE(P.has_value());
  EXPECT_TRUE(P->MaybeFilled);
}

TEST_F(ReservePlanTest, NestedLoopsAndAppendsAfter) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(unsigned n, unsigned m) {\n"
                                "  std::vector<int> v;\n"
                                "  for (unsigned i = 0; i < n; ++i)\n"
                                "    for (unsigned j = 0; j < m; ++j)\n"
                                "      v.push_back(j);\n"
                                "  v.push_back(0);\n"
                                "}\n"));
  std::optional<ReservePlan> P = plan();
  ASSERT_TRUE(P.has_value());
  EXPECT_EQ(P->Count, "n * m + 1");
  EXPECT_TRUE(P->AppendsAfter);
  ASSERT_EQ(P->Appends.front().InnerCounts.size(), 1u);
}

TEST_F(ReservePlanTest, NoPlan) {
  // The author reserved already.
  ASSERT_NO_FATAL_FAILURE(parse("void f(int n) {\n"
                                "  std::vector<int> v;\n"
                                "  v.reserve(n);\n"
                                "  for (int i = 0; i < n; ++i)\n"
                                "    v.push_back(i);\n"
                                "}\n"));
  EXPECT_FALSE(plan().has_value());
  // A count not known before the loop.
  ASSERT_NO_FATAL_FAILURE(parse("void f() {\n"
                                "  std::vector<int> v;\n"
                                "  while (more())\n"
                                "    v.push_back(1);\n"
                                "}\n"));
  EXPECT_FALSE(plan().has_value());
  // Cleared in the loop.
  ASSERT_NO_FATAL_FAILURE(parse("void f(int n) {\n"
                                "  std::vector<int> v;\n"
                                "  for (int i = 0; i < n; ++i) {\n"
                                "    v.push_back(i);\n"
                                "    if (i % 8 == 0) v.clear();\n"
                                "  }\n"
                                "}\n"));
  EXPECT_FALSE(plan().has_value());
  // Fewer elements than MinIterations: one growth at most.
  ASSERT_NO_FATAL_FAILURE(parse("void f() {\n"
                                "  std::vector<int> v;\n"
                                "  for (int i = 0; i < 3; ++i)\n"
                                "    v.push_back(i);\n"
                                "}\n"));
  EXPECT_FALSE(plan().has_value());
  ReservePolicy Low;
  Low.MinIterations = 2;
  EXPECT_TRUE(plan(Low).has_value());
  // A conditional append, unless conditions give an upper bound.
  ASSERT_NO_FATAL_FAILURE(parse("void f(int n) {\n"
                                "  std::vector<int> v;\n"
                                "  for (int i = 0; i < n; ++i)\n"
                                "    if (i % 2) v.push_back(i);\n"
                                "}\n"));
  EXPECT_FALSE(plan().has_value());
  ReservePolicy Bound;
  Bound.ConditionalUpperBound = true;
  std::optional<ReservePlan> P = plan(Bound);
  ASSERT_TRUE(P.has_value());
  EXPECT_TRUE(P->UpperBound);
}

TEST_F(ReservePlanTest, NoFixWhenTheCallerOwnsItOrInputCountsIt) {
  // A parameter may be filled by repeated calls: reserve(size() + n) could
  // make them quadratic.
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::vector<int> &v, int n) {\n"
                                "  for (int i = 0; i < n; ++i)\n"
                                "    v.push_back(i);\n"
                                "}\n"));
  std::optional<ReservePlan> P = plan();
  ASSERT_TRUE(P.has_value());
  EXPECT_TRUE(P->MaybeFilled);
  EXPECT_TRUE(P->ReusedBuffer);
  EXPECT_NE(P->NoFix.find("outlives this function"), std::string::npos);
  // Cleared right before the loop, it starts empty whatever it held, but
  // keeps its capacity: the same buffer, with a fix-it of N.
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::vector<int> &v, int n) {\n"
                                "  v.clear();\n"
                                "  for (int i = 0; i < n; ++i)\n"
                                "    v.push_back(i);\n"
                                "}\n"));
  P = plan();
  ASSERT_TRUE(P.has_value());
  EXPECT_FALSE(P->MaybeFilled);
  EXPECT_TRUE(P->ReusedBuffer);
  EXPECT_TRUE(P->NoFix.empty());
  // A local filled before the loop may hold elements, but it is new on
  // every call: no buffer kept from an earlier one.
  ASSERT_NO_FATAL_FAILURE(parse("void f(int n) {\n"
                                "  std::vector<int> v;\n"
                                "  v.push_back(n);\n"
                                "  for (int i = 0; i < n; ++i)\n"
                                "    v.push_back(i);\n"
                                "}\n"));
  P = plan();
  ASSERT_TRUE(P.has_value());
  EXPECT_TRUE(P->MaybeFilled);
  EXPECT_FALSE(P->ReusedBuffer);
  EXPECT_TRUE(P->NoFix.empty());
  // A count read from a file.
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::FILE *in) {\n"
                                "  std::vector<int> v;\n"
                                "  int n = readCount(in);\n"
                                "  for (int i = 0; i < n; ++i)\n"
                                "    v.push_back(i);\n"
                                "}\n"));
  P = plan();
  ASSERT_TRUE(P.has_value());
  EXPECT_TRUE(P->UntrustedCount);
  EXPECT_NE(P->NoFix.find("comes from input"), std::string::npos);
  const FunctionDecl *F = test::findFunction(ctx(), "f");
  EXPECT_TRUE(isUntrustedCount(
                  *P, F, [](const CallExpr *) { return false; }, ctx()) ==
              false);
}

TEST_F(ReservePlanTest, StringsCountedByABareInteger) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(int n) {\n"
                                "  std::string v;\n"
                                "  for (int i = 0; i < n; ++i)\n"
                                "    v += ' ';\n"
                                "}\n"));
  // An indent mostly stays in the inline buffer.
  EXPECT_FALSE(plan({}, ContainerFamily::String).has_value());
  ReservePolicy Unbounded;
  Unbounded.UnboundedStrings = true;
  EXPECT_TRUE(plan(Unbounded, ContainerFamily::String).has_value());
}

TEST_F(ReservePlanTest, AppendsAfterTheDeclaration) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(bool early) {\n"
                                "  std::vector<int> v;\n"
                                "  int unrelated = 0;\n"
                                "  v.push_back(1);\n"
                                "  v.emplace_back(2);\n"
                                "  if (early) return;\n"
                                "  v.push_back(3);\n"
                                "}\n"
                                "void g() {\n"
                                "  std::vector<int> w;\n"
                                "  w.push_back(1);\n"
                                "}\n"));
  auto RunOf = [&](llvm::StringRef Function, llvm::StringRef Name) {
    const VarDecl *Var = test::findVar(ctx(), Name);
    const auto *Body =
        cast<CompoundStmt>(test::findFunction(ctx(), Function)->getBody());
    for (const Stmt *S : Body->body())
      if (const auto *DS = dyn_cast<DeclStmt>(S);
          DS && DS->isSingleDecl() && DS->getSingleDecl() == Var)
        return appendsAfterDeclaration(Var, *Body, *DS, ctx());
    ADD_FAILURE() << "no declaration of " << Name.str();
    return AppendRun();
  };
  // The return may end the function: the run stops before it.
  AppendRun Run = RunOf("f", "v");
  EXPECT_EQ(Run.Count, 2u);
  ASSERT_TRUE(Run.First != nullptr);
  // One append is not a run.
  EXPECT_EQ(RunOf("g", "w").Count, 0u);
}

TEST_F(ReservePlanTest, AMemberLeftEmptyByTheConstructor) {
  ASSERT_NO_FATAL_FAILURE(
      parse("struct Empty { explicit Empty(int k) : kind(k), items{} {}\n"
            "  Empty() : Empty(0) {}\n"
            "  int kind; std::vector<int> items; };\n"
            "struct Seeded { explicit Seeded(int n) : items{n} {}\n"
            "  std::vector<int> items; };\n"
            "struct Body { explicit Body(int n) { items.push_back(n); }\n"
            "  std::vector<int> items; };\n"
            "struct Calls { explicit Calls(int n) { fill(n); }\n"
            "  void fill(int); std::vector<int> items; };\n"
            "struct Declared { explicit Declared(int n);\n"
            "  std::vector<int> items; };\n"
            "struct Plain { std::vector<int> items; };\n"
            "struct Given { std::vector<int> items{1, 2}; };\n"
            "void f(int a) {\n"
            "  Empty e;\n"
            "  e.items.push_back(a);\n"
            "  e.items.push_back(a);\n"
            "  e.kind = 1;\n"
            "  e.items.push_back(a);\n"
            "  Plain p; Given q;\n"
            "}\n"));
  auto ItemsOf = [&](llvm::StringRef Class) {
    const FieldDecl *Items = nullptr;
    for (const FieldDecl *F : test::findRecord(ctx(), Class)->fields())
      if (F->getName() == "items")
        Items = F;
    return Items;
  };
  auto Leaves = [&](llvm::StringRef Class) {
    const CXXRecordDecl *Record = test::findRecord(ctx(), Class);
    const FieldDecl *Items = ItemsOf(Class);
    bool All = true, Any = false;
    for (const CXXConstructorDecl *Ctor : Record->ctors()) {
      if (Ctor->isCopyOrMoveConstructor())
        continue;
      bool Empty = leavesEmpty(*Items, *Ctor);
      All &= Empty;
      Any |= Empty;
    }
    return std::make_pair(All, Any);
  };
  // Both constructors of Empty, the delegating one through its target.
  EXPECT_EQ(Leaves("Empty"), std::make_pair(true, true));
  // Elements in the initializer, the body, a member function called, or a
  // definition that is not seen.
  EXPECT_EQ(Leaves("Seeded"), std::make_pair(false, false));
  EXPECT_EQ(Leaves("Body"), std::make_pair(false, false));
  EXPECT_EQ(Leaves("Calls"), std::make_pair(false, false));
  EXPECT_EQ(Leaves("Declared"), std::make_pair(false, false));
  // The implicit default constructor (declared once f uses it), and an
  // in-class initializer.
  EXPECT_EQ(Leaves("Plain").second, true);
  EXPECT_EQ(Leaves("Given").second, false);

  // The run on e.items stops at the statement that names e otherwise.
  const VarDecl *E = test::findVar(ctx(), "e");
  const auto *Body =
      cast<CompoundStmt>(test::findFunction(ctx(), "f")->getBody());
  const auto *Declaration = cast<DeclStmt>(Body->body_front());
  AppendRun Run =
      appendsAfterDeclaration(E, *Body, *Declaration, ctx(), ItemsOf("Empty"));
  EXPECT_EQ(Run.Count, 2u);
  EXPECT_EQ(Run.Appends.size(), 2u);
  // Without the member, the object itself is no container.
  EXPECT_EQ(appendsAfterDeclaration(E, *Body, *Declaration, ctx()).Count, 0u);
}

TEST_F(ReservePlanTest, AStraightRunOfALocalOrOfAMember) {
  ASSERT_NO_FATAL_FAILURE(
      parse("struct Node { explicit Node(int k) : kind(k) {}\n"
            "  int kind; std::vector<int> kids; };\n"
            "Node f(int a) {\n"
            "  Node n(1);\n"
            "  n.kids.push_back(a);\n"
            "  n.kids.push_back(a);\n"
            "  return n;\n"
            "}\n"
            "std::vector<int> g(int a) {\n"
            "  std::vector<int> v;\n"
            "  v.push_back(a);\n"
            "  v.push_back(a);\n"
            "  return v;\n"
            "}\n"
            "void h(int n) {\n"
            "  std::vector<int> w;\n"
            "  w.push_back(n);\n"
            "  w.push_back(n);\n"
            "  for (int i = 0; i < n; ++i) w.push_back(i);\n"
            "}\n"
            "void p(std::vector<int> q) {\n"
            "  q.push_back(1);\n"
            "  q.push_back(2);\n"
            "}\n"));
  auto FirstStatementAfterDeclaration = [&](llvm::StringRef Function) {
    return cast<CompoundStmt>(test::findFunction(ctx(), Function)->getBody())
        ->body_begin()[1];
  };
  std::optional<StraightRun> Member =
      planStraightRun(test::findVar(ctx(), "n"), test::findField(ctx(), "kids"),
                      FirstStatementAfterDeclaration("f"), ctx());
  ASSERT_TRUE(Member.has_value());
  EXPECT_EQ(Member->Name, "n.kids");
  EXPECT_EQ(Member->Run.Count, 2u);
  EXPECT_EQ(Member->Function, test::findFunction(ctx(), "f"));
  std::optional<StraightRun> Local =
      planStraightRun(test::findVar(ctx(), "v"), nullptr,
                      FirstStatementAfterDeclaration("g"), ctx());
  ASSERT_TRUE(Local.has_value());
  EXPECT_EQ(Local->Name, "v");
  EXPECT_EQ(Local->Run.Appends.size(), 2u);
  // A loop that the vector outlives fills it too: the loop's finding, not
  // this one. A parameter may hold elements already.
  EXPECT_FALSE(planStraightRun(test::findVar(ctx(), "w"), nullptr,
                               FirstStatementAfterDeclaration("h"), ctx()));
  const FunctionDecl *P = test::findFunction(ctx(), "p");
  EXPECT_FALSE(planStraightRun(P->getParamDecl(0), nullptr,
                               cast<CompoundStmt>(P->getBody())->body_front(),
                               ctx()));
  // The object itself is no vector.
  EXPECT_FALSE(planStraightRun(test::findVar(ctx(), "n"), nullptr,
                               FirstStatementAfterDeclaration("f"), ctx()));
}

TEST_F(ReservePlanTest, ThisHandedToACallReachesTheMember) {
  ASSERT_NO_FATAL_FAILURE(parse("struct P;\n"
                                "void walk(P &);\n"
                                "struct P {\n"
                                "  std::vector<int> v;\n"
                                "  int d = 0;\n"
                                "  int get() const { return d; }\n"
                                "  int bump() { return ++d; }\n"
                                "  void add() { v.push_back(d); }\n"
                                "  void ext();\n"
                                "  void a(int n) { for (int i = 0; i < n; ++i) "
                                "walk(*this); }\n"
                                "  void b(int n) { for (int i = 0; i < n; ++i) "
                                "v.push_back(get() + bump()); }\n"
                                "  void c(int n) { for (int i = 0; i < n; ++i) "
                                "add(); }\n"
                                "  void e(int n) { for (int i = 0; i < n; ++i) "
                                "ext(); }\n"
                                "};\n"));
  const FieldDecl *V = test::findField(ctx(), "v");
  ASSERT_NE(V, nullptr);
  auto Reaches = [&](llvm::StringRef Function) {
    const Stmt *Loop = test::findFirstLoop(ctx(), Function);
    EXPECT_NE(Loop, nullptr) << Function.str();
    return Loop && thisReachesMember(Loop, *V, ctx());
  };
  EXPECT_TRUE(Reaches("a"));  // *this handed on
  EXPECT_FALSE(Reaches("b")); // a const one, and one that names only 'd'
  EXPECT_TRUE(Reaches("c"));  // names 'v'
  EXPECT_TRUE(Reaches("e"));  // not defined here
}

TEST_F(ReservePlanTest, TypeFacts) {
  ASSERT_NO_FATAL_FAILURE(parse("template <class T, unsigned N>\n"
                                "struct small_vector { void push_back(T); };\n"
                                "struct Growable { void reserve(int); };\n"
                                "struct Derived : Growable {};\n"
                                "small_vector<int, 4> a;\n"
                                "std::u32string b;\n"
                                "Derived c;\n"
                                "int d;\n"));
  EXPECT_EQ(inlineCapacity(test::findVar(ctx(), "a")->getType()), 4u);
  EXPECT_EQ(inlineCapacity(test::findVar(ctx(), "b")->getType()), std::nullopt);
  EXPECT_EQ(charSizeOf(test::findVar(ctx(), "b")->getType(), ctx()), 4u);
  EXPECT_EQ(charSizeOf(test::findVar(ctx(), "d")->getType(), ctx()), 1u);
  EXPECT_TRUE(hasReserve(test::findVar(ctx(), "c")->getType()));
  EXPECT_TRUE(hasReserve(test::findVar(ctx(), "b")->getType()));
  EXPECT_FALSE(hasReserve(test::findVar(ctx(), "a")->getType()));
  EXPECT_FALSE(hasReserve(test::findVar(ctx(), "d")->getType()));
}

} // namespace
} // namespace alloc_tidy
