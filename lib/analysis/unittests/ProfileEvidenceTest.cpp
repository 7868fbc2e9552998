//===--- ProfileEvidenceTest.cpp - what a profile measured at a finding ---===//

#include "lib/analysis/profile/ProfileEvidence.h"
#include "AnalysisTestUtils.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

ProfileSite site(unsigned Line, unsigned Column, std::string Container,
                 std::string Element, uint64_t ElementSize,
                 ElementHistogram Counts) {
  ProfileSite Site;
  Site.File = "/src/a.cpp";
  Site.Line = Line;
  Site.Column = Column;
  Site.Container = std::move(Container);
  Site.Element = std::move(Element);
  Site.ElementSize = ElementSize;
  Site.Counts = std::move(Counts);
  for (const auto &[Elements, Allocations] : Site.Counts)
    Site.Allocations += Allocations;
  return Site;
}

HeapProfile profileOf(llvm::StringRef Contents, std::vector<ProfileSite> Sites,
                      bool WithHash = true) {
  HeapProfile P;
  ProfiledFile F;
  if (WithHash) {
    F.Size = Contents.size();
    F.Hash = fnv1a64(Contents);
  }
  P.Files["/src/a.cpp"] = F;
  for (ProfileSite &S : Sites)
    P.SitesByFile["/src/a.cpp"].push_back(std::move(S));
  return P;
}

const char Vector[] = "std::vector<int, std::allocator<int> >";

// --- several profiles as one -------------------------------------------------

TEST(ProfileSetTest, LikeSitesOfSeveralRunsAddUp) {
  ProfileSet Set;
  Set.add("one.json", profileOf("text", {site(3, 5, Vector, "int", 4,
                                              {{1, 10}, {2, 10}})}));
  Set.add("two.json",
          profileOf("text", {site(3, 5, Vector, "int", 4, {{2, 5}, {4, 5}})}));
  ProfileSet::FileView View = Set.view("/src/a.cpp", "text");
  EXPECT_TRUE(View.Covered);
  EXPECT_TRUE(View.Stale.empty());
  ASSERT_EQ(View.Sites.size(), 1u);
  EXPECT_EQ(View.Sites[0].Allocations, 30u);
  EXPECT_EQ(View.Sites[0].Counts, (ElementHistogram{{1, 10}, {2, 15}, {4, 5}}));
}

TEST(ProfileSetTest, TheProcessesOfSeveralRunsAddUp) {
  ProfileSite One = site(3, 5, Vector, "int", 4, {{1, 10}, {2, 10}});
  One.Processes = 10;
  One.ProcessesByCount = {{1, 10}, {2, 10}};
  ProfileSite Two = site(3, 5, Vector, "int", 4, {{2, 5}, {4, 5}});
  Two.Processes = 5;
  Two.ProcessesByCount = {{2, 5}, {4, 5}};
  ProfileSet Set;
  Set.add("one.json", profileOf("text", {One}));
  Set.add("two.json", profileOf("text", {Two}));
  ProfileSet::FileView View = Set.view("/src/a.cpp", "text");
  ASSERT_EQ(View.Sites.size(), 1u);
  EXPECT_EQ(View.Sites[0].Processes, std::optional<uint64_t>(15));
  EXPECT_EQ(View.Sites[0].ProcessesByCount,
            (ElementHistogram{{1, 10}, {2, 15}, {4, 5}}));
  // A run whose profile does not say makes the sum unknown.
  Set.add("old.json",
          profileOf("text", {site(3, 5, Vector, "int", 4, {{1, 1}})}));
  View = Set.view("/src/a.cpp", "text");
  ASSERT_EQ(View.Sites.size(), 1u);
  EXPECT_FALSE(View.Sites[0].Processes);
  EXPECT_TRUE(View.Sites[0].ProcessesByCount.empty());
}

TEST(ProfileSetTest, AStaleRunIsLeftOutAndTheCurrentOneKept) {
  ProfileSet Set;
  Set.add("old.json",
          profileOf("old text", {site(3, 5, Vector, "int", 4, {{1, 99}})}));
  Set.add("new.json",
          profileOf("text", {site(3, 5, Vector, "int", 4, {{1, 1}})}));
  ProfileSet::FileView View = Set.view("/src/a.cpp", "text");
  EXPECT_TRUE(View.Covered);
  ASSERT_EQ(View.Stale, std::vector<std::string>{"old.json"});
  EXPECT_EQ(View.StaleSites, 1u);
  ASSERT_EQ(View.Sites.size(), 1u);
  EXPECT_EQ(View.Sites[0].Allocations, 1u);
}

TEST(ProfileSetTest, AProfileWithoutAHashIsStale) {
  ProfileSet Set;
  Set.add("nohash.json",
          profileOf("text", {site(3, 5, Vector, "int", 4, {{1, 9}})},
                    /*WithHash=*/false));
  ProfileSet::FileView View = Set.view("/src/a.cpp", "text");
  EXPECT_FALSE(View.Covered);
  EXPECT_TRUE(View.StaleForLackOfHash);
  EXPECT_TRUE(View.Sites.empty());
}

TEST(ProfileSetTest, AFileNoProfileListsIsNotCovered) {
  ProfileSet Set;
  Set.add("one.json", profileOf("text", {}));
  ProfileSet::FileView View = Set.view("/src/other.cpp", "text");
  EXPECT_FALSE(View.Covered);
  EXPECT_TRUE(View.Stale.empty());
}

