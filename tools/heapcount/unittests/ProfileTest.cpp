//===- ProfileTest.cpp - heapcount --profile without a program ------------===//
//
// The demangled names, symbolized stacks, llvm-dwarfdump output and sites
// are written by hand: which frame is an allocator's and what its element
// is, which class is the container, how DWARF spellings of a type are
// matched, how stacks add up to sites and what the profile says.
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/Profile.h"
#include "tools/heapcount/Launch.h"

#include <cstdio>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <sys/stat.h>

namespace heapcount {
namespace {

// --- Names ---------------------------------------------------------------

TEST(StripAbiTags, LibcxxAndLibstdcxxTags) {
  EXPECT_EQ(stripAbiTags("std::__1::allocator<int>::allocate[abi:ne180100]"
                         "(unsigned long)"),
            "std::__1::allocator<int>::allocate(unsigned long)");
  EXPECT_EQ(stripAbiTags("std::to_string[abi:cxx11](int)"),
            "std::to_string(int)");
  EXPECT_EQ(stripAbiTags("a[3]"), "a[3]");
}

TEST(SplitQualifiedName, OnlyOutsideTemplateArguments) {
  EXPECT_EQ(splitQualifiedName("std::vector<a::b, std::allocator<a::b> >::"
                               "push_back"),
            (std::vector<std::string>{
                "std", "vector<a::b, std::allocator<a::b> >", "push_back"}));
  EXPECT_EQ(splitQualifiedName("(anonymous namespace)::Anon"),
            (std::vector<std::string>{"(anonymous namespace)", "Anon"}));
  EXPECT_EQ(splitQualifiedName("::Global"),
            (std::vector<std::string>{"Global"}));
  EXPECT_EQ(splitQualifiedName("Cell"), (std::vector<std::string>{"Cell"}));
}

TEST(TemplateArguments, NestedAndBothSpellingsOfTheClosers) {
  EXPECT_EQ(templateName("allocator<int>"), "allocator");
  EXPECT_EQ(templateName("Cell"), "Cell");
  EXPECT_EQ(templateArguments("pair<int, std::vector<int, std::allocator<int> "
                              "> >"),
            (std::vector<std::string>{
                "int", "std::vector<int, std::allocator<int> >"}));
  EXPECT_EQ(
      templateArguments("pair<int, std::vector<int, std::allocator<int>>>"),
      (std::vector<std::string>{"int",
                                "std::vector<int, std::allocator<int>>"}));
  EXPECT_EQ(templateArguments("array<int, 3ul>"),
            (std::vector<std::string>{"int", "3ul"}));
  EXPECT_EQ(templateArguments("F<void (*)(int, long)>"),
            (std::vector<std::string>{"void (*)(int, long)"}));
  EXPECT_TRUE(templateArguments("Cell").empty());
  EXPECT_TRUE(templateArguments("tuple<>").empty());
}

TEST(AllocatorElementType, LibstdcxxFrames) {
  EXPECT_EQ(
      allocatorElementType("std::__new_allocator<Cell>::allocate(unsigned "
                           "long, void const*)"),
      "Cell");
  EXPECT_EQ(allocatorElementType("__gnu_cxx::new_allocator<int>::allocate("
                                 "unsigned long, void const*)"),
            "int");
  EXPECT_EQ(allocatorElementType("std::allocator_traits<std::allocator<std::"
                                 "pair<int, int> > >::allocate(std::allocator<"
                                 "std::pair<int, int> >&, unsigned long)"),
            "std::pair<int, int>");
  EXPECT_EQ(allocatorElementType("std::_Vector_base<char const*, std::"
                                 "allocator<char const*> >::_M_allocate("
                                 "unsigned long)"),
            "char const*");
  EXPECT_EQ(allocatorElementType("std::__new_allocator<std::vector<int, std::"
                                 "allocator<int> > >::allocate(unsigned long, "
                                 "void const*)"),
            "std::vector<int, std::allocator<int> >");
  // ">>" as some demanglers and DWARF producers spell it.
  EXPECT_EQ(allocatorElementType("std::allocator<std::vector<int, std::"
                                 "allocator<int>>>::allocate(unsigned long)"),
            "std::vector<int, std::allocator<int>>");
  EXPECT_EQ(allocatorElementType("std::__new_allocator<(anonymous namespace)"
                                 "::Anon>::allocate(unsigned long, void "
                                 "const*)"),
            "(anonymous namespace)::Anon");
}

TEST(AllocatorElementType, LibcxxFrames) {
  EXPECT_EQ(allocatorElementType("std::__1::allocator<Cell>::allocate[abi:"
                                 "nqe220108](unsigned long)"),
            "Cell");
  EXPECT_EQ(allocatorElementType("std::__1::allocator<std::__1::pair<int, int> "
                                 ">::allocate[abi:ne180100](unsigned long)"),
            "std::__1::pair<int, int>");
  EXPECT_EQ(allocatorElementType("std::__1::allocator_traits<std::__1::"
                                 "allocator<char const*> >::allocate[abi:"
                                 "ne180100](std::__1::allocator<char const*>&, "
                                 "unsigned long)"),
            "char const*");
  EXPECT_EQ(allocatorElementType("std::__1::allocator<int>::allocate_at_least["
                                 "abi:ne180100](unsigned long)"),
            "int");
}

TEST(AllocatorElementType, NotAnAllocatorFrame) {
  // The user's allocator, and the traits over it: T is not known to be the
  // element (its allocate may do anything).
  EXPECT_EQ(allocatorElementType("MyAlloc<int>::allocate(unsigned long)"), "");
  EXPECT_EQ(allocatorElementType("std::allocator_traits<MyAlloc<int> >::"
                                 "allocate(MyAlloc<int>&, unsigned long)"),
            "");
  EXPECT_EQ(allocatorElementType("mine::allocator<int>::allocate(unsigned "
                                 "long)"),
            "");
  EXPECT_EQ(allocatorElementType("std::__new_allocator<int>::deallocate(int*, "
                                 "unsigned long)"),
            "");
  EXPECT_EQ(allocatorElementType("std::vector<int, std::allocator<int> >::"
                                 "push_back(int const&)"),
            "");
  EXPECT_EQ(allocatorElementType("int* std::__1::__libcpp_allocate[abi:"
                                 "nqe220108]<int>(std::__1::__element_count, "
                                 "unsigned long)"),
            "");
  EXPECT_EQ(allocatorElementType("operator new(unsigned long)"), "");
  EXPECT_EQ(allocatorElementType(""), "");
}

TEST(StandardClassOf, MemberFunctionsOfStandardClasses) {
  EXPECT_EQ(standardClassOf("std::vector<Cell, std::allocator<Cell> >::resize("
                            "unsigned long)"),
            "std::vector<Cell, std::allocator<Cell> >");
  EXPECT_EQ(standardClassOf("void std::vector<int, std::allocator<int> >::_M_"
                            "realloc_insert<int const&>(__gnu_cxx::__normal_"
                            "iterator<int*, std::vector<int, std::allocator<"
                            "int> > >, int const&)"),
            "std::vector<int, std::allocator<int> >");
  EXPECT_EQ(standardClassOf("std::__cxx11::basic_string<char, std::char_traits"
                            "<char>, std::allocator<char> >::_M_mutate("
                            "unsigned long, unsigned long, char const*, "
                            "unsigned long)"),
            "std::__cxx11::basic_string<char, std::char_traits<char>, "
            "std::allocator<char> >");
  // libc++: ABI tags, and a lambda inside a member function.
  EXPECT_EQ(standardClassOf("std::__1::vector<int, std::__1::allocator<int> >"
                            "::push_back[abi:nqe220108](int const&)"),
            "std::__1::vector<int, std::__1::allocator<int> >");
  EXPECT_EQ(standardClassOf("int& std::__1::vector<int, std::__1::allocator<"
                            "int> >::emplace_back<int const&>(int const&)::'"
                            "lambda0'()::operator()() const"),
            "std::__1::vector<int, std::__1::allocator<int> >");
  // A class that is not a template.
  EXPECT_EQ(standardClassOf("std::locale::_Impl::_Impl(unsigned long)"),
            "std::locale::_Impl");
  // Functions at namespace scope, and the user's code.
  EXPECT_EQ(standardClassOf("std::shared_ptr<Foo> std::make_shared<Foo>()"),
            "");
  EXPECT_EQ(standardClassOf("void std::__1::__if_likely_else[abi:nqe220108]<"
                            "int&>(bool)"),
            "");
  EXPECT_EQ(standardClassOf("Row::Row(int)"), "");
  EXPECT_EQ(standardClassOf("main"), "");
}

TEST(SpaceTemplateClosers, OneSpellingWhateverTheDemangler) {
  EXPECT_EQ(spaceTemplateClosers("std::vector<Cell, std::allocator<Cell>>"),
            "std::vector<Cell, std::allocator<Cell> >");
  EXPECT_EQ(spaceTemplateClosers("a<b<c<int>>>"), "a<b<c<int> > >");
  EXPECT_EQ(spaceTemplateClosers("std::vector<Cell, std::allocator<Cell> >"),
            "std::vector<Cell, std::allocator<Cell> >");
  EXPECT_EQ(spaceTemplateClosers("A<(8>>1)>"), "A<(8>>1)>");
  EXPECT_EQ(spaceTemplateClosers("int"), "int");
}

TEST(CanonicalTypeName, DemanglerAndDwarfSpellingsAgree) {
  // Demangled (left) and as clang or GCC write DW_AT_name (right).
  EXPECT_EQ(canonicalTypeName("std::pair<char const*, std::vector<int, std::"
                              "allocator<int> > >"),
            canonicalTypeName("std::pair<const char *, std::vector<int, std::"
                              "allocator<int>>>"));
  EXPECT_EQ(canonicalTypeName("Box<std::array<int, 3ul>, 2>"),
            canonicalTypeName("Box<std::array<int, 3UL>, 2>"));
  EXPECT_EQ(canonicalTypeName("W<unsigned long>"),
            canonicalTypeName("W<long unsigned int>"));
  EXPECT_EQ(canonicalTypeName("W<short>"), canonicalTypeName("W<short int>"));
  EXPECT_EQ(canonicalTypeName("W<std::vector<int> const*>"),
            canonicalTypeName("W<const std::vector<int> *>"));
  EXPECT_EQ(canonicalTypeName("::Cell"), "Cell");
  EXPECT_EQ(canonicalTypeName("(anonymous namespace)::Anon"),
            "(anonymous namespace)::Anon");
  EXPECT_EQ(canonicalTypeName("char const*"), "char const*");
  EXPECT_EQ(canonicalTypeName("unsigned char"), "unsigned char");
  // Different types stay different.
  EXPECT_NE(canonicalTypeName("W<char const*>"),
            canonicalTypeName("W<char* const>"));
  EXPECT_NE(canonicalTypeName("W<signed char>"), canonicalTypeName("W<char>"));
  EXPECT_NE(canonicalTypeName("W<long>"), canonicalTypeName("W<long long>"));
  EXPECT_NE(canonicalTypeName("A<3>"), canonicalTypeName("A<30>"));
}

TEST(BuiltinTypeSize, Lp64) {
  EXPECT_EQ(builtinTypeSize("char"), 1u);
  EXPECT_EQ(builtinTypeSize("unsigned char"), 1u);
  EXPECT_EQ(builtinTypeSize("bool"), 1u);
  EXPECT_EQ(builtinTypeSize("short"), 2u);
  EXPECT_EQ(builtinTypeSize("char16_t"), 2u);
  EXPECT_EQ(builtinTypeSize("int"), 4u);
  EXPECT_EQ(builtinTypeSize("wchar_t"), 4u);
  EXPECT_EQ(builtinTypeSize("float"), 4u);
  EXPECT_EQ(builtinTypeSize("long"), 8u);
  EXPECT_EQ(builtinTypeSize("unsigned long"), 8u);
  EXPECT_EQ(builtinTypeSize("long unsigned int"), 8u);
  EXPECT_EQ(builtinTypeSize("long long"), 8u);
  EXPECT_EQ(builtinTypeSize("double"), 8u);
  EXPECT_EQ(builtinTypeSize("long double"), 16u);
  EXPECT_EQ(builtinTypeSize("__int128"), 16u);
  // Pointers of every kind.
  EXPECT_EQ(builtinTypeSize("char const*"), 8u);
  EXPECT_EQ(builtinTypeSize("Row*"), 8u);
  EXPECT_EQ(builtinTypeSize("std::vector<int, std::allocator<int> >*"), 8u);
  EXPECT_EQ(builtinTypeSize("char const* const"), 8u);
  EXPECT_EQ(builtinTypeSize("void (*)(int)"), 8u);
  EXPECT_EQ(builtinTypeSize("int Foo::*"), 8u);
  EXPECT_EQ(builtinTypeSize("void (Foo::*)(int)"), 16u);
  // Everything else needs the debug information.
  EXPECT_EQ(builtinTypeSize("Cell"), 0u);
  EXPECT_EQ(builtinTypeSize("std::pair<int, int>"), 0u);
  EXPECT_EQ(builtinTypeSize("Color"), 0u);
  EXPECT_EQ(builtinTypeSize("intx"), 0u);
  EXPECT_EQ(builtinTypeSize(""), 0u);
}

// --- Container growth ----------------------------------------------------

// The program at 0x1000 and libstdc++ at 0x10000.
StackReport growthReport() {
  StackReport Report;
  Report.Depth = 24;
  Report.BySize = true;
  Report.TotalAllocs = 500;
  Report.Modules = {
      {"/src/prog", 0x1000, 0x1000, 0x9000},
      {"/lib/x86_64-linux-gnu/libstdc++.so.6", 0x10000, 0x10000, 0x20000},
  };
  return Report;
}

SourceLocation at(const char *Function, const char *File, unsigned Line,
                  unsigned Column = 0) {
  return SourceLocation{Function, File, Line, Column};
}

const char *const NewAllocator = "/usr/include/c++/12/bits/new_allocator.h";
const char *const StlVector = "/usr/include/c++/12/bits/stl_vector.h";
const char *const Traits = "/usr/include/c++/12/bits/alloc_traits.h";

TEST(ClassifyStack, VectorGrowthAtO0) {
  StackReport Report = growthReport();
  SymbolTable Symbols;
  Symbols[0x1100] = {at("std::__new_allocator<Cell>::allocate(unsigned long, "
                        "void const*)",
                        NewAllocator, 137, 27)};
  Symbols[0x1200] = {at("std::allocator_traits<std::allocator<Cell> >::"
                        "allocate(std::allocator<Cell>&, unsigned long)",
                        Traits, 464, 20)};
  Symbols[0x1300] = {at("std::_Vector_base<Cell, std::allocator<Cell> >::_M_"
                        "allocate(unsigned long)",
                        StlVector, 378, 20)};
  // LLVM 22's demangler: ">>".
  Symbols[0x1400] = {at("std::vector<Cell, std::allocator<Cell>>::resize("
                        "unsigned long)",
                        StlVector, 1011, 4)};
  Symbols[0x1500] = {at("Row::Row(int)", "/src/./screen.cpp", 14, 35)};
  Symbols[0x1600] = {at("main", "/src/screen.cpp", 22, 24)};
  StackInfo Stack{
      50, 24000, {0x1100, 0x1200, 0x1300, 0x1400, 0x1500, 0x1600}, 480};
  ContainerGrowth G = classifyStack(Report, Stack, Symbols);
  EXPECT_TRUE(G.IsGrowth);
  EXPECT_EQ(G.Element, "Cell");
  EXPECT_EQ(G.ElementModule, 0);
  EXPECT_EQ(G.Container, "std::vector<Cell, std::allocator<Cell> >");
  EXPECT_EQ(G.File, "/src/screen.cpp");
  EXPECT_EQ(G.Line, 14u);
  EXPECT_EQ(G.Column, 35u);
  EXPECT_EQ(G.Function, "Row::Row(int)");
  EXPECT_TRUE(G.ReachedUserCode);
  // The same stack cut at a depth of 3: growth, but no site.
  Stack.Frames.resize(3);
  Report.Depth = 3;
  ContainerGrowth Cut = classifyStack(Report, Stack, Symbols);
  EXPECT_TRUE(Cut.IsGrowth);
  EXPECT_FALSE(Cut.ReachedUserCode);
  EXPECT_EQ(Cut.File, "");
  // Where it is best known: the innermost frame (the call before 0x1100).
  EXPECT_EQ(Cut.FrameModule, 0);
  EXPECT_EQ(Cut.FrameOffset, 0xffu);
  EXPECT_EQ(Cut.InnermostFunction,
            "std::__new_allocator<Cell>::allocate(unsigned long, void "
            "const*)");
}

TEST(ClassifyStack, GrowthThroughABackInserterIsTheVectors) {
  StackReport Report = growthReport();
  SymbolTable Symbols;
  Symbols[0x1800] = {
      at("std::__new_allocator<int>::allocate(unsigned long, void const*)",
         NewAllocator, 137, 27),
      at("void std::vector<int, std::allocator<int> >::_M_realloc_append<int "
         "const&>(int const&)",
         "/usr/include/c++/14/bits/vector.tcc", 596, 33),
      at("std::vector<int, std::allocator<int> >::push_back(int const&)",
         StlVector, 1287, 4),
      at("std::back_insert_iterator<std::vector<int, std::allocator<int> > "
         ">::operator=(int const&)",
         "/usr/include/c++/14/bits/stl_iterator.h", 747, 13),
      at("void flatten<std::back_insert_iterator<std::vector<int, "
         "std::allocator<int> > > >(Node const*, "
         "std::back_insert_iterator<std::vector<int, std::allocator<int> > "
         ">)",
         "/src/flatten.h", 12, 10),
      at("main", "/src/prog.cpp", 28, 13)};
  StackInfo Stack{100, 400, {0x1800}, 4};
  ContainerGrowth G = classifyStack(Report, Stack, Symbols);
  EXPECT_TRUE(G.IsGrowth);
  EXPECT_EQ(G.Element, "int");
  EXPECT_EQ(G.Container, "std::vector<int, std::allocator<int> >");
  EXPECT_EQ(G.File, "/src/flatten.h");
  EXPECT_EQ(G.Line, 12u);
}

TEST(ClassifyStack, VectorGrowthInlinedAtO2) {
  StackReport Report = growthReport();
  SymbolTable Symbols;
  Symbols[0x1800] = {
      at("std::__new_allocator<int>::allocate(unsigned long, void const*)",
         NewAllocator, 137, 27),
      at("void std::vector<int, std::allocator<int> >::_M_realloc_insert<int "
         "const&>(__gnu_cxx::__normal_iterator<int*, std::vector<int, "
         "std::allocator<int> > >, int const&)",
         "/usr/include/c++/12/bits/vector.tcc", 453, 33),
      at("std::vector<int, std::allocator<int> >::push_back(int const&)",
         StlVector, 1287, 4),
      at("fill(std::vector<int, std::allocator<int> >&)", "/src/fill.h", 7, 9),
      at("main", "/src/prog.cpp", 28, 13)};
  StackInfo Stack{100, 400, {0x1800}, 4};
  ContainerGrowth G = classifyStack(Report, Stack, Symbols);
  EXPECT_TRUE(G.IsGrowth);
  EXPECT_EQ(G.Element, "int");
  EXPECT_EQ(G.Container, "std::vector<int, std::allocator<int> >");
  EXPECT_EQ(G.File, "/src/fill.h");
  EXPECT_EQ(G.Line, 7u);
  EXPECT_EQ(G.Column, 9u);
  EXPECT_EQ(G.Function, "fill(std::vector<int, std::allocator<int> >&)");
}

TEST(ClassifyStack, TheCallersAboveTheSite) {
  StackReport Report = growthReport();
  SymbolTable Symbols;
  // fill's growth inlined into Reader::hot, called by main through
  // std::function (libstdc++'s code, passed over).
  Symbols[0x1800] = {
      at("std::__new_allocator<int>::allocate(unsigned long, void const*)",
         NewAllocator, 137, 27),
      at("std::vector<int, std::allocator<int> >::push_back(int const&)",
         StlVector, 1287, 4),
      at("fill(std::vector<int, std::allocator<int> >&)", "/src/fill.h", 7, 9),
      at("Reader::hot()", "/src/./reader.cpp", 12, 5)};
  Symbols[0x10100] = {at("std::function<void ()>::operator()() const",
                         "/usr/include/c++/12/bits/std_function.h", 591, 9)};
  Symbols[0x1900] = {at("main::$_0::operator()() const", "/src/main.cpp", 8, 3),
                     at("main", "/src/main.cpp", 9, 0)};
  // An unknown frame of the program: passed over too.
  StackInfo Stack{100, 400, {0x1800, 0x10100, 0x1950, 0x1900}, 4};
  ContainerGrowth G = classifyStack(Report, Stack, Symbols);
  EXPECT_EQ(G.File, "/src/fill.h");
  ASSERT_EQ(G.Callers.size(), 3u);
  EXPECT_EQ(G.Callers[0].File, "/src/reader.cpp");
  EXPECT_EQ(G.Callers[0].Line, 12u);
  EXPECT_EQ(G.Callers[0].Column, 5u);
  EXPECT_EQ(G.Callers[1].Line, 8u);
  EXPECT_EQ(G.Callers[2].Line, 9u);
  EXPECT_FALSE(G.CallersCut);
  // Cut at the report's depth: it may have come through any caller.
  Report.Depth = 4;
  EXPECT_TRUE(classifyStack(Report, Stack, Symbols).CallersCut);
  // At most MaxCallerLevels, and then not cut whatever the depth.
  for (unsigned I = 0; I < 10; ++I)
    Symbols[0x1900].push_back(at("deep()", "/src/deep.cpp", 100 + I, 1));
  G = classifyStack(Report, Stack, Symbols);
  ASSERT_EQ(G.Callers.size(), MaxCallerLevels);
  EXPECT_EQ(G.Callers.back().Line, 100u + MaxCallerLevels - 4);
  EXPECT_FALSE(G.CallersCut);
}

TEST(ClassifyStack, StringGrowthInTheRuntimesLibrary) {
  // libstdc++.so has no debug information: its inlined allocator frames are
  // not seen, the string's member function called operator new.
  StackReport Report = growthReport();
  SymbolTable Symbols;
  Symbols[0x10100] = {at("std::__cxx11::basic_string<char, std::char_traits<"
                         "char>, std::allocator<char> >::_M_mutate(unsigned "
                         "long, unsigned long, char const*, unsigned long)",
                         "", 0)};
  Symbols[0x10200] = {at("std::__cxx11::basic_string<char, std::char_traits<"
                         "char>, std::allocator<char> >::operator+=(char)",
                         "", 0)};
  Symbols[0x1700] = {at("main", "/src/prog.cpp", 33, 7)};
  StackInfo Stack{1, 31, {0x10100, 0x10200, 0x1700}, 31};
  ContainerGrowth G = classifyStack(Report, Stack, Symbols);
  EXPECT_TRUE(G.IsGrowth);
  EXPECT_EQ(G.Element, "char");
  EXPECT_EQ(G.ElementModule, 1);
  EXPECT_EQ(G.Container, "std::__cxx11::basic_string<char, std::char_traits<"
                         "char>, std::allocator<char> >");
  EXPECT_EQ(G.Line, 33u);
}

TEST(ClassifyStack, NotAContainersGrowth) {
  StackReport Report = growthReport();
  SymbolTable Symbols;
  // A malloc of the user's own: not growth, but its site is known (an
  // allocation site of the profile).
  Symbols[0x1700] = {at("main", "/src/prog.cpp", 37, 13)};
  ContainerGrowth Malloc =
      classifyStack(Report, StackInfo{1, 77, {0x1700}, 77}, Symbols);
  EXPECT_FALSE(Malloc.IsGrowth);
  EXPECT_TRUE(Malloc.ReachedUserCode);
  EXPECT_EQ(Malloc.File, "/src/prog.cpp");
  EXPECT_EQ(Malloc.Line, 37u);
  EXPECT_EQ(Malloc.Column, 13u);
  EXPECT_EQ(Malloc.Function, "main");
  // new Row: operator new straight from the user's code.
  Symbols[0x1750] = {at("main", "/src/prog.cpp", 22, 20)};
  EXPECT_FALSE(classifyStack(Report, StackInfo{50, 1200, {0x1750}, 24}, Symbols)
                   .IsGrowth);
  // An exception thrown by a string member function in libstdc++.so: the
  // innermost frame is the runtime's, not the string's.
  Symbols[0x10300] = {at("__cxa_allocate_exception", "", 0)};
  Symbols[0x10400] = {at("std::__throw_length_error(char const*)", "", 0)};
  Symbols[0x10500] = {at("std::__cxx11::basic_string<char, std::char_traits<"
                         "char>, std::allocator<char> >::_M_create(unsigned "
                         "long&, unsigned long)",
                         "", 0)};
  EXPECT_FALSE(
      classifyStack(Report,
                    StackInfo{1, 144, {0x10300, 0x10400, 0x10500, 0x1700}, 144},
                    Symbols)
          .IsGrowth);
  // Not symbolized at all.
  EXPECT_FALSE(
      classifyStack(Report, StackInfo{1, 8, {0x1900}, 8}, SymbolTable())
          .IsGrowth);
}

TEST(ClassifyStack, AllocatorNamedWithoutItsClass) {
  // clang -O2 -gline-tables-only: the inlined frames of the standard
  // library are named without their classes; not growth, but said.
  StackReport Report = growthReport();
  SymbolTable Symbols;
  Symbols[0x1100] = {at("allocate", NewAllocator, 137, 27),
                     at("_M_allocate", StlVector, 378, 20),
                     at("push_back", StlVector, 1287, 4),
                     at("main", "/src/opt.cpp", 18, 13)};
  ContainerGrowth G =
      classifyStack(Report, StackInfo{8, 1020, {0x1100}, 4}, Symbols);
  EXPECT_FALSE(G.IsGrowth);
  EXPECT_TRUE(G.UnqualifiedAllocator);
  EXPECT_EQ(G.Line, 18u);
  Report.Stacks = {StackInfo{8, 1020, {0x1100}, 4}};
  Profile P = buildProfile(Report, {G}, ElementSizes(), {});
  EXPECT_EQ(P.Unqualified.Allocations, 8u);
  EXPECT_TRUE(P.AllocationSites.empty());
  ASSERT_EQ(P.Unattributed.size(), 1u);
  EXPECT_EQ(P.Unattributed[0].Reason, "unqualified_allocator");
  // A function of the user's own named allocate is user code: the walk
  // stops there, and it is an allocation site.
  Symbols[0x1200] = {at("allocate", "/src/pool.cpp", 5, 3)};
  EXPECT_FALSE(classifyStack(Report, StackInfo{1, 8, {0x1200}, 8}, Symbols)
                   .UnqualifiedAllocator);
}

TEST(ClassifyStack, GrowthWithoutLineInformation) {
  // Built without -g: the allocator is a function of the program's symbol
  // table, the site has no line.
  StackReport Report = growthReport();
  SymbolTable Symbols;
  Symbols[0x1100] = {at("std::__new_allocator<Cell>::allocate(unsigned long, "
                        "void const*)",
                        "", 0)};
  Symbols[0x1500] = {at("Row::Row(int)", "", 0)};
  ContainerGrowth G = classifyStack(
      Report, StackInfo{50, 24000, {0x1100, 0x1500}, 480}, Symbols);
  EXPECT_TRUE(G.IsGrowth);
  EXPECT_EQ(G.Element, "Cell");
  EXPECT_EQ(G.File, "");
  EXPECT_EQ(G.Site, "Row::Row(int) (prog+0x4ff)");
  // Where it is best known: the site's frame.
  EXPECT_EQ(G.FrameModule, 0);
  EXPECT_EQ(G.FrameOffset, 0x4ffu);
}

// --- DWARF ---------------------------------------------------------------

// llvm-dwarfdump --regex --show-parents --name=... of a clang -g program
// (the compile units' attributes shortened).
const char *const DwarfdumpOutput = R"(prog:	file format elf64-x86-64

0x0000000c: DW_TAG_compile_unit
              DW_AT_producer	("Debian clang version 22.1.8")
              DW_AT_name	("prog.cpp")
              DW_AT_ranges	(indexed (0x4) rangelist = 0x0000004f
                 [0x0000000000001260, 0x00000000000016f5)
                 [0x0000000000001700, 0x000000000000171b))

0x00000060:   DW_TAG_namespace
                DW_AT_name	("std")

0x000007c3:     DW_TAG_structure_type
                  DW_AT_calling_convention	(DW_CC_pass_by_reference)
                  DW_AT_name	("pair<const char *, std::vector<int, std::allocator<int> > >")
                  DW_AT_byte_size	(0x20)
                  DW_AT_decl_line	(185)

0x0000000c: DW_TAG_compile_unit
              DW_AT_name	("prog.cpp")

0x00000060:   DW_TAG_namespace
                DW_AT_name	("std")

0x000007c3:     DW_TAG_structure_type
                  DW_AT_name	("pair<const char *, std::vector<int, std::allocator<int> > >")
                  DW_AT_byte_size	(0x20)

0x000007f1:       DW_TAG_subprogram
                    DW_AT_name	("pair")
                    DW_AT_declaration	(true)

0x0000000c: DW_TAG_compile_unit
              DW_AT_name	("prog.cpp")

0x00005dee:   DW_TAG_structure_type
                DW_AT_name	("Cell")
                DW_AT_byte_size	(0x04)

0x0000000c: DW_TAG_compile_unit
              DW_AT_name	("prog.cpp")

0x00008db4:   DW_TAG_namespace

0x00008db5:     DW_TAG_structure_type
                  DW_AT_name	("Anon")
                  DW_AT_byte_size	(0x04)

0x0000000c: DW_TAG_compile_unit
              DW_AT_name	("prog.cpp")

0x0000910c:   DW_TAG_structure_type
                DW_AT_name	("Outer")
                DW_AT_byte_size	(0x01)

0x00009113:     DW_TAG_structure_type
                  DW_AT_name	("Nested")
                  DW_AT_byte_size	(0x03)

0x0000000c: DW_TAG_compile_unit
              DW_AT_name	("prog.cpp")

0x0000004f:   DW_TAG_enumeration_type
                DW_AT_type	(0x0000005c "short")
                DW_AT_name	("Color")
                DW_AT_byte_size	(0x02)

0x000000a0: DW_TAG_compile_unit
              DW_AT_name	("other.cpp")

0x000000c0:   DW_TAG_structure_type
                DW_AT_name	("Later")
                DW_AT_declaration	(true)

0x000000d0:   DW_TAG_subprogram
                DW_AT_name	("main")

0x000000e0:     DW_TAG_structure_type
                  DW_AT_name	("Local")
                  DW_AT_byte_size	(0x10)
)";

TEST(ParseDwarfdumpTypes, QualifiedNamesFromTheParents) {
  std::vector<DwarfType> Types = parseDwarfdumpTypes(DwarfdumpOutput);
  std::map<std::string, DwarfType> ByName;
  for (const DwarfType &T : Types)
    ByName[T.QualifiedName] = T;
  // Each entry once, however often it was printed as a parent.
  EXPECT_EQ(Types.size(), 8u);
  ASSERT_EQ(ByName.count(
                "std::pair<const char *, std::vector<int, std::allocator<int> "
                "> >"),
            1u);
  EXPECT_EQ(ByName["std::pair<const char *, std::vector<int, std::allocator<"
                   "int> > >"]
                .ByteSize,
            32u);
  EXPECT_EQ(ByName["Cell"].ByteSize, 4u);
  EXPECT_EQ(ByName["Cell"].Tag, "DW_TAG_structure_type");
  EXPECT_EQ(ByName["(anonymous namespace)::Anon"].ByteSize, 4u);
  EXPECT_EQ(ByName["Outer::Nested"].ByteSize, 3u);
  EXPECT_EQ(ByName["Color"].ByteSize, 2u);
  EXPECT_TRUE(ByName["Later"].Declaration);
  EXPECT_FALSE(ByName["Later"].HasByteSize);
  EXPECT_TRUE(ByName["main::Local"].Local);
  EXPECT_FALSE(ByName["Cell"].Local);
}

TEST(TypeSizeFromDwarf, MatchesTheDemangledSpelling) {
  std::vector<DwarfType> Types = parseDwarfdumpTypes(DwarfdumpOutput);
  EXPECT_EQ(typeSizeFromDwarf("std::pair<char const*, std::vector<int, std::"
                              "allocator<int> > >",
                              Types, "/src/prog")
                .Bytes,
            32u);
  EXPECT_EQ(typeSizeFromDwarf("Cell", Types, "/src/prog").Bytes, 4u);
  EXPECT_EQ(typeSizeFromDwarf("(anonymous namespace)::Anon", Types, "/src/prog")
                .Bytes,
            4u);
  EXPECT_EQ(typeSizeFromDwarf("Outer::Nested", Types, "/src/prog").Bytes, 3u);
  EXPECT_EQ(typeSizeFromDwarf("Color", Types, "/src/prog").Bytes, 2u);
  // Not found, only declared: no size, and why.
  TypeSize Missing = typeSizeFromDwarf("Nested", Types, "/src/prog");
  EXPECT_EQ(Missing.Bytes, 0u);
  EXPECT_EQ(Missing.Why, "not in the debug information of /src/prog (built "
                         "without -g, or with -gline-tables-only?)");
  TypeSize Declared = typeSizeFromDwarf("Later", Types, "/src/prog");
  EXPECT_EQ(Declared.Bytes, 0u);
  EXPECT_EQ(Declared.Why,
            "only a declaration in the debug information of /src/prog");
  // A class local to a function, named through it with or without its
  // parameters ("main::Local", "main(int, char**)::Local").
  EXPECT_EQ(typeSizeFromDwarf("main::Local", Types, "/src/prog").Bytes, 16u);
  EXPECT_EQ(
      typeSizeFromDwarf("main(int, char**)::Local", Types, "/src/prog").Bytes,
      16u);
  EXPECT_EQ(typeSizeFromDwarf("Local", Types, "/src/prog").Bytes, 0u);
  EXPECT_EQ(typeSizeFromDwarf("other(int)::Local", Types, "/src/prog").Bytes,
            0u);
  EXPECT_EQ(typeSizeFromDwarf("std::pair<char*, std::vector<int, std::"
                              "allocator<int> > >",
                              Types, "/src/prog")
                .Bytes,
            0u);
}

TEST(TypeSizeFromDwarf, DefinitionsThatDisagreeAreNoAnswer) {
  // Two compile units with their own anonymous-namespace types of one name.
  std::vector<DwarfType> Types(2);
  Types[0].Tag = Types[1].Tag = "DW_TAG_structure_type";
  Types[0].QualifiedName = Types[1].QualifiedName =
      "(anonymous namespace)::Node";
  Types[0].HasByteSize = Types[1].HasByteSize = true;
  Types[0].ByteSize = 8;
  Types[1].ByteSize = 16;
  TypeSize Size =
      typeSizeFromDwarf("(anonymous namespace)::Node", Types, "/src/prog");
  EXPECT_EQ(Size.Bytes, 0u);
  EXPECT_EQ(Size.Why, "2 definitions of different sizes in the debug "
                      "information of /src/prog");
  Types[1].ByteSize = 8; // The same size twice is one answer.
  EXPECT_EQ(typeSizeFromDwarf("(anonymous namespace)::Node", Types, "/src/prog")
                .Bytes,
            8u);
}

TEST(DwarfdumpNames, ExactNamesForClassesAndPatternsForSpecializations) {
  DwarfdumpNames Names = dwarfdumpNames(
      {"ns::Pt", "std::pair<int, int>", "Cell", "(anonymous namespace)::Anon",
       "std::__1::pair<int, long>", "main::'lambda'(int)",
       "std::vector<int>::Impl", "Box<int>", "other::Box"});
  // "other::Box" keeps its exact name: Box<int>'s pattern runs only when
  // Box<int>'s spelling finds nothing.
  EXPECT_EQ(Names.Exact,
            (std::vector<std::string>{"Anon", "Box", "Cell", "Impl", "Pt"}));
  EXPECT_EQ(Names.Patterns,
            (std::vector<std::string>{"^Box(<.*)?$", "^pair(<.*)?$"}));
}

TEST(DwarfSpelling, ClangsSpellingOfTheLastComponent) {
  EXPECT_EQ(dwarfSpelling("std::pair<int const, char const*>"),
            "pair<const int, const char *>");
  EXPECT_EQ(dwarfSpelling("std::_Rb_tree_node<std::pair<int const, int> >"),
            "_Rb_tree_node<std::pair<const int, int> >");
  EXPECT_EQ(dwarfSpelling("ns::Wrapper<int>"), "Wrapper<int>");
  EXPECT_EQ(dwarfSpelling("Cell"), "Cell");
  // A nested name with arguments before its last component is left as it
  // is: a pattern finds it.
  EXPECT_EQ(dwarfSpelling("Box<A<int>::B<char> >"), "Box<A<int>::B<char> >");
}

// --- The profile ---------------------------------------------------------

TEST(Fnv1a64, KnownValues) {
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(fnv1a64("foobar"), 0x85944171f73967e8ULL);
  EXPECT_EQ(fnv1a64(std::string("\0\xff", 2)), 0x0831c907b4ea2b60ULL);
}

TEST(DescribeSourceFile, RealPathSizeAndHash) {
  std::string Dir = ::testing::TempDir();
  std::string Path = Dir + "/profile-test-source.cpp";
  {
    std::ofstream Out(Path, std::ios::binary);
    Out << "foobar";
  }
  SourceFile File = describeSourceFile(Dir + "/./profile-test-source.cpp");
  EXPECT_TRUE(File.Exists);
  EXPECT_EQ(File.Path.find("/./"), std::string::npos);
  EXPECT_EQ(File.Path.substr(File.Path.size() - 24),
            "/profile-test-source.cpp");
  EXPECT_EQ(File.Size, 6u);
  EXPECT_EQ(File.Hash, 0x85944171f73967e8ULL);
  std::remove(Path.c_str());
  SourceFile Gone = describeSourceFile("/no/such/dir/../file.cpp");
  EXPECT_FALSE(Gone.Exists);
  EXPECT_EQ(Gone.Path, "/no/such/file.cpp");
}

TEST(DescribeSourceFile, MissingFilesAreFoundUnderSourceRootsLongestFirst) {
  std::string Root = ::testing::TempDir() + "/profile-test-root";
  std::string Other = ::testing::TempDir() + "/profile-test-other";
  for (const std::string &Dir :
       {Root, Root + "/src", Root + "/src/io", Other, Other + "/io"})
    mkdir(Dir.c_str(), 0755);
  auto Write = [](const std::string &Path, const char *Text) {
    std::ofstream Out(Path, std::ios::binary);
    Out << Text;
  };
  Write(Root + "/reader.h", "short");
  Write(Root + "/src/io/reader.h", "longest");
  Write(Other + "/io/reader.h", "other");
  // The build directory in front of the relative name does not exist.
  const std::string Missing = "/no/build/dir/src/io/reader.h";
  EXPECT_EQ(findUnderSourceRoots(Missing, {Root}),
            realPath(Root + "/src/io/reader.h"));
  // Roots in order: the first that holds any trailing part wins.
  EXPECT_EQ(findUnderSourceRoots(Missing, {Other, Root}),
            realPath(Other + "/io/reader.h"));
  EXPECT_EQ(findUnderSourceRoots("/no/build/dir/lib/other.h", {Root}), "");
  EXPECT_EQ(findUnderSourceRoots(Missing, {}), "");
  SourceFile File = describeSourceFile(Missing, {Root});
  EXPECT_TRUE(File.Exists);
  EXPECT_EQ(File.Size, 7u);
  // A file that exists is itself, whatever the roots hold.
  SourceFile Itself = describeSourceFile(Root + "/reader.h", {Other});
  EXPECT_EQ(Itself.Path, realPath(Root + "/reader.h"));
}

ProfileSite site(const char *File, unsigned Line, const char *Element,
                 std::uint64_t ElementSize, std::uint64_t Elements,
                 std::uint64_t Allocations) {
  ProfileSite S;
  S.File = File;
  S.Line = Line;
  S.Column = 5;
  S.Function = "f()";
  S.Container = "std::vector<" + std::string(Element) + ">";
  S.Element = Element;
  S.ElementSize = ElementSize;
  S.Allocations = Allocations;
  S.Bytes = Elements * ElementSize * Allocations;
  S.Counts[Elements] = Allocations;
  return S;
}

TEST(MergeSites, HistogramsAddUpBySite) {
  std::vector<ProfileSite> Sites = {
      site("/b.cpp", 3, "int", 4, 1, 100), site("/a.cpp", 9, "int", 4, 4, 10),
      site("/b.cpp", 3, "int", 4, 2, 10),  site("/b.cpp", 3, "int", 4, 1, 5),
      site("/b.cpp", 3, "long", 8, 1, 7),  site("/a.cpp", 10, "int", 4, 3, 1)};
  // Another column is another site.
  Sites.push_back(site("/b.cpp", 3, "int", 4, 1, 1));
  Sites.back().Column = 9;
  std::vector<ProfileSite> Merged = mergeSites(Sites);
  ASSERT_EQ(Merged.size(), 5u);
  EXPECT_EQ(Merged[0].File, "/a.cpp");
  EXPECT_EQ(Merged[0].Line, 9u);
  EXPECT_EQ(Merged[1].Line, 10u);
  const ProfileSite &B = Merged[2];
  EXPECT_EQ(B.File, "/b.cpp");
  EXPECT_EQ(B.Element, "int");
  EXPECT_EQ(B.Allocations, 115u);
  EXPECT_EQ(B.Bytes, 4u * 100 + 8 * 10 + 4 * 5);
  EXPECT_EQ(B.Counts,
            (std::map<std::uint64_t, std::uint64_t>{{1, 105}, {2, 10}}));
  // Same line and column: by container.
  EXPECT_EQ(Merged[3].Element, "long");
  EXPECT_EQ(Merged[4].Column, 9u);
}

TEST(MergeSites, ProcessesOfSeparateRunsAddUpUnlessOneIsUnknown) {
  ProfileSite A = site("/a.cpp", 3, "int", 4, 1, 10);
  A.Processes = 2;
  A.ProcessesByCount = {{1, 2}};
  ProfileSite B = site("/a.cpp", 3, "int", 4, 2, 3);
  B.Counts[1] = 4;
  B.Allocations = 7;
  B.Processes = 3;
  B.ProcessesByCount = {{1, 1}, {2, 3}};
  std::vector<ProfileSite> Merged = mergeSites({A, B});
  ASSERT_EQ(Merged.size(), 1u);
  EXPECT_EQ(Merged[0].Processes, 5u);
  EXPECT_EQ(Merged[0].ProcessesByCount,
            (std::map<std::uint64_t, std::uint64_t>{{1, 3}, {2, 3}}));
  // A profile written before heapcount counted them does not know.
  ProfileSite Old = site("/a.cpp", 3, "int", 4, 1, 10);
  Merged = mergeSites({A, Old, B});
  ASSERT_EQ(Merged.size(), 1u);
  EXPECT_EQ(Merged[0].Processes, 0u);
  EXPECT_TRUE(Merged[0].ProcessesByCount.empty());
}

TEST(SiteCallers, EachPlaceOncePerStackThenAddedUpByPlace) {
  auto PlaceAt = [](const char *File, unsigned Line) {
    return SiteCaller{File, Line, 3, 0, {}};
  };
  SiteCallers Callers;
  // A recursive call passes one place three times on a stack.
  Callers.add({PlaceAt("/b.cpp", 4), PlaceAt("/a.cpp", 9), PlaceAt("/b.cpp", 4),
               PlaceAt("/b.cpp", 4)},
              false, 10, 2);
  Callers.add({PlaceAt("/a.cpp", 9), PlaceAt("/a.cpp", 20)}, true, 5, 1);
  ASSERT_EQ(Callers.Places.size(), 3u);
  EXPECT_EQ(Callers.Places[0].Line, 9u);
  EXPECT_EQ(Callers.Places[0].Allocations, 15u);
  EXPECT_EQ(Callers.Places[0].Counts,
            (std::map<std::uint64_t, std::uint64_t>{{1, 5}, {2, 10}}));
  EXPECT_EQ(Callers.Places[1].Line, 20u);
  EXPECT_EQ(Callers.Places[1].Allocations, 5u);
  EXPECT_EQ(Callers.Places[2].File, "/b.cpp");
  EXPECT_EQ(Callers.Places[2].Allocations, 10u);
  EXPECT_EQ(Callers.Cut.Allocations, 5u);
  // Sites of other processes merge their callers; one that does not know
  // them (an older profile) makes them unknown.
  ProfileSite A = site("/s.cpp", 3, "int", 4, 2, 10);
  A.Callers = Callers;
  ProfileSite B = site("/s.cpp", 3, "int", 4, 2, 10);
  B.Callers.add({PlaceAt("/b.cpp", 4)}, false, 10, 2);
  std::vector<ProfileSite> Merged = mergeSites({A, B});
  ASSERT_EQ(Merged.size(), 1u);
  EXPECT_TRUE(Merged[0].Callers.Known);
  EXPECT_EQ(Merged[0].Callers.Places[2].Allocations, 20u);
  ProfileSite Old = site("/s.cpp", 3, "int", 4, 2, 10);
  Old.Callers.Known = false;
  Merged = mergeSites({A, Old, B});
  EXPECT_FALSE(Merged[0].Callers.Known);
  EXPECT_TRUE(Merged[0].Callers.Places.empty());
}

TEST(BuildProfile, TheProcessesThatCameThroughEachCaller) {
  // Three stacks of one site: two processes through main.cpp:9, the
  // second of them also through main.cpp:20.
  StackReport Report = growthReport();
  auto Made = [](std::initializer_list<std::uint32_t> Processes) {
    ProcessSet Set;
    for (std::uint32_t P : Processes)
      Set.addLast(P);
    return Set;
  };
  Report.Stacks = {{10, 40, {0x1}, 4, Made({0, 1})},
                   {5, 20, {0x2}, 4, Made({1})},
                   {7, 28, {0x3}, 4, Made({2})}};
  ContainerGrowth G;
  G.IsGrowth = true;
  G.Element = "int";
  G.Container = "std::vector<int>";
  G.File = "/src/a.cpp";
  G.Line = 5;
  G.Function = "f()";
  G.ReachedUserCode = true;
  std::vector<ContainerGrowth> Growth = {G, G, G};
  Growth[0].Callers = {SiteCaller{"/src/main.cpp", 9, 3, 0, {}}};
  Growth[1].Callers = {SiteCaller{"/src/main.cpp", 9, 3, 0, {}},
                       SiteCaller{"/src/main.cpp", 20, 3, 0, {}}};
  Growth[2].Callers = {SiteCaller{"/src/main.cpp", 30, 3, 0, {}}};
  Profile P = buildProfile(Report, Growth, ElementSizes(), {});
  ASSERT_EQ(P.Sites.size(), 1u);
  EXPECT_EQ(P.Sites[0].Processes, 3u);
  const std::vector<SiteCaller> &Places = P.Sites[0].Callers.Places;
  ASSERT_EQ(Places.size(), 3u);
  EXPECT_EQ(Places[0].Allocations, 15u);
  EXPECT_EQ(Places[0].Processes, 2u);
  EXPECT_EQ(Places[1].Processes, 1u);
  EXPECT_EQ(Places[2].Processes, 1u);
  // Written and read back; profiles of separate runs add them up, and one
  // that does not know them makes them unknown.
  Profile Read;
  std::string Error;
  ASSERT_TRUE(readProfile(profileJson(P), Read, Error)) << Error;
  EXPECT_EQ(Read.Sites[0].Callers.Places[0].Processes, 2u);
  std::vector<ProfileSite> Merged = mergeSites({P.Sites[0], Read.Sites[0]});
  EXPECT_EQ(Merged[0].Callers.Places[0].Processes, 4u);
  ProfileSite Old = P.Sites[0];
  Old.Callers.Places[0].Processes = 0;
  Merged = mergeSites({P.Sites[0], Old});
  EXPECT_EQ(Merged[0].Callers.Places[0].Processes, 0u);
}

TEST(BuildProfile, SitesAndWhatIsLeftOut) {
  StackReport Report = growthReport();
  Report.Dropped = 2;
  Report.Stacks = {
      {100, 400, {0x1}, 4},    // int at a.cpp:5, 1 element.
      {10, 80, {0x2}, 8},      // The same site, 2 elements.
      {50, 24000, {0x3}, 480}, // Cell at b.cpp:14, 120 elements.
      {3, 30, {0x4}, 10},      // Cell again, 10 bytes: not a multiple of 4.
      {7, 56, {0x5}, 8},       // No line information.
      {2, 64, {0x6}, 32},      // Pt: no size found.
      {9, 90, {0x7}, 10},      // Not growth.
      {4, 64, {0x8}, 16},      // Cut before the user's code.
  };
  auto MakeGrowth = [](const char *Element, const char *File, unsigned Line) {
    ContainerGrowth G;
    G.IsGrowth = true;
    G.Element = Element;
    G.ElementModule = 0;
    G.Container = "std::vector<" + std::string(Element) + ">";
    G.File = File;
    G.Line = Line;
    G.Column = 3;
    G.Function = "f()";
    G.ReachedUserCode = true;
    return G;
  };
  std::vector<ContainerGrowth> Growth = {MakeGrowth("int", "/src/a.cpp", 5),
                                         MakeGrowth("int", "/src/a.cpp", 5),
                                         MakeGrowth("Cell", "/src/b.cpp", 14),
                                         MakeGrowth("Cell", "/src/b.cpp", 14),
                                         MakeGrowth("int", "", 0),
                                         MakeGrowth("ns::Pt", "/src/b.cpp", 20),
                                         ContainerGrowth(),
                                         MakeGrowth("int", "", 0)};
  Growth.back().ReachedUserCode = false;
  Growth[4].FrameModule = 0;
  Growth[4].FrameOffset = 0x44;
  ElementSizes Sizes;
  Sizes[{0, "Cell"}] = TypeSize{4, ""};
  Sizes[{0, "ns::Pt"}] = TypeSize{0, "only a declaration"};
  std::map<std::string, SourceFile> Files;
  Files["/src/a.cpp"] = SourceFile{"/real/a.cpp", true, false, 10, 0x1234};
  Files["/src/b.cpp"] = SourceFile{"/src/b.cpp", false, false, 0, 0};
  // The first site's callers: one in a file of sites, one in a file that
  // only callers name.
  Growth[0].Callers = {SiteCaller{"/src/a.cpp", 30, 5, 0, {}},
                       SiteCaller{"/src/main.cpp", 9, 3, 0, {}}};
  Profile P = buildProfile(Report, Growth, Sizes, Files);
  EXPECT_EQ(P.Program, "/src/prog");
  EXPECT_EQ(P.Allocations, 500u);
  EXPECT_EQ(P.Profiled, 160u);
  ASSERT_EQ(P.Sites.size(), 2u);
  EXPECT_EQ(P.Sites[0].File, "/real/a.cpp");
  EXPECT_EQ(P.Sites[0].Allocations, 110u);
  EXPECT_EQ(P.Sites[0].Bytes, 480u);
  EXPECT_EQ(P.Sites[0].Counts,
            (std::map<std::uint64_t, std::uint64_t>{{1, 100}, {2, 10}}));
  EXPECT_EQ(P.Sites[1].Element, "Cell");
  EXPECT_EQ(P.Sites[1].ElementSize, 4u);
  EXPECT_EQ(P.Sites[1].Counts,
            (std::map<std::uint64_t, std::uint64_t>{{120, 50}}));
  ASSERT_EQ(P.Sites[0].Callers.Places.size(), 2u);
  EXPECT_EQ(P.Sites[0].Callers.Places[0].File, "/real/a.cpp");
  EXPECT_EQ(P.Sites[0].Callers.Places[1].File, "/src/main.cpp");
  ASSERT_EQ(P.Files.size(), 3u);
  EXPECT_EQ(P.Files[0].Path, "/real/a.cpp");
  EXPECT_FALSE(P.Files[0].CallersOnly);
  EXPECT_EQ(P.Files[1].Path, "/src/b.cpp");
  EXPECT_FALSE(P.Files[1].CallersOnly);
  EXPECT_EQ(P.Files[2].Path, "/src/main.cpp");
  EXPECT_TRUE(P.Files[2].CallersOnly);
  EXPECT_NE(
      profileJson(P).find("{\"path\":\"/src/main.cpp\",\"callers_only\":true}"),
      std::string::npos);
  Profile Read;
  std::string Error;
  ASSERT_TRUE(readProfile(profileJson(P), Read, Error)) << Error;
  EXPECT_TRUE(Read.Files[2].CallersOnly);
  EXPECT_FALSE(Read.Files[0].CallersOnly);
  EXPECT_EQ(P.NotMultiple.Allocations, 3u);
  EXPECT_EQ(P.NoLine.Allocations, 7u);
  ASSERT_EQ(P.NoElementSize.count("ns::Pt"), 1u);
  EXPECT_EQ(P.NoElementSize["ns::Pt"].first.Allocations, 2u);
  EXPECT_EQ(P.NoElementSize["ns::Pt"].second, "only a declaration");
  EXPECT_EQ(P.NoUserFrame.Allocations, 4u);
  EXPECT_EQ(P.leftOut(), 16u);
  EXPECT_EQ(P.Dropped, 2u);
  // The left-out growth by reason and place, most allocations first.
  ASSERT_EQ(P.Unattributed.size(), 4u);
  EXPECT_EQ(P.Unattributed[0].Reason, "no_line");
  EXPECT_EQ(P.Unattributed[0].Allocations, 7u);
  EXPECT_EQ(P.Unattributed[0].Bytes, 56u);
  EXPECT_EQ(P.Unattributed[0].Module, "/src/prog");
  EXPECT_EQ(P.Unattributed[0].Offset, 0x44u);
  EXPECT_EQ(P.Unattributed[1].Reason, "no_user_frame");
  EXPECT_EQ(P.Unattributed[2].Reason, "not_multiple");
  EXPECT_EQ(P.Unattributed[2].File, "/src/b.cpp");
  EXPECT_EQ(P.Unattributed[2].Line, 14u);
  EXPECT_EQ(P.Unattributed[2].Function, "f()");
  EXPECT_EQ(P.Unattributed[3].Reason, "no_element_size");
  EXPECT_EQ(P.Unattributed[3].Element, "ns::Pt");
  EXPECT_EQ(P.Unattributed[3].Line, 20u);
  EXPECT_TRUE(P.AllocationSites.empty());

  // Stacks that are not keyed by size cannot be counted.
  Report.BySize = false;
  Profile Unsized = buildProfile(Report, Growth, Sizes, Files);
  EXPECT_TRUE(Unsized.Sites.empty());
  EXPECT_EQ(Unsized.NoSize.Allocations, 176u);
}

TEST(BuildProfile, AllocationSitesOfTheUsersOwnAllocations) {
  // new char[n] and malloc in Str's member functions: not growth, by site,
  // with a histogram of the requested sizes.
  StackReport Report = growthReport();
  Report.Stacks = {{4, 24, {0x1}, 6},    // Str::Str at str.cpp:7, 6 bytes.
                   {2, 18, {0x2}, 9},    // The same site, 9 bytes.
                   {1, 6, {0x3}, 6},     // The same site through another stack.
                   {3, 300, {0x4}, 100}, // Str::grow's malloc at str.cpp:12.
                   {5, 40, {0x5}, 8},    // No line: not a site.
                   {6, 48, {0x6}, 8}};   // Not in the user's code.
  auto Alloc = [](const char *Function, const char *File, unsigned Line) {
    ContainerGrowth G;
    G.ReachedUserCode = true;
    G.File = File;
    G.Line = Line;
    G.Column = 11;
    G.Function = Function;
    return G;
  };
  std::vector<ContainerGrowth> Growth = {
      Alloc("Str::Str(char const*)", "/src/str.cpp", 7),
      Alloc("Str::Str(char const*)", "/src/str.cpp", 7),
      Alloc("Str::Str(char const*)", "/src/str.cpp", 7),
      Alloc("Str::grow(unsigned long)", "/src/str.cpp", 12),
      Alloc("main", "", 0),
      ContainerGrowth()};
  std::map<std::string, SourceFile> Files;
  Files["/src/str.cpp"] = SourceFile{"/real/str.cpp", true, false, 99, 0x42};
  Profile P = buildProfile(Report, Growth, ElementSizes(), Files);
  EXPECT_TRUE(P.Sites.empty());
  EXPECT_EQ(P.Profiled, 0u);
  EXPECT_EQ(P.leftOut(), 0u);
  ASSERT_EQ(P.AllocationSites.size(), 2u);
  const AllocationSite &Ctor = P.AllocationSites[0];
  EXPECT_EQ(Ctor.File, "/real/str.cpp");
  EXPECT_EQ(Ctor.Line, 7u);
  EXPECT_EQ(Ctor.Column, 11u);
  EXPECT_EQ(Ctor.Function, "Str::Str(char const*)");
  EXPECT_EQ(Ctor.Allocations, 7u);
  EXPECT_EQ(Ctor.Bytes, 48u);
  EXPECT_EQ(Ctor.Sizes,
            (std::map<std::uint64_t, std::uint64_t>{{6, 5}, {9, 2}}));
  EXPECT_EQ(P.AllocationSites[1].Line, 12u);
  EXPECT_EQ(P.AllocationSites[1].Sizes,
            (std::map<std::uint64_t, std::uint64_t>{{100, 3}}));
  // Their files are listed too.
  ASSERT_EQ(P.Files.size(), 1u);
  EXPECT_EQ(P.Files[0].Path, "/real/str.cpp");
  EXPECT_EQ(P.Files[0].Hash, 0x42u);
}

TEST(BuildProfile, ZeroElementsAreACount) {
  // operator new(0) through an allocator: 0 elements requested, not a guess.
  StackReport Report = growthReport();
  Report.Stacks = {{2, 0, {0x1}, 0}};
  ContainerGrowth G;
  G.IsGrowth = G.ReachedUserCode = true;
  G.Element = "int";
  G.Container = "std::vector<int>";
  G.File = "/src/a.cpp";
  G.Line = 4;
  Profile P = buildProfile(Report, {G}, ElementSizes(), {});
  ASSERT_EQ(P.Sites.size(), 1u);
  EXPECT_EQ(P.Sites[0].Counts,
            (std::map<std::uint64_t, std::uint64_t>{{0, 2}}));
  EXPECT_EQ(P.Files.size(), 1u);
  EXPECT_EQ(P.Files[0].Path, "/src/a.cpp");
  EXPECT_FALSE(P.Files[0].Exists);
}

ProcessSet processes(std::initializer_list<std::uint32_t> Numbers) {
  ProcessSet Set;
  for (std::uint32_t Process : Numbers)
    Set.addLast(Process);
  return Set;
}

TEST(BuildProfile, ASitesProcessesCountEachProcessOnce) {
  // A string filled in a loop, in the folded stacks of 3 processes: 31
  // characters in each of them, and in process 0 again from another caller
  // (another stack, the same site); 61 characters in processes 1 and 2. A
  // buffer of its own class at another line, in process 2.
  StackReport Report = growthReport();
  Report.Stacks = {{3, 93, {0x1}, 31, processes({0, 1, 2})},
                   {1, 31, {0x2}, 31, processes({0})},
                   {2, 122, {0x3}, 61, processes({1, 2})},
                   {1, 8, {0x4}, 8, processes({2})}};
  ContainerGrowth G;
  G.IsGrowth = G.ReachedUserCode = true;
  G.Element = "char";
  G.Container = "std::__cxx11::basic_string<char>";
  G.File = "/src/a.cpp";
  G.Line = 4;
  ContainerGrowth Buffer = G;
  Buffer.IsGrowth = false;
  Buffer.Line = 9;
  Profile P = buildProfile(Report, {G, G, G, Buffer}, ElementSizes(), {});
  ASSERT_EQ(P.Sites.size(), 1u);
  EXPECT_EQ(P.Sites[0].Counts,
            (std::map<std::uint64_t, std::uint64_t>{{31, 4}, {61, 2}}));
  EXPECT_EQ(P.Sites[0].Processes, 3u);
  EXPECT_EQ(P.Sites[0].ProcessesByCount,
            (std::map<std::uint64_t, std::uint64_t>{{31, 3}, {61, 2}}));
  ASSERT_EQ(P.AllocationSites.size(), 1u);
  EXPECT_EQ(P.AllocationSites[0].Processes, 1u);
  EXPECT_EQ(P.AllocationSites[0].ProcessesBySize,
            (std::map<std::uint64_t, std::uint64_t>{{8, 1}}));

  // A stack that does not say (one process's own report): unknown.
  Report.Stacks[1].Processes = ProcessSet();
  Profile Unknown = buildProfile(Report, {G, G, G, Buffer}, ElementSizes(), {});
  ASSERT_EQ(Unknown.Sites.size(), 1u);
  EXPECT_EQ(Unknown.Sites[0].Processes, 0u);
  EXPECT_TRUE(Unknown.Sites[0].ProcessesByCount.empty());
  EXPECT_EQ(Unknown.AllocationSites[0].Processes, 1u);
}

Profile smallProfile() {
  Profile P;
  P.Program = "/src/prog";
  P.Allocations = 300;
  P.Profiled = 150;
  P.Files = {
      SourceFile{"/src/a \"q\".cpp", true, false, 42, 0xcbf29ce484222325ULL},
      SourceFile{"/gone.cpp", false, false, 0, 0}};
  ProfileSite A = site("/src/a \"q\".cpp", 7, "int", 4, 1, 100);
  A.Counts[4] = 10;
  A.Allocations = 110;
  A.Bytes = 560;
  // 100 allocations came through main's call at line 12, 10 through stacks
  // cut before eight callers.
  A.Callers.Places = {
      SiteCaller{"/src/a \"q\".cpp", 12, 3, 100, {{1, 90}, {4, 10}}}};
  A.Callers.Cut = SiteCaller{"", 0, 0, 10, {{1, 10}}};
  ProfileSite B = site("/gone.cpp", 1, "Cell", 4, 120, 40);
  B.Function = "Row::Row(int)";
  P.Sites = {A, B};
  return P;
}

TEST(ProfileJson, TheContractsShape) {
  EXPECT_EQ(
      profileJson(smallProfile()),
      "{\"heapcount_profile\":1,\n"
      "\"program\":\"/src/prog\",\n"
      "\"allocations\":300,\n"
      "\"profiled\":150,\n"
      "\"left_out\":0,\n"
      "\"files\":[\n"
      "{\"path\":\"/src/a \\\"q\\\".cpp\",\"size\":42,"
      "\"fnv1a64\":\"cbf29ce484222325\"},\n"
      "{\"path\":\"/gone.cpp\"}],\n"
      "\"sites\":[\n"
      "{\"file\":\"/src/a \\\"q\\\".cpp\",\"line\":7,\"column\":5,"
      "\"function\":\"f()\",\"container\":\"std::vector<int>\","
      "\"element\":\"int\",\"element_size\":4,\"allocations\":110,"
      "\"bytes\":560,\"counts\":[[1,100],[4,10]],"
      "\"callers\":[{\"file\":\"/src/a \\\"q\\\".cpp\",\"line\":12,"
      "\"column\":3,\"allocations\":100,\"counts\":[[1,90],[4,10]]}],"
      "\"callers_cut\":{\"allocations\":10,\"counts\":[[1,10]]}},\n"
      "{\"file\":\"/gone.cpp\",\"line\":1,\"column\":5,"
      "\"function\":\"Row::Row(int)\",\"container\":\"std::vector<Cell>\","
      "\"element\":\"Cell\",\"element_size\":4,\"allocations\":40,"
      "\"bytes\":19200,\"counts\":[[120,40]],\"callers\":[]}],\n"
      "\"allocation_sites\":[],\n\"unattributed\":[],\n"
      "\"processes\":1,\n\"programs\":[]}\n");
  Profile Empty;
  Empty.Program = "/p";
  EXPECT_EQ(profileJson(Empty),
            "{\"heapcount_profile\":1,\n\"program\":\"/p\",\n"
            "\"allocations\":0,\n\"profiled\":0,\n\"left_out\":0,\n"
            "\"files\":[],\n\"sites\":[],\n\"allocation_sites\":[],\n"
            "\"unattributed\":[],\n\"processes\":1,\n\"programs\":[]}\n");
}

Profile profileWithNewMembers() {
  Profile P = smallProfile();
  AllocationSite A;
  A.File = "/gone.cpp";
  A.Line = 3;
  A.Column = 7;
  A.Function = "Str::Str(char const*)";
  A.Allocations = 5;
  A.Bytes = 34;
  A.Sizes = {{6, 4}, {10, 1}};
  // Read from a profile written before heapcount recorded callers.
  A.Callers.Known = false;
  P.AllocationSites = {A};
  UnattributedGroup NoLine;
  NoLine.Reason = "no_line";
  NoLine.Function = "Row::Row(int)";
  NoLine.Module = "/src/prog";
  NoLine.Offset = 0x4ff;
  NoLine.Allocations = 9;
  NoLine.Bytes = 90;
  UnattributedGroup NoSize;
  NoSize.Reason = "no_element_size";
  NoSize.Element = "ns::Pt";
  NoSize.Function = "f()";
  NoSize.File = "/src/b.cpp";
  NoSize.Line = 20;
  NoSize.Column = 3;
  NoSize.Allocations = 2;
  NoSize.Bytes = 64;
  P.Unattributed = {NoLine, NoSize};
  P.Sites[1].Processes = 2;
  P.Sites[1].ProcessesByCount = {{120, 2}};
  P.AllocationSites[0].Processes = 1;
  P.AllocationSites[0].ProcessesBySize = {{6, 1}, {10, 1}};
  P.NoLine = LeftOut{9, 1};
  P.NoElementSize["ns::Pt"] = {LeftOut{2, 1}, "only a declaration"};
  P.Processes = 3;
  P.Programs = {"/src/prog", "/src/test"};
  return P;
}

TEST(ProfileJson, AllocationSitesUnattributedAndProcesses) {
  std::string Json = profileJson(profileWithNewMembers());
  EXPECT_NE(Json.find("\"left_out\":11,\n"), std::string::npos) << Json;
  // A site whose processes are known says how many, and for each count.
  EXPECT_NE(Json.find("\"counts\":[[120,40]],\"processes\":2,"
                      "\"processes_by_count\":[[120,2]],\"callers\":[]}"),
            std::string::npos)
      << Json;
  std::string Tail = Json.substr(Json.find("\n\"allocation_sites\""));
  EXPECT_EQ(Tail, "\n\"allocation_sites\":[\n"
                  "{\"file\":\"/gone.cpp\",\"line\":3,\"column\":7,"
                  "\"function\":\"Str::Str(char const*)\",\"allocations\":5,"
                  "\"bytes\":34,\"sizes\":[[6,4],[10,1]],\"processes\":1,"
                  "\"processes_by_size\":[[6,1],[10,1]]}],\n"
                  "\"unattributed\":[\n"
                  "{\"reason\":\"no_line\",\"allocations\":9,\"bytes\":90,"
                  "\"function\":\"Row::Row(int)\",\"module\":\"/src/prog\","
                  "\"offset\":\"0x4ff\"},\n"
                  "{\"reason\":\"no_element_size\",\"element\":\"ns::Pt\","
                  "\"allocations\":2,\"bytes\":64,\"function\":\"f()\","
                  "\"file\":\"/src/b.cpp\",\"line\":20,\"column\":3}],\n"
                  "\"processes\":3,\n"
                  "\"programs\":[\"/src/prog\",\"/src/test\"]}\n");
  // At most MaxUnattributedInFile groups, the ones with most allocations.
  Profile Many;
  for (unsigned I = 0; I < MaxUnattributedInFile + 5; ++I) {
    UnattributedGroup G;
    G.Reason = "no_line";
    G.Offset = I;
    G.Allocations = 100 - I;
    Many.Unattributed.push_back(G);
  }
  Profile Read;
  std::string Error;
  ASSERT_TRUE(readProfile(profileJson(Many), Read, Error)) << Error;
  ASSERT_EQ(Read.Unattributed.size(), MaxUnattributedInFile);
  EXPECT_EQ(Read.Unattributed.back().Allocations,
            100u - (MaxUnattributedInFile - 1));
}

TEST(ReadProfile, WhatProfileJsonWrote) {
  Profile Read;
  std::string Error;
  ASSERT_TRUE(readProfile(profileJson(profileWithNewMembers()), Read, Error))
      << Error;
  EXPECT_EQ(Read.Program, "/src/prog");
  EXPECT_EQ(Read.Allocations, 300u);
  EXPECT_EQ(Read.Profiled, 150u);
  // The reasons are not in the file: all of it is of unknown reason.
  EXPECT_EQ(Read.LeftOutUnknown, 11u);
  EXPECT_EQ(Read.leftOut(), 11u);
  ASSERT_EQ(Read.Files.size(), 2u);
  EXPECT_TRUE(Read.Files[0].Exists);
  EXPECT_EQ(Read.Files[0].Size, 42u);
  EXPECT_EQ(Read.Files[0].Hash, 0xcbf29ce484222325ULL);
  EXPECT_FALSE(Read.Files[1].Exists);
  ASSERT_EQ(Read.Sites.size(), 2u);
  EXPECT_EQ(Read.Sites[0].Counts,
            (std::map<std::uint64_t, std::uint64_t>{{1, 100}, {4, 10}}));
  EXPECT_EQ(Read.Sites[1].Function, "Row::Row(int)");
  EXPECT_EQ(Read.Sites[1].ElementSize, 4u);
  // Processes: unknown at the first site, which does not say.
  EXPECT_EQ(Read.Sites[0].Processes, 0u);
  EXPECT_EQ(Read.Sites[1].Processes, 2u);
  EXPECT_EQ(Read.Sites[1].ProcessesByCount,
            (std::map<std::uint64_t, std::uint64_t>{{120, 2}}));
  EXPECT_EQ(Read.AllocationSites[0].ProcessesBySize,
            (std::map<std::uint64_t, std::uint64_t>{{6, 1}, {10, 1}}));
  ASSERT_EQ(Read.AllocationSites.size(), 1u);
  EXPECT_EQ(Read.AllocationSites[0].Sizes,
            (std::map<std::uint64_t, std::uint64_t>{{6, 4}, {10, 1}}));
  ASSERT_EQ(Read.Unattributed.size(), 2u);
  EXPECT_EQ(Read.Unattributed[0].Offset, 0x4ffu);
  EXPECT_EQ(Read.Unattributed[1].Element, "ns::Pt");
  EXPECT_EQ(Read.Processes, 3u);
  EXPECT_EQ(Read.Programs, (std::set<std::string>{"/src/prog", "/src/test"}));
  // Written again, the same text but for the reasons of left_out.
  Profile Again = profileWithNewMembers();
  EXPECT_EQ(profileJson(Read), profileJson(Again));
  // An older profile: no new members, one process.
  ASSERT_TRUE(readProfile("{\"heapcount_profile\":1,\"program\":\"/p\","
                          "\"sites\":[],\"future\":{\"x\":[1]}}",
                          Read, Error));
  EXPECT_EQ(Read.Processes, 1u);
  EXPECT_EQ(Read.Programs, (std::set<std::string>{"/p"}));
}

TEST(ReadProfile, SaysWhatIsWrong) {
  auto ErrorOf = [](const std::string &Json) {
    Profile P;
    std::string Error;
    EXPECT_FALSE(readProfile(Json, P, Error)) << Json;
    return Error;
  };
  EXPECT_EQ(ErrorOf("{\"heapcount_profile\":1,"), "not JSON (at offset 23)");
  EXPECT_EQ(ErrorOf("[]"), "not a JSON object");
  EXPECT_EQ(ErrorOf("{\"sites\":[]}"),
            "not a heapcount profile (no 'heapcount_profile' version)");
  EXPECT_EQ(ErrorOf("{\"heapcount_profile\":2,\"sites\":[]}"),
            "format version 2 is not supported (this reads 1)");
  EXPECT_EQ(ErrorOf("{\"heapcount_profile\":1}"),
            "'sites' is missing or not an array");
  EXPECT_EQ(ErrorOf("{\"heapcount_profile\":1,\"sites\":[{\"file\":\"a\","
                    "\"line\":1,\"counts\":[[1]]}]}"),
            "sites[0] is not a site (a 'file', a 'line' and 'counts')");
  EXPECT_EQ(ErrorOf("{\"heapcount_profile\":1,\"sites\":[{\"file\":\"a\","
                    "\"line\":1,\"counts\":[[1,2]],\"processes\":0,"
                    "\"processes_by_count\":[[1,0]]}]}"),
            "sites[0]: 'processes' and 'processes_by_count' are not a count "
            "and [elements, processes] pairs");
  EXPECT_EQ(ErrorOf("{\"heapcount_profile\":1,\"sites\":[],"
                    "\"allocation_sites\":[{\"file\":\"a\",\"line\":1,"
                    "\"sizes\":[[8,1]],\"processes\":1}]}"),
            "allocation_sites[0]: 'processes' and 'processes_by_size' are not "
            "a count and [bytes, processes] pairs");
  EXPECT_EQ(ErrorOf("{\"heapcount_profile\":1,\"sites\":[{\"file\":\"a\","
                    "\"line\":1,\"counts\":[[1,2]],\"callers\":[{\"file\":"
                    "\"b\",\"line\":2,\"counts\":[1]}]}]}"),
            "sites[0]: 'callers' is not a list of places (a 'file', a 'line' "
            "and 'counts')");
  EXPECT_EQ(ErrorOf("{\"heapcount_profile\":1,\"sites\":[{\"file\":\"a\","
                    "\"line\":1,\"counts\":[[1,2]],\"callers\":[],"
                    "\"callers_cut\":[]}]}"),
            "sites[0]: 'callers' is not a list of places (a 'file', a 'line' "
            "and 'counts')");
  EXPECT_EQ(ErrorOf("{\"heapcount_profile\":1,\"sites\":[],\"files\":[{"
                    "\"path\":\"a\",\"fnv1a64\":\"12\"}]}"),
            "files[0]: 'fnv1a64' is not 16 hexadecimal digits");
}

TEST(ReadProfile, AnIncompleteProfileIsRefused) {
  // heapcount was stopped before its profile covered the run: written with
  // "incomplete", never read back as a whole profile.
  Profile P;
  P.Program = "/bin/sh";
  P.Incomplete = "heapcount was stopped by SIGTERM while symbolizing (1 of 3 "
                 "modules done)";
  std::string Json = profileJson(P);
  EXPECT_NE(Json.find("\"incomplete\":\"heapcount was stopped by SIGTERM"),
            std::string::npos)
      << Json;
  Profile Read;
  std::string Error;
  EXPECT_FALSE(readProfile(Json, Read, Error));
  EXPECT_EQ(Error, "the profile is incomplete (" + P.Incomplete + ")");
  // A whole one has no such member.
  P.Incomplete.clear();
  EXPECT_EQ(profileJson(P).find("incomplete"), std::string::npos);
  EXPECT_TRUE(readProfile(profileJson(P), Read, Error)) << Error;
}

TEST(MergeProfiles, SumsAndMergesLikeSites) {
  Profile A = profileWithNewMembers();
  Profile B = smallProfile();
  B.Program = "/src/other";
  B.Processes = 1;
  B.Allocations = 50;
  B.Sites.pop_back();
  B.Files.pop_back();
  B.AllocationSites = A.AllocationSites;
  B.Unattributed = {A.Unattributed[1]};
  B.NoLine = LeftOut{1, 1};
  std::vector<std::string> Warnings;
  unsigned Looked = 0;
  Profile M = mergeProfiles(
      {A, B},
      [&](const std::string &Path) {
        ++Looked;
        return SourceFile{Path, false, false, 0, 0};
      },
      Warnings);
  EXPECT_TRUE(Warnings.empty());
  EXPECT_EQ(Looked, 0u); // The inputs agree: nothing is looked up.
  EXPECT_EQ(M.Program, "/src/prog");
  EXPECT_EQ(M.Processes, 4u);
  EXPECT_EQ(M.Programs,
            (std::set<std::string>{"/src/other", "/src/prog", "/src/test"}));
  EXPECT_EQ(M.Allocations, 350u);
  ASSERT_EQ(M.Sites.size(), 2u);
  EXPECT_EQ(M.Sites[0].File, "/gone.cpp");
  EXPECT_EQ(M.Sites[0].Allocations, 40u);
  EXPECT_EQ(M.Sites[1].Allocations, 220u);
  EXPECT_EQ(M.Sites[1].Counts,
            (std::map<std::uint64_t, std::uint64_t>{{1, 200}, {4, 20}}));
  EXPECT_EQ(M.Profiled, 260u);
  ASSERT_EQ(M.AllocationSites.size(), 1u);
  EXPECT_EQ(M.AllocationSites[0].Allocations, 10u);
  EXPECT_EQ(M.AllocationSites[0].Sizes,
            (std::map<std::uint64_t, std::uint64_t>{{6, 8}, {10, 2}}));
  // Separate runs: their processes add up.
  EXPECT_EQ(M.Sites[0].Processes, 2u);
  EXPECT_EQ(M.AllocationSites[0].Processes, 2u);
  EXPECT_EQ(M.AllocationSites[0].ProcessesBySize,
            (std::map<std::uint64_t, std::uint64_t>{{6, 2}, {10, 2}}));
  ASSERT_EQ(M.Unattributed.size(), 2u);
  EXPECT_EQ(M.Unattributed[0].Reason, "no_line");
  EXPECT_EQ(M.Unattributed[1].Allocations, 4u);
  EXPECT_EQ(M.NoLine.Allocations, 10u);
  EXPECT_EQ(M.leftOut(), 12u);
  ASSERT_EQ(M.Files.size(), 2u);
}

TEST(MergeProfiles, AFileThatChangedBetweenProfiles) {
  auto Of = [](std::uint64_t Hash, std::uint64_t Allocations) {
    Profile P;
    P.Program = "/p";
    P.Files = {SourceFile{"/src/a.cpp", true, false, 10, Hash},
               SourceFile{"/src/b.cpp", true, false, 20, 0xb}};
    P.Sites = {site("/src/a.cpp", 5, "int", 4, 1, Allocations),
               site("/src/b.cpp", 7, "int", 4, 2, 3)};
    AllocationSite S;
    S.File = "/src/a.cpp";
    S.Line = 9;
    S.Allocations = 1;
    S.Sizes[8] = 1;
    P.AllocationSites = {S};
    P.Allocations = 100;
    return P;
  };
  auto Now = [](std::uint64_t Hash) {
    return [Hash](const std::string &Path) {
      return SourceFile{Path, true, false, 10, Hash};
    };
  };
  // The first and third match the file as it is now: theirs are kept.
  std::vector<std::string> Warnings;
  Profile M = mergeProfiles({Of(0xa1, 10), Of(0xa2, 20), Of(0xa1, 30)},
                            Now(0xa1), Warnings);
  ASSERT_EQ(Warnings.size(), 1u);
  EXPECT_EQ(Warnings[0], "/src/a.cpp differs between the profiles: kept the "
                         "sites of the 2 of 3 that match it as it is now; 20 "
                         "allocations of the others left out");
  ASSERT_EQ(M.Sites.size(), 2u);
  EXPECT_EQ(M.Sites[0].Allocations, 40u);
  EXPECT_EQ(M.Sites[1].Allocations, 9u); // b.cpp: all three.
  EXPECT_EQ(M.AllocationSites[0].Allocations, 2u);
  ASSERT_EQ(M.Files.size(), 2u);
  EXPECT_EQ(M.Files[0].Hash, 0xa1u);
  EXPECT_EQ(M.Changed.Allocations, 20u);
  ASSERT_EQ(M.Unattributed.size(), 1u);
  EXPECT_EQ(M.Unattributed[0].Reason, "source_changed");
  EXPECT_EQ(M.Unattributed[0].Line, 5u);
  EXPECT_EQ(M.Profiled, 49u);
  EXPECT_EQ(M.leftOut(), 20u);
  // None matches: nothing of a.cpp is kept, and the file is not listed.
  Warnings.clear();
  M = mergeProfiles({Of(0xa1, 10), Of(0xa2, 20)}, Now(0xa3), Warnings);
  ASSERT_EQ(Warnings.size(), 1u);
  EXPECT_EQ(Warnings[0], "/src/a.cpp differs between the profiles and none "
                         "matches it as it is now: its sites are left out (30 "
                         "allocations)");
  ASSERT_EQ(M.Sites.size(), 1u);
  EXPECT_EQ(M.Sites[0].File, "/src/b.cpp");
  EXPECT_TRUE(M.AllocationSites.empty());
  ASSERT_EQ(M.Files.size(), 1u);
  EXPECT_EQ(M.Files[0].Path, "/src/b.cpp");
  EXPECT_EQ(M.Changed.Allocations, 30u);
}

TEST(FormatProfile, SummaryTopSitesAndWarnings) {
  Profile P = smallProfile();
  P.NoLine = LeftOut{7, 1};
  P.NoElementSize["ns::Pt"] = {LeftOut{1, 1}, "only a declaration in /p"};
  EXPECT_EQ(
      formatProfile(P, 5, "out.json"),
      "heapcount: warning: profile: 7 allocations by container growth at "
      "call sites without line information left out (build the program "
      "with -g)\n"
      "heapcount: warning: profile: no size for element type 'ns::Pt': only "
      "a declaration in /p; 1 allocation left out\n"
      "heapcount: profile: 2 container sites, 150 of 300 allocations; "
      "written to out.json\n"
      "heapcount: most allocations:\n"
      "heapcount:          110 allocs          560 bytes  /src/a \"q\".cpp:7:5"
      "  int (4 bytes): 1 x100, 4 x10\n"
      "heapcount:           40 allocs        19200 bytes  /gone.cpp:1:5     "
      "  Cell (4 bytes): 120 x40\n");
  // --top 1, and a histogram too long for one line: the six most common.
  ProfileSite Many = site("/m.cpp", 2, "char", 1, 1, 1);
  for (std::uint64_t N = 1; N <= 8; ++N)
    Many.Counts[N * 10] = N;
  Many.Allocations = 1000;
  P.Sites.push_back(Many);
  std::string Text = formatProfile(P, 1, "out.json");
  EXPECT_NE(Text.find("heapcount:         1000 allocs            1 bytes  "
                      "/m.cpp:2:5  char (1 byte): 30 x3, 40 x4, 50 x5, 60 x6, "
                      "70 x7, 80 x8, ... (3 more)\n"),
            std::string::npos)
      << Text;
  EXPECT_EQ(Text.find("/src/a"), std::string::npos);
  // Symbolized by addr2line: the likelier cause of missing lines.
  Profile Lost;
  Lost.NoLine = LeftOut{3, 1};
  Lost.ByAddr2line = true;
  EXPECT_EQ(formatProfile(Lost, 5, "p.json"),
            "heapcount: warning: profile: 3 allocations by container growth "
            "at call sites without line information left out (addr2line can "
            "lose inlined frames: use llvm-symbolizer, and build the program "
            "with -g)\nheapcount: profile: 0 container sites, 0 of 0 "
            "allocations; written to p.json\n");
  // No sites: the summary line alone.
  EXPECT_EQ(formatProfile(Profile(), 5, "p.json"),
            "heapcount: profile: 0 container sites, 0 of 0 allocations; "
            "written to p.json\n");
}

TEST(FormatProfile, WhatWasLeftOutAndTheProcesses) {
  Profile P = profileWithNewMembers();
  P.Sites.clear();
  P.Profiled = 0;
  EXPECT_EQ(formatProfile(P, 5, "out.json"),
            "heapcount: warning: profile: 9 allocations by container growth "
            "at call sites without line information left out (build the "
            "program with -g)\n"
            "heapcount: warning: profile: no size for element type 'ns::Pt': "
            "only a declaration; 2 allocations left out\n"
            "heapcount: left out, most allocations:\n"
            "heapcount:            9 allocs           90 bytes  no line: "
            "Row::Row(int) (prog+0x4ff)\n"
            "heapcount:            2 allocs           64 bytes  no size for "
            "ns::Pt: /src/b.cpp:20:3  f()\n"
            "heapcount: profile: 0 container sites, 0 of 300 allocations in 3 "
            "processes; written to out.json\n");
  // --top 1: one group.
  std::string Text = formatProfile(P, 1, "out.json");
  EXPECT_EQ(Text.find("ns::Pt: /src"), std::string::npos) << Text;
}

} // namespace
} // namespace heapcount
