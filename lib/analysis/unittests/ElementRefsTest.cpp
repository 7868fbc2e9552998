//===--- ElementRefsTest.cpp - where references into a container go ------===//
//
// The escapes a whole-program decision weighs: through local variables,
// members of the element, views, lambdas and structured bindings. The
// simpler fates (a reference returned or stored directly) are in
// ContainerUsesTest.
//
//===----------------------------------------------------------------------===//

#include "lib/analysis/facts/ElementRefs.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/facts/NestedTypeSpellings.h"
#include "clang/AST/DeclCXX.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

class ElementRefsTest : public test::SnippetTest {
protected:
  ElementRefsTest()
      : SnippetTest("#include <algorithm>\n#include <cstdio>\n"
                    "#include <cstring>\n#include <deque>\n"
                    "#include <functional>\n#include <string>\n"
                    "#include <string_view>\n#include <vector>\n"
                    "struct Line { std::string Text; int N = 0; };\n") {}

  /// The escapes of the member or variable \p Name, with its class as the
  /// owner when it is a member.
  std::vector<ElementEscape> escapesOf(llvm::StringRef Name) {
    const ValueDecl *D = test::findField(ctx(), Name);
    if (!D)
      D = test::findVar(ctx(), Name);
    EXPECT_TRUE(D != nullptr) << Name.str();
    if (!D)
      return {};
    std::vector<ContainerUse> Uses;
    for (const Expr *Ref : test::findRefs(ctx(), D))
      Uses.push_back(classifyContainerUse(Ref, ctx()));
    const auto *Owner = dyn_cast<CXXRecordDecl>(D->getDeclContext());
    return elementEscapes(Uses, Owner, ctx());
  }

  /// The function of each escape and how it escapes: "at:Returned".
  std::vector<std::string> describe(llvm::StringRef Name) {
    std::vector<std::string> Out;
    for (const ElementEscape &E : escapesOf(Name)) {
      std::string Route;
      switch (E.Route) {
      case EscapeRoute::Returned:
        Route = "Returned";
        break;
      case EscapeRoute::Stored:
        Route = "Stored";
        break;
      case EscapeRoute::Captured:
        Route = "Captured";
        break;
      case EscapeRoute::PassedOn:
        Route = "PassedOn";
        break;
      case EscapeRoute::HeldAcrossCall:
        Route = "HeldAcrossCall";
        break;
      }
      Out.push_back((E.Function ? E.Function->getNameAsString() : "?") + ":" +
                    Route);
    }
    return Out;
  }
};

using Names = std::vector<std::string>;

TEST_F(ElementRefsTest, ThroughALocalVariable) {
  ASSERT_NO_FATAL_FAILURE(parse(
      "class S {\n"
      "  std::deque<Line> Lines;\n"
      "  const Line *Kept = nullptr;\n"
      "public:\n"
      "  const std::string &first() const {\n"
      "    const Line &L = Lines.front();\n"
      "    return L.Text;\n" // returned through the local reference
      "  }\n"
      "  void keep() {\n"
      "    const Line *P = &Lines.back();\n"
      "    const Line *Q = P;\n"
      "    Kept = Q;\n" // stored through two local pointers
      "  }\n"
      "  int sum() const {\n"
      "    const Line &L = Lines.back();\n"
      "    return L.N + static_cast<int>(L.Text.size());\n" // used in place
      "  }\n"
      "};\n"));
  EXPECT_EQ(describe("Lines"), (Names{"first:Returned", "keep:Stored"}));
}

TEST_F(ElementRefsTest, CopiesReferToNothing) {
  ASSERT_NO_FATAL_FAILURE(parse(
      "class S {\n"
      "  std::deque<Line> Lines;\n"
      "  std::string Last;\n"
      "  std::vector<Line> Saved;\n"
      "public:\n"
      "  Line copy() const { return Lines.back(); }\n"
      "  std::string text() const { return Lines.back().Text; }\n"
      "  void save() { Last = Lines.back().Text; Saved.push_back(Lines[0]); }\n"
      "  std::string owned() const {\n"
      "    return std::string(Lines[0].Text.c_str());\n"
      "  }\n"
      "};\n"));
  EXPECT_EQ(describe("Lines"), Names{});
}

