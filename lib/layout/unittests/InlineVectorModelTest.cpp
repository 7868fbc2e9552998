//===--- InlineVectorModelTest.cpp - stand-ins against the real classes ---===//
//
// The stand-in's size and alignment against the real class's, for many
// element types and capacities: sizeof and alignof printed by a program
// built against the real headers (Boost, and LLVM's SmallVector.h from the
// LLVM alloc-tidy is built against) for x86-64 Linux; for i386 Linux, which
// this machine cannot link for, static_asserts the compiler checks with the
// same headers (-fsyntax-only).
//
//===----------------------------------------------------------------------===//

#include "lib/layout/InlineVectorModel.h"
#include "lib/layout/LayoutBuilder.h"
#include "lib/layout/WhatIf.h"
#include "lib/layout/unittests/LayoutTestUtils.h"
#include "clang/AST/RecordLayout.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"
#include <iterator>
#include <optional>
#include <string>
#include <vector>

using namespace clang;

namespace alloc_tidy {
namespace layout {
namespace {

// The element types, declared once for the real program and for the
// parsed translation unit (as variables t0, t1, ... of each type).
constexpr const char *ElementDeclarations = R"(
struct Three { char c[3]; };
struct Twelve { int a, b, c; };
struct alignas(16) Align16 { char c; };
struct alignas(32) Align32 { double d[5]; };
struct Virtual { virtual ~Virtual() {} int x; };
struct IntShort { int i; short s; };
)";

const char *const ElementTypes[] = {
    "char",      "short",    "int",    "double",  "long double",
    "long long", "Three",    "Twelve", "Align16", "Align32",
    "Virtual",   "IntShort", "int *",
};

const uint64_t Capacities[] = {0, 1, 2, 3, 7, 8, 10, 16, 120};

struct ClassUnderTest {
  const char *Name;
  /// Spelling in the real program: Template<T, N>.
  const char *Template;
};
const ClassUnderTest Classes[] = {
    {"boost::container::small_vector", "boost::container::small_vector"},
    {"llvm::SmallVector", "llvm::SmallVector"},
};

constexpr const char *RealHeaders =
    "#include <boost/container/small_vector.hpp>\n"
    "#include \"llvm/ADT/SmallVector.h\"\n";

constexpr const char *LlvmInclude = "-I" ALLOC_TIDY_LLVM_ROOT "/include";
// SmallVectorBase's members are instantiated in libLLVM, not in the header.
constexpr const char *LinkLlvm[] = {"-L" ALLOC_TIDY_LLVM_ROOT "/lib", "-lLLVM",
                                    "-Wl,-rpath," ALLOC_TIDY_LLVM_ROOT "/lib"};

std::string declarationsWithVariables() {
  std::string Code = ElementDeclarations;
  for (size_t I = 0; I < std::size(ElementTypes); ++I)
    Code += std::string(ElementTypes[I]) + " t" + std::to_string(I) + ";\n";
  return Code;
}

std::string realType(const ClassUnderTest &Class, llvm::StringRef Element,
                     uint64_t Capacity) {
  return (llvm::Twine(Class.Template) + "<" + Element + ", " +
          llvm::Twine(Capacity) + ">")
      .str();
}

struct ModelSize {
  uint64_t Size = 0;
  uint64_t Align = 0;
  uint64_t InlineCapacity = 0;
};

/// The model's sizeof, alignof and inline capacity for every class, element
/// type and capacity, in that order, for the target of \p Args; empty
/// (after a test failure) when a model is missing.
std::vector<ModelSize> modelSizes(const std::vector<std::string> &Args) {
  ASTUnit &AST = test::parse(declarationsWithVariables(), Args);
  ASTContext &Ctx = AST.getASTContext();
  if (alloc_tidy::test::hasErrors(AST)) {
    ADD_FAILURE() << "the element types do not parse";
    return {};
  }
  std::vector<ModelSize> Sizes;
  Sizes.reserve(std::size(Classes) * std::size(ElementTypes) *
                std::size(Capacities));
  for (const ClassUnderTest &Class : Classes)
    for (size_t I = 0; I < std::size(ElementTypes); ++I)
      for (uint64_t N : Capacities) {
        const QualType Element =
            alloc_tidy::test::typeOfVar(Ctx, "t" + std::to_string(I));
        std::string Why;
        const QualType Model =
            inlineVectorModelType(Ctx, Class.Name, Element, N, Why);
        const std::optional<uint64_t> InlineCapacity =
            inlineVectorModelCapacity(Ctx, Class.Name, Element, N, Why);
        if (Model.isNull() || !InlineCapacity) {
          ADD_FAILURE() << realType(Class, ElementTypes[I], N)
                        << ": no model: " << Why;
          return {};
        }
        Sizes.push_back(
            {static_cast<uint64_t>(Ctx.getTypeSizeInChars(Model).getQuantity()),
             static_cast<uint64_t>(
                 Ctx.getTypeAlignInChars(Model).getQuantity()),
             *InlineCapacity});
      }
  return Sizes;
}

TEST(InlineVectorModelTest, SizesAgainstTheRealClassesOnX8664Linux) {
  std::vector<ModelSize> Model = modelSizes({test::Linux64});
  ASSERT_FALSE(Model.empty());

  std::string Code = RealHeaders;
  Code += "#include <cstdio>\n";
  Code += ElementDeclarations;
  Code += "int main() {\n";
  {
    llvm::raw_string_ostream OS(Code);
    for (const ClassUnderTest &Class : Classes)
      for (const char *Element : ElementTypes)
        for (uint64_t N : Capacities) {
          const std::string Type = realType(Class, Element, N);
          OS << "  std::printf(\"%zu %zu %zu \", sizeof(" << Type
             << "), alignof(" << Type << "), " << Type << "().capacity());\n";
        }
  }
  Code += "}\n";
  std::vector<std::string> Args = {"-std=c++17", LlvmInclude, test::Linux64};
  Args.insert(Args.end(), std::begin(LinkLlvm), std::end(LinkLlvm));
  std::vector<uint64_t> Real = test::runNumbers(Code, Args);
  ASSERT_EQ(Real.size(), 3 * Model.size());

  size_t Index = 0;
  for (const ClassUnderTest &Class : Classes)
    for (const char *Element : ElementTypes)
      for (uint64_t N : Capacities) {
        const ModelSize &M = Model[Index];
        const std::string Type = realType(Class, Element, N);
        EXPECT_EQ(M.Size, Real[3 * Index]) << "sizeof " << Type;
        EXPECT_EQ(M.Align, Real[3 * Index + 1]) << "alignof " << Type;
        EXPECT_EQ(M.InlineCapacity, Real[3 * Index + 2]) << "capacity " << Type;
        ++Index;
      }
}

// The sizes the task was measured with (x86-64 Linux, clang++ 22, Boost
// 1.74, LLVM 22), as a record of what the model answers.
TEST(InlineVectorModelTest, MeasuredExamples) {
  ASTUnit &AST = test::parse(R"(
    struct alignas(16) A16 { char c; };
    struct IntShort { int i; short s; };
    int i; char c; A16 a; IntShort is; double d;
  )",
                             {test::Linux64});
  ASTContext &Ctx = AST.getASTContext();
  struct Example {
    const char *Class;
    const char *Var;
    uint64_t Capacity;
    uint64_t Size;
  };
  const Example Examples[] = {
      {"boost::container::small_vector", "i", 1, 32},
      {"boost::container::small_vector", "c", 16, 40},
      // The extra storage starts in the base's tail padding.
      {"boost::container::small_vector", "c", 10, 32},
      {"boost::container::small_vector", "a", 1, 48},
      {"boost::container::small_vector", "a", 2, 64},
      {"boost::container::small_vector", "is", 120, 984},
      {"boost::container::small_vector", "d", 4, 56},
      {"llvm::SmallVector", "i", 1, 24},
      {"llvm::SmallVector", "c", 1, 32},
      {"llvm::SmallVector", "a", 1, 32},
      {"llvm::SmallVector", "a", 2, 48},
      {"llvm::SmallVector", "is", 120, 976},
      {"llvm::SmallVector", "d", 4, 48},
      {"llvm::SmallVector", "i", 0, 16},
      {"::llvm::SmallVector", "c", 0, 24},
  };
  for (const Example &E : Examples) {
    std::string Why;
    const QualType Model = inlineVectorModelType(
        Ctx, E.Class, alloc_tidy::test::typeOfVar(Ctx, E.Var), E.Capacity, Why);
    ASSERT_FALSE(Model.isNull()) << Why;
    EXPECT_EQ(Ctx.getTypeSizeInChars(Model).getQuantity(),
              static_cast<int64_t>(E.Size))
        << E.Class << "<" << E.Var << ", " << E.Capacity << ">";
  }
}

// Boost 1.74's small_vector<T, N> holds fewer than N elements when part
// of its storage lands in its base's tail padding, and more when N
// elements leave room for another (x86-64 Linux, measured with capacity()).
TEST(InlineVectorModelTest, InlineCapacity) {
  ASTUnit &AST =
      test::parse("int i; short s; char c; double d;", {test::Linux64});
  ASTContext &Ctx = AST.getASTContext();
  struct Example {
    const char *Class;
    const char *Var;
    uint64_t Capacity;
    uint64_t Holds;
  };
  const Example Examples[] = {
      {"boost::container::small_vector", "i", 3, 2},
      {"boost::container::small_vector", "s", 7, 4},
      {"boost::container::small_vector", "c", 10, 8},
      {"boost::container::small_vector", "i", 1, 2},
      {"boost::container::small_vector", "c", 16, 16},
      {"boost::container::small_vector", "i", 120, 120},
      {"boost::container::small_vector", "d", 0, 1},
      {"llvm::SmallVector", "i", 3, 3},
      {"llvm::SmallVector", "c", 0, 0},
  };
  for (const Example &E : Examples) {
    std::string Why;
    const std::optional<uint64_t> Holds = inlineVectorModelCapacity(
        Ctx, E.Class, alloc_tidy::test::typeOfVar(Ctx, E.Var), E.Capacity, Why);
    ASSERT_TRUE(Holds.has_value()) << Why;
    EXPECT_EQ(*Holds, E.Holds)
        << E.Class << "<" << E.Var << ", " << E.Capacity << ">";
  }
  std::string Why;
  EXPECT_FALSE(
      inlineVectorModelCapacity(Ctx, "absl::InlinedVector", Ctx.IntTy, 4, Why));
  EXPECT_EQ(Why, "the layout of absl::InlinedVector is not modelled");
}

// The note that says why the fix-it declares more than the bound.
TEST(InlineVectorModelTest, CapacityShortfall) {
  ASTUnit &AST = test::parse("int i;", {test::Linux64});
  ASTContext &Ctx = AST.getASTContext();
  QualType Int = alloc_tidy::test::typeOfVar(Ctx, "i");
  const char *Boost = "boost::container::small_vector";
  EXPECT_EQ(describeCapacityShortfall(Ctx, Boost, Int, 3, 4, "V<int, 3>"),
            "V<int, 3> holds only 2 elements inline (part of its buffer "
            "falls in padding); 4 is the smallest capacity that holds 3");
  EXPECT_EQ(describeCapacityShortfall(Ctx, Boost, Int, 120, 120, "V"),
            std::nullopt);
  EXPECT_EQ(describeCapacityShortfall(Ctx, "llvm::SmallVector", Int, 3, 3, "V"),
            std::nullopt);
}

// The capacity to declare is the smallest that holds the elements: above
// the count where Boost 1.74 loses room to padding, the count elsewhere.
TEST(InlineVectorModelTest, CapacityToDeclare) {
  ASTUnit &AST = test::parse("int i; short s;", {test::Linux64});
  ASTContext &Ctx = AST.getASTContext();
  const char *Boost = "boost::container::small_vector";
  for (const char *Var : {"i", "s"}) {
    QualType Element = alloc_tidy::test::typeOfVar(Ctx, Var);
    for (uint64_t Capacity : {3u, 7u, 120u}) {
      uint64_t Declared =
          inlineVectorCapacityToDeclare(Ctx, Boost, Element, Capacity);
      std::string Why;
      EXPECT_GE(*inlineVectorModelCapacity(Ctx, Boost, Element, Declared, Why),
                Capacity)
          << Var << " " << Capacity;
      if (Declared > Capacity)
        EXPECT_LT(
            *inlineVectorModelCapacity(Ctx, Boost, Element, Declared - 1, Why),
            Capacity)
            << Var << " " << Capacity;
    }
  }
  QualType Int = alloc_tidy::test::typeOfVar(Ctx, "i");
  // small_vector<int, 3> holds 2: 3 is not enough.
  EXPECT_GT(inlineVectorCapacityToDeclare(Ctx, Boost, Int, 3), 3u);
  EXPECT_EQ(inlineVectorCapacityToDeclare(Ctx, Boost, Int, 120), 120u);
  EXPECT_EQ(inlineVectorCapacityToDeclare(Ctx, "llvm::SmallVector", Int, 3),
            3u);
  // No model: the capacity as asked.
  EXPECT_EQ(inlineVectorCapacityToDeclare(Ctx, "absl::InlinedVector", Int, 5),
            5u);
}

/// A directory with an empty gnu/stubs-32.h: glibc's headers are shared by
/// x86-64 and i386 on Debian but for that list of unimplemented functions,
/// which comes with the (absent) i386 libc. Nothing in it affects a layout.
std::optional<std::string> i386StubDirectory() {
  llvm::SmallString<128> Dir;
  if (llvm::sys::fs::createUniqueDirectory("inline-vector-i386", Dir))
    return std::nullopt;
  llvm::SmallString<128> Gnu(Dir);
  llvm::sys::path::append(Gnu, "gnu");
  llvm::SmallString<128> Stubs(Gnu);
  llvm::sys::path::append(Stubs, "stubs-32.h");
  std::error_code EC = llvm::sys::fs::create_directory(Gnu);
  if (EC)
    return std::nullopt;
  llvm::raw_fd_ostream OS(Stubs, EC);
  if (EC)
    return std::nullopt;
  return Dir.str().str();
}

// i386 Linux: 4-byte pointers and sizes (llvm::SmallVector's sizes are then
// 32-bit for every element), double and long long aligned to 4 in a struct
// but __alignof 8 (which Boost's storage uses), long double of 12 bytes.
TEST(InlineVectorModelTest, SizesAgainstTheRealClassesOnI386Linux) {
  const char *Target = "--target=i386-linux-gnu";
  std::optional<std::string> Stubs = i386StubDirectory();
  ASSERT_TRUE(Stubs.has_value());
  // libc++'s headers serve every target; libstdc++'s i386 configuration is
  // not installed here.
  const std::vector<std::string> Args = {Target,
                                         "-std=c++17",
                                         "-stdlib=libc++",
                                         "-isystem",
                                         *Stubs,
                                         "-isystem",
                                         "/usr/include/x86_64-linux-gnu",
                                         LlvmInclude};
  std::string Log;
  const std::string Probe =
      std::string(RealHeaders) + "static_assert(sizeof(void *) == 4);\n";
  if (!test::compilesSyntaxOnly(Probe, Args, Log)) {
    test::removeTemporary(*Stubs + "/gnu/stubs-32.h");
    test::removeTemporary(*Stubs + "/gnu");
    test::removeTemporary(*Stubs);
    GTEST_SKIP() << "the headers do not compile for i386 here: " << Log;
  }

  std::vector<ModelSize> Model = modelSizes({Target});
  ASSERT_FALSE(Model.empty());
  std::string Code = RealHeaders;
  Code += ElementDeclarations;
  {
    llvm::raw_string_ostream OS(Code);
    size_t Index = 0;
    for (const ClassUnderTest &Class : Classes)
      for (const char *Element : ElementTypes)
        for (uint64_t N : Capacities) {
          const std::string Type = realType(Class, Element, N);
          const ModelSize &M = Model[Index++];
          OS << "static_assert(sizeof(" << Type << ") == " << M.Size
             << ");\nstatic_assert(alignof(" << Type << ") == " << M.Align
             << ");\n";
          // Boost's internal_capacity() (not constexpr), from its constants.
          if (llvm::StringRef(Class.Name).starts_with("boost"))
            OS << "static_assert((sizeof(" << Type << ") - " << Type
               << "::s_start) / sizeof(" << Element
               << ") == " << M.InlineCapacity << ");\n";
        }
  }
  // Things the model must get right on i386 in particular.
  Code += "static_assert(sizeof(boost::container::small_vector<double, 1>) == "
          "24);\n"
          "static_assert(sizeof(llvm::SmallVector<double, 1>) == 20);\n"
          "static_assert(sizeof(llvm::SmallVector<char, 1>) == 16);\n";
  EXPECT_TRUE(test::compilesSyntaxOnly(Code, Args, Log)) << Log;
  test::removeTemporary(*Stubs + "/gnu/stubs-32.h");
  test::removeTemporary(*Stubs + "/gnu");
  test::removeTemporary(*Stubs);
}

uint64_t offsetOf(const RecordLayout &L, llvm::StringRef Field) {
  const LayoutEntry *E = findField(L, Field.str());
  return E ? E->Offset : ~uint64_t(0);
}

// What alloc-small-vector's layout note asks: the record's layout when its
// std::vector member becomes the stand-in, against the real record with the
// real class as the member.
TEST(InlineVectorModelTest, LayoutWithTheModelAsAFieldType) {
  const char *Records = R"(
    struct Run { int start; short length; char attr; };
    struct Row { int id; std::vector<Run> cells; bool dirty; };
    struct Bytes { std::vector<char> text; char tag; };
    Run run;
  )";
  ASTUnit &AST = test::parse(std::string("#include <vector>\n") + Records,
                             {test::Linux64});
  ASTContext &Ctx = AST.getASTContext();
  ASSERT_FALSE(alloc_tidy::test::hasErrors(AST));
  const RecordDecl *Row = test::findRecord(Ctx, "Row");
  const RecordDecl *Bytes = test::findRecord(Ctx, "Bytes");
  const FieldDecl *Cells = test::findFieldOf(Ctx, "Row", "cells");
  const FieldDecl *Text = test::findFieldOf(Ctx, "Bytes", "text");
  ASSERT_TRUE(Row && Bytes && Cells && Text);
  const QualType RunType = alloc_tidy::test::typeOfVar(Ctx, "run");

