//===--- HeapProfileTest.cpp - reading heapcount profiles -----------------===//

#include "lib/analysis/profile/HeapProfile.h"
#include "gtest/gtest.h"

namespace alloc_tidy {
namespace {

// A profile as heapcount writes it (docs/heapcount.md, "Profiles").
const char *const Sample = R"json({
  "heapcount_profile": 1,
  "program": "/src/screen",
  "allocations": 18100,
  "profiled": 18002,
  "files": [{"path": "/src/screen.cpp", "size": 3, "fnv1a64": "e71fa2190541574b"},
            {"path": "/src/gone.cpp"}],
  "sites": [
    {"file": "/src/screen.cpp", "line": 12, "column": 27,
     "function": "Row::Row(int)",
     "container": "std::vector<Cell, std::allocator<Cell> >",
     "element": "Cell", "element_size": 4, "allocations": 9001,
     "bytes": 4320480, "counts": [[120, 9001]]},
    {"file": "/src/screen.cpp", "line": 20, "function": "Row::set(int, int)",
     "element": "Run", "element_size": 8, "allocations": 9001, "bytes": 1,
     "counts": [[1, 9000], [2, 1]]}
  ]
})json";

TEST(HeapProfileTest, ReadsSitesByFile) {
  llvm::Expected<HeapProfile> Profile = HeapProfile::parse(Sample);
  ASSERT_TRUE(static_cast<bool>(Profile)) << toString(Profile.takeError());
  EXPECT_EQ(Profile->Program, "/src/screen");
  EXPECT_EQ(Profile->Allocations, 18100U);
  ASSERT_EQ(Profile->SitesByFile.count("/src/screen.cpp"), 1U);
  const std::vector<ProfileSite> &Sites =
      Profile->SitesByFile.find("/src/screen.cpp")->second;
  ASSERT_EQ(Sites.size(), 2U);
  EXPECT_EQ(Sites[0].Line, 12U);
  EXPECT_EQ(Sites[0].Column, 27U);
  EXPECT_EQ(Sites[0].Function, "Row::Row(int)");
  EXPECT_EQ(Sites[0].Element, "Cell");
  EXPECT_EQ(Sites[0].ElementSize, 4U);
  EXPECT_EQ(Sites[0].Allocations, 9001U);
  EXPECT_EQ(Sites[0].Counts, (ElementHistogram{{120, 9001}}));
  // Column and container are optional; the allocations are the counts'.
  EXPECT_EQ(Sites[1].Column, 0U);
  EXPECT_EQ(Sites[1].Container, "");
  EXPECT_EQ(Sites[1].Allocations, 9001U);
  EXPECT_EQ(Sites[1].Counts, (ElementHistogram{{1, 9000}, {2, 1}}));
  // Written before heapcount counted processes: unknown.
  EXPECT_FALSE(Sites[0].Processes);
  EXPECT_TRUE(Sites[0].ProcessesByCount.empty());
  // And before it recorded the callers: unknown, not none.
  EXPECT_FALSE(Sites[0].Callers);
}

// A loop that reads /proc/self/mountinfo in each of 21 processes (ninja's
// ParseMountInfo in its test run): each count asked for by every process,
// one of them three times in each; a buffer of its own in each process.
TEST(HeapProfileTest, ReadsTheProcessesOfASite) {
  const char *const WithProcesses = R"json({"heapcount_profile":1,
"program":"/bin/sh","allocations":600,"profiled":105,
"files":[{"path":"/src/util.cc","size":3,"fnv1a64":"e71fa2190541574b"}],
"sites":[
{"file":"/src/util.cc","line":689,"column":5,"function":"ParseMountInfo()","container":"std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >","element":"char","element_size":1,"allocations":105,"bytes":5985,"counts":[[46,21],[75,63],[132,21]],"processes":21,"processes_by_count":[[46,21],[75,21],[132,21]]}],
"allocation_sites":[
{"file":"/src/util.cc","line":684,"column":12,"function":"ParseMountInfo()","allocations":21,"bytes":172032,"sizes":[[8192,21]],"processes":21,"processes_by_size":[[8192,21]]}],
"processes":32}
)json";
  llvm::Expected<HeapProfile> Profile = HeapProfile::parse(WithProcesses);
  ASSERT_TRUE(static_cast<bool>(Profile)) << toString(Profile.takeError());
  const ProfileSite &Line =
      Profile->SitesByFile.find("/src/util.cc")->second[0];
  EXPECT_EQ(Line.Processes, std::optional<uint64_t>(21));
  EXPECT_EQ(Line.ProcessesByCount,
            (ElementHistogram{{46, 21}, {75, 21}, {132, 21}}));
  const ProfileSite &Buffer =
      Profile->AllocationSitesByFile.find("/src/util.cc")->second[0];
  EXPECT_EQ(Buffer.Processes, std::optional<uint64_t>(21));
  EXPECT_EQ(Buffer.ProcessesByCount, (ElementHistogram{{8192, 21}}));
}

