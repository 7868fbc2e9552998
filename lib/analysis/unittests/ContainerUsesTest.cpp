//===--- ContainerUsesTest.cpp - what code does with a container ----------===//

#include "lib/analysis/facts/ContainerUses.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/facts/ElementRefs.h"
#include "clang/AST/StmtCXX.h"
#include "gtest/gtest.h"
#include <utility>

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Preamble = "#include <deque>\n"
                             "#include <vector>\n"
                             "#include <utility>\n";

const char *kindName(UseKind Kind) {
  switch (Kind) {
  case UseKind::Call:
    return "Call";
  case UseKind::Subscript:
    return "Subscript";
  case UseKind::RangeFor:
    return "RangeFor";
  case UseKind::Captured:
    return "Captured";
  case UseKind::PassedToTemplate:
    return "PassedToTemplate";
  case UseKind::PassedToFixedType:
    return "PassedToFixedType";
  case UseKind::Linked:
    return "Linked";
  case UseKind::Unknown:
    return "Unknown";
  }
  return "?";
}

const char *fateName(ElementRefFate Fate) {
  switch (Fate) {
  case ElementRefFate::Temporary:
    return "Temporary";
  case ElementRefFate::LocalVariable:
    return "LocalVariable";
  case ElementRefFate::Escapes:
    return "Escapes";
  }
  return "?";
}

} // namespace

// Readable failure messages.
// NOLINTBEGIN(readability-identifier-naming): GoogleTest looks for PrintTo.
void PrintTo(UseKind Kind, std::ostream *OS) { *OS << kindName(Kind); }
void PrintTo(ElementRefFate Fate, std::ostream *OS) { *OS << fateName(Fate); }
// NOLINTEND(readability-identifier-naming)

namespace {

class ContainerUsesTest : public test::SnippetTest {
protected:
  ContainerUsesTest() : SnippetTest(Preamble) {}

  /// The \p Index-th reference to the variable or member \p Name in the body
  /// of \p Function.
  const Expr *ref(llvm::StringRef Function, llvm::StringRef Name,
                  unsigned Index = 0) {
    std::vector<const Expr *> Refs =
        test::findRefsByName(ctx(), Function, Name);
    if (Index >= Refs.size()) {
      ADD_FAILURE() << "no reference #" << Index << " to '" << Name.str()
                    << "' in '" << Function.str() << "' (" << Refs.size()
                    << " found)";
      return nullptr;
    }
    return Refs[Index];
  }

  ContainerUse use(llvm::StringRef Function, llvm::StringRef Name,
                   unsigned Index = 0) {
    const Expr *Ref = ref(Function, Name, Index);
    return Ref ? classifyContainerUse(Ref, ctx()) : ContainerUse();
  }

  /// The declaration of the parameter or local \p Name of \p Function.
  const VarDecl *localVar(llvm::StringRef Function, llvm::StringRef Name) {
    const Expr *Ref = ref(Function, Name);
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Ref);
    return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  }

  /// traceElementRef of the first call named \p Callee in \p Function.
  ElementRef trace(llvm::StringRef Function, llvm::StringRef Callee,
                   bool YieldsIterator = false) {
    const CallExpr *Access = test::findCall(ctx(), Function, Callee);
    if (!Access) {
      ADD_FAILURE() << "no call to '" << Callee.str() << "' in '"
                    << Function.str() << "'";
      return ElementRef();
    }
    return traceElementRef(Access, YieldsIterator, ctx());
  }

  /// The uses of \p Name anywhere in the main file that may grow it
  /// (push_back/emplace_back/insert/resize), classified.
  std::vector<ContainerUse> growthOf(const ValueDecl *Container) {
    std::vector<ContainerUse> Growth;
    for (const Expr *Ref : test::findRefs(ctx(), Container)) {
      ContainerUse Use = classifyContainerUse(Ref, ctx());
      if (Use.Kind == UseKind::Call &&
          (Use.Method == "push_back" || Use.Method == "emplace_back" ||
           Use.Method == "push_front" || Use.Method == "insert" ||
           Use.Method == "resize"))
        Growth.push_back(std::move(Use));
    }
    return Growth;
  }

  bool keptAcrossGrowth(const ElementRef &Kept, llvm::StringRef Function,
                        const ValueDecl *Container,
                        const CXXRecordDecl *Owner = nullptr) {
    std::vector<ContainerUse> Growth = growthOf(Container);
    EXPECT_FALSE(Growth.empty()) << "no growth found";
    std::vector<const ContainerUse *> Pointers;
    Pointers.reserve(Growth.size());
    for (const ContainerUse &G : Growth)
      Pointers.push_back(&G);
    return isKeptAcrossGrowth(Kept, test::findFunction(ctx(), Function),
                              Pointers, Owner, ctx());
  }
};

// --- classifyContainerUse ----------------------------------------------------

TEST_F(ContainerUsesTest, MemberCall) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::deque<int> &d) {\n"
                                "  d.push_back(1);\n"
                                "}\n"));
  ContainerUse Use = use("f", "d");
  EXPECT_EQ(Use.Kind, UseKind::Call);
  EXPECT_EQ(Use.Method, "push_back");
  EXPECT_EQ(Use.Ref, ref("f", "d"));
  EXPECT_EQ(Use.Site, test::findCall(ctx(), "f", "push_back"));
  EXPECT_EQ(Use.Function, test::findFunction(ctx(), "f"));
}

TEST_F(ContainerUsesTest, BlockStatementOfAnInitializer) {
  ASSERT_NO_FATAL_FAILURE(parse("int g(int);\n"
                                "void f(std::vector<int> &d) {\n"
                                "  int N = g(d.size());\n"
                                "  d.push_back(N);\n"
                                "}\n"));
  const Stmt *Initializer = blockStatementOf(ref("f", "d", 0), ctx());
  ASSERT_TRUE(Initializer);
  EXPECT_TRUE(isa<DeclStmt>(Initializer));
  const Stmt *Push = blockStatementOf(ref("f", "d", 1), ctx());
  EXPECT_EQ(Push, test::findCall(ctx(), "f", "push_back"));
}

