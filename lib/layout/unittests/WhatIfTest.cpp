//===--- WhatIfTest.cpp - what-if layouts against the compiler's sizeof ---===//
//
// Each what-if answer is checked against the layout the compiler gives the
// same record written with the new member type: sizeof and offsetof printed
// by a program built with the clang++ of the same LLVM (for the host
// target), or a static_assert that the compiler checks (for the others).
//
//===----------------------------------------------------------------------===//

#include "lib/layout/WhatIf.h"
#include "lib/layout/unittests/LayoutTestUtils.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/Version.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace layout {
namespace {

using test::Linux64;
using test::Msvc64;

QualType recordType(const ASTContext &Ctx, const RecordDecl &RD) {
#if CLANG_VERSION_MAJOR >= 22
  return Ctx.getCanonicalTagType(&RD);
#else
  return Ctx.getRecordType(&RD);
#endif
}

struct Parsed {
  ASTUnit &AST;
  ASTContext &Ctx;
  const RecordDecl *Record;
  const FieldDecl *Field;
};

Parsed parseWithField(llvm::StringRef Code, llvm::StringRef Record,
                      llvm::StringRef Field,
                      std::vector<std::string> Args = {Linux64}) {
  ASTUnit &AST = test::parse(Code, std::move(Args));
  EXPECT_FALSE(alloc_tidy::test::hasErrors(AST)) << Code.str();
  ASTContext &Ctx = AST.getASTContext();
  const RecordDecl *RD = test::findRecord(Ctx, Record);
  const FieldDecl *F = test::findFieldOf(Ctx, Record, Field);
  EXPECT_TRUE(RD && F) << Record.str() << "::" << Field.str();
  return {AST, Ctx, RD, F};
}

uint64_t offsetOf(const RecordLayout &L, llvm::StringRef Field) {
  const LayoutEntry *E = findField(L, Field.str());
  EXPECT_TRUE(E) << "no field " << Field.str();
  return E ? E->Offset : ~uint64_t(0);
}

TEST(WhatIf, CharBecomesDouble) {
  Parsed P = parseWithField("struct S { char c; int i; };", "S", "c");
  ASSERT_TRUE(P.Field);
  auto L = layoutWithFieldType(*P.Record, *P.Field, P.Ctx.DoubleTy, P.Ctx);
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Name, "S");
  EXPECT_EQ(L->QualifiedName, "S");
  EXPECT_EQ(L->Line, 1u);
  EXPECT_EQ(findField(*L, "c")->Type, "double");
  EXPECT_EQ(findField(*L, "c")->Size, 8u);

  std::vector<uint64_t> Real = test::runNumbers(R"(
    #include <cstddef>
    #include <cstdio>
    struct S { double c; int i; };
    int main() { std::printf("%zu %zu", sizeof(S), offsetof(S, i)); }
  )");
  ASSERT_EQ(Real.size(), 2u);
  EXPECT_EQ(L->Size, Real[0]);
  EXPECT_EQ(offsetOf(*L, "i"), Real[1]);
  EXPECT_EQ(L->TailPadding, 4u);
}

TEST(WhatIf, VectorBecomesDeque) {
  const char *Code = R"(
    #include <deque>
    #include <vector>
    struct Row { int id; std::vector<int> cells; bool dirty; };
    static std::deque<int> Probe;
  )";
  Parsed P = parseWithField(Code, "Row", "cells");
  ASSERT_TRUE(P.Field);
  QualType Deque = alloc_tidy::test::typeOfVar(P.Ctx, "Probe");
  ASSERT_FALSE(Deque.isNull());
  auto Before = computeLayout(*P.Record, P.Ctx);
  auto After = layoutWithFieldType(*P.Record, *P.Field, Deque, P.Ctx);
  ASSERT_TRUE(Before && After);

  std::vector<uint64_t> Real = test::runNumbers(R"(
    #include <cstddef>
    #include <cstdio>
    #include <deque>
    #include <vector>
    struct Row { int id; std::vector<int> cells; bool dirty; };
    struct RowDeque { int id; std::deque<int> cells; bool dirty; };
    int main() {
      std::printf("%zu %zu %zu %zu", sizeof(Row), sizeof(RowDeque),
                  offsetof(RowDeque, cells), offsetof(RowDeque, dirty));
    }
  )");
  ASSERT_EQ(Real.size(), 4u);
  EXPECT_EQ(Before->Size, Real[0]);
  EXPECT_EQ(After->Size, Real[1]);
  EXPECT_EQ(offsetOf(*After, "cells"), Real[2]);
  EXPECT_EQ(offsetOf(*After, "dirty"), Real[3]);
  EXPECT_GT(After->Size, Before->Size);
}

