//===--- VectorBoundTest.cpp - how many elements a vector can hold --------===//

#include "lib/analysis/decisions/VectorBound.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/facts/ConstructorArguments.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

class VectorBoundTest : public ::testing::Test {
protected:
  std::unique_ptr<ASTUnit> AST;
  std::unique_ptr<ConstructorArguments> Calls;
  InlineLimits Limits;

  void parse(llvm::StringRef Code) {
    AST = test::parseCode("#include <vector>\n" + Code.str());
    ASSERT_TRUE(AST != nullptr);
    ASSERT_FALSE(test::hasErrors(*AST)) << Code.str();
    Calls.reset();
  }
  ASTContext &ctx() { return AST->getASTContext(); }

  std::vector<ContainerUse> usesOf(const ValueDecl *D) {
    std::vector<ContainerUse> Uses;
    for (const Expr *Ref : test::findRefs(ctx(), D))
      Uses.push_back(classifyContainerUse(Ref, ctx()));
    return Uses;
  }

  QualType elementOf(const ValueDecl &D) {
    QualType Element;
    EXPECT_EQ(whyTypeIgnored(D, Element), std::nullopt);
    return Element;
  }

  VectorBound local(llvm::StringRef Name) {
    const VarDecl *Var = test::findVar(ctx(), Name);
    EXPECT_TRUE(Var != nullptr) << Name.str();
    if (!Var)
      return {};
    return boundOfLocal(*Var, elementOf(*Var), usesOf(Var), Limits, ctx());
  }

  VectorBound member(llvm::StringRef Name) {
    const FieldDecl *Field = test::findField(ctx(), Name);
    EXPECT_TRUE(Field != nullptr) << Name.str();
    if (!Field)
      return {};
    auto Index = [&]() -> ConstructorArguments & {
      if (!Calls)
        Calls = std::make_unique<ConstructorArguments>(ctx());
      return *Calls;
    };
    return boundOfMember(*Field, elementOf(*Field), usesOf(Field), Limits,
                         Index, ctx());
  }

  static std::vector<std::string> texts(const VectorBound &B) {
    std::vector<std::string> Texts;
    Texts.reserve(B.Notes.size());
    for (const SizeEvidence &Note : B.Notes)
      Texts.push_back(Note.Text);
    return Texts;
  }
};

using Texts = std::vector<std::string>;

// --- std::array fix-its ----------------------------------------------------

TEST_F(VectorBoundTest, ArrayInitializerEdits) {
  ASSERT_NO_FATAL_FAILURE(parse("struct P { int X, Y; };\n"
                                "std::vector<int> Zeros(3);\n"
                                "std::vector<P> Points{{1, 2}, {3, 4}};\n"
                                "std::vector<int> Flat{1, 2};\n"));
  const SourceManager &SM = ctx().getSourceManager();
  auto EditsOf = [&](llvm::StringRef Name) {
    std::vector<std::string> Texts;
    const VarDecl *Var = test::findVar(ctx(), Name);
    std::optional<InitShape> Shape =
        Var ? shapeOf(Var->getInit(), ctx()) : std::nullopt;
    if (!Shape) {
      ADD_FAILURE() << Name.str();
      return Texts;
    }
    for (const TextEdit &E : arrayInitializerEdits(*Shape))
      Texts.push_back(
          std::to_string(SM.getSpellingColumnNumber(E.Range.getBegin())) + ":" +
          E.Text);
    return Texts;
  };
  // "(3)" becomes "{}"; the points get braces inside the list's own.
  EXPECT_EQ(EditsOf("Zeros"), Texts({"23:{}"}));
  EXPECT_EQ(EditsOf("Points"), Texts({"23:{", "37:}"}));
  EXPECT_EQ(EditsOf("Flat"), Texts{});
}

// --- declarations -----------------------------------------------------------