TEST_F(ContainerUsesTest, OtherMemberCalls) {
  ASSERT_NO_FATAL_FAILURE(parse("int f(std::deque<int> &d) {\n"
                                "  d.emplace_back(1);\n"
                                "  d.pop_front();\n"
                                "  return (int)d.size() + d.back();\n"
                                "}\n"));
  const char *Methods[] = {"emplace_back", "pop_front", "size", "back"};
  for (unsigned I = 0; I < 4; ++I) {
    ContainerUse Use = use("f", "d", I);
    EXPECT_EQ(Use.Kind, UseKind::Call) << Methods[I];
    EXPECT_EQ(Use.Method, Methods[I]);
  }
}

TEST_F(ContainerUsesTest, StdFreeFunctionIsACall) {
  ASSERT_NO_FATAL_FAILURE(parse("#include <iterator>\n"
                                "int f(std::deque<int> &d) {\n"
                                "  return (int)std::size(d) + *std::begin(d);\n"
                                "}\n"));
  ContainerUse Size = use("f", "d", 0);
  EXPECT_EQ(Size.Kind, UseKind::Call);
  EXPECT_EQ(Size.Method, "size");
  ContainerUse Begin = use("f", "d", 1);
  EXPECT_EQ(Begin.Kind, UseKind::Call);
  EXPECT_EQ(Begin.Method, "begin");
}

TEST_F(ContainerUsesTest, DataMemberCall) {
  ASSERT_NO_FATAL_FAILURE(parse("struct Queue {\n"
                                "  std::deque<int> items;\n"
                                "  void add(int v) { items.push_back(v); }\n"
                                "};\n"));
  const Expr *Ref = ref("add", "items");
  ASSERT_TRUE(Ref != nullptr);
  EXPECT_TRUE(isa<MemberExpr>(Ref));
  EXPECT_EQ(referencedContainer(Ref), test::findField(ctx(), "items"));
  ContainerUse Use = classifyContainerUse(Ref, ctx());
  EXPECT_EQ(Use.Kind, UseKind::Call);
  EXPECT_EQ(Use.Method, "push_back");
  EXPECT_EQ(Use.Function, test::findFunction(ctx(), "add"));
}

TEST_F(ContainerUsesTest, Subscript) {
  ASSERT_NO_FATAL_FAILURE(parse("int f(std::deque<int> &d, int i) {\n"
                                "  d[i] = 2;\n"
                                "  return d[i + 1];\n"
                                "}\n"));
  for (unsigned I = 0; I < 2; ++I) {
    ContainerUse Use = use("f", "d", I);
    EXPECT_EQ(Use.Kind, UseKind::Subscript);
    ASSERT_TRUE(Use.Site != nullptr);
    const auto *Op = dyn_cast<CXXOperatorCallExpr>(Use.Site);
    ASSERT_TRUE(Op != nullptr);
    EXPECT_EQ(Op->getOperator(), OO_Subscript);
  }
}

TEST_F(ContainerUsesTest, RangeFor) {
  ASSERT_NO_FATAL_FAILURE(parse("int f(const std::deque<int> &d) {\n"
                                "  int s = 0;\n"
                                "  for (int x : d) s += x;\n"
                                "  return s;\n"
                                "}\n"));
  ContainerUse Use = use("f", "d");
  EXPECT_EQ(Use.Kind, UseKind::RangeFor);
  EXPECT_EQ(Use.Site, test::findFirstRangeFor(ctx(), "f"));
}

TEST_F(ContainerUsesTest, MemberSwapLinksBothWays) {
  ASSERT_NO_FATAL_FAILURE(
      parse("void f(std::deque<int> &d, std::deque<int> &e) {\n"
            "  d.swap(e);\n"
            "}\n"));
  const VarDecl *D = localVar("f", "d");
  const VarDecl *E = localVar("f", "e");
  ASSERT_TRUE(D && E);
  ContainerUse OfD = use("f", "d");
  EXPECT_EQ(OfD.Kind, UseKind::Linked);
  EXPECT_EQ(OfD.Other, E);
  ContainerUse OfE = use("f", "e");
  EXPECT_EQ(OfE.Kind, UseKind::Linked);
  EXPECT_EQ(OfE.Other, D);
}

TEST_F(ContainerUsesTest, StdSwapLinksBothWays) {
  ASSERT_NO_FATAL_FAILURE(
      parse("void f(std::deque<int> &d, std::deque<int> &e) {\n"
            "  std::swap(d, e);\n"
            "}\n"));
  const VarDecl *D = localVar("f", "d");
  const VarDecl *E = localVar("f", "e");
  ASSERT_TRUE(D && E);
  ContainerUse OfD = use("f", "d");
  EXPECT_EQ(OfD.Kind, UseKind::Linked);
  EXPECT_EQ(OfD.Other, E);
  ContainerUse OfE = use("f", "e");
  EXPECT_EQ(OfE.Kind, UseKind::Linked);
  EXPECT_EQ(OfE.Other, D);
}

TEST_F(ContainerUsesTest, AssignCompareAndCopyLink) {
  ASSERT_NO_FATAL_FAILURE(
      parse("bool f(std::deque<int> &d, std::deque<int> &e) {\n"
            "  d = e;\n"
            "  std::deque<int> copy = d;\n"
            "  return d == e;\n"
            "}\n"));
  const VarDecl *E = localVar("f", "e");
  ContainerUse Assign = use("f", "d", 0);
  EXPECT_EQ(Assign.Kind, UseKind::Linked);
  EXPECT_EQ(Assign.Other, E);
  ContainerUse Copy = use("f", "d", 1);
  EXPECT_EQ(Copy.Kind, UseKind::Linked);
  EXPECT_EQ(Copy.Other, test::findVar(ctx(), "copy"));
  ContainerUse Compare = use("f", "d", 2);
  EXPECT_EQ(Compare.Kind, UseKind::Linked);
  EXPECT_EQ(Compare.Other, E);
}