TEST(WhatIf, MemberBecomesAnArray) {
  Parsed P =
      parseWithField("struct S { char tag; int v; double d; };", "S", "v");
  ASSERT_TRUE(P.Field);
  QualType Array = P.Ctx.getConstantArrayType(
      P.Ctx.IntTy, llvm::APInt(64, 3), nullptr, ArraySizeModifier::Normal, 0);
  auto L = layoutWithFieldType(*P.Record, *P.Field, Array, P.Ctx);
  ASSERT_TRUE(L);
  EXPECT_EQ(findField(*L, "v")->Size, 12u);
  std::vector<uint64_t> Real = test::runNumbers(R"(
    #include <cstddef>
    #include <cstdio>
    struct S { char tag; int v[3]; double d; };
    int main() {
      std::printf("%zu %zu %zu", sizeof(S), offsetof(S, v), offsetof(S, d));
    }
  )");
  ASSERT_EQ(Real.size(), 3u);
  EXPECT_EQ(L->Size, Real[0]);
  EXPECT_EQ(offsetOf(*L, "v"), Real[1]);
  EXPECT_EQ(offsetOf(*L, "d"), Real[2]);
}

TEST(WhatIf, UnchangedTypeGivesTheRecordsOwnLayout) {
  Parsed P = parseWithField(R"(
    struct Base { virtual ~Base(); char b; };
    struct S : Base { int f1 : 3; int f2 : 9; char c; double d; };
  )",
                            "S", "c");
  ASSERT_TRUE(P.Field);
  auto Own = computeLayout(*P.Record, P.Ctx);
  auto Same =
      layoutWithFieldType(*P.Record, *P.Field, P.Field->getType(), P.Ctx);
  ASSERT_TRUE(Own && Same);
  EXPECT_EQ(Same->Size, Own->Size);
  EXPECT_EQ(Same->DataSize, Own->DataSize);
  ASSERT_EQ(Same->Entries.size(), Own->Entries.size());
  for (size_t I = 0; I < Own->Entries.size(); ++I) {
    EXPECT_EQ(Same->Entries[I].Name, Own->Entries[I].Name);
    EXPECT_EQ(Same->Entries[I].Offset, Own->Entries[I].Offset);
    EXPECT_EQ(Same->Entries[I].BitOffset, Own->Entries[I].BitOffset);
  }
}

TEST(WhatIf, BasesVPtrAndBitFieldsAgainstARealProgram) {
  const char *Code = R"(
    struct Base { virtual ~Base(); char b; };
    struct S : Base { int f1 : 3; int f2 : 9; char c; double d; };
  )";
  Parsed P = parseWithField(Code, "S", "c");
  ASSERT_TRUE(P.Field);
  auto L = layoutWithFieldType(*P.Record, *P.Field, P.Ctx.ShortTy, P.Ctx);
  ASSERT_TRUE(L);
  std::vector<uint64_t> Real = test::runNumbers(R"(
    #include <cstddef>
    #include <cstdio>
    struct Base { virtual ~Base() {} char b; };
    struct S : Base { int f1 : 3; int f2 : 9; short c; double d; };
    int main() {
      std::printf("%zu %zu %zu", sizeof(S), offsetof(S, c), offsetof(S, d));
    }
  )");
  ASSERT_EQ(Real.size(), 3u);
  EXPECT_EQ(L->Size, Real[0]);
  EXPECT_EQ(offsetOf(*L, "c"), Real[1]);
  EXPECT_EQ(offsetOf(*L, "d"), Real[2]);
  EXPECT_TRUE(findField(*L, "f2")->IsBitField);
}