// The members heapcount added later (allocation_sites, unattributed,
// processes, programs) as heapcount writes them: the format lets a writer
// add members, and the reader takes the sites and files as before.
const char *const WithLaterMembers = R"json({"heapcount_profile":1,
"program":"/usr/bin/ctest",
"allocations":4799,
"profiled":41,
"left_out":360,
"files":[
{"path":"/src/fill.h","size":3,"fnv1a64":"e71fa2190541574b"},
{"path":"/src/str.cpp","size":120,"fnv1a64":"0123456789abcdef"},
{"path":"/src/main.cpp","size":9,"fnv1a64":"0123456789abcdef","callers_only":true}],
"sites":[
{"file":"/src/fill.h","line":7,"column":12,"function":"fill(std::vector<int, std::allocator<int>>&, int)","container":"std::vector<int, std::allocator<int> >","element":"int","element_size":4,"allocations":10,"bytes":248,"counts":[[1,2],[2,2],[4,2],[8,2],[16,2]],"callers":[{"file":"/src/main.cpp","line":12,"column":5,"allocations":8,"counts":[[1,2],[2,2],[4,2],[8,2]]}],"callers_cut":{"allocations":2,"counts":[[16,2]]}}],
"allocation_sites":[
{"file":"/src/str.cpp","line":28,"column":12,"function":"Str::Str(char const*)","allocations":8,"bytes":52,"sizes":[[1,1],[4,2],[6,3],[12,1],[13,1]],"callers":[]}],
"unattributed":[
{"reason":"no_line","allocations":44,"bytes":3978,"function":"","module":"/usr/bin/ctest","offset":"0x3ca375"},
{"reason":"no_element_size","element":"Cell","allocations":40,"bytes":19200,"function":"Row::Row(int)","file":"/src/row.cpp","line":14,"column":35}],
"processes":4,
"programs":["/src/build/string_test","/src/build/vector_test","/usr/bin/ctest"]}
)json";

