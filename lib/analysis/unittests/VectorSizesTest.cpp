//===--- VectorSizesTest.cpp - how code sets the size of a vector ---------===//

#include "lib/analysis/facts/VectorSizes.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

class VectorSizesTest : public ::testing::Test {
protected:
  std::unique_ptr<ASTUnit> AST;

  void parse(llvm::StringRef Code) {
    AST =
        test::parseCode("#include <utility>\n#include <vector>\n" + Code.str());
    ASSERT_TRUE(AST != nullptr);
    ASSERT_FALSE(test::hasErrors(*AST)) << Code.str();
  }
  ASTContext &ctx() { return AST->getASTContext(); }

  std::optional<InitShape> shapeOfVar(llvm::StringRef Name) {
    const VarDecl *Var = test::findVar(ctx(), Name);
    EXPECT_TRUE(Var != nullptr) << Name.str();
    return Var ? shapeOf(Var->getInit(), ctx()) : std::nullopt;
  }

  /// The uses of the variable or member \p Name, in source order.
  std::vector<ContainerUse> usesOf(llvm::StringRef Name) {
    const ValueDecl *D = test::findVar(ctx(), Name);
    if (!D)
      D = test::findField(ctx(), Name);
    EXPECT_TRUE(D != nullptr) << Name.str();
    std::vector<ContainerUse> Uses;
    if (D)
      for (const Expr *Ref : test::findRefs(ctx(), D))
        Uses.push_back(classifyContainerUse(Ref, ctx()));
    return Uses;
  }

  /// The effect of the first call to \p Method on \p Name.
  SizeEffect effectOf(llvm::StringRef Name, llvm::StringRef Method) {
    for (const ContainerUse &Use : usesOf(Name))
      if (Use.Kind == UseKind::Call && Use.Method == Method)
        return sizeEffectOf(Use, ctx());
    ADD_FAILURE() << "no call to " << Method.str();
    return {};
  }
};

// --- initializers -----------------------------------------------------------

TEST_F(VectorSizesTest, WrittenArgsLeavesOutDefaultArguments) {
  ASSERT_NO_FATAL_FAILURE(parse("int g(int a, int b = 2) { return a + b; }\n"
                                "int f() { return g(1) + g(1, 3); }\n"));
  std::vector<const CallExpr *> Calls = test::findCalls(ctx(), "f", "g");
  ASSERT_EQ(Calls.size(), 2u);
  EXPECT_EQ(writtenArgs(Calls[0]), 1u);
  EXPECT_EQ(writtenArgs(Calls[1]), 2u);
}

TEST_F(VectorSizesTest, InitializerListFindsTheBraces) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::vector<int> &v) {\n"
                                "  v.insert(v.end(), {1, 2, 3});\n"
                                "  v.insert(v.end(), 4);\n"
                                "}\n"));
  std::vector<const CallExpr *> Calls = test::findCalls(ctx(), "f", "insert");
  ASSERT_EQ(Calls.size(), 2u);
  const InitListExpr *List = initializerList(Calls[0]->getArg(1));
  ASSERT_TRUE(List != nullptr);
  EXPECT_EQ(List->getNumInits(), 3u);
  EXPECT_EQ(initializerList(Calls[1]->getArg(1)), nullptr);
}