TEST_F(ElementRefsTest, ViewsAndPointersIntoAnElementsMembers) {
  ASSERT_NO_FATAL_FAILURE(
      parse("class S {\n"
            "  std::deque<Line> Lines;\n"
            "  std::string_view Title;\n"
            "  const char *Name = nullptr;\n"
            "public:\n"
            "  void title() { Title = Lines.back().Text; }\n"
            "  void name() { Name = Lines.back().Text.c_str(); }\n"
            "  std::string_view view() const {\n"
            "    std::string_view V = Lines.front().Text;\n"
            "    return V;\n"
            "  }\n"
            "  // The C library and views passed by value do not keep them.\n"
            "  void print() const {\n"
            "    std::printf(\"%s %zu\\n\", Lines[0].Text.c_str(),\n"
            "                std::strlen(Lines[0].Text.data()));\n"
            "  }\n"
            "  static int width(std::string_view V) { return (int)V.size(); }\n"
            "  int measure() const { return width(Lines[0].Text); }\n"
            "};\n"));
  EXPECT_EQ(describe("Lines"),
            (Names{"title:Stored", "name:Stored", "view:Returned"}));
}

TEST_F(ElementRefsTest, LambdasThatAreKept) {
  ASSERT_NO_FATAL_FAILURE(parse(
      "class S {\n"
      "  std::deque<Line> Lines;\n"
      "  std::vector<std::function<int()>> Later;\n"
      "public:\n"
      "  void watch() {\n"
      "    const Line &L = Lines.back();\n"
      "    Later.push_back([&L] { return L.N; });\n"
      "  }\n"
      "  void capture() {\n"
      "    Later.push_back([&Last = Lines.back()] { return Last.N; });\n"
      "  }\n"
      "  void pointer() {\n"
      "    Later.push_back([P = &Lines.back()] { return P->N; });\n"
      "  }\n"
      "  // Called on the spot, or by an algorithm: done with it on return.\n"
      "  int now() const {\n"
      "    const Line &L = Lines.back();\n"
      "    int A = [&L] { return L.N; }();\n"
      "    auto Get = [&L] { return L.N; };\n"
      "    std::vector<int> V{1, 2};\n"
      "    std::for_each(V.begin(), V.end(), [&L](int &X) { X += L.N; });\n"
      "    return A + Get() + V[0];\n"
      "  }\n"
      "  // A copy of the element, captured by copy.\n"
      "  void copied() {\n"
      "    Line C = Lines.back();\n"
      "    Later.push_back([C] { return C.N; });\n"
      "  }\n"
      "};\n"));
  EXPECT_EQ(describe("Lines"),
            (Names{"watch:Captured", "capture:Captured", "pointer:Captured"}));
}

TEST_F(ElementRefsTest, WrappedAndPassedOn) {
  ASSERT_NO_FATAL_FAILURE(
      parse("void keepSomewhere(const Line *);\n"
            "class S {\n"
            "  std::deque<Line> Lines;\n"
            "  std::vector<std::reference_wrapper<Line>> Pinned;\n"
            "  std::vector<const Line *> Marks;\n"
            "public:\n"
            "  void pin() { Pinned.push_back(std::ref(Lines.back())); }\n"
            "  void mark() { Marks.push_back(&Lines[0]); }\n"
            "  void hand() { keepSomewhere(&Lines[0]); }\n"
            "};\n"));
  EXPECT_EQ(describe("Lines"),
            (Names{"pin:PassedOn", "mark:Stored", "hand:PassedOn"}));
}

TEST_F(ElementRefsTest, StructuredBindings) {
  ASSERT_NO_FATAL_FAILURE(parse("class S {\n"
                                "  std::deque<Line> Lines;\n"
                                "public:\n"
                                "  const std::string &first() const {\n"
                                "    const auto &[Text, N] = Lines.front();\n"
                                "    return Text;\n"
                                "  }\n"
                                "  int count() const {\n"
                                "    const auto &[Text, N] = Lines.front();\n"
                                "    return N + (int)Text.size();\n"
                                "  }\n"
                                "  const std::string *find() const {\n"
                                "    for (const auto &[Text, N] : Lines)\n"
                                "      if (N > 1)\n"
                                "        return &Text;\n"
                                "    return nullptr;\n"
                                "  }\n"
                                "};\n"));
  EXPECT_EQ(describe("Lines"), (Names{"first:Returned", "find:Returned"}));
}

TEST_F(ElementRefsTest, IteratorsReturnedOrStored) {
  ASSERT_NO_FATAL_FAILURE(
      parse("class S {\n"
            "  std::deque<Line> Lines;\n"
            "  std::deque<Line>::iterator Cursor;\n"
            "public:\n"
            "  std::deque<Line>::const_iterator begin() const {\n"
            "    return Lines.begin();\n"
            "  }\n"
            "  void reset() { auto It = Lines.begin(); Cursor = It; }\n"
            "  int walk() const {\n"
            "    int Sum = 0;\n"
            "    for (auto It = Lines.begin(); It != Lines.end(); ++It)\n"
            "      Sum += It->N;\n"
            "    return Sum;\n"
            "  }\n"
            "};\n"));
  EXPECT_EQ(describe("Lines"), (Names{"begin:Returned", "reset:Stored"}));
}