TEST(HeapProfileTest, ReadsAProfileWithTheLaterMembers) {
  llvm::Expected<HeapProfile> Profile = HeapProfile::parse(WithLaterMembers);
  ASSERT_TRUE(static_cast<bool>(Profile)) << toString(Profile.takeError());
  EXPECT_EQ(Profile->Program, "/usr/bin/ctest");
  EXPECT_EQ(Profile->Allocations, 4799U);
  ASSERT_EQ(Profile->SitesByFile.size(), 1U);
  const std::vector<ProfileSite> &Sites =
      Profile->SitesByFile.find("/src/fill.h")->second;
  ASSERT_EQ(Sites.size(), 1U);
  EXPECT_EQ(Sites[0].Line, 7U);
  EXPECT_EQ(Sites[0].Allocations, 10U);
  EXPECT_EQ(Sites[0].Counts,
            (ElementHistogram{{1, 2}, {2, 2}, {4, 2}, {8, 2}, {16, 2}}));
  // Which callers the allocations came through.
  ASSERT_TRUE(Sites[0].Callers);
  ASSERT_EQ(Sites[0].Callers->size(), 1U);
  EXPECT_EQ((*Sites[0].Callers)[0].File, "/src/main.cpp");
  EXPECT_EQ((*Sites[0].Callers)[0].Line, 12U);
  EXPECT_EQ((*Sites[0].Callers)[0].Column, 5U);
  EXPECT_EQ((*Sites[0].Callers)[0].Allocations, 8U);
  EXPECT_EQ((*Sites[0].Callers)[0].Counts,
            (ElementHistogram{{1, 2}, {2, 2}, {4, 2}, {8, 2}}));
  EXPECT_EQ(Sites[0].CallersCut.Allocations, 2U);
  // A file that only callers name.
  EXPECT_TRUE(Profile->Files.lookup("/src/main.cpp").CallersOnly);
  EXPECT_FALSE(Profile->Files.lookup("/src/fill.h").CallersOnly);
  ASSERT_EQ(Profile->AllocationSitesByFile.size(), 1U);
  const std::vector<ProfileSite> &Raw =
      Profile->AllocationSitesByFile.find("/src/str.cpp")->second;
  ASSERT_EQ(Raw.size(), 1U);
  EXPECT_EQ(Raw[0].Line, 28U);
  EXPECT_EQ(Raw[0].Function, "Str::Str(char const*)");
  EXPECT_EQ(Raw[0].Allocations, 8U);
  EXPECT_EQ(Raw[0].Counts,
            (ElementHistogram{{1, 1}, {4, 2}, {6, 3}, {12, 1}, {13, 1}}));
  ASSERT_TRUE(Raw[0].Callers);
  EXPECT_TRUE(Raw[0].Callers->empty());
  // A file named only by an allocation site is still a file of the profile.
  using State = HeapProfile::FileState;
  EXPECT_EQ(Profile->fileState("/src/fill.h", "abc"), State::Current);
  EXPECT_EQ(Profile->fileState("/src/str.cpp", "abc"), State::Changed);
}

// A request of 0 bytes (new char[0], malloc(0)) is an allocation: heapcount
// records it at its site (ninja's test suite makes them) and the reader
// takes it; a container's growth holds one element at least.
TEST(HeapProfileTest, ReadsAnAllocationSiteOfZeroBytes) {
  const char *const ZeroBytes = R"json({"heapcount_profile":1,
"program":"/src/build/ninja_test","allocations":87,"profiled":87,"left_out":0,
"files":[{"path":"/src/deps_log.h","size":3,"fnv1a64":"e71fa2190541574b"}],
"sites":[],
"allocation_sites":[
{"file":"/src/deps_log.h","line":82,"column":55,"function":"Deps::Deps(long, int)","allocations":87,"bytes":1600928,"sizes":[[0,12],[8,30],[16,43],[800000,2]]}]}
)json";
  llvm::Expected<HeapProfile> Profile = HeapProfile::parse(ZeroBytes);
  ASSERT_TRUE(static_cast<bool>(Profile)) << toString(Profile.takeError());
  const std::vector<ProfileSite> &Raw =
      Profile->AllocationSitesByFile.find("/src/deps_log.h")->second;
  ASSERT_EQ(Raw.size(), 1U);
  EXPECT_EQ(Raw[0].Allocations, 87U);
  EXPECT_EQ(Raw[0].Counts,
            (ElementHistogram{{0, 12}, {8, 30}, {16, 43}, {800000, 2}}));

  std::string NoElements = ZeroBytes;
  NoElements.replace(NoElements.find("\"sites\":[]"), 10,
                     "\"sites\":[{\"file\":\"/src/deps_log.h\",\"line\":1,"
                     "\"element\":\"int\",\"element_size\":4,"
                     "\"counts\":[[0,1]]}]");
  llvm::Expected<HeapProfile> Bad = HeapProfile::parse(NoElements);
  ASSERT_FALSE(static_cast<bool>(Bad));
  EXPECT_NE(toString(Bad.takeError()).find("sites[0].counts[0]"),
            std::string::npos);
}