TEST(WhatIf, MsvcVirtualBasesAgainstTheCompiler) {
  // The host cannot run an MSVC program; the compiler checks the sizes in a
  // static_assert for that target instead.
  const char *Code = R"(
    struct Poly { virtual ~Poly(); int p; };
    struct VB { short v; };
    struct Host : Poly, virtual VB { char c; long long l; };
  )";
  for (const char *Target :
       {Msvc64, "--target=i686-pc-windows-msvc", Linux64}) {
    Parsed P = parseWithField(Code, "Host", "c", {Target});
    ASSERT_TRUE(P.Field);
    QualType Array = P.Ctx.getConstantArrayType(
        P.Ctx.IntTy, llvm::APInt(64, 3), nullptr, ArraySizeModifier::Normal, 0);
    auto L = layoutWithFieldType(*P.Record, *P.Field, Array, P.Ctx);
    ASSERT_TRUE(L) << Target;
    const std::string Check =
        R"(
      #include <stddef.h>
      struct Poly { virtual ~Poly(); int p; };
      struct VB { short v; };
      struct Host : Poly, virtual VB { int c[3]; long long l; };
      static_assert(sizeof(Host) == )" +
        std::to_string(L->Size) + R"(, "sizeof");
      static_assert(offsetof(Host, c) == )" +
        std::to_string(offsetOf(*L, "c")) + R"(, "c");
      static_assert(offsetof(Host, l) == )" +
        std::to_string(offsetOf(*L, "l")) + R"(, "l");
    )";
    std::string Log;
    EXPECT_TRUE(
        test::compilesSyntaxOnly(Check, {"-std=c++17", "-w", Target}, Log))
        << Target << "\n"
        << Log;
  }
}

// A derived class's member placed in the tail padding of its base shows the
// base's dsize (Itanium reuses the tail padding of a base that is not POD).
TEST(WhatIf, ClassWithAUserDeclaredConstructorStaysNonPod) {
  Parsed P =
      parseWithField("struct Cell { Cell(); int x; char c; };", "Cell", "x");
  ASSERT_TRUE(P.Field);
  auto L = layoutWithFieldType(*P.Record, *P.Field, P.Ctx.DoubleTy, P.Ctx);
  ASSERT_TRUE(L);
  std::vector<uint64_t> Real = test::runNumbers(R"(
    #include <cstddef>
    #include <cstdio>
    struct Cell { Cell() {} double x; char c; };
    struct Derived : Cell { char e; };
    int main() {
      std::printf("%zu %zu", sizeof(Cell), offsetof(Derived, e));
    }
  )");
  ASSERT_EQ(Real.size(), 2u);
  EXPECT_EQ(L->Size, Real[0]);
  EXPECT_EQ(L->DataSize, Real[1]);
}

TEST(WhatIf, RecordBecomesPodWhenItsOnlyNonPodMemberGoes) {
  Parsed P = parseWithField(R"(
    #include <string>
    struct Named { std::string s; char c; };
  )",
                            "Named", "s");
  ASSERT_TRUE(P.Field);
  auto L = layoutWithFieldType(*P.Record, *P.Field, P.Ctx.IntTy, P.Ctx);
  ASSERT_TRUE(L);
  std::vector<uint64_t> Real = test::runNumbers(R"(
    #include <cstddef>
    #include <cstdio>
    struct Named { int s; char c; };
    struct Derived : Named { char e; };
    int main() {
      std::printf("%zu %zu", sizeof(Named), offsetof(Derived, e));
    }
  )");
  ASSERT_EQ(Real.size(), 2u);
  EXPECT_EQ(L->Size, Real[0]);
  EXPECT_EQ(L->DataSize, Real[1]);
}