TEST_F(VectorSizesTest, ShapeOfConstantSizes) {
  ASSERT_NO_FATAL_FAILURE(parse("void f() {\n"
                                "  std::vector<int> empty;\n"
                                "  std::vector<int> count(3);\n"
                                "  std::vector<int> filled(2, 7);\n"
                                "  std::vector<int> listed{1, 2, 3, 4};\n"
                                "}\n"));
  std::optional<InitShape> Empty = shapeOfVar("empty");
  ASSERT_TRUE(Empty.has_value());
  EXPECT_EQ(Empty->Form, VectorConstruction::Default);
  EXPECT_EQ(Empty->Size, std::optional<uint64_t>(0));

  std::optional<InitShape> Count = shapeOfVar("count");
  ASSERT_TRUE(Count.has_value());
  EXPECT_EQ(Count->Form, VectorConstruction::Count);
  EXPECT_EQ(Count->Size, std::optional<uint64_t>(3));
  EXPECT_TRUE(Count->Count != nullptr);
  EXPECT_TRUE(Count->Construct != nullptr);

  std::optional<InitShape> Filled = shapeOfVar("filled");
  ASSERT_TRUE(Filled.has_value());
  EXPECT_EQ(Filled->Form, VectorConstruction::CountValue);
  EXPECT_EQ(Filled->Size, std::optional<uint64_t>(2));

  std::optional<InitShape> Listed = shapeOfVar("listed");
  ASSERT_TRUE(Listed.has_value());
  EXPECT_EQ(Listed->Form, VectorConstruction::InitializerList);
  EXPECT_EQ(Listed->Size, std::optional<uint64_t>(4));
  ASSERT_TRUE(Listed->List != nullptr);
  EXPECT_EQ(Listed->List->getNumInits(), 4u);
}

// An element under a preprocessor conditional: another configuration of the
// same code (ccache's '#ifdef _WIN32' candidate) holds more elements.
TEST_F(VectorSizesTest, ShapeOfListWithDirectiveIsUnknown) {
  ASSERT_NO_FATAL_FAILURE(parse("void f() {\n"
                                "  std::vector<int> configured = {\n"
                                "    1,\n"
                                "#ifdef _WIN32\n"
                                "    2,\n"
                                "#endif\n"
                                "  };\n"
                                "  std::vector<int> plain = {\n"
                                "    1, // # not a directive\n"
                                "  };\n"
                                "}\n"));
  EXPECT_FALSE(shapeOfVar("configured").has_value());
  std::optional<InitShape> Plain = shapeOfVar("plain");
  ASSERT_TRUE(Plain.has_value());
  EXPECT_EQ(Plain->Size, std::optional<uint64_t>(1));
}

TEST_F(VectorSizesTest, ShapeOfOtherVectorsAndRanges) {
  ASSERT_NO_FATAL_FAILURE(
      parse("std::vector<int> make();\n"
            "void f(int n, const std::vector<int> &in) {\n"
            "  std::vector<int> sized(n);\n"
            "  std::vector<int> copied(in);\n"
            "  std::vector<int> moved(std::move(copied));\n"
            "  std::vector<int> range(in.begin(), in.end());\n"
            "  std::vector<int> returned = make();\n"
            "}\n"));
  std::optional<InitShape> Sized = shapeOfVar("sized");
  ASSERT_TRUE(Sized.has_value());
  EXPECT_EQ(Sized->Form, VectorConstruction::Count);
  EXPECT_FALSE(Sized->Size.has_value());
  EXPECT_TRUE(Sized->Count != nullptr);

  std::optional<InitShape> Copied = shapeOfVar("copied");
  ASSERT_TRUE(Copied.has_value());
  EXPECT_EQ(Copied->Form, VectorConstruction::Copy);
  EXPECT_FALSE(Copied->Size.has_value());

  std::optional<InitShape> Moved = shapeOfVar("moved");
  ASSERT_TRUE(Moved.has_value());
  EXPECT_EQ(Moved->Form, VectorConstruction::Move);

  std::optional<InitShape> Range = shapeOfVar("range");
  ASSERT_TRUE(Range.has_value());
  EXPECT_EQ(Range->Form, VectorConstruction::Range);
  EXPECT_FALSE(Range->Size.has_value());

  // A call's result is not a construction the analysis knows.
  EXPECT_FALSE(shapeOfVar("returned").has_value());
  EXPECT_FALSE(shapeOf(nullptr, ctx()).has_value());
}