TEST_F(ContainerUsesTest, AssignFromBracedListIsAssign) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::deque<int> &d) {\n"
                                "  d = {1, 2, 3};\n"
                                "}\n"));
  ContainerUse Use = use("f", "d");
  EXPECT_EQ(Use.Kind, UseKind::Call);
  EXPECT_EQ(Use.Method, "assign");
}

TEST_F(ContainerUsesTest, LambdaCaptureByCopy) {
  ASSERT_NO_FATAL_FAILURE(parse("int f(std::deque<int> &d) {\n"
                                "  auto g = [d] { return (int)d.size(); };\n"
                                "  return g();\n"
                                "}\n"));
  ContainerUse Capture = use("f", "d", 0);
  EXPECT_EQ(Capture.Kind, UseKind::Captured);
}

TEST_F(ContainerUsesTest, LambdaCaptureByReference) {
  ASSERT_NO_FATAL_FAILURE(parse("int f() {\n"
                                "  std::deque<int> d;\n"
                                "  auto g = [&d] { d.push_back(1); };\n"
                                "  g();\n"
                                "  return d.back();\n"
                                "}\n"));
  // The capture, then the use in the body, then the one after.
  EXPECT_EQ(use("f", "d", 0).Kind, UseKind::Captured);
  ContainerUse InBody = use("f", "d", 1);
  EXPECT_EQ(InBody.Kind, UseKind::Call);
  EXPECT_EQ(InBody.Method, "push_back");
  EXPECT_EQ(use("f", "d", 2).Method, "back");
}

TEST_F(ContainerUsesTest, PassedToTemplate) {
  ASSERT_NO_FATAL_FAILURE(parse("template <class C> int t(const C &c) {\n"
                                "  return (int)c.size();\n"
                                "}\n"
                                "template <class C> int tv(C c) {\n"
                                "  return (int)c.size();\n"
                                "}\n"
                                "int f(std::deque<int> &d) {\n"
                                "  return t(d) + tv(d);\n"
                                "}\n"));
  ContainerUse ByRef = use("f", "d", 0);
  EXPECT_EQ(ByRef.Kind, UseKind::PassedToTemplate);
  ASSERT_TRUE(ByRef.Callee != nullptr);
  EXPECT_EQ(ByRef.Callee->getName(), "t");
  ContainerUse ByValue = use("f", "d", 1);
  EXPECT_EQ(ByValue.Kind, UseKind::PassedToTemplate);
  ASSERT_TRUE(ByValue.Callee != nullptr);
  EXPECT_EQ(ByValue.Callee->getName(), "tv");
}

TEST_F(ContainerUsesTest, PassedToDeclaredOnlyTemplate) {
  // The template's definition is in another translation unit.
  ASSERT_NO_FATAL_FAILURE(
      parse("template <class C> int t(const C &c);\n"
            "int f(std::deque<int> &d) { return t(d); }\n"));
  EXPECT_EQ(use("f", "d").Kind, UseKind::PassedToTemplate);
}

TEST_F(ContainerUsesTest, PassedToFixedType) {
  ASSERT_NO_FATAL_FAILURE(parse("int g(const std::deque<int> &c);\n"
                                "int gv(std::deque<int> c);\n"
                                "int f(std::deque<int> &d) {\n"
                                "  return g(d) + gv(d);\n"
                                "}\n"));
  ContainerUse ByRef = use("f", "d", 0);
  EXPECT_EQ(ByRef.Kind, UseKind::PassedToFixedType);
  ASSERT_TRUE(ByRef.Callee != nullptr);
  EXPECT_EQ(ByRef.Callee->getName(), "g");
  ContainerUse ByValue = use("f", "d", 1);
  EXPECT_EQ(ByValue.Kind, UseKind::PassedToFixedType);
  ASSERT_TRUE(ByValue.Callee != nullptr);
  EXPECT_EQ(ByValue.Callee->getName(), "gv");
}

TEST_F(ContainerUsesTest, PassedByNonConstReferenceIsUnknown) {
  ASSERT_NO_FATAL_FAILURE(parse("void h(std::deque<int> &c);\n"
                                "void f(std::deque<int> &d) { h(d); }\n"));
  ContainerUse Use = use("f", "d");
  EXPECT_EQ(Use.Kind, UseKind::Unknown);
  EXPECT_FALSE(Use.Why.empty());
}

TEST_F(ContainerUsesTest, PassedByPointerIsUnknown) {
  ASSERT_NO_FATAL_FAILURE(parse("void hp(const std::deque<int> *c);\n"
                                "void f(std::deque<int> &d) { hp(&d); }\n"));
  EXPECT_EQ(use("f", "d").Kind, UseKind::Unknown);
}

TEST_F(ContainerUsesTest, AddressTakenIsUnknown) {
  ASSERT_NO_FATAL_FAILURE(parse("std::deque<int> *f(std::deque<int> &d) {\n"
                                "  std::deque<int> *p = &d;\n"
                                "  return p;\n"
                                "}\n"));
  ContainerUse Use = use("f", "d");
  EXPECT_EQ(Use.Kind, UseKind::Unknown);
  EXPECT_FALSE(Use.Why.empty());
}

TEST_F(ContainerUsesTest, MovedIntoAnotherVariableIsUnknown) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::deque<int> &d) {\n"
                                "  std::deque<int> e = std::move(d);\n"
                                "  (void)e;\n"
                                "}\n"));
  ContainerUse Use = use("f", "d");
  EXPECT_EQ(Use.Kind, UseKind::Unknown);
  EXPECT_FALSE(Use.Why.empty());
}

TEST_F(ContainerUsesTest, ReturnedIsUnknown) {
  ASSERT_NO_FATAL_FAILURE(parse("std::deque<int> f() {\n"
                                "  std::deque<int> d;\n"
                                "  d.push_back(1);\n"
                                "  return d;\n"
                                "}\n"
                                "std::deque<int> &g(std::deque<int> &d) {\n"
                                "  return d;\n"
                                "}\n"));
  EXPECT_EQ(use("f", "d", 0).Kind, UseKind::Call);
  ContainerUse ByValue = use("f", "d", 1);
  EXPECT_EQ(ByValue.Kind, UseKind::Unknown);
  EXPECT_FALSE(ByValue.Why.empty());
  ContainerUse ByRef = use("g", "d");
  EXPECT_EQ(ByRef.Kind, UseKind::Unknown);
  EXPECT_FALSE(ByRef.Why.empty());
}