// A file that the profile names only for the callers of sites elsewhere:
// its code ran, but nothing says what it allocated. Its lines locate calls
// while it is as profiled.
TEST(ProfileSetTest, AFileOfCallersOnlyIsNotCovered) {
  ProfileSet Set;
  HeapProfile P = profileOf("text", {});
  P.Files["/src/a.cpp"].CallersOnly = true;
  Set.add("callers.json", P);
  ProfileSet::FileView View = Set.view("/src/a.cpp", "text");
  EXPECT_FALSE(View.Covered);
  EXPECT_TRUE(View.CallersCurrent);
  EXPECT_TRUE(View.Stale.empty());
  // Changed since: stale, and no longer current for its calls.
  ProfileSet::FileView Changed = Set.view("/src/a.cpp", "changed");
  EXPECT_FALSE(Changed.CallersCurrent);
  EXPECT_EQ(Changed.Stale, std::vector<std::string>{"callers.json"});
  // Another profile has sites there: covered.
  Set.add("sites.json",
          profileOf("text", {site(3, 5, Vector, "int", 4, {{1, 9}})}));
  EXPECT_TRUE(Set.view("/src/a.cpp", "text").Covered);
}

// --- which sites are a container's
// --------------------------------------------

TEST(ContainerIdentityTest, TheTemplateAndTheElementDecide) {
  ContainerIdentity Deque{"deque", "Row", 161};
  EXPECT_TRUE(siteIsOf(
      site(1, 0, "std::deque<Row, std::allocator<Row> >", "Row", 161, {{3, 1}}),
      Deque));
  // Its map of block pointers is its own too.
  EXPECT_TRUE(siteIsOf(
      site(1, 0, "std::deque<Row, std::allocator<Row> >", "Row*", 8, {{8, 1}}),
      Deque));
  EXPECT_FALSE(siteIsOf(site(1, 0, "std::vector<Row, std::allocator<Row> >",
                             "Row", 161, {{3, 1}}),
                        Deque));
  // Another size: a profile of another program.
  EXPECT_FALSE(siteIsOf(
      site(1, 0, "std::deque<Row, std::allocator<Row> >", "Row", 160, {{3, 1}}),
      Deque));
  ContainerIdentity String{"basic_string", "char", 1};
  EXPECT_TRUE(siteIsOf(site(1, 0,
                            "std::__cxx11::basic_string<char, "
                            "std::char_traits<char>, std::allocator<char> >",
                            "char", 1, {{31, 1}}),
                       String));
}

class MeasureTest : public test::SnippetTest {
protected:
  MeasureTest() : SnippetTest("#include <vector>\n") {}
};

TEST_F(MeasureTest, SitesInTheCodeCountAndOthersDoNot) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(int n, std::vector<int> &w) {\n"
                                "  std::vector<int> v;\n"
                                "  for (int i = 0; i < n; ++i)\n"
                                "    v.push_back(i), w.push_back(i);\n"
                                "}\n"));
  const VarDecl *V = test::findVar(ctx(), "v");
  ASSERT_TRUE(V);
  std::optional<ContainerIdentity> Id = identifyContainer(V->getType(), ctx());
  ASSERT_TRUE(Id);
  EXPECT_EQ(Id->Template, "vector");
  EXPECT_EQ(Id->Element, "int");
  EXPECT_EQ(Id->ElementSize, 4u);
  // A hash container allocates nodes and buckets, not its elements: its
  // sites cannot be told by its element, so it is not measured.
  ASSERT_NO_FATAL_FAILURE(parse("#include <unordered_set>\n"
                                "std::unordered_set<int> s;\n"));
  EXPECT_FALSE(identifyContainer(test::findVar(ctx(), "s")->getType(), ctx()));
  ASSERT_NO_FATAL_FAILURE(parse("void f(int n, std::vector<int> &w) {\n"
                                "  std::vector<int> v;\n"
                                "  for (int i = 0; i < n; ++i)\n"
                                "    v.push_back(i), w.push_back(i);\n"
                                "}\n"));

  const SourceManager &SM = ctx().getSourceManager();
  // v.push_back(i) spans columns 5 to 19 of line 5; w's starts at 21.
  SourceLocation Line5 = SM.translateLineCol(SM.getMainFileID(), 5, 5);
  SourceLocation End = SM.translateLineCol(SM.getMainFileID(), 5, 18);
  ProfileSet::FileView View;
  View.Covered = true;
  View.Sites = {site(5, 7, Vector, "int", 4, {{1, 3}, {2, 3}, {4, 3}}),
                site(5, 23, Vector, "int", 4, {{1, 50}}),
                site(6, 0, Vector, "int", 4, {{1, 50}}),
                site(5, 7, "std::vector<long, std::allocator<long> >", "long",
                     8, {{1, 50}})};
  ProfileAnchor Code{SourceRange(Line5, End), test::findFunction(ctx(), "f")};
  Measurement M = measureAt(Code, *Id, [&](FileID) { return &View; }, ctx());
  EXPECT_TRUE(M.Covered);
  ASSERT_EQ(M.Sites.size(), 1u);
  EXPECT_EQ(M.Allocations, 9u);

  MeasuredSaving Reserve = savingOfReserve(M);
  EXPECT_EQ(Reserve.Runs, 3u);
  EXPECT_EQ(Reserve.Largest, 4u);
  EXPECT_EQ(Reserve.Saved, 6u);
  // Kept across the iterations, it grows once to each of the 3 sizes.
  EXPECT_EQ(savingOfHoist(M).Saved, 6u);
  EXPECT_EQ(savingOfNoAllocation(M).Saved, 9u);
  EXPECT_FALSE(isCold(M, 0));
  EXPECT_FALSE(isCold(M, 9));
  EXPECT_TRUE(isCold(M, 10));
  // The profile does not say in how many processes.
  EXPECT_FALSE(M.Processes);
  EXPECT_FALSE(M.OfString);

  // Two sites of the code (two columns of one call), each saying: the code
  // ran in as many processes as the site that saw most.
  View.Sites = {site(5, 7, Vector, "int", 4, {{1, 3}, {2, 3}}),
                site(5, 9, Vector, "int", 4, {{1, 2}, {4, 2}})};
  View.Sites[0].Processes = 3;
  View.Sites[0].ProcessesByCount = {{1, 3}, {2, 3}};
  View.Sites[1].Processes = 2;
  View.Sites[1].ProcessesByCount = {{1, 2}, {4, 2}};
  Measurement Both = measureAt(Code, *Id, [&](FileID) { return &View; }, ctx());
  ASSERT_EQ(Both.Sites.size(), 2u);
  EXPECT_EQ(Both.Processes, std::optional<uint64_t>(3));
  EXPECT_EQ(Both.ProcessesByCount, (ElementHistogram{{1, 3}, {2, 3}, {4, 2}}));
  // One that does not say: unknown.
  View.Sites[1].Processes.reset();
  View.Sites[1].ProcessesByCount.clear();
  EXPECT_FALSE(
      measureAt(Code, *Id, [&](FileID) { return &View; }, ctx()).Processes);
}

