//===--- PaddingDecisionTest.cpp - report a padded record or not ----------===//

#include "lib/analysis/decisions/PaddingDecision.h"
#include "gtest/gtest.h"

namespace alloc_tidy {
namespace {

using Kind = InstanceEvidence::Kind;

InstanceEvidence evidence(Kind What, std::string Via, std::string Where,
                          std::optional<uint64_t> Count = std::nullopt) {
  InstanceEvidence E;
  E.What = What;
  E.Via = std::move(Via);
  E.Where = std::move(Where);
  E.Count = Count;
  return E;
}

PaddingFacts facts(uint64_t Now, uint64_t After,
                   std::vector<InstanceEvidence> Evidence = {}) {
  PaddingFacts F;
  F.SizeNow = Now;
  F.SizeReordered = After;
  F.Evidence = std::move(Evidence);
  return F;
}

// glibc malloc on 64-bit: max(32, round_up(size + 8, 16)).
TEST(GlibcMallocChunkTest, SizeClasses) {
  EXPECT_EQ(glibcMallocChunk(0), 32u);
  EXPECT_EQ(glibcMallocChunk(24), 32u);
  EXPECT_EQ(glibcMallocChunk(25), 48u);
  EXPECT_EQ(glibcMallocChunk(40), 48u);
  EXPECT_EQ(glibcMallocChunk(48), 64u);
  EXPECT_EQ(glibcMallocChunk(56), 64u);
  EXPECT_EQ(glibcMallocChunk(57), 80u);
  EXPECT_EQ(glibcMallocChunk(104), 112u);
}

TEST(DecidePaddingTest, ContainerElementIsReported) {
  PaddingDecision D =
      decidePadding(facts(24, 16,
                          {evidence(Kind::ContainerElement, "std::vector<Row>",
                                    "rows.cpp:12")}),
                    {});
  EXPECT_TRUE(D.Report);
  EXPECT_TRUE(D.FixAllowed);
  EXPECT_EQ(D.Cost,
            "saves 8 bytes per element of 'std::vector<Row>' at rows.cpp:12");
  EXPECT_EQ(D.CostEvidence, 0u);
}

TEST(DecidePaddingTest, CountedArrayGivesTheTotal) {
  PaddingDecision D = decidePadding(
      facts(24, 16,
            {evidence(Kind::ContainerElement, "std::vector<Row>", "a.cpp:1"),
             evidence(Kind::ArrayElement, "Table", "a.cpp:2", 1024)}),
      {});
  EXPECT_TRUE(D.Report);
  EXPECT_EQ(D.Cost, "saves 8 bytes per element, 8192 bytes for the 1024 "
                    "elements of the array 'Table' at a.cpp:2; 1 other "
                    "place creates instances too");
  EXPECT_EQ(D.CostEvidence, 1u);
}

TEST(DecidePaddingTest, MemberOfARecordWithManyInstances) {
  InstanceEvidence Member = evidence(Kind::MemberOf, "Row", "rows.cpp:12");
  Member.Inner.push_back(
      evidence(Kind::ContainerElement, "std::vector<Row>", "rows.cpp:12"));
  PaddingDecision D = decidePadding(facts(24, 16, {Member}), {});
  EXPECT_TRUE(D.Report);
  EXPECT_EQ(D.Cost, "saves 8 bytes per instance; each is a member of 'Row', "
                    "an element of 'std::vector<Row>' at rows.cpp:12");
}

// A member of a union saves only what it has over the union's other
// members, rounded to the union's alignment.
TEST(DecidePaddingTest, MemberOfAUnion) {
  InstanceEvidence Member = evidence(Kind::MemberOf, "Either", "rows.cpp:12");
  Member.Inner.push_back(
      evidence(Kind::ContainerElement, "std::vector<Either>", "rows.cpp:12"));
  InstanceEvidence::UnionMember Union;
  Union.Size = 32;
  Union.Others = 24;
  Union.Align = 8;
  Member.InUnion = Union;
  EXPECT_EQ(savedThroughMembers(Member, 8), 8u);
  // Shrunk past the next largest, the union is that one's size.
  EXPECT_EQ(savedThroughMembers(Member, 16), 8u);
  PaddingDecision D = decidePadding(facts(32, 16, {Member}), {});
  EXPECT_TRUE(D.Report);
  EXPECT_EQ(D.Cost, "saves 8 bytes per instance; each is a member of "
                    "'Either', an element of 'std::vector<Either>' at "
                    "rows.cpp:12");
  // As large as another member: the union keeps its size.
  Member.InUnion->Others = 32;
  EXPECT_EQ(savedThroughMembers(Member, 8), 0u);
  EXPECT_FALSE(decidePadding(facts(32, 16, {Member}), {}).Report);
  // Two elements of an array member shrink it twice as much.
  Member.InUnion->Others = 24;
  Member.InUnion->Size = 64;
  Member.InUnion->Count = 2;
  EXPECT_EQ(savedThroughMembers(Member, 8), 16u);
}

TEST(DecidePaddingTest, NoEvidenceIsSilent) {
  PaddingDecision D = decidePadding(facts(24, 16), {});
  EXPECT_FALSE(D.Report);
  EXPECT_NE(D.Why.find("no container, array or loop allocation"),
            std::string::npos);
}

TEST(DecidePaddingTest, ReportAllReportsWithoutEvidence) {
  PaddingPolicy Policy;
  Policy.ReportAll = true;
  PaddingDecision D = decidePadding(facts(24, 16), Policy);
  EXPECT_TRUE(D.Report);
  EXPECT_TRUE(D.Cost.empty());
}

// 56 and 48 bytes both take a 64-byte chunk: nothing saved on the heap.
TEST(DecidePaddingTest, HeapAllocationInTheSameSizeClassIsSilent) {
  PaddingPolicy Single;
  Single.SingleHeapObjects = true;
  PaddingDecision D = decidePadding(
      facts(56, 48, {evidence(Kind::HeapAllocation, "new Impl", "a.cpp:3")}),
      Single);
  EXPECT_FALSE(D.Report);
  EXPECT_EQ(D.Why, "each 'new Impl' at a.cpp:3 takes a 64-byte malloc chunk "
                   "in either order (glibc, 64-bit)");
}

// One object allocated outside a loop is not many instances: silent by
// default, reported with SingleHeapObjects when its malloc chunk shrinks.
TEST(DecidePaddingTest, SingleHeapObjectIsSilentByDefault) {
  PaddingDecision D = decidePadding(
      facts(64, 48, {evidence(Kind::HeapAllocation, "new Impl", "a.cpp:3")}),
      {});
  EXPECT_FALSE(D.Report);
  EXPECT_EQ(D.Why, "allocated one object at a time with 'new Impl' at "
                   "a.cpp:3, not in a loop; SingleHeapObjects reports it "
                   "when its malloc chunk shrinks");
}

// A 'new' that runs once per node of a linked structure counts by default.
TEST(DecidePaddingTest, RepeatedSingleHeapObjectIsReported) {
  InstanceEvidence Node =
      evidence(Kind::HeapAllocation, "new Token", "a.cpp:3");
  Node.Repeated = true;
  PaddingDecision D = decidePadding(facts(64, 48, {Node}), {});
  EXPECT_TRUE(D.Report);
}

TEST(DecidePaddingTest, HeapAllocationThatCrossesASizeClass) {
  PaddingPolicy Single;
  Single.SingleHeapObjects = true;
  PaddingDecision D = decidePadding(
      facts(64, 48, {evidence(Kind::HeapAllocation, "new Impl", "a.cpp:3")}),
      Single);
  EXPECT_TRUE(D.Report);
  EXPECT_EQ(D.Cost, "each 'new Impl' at a.cpp:3 takes a 64-byte malloc "
                    "chunk instead of 80 (glibc, 64-bit)");
}

TEST(DecidePaddingTest, LoopAllocation) {
  PaddingDecision Same = decidePadding(
      facts(56, 48, {evidence(Kind::LoopAllocation, "new Node", "a.cpp:7")}),
      {});
  EXPECT_FALSE(Same.Report);
  PaddingDecision Crossing = decidePadding(
      facts(48, 40, {evidence(Kind::LoopAllocation, "new Node", "a.cpp:7")}),
      {});
  EXPECT_TRUE(Crossing.Report);
  EXPECT_EQ(Crossing.Cost, "each 'new Node' in the loop at a.cpp:7 takes a "
                           "48-byte malloc chunk instead of 64 (glibc, "
                           "64-bit)");
  // make_shared allocates a control block with it: the chunk is not known.
  InstanceEvidence Shared =
      evidence(Kind::LoopAllocation, "std::make_shared<Node>", "a.cpp:8");
  Shared.ExactChunk = false;
  PaddingDecision Modest = decidePadding(facts(56, 48, {Shared}), {});
  EXPECT_TRUE(Modest.Report);
  EXPECT_EQ(Modest.Cost, "saves up to 8 bytes per object; each "
                         "'std::make_shared<Node>' in the loop at a.cpp:8 "
                         "allocates one");
}

// Another allocator (Windows, macOS, musl): no chunk is claimed; a loop of
// allocations still counts, modestly, a single one does not.
TEST(DecidePaddingTest, HeapOfAnotherAllocator) {
  PaddingFacts Single =
      facts(64, 48, {evidence(Kind::HeapAllocation, "new Impl", "a.cpp:3")});
  Single.GlibcHeap = false;
  EXPECT_FALSE(decidePadding(Single, {}).Report);
  PaddingFacts Loop =
      facts(64, 48, {evidence(Kind::LoopAllocation, "new Node", "a.cpp:7")});
  Loop.GlibcHeap = false;
  PaddingDecision D = decidePadding(Loop, {});
  EXPECT_TRUE(D.Report);
  EXPECT_EQ(D.Cost, "saves up to 16 bytes per object; each 'new Node' in the "
                    "loop at a.cpp:7 allocates one");
}

TEST(DecidePaddingTest, SharedWithCNeedsWarnCRecords) {
  PaddingFacts F =
      facts(24, 16, {evidence(Kind::ArrayElement, "Samples", "a.cpp:1", 8)});
  F.SharedWithC = true;
  EXPECT_FALSE(decidePadding(F, {}).Report);
  PaddingPolicy Policy;
  Policy.ReportAll = true;
  EXPECT_FALSE(decidePadding(F, Policy).Report);
  Policy.WarnCRecords = true;
  EXPECT_TRUE(decidePadding(F, Policy).Report);
}

TEST(DecidePaddingTest, PublicInterfaceNeedsPublicInterfaceRecords) {
  PaddingFacts F =
      facts(24, 16, {evidence(Kind::ArrayElement, "Samples", "a.cpp:1", 8)});
  F.PublicInterface = "it is declared in a public header";
  PaddingDecision D = decidePadding(F, {});
  EXPECT_FALSE(D.Report);
  EXPECT_EQ(D.Why, "it is declared in a public header; "
                   "PublicInterfaceRecords reports it");
  PaddingPolicy Policy;
  Policy.ReportAll = true;
  EXPECT_FALSE(decidePadding(F, Policy).Report);
  Policy.PublicInterfaceRecords = true;
  EXPECT_TRUE(decidePadding(F, Policy).Report);
}

TEST(DecidePaddingTest, TailThatMustStay) {
  PaddingFacts F =
      facts(24, 16, {evidence(Kind::ArrayElement, "Messages", "a.cpp:1", 8)});
  F.TailMustStay = "'Data' is a flexible array member";
  PaddingDecision D = decidePadding(F, {});
  EXPECT_FALSE(D.Report);
  EXPECT_EQ(D.Why, "the saving needs its last field moved, but 'Data' is a "
                   "flexible array member");
  PaddingPolicy Policy;
  Policy.ReportAll = true;
  D = decidePadding(F, Policy);
  EXPECT_TRUE(D.Report);
  EXPECT_FALSE(D.FixAllowed);
  EXPECT_EQ(D.Why, "'Data' is a flexible array member, and every smaller "
                   "order moves it");
}

TEST(DecidePaddingTest, SmallConstantTableIsNotManyInstances) {
  // 52 entries saving 8 bytes each: 416 bytes of read-only data.
  InstanceEvidence Table =
      evidence(Kind::ArrayElement, "Fields", "stats.cpp:68", 52);
  Table.ConstantTable = true;
  PaddingDecision D = decidePadding(facts(32, 24, {Table}), {});
  EXPECT_FALSE(D.Report);
  EXPECT_EQ(D.Why, "its only many instances are the 52 elements of the "
                   "constant table 'Fields' at stats.cpp:68, 416 bytes in all "
                   "and none allocated; ReportAll reports it");
  PaddingPolicy Policy;
  Policy.ReportAll = true;
  EXPECT_TRUE(decidePadding(facts(32, 24, {Table}), Policy).Report);
  // A page or more of padding in a table is worth a change.
  Table.Count = 512;
  EXPECT_TRUE(decidePadding(facts(32, 24, {Table}), {}).Report);
  // A mutable array of the same size still counts.
  Table.Count = 52;
  Table.ConstantTable = false;
  EXPECT_TRUE(decidePadding(facts(32, 24, {Table}), {}).Report);
  // Another bulk beside the table decides.
  Table.ConstantTable = true;
  EXPECT_TRUE(
      decidePadding(facts(32, 24,
                          {Table, evidence(Kind::ContainerElement,
                                           "std::vector<Field>", "a.cpp:3")}),
                    {})
          .Report);
}

} // namespace
} // namespace alloc_tidy