TEST_F(ContainerUsesTest, BoundToReferenceIsUnknown) {
  ASSERT_NO_FATAL_FAILURE(parse("int f(std::deque<int> &d) {\n"
                                "  std::deque<int> &alias = d;\n"
                                "  return (int)alias.size();\n"
                                "}\n"));
  EXPECT_EQ(use("f", "d").Kind, UseKind::Unknown);
}

TEST_F(ContainerUsesTest, ReferencedContainer) {
  ASSERT_NO_FATAL_FAILURE(parse("struct S { std::deque<int> m; };\n"
                                "void f(std::deque<int> &d, S &s) {\n"
                                "  std::deque<int> e = std::move(d);\n"
                                "  s.m.clear();\n"
                                "}\n"));
  const Expr *D = ref("f", "d");
  ASSERT_TRUE(D != nullptr);
  EXPECT_EQ(referencedContainer(D), localVar("f", "d"));
  // std::move(d) still names d.
  const CallExpr *Move = test::findCall(ctx(), "f", "move");
  ASSERT_TRUE(Move != nullptr);
  EXPECT_EQ(referencedContainer(Move), localVar("f", "d"));
  const Expr *M = ref("f", "m");
  ASSERT_TRUE(M != nullptr);
  EXPECT_EQ(referencedContainer(M), test::findField(ctx(), "m"));
  EXPECT_EQ(referencedContainer(nullptr), nullptr);
}

TEST_F(ContainerUsesTest, ClassTemplateMemberParameterIsNotDeduced) {
  // Regression test for a fixed bug (ContainerUses.cpp, classifyArgument): the
  // parameter type is taken from the callee's template instantiation pattern,
  // and any dependent type there counts as "deduced from the argument". For a
  // member function of a class template, e.g.
  // std::vector<std::deque<int>>::push_back(const value_type &), the pattern's
  // parameter is dependent but fixed by the class: `all.push_back(d)` is
  // classified PassedToTemplate, so the check would change d's type and break
  // the call. It should be PassedToFixedType (or Linked/Unknown): only
  // parameters whose type involves the function template's own parameters are
  // deduced.
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::deque<int> &d,\n"
                                "       std::vector<std::deque<int>> &all) {\n"
                                "  all.push_back(d);\n"
                                "}\n"));
  EXPECT_NE(use("f", "d").Kind, UseKind::PassedToTemplate);
}

// --- traceElementRef ---------------------------------------------------------

TEST_F(ContainerUsesTest, ElementReadIsTemporary) {
  ASSERT_NO_FATAL_FAILURE(parse("int f(std::deque<int> &d) {\n"
                                "  int x = d[0];\n"
                                "  return x;\n"
                                "}\n"
                                "void g(std::deque<int> &d) { d[0] = 5; }\n"
                                "int h(std::deque<int> &d, int i) {\n"
                                "  return d[i];\n"
                                "}\n"));
  EXPECT_EQ(trace("f", "operator[]").Fate, ElementRefFate::Temporary);
  EXPECT_EQ(trace("g", "operator[]").Fate, ElementRefFate::Temporary);
  // Returned by value.
  EXPECT_EQ(trace("h", "operator[]").Fate, ElementRefFate::Temporary);
}

TEST_F(ContainerUsesTest, ElementBoundToLocalReference) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::deque<int> &d) {\n"
                                "  int &r = d[0];\n"
                                "  r = 1;\n"
                                "}\n"));
  ElementRef Kept = trace("f", "operator[]");
  EXPECT_EQ(Kept.Fate, ElementRefFate::LocalVariable);
  EXPECT_EQ(Kept.Holder, test::findVar(ctx(), "r"));
  EXPECT_TRUE(Kept.KeptAt != nullptr);
}

TEST_F(ContainerUsesTest, ElementAddressInLocalPointer) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::deque<int> &d) {\n"
                                "  int *p = &d.front();\n"
                                "  *p = 1;\n"
                                "}\n"
                                "void g(std::deque<int> &d) {\n"
                                "  int *q = nullptr;\n"
                                "  q = &d.back();\n"
                                "  *q = 1;\n"
                                "}\n"));
  ElementRef P = trace("f", "front");
  EXPECT_EQ(P.Fate, ElementRefFate::LocalVariable);
  EXPECT_EQ(P.Holder, test::findVar(ctx(), "p"));
  ElementRef Q = trace("g", "back");
  EXPECT_EQ(Q.Fate, ElementRefFate::LocalVariable);
  EXPECT_EQ(Q.Holder, test::findVar(ctx(), "q"));
}

TEST_F(ContainerUsesTest, ElementAddressInMemberEscapes) {
  ASSERT_NO_FATAL_FAILURE(parse("struct S {\n"
                                "  std::deque<int> d;\n"
                                "  int *p_ = nullptr;\n"
                                "  void keep() { p_ = &d.back(); }\n"
                                "};\n"));
  ElementRef Kept = trace("keep", "back");
  EXPECT_EQ(Kept.Fate, ElementRefFate::Escapes);
  EXPECT_EQ(Kept.Holder, nullptr);
  EXPECT_TRUE(Kept.KeptAt != nullptr);
}

TEST_F(ContainerUsesTest, ElementReturnedByReferenceEscapes) {
  ASSERT_NO_FATAL_FAILURE(parse("int &f(std::deque<int> &d, int i) {\n"
                                "  return d[i];\n"
                                "}\n"
                                "int *g(std::deque<int> &d) {\n"
                                "  return &d.front();\n"
                                "}\n"));
  EXPECT_EQ(trace("f", "operator[]").Fate, ElementRefFate::Escapes);
  EXPECT_EQ(trace("g", "front").Fate, ElementRefFate::Escapes);
}