TEST_F(MeasureTest, AContainersCodeIsItsUsesAndWhereItIsBuilt) {
  ASSERT_NO_FATAL_FAILURE(parse("struct Row {\n"
                                "  Row() : v(3) {}\n"
                                "  std::vector<int> v;\n"
                                "};\n"
                                "int f() {\n"
                                "  std::vector<int> w;\n"
                                "  w.push_back(1);\n"
                                "  return w[0];\n"
                                "}\n"));
  const SourceManager &SM = ctx().getSourceManager();
  const VarDecl *W = test::findVar(ctx(), "w");
  std::vector<ContainerUse> Uses;
  for (const Expr *Ref : test::findRefs(ctx(), W))
    Uses.push_back(classifyContainerUse(Ref, ctx()));
  std::vector<ProfileAnchor> Local = containerCode(*W, Uses);
  ASSERT_EQ(Local.size(), 3u);
  EXPECT_EQ(SM.getExpansionLineNumber(Local[0].Range.getBegin()), 8u);
  EXPECT_EQ(SM.getExpansionLineNumber(Local[2].Range.getBegin()), 7u);
  EXPECT_EQ(Local[2].Function, test::findFunction(ctx(), "f"));
  // A member: its class's constructors, where it is constructed.
  std::vector<ProfileAnchor> Member =
      containerCode(*test::findField(ctx(), "v"), {});
  ASSERT_FALSE(Member.empty());
  EXPECT_EQ(SM.getExpansionLineNumber(Member[0].Range.getBegin()), 3u);
}

TEST_F(MeasureTest, ARunOfAppendsIsMeasuredAtItsCode) {
  ASSERT_NO_FATAL_FAILURE(parse("struct Node {\n"
                                "  Node() {}\n"
                                "  std::vector<int> kids;\n"
                                "};\n"
                                "Node f(int a, int b) {\n"
                                "  Node n;\n"
                                "  n.kids.push_back(a);\n"
                                "  n.kids.push_back(b);\n"
                                "  return n;\n"
                                "}\n"
                                "std::vector<int> g(int a, int b) {\n"
                                "  std::vector<int> w;\n"
                                "  w.push_back(a);\n"
                                "  w.push_back(b);\n"
                                "  return w;\n"
                                "}\n"));
  const SourceManager &SM = ctx().getSourceManager();
  const auto *F = test::findFunction(ctx(), "f");
  const auto *Body = cast<CompoundStmt>(F->getBody());
  std::vector<const Stmt *> Appends = {Body->body_begin()[1],
                                       Body->body_begin()[2]};
  // A member of a local object: the appends alone, in f (the snippet
  // starts on line 2, after the preamble).
  std::vector<ProfileAnchor> Member =
      appendRunCode(*test::findVar(ctx(), "n"), test::findField(ctx(), "kids"),
                    Appends, *F, ctx());
  ASSERT_EQ(Member.size(), 2u);
  EXPECT_EQ(SM.getExpansionLineNumber(Member[0].Range.getBegin()), 8u);
  EXPECT_EQ(SM.getExpansionLineNumber(Member[1].Range.getBegin()), 9u);
  EXPECT_EQ(Member[0].Function, F);
  // A local vector: its uses and its declaration, as containerCode gives.
  const auto *G = test::findFunction(ctx(), "g");
  std::vector<ProfileAnchor> Local =
      appendRunCode(*test::findVar(ctx(), "w"), nullptr, {}, *G, ctx());
  ASSERT_EQ(Local.size(), 4u);
  EXPECT_EQ(SM.getExpansionLineNumber(Local.back().Range.getBegin()), 13u);
}