TEST(HeapProfileTest, TellsWhetherAFileIsTheOneProfiled) {
  llvm::Expected<HeapProfile> Profile = HeapProfile::parse(Sample);
  ASSERT_TRUE(static_cast<bool>(Profile)) << toString(Profile.takeError());
  using State = HeapProfile::FileState;
  // "e71fa2190541574b" is FNV-1a of "abc".
  EXPECT_EQ(Profile->fileState("/src/screen.cpp", "abc"), State::Current);
  EXPECT_EQ(Profile->fileState("/src/screen.cpp", "abd"), State::Changed);
  EXPECT_EQ(Profile->fileState("/src/screen.cpp", "abcd"), State::Changed);
  // No hash recorded, or a file the profile does not know.
  EXPECT_EQ(Profile->fileState("/src/gone.cpp", "abc"), State::Unknown);
  EXPECT_EQ(Profile->fileState("/src/other.cpp", "abc"), State::Unknown);
}

TEST(HeapProfileTest, Fnv1aMatchesTheReferenceValues) {
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(fnv1a64("abc"), 0xe71fa2190541574bULL);
}

void expectError(const char *Json, llvm::StringRef Message) {
  llvm::Expected<HeapProfile> Profile = HeapProfile::parse(Json);
  ASSERT_FALSE(static_cast<bool>(Profile)) << Json;
  std::string Text = toString(Profile.takeError());
  EXPECT_NE(Text.find(Message.str()), std::string::npos) << Text;
}

TEST(HeapProfileTest, SaysWhatIsWrongWithABadProfile) {
  expectError("{", "not JSON");
  expectError("[]", "not a JSON object");
  expectError(R"({"sites": []})", "not a heapcount profile");
  expectError(R"({"heapcount_profile": 2, "sites": []})",
              "format version 2 is not supported");
  expectError(R"({"heapcount_profile": 1})", "'sites' is missing");
  // heapcount was stopped before the profile covered its run.
  expectError(R"({"heapcount_profile": 1,
    "incomplete": "heapcount was stopped by SIGTERM", "sites": []})",
              "incomplete (heapcount was");
  expectError(R"({"heapcount_profile": 1, "sites": [{"file": "a.cpp",
    "element": "int", "element_size": 4, "counts": []}]})",
              "sites[0]: 'line' is missing");
  expectError(R"({"heapcount_profile": 1, "sites": [{"file": "a.cpp",
    "line": 3, "element": "int", "element_size": 0, "counts": []}]})",
              "sites[0]: 'element_size' is 0");
  expectError(R"({"heapcount_profile": 1, "sites": [{"file": "a.cpp",
    "line": 3, "element": "int", "element_size": 4, "counts": [[0, 1]]}]})",
              "sites[0].counts[0]: not a pair");
  // The processes come with their counts, never one without the other.
  expectError(R"({"heapcount_profile": 1, "sites": [{"file": "a.cpp",
    "line": 3, "element": "int", "element_size": 4, "counts": [[1, 2]],
    "processes": 2}]})",
              "sites[0]: 'processes_by_count' is missing");
  expectError(R"({"heapcount_profile": 1, "sites": [{"file": "a.cpp",
    "line": 3, "element": "int", "element_size": 4, "counts": [[1, 2]],
    "processes_by_count": [[1, 2]]}]})",
              "sites[0]: 'processes' is missing");
  expectError(R"({"heapcount_profile": 1, "sites": [{"file": "a.cpp",
    "line": 3, "element": "int", "element_size": 4, "counts": [[1, 2]],
    "processes": 0, "processes_by_count": []}]})",
              "sites[0]: 'processes' is 0");
  expectError(R"({"heapcount_profile": 1, "sites": [], "allocation_sites": [
    {"file": "a.cpp", "line": 3, "sizes": [[8, 1]], "processes": 1,
     "processes_by_size": [[8]]}]})",
              "allocation_sites[0].processes_by_size[0]: not a pair");
  expectError(R"({"heapcount_profile": 1, "sites": [{"file": "a.cpp",
    "line": 3, "element": "int", "element_size": 4, "counts": [[1, 2]],
    "callers": {}}]})",
              "sites[0]: 'callers' is not an array");
  expectError(R"({"heapcount_profile": 1, "sites": [{"file": "a.cpp",
    "line": 3, "element": "int", "element_size": 4, "counts": [[1, 2]],
    "callers": [{"file": "b.cpp", "counts": [[1, 2]]}]}]})",
              "sites[0].callers[0]: 'line' is missing");
  expectError(R"({"heapcount_profile": 1, "sites": [{"file": "a.cpp",
    "line": 3, "element": "int", "element_size": 4, "counts": [[1, 2]],
    "callers": [], "callers_cut": {"counts": [[0, 1]]}}]})",
              "sites[0].callers_cut.counts[0]: not a pair");
  expectError(R"({"heapcount_profile": 1, "files": [{"path": "a.cpp",
    "fnv1a64": "xyz"}], "sites": []})",
              "files[0]: 'fnv1a64' is not 16 hexadecimal digits");
}

