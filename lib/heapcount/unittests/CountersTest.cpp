//===- CountersTest.cpp - heapcount's portable core -----------------------===//
//
// The counters are process-wide, so each test looks at differences.
//
//===----------------------------------------------------------------------===//

#include "lib/heapcount/Counters.h"

#include <cstdio>
#include <string>
#include <thread>

#include <gtest/gtest.h>

namespace heapcount {
namespace {

TEST(BucketOf, SmallestPowerOfTwoAtLeastTheSize) {
  EXPECT_EQ(bucketOf(0), 0u);
  EXPECT_EQ(bucketOf(1), 0u);
  EXPECT_EQ(bucketOf(2), 1u);
  EXPECT_EQ(bucketOf(3), 2u);
  EXPECT_EQ(bucketOf(16), 4u);
  EXPECT_EQ(bucketOf(17), 5u);
  // Larger than the last bucket: the last bucket.
  EXPECT_EQ(bucketOf(~std::size_t{0}), NumBuckets - 1);
}

TEST(Counters, AllocAndFreeMoveTheTotals) {
  Totals Before = snapshotTotals();
  addAlloc(10, 24);
  addAlloc(100, 112);
  addFree(24);
  Totals After = snapshotTotals();
  EXPECT_EQ(After.Allocs - Before.Allocs, 2u);
  EXPECT_EQ(After.Frees - Before.Frees, 1u);
  EXPECT_EQ(After.Bytes - Before.Bytes, 110u);
  EXPECT_EQ(After.LiveBlocks - Before.LiveBlocks, 1u);
  EXPECT_EQ(After.LiveBytes - Before.LiveBytes, 112u);
  EXPECT_GE(After.PeakLiveBytes, Before.LiveBytes + 136);
  addFree(112);
}

// A realloc that failed: valgrind counts an allocation and a free, the block
// stays.
TEST(Counters, NotLiveCountsOnly) {
  Totals Before = snapshotTotals();
  addFree(64, /*Live=*/false);
  addAlloc(128, 0, /*Live=*/false);
  Totals After = snapshotTotals();
  EXPECT_EQ(After.Allocs - Before.Allocs, 1u);
  EXPECT_EQ(After.Frees - Before.Frees, 1u);
  EXPECT_EQ(After.LiveBlocks, Before.LiveBlocks);
  EXPECT_EQ(After.LiveBytes, Before.LiveBytes);
}

TEST(Counters, ThreadsLoseNoUpdate) {
  Totals Before = snapshotTotals();
  std::thread Threads[8];
  for (std::thread &Thread : Threads)
    Thread = std::thread([] {
      for (int I = 0; I < 10000; ++I) {
        addAlloc(8, 16);
        addFree(16);
      }
    });
  for (std::thread &Thread : Threads)
    Thread.join();
  Totals After = snapshotTotals();
  EXPECT_EQ(After.Allocs - Before.Allocs, 80000u);
  EXPECT_EQ(After.Frees - Before.Frees, 80000u);
  EXPECT_EQ(After.LiveBlocks, Before.LiveBlocks);
}

TEST(WriteJson, SchemaAndOnlyCalledFunctions) {
  countCall(Fn::Memalign, 48);
  addAlloc(48, 64);
  std::FILE *Out = std::tmpfile();
  ASSERT_NE(Out, nullptr);
  writeJson(Out, "test");
  ASSERT_EQ(std::fseek(Out, 0, SEEK_SET), 0);
  std::string Json;
  char Buffer[4096];
  while (std::size_t Got = std::fread(Buffer, 1, sizeof(Buffer), Out))
    Json.append(Buffer, Got);
  std::fclose(Out);
  EXPECT_EQ(Json.rfind("{\"version\":1,\"platform\":\"test\",\"total\":{"
                       "\"allocs\":",
                       0),
            0u);
  EXPECT_NE(Json.find("\"memalign\":{\"calls\":1,\"bytes\":48}"),
            std::string::npos);
  EXPECT_EQ(Json.find("\"pvalloc\""), std::string::npos);
  EXPECT_NE(Json.find("{\"le\":64,\"count\":"), std::string::npos);
  // The last bucket in use holds the largest allocation: share 1.
  EXPECT_NE(Json.find("\"share\":1.000000}]}"), std::string::npos);
  EXPECT_EQ(std::string(fnName(Fn::NewArrayAligned)),
            "operator new[](size_t, align_val_t)");
}

} // namespace
} // namespace heapcount
