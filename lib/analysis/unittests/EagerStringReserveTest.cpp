//===--- EagerStringReserveTest.cpp - a reserve a string gets anyway ------===//

#include "lib/analysis/facts/EagerStringReserve.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

TEST(EagerStringReserveTest, UpToTheFirstGrowthOfEachLibrary) {
  // libstdc++: 15 inline, the first growth takes 30.
  EXPECT_FALSE(reserveGrowthGivesAnyway(StlFlavor::LibStdCxx, 15));
  EXPECT_TRUE(reserveGrowthGivesAnyway(StlFlavor::LibStdCxx, 16));
  EXPECT_TRUE(reserveGrowthGivesAnyway(StlFlavor::LibStdCxx, 30));
  EXPECT_FALSE(reserveGrowthGivesAnyway(StlFlavor::LibStdCxx, 31));
  // libc++: 22 inline, 44.
  EXPECT_FALSE(reserveGrowthGivesAnyway(StlFlavor::LibCxx, 22));
  EXPECT_TRUE(reserveGrowthGivesAnyway(StlFlavor::LibCxx, 44));
  EXPECT_FALSE(reserveGrowthGivesAnyway(StlFlavor::LibCxx, 45));
  // MSVC: 15 inline, 31.
  EXPECT_TRUE(reserveGrowthGivesAnyway(StlFlavor::Msvc, 31));
  EXPECT_FALSE(reserveGrowthGivesAnyway(StlFlavor::Msvc, 32));
  // Unknown: what holds for all three.
  EXPECT_FALSE(reserveGrowthGivesAnyway(StlFlavor::Unknown, 20));
  EXPECT_TRUE(reserveGrowthGivesAnyway(StlFlavor::Unknown, 23));
  EXPECT_TRUE(reserveGrowthGivesAnyway(StlFlavor::Unknown, 30));
  EXPECT_FALSE(reserveGrowthGivesAnyway(StlFlavor::Unknown, 31));
}

TEST(EagerStringReserveTest, FindsTheReserveAndWhatKeepsIt) {
  auto AST = test::parseCode(R"cpp(
#include <string>
char next();
void keep(const std::string &);
void f() {
  std::string Plain;
  Plain.reserve(20);
  Plain += next();
  Plain[0] = next();
  char C = Plain.back();
  keep(Plain);

  std::string Later;
  Later += next();
  Later.reserve(20);

  std::string Pointer;
  Pointer.reserve(20);
  const char *P = Pointer.c_str();

  std::string Element;
  Element.reserve(20);
  Element += next();
  char &R = Element[0];

  std::string Capacity;
  Capacity.reserve(20);
  keep(std::to_string(Capacity.capacity()));
}
)cpp");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  std::optional<EagerStringReserve> Plain = eagerStringReserve(
      *test::findVar(Ctx, "Plain"), StlFlavor::LibStdCxx, Ctx);
  ASSERT_TRUE(Plain);
  EXPECT_EQ(Plain->Requested, 20u);
  EXPECT_EQ(Plain->InlineCapacity, 15u);
  for (const char *Name : {"Later", "Pointer", "Element", "Capacity"})
    EXPECT_FALSE(eagerStringReserve(*test::findVar(Ctx, Name),
                                    StlFlavor::LibStdCxx, Ctx))
        << Name;
}

} // namespace
} // namespace alloc_tidy
