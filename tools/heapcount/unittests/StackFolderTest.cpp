//===- StackFolderTest.cpp - many processes' stacks as one ----------------===//
//
// Reports of processes written by hand: the same program and library loaded
// at different addresses fold into one stack; a module is known by its
// identity, not its path; each program keeps its own report; every module's
// frames are asked for once; each stack knows the processes that made it.
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/StackFolder.h"

#include <map>
#include <set>
#include <string>

#include <gtest/gtest.h>

namespace heapcount {
namespace {

/// A process of \p Program (loaded at \p ProgramBase) using libc (loaded at
/// \p LibcBase), with one stack: an allocation of \p Size bytes made at
/// program+0x1000, called from libc+0x200.
StackReport process(const std::string &Program, std::uint64_t ProgramBase,
                    std::uint64_t LibcBase, std::uint64_t Size,
                    std::uint64_t Calls) {
  StackReport R;
  R.Depth = 24;
  R.BySize = true;
  R.TotalAllocs = Calls + 1;
  R.Modules = {{Program, ProgramBase, ProgramBase, ProgramBase + 0x10000},
               {"/lib/libc.so.6", LibcBase, LibcBase, LibcBase + 0x10000}};
  StackInfo S;
  S.Calls = Calls;
  S.Bytes = Calls * Size;
  S.Size = Size;
  // Return addresses: one past the call.
  S.Frames = {ProgramBase + 0x1000 + 1, LibcBase + 0x200 + 1};
  R.Stacks.push_back(S);
  return R;
}

std::string byPath(const std::string &Path) { return "path:" + Path; }

// The file offset a folded frame stands for, by module path.
std::pair<std::string, std::uint64_t> whereIs(const StackReport &R,
                                              std::uint64_t Frame) {
  FrameAddress Where = locateFrame(R, Frame);
  if (Where.Module < 0)
    return {"", Frame};
  return {R.Modules[static_cast<std::size_t>(Where.Module)].Path, Where.Offset};
}

TEST(StackFolder, SameModulesAtOtherAddressesFoldIntoOneStack) {
  StackFolder Folder(byPath);
  Folder.add(process("/bin/test", 0x400000, 0x7f0000000000, 16, 3));
  Folder.add(process("/bin/test", 0x500000, 0x7f1000000000, 16, 4));
  EXPECT_EQ(Folder.processes(), 2u);
  EXPECT_EQ(Folder.modules(), 2u);
  std::vector<StackReport> Reports = Folder.reports();
  ASSERT_EQ(Reports.size(), 1u);
  const StackReport &R = Reports[0];
  EXPECT_EQ(R.Modules[0].Path, "/bin/test");
  EXPECT_EQ(R.TotalAllocs, 9u);
  EXPECT_TRUE(R.BySize);
  ASSERT_EQ(R.Stacks.size(), 1u);
  EXPECT_EQ(R.Stacks[0].Calls, 7u);
  EXPECT_EQ(R.Stacks[0].Bytes, 112u);
  ASSERT_EQ(R.Stacks[0].Frames.size(), 2u);
  // The folded addresses lead back to the same file offsets.
  EXPECT_EQ(whereIs(R, R.Stacks[0].Frames[0]),
            std::make_pair(std::string("/bin/test"), std::uint64_t{0x1000}));
  EXPECT_EQ(
      whereIs(R, R.Stacks[0].Frames[1]),
      std::make_pair(std::string("/lib/libc.so.6"), std::uint64_t{0x200}));
}

TEST(StackFolder, OtherSizesAndOtherProgramsStayApart) {
  StackFolder Folder(byPath);
  Folder.add(process("/bin/a", 0x400000, 0x7f0000000000, 16, 1));
  Folder.add(process("/bin/a", 0x400000, 0x7f0000000000, 32, 1));
  Folder.add(process("/bin/b", 0x400000, 0x7f0000000000, 16, 5));
  std::vector<StackReport> Reports = Folder.reports();
  ASSERT_EQ(Reports.size(), 2u);
  // The first program added first, each with its own modules and stacks.
  EXPECT_EQ(Reports[0].Modules[0].Path, "/bin/a");
  EXPECT_EQ(Reports[0].Stacks.size(), 2u);
  EXPECT_EQ(Reports[1].Modules[0].Path, "/bin/b");
  ASSERT_EQ(Reports[1].Stacks.size(), 1u);
  EXPECT_EQ(Reports[1].Stacks[0].Calls, 5u);
  EXPECT_EQ(Folder.processesByProgram(), (std::vector<std::uint64_t>{2, 1}));
  // libc is one module of the folder for both programs.
  EXPECT_EQ(Folder.modules(), 3u);
  EXPECT_EQ(whereIs(Reports[0], Reports[0].Stacks[0].Frames[1]).first,
            "/lib/libc.so.6");
  EXPECT_EQ(Reports[0].Stacks[0].Frames[1], Reports[1].Stacks[0].Frames[1]);
}

TEST(StackFolder, ModulesAreKnownByIdentityNotPath) {
  // Two builds of /bin/test (a test rebuilt during the suite): two modules,
  // and two programs, although the path is one.
  std::map<std::string, int> Build{{"/bin/test", 1}};
  StackFolder Folder([&](const std::string &Path) {
    return Path + "#" + std::to_string(Build[Path]);
  });
  Folder.add(process("/bin/test", 0x400000, 0x7f0000000000, 16, 1));
  Build["/bin/test"] = 2;
  Folder.add(process("/bin/test", 0x400000, 0x7f0000000000, 16, 1));
  EXPECT_EQ(Folder.modules(), 3u);
  EXPECT_EQ(Folder.reports().size(), 2u);

  // One library under two paths (a symbolic link) with one identity is one
  // module.
  StackFolder Linked([](const std::string &Path) {
    return Path == "/lib/libc.so.6" || Path == "/usr/lib/libc.so.6"
               ? std::string("libc")
               : Path;
  });
  StackReport A = process("/bin/test", 0x400000, 0x7f0000000000, 16, 1);
  StackReport B = A;
  B.Modules[1].Path = "/usr/lib/libc.so.6";
  Linked.add(A);
  Linked.add(B);
  EXPECT_EQ(Linked.modules(), 2u);
  ASSERT_EQ(Linked.reports().size(), 1u);
  EXPECT_EQ(Linked.reports()[0].Stacks.size(), 1u);
}

TEST(StackFolder, FramesInNoModuleKeepTheirAddress) {
  StackFolder Folder(byPath);
  StackReport R = process("/bin/test", 0x400000, 0x7f0000000000, 16, 1);
  R.Stacks[0].Frames.push_back(0x1234);
  Folder.add(R);
  const StackReport Folded = Folder.reports()[0];
  ASSERT_EQ(Folded.Stacks[0].Frames.size(), 3u);
  EXPECT_EQ(Folded.Stacks[0].Frames[2], 0x1234u);
  EXPECT_EQ(locateFrame(Folded, 0x1234).Module, -1);
}

TEST(StackFolder, EveryFrameOnceForTheSymbolizer) {
  StackFolder Folder(byPath);
  for (std::uint64_t I = 0; I < 100; ++I)
    Folder.add(process("/bin/test", 0x400000 + I * 0x100000,
                       0x7f0000000000 + I * 0x1000000, 16 + I % 3, 1));
  StackReport All = Folder.allFrames();
  EXPECT_EQ(All.Modules.size(), 2u);
  std::set<std::uint64_t> Frames;
  std::size_t Listed = 0;
  for (const StackInfo &S : All.Stacks) {
    Listed += S.Frames.size();
    Frames.insert(S.Frames.begin(), S.Frames.end());
  }
  // A hundred processes, three sizes: two distinct frames.
  EXPECT_EQ(Frames.size(), 2u);
  EXPECT_EQ(Listed, 2u);
  EXPECT_EQ(Folder.reports()[0].Stacks.size(), 3u);
}

TEST(StackFolder, EachStackKnowsWhichProcessesMadeIt) {
  // Five processes of /bin/a: the 16-byte stack in processes 0, 1, 2 and
  // 4, the 32-byte one in process 3 only; /bin/b numbers its own.
  StackFolder Folder(byPath);
  for (std::uint64_t Size : {16, 16, 16, 32, 16})
    Folder.add(process("/bin/a", 0x400000, 0x7f0000000000, Size, 2));
  Folder.add(process("/bin/b", 0x400000, 0x7f0000000000, 16, 1));
  std::vector<StackReport> Reports = Folder.reports();
  ASSERT_EQ(Reports.size(), 2u);
  ASSERT_EQ(Reports[0].Stacks.size(), 2u);
  EXPECT_EQ(Reports[0].Stacks[0].Size, 16u);
  EXPECT_EQ(Reports[0].Stacks[0].Calls, 8u);
  EXPECT_EQ(Reports[0].Stacks[0].Processes.size(), 4u);
  EXPECT_EQ(Reports[0].Stacks[1].Processes.size(), 1u);
  ASSERT_EQ(Reports[1].Stacks.size(), 1u);
  EXPECT_EQ(Reports[1].Stacks[0].Processes.size(), 1u);
}

TEST(ProcessSet, RunsOfProcessesAndTheirUnion) {
  ProcessSet Every;
  for (std::uint32_t Process = 0; Process < 1000; ++Process)
    Every.addLast(Process);
  EXPECT_EQ(Every.size(), 1000u);
  // A process added twice (two stacks of its report folded into one)
  // counts once.
  ProcessSet Odd;
  for (std::uint32_t Process : {1, 3, 3, 5, 7})
    Odd.addLast(Process);
  EXPECT_EQ(Odd.size(), 4u);
  ProcessSet Even;
  for (std::uint32_t Process : {0, 2, 4, 6, 8})
    Even.addLast(Process);
  ProcessSet Union = Odd;
  Union.insert(Even);
  EXPECT_EQ(Union.size(), 9u);
  // Overlapping runs, and runs that touch.
  ProcessSet Low, High;
  for (std::uint32_t Process = 0; Process < 10; ++Process)
    Low.addLast(Process);
  for (std::uint32_t Process = 5; Process < 20; ++Process)
    High.addLast(Process);
  Low.insert(High);
  EXPECT_EQ(Low.size(), 20u);
  Low.insert(Every);
  EXPECT_EQ(Low.size(), 1000u);
  ProcessSet None;
  EXPECT_TRUE(None.empty());
  None.insert(ProcessSet());
  EXPECT_EQ(None.size(), 0u);
}

TEST(StackFolder, AProcessWithoutModules) {
  StackFolder Folder(byPath);
  StackReport Empty;
  Empty.TotalAllocs = 4;
  Folder.add(Empty);
  ASSERT_EQ(Folder.reports().size(), 1u);
  EXPECT_EQ(Folder.reports()[0].TotalAllocs, 4u);
  EXPECT_EQ(Folder.reports()[0].Modules[0].Path, "");
}

TEST(ModuleIdentities, BuildIdElseFileAndNameForTheRest) {
  ModuleIdentities Ids;
  EXPECT_EQ(Ids.identify("linux-vdso.so.1"), "linux-vdso.so.1");
  // This test's own executable has a build id (the toolchain's default);
  // it is read once, then known by its stat().
  std::string Self = "/proc/self/exe";
  std::string First = Ids.identify(Self);
  EXPECT_EQ(First.rfind("build-id:", 0), 0u) << First;
  EXPECT_GT(First.size(), 9u + 16u);
  EXPECT_EQ(Ids.identify(Self), First);
  EXPECT_EQ(Ids.filesRead(), 1u);
  // A file without one: its path, size and modification time.
  std::string Path = ::testing::TempDir() + "heapcount-identity.txt";
  std::FILE *F = std::fopen(Path.c_str(), "w");
  ASSERT_NE(F, nullptr);
  std::fputs("not ELF", F);
  std::fclose(F);
  EXPECT_EQ(Ids.identify(Path).rfind("file:" + Path + ":7:", 0), 0u)
      << Ids.identify(Path);
  std::remove(Path.c_str());
}

} // namespace
} // namespace heapcount