TEST_F(VectorBoundTest, DeclarationsTheAnalysisFollows) {
  ASSERT_NO_FATAL_FAILURE(
      parse("#define DECLARE(n) std::vector<int> n\n"
            "struct Row { std::vector<int> cells; };\n"
            "union U { std::vector<int> in_union; ~U(); };\n"
            "template <class T> struct Box {\n"
            "  std::vector<T> in_template;\n"
            "};\n"
            "void f() {\n"
            "  std::vector<int> plain;\n"
            "  static std::vector<int> kept;\n"
            "  DECLARE(by_macro);\n"
            "  auto l = [] { std::vector<int> in_lambda; };\n"
            "}\n"
            "template <class T> void g() {\n"
            "  std::vector<T> templated;\n"
            "}\n"));
  const SourceManager &SM = ctx().getSourceManager();
  auto Why = [&](const ValueDecl *D) {
    EXPECT_TRUE(D != nullptr);
    return D ? whyDeclarationIgnored(*D, SM) : std::nullopt;
  };
  EXPECT_EQ(Why(test::findVar(ctx(), "plain")), std::nullopt);
  EXPECT_EQ(Why(test::findField(ctx(), "cells")), std::nullopt);
  // A lambda's own local is a local like any other.
  EXPECT_EQ(Why(test::findVar(ctx(), "in_lambda")), std::nullopt);
  EXPECT_EQ(Why(test::findVar(ctx(), "kept")),
            std::optional<std::string>("static"));
  EXPECT_EQ(Why(test::findVar(ctx(), "by_macro")),
            std::optional<std::string>("declared by a macro"));
  EXPECT_EQ(Why(test::findVar(ctx(), "templated")),
            std::optional<std::string>("template"));
  EXPECT_EQ(
      Why(test::findField(ctx(), "in_union")),
      std::optional<std::string>("member of a template, union or lambda"));
  EXPECT_EQ(Why(test::findField(ctx(), "in_template")),
            std::optional<std::string>("template"));
}

TEST_F(VectorBoundTest, TypesTheReplacementCanTake) {
  ASSERT_NO_FATAL_FAILURE(
      parse("template <class T> struct Pool : std::allocator<T> {\n"
            "  template <class U> struct rebind { using other = Pool<U>; };\n"
            "};\n"
            "void f() {\n"
            "  std::vector<double> plain;\n"
            "  std::vector<bool> bits;\n"
            "  std::vector<int, Pool<int>> pooled;\n"
            "  std::vector<int, std::allocator<int>> spelled;\n"
            "  int scalar;\n"
            "}\n"));
  QualType Element;
  EXPECT_EQ(whyTypeIgnored(*test::findVar(ctx(), "plain"), Element),
            std::nullopt);
  EXPECT_TRUE(Element->isRealFloatingType());
  EXPECT_EQ(whyTypeIgnored(*test::findVar(ctx(), "spelled"), Element),
            std::nullopt);
  EXPECT_EQ(whyTypeIgnored(*test::findVar(ctx(), "bits"), Element),
            std::optional<std::string>("element type"));
  EXPECT_TRUE(Element->isBooleanType());
  EXPECT_EQ(whyTypeIgnored(*test::findVar(ctx(), "pooled"), Element),
            std::optional<std::string>("custom allocator"));
  EXPECT_EQ(whyTypeIgnored(*test::findVar(ctx(), "scalar"), Element),
            std::optional<std::string>("not a specialization"));
}

// --- locals -----------------------------------------------------------------

TEST_F(VectorBoundTest, LocalAppendsAddUp) {
  ASSERT_NO_FATAL_FAILURE(parse("int f(bool c) {\n"
                                "  std::vector<int> v;\n"
                                "  v.push_back(1);\n"
                                "  for (int i = 0; i < 3; ++i)\n"
                                "    v.push_back(i);\n"
                                "  if (c)\n"
                                "    v.emplace_back(2);\n"
                                "  return v[0] + (int)v.size();\n"
                                "}\n"));
  VectorBound B = local("v");
  EXPECT_EQ(B.Silence, "");
  EXPECT_FALSE(B.SizeUnknown);
  EXPECT_EQ(B.Capacity, 5u);
  EXPECT_TRUE(B.OnlyAppends);
  EXPECT_FALSE(B.UseArray);
  EXPECT_EQ(B.DeclLoop, nullptr);
  EXPECT_EQ(texts(B),
            (Texts{"adds 1 element",
                   "adds 3 elements (1 per iteration of a loop that runs 3 "
                   "times)",
                   "may add 1 element"}));
  EXPECT_TRUE(B.Members.contains("push_back"));
  EXPECT_TRUE(B.Members.contains("emplace_back"));
  EXPECT_TRUE(B.Members.contains("operator[]"));
  ASSERT_EQ(B.Constructions.size(), 1u);
  EXPECT_EQ(B.Constructions.front(), VectorConstruction::Default);
}

