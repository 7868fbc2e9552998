//===--- StlFactsTest.cpp - deque block facts and library detection ------===//

#include "lib/analysis/facts/StlFacts.h"
#include "AnalysisTestUtils.h"
#include "clang/Lex/Preprocessor.h"
#include "gtest/gtest.h"

namespace alloc_tidy {
namespace {

struct BlockCase {
  uint64_t ElementSize;
  uint64_t ElementsPerBlock;
};

void expectBlocks(StlFlavor Flavor, const BlockCase &Case,
                  uint64_t BlocksWhenEmpty) {
  SCOPED_TRACE(testing::Message() << stlDisplayName(Flavor).str()
                                  << ", element size " << Case.ElementSize);
  std::optional<DequeBlockFacts> Facts =
      dequeBlockFacts(Flavor, Case.ElementSize);
  ASSERT_TRUE(Facts.has_value());
  EXPECT_EQ(Facts->ElementsPerBlock, Case.ElementsPerBlock);
  EXPECT_EQ(Facts->BlockBytes, Case.ElementsPerBlock * Case.ElementSize);
  EXPECT_EQ(Facts->BlocksWhenEmpty, BlocksWhenEmpty);
}

// bits/stl_deque.h: __deque_buf_size(sz) = sz < 512 ? 512 / sz : 1.
TEST(DequeBlockFactsTest, LibStdCxx) {
  const BlockCase Cases[] = {{1, 512}, {2, 256}, {4, 128}, {8, 64},
                             {12, 42}, {16, 32}, {24, 21}, {100, 5},
                             {257, 1}, {511, 1}, {512, 1}, {4096, 1}};
  for (const BlockCase &Case : Cases)
    expectBlocks(StlFlavor::LibStdCxx, Case, /*BlocksWhenEmpty=*/1);
}

// libc++ <deque>: __deque_block_size = sz < 256 ? 4096 / sz : 16.
TEST(DequeBlockFactsTest, LibCxx) {
  const BlockCase Cases[] = {{1, 4096}, {2, 2048}, {4, 1024},
                             {8, 512},  {24, 170}, {100, 40},
                             {255, 16}, {256, 16}, {1000, 16}};
  for (const BlockCase &Case : Cases)
    expectBlocks(StlFlavor::LibCxx, Case, /*BlocksWhenEmpty=*/0);
}

// MSVC <deque>: _Block_size is 16 bytes' worth, at least one element.
TEST(DequeBlockFactsTest, Msvc) {
  const BlockCase Cases[] = {{1, 16}, {2, 8}, {3, 4},  {4, 4}, {5, 2},
                             {8, 2},  {9, 1}, {16, 1}, {64, 1}};
  for (const BlockCase &Case : Cases)
    expectBlocks(StlFlavor::Msvc, Case, /*BlocksWhenEmpty=*/0);
}

TEST(DequeBlockFactsTest, UnknownLibraryHasNoFacts) {
  EXPECT_FALSE(dequeBlockFacts(StlFlavor::Unknown, 4).has_value());
  EXPECT_FALSE(dequeBlockFacts(StlFlavor::Unknown, 1000).has_value());
}

TEST(DequeBlockFactsTest, ZeroSizeIsTreatedAsOneByte) {
  // sizeof is never 0 for a complete type, but a caller may not know it.
  for (StlFlavor Flavor :
       {StlFlavor::LibStdCxx, StlFlavor::LibCxx, StlFlavor::Msvc}) {
    std::optional<DequeBlockFacts> Zero = dequeBlockFacts(Flavor, 0);
    std::optional<DequeBlockFacts> One = dequeBlockFacts(Flavor, 1);
    ASSERT_TRUE(Zero && One);
    EXPECT_EQ(Zero->ElementsPerBlock, One->ElementsPerBlock);
    EXPECT_NE(Zero->ElementsPerBlock, 0u);
  }
}

TEST(DequeBlockAllocationsTest, LibStdCxxHoldsOneBlockBeyondTheElements) {
  // int: 128 per 512-byte node. The node after the last element is already
  // allocated, so n elements need n / 128 + 1 nodes.
  DequeBlockFacts Facts = *dequeBlockFacts(StlFlavor::LibStdCxx, 4);
  ASSERT_EQ(Facts.ElementsPerBlock, 128u);
  EXPECT_EQ(dequeBlockAllocations(Facts, 0), 1u);
  EXPECT_EQ(dequeBlockAllocations(Facts, 1), 1u);
  EXPECT_EQ(dequeBlockAllocations(Facts, 127), 1u);
  EXPECT_EQ(dequeBlockAllocations(Facts, 128), 2u);
  EXPECT_EQ(dequeBlockAllocations(Facts, 129), 2u);
  EXPECT_EQ(dequeBlockAllocations(Facts, 256), 3u);
  EXPECT_EQ(dequeBlockAllocations(Facts, 1000), 1000u / 128 + 1);
  // The map comes on top: a deque never makes fewer than two.
  EXPECT_EQ(dequeAllocations(Facts, 0), 2u);
  EXPECT_EQ(dequeAllocations(Facts, 64), 2u);
  EXPECT_EQ(dequeAllocations(Facts, 1000), 1000u / 128 + 2);

  // Elements of 512 bytes or more sit one per node.
  DequeBlockFacts Big = *dequeBlockFacts(StlFlavor::LibStdCxx, 1024);
  EXPECT_EQ(dequeBlockAllocations(Big, 0), 1u);
  EXPECT_EQ(dequeBlockAllocations(Big, 10), 11u);
}

TEST(DequeBlockAllocationsTest, LibCxxRoundsUp) {
  DequeBlockFacts Facts = *dequeBlockFacts(StlFlavor::LibCxx, 4);
  ASSERT_EQ(Facts.ElementsPerBlock, 1024u);
  EXPECT_EQ(dequeBlockAllocations(Facts, 0), 0u);
  EXPECT_EQ(dequeBlockAllocations(Facts, 1), 1u);
  EXPECT_EQ(dequeBlockAllocations(Facts, 1024), 1u);
  EXPECT_EQ(dequeBlockAllocations(Facts, 1025), 2u);
  EXPECT_EQ(dequeBlockAllocations(Facts, 10000), 10u);
}

TEST(DequeBlockAllocationsTest, MsvcRoundsUp) {
  DequeBlockFacts Int = *dequeBlockFacts(StlFlavor::Msvc, 4);
  ASSERT_EQ(Int.ElementsPerBlock, 4u);
  EXPECT_EQ(dequeBlockAllocations(Int, 0), 0u);
  EXPECT_EQ(dequeBlockAllocations(Int, 4), 1u);
  EXPECT_EQ(dequeBlockAllocations(Int, 10), 3u);

  // Anything over 8 bytes: one allocation per element.
  DequeBlockFacts Big = *dequeBlockFacts(StlFlavor::Msvc, 24);
  EXPECT_EQ(dequeBlockAllocations(Big, 1000), 1000u);
}

TEST(ParseStlFlavorTest, KnownNames) {
  EXPECT_EQ(parseStlFlavor("libstdc++"), StlFlavor::LibStdCxx);
  EXPECT_EQ(parseStlFlavor("libc++"), StlFlavor::LibCxx);
  EXPECT_EQ(parseStlFlavor("msvc"), StlFlavor::Msvc);
}

TEST(ParseStlFlavorTest, AutoAndUnknownNamesGiveNullopt) {
  EXPECT_EQ(parseStlFlavor("auto"), std::nullopt);
  EXPECT_EQ(parseStlFlavor(""), std::nullopt);
  EXPECT_EQ(parseStlFlavor("garbage"), std::nullopt);
  EXPECT_EQ(parseStlFlavor("libstdc"), std::nullopt);
  EXPECT_EQ(parseStlFlavor("libc++ "), std::nullopt);
  EXPECT_EQ(parseStlFlavor("unknown"), std::nullopt);
}

TEST(StlDisplayNameTest, NamesTheLibraries) {
  EXPECT_EQ(stlDisplayName(StlFlavor::LibStdCxx), "libstdc++");
  EXPECT_EQ(stlDisplayName(StlFlavor::LibCxx), "libc++");
  EXPECT_TRUE(stlDisplayName(StlFlavor::Msvc).contains("MSVC"));
  EXPECT_FALSE(stlDisplayName(StlFlavor::Unknown).empty());
}

StlFlavor detectIn(llvm::StringRef Code,
                   const std::vector<std::string> &Args = {}) {
  std::unique_ptr<clang::ASTUnit> AST = test::parseCode(Code, Args);
  if (!AST) {
    ADD_FAILURE() << "could not build the AST";
    return StlFlavor::Unknown;
  }
  EXPECT_FALSE(test::hasErrors(*AST));
  return detectStl(AST->getPreprocessor());
}

TEST(DetectStlTest, LibStdCxxHeaders) {
  EXPECT_EQ(detectIn("#include <deque>\nstd::deque<int> d;\n"),
            StlFlavor::LibStdCxx);
  EXPECT_EQ(detectIn("#include <vector>\nstd::vector<int> v;\n"),
            StlFlavor::LibStdCxx);
}

TEST(DetectStlTest, NoStandardHeaderIsUnknown) {
  EXPECT_EQ(detectIn("int x;\n"), StlFlavor::Unknown);
}

TEST(DetectStlTest, ConfigurationMacros) {
  // Each library's configuration header defines its version macro; define
  // them directly rather than depend on which libraries are installed.
  EXPECT_EQ(detectIn("int x;\n", {"-D_LIBCPP_VERSION=190000"}),
            StlFlavor::LibCxx);
  EXPECT_EQ(detectIn("int x;\n", {"-D_MSVC_STL_VERSION=143"}), StlFlavor::Msvc);
  EXPECT_EQ(detectIn("int x;\n", {"-D_CPPLIB_VER=650"}), StlFlavor::Msvc);
  EXPECT_EQ(detectIn("int x;\n", {"-D__GLIBCXX__=20230101"}),
            StlFlavor::LibStdCxx);
}

TEST(VectorGrowthTest, DoublingLibraries) {
  for (StlFlavor Flavor : {StlFlavor::LibStdCxx, StlFlavor::LibCxx}) {
    EXPECT_EQ(vectorGrowthAllocations(Flavor, 0), 0u);
    EXPECT_EQ(vectorGrowthAllocations(Flavor, 1), 1u);
    EXPECT_EQ(vectorGrowthAllocations(Flavor, 2), 2u);
    EXPECT_EQ(vectorGrowthAllocations(Flavor, 3), 3u); // 1, 2, 4
    EXPECT_EQ(vectorGrowthAllocations(Flavor, 4), 3u);
    EXPECT_EQ(vectorGrowthAllocations(Flavor, 1000), 11u); // ... 512, 1024
    EXPECT_EQ(vectorGrowthAllocations(Flavor, 1024), 11u);
    EXPECT_EQ(vectorGrowthAllocations(Flavor, 1025), 12u);
  }
}

TEST(VectorGrowthTest, MsvcGrowsByHalf) {
  // 1, 2, 3, 4, 6, 9, 13, 19, 28.
  EXPECT_EQ(vectorGrowthAllocations(StlFlavor::Msvc, 4), 4u);
  EXPECT_EQ(vectorGrowthAllocations(StlFlavor::Msvc, 9), 6u);
  EXPECT_EQ(vectorGrowthAllocations(StlFlavor::Msvc, 10), 7u);
  EXPECT_EQ(vectorGrowthAllocations(StlFlavor::Msvc, 28), 9u);
}

TEST(VectorGrowthTest, UnknownLibrary) {
  EXPECT_FALSE(vectorGrowthAllocations(StlFlavor::Unknown, 10).has_value());
}

TEST(StringFactsTest, InlineCapacity) {
  EXPECT_EQ(stringInlineCapacity(StlFlavor::LibStdCxx, 1), 15u);
  EXPECT_EQ(stringInlineCapacity(StlFlavor::LibStdCxx, 4), 3u);
  EXPECT_EQ(stringInlineCapacity(StlFlavor::LibCxx, 1), 22u);
  EXPECT_EQ(stringInlineCapacity(StlFlavor::Msvc, 1), 15u);
  EXPECT_EQ(stringInlineCapacity(StlFlavor::Msvc, 2), 7u);
  EXPECT_FALSE(stringInlineCapacity(StlFlavor::Unknown, 1).has_value());
}

TEST(StringFactsTest, LibStdCxxGrowthDoublesFromTheInlineBuffer) {
  EXPECT_EQ(stringGrowthAllocations(StlFlavor::LibStdCxx, 1, 15), 0u);
  EXPECT_EQ(stringGrowthAllocations(StlFlavor::LibStdCxx, 1, 16), 1u); // 30
  EXPECT_EQ(stringGrowthAllocations(StlFlavor::LibStdCxx, 1, 31), 2u); // 60
  EXPECT_EQ(stringGrowthAllocations(StlFlavor::LibStdCxx, 1, 1000), 7u);
  EXPECT_FALSE(stringGrowthAllocations(StlFlavor::LibCxx, 1, 100).has_value());
}

} // namespace
} // namespace alloc_tidy