TEST_F(VectorSizesTest, ShapeOfDefaultMemberInitializer) {
  ASSERT_NO_FATAL_FAILURE(
      parse("struct Row {\n"
            "  std::vector<int> cells = std::vector<int>(5);\n"
            "  std::vector<int> plain;\n"
            "};\n"));
  const FieldDecl *Cells = test::findField(ctx(), "cells");
  ASSERT_TRUE(Cells != nullptr);
  std::optional<InitShape> Shape =
      shapeOf(Cells->getInClassInitializer(), ctx());
  ASSERT_TRUE(Shape.has_value());
  EXPECT_EQ(Shape->Form, VectorConstruction::Count);
  EXPECT_EQ(Shape->Size, std::optional<uint64_t>(5));
  const FieldDecl *Plain = test::findField(ctx(), "plain");
  ASSERT_TRUE(Plain != nullptr);
  EXPECT_FALSE(shapeOf(Plain->getInClassInitializer(), ctx()).has_value());
}

// --- size effects -----------------------------------------------------------

TEST_F(VectorSizesTest, AppendsCountTheirElements) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(int n) {\n"
                                "  std::vector<int> a, b, c, d;\n"
                                "  a.push_back(1);\n"
                                "  b.insert(b.end(), {1, 2, 3});\n"
                                "  c.insert(c.end(), n, 0);\n"
                                "  d.insert(d.end(), a.begin(), a.end());\n"
                                "}\n"));
  SizeEffect Push = effectOf("a", "push_back");
  EXPECT_EQ(Push.Kind, SizeEffect::Append);
  EXPECT_EQ(Push.N, std::optional<uint64_t>(1));

  SizeEffect List = effectOf("b", "insert");
  EXPECT_EQ(List.Kind, SizeEffect::Append);
  EXPECT_EQ(List.N, std::optional<uint64_t>(3));

  // A count that is not a constant: known to append, not how much.
  SizeEffect Counted = effectOf("c", "insert");
  EXPECT_EQ(Counted.Kind, SizeEffect::Append);
  EXPECT_FALSE(Counted.N.has_value());
  EXPECT_TRUE(Counted.Count != nullptr);

  EXPECT_EQ(effectOf("d", "insert").Kind, SizeEffect::FromInput);
}

TEST_F(VectorSizesTest, SetSizeReserveShrinkAndRead) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(const std::vector<int> &in) {\n"
                                "  std::vector<int> a, b, c, d, e, g;\n"
                                "  a.resize(4);\n"
                                "  b.assign(2, 9);\n"
                                "  c.assign(in.begin(), in.end());\n"
                                "  d.reserve(8);\n"
                                "  e.clear();\n"
                                "  (void)g.size();\n"
                                "}\n"));
  SizeEffect Resize = effectOf("a", "resize");
  EXPECT_EQ(Resize.Kind, SizeEffect::SetSize);
  EXPECT_EQ(Resize.N, std::optional<uint64_t>(4));
  SizeEffect Assign = effectOf("b", "assign");
  EXPECT_EQ(Assign.Kind, SizeEffect::SetSize);
  EXPECT_EQ(Assign.N, std::optional<uint64_t>(2));
  EXPECT_EQ(effectOf("c", "assign").Kind, SizeEffect::FromInput);
  EXPECT_EQ(effectOf("d", "reserve").Kind, SizeEffect::Reserve);
  EXPECT_EQ(effectOf("e", "clear").Kind, SizeEffect::Shrink);
  SizeEffect Size = effectOf("g", "size");
  EXPECT_EQ(Size.Kind, SizeEffect::Read);
  EXPECT_FALSE(Size.N.has_value());
}

TEST_F(VectorSizesTest, ArrayMembers) {
  EXPECT_TRUE(isArrayMember("size"));
  EXPECT_TRUE(isArrayMember("operator[]"));
  EXPECT_TRUE(isArrayMember("begin"));
  EXPECT_FALSE(isArrayMember("push_back"));
  EXPECT_FALSE(isArrayMember("resize"));
  EXPECT_FALSE(isArrayMember("capacity"));
}