TEST_F(VectorBoundTest, LocalNeverResizedIsAnArray) {
  ASSERT_NO_FATAL_FAILURE(
      parse("int f() {\n"
            "  std::vector<int> listed{1, 2, 3};\n"
            "  std::vector<int> counted(4);\n"
            "  std::vector<int> resized(2);\n"
            "  resized.resize(6);\n"
            "  return listed[0] + counted[1] + resized[2];\n"
            "}\n"));
  VectorBound Listed = local("listed");
  EXPECT_EQ(Listed.Silence, "");
  EXPECT_EQ(Listed.Capacity, 3u);
  EXPECT_TRUE(Listed.UseArray);
  EXPECT_FALSE(Listed.OnlyAppends);
  ASSERT_TRUE(Listed.Init.has_value());
  EXPECT_EQ(Listed.Init->Form, VectorConstruction::InitializerList);
  EXPECT_EQ(texts(Listed), (Texts{"constructed with 3 elements"}));

  EXPECT_TRUE(local("counted").UseArray);

  VectorBound Resized = local("resized");
  EXPECT_EQ(Resized.Capacity, 6u);
  EXPECT_FALSE(Resized.UseArray);
  EXPECT_EQ(texts(Resized),
            (Texts{"constructed with 2 elements", "sets the size to 6"}));
}

TEST_F(VectorBoundTest, LocalInALoopNamesTheLoop) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(int n) {\n"
                                "  for (int i = 0; i < n; ++i) {\n"
                                "    std::vector<int> v;\n"
                                "    v.push_back(i);\n"
                                "  }\n"
                                "}\n"));
  VectorBound B = local("v");
  EXPECT_EQ(B.Capacity, 1u);
  EXPECT_EQ(B.DeclLoop, test::findFirstLoop(ctx(), "f"));
}

TEST_F(VectorBoundTest, LocalWithoutABound) {
  ASSERT_NO_FATAL_FAILURE(
      parse("void take(const std::vector<int> &);\n"
            "void f(int n, const std::vector<int> &in) {\n"
            "  std::vector<int> loop, sized(n), input, copied(in), empty,\n"
            "      large, captured;\n"
            "  for (int i = 0; i < n; ++i)\n"
            "    loop.push_back(i);\n"
            "  input.assign(in.begin(), in.end());\n"
            "  large.resize(100000);\n"
            "  (void)empty.size();\n"
            "  [&captured] { captured.push_back(1); }();\n"
            "}\n"));
  VectorBound Loop = local("loop");
  EXPECT_EQ(Loop.Silence, "grown in a loop of unknown count");
  EXPECT_TRUE(Loop.SizeUnknown);

  VectorBound Sized = local("sized");
  EXPECT_EQ(Sized.Silence, "initialised with a size that is not a constant");
  EXPECT_TRUE(Sized.SizeUnknown);

  VectorBound Input = local("input");
  EXPECT_EQ(Input.Silence, "filled from input");
  EXPECT_TRUE(Input.SizeUnknown);

  VectorBound Copied = local("copied");
  EXPECT_EQ(Copied.Silence, "initialised with a size that is not a constant");

  VectorBound Empty = local("empty");
  EXPECT_EQ(Empty.Silence, "never holds an element");
  EXPECT_FALSE(Empty.SizeUnknown);

  VectorBound Large = local("large");
  EXPECT_EQ(Large.Silence, "too large for an inline buffer");
  EXPECT_TRUE(Large.SizeUnknown);
  EXPECT_EQ(Large.Capacity, 100000u);

  // An escape is no question of size: a profile cannot help.
  VectorBound Captured = local("captured");
  EXPECT_EQ(Captured.Silence, "captured by a lambda");
  EXPECT_FALSE(Captured.SizeUnknown);
}

TEST_F(VectorBoundTest, LocalDeclaredWhereTheAnalysisCannotFollow) {
  ASSERT_NO_FATAL_FAILURE(
      parse("void f() {\n"
            "  for (std::vector<int> v(2); v.size() < 3;)\n"
            "    v.push_back(1);\n"
            "  std::vector<int> w = std::vector<int>(std::vector<int>());\n"
            "}\n"));
  EXPECT_EQ(local("v").Silence, "declared where the analysis cannot follow");
}