TEST_F(ContainerUsesTest, ElementInGlobalOrStaticEscapes) {
  ASSERT_NO_FATAL_FAILURE(parse("int *Global;\n"
                                "void f(std::deque<int> &d) {\n"
                                "  Global = &d[0];\n"
                                "}\n"
                                "void g(std::deque<int> &d) {\n"
                                "  static int &r = d[0];\n"
                                "  (void)r;\n"
                                "}\n"));
  EXPECT_EQ(trace("f", "operator[]").Fate, ElementRefFate::Escapes);
  EXPECT_EQ(trace("g", "operator[]").Fate, ElementRefFate::Escapes);
}

TEST_F(ContainerUsesTest, ElementPointerStoredInContainerEscapes) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::deque<int> &d,\n"
                                "       std::vector<int *> &ptrs) {\n"
                                "  ptrs.push_back(&d[0]);\n"
                                "}\n"));
  EXPECT_EQ(trace("f", "operator[]").Fate, ElementRefFate::Escapes);
}

TEST_F(ContainerUsesTest, IteratorInLocalIsNotReported) {
  ASSERT_NO_FATAL_FAILURE(parse("int f(std::deque<int> &d) {\n"
                                "  auto it = d.begin();\n"
                                "  return *it;\n"
                                "}\n"));
  EXPECT_EQ(trace("f", "begin", /*YieldsIterator=*/true).Fate,
            ElementRefFate::Temporary);
}

TEST_F(ContainerUsesTest, ElementPointerInConstructorInitializerEscapes) {
  // Regression test for a fixed bug (ContainerUses.cpp, traceElementRef): when
  // the access is the initializer of a data member in a constructor's
  // mem-initializer list, its parent is a CXXCtorInitializer, which no branch
  // handles, so the result is Temporary. A reference or pointer member
  // initialized from an element (`first(d[0])`, `p(&d.front())`) outlives the
  // constructor and should be Escapes, as `p = &d.front();` in the body is.
  ASSERT_NO_FATAL_FAILURE(parse("struct S {\n"
                                "  std::deque<int> d;\n"
                                "  int &first;\n"
                                "  int *p;\n"
                                "  S() : d(2), first(d[0]), p(&d.back()) {}\n"
                                "};\n"));
  const CallExpr *Subscript =
      test::findCallsInMainFile(ctx(), "operator[]").front();
  EXPECT_EQ(traceElementRef(Subscript, false, ctx()).Fate,
            ElementRefFate::Escapes);
  const CallExpr *Back = test::findCallsInMainFile(ctx(), "back").front();
  EXPECT_EQ(traceElementRef(Back, false, ctx()).Fate, ElementRefFate::Escapes);
}

TEST_F(ContainerUsesTest, ElementThroughConditionalOperator) {
  // Regression test for a fixed bug (ContainerUses.cpp, traceElementRef): a
  // conditional operator whose result is a glvalue passes the element reference
  // through, but it is not followed: `int &r = c ? d.front() : d.back();`
  // reports Temporary instead of LocalVariable (r), so isKeptAcrossGrowth()
  // never sees r.
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::deque<int> &d, bool c) {\n"
                                "  int &r = c ? d.front() : d.back();\n"
                                "  d.push_back(1);\n"
                                "  r = 2;\n"
                                "}\n"));
  ElementRef Kept = trace("f", "front");
  EXPECT_EQ(Kept.Fate, ElementRefFate::LocalVariable);
  EXPECT_EQ(Kept.Holder, test::findVar(ctx(), "r"));
}

// --- isKeptAcrossGrowth ------------------------------------------------------

TEST_F(ContainerUsesTest, LocalReferenceFollowedByGrowth) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::deque<int> &d) {\n"
                                "  int &r = d[0];\n"
                                "  d.push_back(1);\n"
                                "  r = 2;\n"
                                "}\n"));
  ElementRef Kept = trace("f", "operator[]");
  ASSERT_EQ(Kept.Fate, ElementRefFate::LocalVariable);
  EXPECT_TRUE(keptAcrossGrowth(Kept, "f", localVar("f", "d")));
}

TEST_F(ContainerUsesTest, LocalReferencePrecededByGrowthOnly) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::deque<int> &d) {\n"
                                "  d.push_back(1);\n"
                                "  int &r = d[0];\n"
                                "  r = 2;\n"
                                "}\n"));
  ElementRef Kept = trace("f", "operator[]");
  ASSERT_EQ(Kept.Fate, ElementRefFate::LocalVariable);
  EXPECT_FALSE(keptAcrossGrowth(Kept, "f", localVar("f", "d")));
}

TEST_F(ContainerUsesTest, TemporaryIsNeverKept) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::deque<int> &d) {\n"
                                "  int x = d[0];\n"
                                "  d.push_back(x);\n"
                                "}\n"));
  ElementRef Kept = trace("f", "operator[]");
  ASSERT_EQ(Kept.Fate, ElementRefFate::Temporary);
  EXPECT_FALSE(keptAcrossGrowth(Kept, "f", localVar("f", "d")));
}

TEST_F(ContainerUsesTest, GrowthEarlierInALoopAroundTheHolder) {
  // p outlives the loop; the next iteration's push_back meets it.
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::deque<int> &d) {\n"
                                "  int *p = nullptr;\n"
                                "  for (int i = 0; i < 3; ++i) {\n"
                                "    d.push_back(i);\n"
                                "    p = &d[0];\n"
                                "  }\n"
                                "  *p = 1;\n"
                                "}\n"));
  ElementRef Kept = trace("f", "operator[]");
  ASSERT_EQ(Kept.Fate, ElementRefFate::LocalVariable);
  EXPECT_TRUE(keptAcrossGrowth(Kept, "f", localVar("f", "d")));
}

TEST_F(ContainerUsesTest, HolderScopedInsideTheLoop) {
  // r dies at the end of each iteration, before the next push_back.
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::deque<int> &d) {\n"
                                "  for (int i = 0; i < 3; ++i) {\n"
                                "    d.push_back(i);\n"
                                "    int &r = d[0];\n"
                                "    r = i;\n"
                                "  }\n"
                                "}\n"));
  ElementRef Kept = trace("f", "operator[]");
  ASSERT_EQ(Kept.Fate, ElementRefFate::LocalVariable);
  EXPECT_FALSE(keptAcrossGrowth(Kept, "f", localVar("f", "d")));
}