// --- placement --------------------------------------------------------------

TEST_F(VectorSizesTest, PlacementCountsLoopsAndConditions) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(bool c, int n) {\n"
                                "  std::vector<int> v;\n"
                                "  v.push_back(0);\n"
                                "  for (int i = 0; i < 3; ++i)\n"
                                "    for (int j = 0; j < 4; ++j)\n"
                                "      v.push_back(i);\n"
                                "  if (c)\n"
                                "    v.push_back(1);\n"
                                "  for (int i = 0; i < n; ++i)\n"
                                "    v.push_back(2);\n"
                                "  (void)(c && (v.push_back(3), true));\n"
                                "  if (v.empty())\n"
                                "    return;\n"
                                "}\n"));
  std::vector<const CallExpr *> Pushes =
      test::findCalls(ctx(), "f", "push_back");
  ASSERT_EQ(Pushes.size(), 5u);
  const Stmt *Body = test::findFunction(ctx(), "f")->getBody();

  Placement Straight = placementOf(Pushes[0], Body, ctx());
  EXPECT_TRUE(Straight.Loops.empty());
  EXPECT_FALSE(Straight.Conditional);
  EXPECT_EQ(timesRun(Straight, ctx()), std::optional<uint64_t>(1));

  Placement Nested = placementOf(Pushes[1], Body, ctx());
  EXPECT_EQ(Nested.Loops.size(), 2u);
  EXPECT_FALSE(Nested.Conditional);
  EXPECT_EQ(timesRun(Nested, ctx()), std::optional<uint64_t>(12));

  Placement Guarded = placementOf(Pushes[2], Body, ctx());
  EXPECT_TRUE(Guarded.Loops.empty());
  EXPECT_TRUE(Guarded.Conditional);

  Placement Unknown = placementOf(Pushes[3], Body, ctx());
  EXPECT_EQ(Unknown.Loops.size(), 1u);
  EXPECT_FALSE(timesRun(Unknown, ctx()).has_value());

  // The right side of && runs only sometimes.
  EXPECT_TRUE(placementOf(Pushes[4], Body, ctx()).Conditional);
  // An if's condition always runs.
  const CallExpr *Empty = test::findCall(ctx(), "f", "empty");
  ASSERT_TRUE(Empty != nullptr);
  EXPECT_FALSE(placementOf(Empty, Body, ctx()).Conditional);
}

TEST_F(VectorSizesTest, PlacementStopsAtTheScopeAndSkipsLoopInits) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::vector<int> &v) {\n"
                                "  for (int i = 0; i < 5; ++i) {\n"
                                "    v.push_back(i);\n"
                                "  }\n"
                                "  for (v.push_back(9); v.size() < 2;)\n"
                                "    v.pop_back();\n"
                                "}\n"));
  std::vector<const CallExpr *> Pushes =
      test::findCalls(ctx(), "f", "push_back");
  ASSERT_EQ(Pushes.size(), 2u);
  const Stmt *Loop = test::findFirstLoop(ctx(), "f");
  ASSERT_TRUE(Loop != nullptr);
  const Stmt *LoopBody = cast<ForStmt>(Loop)->getBody();
  EXPECT_TRUE(placementOf(Pushes[0], LoopBody, ctx()).Loops.empty());
  EXPECT_EQ(placementOf(Pushes[0], nullptr, ctx()).Loops.size(), 1u);
  // A for loop's init runs once.
  EXPECT_TRUE(placementOf(Pushes[1], nullptr, ctx()).Loops.empty());
}

// --- other uses -------------------------------------------------------------

