//===--- InlineVectorInScopeTest.cpp - small vectors a unit already has ---===//

#include "lib/analysis/facts/InlineVectorInScope.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

TEST(InlineVectorInScopeTest, NamesLikeASmallVector) {
  for (const char *Name :
       {"SmallVector", "small_vector", "smallvec", "InlinedVector",
        "inline_vector", "SMALL_VECTOR", "Inlined_Vector_", "s_m_a_l_l_v_e_c"})
    EXPECT_TRUE(isInlineVectorName(Name)) << Name;
  for (const char *Name :
       {"vector", "SmallSet", "small_vector_base", "StaticVector",
        "SmallVectorImpl", "", "InlinedVectorX", "InlinedVector_s"})
    EXPECT_FALSE(isInlineVectorName(Name)) << Name;
}

// The project's own small vector, the way a project without Boost writes one
// (a class template over std::vector with a tag allocator, or an alias).
const char *const OwnHeader = R"cpp(
#pragma once
#include <cstddef>
#include <vector>
namespace util {
template <typename T, std::size_t N, typename A = std::allocator<T>>
class SmallVector : public std::vector<T, A> {};
template <typename T, int N> using small_vector = std::vector<T>;
template <typename T> class SmallVectorImpl {};          // not <T, N>
template <typename T, typename N> class InlinedVector {}; // N is a type
template <typename T, std::size_t N, class Extra> class smallvec {}; // no default
template <typename T, std::size_t N> class InlineVector;  // never defined
namespace {
template <typename T, std::size_t N> class inline_vector {};
}
} // namespace util
)cpp";

TEST(InlineVectorInScopeTest, FindsTheProjectsOwnClassesOnly) {
  auto AST =
      test::parseCode("#include \"own.h\"\n", {}, {{"own.h", OwnHeader}});
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  InlineVectorClassesInUnit Found =
      findInlineVectorClasses(AST->getASTContext());
  std::vector<std::string> Names;
  Names.reserve(Found.Project.size());
  for (const auto &Own : Found.Project)
    Names.push_back(Own.Name);
  EXPECT_EQ(Names, (std::vector<std::string>{"util::SmallVector",
                                             "util::small_vector"}));
  EXPECT_TRUE(Found.Presets.empty());
  // Assumed to offer only what every preset offers, and to need no include.
  const InlineVectorClass &Class = Found.Project.front().Class;
  EXPECT_EQ(Class.Name, "util::SmallVector");
  EXPECT_TRUE(Class.Header.empty());
  EXPECT_FALSE(Class.Preset);
  EXPECT_TRUE(Class.hasMember("push_back"));
  EXPECT_FALSE(Class.hasMember("append_range"));
  // Only default construction: the others may change with the build.
  EXPECT_TRUE(Class.hasConstruction(VectorConstruction::Default));
  EXPECT_FALSE(Class.hasConstruction(VectorConstruction::InitializerList));
  EXPECT_FALSE(Class.hasConstruction(VectorConstruction::Count));
  EXPECT_EQ(Class.spell("int", 2), "util::SmallVector<int, 2>");
}

TEST(InlineVectorInScopeTest, ClassesInSystemHeadersAreNotTheProjects) {
  auto AST = test::parseCode("#include <own.h>\n", {"-isystem", "sys"},
                             {{"sys/own.h", OwnHeader}});
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  EXPECT_TRUE(findInlineVectorClasses(AST->getASTContext()).Project.empty());
}