TEST_F(MeasureTest, ACopyIsMeasuredAtTheClassThroughTheStatement) {
  ASSERT_NO_FATAL_FAILURE(parse("struct Tree {\n"
                                "  std::vector<Tree> kids;\n"
                                "};\n"
                                "std::vector<Tree> all;\n"
                                "void keep(const Tree &t) {\n"
                                "  all.push_back(t);\n"
                                "}\n"
                                "void count(const std::vector<int> &v) {\n"
                                "  std::vector<int> c = v;\n"
                                "}\n"));
  const SourceManager &SM = ctx().getSourceManager();
  const auto *Keep = test::findFunction(ctx(), "keep");
  const Stmt *Push = cast<CompoundStmt>(Keep->getBody())->body_front();
  std::vector<ProfileAnchor> Code =
      copyCode(*Push, *Keep, Keep->getParamDecl(0)->getType());
  // The statement, then the implicit copy constructor at its class, reached
  // through the statement.
  ASSERT_EQ(Code.size(), 2u);
  EXPECT_EQ(SM.getExpansionLineNumber(Code[0].Range.getBegin()), 7u);
  EXPECT_FALSE(Code[0].Through.isValid());
  EXPECT_EQ(SM.getExpansionLineNumber(Code[1].Range.getBegin()), 2u);
  EXPECT_EQ(SM.getExpansionLineNumber(Code[1].Through.getBegin()), 7u);
  // A standard container's copy is charged to the statement alone.
  const auto *Count = test::findFunction(ctx(), "count");
  EXPECT_EQ(copyCode(*cast<CompoundStmt>(Count->getBody())->body_front(),
                     *Count, Count->getParamDecl(0)->getType())
                .size(),
            1u);
}

TEST_F(MeasureTest, AStringsPlainAllocationsAtItsCodeCount) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(int n) {\n"
                                "  for (int i = 0; i < n; ++i) {\n"
                                "    const char *p = new char[9];\n"
                                "    delete[] p;\n"
                                "  }\n"
                                "}\n"));
  const SourceManager &SM = ctx().getSourceManager();
  SourceLocation Begin = SM.translateLineCol(SM.getMainFileID(), 4, 5);
  SourceLocation End = SM.translateLineCol(SM.getMainFileID(), 4, 30);
  ProfileSet::FileView View;
  View.Covered = true;
  View.AllocationSites = {site(4, 21, "", "", 1, {{23, 40}})};
  ProfileAnchor Code{SourceRange(Begin, End), test::findFunction(ctx(), "f")};
  auto ViewOf = [&](FileID) { return &View; };
  ContainerIdentity String{"basic_string", "char", 1};
  Measurement M = measureContainerAt(Code, String, ViewOf, ctx());
  EXPECT_EQ(M.Allocations, 40u);
  EXPECT_EQ(M.Counts, (ElementHistogram{{23, 40}}));
  // A string's growth: hoisting it, its doubling counts.
  EXPECT_TRUE(M.OfString);
  EXPECT_FALSE(M.Processes);
  View.AllocationSites[0].Processes = 4;
  View.AllocationSites[0].ProcessesByCount = {{23, 4}};
  M = measureContainerAt(Code, String, ViewOf, ctx());
  EXPECT_EQ(M.Processes, std::optional<uint64_t>(4));
  EXPECT_EQ(M.ProcessesByCount, (ElementHistogram{{23, 4}}));
  // A vector's growth is always seen as a container's.
  ContainerIdentity Ints{"vector", "int", 4};
  EXPECT_EQ(measureContainerAt(Code, Ints, ViewOf, ctx()).Allocations, 0u);
}

TEST_F(MeasureTest, AFilledContainerCountsWhatCameThroughItsCall) {
  ASSERT_NO_FATAL_FAILURE(parse("void fill(std::vector<int> &v) {\n"
                                "  v.push_back(1);\n"
                                "}\n"
                                "void hot() {\n"
                                "  std::vector<int> a;\n"
                                "  fill(a);\n"
                                "}\n"
                                "void cold() {\n"
                                "  std::vector<int> b;\n"
                                "  fill(b);\n"
                                "}\n"));
  const SourceManager &SM = ctx().getSourceManager();
  auto At = [&](unsigned Line, unsigned Column) {
    return SM.translateLineCol(SM.getMainFileID(), Line, Column);
  };
  ProfileSet::FileView View;
  View.Path = "/src/a.cpp";
  View.Covered = true;
  View.Sites = {site(3, 5, Vector, "int", 4, {{1, 100}})};
  View.Sites[0].Callers =
      std::vector<SiteCaller>{{"/src/a.cpp", 7, 3, 90, {{1, 90}}},
                              {"/src/a.cpp", 11, 3, 10, {{1, 10}}},
                              {"/src/other.cpp", 7, 3, 100, {{1, 100}}}};
  auto ViewOf = [&](FileID) { return &View; };
  ContainerIdentity Id{"vector", "int", 4};
  const FunctionDecl *Fill = test::findFunction(ctx(), "fill");
  auto Through = [&](unsigned Line) {
    return measureAt(ProfileAnchor{SourceRange(At(3, 3), At(3, 16)), Fill,
                                   SourceRange(At(Line, 3), At(Line, 9))},
                     Id, ViewOf, ctx());
  };
  EXPECT_EQ(Through(7).Allocations, 90u);
  EXPECT_EQ(Through(7).Counts, (ElementHistogram{{1, 90}}));
  EXPECT_EQ(Through(11).Allocations, 10u);
  // Not through the call: nothing of the site is the container's.
  Measurement None = Through(5);
  EXPECT_EQ(None.Allocations, 0u);
  EXPECT_TRUE(None.Sites.empty());
  EXPECT_TRUE(None.Covered);
  // Stacks cut before eight callers may have come through any call.
  View.Sites[0].CallersCut = {"", 0, 0, 5, {{1, 5}}};
  EXPECT_EQ(Through(11).Allocations, 15u);
  // Both calls hand over one container: each call's share counts.
  Measurement Both =
      measureAt({ProfileAnchor{SourceRange(At(3, 3), At(3, 16)), Fill,
                               SourceRange(At(7, 3), At(7, 9))},
                 ProfileAnchor{SourceRange(At(3, 3), At(3, 16)), Fill,
                               SourceRange(At(11, 3), At(11, 9))}},
                Id, ViewOf, ctx());
  EXPECT_EQ(Both.Allocations, 110u);
  // A profile that does not say which callers: the whole site, as before.
  View.Sites[0].Callers.reset();
  EXPECT_EQ(Through(11).Allocations, 100u);
  // The call's file changed since the profile: not measured there.
  View.Sites[0].Callers =
      std::vector<SiteCaller>{{"/src/a.cpp", 7, 3, 90, {{1, 90}}}};
  ProfileSet::FileView Stale;
  Stale.Path = "/src/a.cpp";
  Stale.Stale = {"old.json"};
  bool First = true;
  Measurement Changed = measureAt(
      ProfileAnchor{SourceRange(At(3, 3), At(3, 16)), Fill,
                    SourceRange(At(7, 3), At(7, 9))},
      Id,
      [&](FileID) {
        const ProfileSet::FileView *V = First ? &View : &Stale;
        First = false;
        return V;
      },
      ctx());
  EXPECT_EQ(Changed.Allocations, 0u);
  EXPECT_EQ(Changed.StaleProfiles, std::vector<std::string>{"old.json"});
}

