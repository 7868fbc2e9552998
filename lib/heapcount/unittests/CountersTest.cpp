//===- CountersTest.cpp - heapcount's portable core -----------------------===//
//
// The counters are process-wide, so each test looks at differences and
// leaves counting on.
//
//===----------------------------------------------------------------------===//

#include "lib/heapcount/Counters.h"

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

namespace heapcount {
namespace {

void appendTo(const char *Data, std::size_t Size, void *Context) {
  static_cast<std::string *>(Context)->append(Data, Size);
}

std::string report(ModuleEnumerator Modules = nullptr) {
  std::string Json;
  ProcessInfo Info;
  Info.Platform = "test";
  Info.Pid = 42;
  Info.ParentPid = 7;
  Info.Modules = Modules;
  writeJson(appendTo, &Json, Info);
  return Json;
}

// One block for the test thread, as a backend keeps one per thread.
ThreadBlock &mine() {
  static ThreadBlock *Block = claimThreadBlock();
  return *Block;
}

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

// The table for small sizes and the computation for the rest agree with
// the definition on both sides of the switch.
TEST(BucketOf, TableAndComputationAgree) {
  for (std::size_t Size = 0; Size <= 5000; ++Size) {
    unsigned Expected = 0;
    while ((std::size_t{1} << Expected) < Size)
      ++Expected;
    EXPECT_EQ(bucketOf(Size), Expected) << "size " << Size;
  }
}

// A thread the backend did not see start (C11's thrd_create, glibc's own
// helper threads) is noticed when it claims a block: live bytes take locked
// updates from then on. First among the tests that claim blocks: the mode
// is process-wide and stays threaded.
TEST(Counters, ASecondClaimMeansThreads) {
  mine();
  if (currentMode() & detail::Threaded)
    GTEST_SKIP() << "another test started threads first";
  ThreadBlock *Second = claimThreadBlock();
  EXPECT_TRUE(currentMode() & detail::Threaded);
  releaseThreadBlock(Second);
}

TEST(Counters, AllocAndFreeMoveTheTotals) {
  Totals Before = snapshotTotals();
  countAllocation(mine(), Fn::Malloc, 10, 24);
  countCall(mine(), Fn::New);
  addAlloc(mine(), Fn::New, 100, 112);
  countRelease(mine(), Fn::Free, 24);
  Totals After = snapshotTotals();
  EXPECT_EQ(After.Allocs - Before.Allocs, 2u);
  EXPECT_EQ(After.Frees - Before.Frees, 1u);
  EXPECT_EQ(After.Bytes - Before.Bytes, 110u);
  EXPECT_EQ(After.LiveBlocks - Before.LiveBlocks, 1u);
  EXPECT_EQ(After.LiveBytes - Before.LiveBytes, 112u);
  EXPECT_GE(After.PeakLiveBytes, Before.LiveBytes + 136);
  addFree(mine(), 112);
}

// A realloc that failed: valgrind counts an allocation and a free, the block
// stays.
TEST(Counters, NotLiveCountsOnly) {
  Totals Before = snapshotTotals();
  addFree(mine(), 64, /*Live=*/false);
  addAlloc(mine(), Fn::Realloc, 128, 0, /*Live=*/false);
  Totals After = snapshotTotals();
  EXPECT_EQ(After.Allocs - Before.Allocs, 1u);
  EXPECT_EQ(After.Frees - Before.Frees, 1u);
  EXPECT_EQ(After.LiveBlocks, Before.LiveBlocks);
  EXPECT_EQ(After.LiveBytes, Before.LiveBytes);
}

TEST(Counters, ThreadsLoseNoUpdate) {
  Totals Before = snapshotTotals();
  noteThreadsStarting();
  std::thread Threads[8];
  for (std::thread &Thread : Threads)
    Thread = std::thread([] {
      ThreadBlock *Block = claimThreadBlock();
      for (int I = 0; I < 10000; ++I) {
        countAllocation(*Block, Fn::Malloc, 8, 16);
        countRelease(*Block, Fn::Free, 16);
      }
      releaseThreadBlock(Block);
    });
  for (std::thread &Thread : Threads)
    Thread.join();
  Totals After = snapshotTotals();
  EXPECT_EQ(After.Allocs - Before.Allocs, 80000u);
  EXPECT_EQ(After.Frees - Before.Frees, 80000u);
  EXPECT_EQ(After.LiveBlocks, Before.LiveBlocks);
  EXPECT_EQ(After.LiveBytes, Before.LiveBytes);
}

// More threads than blocks: the rest share one, and nothing is lost.
TEST(Counters, SharedBlockWhenThePoolIsUsedUp) {
  std::vector<ThreadBlock *> Claimed;
  ThreadBlock *Block = nullptr;
  while ((Block = claimThreadBlock()) != sharedThreadBlock())
    Claimed.push_back(Block);
  EXPECT_GE(Claimed.size(), 100u);
  Totals Before = snapshotTotals();
  countAllocation(*sharedThreadBlock(), Fn::Calloc, 30, 32);
  countRelease(*sharedThreadBlock(), Fn::Free, 32);
  Totals After = snapshotTotals();
  EXPECT_EQ(After.Allocs - Before.Allocs, 1u);
  EXPECT_EQ(After.Frees - Before.Frees, 1u);
  for (ThreadBlock *Used : Claimed)
    releaseThreadBlock(Used);
  // A released block is handed out again, its counts kept.
  EXPECT_NE(claimThreadBlock(), sharedThreadBlock());
  EXPECT_EQ(snapshotTotals().Allocs, After.Allocs);
}

// While paused, calls are not counted but blocks are followed, so that a
// block made before the marker and freed after it keeps live figures right.
TEST(Counters, PausedFollowsBlocksOnly) {
  Totals Before = snapshotTotals();
  pauseCounting("api");
  EXPECT_FALSE(counting());
  countAllocation(mine(), Fn::Malloc, 40, 48);
  startCounting();
  EXPECT_TRUE(counting());
  countRelease(mine(), Fn::Free, 48);
  Totals After = snapshotTotals();
  EXPECT_EQ(After.Allocs, Before.Allocs);
  EXPECT_EQ(After.Frees - Before.Frees, 1u);
  EXPECT_EQ(After.LiveBlocks, Before.LiveBlocks);
  EXPECT_EQ(After.LiveBytes, Before.LiveBytes);
  EXPECT_NE(report().find("\"counting\":{\"from\":\"api\",\"started\":true}"),
            std::string::npos);
}

TEST(Counters, EnteringTheMarkerScopeStartsCounting) {
  pauseCounting("scope:main loop");
  enterScope("set-up");
  EXPECT_FALSE(counting());
  enterScope("main loop");
  EXPECT_TRUE(counting());
}

TEST(Scopes, RunsAddUpUnderTheirName) {
  Totals Parse;
  Parse.Allocs = 3;
  Parse.Frees = 1;
  Parse.Bytes = 40;
  addScope("parse \"config\"", Parse);
  addScope("parse \"config\"", Parse);
  std::string Json = report();
  EXPECT_NE(Json.find("\"parse \\\"config\\\"\":{\"runs\":2,\"allocs\":6,"
                      "\"frees\":2,\"bytes\":80}"),
            std::string::npos)
      << Json;
}

TEST(Scopes, NamesBeyondTheTableShareOneEntry) {
  Totals One;
  One.Allocs = 1;
  for (unsigned I = 0; I < MaxScopes + 5; ++I)
    addScope(("scope " + std::to_string(I)).c_str(), One);
  std::string Json = report();
  EXPECT_NE(Json.find("\"(other scopes)\":{\"runs\":"), std::string::npos);
  EXPECT_EQ(Json.find("\"scope " + std::to_string(MaxScopes + 4) + "\""),
            std::string::npos);
}

void oneModule(ModuleVisitor Visit, void *Context) {
  Visit(Module{"/bin/prog", 0x1000, 0x1000, 0x5000}, Context);
}

TEST(Stacks, DistinctStacksWithCallsAndBytes) {
  std::vector<char> Table(stackTableBytes(3));
  setStackTable(Table.data(), 3);
  void *A[] = {reinterpret_cast<void *>(0x1234),
               reinterpret_cast<void *>(0x2000)};
  void *B[] = {
      reinterpret_cast<void *>(0x1234), reinterpret_cast<void *>(0x3000),
      reinterpret_cast<void *>(0x4000), reinterpret_cast<void *>(0x5000)};
  addStack(A, 2, 10);
  addStack(A, 2, 20);
  addStack(B, 4, 5); // Cut to the depth.
  std::string Json = report(oneModule);
  setStackTable(nullptr, 0);
  EXPECT_NE(Json.find("\"stacks\":{\"depth\":3,\"dropped\":0"),
            std::string::npos)
      << Json;
  EXPECT_NE(Json.find("{\"path\":\"/bin/prog\",\"base\":\"0x1000\","
                      "\"start\":\"0x1000\",\"end\":\"0x5000\"}"),
            std::string::npos);
  EXPECT_NE(Json.find("{\"calls\":2,\"bytes\":30,\"frames\":[\"0x1234\","
                      "\"0x2000\"]}"),
            std::string::npos);
  EXPECT_NE(Json.find("{\"calls\":1,\"bytes\":5,\"frames\":[\"0x1234\","
                      "\"0x3000\",\"0x4000\"]}"),
            std::string::npos);
  // Without a table, no stacks section.
  EXPECT_EQ(report().find("\"stacks\""), std::string::npos);
}

TEST(Stacks, KeyedBySizeForProfiles) {
  std::vector<char> Table(stackTableBytes(2, /*BySize=*/true));
  EXPECT_GT(stackTableBytes(2, true), stackTableBytes(2, false));
  setStackTable(Table.data(), 2, /*BySize=*/true);
  void *A[] = {reinterpret_cast<void *>(0x1234),
               reinterpret_cast<void *>(0x2000)};
  void *B[] = {reinterpret_cast<void *>(0x1234)};
  addStack(A, 2, 16);
  addStack(A, 2, 32);
  addStack(A, 2, 16);
  addStack(B, 1, 16);
  std::string Json = report(oneModule);
  setStackTable(nullptr, 0);
  EXPECT_NE(Json.find("\"stacks\":{\"depth\":2,\"by_size\":true,"
                      "\"dropped\":0"),
            std::string::npos)
      << Json;
  // One entry per (stack, size): the same stack with two sizes is two.
  EXPECT_NE(Json.find("{\"calls\":2,\"bytes\":32,\"size\":16,\"frames\":["
                      "\"0x1234\",\"0x2000\"]}"),
            std::string::npos)
      << Json;
  EXPECT_NE(Json.find("{\"calls\":1,\"bytes\":32,\"size\":32,\"frames\":["
                      "\"0x1234\",\"0x2000\"]}"),
            std::string::npos);
  EXPECT_NE(Json.find("{\"calls\":1,\"bytes\":16,\"size\":16,\"frames\":["
                      "\"0x1234\"]}"),
            std::string::npos);
  // A table that is not keyed by size again: no "size", no "by_size".
  std::vector<char> Plain(stackTableBytes(2));
  setStackTable(Plain.data(), 2);
  addStack(A, 2, 16);
  addStack(A, 2, 32);
  Json = report(oneModule);
  setStackTable(nullptr, 0);
  EXPECT_EQ(Json.find("\"by_size\""), std::string::npos);
  EXPECT_NE(Json.find("{\"calls\":2,\"bytes\":48,\"frames\":[\"0x1234\","
                      "\"0x2000\"]}"),
            std::string::npos)
      << Json;
}

// A short process records a few hundred stacks: they take the first pages
// of the table, not one page each across its megabytes (each page touched
// is a page fault, in each of a test suite's thousands of processes).
TEST(Stacks, FewStacksTouchTheStartOfTheTable) {
  std::vector<char> Table(stackTableBytes(24, /*BySize=*/true));
  setStackTable(Table.data(), 24, /*BySize=*/true);
  for (std::uintptr_t I = 1; I <= 300; ++I) {
    // NOLINTNEXTLINE(performance-no-int-to-ptr): made-up return addresses
    void *Frames[] = {reinterpret_cast<void *>(0x1000 + I),
                      reinterpret_cast<void *>(0x2000)};
    addStack(Frames, 2, 16);
  }
  setStackTable(nullptr, 0);
  std::size_t Pages = 0;
  for (std::size_t Page = 0; Page < Table.size(); Page += 4096) {
    std::size_t End = std::min(Table.size(), Page + 4096);
    for (std::size_t I = Page; I < End; ++I)
      if (Table[I]) {
        ++Pages;
        break;
      }
  }
  // 300 entries of 28 words: 17 pages; the first index: 1 page.
  EXPECT_LE(Pages, 20u);
}

// The index grows fourfold as stacks come: every stack is found again after
// each growth, and the table holds its capacity (786432 stacks on Linux),
// the rest counted as dropped.
TEST(Stacks, IndexGrowsAndKeepsEveryStack) {
  std::vector<char> Table(stackTableBytes(1));
  setStackTable(Table.data(), 1);
  const std::uintptr_t Distinct = stackTableCapacity();
  EXPECT_GE(Distinct, 786432u);
  for (int Round = 0; Round < 2; ++Round)
    for (std::uintptr_t I = 1; I <= Distinct + 10; ++I) {
      // NOLINTNEXTLINE(performance-no-int-to-ptr): made-up return addresses
      void *Frames[] = {reinterpret_cast<void *>(I * 16)};
      addStack(Frames, 1, 1);
    }
  struct Tally {
    std::size_t Stacks = 0;
    std::size_t Twice = 0;
  } T;
  std::size_t Visited = forEachStack(
      [](const StackView &S, void *Raw) {
        auto *T = static_cast<Tally *>(Raw);
        ++T->Stacks;
        T->Twice += S.Calls == 2 && S.NumFrames == 1;
      },
      &T);
  std::string Json = report(oneModule);
  setStackTable(nullptr, 0);
  EXPECT_EQ(Visited, Distinct);
  EXPECT_EQ(T.Stacks, Distinct);
  EXPECT_EQ(T.Twice, Distinct);
  EXPECT_NE(Json.find("\"dropped\":20,"), std::string::npos);
}

// A forked child (each of a shell's subshells) releases the blocks of the
// threads that did not survive the fork without copying the pool: no write
// to a block that was not in use, so no copy-on-write fault per page.
TEST(Counters, ForkedChildCopiesNoPageOfThePool) {
  mine();
  std::fflush(nullptr);
  pid_t Child = fork();
  ASSERT_GE(Child, 0);
  if (Child == 0) {
    rusage Before, After;
    getrusage(RUSAGE_SELF, &Before);
    afterForkInChild(&mine());
    getrusage(RUSAGE_SELF, &After);
    _exit(After.ru_minflt - Before.ru_minflt < 8 ? 0 : 1);
  }
  int Status = 0;
  ASSERT_EQ(waitpid(Child, &Status, 0), Child);
  EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 0)
      << "the child took page faults over the pool";
}

TEST(WriteJson, SchemaAndOnlyCalledFunctions) {
  countCall(mine(), Fn::Memalign);
  addAlloc(mine(), Fn::Memalign, 48, 64);
  countOsCall(mine(), OsFn::Mmap, 4096);
  std::string Json = report();
  EXPECT_EQ(Json.rfind("{\"version\":1,\"platform\":\"test\",\"total\":{"
                       "\"allocs\":",
                       0),
            0u);
  EXPECT_NE(Json.find("\"memalign\":{\"calls\":1,\"bytes\":48}"),
            std::string::npos);
  EXPECT_EQ(Json.find("\"pvalloc\""), std::string::npos);
  EXPECT_NE(Json.find("{\"le\":64,\"count\":"), std::string::npos);
  EXPECT_NE(Json.find("\"os\":{\"mmap\":{\"calls\":1,\"bytes\":4096}}"),
            std::string::npos);
  EXPECT_NE(Json.find("\"process\":{\"pid\":42,\"parent_pid\":7,"
                      "\"end\":\"exit\"}"),
            std::string::npos);
  EXPECT_EQ(Json.substr(Json.size() - 2), "}\n");
  EXPECT_EQ(std::string(fnName(Fn::NewArrayAligned)),
            "operator new[](size_t, align_val_t)");
}

// Shares are printed as printf's "%.6f" would, without printf.
TEST(WriteJson, HistogramShares) {
  std::string Json = report();
  std::size_t Last = Json.rfind("\"share\":");
  ASSERT_NE(Last, std::string::npos);
  // The last bucket in use holds the largest allocation: share 1.
  EXPECT_EQ(Json.substr(Last, 16), "\"share\":1.000000");
  std::size_t At = Json.find("\"share\":0.");
  ASSERT_NE(At, std::string::npos);
  EXPECT_EQ(Json[At + 16], '}');
}

} // namespace
} // namespace heapcount