TEST(WhatIf, PackedRecordStaysPacked) {
  Parsed P = parseWithField("struct __attribute__((packed)) P { char c; int i; "
                            "};",
                            "P", "i");
  ASSERT_TRUE(P.Field);
  auto L = layoutWithFieldType(*P.Record, *P.Field, P.Ctx.LongLongTy, P.Ctx);
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 9u);
  EXPECT_EQ(L->Align, 1u);
  EXPECT_EQ(offsetOf(*L, "i"), 1u);
}

TEST(WhatIf, NoAnswerForWrongQuestions) {
  ASTUnit &AST = test::parse(R"(
    struct S { char c; int i; };
    struct T { char t; };
    struct Incomplete;
    template <class X> struct Pattern { X x; int i; };
  )",
                             {Linux64});
  ASTContext &Ctx = AST.getASTContext();
  const RecordDecl *S = test::findRecord(Ctx, "S");
  const FieldDecl *C = test::findFieldOf(Ctx, "S", "c");
  const FieldDecl *OtherField = test::findFieldOf(Ctx, "T", "t");
  ASSERT_TRUE(S && C && OtherField);
  // A field of another record.
  EXPECT_FALSE(layoutWithFieldType(*S, *OtherField, Ctx.IntTy, Ctx));
  // No type, an incomplete type.
  EXPECT_FALSE(layoutWithFieldType(*S, *C, QualType(), Ctx));
  const RecordDecl *Inc = nullptr;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *RD = dyn_cast<RecordDecl>(D))
      if (RD->getName() == "Incomplete")
        Inc = RD;
  ASSERT_TRUE(Inc);
  EXPECT_FALSE(layoutWithFieldType(*S, *C, recordType(Ctx, *Inc), Ctx));
  EXPECT_FALSE(layoutWithFieldType(
      *S, *C,
      Ctx.getIncompleteArrayType(Ctx.IntTy, ArraySizeModifier::Normal, 0),
      Ctx));
  // A template pattern has no layout.
  const auto *Pattern = dyn_cast<ClassTemplateDecl>(
      *llvm::find_if(Ctx.getTranslationUnitDecl()->decls(),
                     [](const Decl *D) { return isa<ClassTemplateDecl>(D); }));
  ASSERT_TRUE(Pattern);
  const CXXRecordDecl *Templated = Pattern->getTemplatedDecl();
  const FieldDecl *I = *std::next(Templated->field_begin());
  EXPECT_FALSE(layoutWithFieldType(*Templated, *I, Ctx.CharTy, Ctx));
}

// A string class with an inline buffer: the buffer goes after the last
// field, with its access, and the sizes are the compiler's.
TEST(WhatIf, AppendedFieldAgainstARealProgram) {
  Parsed P = parseWithField(R"(
    #include <cstddef>
    class Str {
    public:
      Str(const char *S);
    private:
      char *Data;
      std::size_t Len;
      int Flags;
    };
  )",
                            "Str", "Flags");
  ASSERT_TRUE(P.Field);
  QualType Buffer = P.Ctx.getConstantArrayType(
      P.Ctx.CharTy, llvm::APInt(64, 16), nullptr, ArraySizeModifier::Normal, 0);
  auto L = layoutWithFieldAppended(*P.Record, Buffer, "Inline", P.Ctx);
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Name, "Str");
  ASSERT_NE(findField(*L, "Inline"), nullptr);
  EXPECT_EQ(findField(*L, "Inline")->Size, 16u);
  std::vector<uint64_t> Real = test::runNumbers(R"(
    #include <cstddef>
    #include <cstdio>
    class Str {
    public:
      Str(const char *) {}
      static std::size_t inlineAt() { return offsetof(Str, Inline); }
    private:
      char *Data;
      std::size_t Len;
      int Flags;
      char Inline[16];
    };
    struct Derived : Str { Derived() : Str("") {} char e; };
    int main() {
      std::printf("%zu %zu %zu", sizeof(Str), Str::inlineAt(),
                  offsetof(Derived, e));
    }
  )");
  ASSERT_EQ(Real.size(), 3u);
  EXPECT_EQ(L->Size, Real[0]);
  EXPECT_EQ(offsetOf(*L, "Inline"), Real[1]);
  EXPECT_EQ(L->DataSize, Real[2]);

  // The Microsoft ABI, checked by the compiler for that target.
  Parsed M = parseWithField("struct W { wchar_t *p; unsigned n; };", "W", "n",
                            {Msvc64});
  ASSERT_TRUE(M.Field);
  QualType Wide = M.Ctx.getConstantArrayType(
      M.Ctx.WCharTy, llvm::APInt(64, 8), nullptr, ArraySizeModifier::Normal, 0);
  auto W = layoutWithFieldAppended(*M.Record, Wide, "buf", M.Ctx);
  ASSERT_TRUE(W);
  const std::string Check =
      "#include <stddef.h>\n"
      "struct W { wchar_t *p; unsigned n; wchar_t buf[8]; };\n"
      "static_assert(sizeof(W) == " +
      std::to_string(W->Size) + ", \"sizeof\");\n" +
      "static_assert(offsetof(W, buf) == " +
      std::to_string(offsetOf(*W, "buf")) + ", \"buf\");\n";
  std::string Log;
  EXPECT_TRUE(
      test::compilesSyntaxOnly(Check, {"-std=c++17", "-w", Msvc64}, Log))
      << Log;
}