TEST_F(MeasureTest, AnUncoveredFileIsNeverCold) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::vector<int> &v) {\n"
                                "  v.push_back(1);\n"
                                "}\n"));
  const SourceManager &SM = ctx().getSourceManager();
  SourceLocation Begin = SM.translateLineCol(SM.getMainFileID(), 3, 3);
  ProfileSet::FileView View;
  View.Stale = {"old.json"};
  ContainerIdentity Id{"vector", "int", 4};
  Measurement M = measureAt(
      ProfileAnchor{SourceRange(Begin, Begin), nullptr}, Id,
      [&](FileID) { return &View; }, ctx());
  EXPECT_FALSE(M.Covered);
  EXPECT_EQ(M.StaleProfiles, std::vector<std::string>{"old.json"});
  EXPECT_FALSE(isCold(M, 1000));
}

TEST(MeasuredSavingTest, ADequeSavesAllButOneAllocationPerDeque) {
  Measurement M;
  M.Allocations = 563;
  M.MapAllocations = 9;
  M.MapCounts = {{8, 1},   {18, 1},  {38, 1},   {78, 1},  {158, 1},
                 {318, 1}, {638, 1}, {1278, 1}, {2558, 1}};
  M.Counts = {{3, 554}};
  // One deque (one map of the fewest pointers) whose map grew 8 times.
  EXPECT_EQ(savingOfVectorForDeque(M, true).Runs, 1u);
  EXPECT_EQ(savingOfVectorForDeque(M, true).Saved, 562u);
  // Unreserved, a vector doubles up to its 554 * 3 = 1,662 elements: 12
  // allocations (1, 2, 4, ..., 2,048).
  EXPECT_EQ(savingOfVectorForDeque(M, false).Saved, 563u - 12u);
  // Without its map's sites, one deque is assumed.
  M.MapCounts.clear();
  EXPECT_EQ(savingOfVectorForDeque(M, true).Saved, 562u);
  // Two deques.
  M.MapCounts = {{8, 2}};
  EXPECT_EQ(savingOfVectorForDeque(M, true).Saved, 561u);
}

TEST(MeasuredSavingTest, DequesThatStayedInTheirFirstBlock) {
  // 1,000 deques of 16-byte elements, a map of 8 pointers and one block of
  // 32 each, nothing where they grow.
  Measurement M;
  M.Covered = true;
  M.Allocations = 2000;
  M.MapAllocations = 1000;
  M.MapCounts = {{8, 1000}};
  M.Counts = {{32, 1000}};
  EXPECT_TRUE(dequesStayedInFirstBlock(M));
  // A vector filled to 32 allocates 6 times, more than the deque's 2; one
  // holding 0 or 1 element, less. The profile cannot tell which, so the
  // pessimistic saving (0) does not silence the finding...
  EXPECT_EQ(savingOfVectorForDeque(M, false).Saved, 0u);
  EXPECT_FALSE(vectorForDequeSavesNothing(M, false));
  EXPECT_EQ(describeVectorForDeque("q", M, false),
            "heapcount's profile: in the profiled run 'q' made 2,000 "
            "allocations (blocks and their map) in 1,000 deques, none past "
            "its first block of 32 elements; a std::vector growing by "
            "doubling allocates nothing while empty, once for 1 element and "
            "6 times to hold 32, and the profile cannot count the elements "
            "within a block: it would save up to 2,000 allocations where "
            "most hold at most 1, and allocate more where most hold 3 or "
            "more");
  // ... and a reserve, which allocates once per deque, is judged as before.
  EXPECT_FALSE(vectorForDequeSavesNothing(M, true));
  EXPECT_EQ(savingOfVectorForDeque(M, true).Saved, 1000u);
  // A second block in some of them: they held more than a block.
  M.Allocations = 2040;
  EXPECT_FALSE(dequesStayedInFirstBlock(M));
  EXPECT_TRUE(vectorForDequeSavesNothing(M, false));
  // A map that grew: more blocks than its first map held.
  M.Allocations = 2000;
  M.MapCounts = {{8, 1000}, {18, 1}};
  M.MapAllocations = 1001;
  EXPECT_FALSE(dequesStayedInFirstBlock(M));
  // No map measured (the deque built elsewhere), or code not covered.
  M.MapCounts.clear();
  M.MapAllocations = 0;
  EXPECT_FALSE(dequesStayedInFirstBlock(M));
  M.MapCounts = {{8, 1000}};
  M.MapAllocations = 1000;
  M.Covered = false;
  EXPECT_FALSE(dequesStayedInFirstBlock(M));
}

