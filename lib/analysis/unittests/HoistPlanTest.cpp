//===--- HoistPlanTest.cpp - a declaration moved before its loop ----------===//

#include "lib/analysis/decisions/HoistPlan.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "clang/AST/Stmt.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Preamble = "#include <memory>\n"
                             "#include <string>\n"
                             "#include <vector>\n"
                             "bool more();\n";

class HoistPlanTest : public test::SnippetTest {
protected:
  HoistPlanTest() : SnippetTest(Preamble) {}

  /// The plan for 'v', declared in the first loop of 'f'.
  HoistPlan plan() {
    const VarDecl *V = test::findVar(ctx(), "v");
    const Stmt *Loop = test::findFirstLoop(ctx(), "f");
    const DeclStmt *Decl = nullptr;
    if (V)
      for (const DynTypedNode &Parent : parentsOf(*V, ctx()))
        if (!Decl)
          Decl = Parent.get<DeclStmt>();
    if (!Loop || !Decl) {
      ADD_FAILURE() << "want a loop in f that declares v";
      return {};
    }
    QualType Element = V->getType()
                           ->getAs<TemplateSpecializationType>()
                           ->template_arguments()[0]
                           .getAsType();
    return planHoist(V, Decl, Loop, Element, ctx());
  }

  bool quiet(llvm::StringRef Name) {
    llvm::SmallPtrSet<const CXXRecordDecl *, 8> Seen;
    return destroysQuietly(test::findVar(ctx(), Name)->getType(), ctx(), Seen);
  }
};

TEST_F(HoistPlanTest, Hoisted) {
  ASSERT_NO_FATAL_FAILURE(parse("void f() {\n"
                                "    while (more()) {\n"
                                "      std::vector<int> v;\n"
                                "      v.push_back(1);\n"
                                "    }\n"
                                "}\n"));
  HoistPlan P = plan();
  EXPECT_TRUE(P.NoFix.empty()) << P.NoFix;
  // The type as written, the name, and the loop's indent for the next line.
  EXPECT_EQ(P.Hoisted, "std::vector<int> v;\n    ");
  EXPECT_TRUE(P.DeclRange.isValid());
}

TEST_F(HoistPlanTest, NotTheSameMeaningBeforeTheLoop) {
  ASSERT_NO_FATAL_FAILURE(parse("void f() {\n"
                                "  while (more()) {\n"
                                "    auto v = std::vector<int>();\n"
                                "    v.push_back(1);\n"
                                "  }\n"
                                "}\n"));
  EXPECT_EQ(plan().NoFix, "the type is spelled with 'auto' or 'decltype'");
  ASSERT_NO_FATAL_FAILURE(parse("void f() {\n"
                                "  while (more()) {\n"
                                "    struct Local { int x; };\n"
                                "    std::vector<Local> v;\n"
                                "    v.push_back({1});\n"
                                "  }\n"
                                "}\n"));
  EXPECT_EQ(plan().NoFix,
            "the type names 'Local', which is declared inside the loop");
  ASSERT_NO_FATAL_FAILURE(parse("void f() {\n"
                                "  while (more()) {\n"
                                "    std::vector<int> v;\n"
                                "    v.push_back(1);\n"
                                "  }\n"
                                "  { int v = 2; (void)v; }\n"
                                "}\n"));
  EXPECT_EQ(plan().NoFix, "'v' is also declared here, in the same function");
  ASSERT_NO_FATAL_FAILURE(parse("void f() {\n"
                                "again:;\n"
                                "  while (more()) {\n"
                                "    std::vector<int> v;\n"
                                "    v.push_back(1);\n"
                                "  }\n"
                                "  if (more()) goto again;\n"
                                "}\n"));
  EXPECT_NE(plan().NoFix.find("goto"), std::string::npos);
}

TEST_F(HoistPlanTest, ElementsWhoseDestructionRunsUserCode) {
  ASSERT_NO_FATAL_FAILURE(parse("struct Logged { ~Logged(); };\n"
                                "void f() {\n"
                                "  while (more()) {\n"
                                "    std::vector<Logged> v;\n"
                                "    v.emplace_back();\n"
                                "  }\n"
                                "}\n"));
  EXPECT_NE(plan().NoFix.find("destroying a 'Logged' may run code of yours"),
            std::string::npos);
}

TEST_F(HoistPlanTest, DestroysQuietly) {
  ASSERT_NO_FATAL_FAILURE(
      parse("struct Logged { ~Logged(); };\n"
            "struct Plain { std::string s; int n; };\n"
            "struct Holds { Logged l; };\n"
            "struct Free { void operator()(int *) const; };\n"
            "int a;\n"
            "std::string b;\n"
            "std::vector<std::unique_ptr<int>> c;\n"
            "Plain d;\n"
            "Logged e;\n"
            "Holds g;\n"
            "std::vector<Logged> h;\n"
            "std::unique_ptr<int, Free> i;\n"));
  for (const char *Name : {"a", "b", "c", "d"})
    EXPECT_TRUE(quiet(Name)) << Name;
  for (const char *Name : {"e", "g", "h", "i"})
    EXPECT_FALSE(quiet(Name)) << Name;
}

} // namespace
} // namespace alloc_tidy