// --- members ----------------------------------------------------------------

TEST_F(VectorBoundTest, MemberGivenByEveryConstructor) {
  ASSERT_NO_FATAL_FAILURE(
      parse("struct Row {\n"
            "  std::vector<int> cells;\n"
            "  Row() : cells(3) {}\n"
            "  Row(int x) : cells{x, x} { cells.push_back(x); }\n"
            "  int at(int i) const { return cells[i]; }\n"
            "};\n"));
  VectorBound B = member("cells");
  EXPECT_EQ(B.Silence, "");
  EXPECT_EQ(B.Capacity, 3u);
  EXPECT_FALSE(B.SizedByArgument);
  EXPECT_FALSE(B.OnlyAppends);
  EXPECT_EQ(B.ConditionalGrowth, nullptr);
  EXPECT_EQ(texts(B), (Texts{"'Row()' gives it 3 elements",
                             "'Row(int)' gives it 3 elements"}));
  EXPECT_TRUE(B.Members.contains("push_back"));
  EXPECT_TRUE(B.Members.contains("operator[]"));
}

TEST_F(VectorBoundTest, MemberGrownUnderACondition) {
  ASSERT_NO_FATAL_FAILURE(
      parse("struct Row {\n"
            "  std::vector<int> cells = {1, 2};\n"
            "  Row() {}\n"
            "  void add(bool c) { if (c) cells.push_back(3); }\n"
            "};\n"));
  VectorBound B = member("cells");
  EXPECT_EQ(B.Silence, "");
  EXPECT_EQ(B.Capacity, 2u);
  const CallExpr *Push = test::findCall(ctx(), "add", "push_back");
  EXPECT_EQ(B.ConditionalGrowth, Push);
}

TEST_F(VectorBoundTest, MemberSizedByAConstructorArgument) {
  ASSERT_NO_FATAL_FAILURE(parse("class Row {\n"
                                "  std::vector<int> cells;\n"
                                "public:\n"
                                "  explicit Row(int n) : cells(n) {}\n"
                                "};\n"
                                "void f() { Row a(4); Row b(4); }\n"));
  VectorBound B = member("cells");
  EXPECT_EQ(B.Silence, "");
  EXPECT_EQ(B.Capacity, 4u);
  EXPECT_TRUE(B.SizedByArgument);
  EXPECT_EQ(texts(B), (Texts{"every construction of 'Row' passes 4 for 'n'"}));
}

TEST_F(VectorBoundTest, MemberWithoutABound) {
  ASSERT_NO_FATAL_FAILURE(
      parse("struct Grown {\n"
            "  std::vector<int> v;\n"
            "  Grown() : v(1) {}\n"
            "  void add() { v.push_back(1); }\n"
            "};\n"
            "struct Looped {\n"
            "  std::vector<int> v;\n"
            "  Looped() : v(1) {}\n"
            "  void add(bool c) { if (c) for (int i = 0; i < 2; ++i) "
            "v.push_back(i); }\n"
            "};\n"
            "struct Copied {\n"
            "  std::vector<int> v;\n"
            "  Copied(const std::vector<int> &in) : v(in) {}\n"
            "};\n"
            "struct Empty {\n"
            "  std::vector<int> v;\n"
            "  Empty() {}\n"
            "};\n"
            "struct Many {\n"
            "  std::vector<int> v;\n"
            "  Many() : v(20) {}\n"
            "};\n"
            "struct Aggregate { std::vector<int> v; };\n"));
  auto Bound = [&](llvm::StringRef Record) {
    const CXXRecordDecl *RD = test::findRecord(ctx(), Record);
    EXPECT_TRUE(RD != nullptr);
    const FieldDecl *Field = *RD->field_begin();
    auto Index = [&]() -> ConstructorArguments & {
      if (!Calls)
        Calls = std::make_unique<ConstructorArguments>(ctx());
      return *Calls;
    };
    return boundOfMember(*Field, elementOf(*Field), usesOf(Field), Limits,
                         Index, ctx());
  };
  VectorBound Grown = Bound("Grown");
  EXPECT_EQ(Grown.Silence, "grown unconditionally");
  EXPECT_TRUE(Grown.SizeUnknown);
  EXPECT_EQ(Bound("Looped").Silence, "grown in a loop");
  VectorBound Copied = Bound("Copied");
  EXPECT_EQ(Copied.Silence, "initialised from another vector");
  EXPECT_FALSE(Copied.SizeUnknown);
  VectorBound Empty = Bound("Empty");
  EXPECT_EQ(Empty.Silence, "a constructor leaves it empty");
  EXPECT_TRUE(Empty.SizeUnknown);
  VectorBound Many = Bound("Many");
  EXPECT_EQ(Many.Silence, "more elements than MaxInlineElements");
  EXPECT_EQ(Many.Capacity, 20u);
  Limits.MaxElements = 32;
  EXPECT_EQ(Bound("Many").Silence, "");
  EXPECT_EQ(Bound("Aggregate").Silence,
            "aggregate initialisation can give it any size");
}