  std::string Code = std::string(RealHeaders) + "#include <cstddef>\n" +
                     "#include <cstdio>\n#include <vector>\n" + Records;
  Code += R"(
    struct RowBoost { int id; boost::container::small_vector<Run, 120> cells;
                      bool dirty; };
    struct RowLlvm { int id; llvm::SmallVector<Run, 3> cells; bool dirty; };
    struct BytesBoost { boost::container::small_vector<char, 10> text;
                        char tag; };
    struct BytesLlvm { llvm::SmallVector<char, 5> text; char tag; };
    int main() {
      std::printf("%zu %zu %zu %zu %zu %zu %zu %zu", sizeof(RowBoost),
                  offsetof(RowBoost, dirty), sizeof(RowLlvm),
                  offsetof(RowLlvm, dirty), sizeof(BytesBoost),
                  offsetof(BytesBoost, tag), sizeof(BytesLlvm),
                  offsetof(BytesLlvm, tag));
    }
  )";
  std::vector<uint64_t> Real =
      test::runNumbers(Code, {"-std=c++17", LlvmInclude, test::Linux64});
  ASSERT_EQ(Real.size(), 8u);

  struct Case {
    const RecordDecl *Record;
    const FieldDecl *Field;
    const char *Class;
    QualType Element;
    uint64_t Capacity;
    const char *After;
    const char *Printed;
  };
  const Case Cases[] = {
      {Row, Cells, "boost::container::small_vector", RunType, 120, "dirty",
       "boost::container::small_vector<Run, 120>"},
      {Row, Cells, "llvm::SmallVector", RunType, 3, "dirty",
       "llvm::SmallVector<Run, 3>"},
      {Bytes, Text, "boost::container::small_vector", Ctx.CharTy, 10, "tag",
       "boost::container::small_vector<char, 10>"},
      {Bytes, Text, "llvm::SmallVector", Ctx.CharTy, 5, "tag",
       "llvm::SmallVector<char, 5>"},
  };
  for (size_t I = 0; I < std::size(Cases); ++I) {
    const Case &C = Cases[I];
    SCOPED_TRACE(C.Printed);
    std::string Why;
    const QualType Model =
        inlineVectorModelType(Ctx, C.Class, C.Element, C.Capacity, Why);
    ASSERT_FALSE(Model.isNull()) << Why;
    std::optional<RecordLayout> After =
        layoutWithFieldType(*C.Record, *C.Field, Model, Ctx);
    ASSERT_TRUE(After.has_value());
    EXPECT_EQ(After->Size, Real[2 * I]);
    EXPECT_EQ(offsetOf(*After, C.After), Real[2 * I + 1]);
    const LayoutEntry *Field = findField(*After, C.Field->getName().str());
    ASSERT_TRUE(Field);
    // The note can name the type the fix-it writes.
    EXPECT_EQ(Field->Type, C.Printed);
  }
}