TEST(WhatIf, NoFieldAfterAFlexibleArrayMember) {
  Parsed P = parseWithField("struct F { int n; char tail[]; };", "F", "n");
  ASSERT_TRUE(P.Field);
  QualType Buffer = P.Ctx.getConstantArrayType(
      P.Ctx.CharTy, llvm::APInt(64, 4), nullptr, ArraySizeModifier::Normal, 0);
  EXPECT_FALSE(layoutWithFieldAppended(*P.Record, Buffer, "b", P.Ctx));
  // No name, no type.
  Parsed Q = parseWithField("struct G { int n; };", "G", "n");
  ASSERT_TRUE(Q.Field);
  EXPECT_FALSE(layoutWithFieldAppended(*Q.Record, Buffer, "", Q.Ctx));
  EXPECT_FALSE(layoutWithFieldAppended(*Q.Record, QualType(), "b", Q.Ctx));
  auto Empty = layoutWithFieldAppended(*Q.Record, Buffer, "b", Q.Ctx);
  ASSERT_TRUE(Empty);
  EXPECT_EQ(Empty->Size, 8u);
}

TEST(WhatIf, FieldOrder) {
  Parsed P =
      parseWithField("struct S { char a; double b; char c; };", "S", "a");
  ASSERT_TRUE(P.Field);
  std::vector<const FieldDecl *> Fields(P.Record->field_begin(),
                                        P.Record->field_end());
  auto L =
      layoutWithFieldOrder(*P.Record, {Fields[1], Fields[0], Fields[2]}, P.Ctx);
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 16u);
  EXPECT_EQ(L->Entries[0].Name, "b");
  EXPECT_EQ(offsetOf(*L, "a"), 8u);
  EXPECT_EQ(offsetOf(*L, "c"), 9u);
  EXPECT_EQ(L->Name, "S");
  // Not a permutation: a field missing, one twice, one of another record.
  EXPECT_FALSE(layoutWithFieldOrder(*P.Record, {Fields[1], Fields[0]}, P.Ctx));
  EXPECT_FALSE(layoutWithFieldOrder(*P.Record,
                                    {Fields[1], Fields[0], Fields[0]}, P.Ctx));
  Parsed Q = parseWithField("struct T { char x; };", "T", "x");
  ASSERT_TRUE(Q.Field);
  EXPECT_FALSE(
      layoutWithFieldOrder(*P.Record, {Fields[1], Fields[0], Q.Field}, P.Ctx));
}

