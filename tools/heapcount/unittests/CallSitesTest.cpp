//===- CallSitesTest.cpp - heapcount --stacks: sites without a symbolizer -===//
//
// The report, the symbolizers' output and the frames are written by hand:
// what is a user frame, which one a stack is attributed to, how stacks add
// up, and what is printed and stored.
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/CallSites.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace heapcount {
namespace {

TEST(NormalizePath, DropsDotsAndParentDirectories) {
  EXPECT_EQ(normalizePath("/usr/lib/gcc/x86_64-linux-gnu/12/../../../../"
                          "include/c++/12/bits/vector.tcc"),
            "/usr/include/c++/12/bits/vector.tcc");
  EXPECT_EQ(normalizePath("/src/./a//b.cpp"), "/src/a/b.cpp");
  EXPECT_EQ(normalizePath("/.."), "/");
  EXPECT_EQ(normalizePath("./csu/../sysdeps/start.h"), "sysdeps/start.h");
  EXPECT_EQ(normalizePath("../x.cpp"), "../x.cpp");
}

TEST(IsSystemModule, LibrariesOfTheSystemAndTheRuntime) {
  static const std::string Program = "/home/me/prog";
  EXPECT_TRUE(isSystemModule("/lib/x86_64-linux-gnu/libc.so.6", Program));
  EXPECT_FALSE(isSystemModule("/usr/lib/x86_64-linux-gnu/libz.so.1", Program));
  EXPECT_FALSE(isSystemModule("/usr/lib/x86_64-linux-gnu/libclang-cpp.so.22.1",
                              Program));
  EXPECT_TRUE(isSystemModule("/usr/lib/x86_64-linux-gnu/libm.so.6", Program));
  EXPECT_TRUE(isSystemModule("/lib64/ld-linux-x86-64.so.2", Program));
  EXPECT_TRUE(isSystemModule("linux-vdso.so.1", Program));
  // The runtime wherever it is installed; the counting library itself.
  EXPECT_TRUE(isSystemModule("/opt/gcc-14/lib64/libstdc++.so.6", Program));
  EXPECT_TRUE(isSystemModule("/home/me/build/lib/libheapcount.so", Program));
  EXPECT_TRUE(isSystemModule("/usr/local/lib/libjemalloc.so.2", Program));
  // The user's code: the program, its libraries, /usr/local.
  EXPECT_FALSE(isSystemModule(Program, Program));
  EXPECT_FALSE(isSystemModule("/home/me/libwidgets.so", Program));
  EXPECT_FALSE(isSystemModule("./libplugin.so", Program));
  EXPECT_FALSE(isSystemModule("/usr/local/lib/libmine.so", Program));
  EXPECT_FALSE(isSystemModule("/usr/bin/python3.11", Program));
  // libcurl is not libc.
  EXPECT_FALSE(isSystemModule("/opt/lib/libcurl.so.4", Program));
}

TEST(IsSystemModule, DllsOfWindowsAndItsRuntimes) {
  static const std::string Program = "C:\\src\\app\\app.exe";
  EXPECT_TRUE(isSystemModule("C:\\Windows\\SYSTEM32\\ntdll.dll", Program));
  EXPECT_TRUE(isSystemModule("C:\\Windows\\System32\\KERNEL32.DLL", Program));
  EXPECT_TRUE(isSystemModule("C:\\Windows\\system32\\KERNELBASE.dll", Program));
  EXPECT_TRUE(isSystemModule("C:\\Windows\\system32\\msvcrt.dll", Program));
  EXPECT_TRUE(isSystemModule("C:\\Windows\\System32\\ucrtbase.dll", Program));
  EXPECT_TRUE(isSystemModule("C:\\Windows\\System32\\MSVCP140.dll", Program));
  EXPECT_TRUE(
      isSystemModule("C:\\Windows\\System32\\VCRUNTIME140_1.dll", Program));
  EXPECT_TRUE(isSystemModule("api-ms-win-crt-heap-l1-1-0.dll", Program));
  // mingw-w64's runtime, a version after a dash; the counting library.
  EXPECT_TRUE(
      isSystemModule("C:\\msys64\\mingw64\\bin\\libstdc++-6.dll", Program));
  EXPECT_TRUE(isSystemModule("Z:\\opt\\bin\\libgcc_s_seh-1.dll", Program));
  EXPECT_TRUE(isSystemModule("Z:\\opt\\bin\\libwinpthread-1.dll", Program));
  EXPECT_TRUE(isSystemModule("C:\\tools\\heapcount.dll", Program));
  // The user's code, and libraries that are not runtimes.
  EXPECT_FALSE(isSystemModule(Program, Program));
  EXPECT_FALSE(isSystemModule("C:\\src\\app\\widgets.dll", Program));
  EXPECT_FALSE(isSystemModule("C:\\src\\app\\libz-1.dll", Program));
  EXPECT_FALSE(isSystemModule("C:\\src\\app\\libcurl-4.dll", Program));
}

TEST(IsSystemModule, AProgramThatLivesInALibraryDirectoryIsTheUsers) {
  static const std::string Program = "/usr/lib/myapp/myapp";
  EXPECT_FALSE(isSystemModule(Program, Program));
  EXPECT_TRUE(isSystemModule("/usr/lib/x86_64-linux-gnu/libc.so.6", Program));
}

TEST(IsStandardLibraryFile, HeadersOfTheStandardLibraryAndTheSystem) {
  EXPECT_TRUE(isStandardLibraryFile("/usr/include/c++/12/bits/stl_vector.h"));
  EXPECT_TRUE(isStandardLibraryFile("/usr/lib/gcc/x86_64-linux-gnu/12/../../"
                                    "../../include/c++/12/bits/vector.tcc"));
  EXPECT_TRUE(isStandardLibraryFile("/usr/include/stdlib.h"));
  EXPECT_TRUE(isStandardLibraryFile("/usr/lib/llvm-22/include/c++/v1/__memory/"
                                    "allocator.h"));
  EXPECT_TRUE(isStandardLibraryFile("/opt/gcc-14/include/c++/14/vector"));
  EXPECT_TRUE(isStandardLibraryFile(
      "/build/gcc/libstdc++-v3/include/bits/basic_string.tcc"));
  EXPECT_FALSE(isStandardLibraryFile("/home/me/src/main.cpp"));
  EXPECT_FALSE(isStandardLibraryFile("/usr/local/include/mylib/pool.h"));
  EXPECT_FALSE(isStandardLibraryFile("/usr/lib/llvm-22/src/tool.cpp"));
}

TEST(QualifiedName, WithoutReturnTypeParametersAndQualifiers) {
  EXPECT_EQ(qualifiedName("main"), "main");
  EXPECT_EQ(qualifiedName("one()"), "one");
  EXPECT_EQ(qualifiedName("ns::Widget::grow(unsigned long) const"),
            "ns::Widget::grow");
  // Function templates carry their return type.
  EXPECT_EQ(qualifiedName("void std::vector<int, std::allocator<int> >::"
                          "_M_realloc_insert<int const&>(__gnu_cxx::__normal_"
                          "iterator<int*, std::vector<int> >, int const&)"),
            "std::vector<int, std::allocator<int> >::_M_realloc_insert<int "
            "const&>");
  EXPECT_EQ(qualifiedName("std::__cxx11::basic_string<char>& std::vector<"
                          "std::__cxx11::basic_string<char> >::emplace_back<"
                          "char const*>(char const*&&)"),
            "std::vector<std::__cxx11::basic_string<char> >::emplace_back<"
            "char const*>");
  EXPECT_EQ(qualifiedName("int* make<int>(int)"), "make<int>");
  EXPECT_EQ(qualifiedName("(anonymous namespace)::helper(int)"),
            "(anonymous namespace)::helper");
  // Operators.
  EXPECT_EQ(qualifiedName("operator new(unsigned long)"), "operator new");
  EXPECT_EQ(qualifiedName("operator new[](unsigned long, std::nothrow_t "
                          "const&)"),
            "operator new[]");
  EXPECT_EQ(qualifiedName("Pool::operator new(unsigned long)"),
            "Pool::operator new");
  EXPECT_EQ(qualifiedName("main::$_0::operator()() const"),
            "main::$_0::operator()");
  EXPECT_EQ(qualifiedName("main::{lambda(int)#1}::operator()(int) const"),
            "main::{lambda(int)#1}::operator()");
  EXPECT_EQ(qualifiedName("bool Key::operator<(Key const&) const"),
            "Key::operator<");
  EXPECT_EQ(qualifiedName("std::ostream& operator<< <int>(std::ostream&, "
                          "Box<int> const&)"),
            "operator<< <int>");
  EXPECT_EQ(qualifiedName("std::unique_ptr<int>::operator bool() const"),
            "std::unique_ptr<int>::operator bool");
}

TEST(IsStandardLibraryFunction, NamespacesOfTheRuntimeAndTheAllocator) {
  EXPECT_TRUE(isStandardLibraryFunction(
      "void std::vector<int, std::allocator<int> >::_M_realloc_insert<int "
      "const&>(__gnu_cxx::__normal_iterator<int*, std::vector<int> >, int "
      "const&)"));
  EXPECT_TRUE(isStandardLibraryFunction(
      "std::__new_allocator<int>::allocate(unsigned long, void const*)"));
  EXPECT_TRUE(isStandardLibraryFunction(
      "std::__1::basic_string<char>::__grow_by(unsigned long)"));
  EXPECT_TRUE(isStandardLibraryFunction(
      "__gnu_cxx::new_allocator<int>::allocate(unsigned long, void const*)"));
  EXPECT_TRUE(isStandardLibraryFunction("__cxa_allocate_exception"));
  EXPECT_TRUE(isStandardLibraryFunction("operator new(unsigned long)"));
  EXPECT_TRUE(isStandardLibraryFunction("operator new[](unsigned long)"));
  EXPECT_FALSE(isStandardLibraryFunction("main"));
  EXPECT_FALSE(isStandardLibraryFunction(""));
  EXPECT_FALSE(isStandardLibraryFunction("Pool::operator new(unsigned long)"));
  EXPECT_FALSE(
      isStandardLibraryFunction("std::vector<int>* makeVector<int>(int)"));
  EXPECT_FALSE(isStandardLibraryFunction("stdio_like::open()"));
}

// A report: the program at 0x1000 (bias 0x1000), the user's library at
// 0x5000, libstdc++ at 0x10000 and libc at 0x20000 (bias 0x20000), and the
// vdso.
StackReport sampleReport() {
  StackReport Report;
  Report.Depth = 16;
  Report.TotalAllocs = 200;
  Report.Modules = {
      {"/home/me/prog", 0x1000, 0x1000, 0x4000},
      {"/home/me/libwidgets.so", 0x5000, 0x5000, 0x6000},
      {"/lib/x86_64-linux-gnu/libstdc++.so.6", 0x10000, 0x10000, 0x20000},
      {"/lib/x86_64-linux-gnu/libc.so.6", 0x20000, 0x20000, 0x30000},
      {"linux-vdso.so.1", 0x40000, 0x40000, 0x41000},
  };
  return Report;
}

SourceLocation at(const char *Function, const char *File, unsigned Line) {
  return SourceLocation{Function, File, Line};
}

const char *const StlVector =
    "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/"
    "stl_vector.h";
const char *const NewAllocator = "/usr/include/c++/12/bits/new_allocator.h";

TEST(LocateFrame, ModuleAndCallAddress) {
  StackReport Report = sampleReport();
  FrameAddress Where = locateFrame(Report, 0x1235);
  EXPECT_EQ(Where.Module, 0);
  EXPECT_EQ(Where.Offset, 0x234u);
  // The return address just past a module's end still belongs to it.
  EXPECT_EQ(locateFrame(Report, 0x4000).Module, 0);
  EXPECT_EQ(locateFrame(Report, 0x20001).Offset, 0x0u);
  EXPECT_EQ(locateFrame(Report, 0x99999).Module, -1);
}

TEST(SiteOfStack, FirstUserFrameAfterTheRuntime) {
  StackReport Report = sampleReport();
  SymbolTable Symbols;
  Symbols[0x10100] = {at("operator new(unsigned long)", "", 0)};
  Symbols[0x1235] = {at("one()", "/home/me/prog.cpp", 4)};
  Symbols[0x1300] = {at("main", "/home/me/prog.cpp", 9)};
  StackInfo Stack{100, 400, {0x10100, 0x1235, 0x1300, 0x20100}};
  CallSite Site = siteOfStack(Report, Stack, Symbols);
  EXPECT_EQ(Site.Site, "/home/me/prog.cpp:4");
  EXPECT_EQ(Site.Function, "one()");
}

TEST(SiteOfStack, StandardTemplatesInstantiatedInTheProgramAreSkipped) {
  // -O0: std::vector's functions are real frames of the program.
  StackReport Report = sampleReport();
  SymbolTable Symbols;
  Symbols[0x1500] = {at("std::__new_allocator<int>::allocate(unsigned long, "
                        "void const*)",
                        NewAllocator, 137)};
  Symbols[0x1600] = {at("void std::vector<int, std::allocator<int> "
                        ">::_M_realloc_insert<int const&>(...)",
                        StlVector, 1287)};
  Symbols[0x1700] = {at("std::vector<int, std::allocator<int> "
                        ">::push_back(int const&)",
                        StlVector, 1294)};
  Symbols[0x1800] = {at("main", "/home/me/prog.cpp", 7)};
  StackInfo Stack{8, 1020, {0x10100, 0x1500, 0x1600, 0x1700, 0x1800}};
  EXPECT_EQ(siteOfStack(Report, Stack, Symbols).Site, "/home/me/prog.cpp:7");
}

TEST(SiteOfStack, InlinedFramesInnermostFirst) {
  // -O2: push_back and the allocator are inlined into main.
  StackReport Report = sampleReport();
  SymbolTable Symbols;
  Symbols[0x1800] = {
      at("std::__new_allocator<int>::allocate(unsigned long, void const*)",
         NewAllocator, 137),
      at("std::vector<int>::push_back(int const&)", StlVector, 1294),
      at("grow(std::vector<int>&)", "/home/me/grow.h", 12),
      at("main", "/home/me/prog.cpp", 7)};
  StackInfo Stack{8, 1020, {0x10100, 0x1800}};
  CallSite Site = siteOfStack(Report, Stack, Symbols);
  EXPECT_EQ(Site.Site, "/home/me/grow.h:12");
  EXPECT_EQ(Site.Function, "grow(std::vector<int>&)");
}

TEST(WalkStack, WhatWasPassedOnTheWayToTheSite) {
  StackReport Report = sampleReport();
  SymbolTable Symbols;
  Symbols[0x10100] = {
      at("std::__cxx11::basic_string<char>::_M_mutate()", "", 0)};
  Symbols[0x1800] = {
      at("std::__new_allocator<int>::allocate(unsigned long, void const*)",
         NewAllocator, 137),
      at("std::vector<int>::push_back(int const&)", StlVector, 1294),
      SourceLocation{"main", "/home/me/./prog.cpp", 7, 13}};
  StackInfo Stack{8, 1020, {0x10100, 0x20100, 0x1800, 0x1900}};
  StackWalk Walk = walkStack(Report, Stack, Symbols);
  EXPECT_EQ(Walk.Site.Site, "/home/me/prog.cpp:7");
  EXPECT_TRUE(Walk.ReachedUserCode);
  ASSERT_TRUE(Walk.HasLocation);
  EXPECT_EQ(Walk.Location.Column, 13u);
  EXPECT_EQ(Walk.Location.Function, "main");
  // Innermost first: the runtime's frames (one unsymbolized), then the
  // standard library's levels inlined into the program.
  ASSERT_EQ(Walk.Passed.size(), 4u);
  EXPECT_EQ(Walk.Passed[0].Function,
            "std::__cxx11::basic_string<char>::_M_mutate()");
  EXPECT_EQ(Walk.Passed[0].Module, 2);
  EXPECT_TRUE(Walk.Passed[0].InSystemModule);
  EXPECT_EQ(Walk.Passed[1].Function, "");
  EXPECT_EQ(Walk.Passed[1].Module, 3);
  EXPECT_EQ(Walk.Passed[2].Function,
            "std::__new_allocator<int>::allocate(unsigned long, void const*)");
  EXPECT_EQ(Walk.Passed[2].Module, 0);
  EXPECT_FALSE(Walk.Passed[2].InSystemModule);
  EXPECT_EQ(Walk.Passed[3].Function, "std::vector<int>::push_back(int const&)");
  // A stack that ends in the runtime reaches no user code.
  StackInfo Runtime{1, 8, {0x10100, 0x20100}};
  EXPECT_FALSE(walkStack(Report, Runtime, Symbols).ReachedUserCode);
  // Without line information there is no location.
  Symbols[0x1800].back().File = "";
  Symbols[0x1800].back().Line = 0;
  EXPECT_FALSE(walkStack(Report, Stack, Symbols).HasLocation);
}

TEST(SiteOfStack, UserCodeInASharedLibrary) {
  StackReport Report = sampleReport();
  SymbolTable Symbols;
  Symbols[0x5100] = {at("widget_new", "/home/me/widgets.c", 21)};
  StackInfo Stack{1, 48, {0x20200, 0x5100, 0x1300}};
  EXPECT_EQ(siteOfStack(Report, Stack, Symbols).Site, "/home/me/widgets.c:21");
}

TEST(SiteOfStack, NoLineInformation) {
  StackReport Report = sampleReport();
  SymbolTable Symbols;
  // Built without -g: the symbol table names the function; a std:: one is
  // still skipped.
  Symbols[0x1600] = {
      at("void std::vector<int>::_M_realloc_insert<int>(...)", "", 0)};
  Symbols[0x1800] = {at("main", "", 0)};
  StackInfo Stack{8, 1020, {0x10100, 0x1600, 0x1800}};
  CallSite Site = siteOfStack(Report, Stack, Symbols);
  EXPECT_EQ(Site.Site, "main (prog+0x7ff)");
  EXPECT_EQ(Site.Function, "main");
}

TEST(SiteOfStack, NoSymbolizer) {
  StackReport Report = sampleReport();
  StackInfo Stack{8, 1020, {0x10100, 0x1600, 0x1800}};
  CallSite Site = siteOfStack(Report, Stack, SymbolTable());
  EXPECT_EQ(Site.Site, "prog+0x5ff");
  EXPECT_EQ(Site.Function, "");
}

TEST(SiteOfStack, LostInlinedFramesLeaveTheFunction) {
  // addr2line on clang's DWARF 5: main's line is push_back's, in
  // stl_vector.h, and the frames inlined into main are missing.
  StackReport Report = sampleReport();
  SymbolTable Symbols;
  Symbols[0x1800] = {at("main", StlVector, 1294)};
  StackInfo Stack{8, 1020, {0x10100, 0x1800}};
  EXPECT_EQ(siteOfStack(Report, Stack, Symbols).Site, "main (prog+0x7ff)");
}

TEST(SiteOfStack, NoUserFrame) {
  StackReport Report = sampleReport();
  SymbolTable Symbols;
  Symbols[0x20300] = {at("__libc_start_main", "", 0)};
  StackInfo Short{1, 72704, {0x10100, 0x20300}};
  EXPECT_EQ(siteOfStack(Report, Short, Symbols).Site,
            "(no frame outside the standard library; outermost: "
            "__libc_start_main (libc.so.6+0x2ff))");
  // A full stack may have been cut: say how deep it was.
  StackInfo Full{1, 8, std::vector<std::uint64_t>(16, 0x10101)};
  EXPECT_EQ(siteOfStack(Report, Full, Symbols).Site,
            "(no frame outside the standard library within 16 frames; "
            "outermost: libstdc++.so.6+0x100)");
  EXPECT_EQ(siteOfStack(Report, StackInfo{1, 8, {}}, Symbols).Site,
            "(no frames recorded)");
}

TEST(SiteOfStack, FramesOutsideEveryModuleAreTheUsers) {
  // A library unloaded before the report was written.
  StackReport Report = sampleReport();
  StackInfo Stack{1, 8, {0x10100, 0x99999}};
  EXPECT_EQ(siteOfStack(Report, Stack, SymbolTable()).Site, "0x99999");
}

TEST(AggregateCallSites, SumsBySiteMostCallsFirst) {
  StackReport Report = sampleReport();
  SymbolTable Symbols;
  Symbols[0x1235] = {at("one()", "/home/me/prog.cpp", 4)};
  Symbols[0x1300] = {at("main", "/home/me/prog.cpp", 9)};
  Symbols[0x1400] = {at("main", "/home/me/prog.cpp", 12)};
  // Two stacks through line 4 (two callers of one()).
  Report.Stacks = {{60, 240, {0x10100, 0x1235, 0x1300}},
                   {40, 160, {0x10100, 0x1235, 0x1400}},
                   {3, 3000, {0x20100, 0x1300}},
                   {3, 30, {0x20100, 0x1400}}};
  std::vector<CallSite> Sites = aggregateCallSites(Report, Symbols);
  ASSERT_EQ(Sites.size(), 3u);
  EXPECT_EQ(Sites[0].Site, "/home/me/prog.cpp:4");
  EXPECT_EQ(Sites[0].Calls, 100u);
  EXPECT_EQ(Sites[0].Bytes, 400u);
  // Equal calls: most bytes first.
  EXPECT_EQ(Sites[1].Site, "/home/me/prog.cpp:9");
  EXPECT_EQ(Sites[2].Site, "/home/me/prog.cpp:12");
  std::vector<CallSite> ByBytes = sortByBytes(Sites);
  EXPECT_EQ(ByBytes[0].Site, "/home/me/prog.cpp:9");
  EXPECT_EQ(ByBytes[1].Site, "/home/me/prog.cpp:4");
}

TEST(AggregateCallSites, ASiteNamesItsBusiestFunction) {
  // One template line, instantiated twice.
  StackReport Report = sampleReport();
  SymbolTable Symbols;
  Symbols[0x1235] = {at("void fill<int>()", "/home/me/t.h", 3)};
  Symbols[0x1335] = {at("void fill<long>()", "/home/me/t.h", 3)};
  Report.Stacks = {{1, 4, {0x10100, 0x1235}}, {5, 40, {0x10100, 0x1335}}};
  std::vector<CallSite> Sites = aggregateCallSites(Report, Symbols);
  ASSERT_EQ(Sites.size(), 1u);
  EXPECT_EQ(Sites[0].Calls, 6u);
  EXPECT_EQ(Sites[0].Function, "void fill<long>()");
}

TEST(ReadStackReport, TheLibrarysShape) {
  static const std::string Json =
      "{\"version\":1,\"platform\":\"linux\",\"total\":{\"allocs\":111,"
      "\"frees\":111},\n\"functions\":{\"malloc\":{\"calls\":2,\"bytes\":9}},"
      "\n\"stacks\":{\"depth\":16,\"dropped\":3,\n\"modules\":[\n{\"path\":"
      "\"/tmp/st\",\"base\":\"0x5595\",\"start\":\"0x5595\",\"end\":"
      "\"0x6000\"},\n{\"path\":\"linux-vdso.so.1\",\"base\":\"0x7f00\","
      "\"start\":\"0x7f00\",\"end\":\"0x7f10\"}],\n\"list\":[\n{\"calls\":100,"
      "\"bytes\":3200,\"frames\":[\"0x5600\",\"0x5700\"]},\n{\"calls\":1,"
      "\"bytes\":1,\"frames\":[]}]}}\n";
  StackReport Report;
  std::string Error;
  ASSERT_TRUE(readStackReport(Json, Report, Error)) << Error;
  EXPECT_EQ(Report.Depth, 16u);
  EXPECT_EQ(Report.Dropped, 3u);
  EXPECT_EQ(Report.TotalAllocs, 111u);
  ASSERT_EQ(Report.Modules.size(), 2u);
  EXPECT_EQ(Report.Modules[0].Path, "/tmp/st");
  EXPECT_EQ(Report.Modules[0].Base, 0x5595u);
  EXPECT_EQ(Report.Modules[1].End, 0x7f10u);
  ASSERT_EQ(Report.Stacks.size(), 2u);
  EXPECT_EQ(Report.Stacks[0].Calls, 100u);
  EXPECT_EQ(Report.Stacks[0].Bytes, 3200u);
  EXPECT_EQ(Report.Stacks[0].Frames,
            (std::vector<std::uint64_t>{0x5600, 0x5700}));
  EXPECT_TRUE(Report.Stacks[1].Frames.empty());
  EXPECT_FALSE(Report.BySize);
  EXPECT_EQ(Report.Stacks[0].Size, 0u);
}

TEST(ReadStackReport, KeyedBySize) {
  static const std::string Json =
      "{\"total\":{\"allocs\":9},\n\"stacks\":{\"depth\":24,\"by_size\":true,"
      "\"dropped\":0,\n\"modules\":[],\n\"list\":[\n{\"calls\":3,\"bytes\":"
      "48,\"size\":16,\"frames\":[\"0x5600\"]},\n{\"calls\":1,\"bytes\":32,"
      "\"size\":32,\"frames\":[\"0x5600\"]}]}}\n";
  StackReport Report;
  std::string Error;
  ASSERT_TRUE(readStackReport(Json, Report, Error)) << Error;
  EXPECT_TRUE(Report.BySize);
  ASSERT_EQ(Report.Stacks.size(), 2u);
  EXPECT_EQ(Report.Stacks[0].Size, 16u);
  EXPECT_EQ(Report.Stacks[0].Calls, 3u);
  EXPECT_EQ(Report.Stacks[1].Size, 32u);
}

TEST(ReadStackReport, WithoutStacksOrNotJson) {
  StackReport Report;
  std::string Error;
  EXPECT_FALSE(readStackReport("{\"total\":{\"allocs\":1}}\n", Report, Error));
  EXPECT_EQ(Error, "the report has no allocation stacks");
  EXPECT_FALSE(readStackReport("{\"total\":{\"allocs\":", Report, Error));
  EXPECT_NE(Error.find("not valid JSON"), std::string::npos);
}

TEST(ParseLlvmSymbolizerJson, OneLinePerAddress) {
  static const std::string Output =
      "{\"Address\":\"0x13df\",\"ModuleName\":\"/tmp/q\",\"Symbol\":[{"
      "\"Column\":27,\"Discriminator\":0,\"FileName\":\"/usr/include/c++/12/"
      "bits/new_allocator.h\",\"FunctionName\":\"std::__new_allocator<int>::"
      "allocate(unsigned long, void const*)\",\"Line\":137,\"StartAddress\":"
      "\"0x13d4\",\"StartFileName\":\"\",\"StartLine\":112},{\"FileName\":"
      "\"/tmp/q \\\"quoted\\\".cpp\",\"FunctionName\":\"main\",\"Line\":6}]}\n"
      "{\"Address\":\"0x10\",\"Error\":{\"Message\":\"No such file or "
      "directory\"},\"ModuleName\":\"/nonexist\"}\n"
      "{\"Address\":\"0x1290\",\"ModuleName\":\"/tmp/qn\",\"Symbol\":[{"
      "\"Column\":0,\"FileName\":\"\",\"FunctionName\":\"main\",\"Line\":0}]}"
      "\n"
      "{\"Address\":\"0x1\",\"ModuleName\":\"/tmp/qn\",\"Symbol\":[{"
      "\"FileName\":\"\",\"FunctionName\":\"??\",\"Line\":0}]}\n";
  std::vector<std::vector<SourceLocation>> Frames =
      parseLlvmSymbolizerJson(Output);
  ASSERT_EQ(Frames.size(), 4u);
  ASSERT_EQ(Frames[0].size(), 2u);
  EXPECT_EQ(Frames[0][0].Line, 137u);
  EXPECT_EQ(Frames[0][0].Column, 27u);
  EXPECT_EQ(Frames[0][1].Column, 0u); // None given.
  EXPECT_EQ(Frames[0][1].File, "/tmp/q \"quoted\".cpp");
  EXPECT_EQ(Frames[0][1].Function, "main");
  EXPECT_TRUE(Frames[1].empty());
  ASSERT_EQ(Frames[2].size(), 1u);
  EXPECT_EQ(Frames[2][0].File, "");
  EXPECT_TRUE(Frames[3].empty());
}

TEST(ParseAddr2lineOutput, AddressThenFunctionAndLinePairs) {
  static const std::string Output =
      "0x00000000000013df\n"
      "std::__new_allocator<int>::allocate(unsigned long, void const*)\n"
      "/usr/include/c++/12/bits/new_allocator.h:137\n"
      "main\n"
      "/tmp/q.cpp:6 (discriminator 2)\n"
      "0x0000000000000010\n"
      "??\n"
      "??:0\n"
      "0x0000000000001290\n"
      "main\n"
      "??:?\n";
  std::vector<std::vector<SourceLocation>> Frames =
      parseAddr2lineOutput(Output);
  ASSERT_EQ(Frames.size(), 3u);
  ASSERT_EQ(Frames[0].size(), 2u);
  EXPECT_EQ(Frames[0][1].Function, "main");
  EXPECT_EQ(Frames[0][1].File, "/tmp/q.cpp");
  EXPECT_EQ(Frames[0][1].Line, 6u);
  EXPECT_TRUE(Frames[1].empty());
  ASSERT_EQ(Frames[2].size(), 1u);
  EXPECT_EQ(Frames[2][0].File, "");
  EXPECT_EQ(Frames[2][0].Line, 0u);
}

TEST(FormatCallSites, TopByCallsAndByBytesAligned) {
  StackReport Report = sampleReport();
  Report.Stacks = {{100, 400, {}}, {8, 1020, {}}};
  std::vector<CallSite> Sites = {{"/home/me/prog.cpp:4", "one()", 100, 400},
                                 {"/home/me/prog.cpp:17", "main", 8, 1020},
                                 {"prog+0x5ff", "", 1, 1}};
  EXPECT_EQ(formatCallSites(Sites, 2, Report),
            "heapcount: 3 call sites of 108 allocations (of 200; stacks of up "
            "to 16 frames)\n"
            "heapcount: most calls:\n"
            "heapcount:          100 calls          400 bytes  "
            "/home/me/prog.cpp:4   one()\n"
            "heapcount:            8 calls         1020 bytes  "
            "/home/me/prog.cpp:17  main\n"
            "heapcount: most bytes:\n"
            "heapcount:           1020 bytes          8 calls  "
            "/home/me/prog.cpp:17  main\n"
            "heapcount:            400 bytes        100 calls  "
            "/home/me/prog.cpp:4   one()\n");
  Report.Dropped = 7;
  EXPECT_EQ(formatCallSites(Sites, 0, Report),
            "heapcount: 3 call sites of 108 allocations (of 200; stacks of up "
            "to 16 frames); 7 more had no room in the stack table\n");
  EXPECT_EQ(formatCallSites({}, 5, Report),
            "heapcount: no allocation stacks were recorded\n");
}

TEST(AddCallSitesToReport, LastMemberOfTheReport) {
  std::string Report = "{\"version\":1,\n\"stacks\":{\"depth\":16}}\n";
  std::vector<CallSite> Sites = {{"/a \"b\".cpp:4", "one()", 100, 400},
                                 {"(no frames recorded)", "", 1, 8}};
  ASSERT_TRUE(addCallSitesToReport(Report, Sites));
  EXPECT_EQ(Report,
            "{\"version\":1,\n\"stacks\":{\"depth\":16},\n\"call_sites\":[\n"
            "{\"site\":\"/a \\\"b\\\".cpp:4\",\"function\":\"one()\","
            "\"calls\":100,\"bytes\":400},\n"
            "{\"site\":\"(no frames recorded)\",\"function\":\"\",\"calls\":1,"
            "\"bytes\":8}]}\n");
  // What the reader makes of it.
  StackReport Read;
  std::string Error;
  EXPECT_TRUE(readStackReport(Report, Read, Error)) << Error;

  std::string Empty = "{}";
  ASSERT_TRUE(addCallSitesToReport(Empty, {}));
  EXPECT_EQ(Empty, "{\n\"call_sites\":[]}");
  std::string Truncated = "{\"version\":1,";
  EXPECT_FALSE(addCallSitesToReport(Truncated, Sites));
}

} // namespace
} // namespace heapcount