TEST_F(ContainerUsesTest, EscapedReferenceMeetsGrowthInAnotherMember) {
  ASSERT_NO_FATAL_FAILURE(parse("struct S {\n"
                                "  std::deque<int> d;\n"
                                "  int *p_ = nullptr;\n"
                                "  void keep() { p_ = &d.back(); }\n"
                                "  void add(int v) { d.push_back(v); }\n"
                                "};\n"));
  ElementRef Kept = trace("keep", "back");
  ASSERT_EQ(Kept.Fate, ElementRefFate::Escapes);
  EXPECT_TRUE(keptAcrossGrowth(Kept, "keep", test::findField(ctx(), "d"),
                               test::findRecord(ctx(), "S")));
}

TEST_F(ContainerUsesTest, GrowthOnlyInConstructorComesFirst) {
  ASSERT_NO_FATAL_FAILURE(parse("struct S {\n"
                                "  std::deque<int> d;\n"
                                "  int *p_ = nullptr;\n"
                                "  S() { d.push_back(0); }\n"
                                "  void keep() { p_ = &d.back(); }\n"
                                "};\n"));
  ElementRef Kept = trace("keep", "back");
  ASSERT_EQ(Kept.Fate, ElementRefFate::Escapes);
  EXPECT_FALSE(keptAcrossGrowth(Kept, "keep", test::findField(ctx(), "d"),
                                test::findRecord(ctx(), "S")));
}

TEST_F(ContainerUsesTest, LocalReferenceAcrossCallIntoOwner) {
  ASSERT_NO_FATAL_FAILURE(parse("struct S {\n"
                                "  std::deque<int> d;\n"
                                "  void grow() { d.push_back(1); }\n"
                                "  int peek() const { return d.front(); }\n"
                                "  void f() {\n"
                                "    int &r = d[0];\n"
                                "    grow();\n"
                                "    r = 2;\n"
                                "  }\n"
                                "  void g() {\n"
                                "    int &r = d[0];\n"
                                "    r = peek();\n"
                                "  }\n"
                                "};\n"));
  const FieldDecl *D = test::findField(ctx(), "d");
  const CXXRecordDecl *S = test::findRecord(ctx(), "S");
  ElementRef InF = trace("f", "operator[]");
  ASSERT_EQ(InF.Fate, ElementRefFate::LocalVariable);
  EXPECT_TRUE(keptAcrossGrowth(InF, "f", D, S));
  // Only a const member function is called while r is alive.
  ElementRef InG = trace("g", "operator[]");
  ASSERT_EQ(InG.Fate, ElementRefFate::LocalVariable);
  EXPECT_FALSE(keptAcrossGrowth(InG, "g", D, S));
}

// --- isMoveInsertable --------------------------------------------------------

TEST_F(ContainerUsesTest, MoveInsertable) {
  ASSERT_NO_FATAL_FAILURE(
      parse("#include <memory>\n"
            "#include <string>\n"
            "struct MoveOnly {\n"
            "  MoveOnly();\n"
            "  MoveOnly(MoveOnly &&);\n"
            "  MoveOnly(const MoveOnly &) = delete;\n"
            "};\n"
            "struct ImplicitMoveOnly { std::unique_ptr<int> p; };\n"
            "struct Plain { int x; std::string s; };\n"
            "struct CopyOnly {\n"
            "  CopyOnly(const CopyOnly &);\n"
            "  ~CopyOnly();\n"
            "};\n"
            "struct NoCopyNoMove {\n"
            "  NoCopyNoMove();\n"
            "  NoCopyNoMove(const NoCopyNoMove &) = delete;\n"
            "};\n"
            "struct DeletedMove {\n"
            "  DeletedMove();\n"
            "  DeletedMove(DeletedMove &&) = delete;\n"
            "};\n"
            "struct HoldsNoCopyNoMove { NoCopyNoMove n; };\n"
            "class PrivateCopy {\n"
            "  PrivateCopy(const PrivateCopy &);\n"
            "public:\n"
            "  PrivateCopy();\n"
            "};\n"
            "extern int i;\n"
            "extern MoveOnly mo;\n"
            "extern ImplicitMoveOnly imo;\n"
            "std::unique_ptr<int> up;\n"
            "extern Plain plain;\n"
            "extern CopyOnly co;\n"
            "extern NoCopyNoMove nc;\n"
            "extern DeletedMove dm;\n"
            "extern HoldsNoCopyNoMove hnc;\n"
            "extern PrivateCopy pc;\n"));
  auto Insertable = [&](llvm::StringRef Var) {
    QualType T = test::typeOfVar(ctx(), Var);
    EXPECT_FALSE(T.isNull()) << Var.str();
    return !T.isNull() && isMoveInsertable(T);
  };
  EXPECT_TRUE(Insertable("i"));
  EXPECT_TRUE(Insertable("mo"));
  EXPECT_TRUE(Insertable("imo"));
  EXPECT_TRUE(Insertable("up"));
  EXPECT_TRUE(Insertable("plain"));
  EXPECT_TRUE(Insertable("co"));
  EXPECT_FALSE(Insertable("nc"));
  EXPECT_FALSE(Insertable("dm"));
  EXPECT_FALSE(Insertable("hnc"));
  EXPECT_FALSE(Insertable("pc"));
}

// --- isCopiedOnGrowth -------------------------------------------------------