TEST_F(VectorBoundTest, MemberWhoseConstructorsAreDefinedElsewhere) {
  ASSERT_NO_FATAL_FAILURE(parse("struct Row {\n"
                                "  std::vector<int> cells;\n"
                                "  Row();\n"
                                "  Row(int);\n"
                                "};\n"
                                "Row::Row(int) : cells(2) {}\n"
                                "struct Remote {\n"
                                "  std::vector<int> v;\n"
                                "  Remote();\n"
                                "};\n"));
  // The constructor defined here counts; the other is another unit's.
  VectorBound Row = member("cells");
  EXPECT_EQ(Row.Silence, "");
  EXPECT_EQ(Row.Capacity, 2u);
  // None here: no bound, and no reason to be silent either.
  VectorBound Remote = member("v");
  EXPECT_EQ(Remote.Silence, "");
  EXPECT_EQ(Remote.Capacity, 0u);
  EXPECT_TRUE(Remote.Notes.empty());
}

TEST_F(VectorBoundTest, MemberWithOnlyADefaultMemberInitializer) {
  ASSERT_NO_FATAL_FAILURE(parse("struct Row {\n"
                                "  std::vector<int> cells = {1, 2, 3};\n"
                                "  int n = 0;\n"
                                "  Row &operator=(const Row &) = default;\n"
                                "private:\n"
                                "  int m = 0;\n"
                                "};\n"
                                "struct Bare {\n"
                                "  std::vector<int> v;\n"
                                "private:\n"
                                "  int m = 0;\n"
                                "};\n"));
  VectorBound Row = member("cells");
  EXPECT_EQ(Row.Silence, "");
  EXPECT_EQ(Row.Capacity, 3u);
  EXPECT_EQ(texts(Row),
            (Texts{"its default member initializer gives it 3 elements"}));
  VectorBound Bare = member("v");
  EXPECT_EQ(Bare.Silence, "no constructor fills it");
  EXPECT_TRUE(Bare.SizeUnknown);
}

TEST_F(VectorBoundTest, ElementsThatEscapeStayOnTheHeap) {
  // A reference into a cell handed out: a move of the Row (a std::vector of
  // rows growing) would leave it behind with an inline buffer.
  ASSERT_NO_FATAL_FAILURE(
      parse("class Row {\n"
            "  std::vector<int> Cells;\n"
            "  std::vector<int> Kept;\n"
            "public:\n"
            "  Row() : Cells{1, 2}, Kept{3} {}\n"
            "  const int &first() const { return Cells[0]; }\n"
            "  int second() const { return Kept[0]; }\n"
            "};\n"));
  const FieldDecl *Cells = test::findField(ctx(), "Cells");
  EXPECT_EQ(inlineElementsEscape(*Cells, usesOf(Cells), ctx()),
            std::optional<std::string>(
                "'Row::first' returns a reference into it (input.cc:7); an "
                "inline buffer moves its elements with the 'Row' that holds "
                "it, and the reference would not survive a move"));
  const FieldDecl *Kept = test::findField(ctx(), "Kept");
  EXPECT_EQ(inlineElementsEscape(*Kept, usesOf(Kept), ctx()), std::nullopt);
}

} // namespace
} // namespace alloc_tidy