TEST(HeapProfileTest, LoadSaysWhenTheFileCannotBeRead) {
  llvm::Expected<HeapProfile> Profile =
      HeapProfile::load("/nonexistent/profile.json");
  ASSERT_FALSE(static_cast<bool>(Profile));
  EXPECT_NE(toString(Profile.takeError()).find("No such file"),
            std::string::npos);
}

TEST(HeapProfileTest, ChoosesTheSmallestCapacityThatCoversTheShare) {
  // Nearly always one run, sometimes two.
  ElementHistogram Runs = {{1, 9000}, {2, 1}};
  std::optional<CapacityChoice> Choice = chooseCapacity(Runs, 0.9);
  ASSERT_TRUE(Choice);
  EXPECT_EQ(Choice->Capacity, 1U);
  EXPECT_EQ(Choice->Covered, 9000U);
  EXPECT_EQ(Choice->Total, 9001U);
  EXPECT_EQ(Choice->Largest, 2U);
  EXPECT_EQ(chooseCapacity(Runs, 1.0)->Capacity, 2U);

  // Growth by doubling: 1, 2, 4 for each vector of 3, some of 5 (1, 2, 4,
  // 8). 0.9 of 330 allocations is 297: 1, 2 and 4 give 320.
  ElementHistogram Growth = {{1, 100}, {2, 100}, {4, 100}, {8, 30}};
  EXPECT_EQ(chooseCapacity(Growth, 0.9)->Capacity, 4U);
  EXPECT_EQ(chooseCapacity(Growth, 0.5)->Capacity, 2U);
  EXPECT_EQ(chooseCapacity(Growth, 1.0)->Capacity, 8U);

  // 0.9 of 10 is exactly 9: no rounding up to 10.
  ElementHistogram Ten = {{3, 9}, {50, 1}};
  EXPECT_EQ(chooseCapacity(Ten, 0.9)->Capacity, 3U);

  EXPECT_FALSE(chooseCapacity({}, 0.9));
  EXPECT_FALSE(chooseCapacity({{4, 0}}, 0.9));
}

TEST(HeapProfileTest, NormalizesTypeNamesOfClangAndDemanglers) {
  EXPECT_EQ(normalizeTypeName("char const*"),
            normalizeTypeName("const char *"));
  EXPECT_EQ(normalizeTypeName("::Cell"), "Cell");
  EXPECT_EQ(normalizeTypeName("struct Cell"), "Cell");
  EXPECT_EQ(normalizeTypeName("std::pair<int, int>"),
            normalizeTypeName("std::pair<int,int>"));
  EXPECT_EQ(normalizeTypeName("std::__cxx11::basic_string<char>"),
            "std::basic_string<char>");
  EXPECT_EQ(normalizeTypeName("std::__1::basic_string<char>"),
            "std::basic_string<char>");
  EXPECT_EQ(normalizeTypeName("(anonymous namespace)::Cell"),
            "(anonymousnamespace)::Cell");
  EXPECT_NE(normalizeTypeName("Cell"), normalizeTypeName("Cells"));
  EXPECT_NE(normalizeTypeName("a::Cell"), normalizeTypeName("b::Cell"));
}

} // namespace
} // namespace alloc_tidy