TEST_F(VectorSizesTest, FollowOtherUseRecordsWhatTheReplacementNeeds) {
  ASSERT_NO_FATAL_FAILURE(parse("int f() {\n"
                                "  std::vector<int> v(3);\n"
                                "  int s = v[0];\n"
                                "  for (int x : v)\n"
                                "    s += x;\n"
                                "  return s + (int)v.size();\n"
                                "}\n"));
  llvm::StringSet<> Members;
  llvm::SmallVector<VectorConstruction, 4> Constructions;
  for (const ContainerUse &Use : usesOf("v"))
    EXPECT_EQ(followOtherUse(Use, nullptr, Members, Constructions),
              std::nullopt);
  // Calls are the caller's to record.
  EXPECT_FALSE(Members.contains("size"));
  EXPECT_TRUE(Members.contains("operator[]"));
  EXPECT_TRUE(Members.contains("begin"));
  EXPECT_TRUE(Members.contains("end"));
  EXPECT_TRUE(Constructions.empty());
}

TEST_F(VectorSizesTest, NoteMembersUsed) {
  ASSERT_NO_FATAL_FAILURE(parse("int f(std::vector<int> &v) {\n"
                                "  int s = v[1];\n"
                                "  for (int x : v) s += x;\n"
                                "  return s;\n"
                                "}\n"));
  std::vector<ContainerUse> Uses = usesOf("v");
  ASSERT_EQ(Uses.size(), 2u);
  llvm::StringSet<> Subscript, RangeFor;
  noteMembersUsed(Uses[0], Subscript);
  noteMembersUsed(Uses[1], RangeFor);
  EXPECT_TRUE(Subscript.contains("operator[]"));
  EXPECT_FALSE(Subscript.contains("begin"));
  EXPECT_TRUE(RangeFor.contains("begin"));
  EXPECT_TRUE(RangeFor.contains("end"));
  EXPECT_FALSE(RangeFor.contains("operator[]"));
}

TEST_F(VectorSizesTest, FollowOtherUseStopsAtLinksAndEscapes) {
  ASSERT_NO_FATAL_FAILURE(
      parse("void take(const std::vector<int> &);\n"
            "template <class T> void visit(const T &) {}\n"
            "struct Row {\n"
            "  std::vector<int> cells;\n"
            "  void copyFrom(const Row &o) { cells = o.cells; }\n"
            "};\n"
            "void f(std::vector<int> &out) {\n"
            "  std::vector<int> linked, passed, lambda, tmpl;\n"
            "  out = linked;\n"
            "  take(passed);\n"
            "  [&lambda] { return lambda.size(); }();\n"
            "  visit(tmpl);\n"
            "}\n"));
  auto Why = [&](llvm::StringRef Name, const FieldDecl *Field = nullptr) {
    llvm::StringSet<> Members;
    llvm::SmallVector<VectorConstruction, 4> Constructions;
    std::vector<ContainerUse> Uses = usesOf(Name);
    EXPECT_FALSE(Uses.empty()) << Name.str();
    return Uses.empty()
               ? std::nullopt
               : followOtherUse(Uses.front(), Field, Members, Constructions);
  };
  EXPECT_EQ(Why("linked"), std::optional<std::string>(
                               "assigned to or from another container"));
  EXPECT_EQ(Why("passed"),
            std::optional<std::string>(
                "passed to a function that takes a std::vector"));
  EXPECT_EQ(Why("lambda"), std::optional<std::string>("captured by a lambda"));
  EXPECT_EQ(Why("tmpl"), std::optional<std::string>("passed to a template"));

  // A copy between two objects of the member's class is a construction.
  const FieldDecl *Cells = test::findField(ctx(), "cells");
  ASSERT_TRUE(Cells != nullptr);
  llvm::StringSet<> Members;
  llvm::SmallVector<VectorConstruction, 4> Constructions;
  std::vector<ContainerUse> Uses = usesOf("cells");
  ASSERT_FALSE(Uses.empty());
  ASSERT_EQ(Uses.front().Kind, UseKind::Linked);
  EXPECT_EQ(followOtherUse(Uses.front(), Cells, Members, Constructions),
            std::nullopt);
  ASSERT_EQ(Constructions.size(), 1u);
  EXPECT_EQ(Constructions.front(), VectorConstruction::Copy);
  // The same link seen from a local is not one.
  EXPECT_TRUE(followOtherUse(Uses.front(), nullptr, Members, Constructions)
                  .has_value());
}