TEST(WhatIf, BetterFieldOrderAgreesWithItsDecls) {
  Parsed P = parseWithField(R"(
    struct NonPod { NonPod(); int i; char c; };
    struct D : NonPod { int x; char y; short z : 4; short w : 4; char v; };
  )",
                            "D", "x");
  ASSERT_TRUE(P.Field);
  auto Order = findBetterFieldOrder(*P.Record, P.Ctx);
  auto Decls = findBetterFieldDecls(*P.Record, P.Ctx);
  ASSERT_TRUE(Order && Decls);
  ASSERT_EQ(Order->FieldOrder.size(), Decls->Fields.size());
  for (size_t I = 0; I < Decls->Fields.size(); ++I)
    EXPECT_EQ(Order->FieldOrder[I], Decls->Fields[I]->getName());
  // The layout given with the order is the one of that order.
  auto L = layoutWithFieldOrder(*P.Record, Decls->Fields, P.Ctx);
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, Order->Size);
  EXPECT_EQ(Decls->Layout.Size, L->Size);
  EXPECT_EQ(Decls->Layout.PaddingBytes, L->PaddingBytes);
  EXPECT_EQ(Decls->Layout.Name, L->Name);
  ASSERT_EQ(Decls->Layout.Entries.size(), L->Entries.size());
  for (size_t I = 0; I < L->Entries.size(); ++I) {
    EXPECT_EQ(Decls->Layout.Entries[I].Name, L->Entries[I].Name);
    EXPECT_EQ(Decls->Layout.Entries[I].Offset, L->Entries[I].Offset);
  }
  EXPECT_LT(Order->Size, computeLayout(*P.Record, P.Ctx)->Size);

  // Nothing to gain: no order.
  Parsed Tight = parseWithField("struct T { int a; char b; };", "T", "a");
  ASSERT_TRUE(Tight.Field);
  EXPECT_FALSE(findBetterFieldOrder(*Tight.Record, Tight.Ctx));
  EXPECT_FALSE(findBetterFieldDecls(*Tight.Record, Tight.Ctx));
}

// A variable-length tail stays last when asked (and a flexible array
// member always): the saving comes from the other fields only.
TEST(WhatIf, BetterFieldDeclsKeepsTheLastFieldLast) {
  Parsed P = parseWithField(
      "struct H { char Kind; int Length; char Flag; double Tail[1]; };", "H",
      "Tail", {Linux64});
  ASSERT_TRUE(P.Field);
  auto Free = findBetterFieldDecls(*P.Record, P.Ctx);
  ASSERT_TRUE(Free);
  EXPECT_EQ(Free->Fields.front()->getName(), "Tail"); // the largest alignment
  auto Pinned = findBetterFieldDecls(*P.Record, P.Ctx, /*KeepLastField=*/true);
  ASSERT_TRUE(Pinned);
  EXPECT_EQ(Pinned->Fields.back()->getName(), "Tail");
  EXPECT_EQ(layoutWithFieldOrder(*P.Record, Pinned->Fields, P.Ctx)->Size, 16u);
  EXPECT_EQ(Pinned->Layout.Size, 16u);

  Parsed F = parseWithField(
      "struct F { char Kind; long Length; char Flag; long Data[]; };", "F",
      "Data", {Linux64});
  ASSERT_TRUE(F.Field);
  auto Flexible = findBetterFieldDecls(*F.Record, F.Ctx);
  ASSERT_TRUE(Flexible);
  EXPECT_EQ(Flexible->Fields.back()->getName(), "Data");
}

TEST(WhatIf, ReorderSavingsBound) {
  Parsed P = parseWithField("struct S { char a; double b; char c; };", "S", "a",
                            {Linux64});
  ASSERT_TRUE(P.Field);
  // 24 bytes; the fields need 10, and any order is a multiple of 8: 16.
  EXPECT_EQ(reorderSavingsBound(*P.Record, P.Ctx), 8u);
  // Its 7 bytes of tail padding are the alignment's: no order saves any.
  Parsed Q =
      parseWithField("struct T { double b; char a; };", "T", "a", {Linux64});
  ASSERT_TRUE(Q.Field);
  EXPECT_EQ(reorderSavingsBound(*Q.Record, Q.Ctx), 0u);
  // The vtable pointer and a base's data stay whatever the order: 40 bytes,
  // at least 8 + 8 + 10 = 26, so 32.
  Parsed V = parseWithField("struct B { long x; };\n"
                            "struct V : B { virtual ~V(); char a; double b; "
                            "char c; };",
                            "V", "a", {Linux64});
  ASSERT_TRUE(V.Field);
  EXPECT_EQ(reorderSavingsBound(*V.Record, V.Ctx), 8u);
}