TEST(MeasuredSavingTest, AHoistedVectorRegrowsInEachProcess) {
  // 100 iterations in each of 10 processes, each growing its vector to 1,
  // 2 and 4 elements; 4 elements in 5 of the processes only.
  Measurement M;
  M.Counts = {{1, 1000}, {2, 1000}, {4, 500}};
  M.Allocations = 2500;
  // Not knowing the processes: one run of the loop, which grows once to
  // each count.
  EXPECT_EQ(savingOfHoist(M).Saved, 2500u - 3u);
  M.Processes.reset();
  EXPECT_EQ(savingOfHoist(M).Saved, 2500u - 3u);
  // Kept, it grows again in each process: 10 + 10 + 5 allocations.
  M.Processes = 10;
  M.ProcessesByCount = {{1, 10}, {2, 10}, {4, 5}};
  EXPECT_EQ(savingOfHoist(M).Saved, 2500u - 25u);
  // Never more than the loop made: an iteration per process.
  Measurement Once;
  Once.Counts = {{1, 3}};
  Once.Allocations = 3;
  Once.Processes = 3;
  Once.ProcessesByCount = {{1, 3}};
  EXPECT_EQ(savingOfHoist(Once).Saved, 0u);
}

TEST(MeasuredSavingTest, AHoistedStringDoublesPastTheLinesItReads) {
  // ninja's ParseMountInfo: a line of /proc/self/mountinfo read into a
  // string declared in the loop, in 21 processes (src/util.cc:688). Each
  // line longer than the inline buffer allocated its length and the null:
  // 420 allocations of 12 counts from 46 to 132 characters, every count in
  // every process.
  Measurement M;
  M.Counts = {{46, 21}, {47, 21},  {66, 63}, {67, 21}, {69, 42}, {71, 21},
              {73, 42}, {75, 105}, {80, 21}, {92, 21}, {94, 21}, {132, 21}};
  M.Allocations = 420;
  M.OfString = true;
  // Without the processes: one run, once per count (the profile heapcount
  // wrote before it counted processes predicted 408; hoisting it saved 357).
  M.Processes.reset();
  EXPECT_EQ(savingOfHoist(M).Saved, 408u);
  // In each process, kept, it allocates 45 characters, then doubles to 90
  // and to 180, which hold the 131 of the longest line: 3 allocations a
  // process, as the fixed ninja made.
  M.Processes = 21;
  for (const auto &[Elements, Allocations] : M.Counts)
    M.ProcessesByCount[Elements] = 21;
  EXPECT_EQ(savingOfHoist(M).Saved, 420u - 63u);
  EXPECT_EQ(describeHoist("line", M),
            "heapcount's profile: in the profiled run 'line' allocated 420 "
            "times in this loop (for 46 to 132 elements, in 21 processes); "
            "declared before the loop, it keeps its capacity, which would "
            "save about 357 allocations");
  // A vector asked for those counts grew to each of them exactly (reserve,
  // assign, a range), and would again: once per count and process.
  M.OfString = false;
  EXPECT_EQ(savingOfHoist(M).Saved, 420u - 252u);
  // Lines of 30 to 33 characters in one process: kept, the string holds
  // 30, then doubles to 60, 2 allocations rather than one per length.
  Measurement Short;
  Short.Counts = {{31, 10}, {32, 10}, {33, 10}, {34, 10}};
  Short.Allocations = 40;
  Short.OfString = true;
  Short.Processes = 1;
  Short.ProcessesByCount = {{31, 1}, {32, 1}, {33, 1}, {34, 1}};
  EXPECT_EQ(savingOfHoist(Short).Saved, 40u - 2u);
  // Zero bytes asked for (a plain allocation at the string's code) is no
  // capacity below zero.
  Short.Counts = {{0, 1}, {1, 1}};
  Short.Allocations = 2;
  Short.ProcessesByCount = {{0, 1}, {1, 1}};
  EXPECT_EQ(savingOfHoist(Short).Saved, 1u);
}

TEST(MeasuredSavingTest, NumbersAreWrittenWithSeparators) {
  EXPECT_EQ(withSeparators(0), "0");
  EXPECT_EQ(withSeparators(999), "999");
  EXPECT_EQ(withSeparators(9001), "9,001");
  EXPECT_EQ(withSeparators(1234567), "1,234,567");
  EXPECT_EQ(wouldSave("reserving", 1), "reserving would save about 1 "
                                       "allocation");
  EXPECT_EQ(wouldSave("hoisting it", 13000),
            "hoisting it would save about 13,000 allocations");
}