TEST_F(VectorSizesTest, WhyNotFollowedSaysWhatTheUseIs) {
  ContainerUse Use;
  Use.Kind = UseKind::Captured;
  EXPECT_EQ(whyNotFollowed(Use), "captured by a lambda");
  Use.Kind = UseKind::PassedToFixedType;
  EXPECT_EQ(whyNotFollowed(Use),
            "passed to a function that takes a std::vector");
  Use.Kind = UseKind::Unknown;
  Use.Why = "address taken";
  EXPECT_EQ(whyNotFollowed(Use), "address taken");
}

// --- classes ----------------------------------------------------------------

TEST_F(VectorSizesTest, ImplicitDefaultInit) {
  ASSERT_NO_FATAL_FAILURE(parse("struct Plain { int x; };\n"
                                "struct Explicit { explicit Explicit(); };\n"
                                "struct Made { Made(); Made(int); };\n"
                                "Plain p; Made m;\n"
                                "Explicit *e;\n"));
  EXPECT_TRUE(hasImplicitDefaultInit(ctx().IntTy));
  EXPECT_TRUE(hasImplicitDefaultInit(test::typeOfVar(ctx(), "p")));
  EXPECT_TRUE(hasImplicitDefaultInit(test::typeOfVar(ctx(), "m")));
  EXPECT_FALSE(
      hasImplicitDefaultInit(test::typeOfVar(ctx(), "e")->getPointeeType()));
}

TEST_F(VectorSizesTest, ConstructorDefinitionInThisUnit) {
  ASSERT_NO_FATAL_FAILURE(parse("struct Row {\n"
                                "  Row() {}\n"
                                "  Row(int);\n"
                                "  Row(int, const char *);\n"
                                "};\n"
                                "struct Pod { Pod() = default; };\n"
                                "Row::Row(int, const char *) {}\n"));
  const CXXRecordDecl *Row = test::findRecord(ctx(), "Row");
  ASSERT_TRUE(Row != nullptr);
  std::vector<const CXXConstructorDecl *> Ctors(Row->ctor_begin(),
                                                Row->ctor_end());
  auto Ctor = [&](unsigned Params) -> const CXXConstructorDecl * {
    for (const CXXConstructorDecl *C : Ctors)
      if (C->getNumParams() == Params && !C->isCopyOrMoveConstructor() &&
          (Params != 1 || C->getParamDecl(0)->getType()->isIntegerType()))
        return C;
    return nullptr;
  };
  ASSERT_TRUE(Ctor(0) && Ctor(1) && Ctor(2));
  EXPECT_EQ(constructorDefinition(Ctor(0)), Ctor(0));
  EXPECT_EQ(constructorDefinition(Ctor(1)), nullptr);
  const CXXConstructorDecl *OutOfLine = constructorDefinition(Ctor(2));
  ASSERT_TRUE(OutOfLine != nullptr);
  EXPECT_NE(OutOfLine, Ctor(2));
  EXPECT_TRUE(OutOfLine->isThisDeclarationADefinition());
  // A defaulted constructor is its own definition.
  const CXXRecordDecl *Pod = test::findRecord(ctx(), "Pod");
  ASSERT_TRUE(Pod != nullptr && !Pod->ctors().empty());
  const CXXConstructorDecl *Defaulted = *Pod->ctor_begin();
  EXPECT_EQ(constructorDefinition(Defaulted), Defaulted);

  EXPECT_EQ(describeCtor(Ctor(2), ctx().getPrintingPolicy()),
            "Row(int, const char *)");
  EXPECT_EQ(describeCtor(Ctor(0), ctx().getPrintingPolicy()), "Row()");
}

} // namespace
} // namespace alloc_tidy
