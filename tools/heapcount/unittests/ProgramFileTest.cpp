//===- ProgramFileTest.cpp - what heapcount reads of a program file ------===//

#include "tools/heapcount/ProgramFile.h"
#include "tools/heapcount/Launch.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <unistd.h>

namespace heapcount {
namespace {

TEST(ProgramFile, SanitizerRuntimes) {
  EXPECT_EQ(sanitizerOfRuntime("libasan.so.8"), "AddressSanitizer");
  EXPECT_EQ(sanitizerOfRuntime("libtsan.so.2"), "ThreadSanitizer");
  EXPECT_EQ(sanitizerOfRuntime("libclang_rt.asan-x86_64.so"),
            "AddressSanitizer");
  EXPECT_EQ(sanitizerOfRuntime("libclang_rt.hwasan.so"), "HWAddressSanitizer");
  EXPECT_EQ(sanitizerOfRuntime("libc.so.6"), "");
  EXPECT_EQ(sanitizerOfRuntime("libubsan.so.1"), ""); // no allocator of its own
}

// This test program itself: dynamically linked, with the C library.
TEST(ProgramFile, ReadsADynamicProgram) {
  ProgramFile Self = inspectProgram("/proc/self/exe");
  ASSERT_TRUE(Self.Elf);
  EXPECT_FALSE(Self.Static);
  EXPECT_FALSE(Self.SetId);
  EXPECT_NE(std::find(Self.Needed.begin(), Self.Needed.end(), "libc.so.6"),
            Self.Needed.end());
  EXPECT_EQ(Self.SanitizerRuntime, "");
}

// The build id that binutils' readelf prints for this test program, when
// readelf is there.
TEST(ProgramFile, BuildIdAsReadelfPrintsIt) {
  std::string Id = readBuildId("/proc/self/exe");
  ASSERT_FALSE(Id.empty());
  EXPECT_EQ(Id.find_first_not_of("0123456789abcdef"), std::string::npos) << Id;
  // readelf's own /proc/self is readelf: the test's path is given instead.
  char Self[4096];
  ssize_t Length = readlink("/proc/self/exe", Self, sizeof(Self) - 1);
  ASSERT_GT(Length, 0);
  Self[Length] = '\0';
  std::string Readelf = findOnPath("readelf");
  std::string Output;
  if (Readelf.empty() || !runCapture({Readelf, "-n", Self}, "", Output))
    GTEST_SKIP() << "no readelf to compare with";
  std::size_t At = Output.find("Build ID: ");
  if (At == std::string::npos)
    GTEST_SKIP() << "no readelf to compare with";
  EXPECT_EQ(Output.substr(At + 10, Id.size()), Id);
}

TEST(ProgramFile, NotAnElfFile) {
  std::string Path = ::testing::TempDir() + "heapcount-not-elf.sh";
  {
    std::ofstream Script(Path);
    Script << "#!/bin/sh\nexit 0\n";
  }
  ProgramFile Script = inspectProgram(Path);
  EXPECT_FALSE(Script.Elf);
  EXPECT_FALSE(Script.Static);
  EXPECT_TRUE(Script.Needed.empty());
  std::remove(Path.c_str());
  EXPECT_FALSE(inspectProgram("/no/such/program").Elf);
  // Cut short after the ELF header's magic.
  {
    std::ofstream Cut(Path, std::ios::binary);
    Cut << "\x7f"
           "ELF\x02\x01";
  }
  EXPECT_FALSE(inspectProgram(Path).Elf);
  EXPECT_EQ(readBuildId(Path), "");
  std::remove(Path.c_str());
  EXPECT_EQ(readBuildId("/no/such/program"), "");
}

} // namespace
} // namespace heapcount