TEST_F(ContainerUsesTest, CopiedOnGrowth) {
  ASSERT_NO_FATAL_FAILURE(
      parse("#include <memory>\n"
            "#include <string>\n"
            "struct Plain { int x; std::string s; };\n"
            "struct Pod { int x; double y; };\n"
            "struct CopyAndDestructor {\n"
            "  CopyAndDestructor(const CopyAndDestructor &);\n"
            "  ~CopyAndDestructor();\n"
            "  std::deque<int> d;\n"
            "};\n"
            "struct OnlyDestructor { ~OnlyDestructor(); std::string s; };\n"
            "struct ThrowingMove {\n"
            "  ThrowingMove(const ThrowingMove &);\n"
            "  ThrowingMove(ThrowingMove &&);\n"
            "};\n"
            "struct NoexceptMove {\n"
            "  NoexceptMove(const NoexceptMove &);\n"
            "  NoexceptMove(NoexceptMove &&) noexcept;\n"
            "};\n"
            "struct DefaultedMove {\n"
            "  DefaultedMove(const DefaultedMove &);\n"
            "  DefaultedMove(DefaultedMove &&) = default;\n"
            "  std::string s;\n"
            "};\n"
            "struct MoveOnlyThrowing {\n"
            "  MoveOnlyThrowing(MoveOnlyThrowing &&);\n"
            "  MoveOnlyThrowing(const MoveOnlyThrowing &) = delete;\n"
            "};\n"
            "struct ImplicitMoveOnly { std::unique_ptr<int> p; };\n"
            "extern int i;\n"
            "extern Plain plain;\n"
            "extern Pod pod;\n"
            "extern CopyAndDestructor cd;\n"
            "extern OnlyDestructor od;\n"
            "extern ThrowingMove tm;\n"
            "extern NoexceptMove nm;\n"
            "extern DefaultedMove dm;\n"
            "extern MoveOnlyThrowing mot;\n"
            "extern ImplicitMoveOnly imo;\n"));
  auto Copied = [&](llvm::StringRef Var) {
    QualType T = test::typeOfVar(ctx(), Var);
    EXPECT_FALSE(T.isNull()) << Var.str();
    return !T.isNull() && isCopiedOnGrowth(T);
  };
  EXPECT_FALSE(Copied("i"));
  EXPECT_FALSE(Copied("plain"));
  EXPECT_FALSE(Copied("pod"));
  EXPECT_TRUE(Copied("cd"));
  EXPECT_TRUE(Copied("od"));
  EXPECT_TRUE(Copied("tm"));
  EXPECT_FALSE(Copied("nm"));
  EXPECT_FALSE(Copied("dm"));
  EXPECT_FALSE(Copied("mot"));
  EXPECT_FALSE(Copied("imo"));
}

TEST_F(ContainerUsesTest, CopyThatMayAllocate) {
  ASSERT_NO_FATAL_FAILURE(
      parse("#include <string>\n"
            "struct Pod { int x; double *p; };\n"
            "struct Entry {\n"
            "  Entry(const Entry &O) : seq(O.seq), chunk(O.chunk) {}\n"
            "  unsigned long seq; int *chunk;\n"
            "};\n"
            "struct AssignedInBody {\n"
            "  AssignedInBody(const AssignedInBody &O) { x = O.x; }\n"
            "  int x;\n"
            "};\n"
            "struct HoldsEntries { Entry e[2]; Pod p; };\n"
            "struct DerivedEntry : Entry { int y; };\n"
            "struct CopiesString {\n"
            "  CopiesString(const CopiesString &O) : s(O.s) {}\n"
            "  std::string s;\n"
            "};\n"
            "int log(int);\n"
            "struct CallsInBody {\n"
            "  CallsInBody(const CallsInBody &O) { x = log(O.x); }\n"
            "  int x;\n"
            "};\n"
            "struct News {\n"
            "  News(const News &O) : p(new int(*O.p)) {}\n"
            "  int *p;\n"
            "};\n"
            "struct Elsewhere { Elsewhere(const Elsewhere &); int x; };\n"
            "struct ImplicitString { int x; std::string s; };\n"
            "struct DefaultedEntry {\n"
            "  DefaultedEntry(const DefaultedEntry &) = default;\n"
            "  ~DefaultedEntry();\n"
            "  Entry e;\n"
            "};\n"
            "struct HoldsElsewhere { Elsewhere e; };\n"
            "struct NonConstCopy { NonConstCopy(NonConstCopy &) {} int x; };\n"
            "extern int i;\n"
            "extern Pod pod;\n"
            "extern Entry entry;\n"
            "extern AssignedInBody assigned;\n"
            "extern HoldsEntries holds;\n"
            "extern DerivedEntry derived;\n"
            "extern CopiesString copiesString;\n"
            "extern CallsInBody callsInBody;\n"
            "extern News news;\n"
            "extern Elsewhere elsewhere;\n"
            "extern ImplicitString implicitString;\n"
            "extern DefaultedEntry defaulted;\n"
            "extern HoldsElsewhere holdsElsewhere;\n"
            "extern NonConstCopy nonConstCopy;\n"));
  auto MayAllocate = [&](llvm::StringRef Var) {
    QualType T = test::typeOfVar(ctx(), Var);
    EXPECT_FALSE(T.isNull()) << Var.str();
    return !T.isNull() && copyMayAllocate(T);
  };
  // Copied as bytes, or by constructors that call nothing.
  EXPECT_FALSE(MayAllocate("i"));
  EXPECT_FALSE(MayAllocate("pod"));
  EXPECT_FALSE(MayAllocate("entry"));
  EXPECT_FALSE(MayAllocate("assigned"));
  EXPECT_FALSE(MayAllocate("holds"));
  EXPECT_FALSE(MayAllocate("derived"));
  EXPECT_FALSE(MayAllocate("defaulted"));
  // A member that owns memory, a call, a new, a body this unit cannot see.
  EXPECT_TRUE(MayAllocate("copiesString"));
  EXPECT_TRUE(MayAllocate("callsInBody"));
  EXPECT_TRUE(MayAllocate("news"));
  EXPECT_TRUE(MayAllocate("elsewhere"));
  EXPECT_TRUE(MayAllocate("implicitString"));
  EXPECT_TRUE(MayAllocate("holdsElsewhere"));
  // Only a copy from a non-const object: not the copy a vector makes.
  EXPECT_TRUE(MayAllocate("nonConstCopy"));
}