TEST(InlineVectorModelTest, StandInIsInvisible) {
  ASTUnit &AST = test::parse("int i;", {test::Linux64});
  ASTContext &Ctx = AST.getASTContext();
  std::string Why;
  const QualType Model = inlineVectorModelType(
      Ctx, "boost::container::small_vector", Ctx.IntTy, 4, Why);
  ASSERT_FALSE(Model.isNull()) << Why;
  const CXXRecordDecl *RD = Model->getAsCXXRecordDecl();
  ASSERT_TRUE(RD);
  EXPECT_TRUE(RD->isImplicit());
  EXPECT_TRUE(RD->isCompleteDefinition());
  EXPECT_EQ(RD->getName(), "boost::container::small_vector<int, 4>");
  // Nothing in the translation unit refers to it or finds it.
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    EXPECT_NE(D, RD);
  EXPECT_TRUE(Ctx.getTranslationUnitDecl()
                  ->lookup(DeclarationName(RD->getIdentifier()))
                  .empty());
  for (const CXXBaseSpecifier &Base : RD->bases())
    EXPECT_TRUE(Base.getType()->getAsCXXRecordDecl()->isImplicit());
  EXPECT_FALSE(alloc_tidy::test::hasErrors(AST));
}

TEST(InlineVectorModelTest, NoModel) {
  ASTUnit &AST = test::parse(R"(
    struct Incomplete;
    template <class T> struct Holder { T value; };
    struct alignas(8192) Huge { char c; };
    Incomplete *incomplete;
    Huge huge;
    int &r = *new int;
  )",
                             {test::Linux64});
  ASTContext &Ctx = AST.getASTContext();
  auto WhyNot = [&](llvm::StringRef Class, QualType Element,
                    uint64_t Capacity = 4) {
    std::string Why;
    const QualType Model =
        inlineVectorModelType(Ctx, Class, Element, Capacity, Why);
    EXPECT_TRUE(Model.isNull()) << Class.str();
    return Why;
  };
  EXPECT_EQ(WhyNot("absl::InlinedVector", Ctx.IntTy),
            "the layout of absl::InlinedVector is not modelled");
  EXPECT_EQ(WhyNot("::folly::small_vector", Ctx.IntTy),
            "the layout of folly::small_vector is not modelled");
  EXPECT_EQ(WhyNot("my::Vec", Ctx.IntTy),
            "the layout of my::Vec is not modelled");

  const ClassTemplateDecl *Holder = nullptr;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *T = dyn_cast<ClassTemplateDecl>(D))
      Holder = T;
  ASSERT_TRUE(Holder);
  const QualType IncompleteType =
      alloc_tidy::test::typeOfVar(Ctx, "incomplete")->getPointeeType();
  EXPECT_EQ(WhyNot("boost::container::small_vector", IncompleteType),
            "the element type 'Incomplete' is incomplete");
  EXPECT_EQ(WhyNot("llvm::SmallVector", IncompleteType),
            "the element type 'Incomplete' is incomplete");
  // T in the template pattern.
  const QualType Dependent =
      Holder->getTemplatedDecl()->fields().begin()->getType();
  EXPECT_EQ(WhyNot("llvm::SmallVector", Dependent),
            "the element type 'T' is dependent");
  EXPECT_EQ(WhyNot("llvm::SmallVector", alloc_tidy::test::typeOfVar(Ctx, "r")),
            "the element type 'int &' is not an object type of fixed size");
  EXPECT_EQ(WhyNot("llvm::SmallVector", Ctx.VoidTy),
            "the element type 'void' is not an object type of fixed size");
  EXPECT_FALSE(WhyNot("boost::container::small_vector", QualType()).empty());
  // Boost's aligned storage stops at 4096; LLVM's alignas does not.
  const QualType HugeType = alloc_tidy::test::typeOfVar(Ctx, "huge");
  EXPECT_EQ(WhyNot("boost::container::small_vector", HugeType),
            "boost::container::small_vector does not support elements "
            "aligned to more than 4096 bytes");
  std::string Why;
  EXPECT_FALSE(inlineVectorModelType(Ctx, "llvm::SmallVector", HugeType, 1, Why)
                   .isNull())
      << Why;
  // N is an unsigned int in LLVM; no capacity beyond what an object holds.
  EXPECT_EQ(WhyNot("llvm::SmallVector", Ctx.CharTy, uint64_t(1) << 32),
            "llvm::SmallVector's capacity is an unsigned int");
  EXPECT_EQ(
      WhyNot("boost::container::small_vector", Ctx.IntTy, uint64_t(1) << 62),
      "the inline buffer would be larger than an object can be");
}

TEST(InlineVectorModelTest, ItaniumOnly) {
  ASTUnit &AST = test::parse("int i;", {test::Msvc64});
  ASTContext &Ctx = AST.getASTContext();
  std::string Why;
  EXPECT_TRUE(inlineVectorModelType(Ctx, "boost::container::small_vector",
                                    Ctx.IntTy, 4, Why)
                  .isNull());
  EXPECT_EQ(Why, "the layout of boost::container::small_vector is modelled "
                 "for the Itanium C++ ABI only");
}

} // namespace
} // namespace layout
} // namespace alloc_tidy