TEST(WhatIf, FindClassTemplate) {
  ASTUnit &AST = test::parse(R"(
    #include <vector>
    namespace outer { inline namespace v2 { template <class T> struct Box {}; } }
    struct NotATemplate {};
  )",
                             {Linux64});
  ASTContext &Ctx = AST.getASTContext();
  ClassTemplateDecl *Vector = findClassTemplate(Ctx, "std::vector");
  ASSERT_TRUE(Vector);
  EXPECT_EQ(Vector->getName(), "vector");
  EXPECT_EQ(findClassTemplate(Ctx, "::std::vector"), Vector);
  EXPECT_TRUE(findClassTemplate(Ctx, "outer::Box"));
  EXPECT_TRUE(findClassTemplate(Ctx, "outer::v2::Box"));
  EXPECT_FALSE(findClassTemplate(Ctx, "NotATemplate"));
  EXPECT_FALSE(findClassTemplate(Ctx, "std::size_t"));
  EXPECT_FALSE(findClassTemplate(Ctx, "nowhere::vector"));
  EXPECT_FALSE(findClassTemplate(Ctx, "std::no_such_template"));
}

TEST(WhatIf, FindClassTemplateInLibcxxInlineNamespace) {
  if (!llvm::sys::fs::exists(ALLOC_TIDY_RESOURCE_DIR
                             "/../../../include/c++/v1"))
    GTEST_SKIP() << "libc++ headers are not installed";
  ASTUnit &AST =
      test::parse("#include <vector>\n", {Linux64, "-stdlib=libc++"});
  ASSERT_FALSE(alloc_tidy::test::hasErrors(AST));
  ClassTemplateDecl *Vector =
      findClassTemplate(AST.getASTContext(), "std::vector");
  ASSERT_TRUE(Vector);
  // It really is libc++'s, declared in std::__1.
  const auto *NS = dyn_cast<NamespaceDecl>(Vector->getDeclContext());
  ASSERT_TRUE(NS);
  EXPECT_TRUE(NS->isInline());
}

TEST(WhatIf, FindSemaIsNullOnceTheParseIsOver) {
  ASTUnit &AST = test::parse("struct S { int i; };", {Linux64});
  EXPECT_EQ(findSema(AST.getPreprocessor(), AST.getASTContext()), nullptr);
}

TemplateArgument sizeArgument(ASTContext &Ctx, uint64_t N) {
  llvm::APSInt Value(llvm::APInt(Ctx.getTypeSize(Ctx.getSizeType()), N),
                     /*isUnsigned=*/true);
  return TemplateArgument(Ctx, Value, Ctx.getSizeType());
}

TEST(WhatIf, InstantiateClassTemplate) {
  ASTUnit &AST = test::parse(R"(
    #include <vector>
    template <class T> struct OnlyFour {
      static_assert(sizeof(T) == 4, "four bytes only");
      T t;
    };
  )",
                             {Linux64});
  ASSERT_TRUE(AST.hasSema());
  ASTContext &Ctx = AST.getASTContext();
  Sema &S = AST.getSema();
  ClassTemplateDecl *Vector = findClassTemplate(Ctx, "std::vector");
  ASSERT_TRUE(Vector);
  std::string Why;
  // The allocator is filled in from its default.
  QualType VectorOfInt =
      instantiateClassTemplate(S, *Vector, {TemplateArgument(Ctx.IntTy)}, Why);
  ASSERT_FALSE(VectorOfInt.isNull()) << Why;
  EXPECT_FALSE(VectorOfInt->isIncompleteType());
  EXPECT_EQ(Ctx.getTypeSizeInChars(VectorOfInt).getQuantity(), 24);

  ClassTemplateDecl *OnlyFour = findClassTemplate(Ctx, "OnlyFour");
  ASSERT_TRUE(OnlyFour);
  Why.clear();
  QualType Good = instantiateClassTemplate(S, *OnlyFour,
                                           {TemplateArgument(Ctx.IntTy)}, Why);
  EXPECT_FALSE(Good.isNull()) << Why;
  Why.clear();
  QualType Bad = instantiateClassTemplate(S, *OnlyFour,
                                          {TemplateArgument(Ctx.CharTy)}, Why);
  EXPECT_TRUE(Bad.isNull());
  EXPECT_FALSE(Why.empty());
  // Too many arguments.
  Why.clear();
  EXPECT_TRUE(instantiateClassTemplate(
                  S, *OnlyFour,
                  {TemplateArgument(Ctx.IntTy), TemplateArgument(Ctx.IntTy)},
                  Why)
                  .isNull());
  EXPECT_FALSE(Why.empty());
  // An error in an instantiation nobody wrote is not the user's error.
  EXPECT_FALSE(alloc_tidy::test::hasErrors(AST));
}