TEST(InlineVectorInScopeTest, VisibleOnlyWhereEveryIncluderSeesIt) {
  // early.h is included before own.h: a unit that includes early.h alone
  // would not see util::SmallVector, so a vector there must not use it.
  auto AST = test::parseCode(R"cpp(
#include "early.h"
#include "own.h"
#include "late.h"
std::vector<int> InMain;
)cpp",
                             {},
                             {{"own.h", OwnHeader},
                              {"early.h", "#pragma once\n#include <vector>\n"
                                          "struct Early { std::vector<int> "
                                          "InEarly; };\n"},
                              {"late.h", "#pragma once\n#include \"own.h\"\n"
                                         "struct Late { std::vector<int> "
                                         "InLate; };\n"}});
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  InlineVectorClassesInUnit Found = findInlineVectorClasses(Ctx);
  ASSERT_FALSE(Found.Project.empty());
  const NamedDecl &Own = *Found.Project.front().Decl;
  const VarDecl *InMain = test::findVar(Ctx, "InMain");
  const FieldDecl *InEarly = test::findField(Ctx, "InEarly");
  const FieldDecl *InLate = test::findField(Ctx, "InLate");
  ASSERT_TRUE(InMain && InEarly && InLate);
  EXPECT_TRUE(isVisibleAt(Own, InMain->getLocation(), SM));
  EXPECT_FALSE(isVisibleAt(Own, InEarly->getLocation(), SM));
  // late.h includes own.h itself (a guarded header: its first inclusion
  // counts, which main.cc made before late.h): visible there only through
  // the main file, so not for every unit that includes late.h.
  EXPECT_FALSE(isVisibleAt(Own, InLate->getLocation(), SM));
  // A declaration after the use in the same file is not visible either.
  EXPECT_FALSE(isVisibleAt(*InMain, Own.getLocation(), SM));

  auto Main = Found.preferredAt(InMain->getLocation(), SM);
  ASSERT_TRUE(Main);
  EXPECT_EQ(Main->Name, "util::SmallVector");
  EXPECT_FALSE(Found.preferredAt(InEarly->getLocation(), SM));
}

TEST(InlineVectorInScopeTest, APresetTheUnitUsesIsPreferredToTheDefault) {
  auto AST = test::parseCode(R"cpp(
#include <boost/container/small_vector.hpp>
#include <vector>
std::vector<int> V;
)cpp");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  InlineVectorClassesInUnit Found = findInlineVectorClasses(Ctx);
  ASSERT_EQ(Found.Presets.size(), 1u);
  EXPECT_EQ(Found.Presets.front()->Name, "boost::container::small_vector");
  EXPECT_TRUE(Found.Project.empty()); // Boost is a system header here
  auto Preferred = Found.preferredAt(test::findVar(Ctx, "V")->getLocation(),
                                     Ctx.getSourceManager());
  ASSERT_TRUE(Preferred);
  EXPECT_EQ(Preferred->Header, "<boost/container/small_vector.hpp>");
}

TEST(InlineVectorInScopeTest, ALibraryTheUnitUsesGivesItsPreset) {
  // Any Boost header makes Boost a dependency already: its small vector
  // adds none. A namespace nested in the project's does not count.
  auto AST = test::parseCode(R"cpp(
#include <boost/optional.hpp>
#include <vector>
namespace app { namespace llvm { int X; } }
std::vector<int> V;
)cpp");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  InlineVectorClassesInUnit Found = findInlineVectorClasses(Ctx);
  EXPECT_TRUE(Found.Presets.empty());
  ASSERT_EQ(Found.Libraries.size(), 1u);
  EXPECT_EQ(Found.Libraries.front()->Name, "boost::container::small_vector");
  auto Preferred = Found.preferredAt(test::findVar(Ctx, "V")->getLocation(),
                                     Ctx.getSourceManager());
  ASSERT_TRUE(Preferred);
  EXPECT_EQ(Preferred->Name, "boost::container::small_vector");
  EXPECT_EQ(Preferred->Header, "<boost/container/small_vector.hpp>");
}

TEST(InlineVectorInScopeTest, NothingInScopeGivesNoPreference) {
  auto AST = test::parseCode("#include <vector>\nstd::vector<int> V;\n");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  InlineVectorClassesInUnit Found = findInlineVectorClasses(Ctx);
  EXPECT_TRUE(Found.Presets.empty());
  EXPECT_TRUE(Found.Libraries.empty());
  EXPECT_TRUE(Found.Project.empty());
  EXPECT_FALSE(Found.preferredAt(test::findVar(Ctx, "V")->getLocation(),
                                 Ctx.getSourceManager()));
}

} // namespace
} // namespace alloc_tidy