// A reserve of an upper bound allocates in runs that append nothing too:
// it must save more growths than the runs the profile saw allocate.
TEST(MeasuredSavingTest, AnUpperBoundReservePaysForRunsWithNothing) {
  Measurement OneOrTwo;
  OneOrTwo.Allocations = 180;
  OneOrTwo.Counts = {{1, 100}, {2, 80}};
  EXPECT_FALSE(upperBoundReservePays(OneOrTwo));
  Measurement AlwaysTwo;
  AlwaysTwo.Allocations = 200;
  AlwaysTwo.Counts = {{1, 100}, {2, 100}};
  EXPECT_FALSE(upperBoundReservePays(AlwaysTwo));
  Measurement UpToEight;
  UpToEight.Allocations = 400;
  UpToEight.Counts = {{1, 100}, {2, 100}, {4, 100}, {8, 100}};
  EXPECT_TRUE(upperBoundReservePays(UpToEight));
  EXPECT_FALSE(upperBoundReservePays(Measurement()));
}

TEST(MeasuredSavingTest, EachFixHasItsSentence) {
  Measurement M;
  M.Allocations = 14;
  M.Counts = {{1, 1},    {2, 1},    {4, 1},    {8, 1},   {16, 1},
              {32, 1},   {64, 1},   {128, 1},  {256, 1}, {512, 1},
              {1024, 1}, {2048, 1}, {4096, 1}, {9001, 1}};
  EXPECT_EQ(describeReserve("v", M),
            "heapcount's profile: in the profiled run 'v' grew 14 times at "
            "these appends, in 1 run of up to 9,001 elements; reserving "
            "first would save about 13 allocations");
  // Where the vector copies its elements as it grows, only a floor.
  EXPECT_EQ(describeReserve("v", M, "Tree"),
            "heapcount's profile: in the profiled run 'v' grew 14 times at "
            "these appends, in 1 run of up to 9,001 elements; reserving "
            "first would save at least 13 allocations, and the copies of its "
            "elements that each growth makes ('Tree' is copied, not moved, "
            "into new storage), which may allocate too");
  Measurement Loop;
  Loop.Allocations = 40000;
  Loop.Counts = {{1, 20000}, {2, 20000}};
  EXPECT_EQ(describeHoist("line", Loop),
            "heapcount's profile: in the profiled run 'line' allocated "
            "40,000 times in this loop (for 1 to 2 elements); declared "
            "before the loop, it keeps its capacity, which would save about "
            "39,998 allocations");
  Measurement Deque;
  Deque.Allocations = 563;
  Deque.MapAllocations = 9;
  Deque.MapCounts = {{8, 1}, {18, 8}};
  Deque.Counts = {{3, 554}};
  EXPECT_EQ(describeVectorForDeque("rows", Deque, /*Reserved=*/true),
            "heapcount's profile: in the profiled run 'rows' made 563 "
            "allocations (blocks and their map) in 1 deque; a std::vector "
            "reserved once per deque would save about 562 allocations");
  Measurement Once;
  Once.Allocations = 1;
  Once.Counts = {{31, 1}};
  EXPECT_EQ(describeNoAllocation("key", Once, "a std::string_view"),
            "heapcount's profile: in the profiled run 'key' allocated once "
            "(each for 31 elements); a std::string_view would save about 1 "
            "allocation");
  Measurement Small;
  Small.Allocations = 130;
  Small.Counts = {{1, 100}, {64, 30}};
  EXPECT_EQ(describeInlineBuffer("v", Small, 3),
            "heapcount's profile: in the profiled run 'v' allocated 130 "
            "times (for 1 to 64 elements); an inline buffer of 3 elements "
            "would save about 100 allocations");
  EXPECT_EQ(describeReserve("v", Measurement()),
            "heapcount's profile: in the profiled run 'v' made no allocation "
            "at this code; the change would save about 0 allocations");
}

TEST(MeasuredSavingTest, AStaticConstIsBuiltOnceInEachProcess) {
  // A string built from a long literal, 40 times in each of 3 processes.
  Measurement Key;
  Key.Allocations = 120;
  Key.Counts = {{31, 120}};
  // Not knowing the processes: built once in the run.
  Key.Processes.reset();
  EXPECT_EQ(keptInEachProcess(Key, 1), 1u);
  EXPECT_EQ(describeNoAllocation("key", Key, "declared 'static const', it", 1),
            "heapcount's profile: in the profiled run 'key' allocated 120 "
            "times (each for 31 elements); declared 'static const', it would "
            "save about 119 allocations");
  // Built once in each of them.
  Key.Processes = 3;
  Key.ProcessesByCount = {{31, 3}};
  EXPECT_EQ(keptInEachProcess(Key, 1), 3u);
  EXPECT_EQ(describeNoAllocation("key", Key, "declared 'static const', it", 1),
            "heapcount's profile: in the profiled run 'key' allocated 120 "
            "times (each for 31 elements, in 3 processes); declared 'static "
            "const', it would save about 117 allocations");
  // A string_view keeps nothing, in any number of processes.
  EXPECT_EQ(describeNoAllocation("key", Key, "a std::string_view"),
            "heapcount's profile: in the profiled run 'key' allocated 120 "
            "times (each for 31 elements, in 3 processes); a std::string_view "
            "would save about 120 allocations");
  // A list of 3 strings built on every call, 7 allocations each time (the
  // vector, the list's strings and their copies): 7 in each process.
  Measurement Names;
  Names.Allocations = 42000;
  Names.Processes = 3;
  EXPECT_EQ(describeBuiltOnce("the argument for 'Accepted'", Names,
                              "a 'static const' object built once", 7),
            "heapcount's profile: in the profiled run the argument for "
            "'Accepted' allocated 42,000 times (the container and what it "
            "holds, in 3 processes); a 'static const' object built once "
            "would save about 41,979 allocations");
  Names.Processes = 1;
  EXPECT_EQ(describeBuiltOnce("the argument for 'Accepted'", Names,
                              "a 'static const' object built once", 7),
            "heapcount's profile: in the profiled run the argument for "
            "'Accepted' allocated 42,000 times (the container and what it "
            "holds); a 'static const' object built once would save about "
            "41,993 allocations");
}