TEST_F(ElementRefsTest, HeldAcrossACallOfTheOwner) {
  // main() holds a reference into a public member while calling a
  // non-const member function of its object, which may grow it in a unit
  // this one does not see; a const one cannot.
  ASSERT_NO_FATAL_FAILURE(parse("struct Log {\n"
                                "  std::deque<Line> Lines;\n"
                                "  void add(int N);\n"
                                "  int size() const;\n"
                                "};\n"
                                "int held(Log &L) {\n"
                                "  const Line &First = L.Lines.front();\n"
                                "  L.add(3);\n"
                                "  return First.N;\n"
                                "}\n"
                                "int read(Log &L) {\n"
                                "  const Line &First = L.Lines.front();\n"
                                "  return First.N + L.size();\n"
                                "}\n"));
  EXPECT_EQ(describe("Lines"), (Names{"held:HeldAcrossCall"}));
}

TEST_F(ElementRefsTest, ViewTypes) {
  ASSERT_NO_FATAL_FAILURE(
      parse("struct Owner { std::string S; };\n"
            "struct Handle { int *P; int N; };\n"
            "struct Counted { int N; };\n"
            "std::string_view V;\n"
            "std::reference_wrapper<int> R = std::ref(*new int);\n"
            "std::vector<int>::iterator It;\n"
            "Owner O;\nHandle H;\nCounted C;\n"));
  auto Type = [&](llvm::StringRef Name) {
    return test::findVar(ctx(), Name)->getType();
  };
  EXPECT_TRUE(keepsElementReference(Type("V")));
  EXPECT_TRUE(keepsElementReference(Type("R")));
  EXPECT_TRUE(keepsElementReference(Type("It")));
  // A trivially copyable class that holds a pointer: a view.
  EXPECT_TRUE(keepsElementReference(Type("H")));
  EXPECT_FALSE(keepsElementReference(Type("O")));
  EXPECT_FALSE(keepsElementReference(Type("C")));
}

TEST_F(ElementRefsTest, NestedTypeSpellings) {
  ASSERT_NO_FATAL_FAILURE(parse(
      "class T {\n"
      "  std::deque<Line> Rows;\n"
      "  std::deque<int> Other;\n"
      "public:\n"
      "  std::deque<Line>::const_iterator begin() const;\n"
      "  std::deque<Line>::size_type count() const { return Rows.size(); }\n"
      "};\n"
      "int local() {\n"
      "  std::deque<int> D{1};\n"
      "  std::deque<int>::iterator It = D.begin();\n"
      "  return *It;\n"
      "}\n"));
  NestedTypeSpellings Spellings;
  const FieldDecl *Rows = test::findField(ctx(), "Rows");
  EXPECT_EQ(Spellings.of(Rows->getType(), nullptr, ctx()).size(), 2u);
  // The whole spelling, qualifier included (clang before 22 wraps it).
  std::optional<NestedTypeSpellings::Tie> Tie =
      Spellings.firstTie(Rows->getType(), nullptr, ctx());
  ASSERT_TRUE(Tie.has_value());
  EXPECT_EQ(Tie->Why, "'std::deque<Line>::const_iterator' (input.cc:14) names "
                      "a type of the container and would have to change with "
                      "it");
  // The other deque's only spelling is inside local(): there for its local,
  // anywhere for a member.
  const FieldDecl *Other = test::findField(ctx(), "Other");
  EXPECT_EQ(Spellings.of(Other->getType(), nullptr, ctx()).size(), 1u);
  const VarDecl *D = test::findVar(ctx(), "D");
  EXPECT_EQ(
      Spellings.of(D->getType(), test::findFunction(ctx(), "local"), ctx())
          .size(),
      1u);
  // Not in T's functions: a local of another function has none there.
  const FunctionDecl *Count = nullptr;
  for (const Decl *M : test::findRecord(ctx(), "T")->decls())
    if (const auto *F = dyn_cast<FunctionDecl>(M); F && F->getName() == "count")
      Count = F;
  ASSERT_TRUE(Count != nullptr);
  EXPECT_TRUE(Spellings.of(D->getType(), Count, ctx()).empty());
}

} // namespace
} // namespace alloc_tidy