// The question of issue 5: is small_vector<Run, 1> worth it for a row that
// holds a std::vector<Run>? The answer must be the compiler's sizeof.
TEST(WhatIf, BoostSmallVectorAgainstARealProgram) {
  const char *Code = R"(
    #include <boost/container/small_vector.hpp>
    #include <vector>
    struct Run { int start; short length; char attr; };
    struct AttrRow { int row; std::vector<Run> runs; bool dirty; };
  )";
  Parsed P = parseWithField(Code, "AttrRow", "runs");
  ASSERT_TRUE(P.Field);
  ASSERT_TRUE(P.AST.hasSema());
  ClassTemplateDecl *SmallVector =
      findClassTemplate(P.Ctx, "boost::container::small_vector");
  ASSERT_TRUE(SmallVector);
  const RecordDecl *Run = test::findRecord(P.Ctx, "Run");
  ASSERT_TRUE(Run);
  const QualType RunType = recordType(P.Ctx, *Run);

  std::vector<uint64_t> Real = test::runNumbers(R"(
    #include <boost/container/small_vector.hpp>
    #include <cstddef>
    #include <cstdio>
    #include <vector>
    struct Run { int start; short length; char attr; };
    struct AttrRow { int row; std::vector<Run> runs; bool dirty; };
    struct AttrRow1 { int row; boost::container::small_vector<Run, 1> runs;
                      bool dirty; };
    struct AttrRow120 { int row; boost::container::small_vector<Run, 120> runs;
                        bool dirty; };
    int main() {
      std::printf("%zu %zu %zu %zu %zu", sizeof(AttrRow), sizeof(AttrRow1),
                  offsetof(AttrRow1, dirty), sizeof(AttrRow120),
                  offsetof(AttrRow120, dirty));
    }
  )");
  ASSERT_EQ(Real.size(), 5u);
  auto Before = computeLayout(*P.Record, P.Ctx);
  ASSERT_TRUE(Before);
  EXPECT_EQ(Before->Size, Real[0]);

  const std::pair<uint64_t, size_t> Cases[] = {{1, 1}, {120, 3}};
  for (const auto &[N, Index] : Cases) {
    std::string Why;
    QualType Type = instantiateClassTemplate(
        P.AST.getSema(), *SmallVector,
        {TemplateArgument(RunType), sizeArgument(P.Ctx, N)}, Why);
    ASSERT_FALSE(Type.isNull()) << "small_vector<Run, " << N << ">: " << Why;
    auto After = layoutWithFieldType(*P.Record, *P.Field, Type, P.Ctx);
    ASSERT_TRUE(After) << N;
    EXPECT_EQ(After->Size, Real[Index]) << "small_vector<Run, " << N << ">";
    EXPECT_EQ(offsetOf(*After, "dirty"), Real[Index + 1]) << N;
    EXPECT_GT(After->Size, Before->Size);
    EXPECT_NE(findField(*After, "runs")->Type.find("small_vector"),
              std::string::npos);
  }
  EXPECT_FALSE(alloc_tidy::test::hasErrors(P.AST));
}

} // namespace
} // namespace layout
} // namespace alloc_tidy