TEST(MeasuredSavingTest, AStringClassBufferHoldsTheChosenShare) {
  Measurement M;
  M.Allocations = 83590;
  M.Counts = {{6, 30000}, {9, 20000}, {12, 26000}, {16, 1590}, {40, 6000}};
  std::optional<MeasuredBuffer> B = sizeStringBuffer(M, 0.9);
  ASSERT_TRUE(B);
  EXPECT_EQ(B->Bytes, 12u);
  EXPECT_EQ(B->Covered, 76000u);
  EXPECT_EQ(describeStringBuffer("Str", *B, 1),
            "heapcount's profile: 'Str' allocated 83,590 times in the "
            "profiled run; 90% asked for at most 12 bytes; an inline buffer "
            "of 12 characters would save about 76,000 allocations");
  // Wide characters: bytes are not characters.
  EXPECT_EQ(describeStringBuffer("WStr", MeasuredBuffer{10, 16, 10}, 4),
            "heapcount's profile: 'WStr' allocated 10 times in the profiled "
            "run; 100% asked for at most 16 bytes; an inline buffer of 4 "
            "characters would save about 10 allocations");
  EXPECT_FALSE(sizeStringBuffer(Measurement(), 0.9));
}

TEST_F(MeasureTest, AllocationSitesAreMeasuredWithoutAnElement) {
  ASSERT_NO_FATAL_FAILURE(parse("char *dup(const char *s, unsigned n) {\n"
                                "  return new char[n];\n"
                                "}\n"));
  const SourceManager &SM = ctx().getSourceManager();
  SourceLocation Begin = SM.translateLineCol(SM.getMainFileID(), 3, 10);
  SourceLocation End = SM.translateLineCol(SM.getMainFileID(), 3, 20);
  ProfileSet::FileView View;
  View.Covered = true;
  ProfileSite Raw = site(3, 10, "", "", 1, {{5, 7}, {9, 3}});
  View.AllocationSites = {Raw};
  // A container's site on the same line is not an allocation site.
  View.Sites = {site(3, 10, Vector, "int", 4, {{1, 50}})};
  Measurement M = measureAllocationsAt(
      ProfileAnchor{SourceRange(Begin, End), test::findFunction(ctx(), "dup")},
      [&](FileID) { return &View; }, ctx());
  EXPECT_EQ(M.Allocations, 10u);
  EXPECT_EQ(M.Counts, (ElementHistogram{{5, 7}, {9, 3}}));
}

// A bound is no prediction: alloc-run reads "would save about N" as one, so
// a note that cannot promise N must not say it.
TEST(MeasuredSavingTest, BoundsAreNoPredictions) {
  Measurement Temporaries;
  Temporaries.Allocations = 573;
  Temporaries.Counts = {{31, 573}};
  EXPECT_EQ(describeTemporaries(Temporaries, "appending the pieces"),
            "heapcount's profile: in the profiled run the temporary strings "
            "of this concatenation allocated 573 times (each for 31 "
            "elements); appending the pieces would save about 573 "
            "allocations");
  std::string Grown = describeTemporaries(Temporaries, "appending the pieces",
                                          "qualified_name", 982);
  EXPECT_EQ(Grown, "heapcount's profile: in the profiled run the temporary "
                   "strings of this concatenation allocated 573 times (each "
                   "for 31 elements); 'qualified_name' itself grew 982 times "
                   "here, and appended one by one the pieces can make it "
                   "grow at other lengths: appending the pieces would save "
                   "at most the temporaries' allocations");

  Measurement Regrown;
  Regrown.Allocations = 1483;
  Regrown.Counts = {{31, 1483}};
  EXPECT_NE(describeRegrowth(Regrown, 912, "reserving").find("about 912"),
            std::string::npos);
  std::string Onto = describeRegrowth(Regrown, 912, "reserving", true);
  EXPECT_EQ(Onto.find("about"), std::string::npos);
  EXPECT_NE(Onto.find("would save at most 912 allocations: a caller "
                      "concatenates onto the string returned"),
            std::string::npos);

  Measurement Copies;
  Copies.Allocations = 20554;
  Copies.Processes = 86;
  EXPECT_EQ(describeCallableCopies("'FlatCOption'", Copies, "const references",
                                   /*Exact=*/true),
            "heapcount's profile: in the profiled run the copies of "
            "'FlatCOption' made through the calls that call it allocated "
            "20,554 times, in 86 processes; const references would save "
            "about 20,554 allocations");
  std::string Inserts = describeCallableCopies("'FlatCOption'", Copies,
                                               "const references", false);
  EXPECT_EQ(Inserts.find("about"), std::string::npos);
  EXPECT_NE(Inserts.find("would save at most those allocations"),
            std::string::npos);
}

} // namespace
} // namespace alloc_tidy