TEST_F(ContainerUsesTest, TheElementAVectorCopiesAsItGrows) {
  ASSERT_NO_FATAL_FAILURE(
      parse("#include <string>\n"
            "#include <vector>\n"
            "struct Tree { ~Tree(); std::vector<Tree> kids; };\n"
            "struct Leaf { std::string s; };\n"
            "struct Mark { Mark(const Mark &o) : at(o.at) {} int at; };\n"
            "extern std::vector<Tree> trees;\n"
            "extern std::vector<Leaf> leaves;\n"
            "extern std::vector<Mark> marks;\n"
            "extern std::vector<int> ints;\n"
            "extern Tree tree;\n"));
  auto Element = [&](llvm::StringRef Var) {
    return elementCopiedOnGrowth(test::typeOfVar(ctx(), Var));
  };
  EXPECT_EQ(Element("trees"), "Tree");
  // Moved as it grows, copied without allocating, no class, or no
  // container at all.
  EXPECT_EQ(Element("leaves"), "");
  EXPECT_EQ(Element("marks"), "");
  EXPECT_EQ(Element("ints"), "");
  EXPECT_EQ(Element("tree"), "");
}

// --- enclosingFunction / enclosingLoop ---------------------------------------

TEST_F(ContainerUsesTest, EnclosingFunctionAndLoop) {
  ASSERT_NO_FATAL_FAILURE(parse("std::deque<int> global;\n"
                                "std::size_t n = global.size();\n"
                                "void f(std::deque<int> &d) {\n"
                                "  d.clear();\n"
                                "  for (int i = 0; i < 3; ++i)\n"
                                "    d.push_back(i);\n"
                                "  auto g = [&] { d.pop_back(); };\n"
                                "  g();\n"
                                "}\n"));
  const FunctionDecl *F = test::findFunction(ctx(), "f");
  const Expr *Clear = ref("f", "d", 0);
  const Expr *Push = ref("f", "d", 1);
  const Expr *InLambda = ref("f", "d", 2);
  ASSERT_TRUE(Clear && Push && InLambda);
  EXPECT_EQ(enclosingFunction(Clear, ctx()), F);
  EXPECT_EQ(enclosingLoop(Clear, ctx()), nullptr);
  EXPECT_EQ(enclosingLoop(Push, ctx()), test::findFirstFor(ctx(), "f"));
  const FunctionDecl *LambdaFn = enclosingFunction(InLambda, ctx());
  ASSERT_TRUE(LambdaFn != nullptr);
  EXPECT_NE(LambdaFn, F);
  EXPECT_EQ(LambdaFn->getOverloadedOperator(), OO_Call);

  std::vector<const Expr *> GlobalRefs =
      test::findRefs(ctx(), test::findVar(ctx(), "global"));
  ASSERT_EQ(GlobalRefs.size(), 1u);
  EXPECT_EQ(enclosingFunction(GlobalRefs[0], ctx()), nullptr);
  EXPECT_EQ(classifyContainerUse(GlobalRefs[0], ctx()).Function, nullptr);
}

// --- containerHome -----------------------------------------------------------

TEST_F(ContainerUsesTest, ContainerHomeSeenFromLambdas) {
  ASSERT_NO_FATAL_FAILURE(
      parse("struct S {\n"
            "  std::vector<int> m;\n"
            "  void f(std::vector<int> &p) {\n"
            "    std::vector<int> l;\n"
            "    l.push_back(1); p.push_back(1); m.push_back(1);\n"
            "    auto g = [&, this](std::vector<int> &q) {\n"
            "      std::vector<int> own;\n"
            "      own.push_back(1); q.push_back(1);\n"
            "      l.push_back(1); p.push_back(1); m.push_back(1);\n"
            "    };\n"
            "    g(l);\n"
            "    auto h = [c = std::vector<int>(), l]() mutable {\n"
            "      c.push_back(1); return l.size();\n"
            "    };\n"
            "    h();\n"
            "  }\n"
            "};\n"));
  auto Home = [&](llvm::StringRef Name, unsigned Index) {
    const Expr *Ref = ref("f", Name, Index);
    EXPECT_TRUE(Ref != nullptr);
    return Ref ? containerHome(referencedContainer(Ref), Ref, ctx())
               : ContainerHome::Local;
  };
  // In the member function itself.
  EXPECT_EQ(Home("l", 0), ContainerHome::Local);
  EXPECT_EQ(Home("p", 0), ContainerHome::Parameter);
  EXPECT_EQ(Home("m", 0), ContainerHome::Member);
  // In the lambda: its own local and parameter, then what it captures.
  EXPECT_EQ(Home("own", 0), ContainerHome::Local);
  EXPECT_EQ(Home("q", 0), ContainerHome::Parameter);
  EXPECT_EQ(Home("l", 1), ContainerHome::Enclosing);
  EXPECT_EQ(Home("p", 1), ContainerHome::Enclosing);
  EXPECT_EQ(Home("m", 1), ContainerHome::Enclosing);
  // An init-capture and a by-copy capture belong to the closure.
  EXPECT_EQ(Home("c", 0), ContainerHome::Enclosing);
}

// --- fullStatementOf / previousStatement -------------------------------------

TEST_F(ContainerUsesTest, StatementsAroundAnExpression) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::deque<int> &d) {\n"
                                "  d.push_back(d.front());\n"
                                "  d.pop_front();\n"
                                "  if (d.empty()) d.clear();\n"
                                "}\n"));
  const CallExpr *Push = test::findCall(ctx(), "f", "push_back");
  const CallExpr *Front = test::findCall(ctx(), "f", "front");
  const CallExpr *Pop = test::findCall(ctx(), "f", "pop_front");
  const CallExpr *Clear = test::findCall(ctx(), "f", "clear");
  ASSERT_TRUE(Push && Front && Pop && Clear);
  // The inner call belongs to the statement of the outer one.
  EXPECT_EQ(fullStatementOf(Front, ctx()), fullStatementOf(Push, ctx()));
  EXPECT_EQ(previousStatement(fullStatementOf(Pop, ctx()), ctx()),
            fullStatementOf(Push, ctx()));
  EXPECT_EQ(previousStatement(fullStatementOf(Push, ctx()), ctx()), nullptr);
  // The body of an if is not directly in a block.
  EXPECT_EQ(previousStatement(fullStatementOf(Clear, ctx()), ctx()), nullptr);
}

} // namespace
} // namespace alloc_tidy
