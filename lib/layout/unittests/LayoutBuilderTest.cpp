//===--- LayoutBuilderTest.cpp - computeLayout against known layouts ------===//
//
// The expected numbers are clang's own (-Xclang -fdump-record-layouts) for
// the target each test names; test/layout/oracle compares a larger corpus
// with the dump automatically.
//
//===----------------------------------------------------------------------===//

#include "lib/layout/LayoutBuilder.h"
#include "lib/layout/unittests/LayoutTestUtils.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace layout {
namespace {

using test::Linux64;
using test::Msvc64;

std::optional<RecordLayout> layoutOf(llvm::StringRef Code,
                                     llvm::StringRef Record,
                                     std::vector<std::string> Args = {Linux64},
                                     const LayoutOptions &Options = {}) {
  ASTUnit &AST = test::parse(Code, std::move(Args));
  EXPECT_FALSE(alloc_tidy::test::hasErrors(AST)) << Code.str();
  const RecordDecl *RD = test::findRecord(AST.getASTContext(), Record);
  EXPECT_TRUE(RD) << "no record " << Record.str();
  if (!RD)
    return std::nullopt;
  return computeLayout(*RD, AST.getASTContext(), Options);
}

std::vector<std::string> namesOf(const RecordLayout &L) {
  std::vector<std::string> Names;
  Names.reserve(L.Entries.size());
  for (const LayoutEntry &E : L.Entries)
    Names.push_back(E.Name);
  return Names;
}

const LayoutEntry *entry(const RecordLayout &L, llvm::StringRef Name) {
  for (const LayoutEntry &E : L.Entries)
    if (E.Name == Name)
      return &E;
  ADD_FAILURE() << "no entry " << Name.str();
  return nullptr;
}

using Names = std::vector<std::string>;

TEST(LayoutBuilder, HoleAndTailPadding) {
  auto L = layoutOf("struct S { char c; double d; int i; };", "S");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Name, "S");
  EXPECT_EQ(L->Kind, "struct");
  EXPECT_EQ(L->Line, 1u);
  EXPECT_EQ(L->Size, 24u);
  EXPECT_EQ(L->DataSize, 24u);
  EXPECT_EQ(L->Align, 8u);
  ASSERT_EQ(L->Entries.size(), 3u);
  EXPECT_EQ(L->Entries[1].Name, "d");
  EXPECT_EQ(L->Entries[1].Type, "double");
  EXPECT_EQ(L->Entries[1].Offset, 8u);
  EXPECT_EQ(L->Entries[1].Size, 8u);
  EXPECT_EQ(L->Entries[1].Align, 8u);
  ASSERT_EQ(L->Holes.size(), 1u);
  EXPECT_EQ(L->Holes[0].AfterEntry, 0);
  EXPECT_EQ(L->Holes[0].Offset, 1u);
  EXPECT_EQ(L->Holes[0].Size, 7u);
  EXPECT_EQ(L->Holes[0].Bits, 0u);
  EXPECT_EQ(L->TailPadding, 4u);
  EXPECT_EQ(L->PaddingBytes, 11u);
  EXPECT_EQ(holeBytes(*L), 7u);
  ASSERT_TRUE(L->Optimal);
  EXPECT_EQ(L->Optimal->Size, 16u);
  EXPECT_EQ(L->Optimal->FieldOrder, (Names{"d", "i", "c"}));
  EXPECT_EQ(reorderSavings(*L), 8u);
}

TEST(LayoutBuilder, NoPaddingHasNoHolesAndNoOptimal) {
  auto L = layoutOf("struct S { double d; int a; int b; };", "S");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 16u);
  EXPECT_TRUE(L->Holes.empty());
  EXPECT_EQ(L->TailPadding, 0u);
  EXPECT_EQ(L->PaddingBytes, 0u);
  EXPECT_FALSE(L->Optimal);
  EXPECT_EQ(reorderSavings(*L), 0u);
}

TEST(LayoutBuilder, TailPaddingNoOrderRemovesGetsNoOptimal) {
  // 8 bytes whatever the order: the tail padding stays.
  auto L = layoutOf("struct S { int i; char c; };", "S");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 8u);
  EXPECT_EQ(L->TailPadding, 3u);
  EXPECT_EQ(L->PaddingBytes, 3u);
  EXPECT_FALSE(L->Optimal);
}

TEST(LayoutBuilder, PrimaryBaseCarriesTheVPtr) {
  auto L = layoutOf(R"(
    struct Poly { virtual ~Poly(); int p; };
    struct Derived : Poly { char d; };
  )",
                    "Derived");
  ASSERT_TRUE(L);
  EXPECT_TRUE(L->IsDynamic);
  EXPECT_EQ(L->Size, 16u);
  EXPECT_EQ(L->DataSize, 13u);
  // No vptr of its own: it shares Poly's.
  EXPECT_EQ(namesOf(*L), (Names{"Poly", "d"}));
  const LayoutEntry &Base = L->Entries[0];
  EXPECT_EQ(Base.Kind, EntryKind::Base);
  EXPECT_TRUE(Base.IsPrimaryBase);
  EXPECT_EQ(Base.Offset, 0u);
  EXPECT_EQ(Base.Size, 12u); // Poly's nvsize, not its sizeof
  EXPECT_EQ(L->Entries[1].Offset, 12u);
  EXPECT_TRUE(L->Holes.empty());
  EXPECT_EQ(L->TailPadding, 3u);
}

TEST(LayoutBuilder, OwnVPtrBeforeANonDynamicBase) {
  auto L = layoutOf(R"(
    struct Tail { int i; char c; };
    struct OwnVPtr : Tail { virtual void f(); char m; };
  )",
                    "OwnVPtr");
  ASSERT_TRUE(L);
  EXPECT_EQ(namesOf(*L), (Names{"__vptr", "Tail", "m"}));
  EXPECT_EQ(L->Entries[0].Kind, EntryKind::VPtr);
  EXPECT_EQ(L->Entries[0].Size, 8u);
  EXPECT_EQ(L->Entries[1].Offset, 8u);
  EXPECT_FALSE(L->Entries[1].IsPrimaryBase);
  // Tail is POD for layout: its tail padding is not reused.
  EXPECT_EQ(L->Entries[1].Size, 8u);
  EXPECT_EQ(L->Entries[2].Offset, 16u);
  EXPECT_EQ(L->Size, 24u);
  EXPECT_EQ(L->DataSize, 17u);
}

TEST(LayoutBuilder, MsvcNamesTheVfptr) {
  auto L = layoutOf("struct P { virtual void f(); int p; };", "P", {Msvc64});
  ASSERT_TRUE(L);
  EXPECT_EQ(namesOf(*L), (Names{"__vfptr", "p"}));
  EXPECT_EQ(L->Entries[0].Kind, EntryKind::VPtr);
  EXPECT_EQ(L->Size, 16u);
}

TEST(LayoutBuilder, EmptyBaseOptimisation) {
  auto L = layoutOf(R"(
    struct Empty {};
    struct Empty2 {};
    struct TwoEmptyBases : Empty, Empty2 { char c; };
  )",
                    "TwoEmptyBases");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 1u);
  ASSERT_EQ(L->Entries.size(), 3u);
  for (int I = 0; I < 2; ++I) {
    EXPECT_EQ(L->Entries[I].Kind, EntryKind::Base);
    EXPECT_TRUE(L->Entries[I].IsEmpty);
    EXPECT_EQ(L->Entries[I].Size, 0u);
    EXPECT_EQ(L->Entries[I].Offset, 0u);
  }
  EXPECT_EQ(L->Entries[2].Name, "c");
  EXPECT_EQ(L->PaddingBytes, 0u);
}

TEST(LayoutBuilder, EmptyBaseCannotShareItsAddressWithAMemberOfItsType) {
  auto L = layoutOf(R"(
    struct Empty {};
    struct EmptyBaseAndMember : Empty { Empty e; int x; };
  )",
                    "EmptyBaseAndMember");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 8u);
  const LayoutEntry *E = entry(*L, "e");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Offset, 1u);
  EXPECT_EQ(E->Size, 1u); // a member of empty class type is still a byte
  EXPECT_TRUE(E->IsEmpty);
  EXPECT_FALSE(E->IsNoUniqueAddress);
  // Byte 0 (where the empty base lives), then bytes 2-3.
  ASSERT_EQ(L->Holes.size(), 2u);
  EXPECT_EQ(L->Holes[0].Offset, 0u);
  EXPECT_EQ(L->Holes[0].Size, 1u);
  EXPECT_EQ(L->Holes[1].Offset, 2u);
  EXPECT_EQ(L->Holes[1].Size, 2u);
}

TEST(LayoutBuilder, VirtualBasesItanium) {
  const char *Code = R"(
    struct VBase { int v; };
    struct VLeft : virtual VBase { char l; };
    struct VRight : virtual VBase { short r; };
    struct Diamond : VLeft, VRight { int d; };
  )";
  auto L = layoutOf(Code, "Diamond");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 40u);
  EXPECT_EQ(L->DataSize, 36u);
  EXPECT_EQ(namesOf(*L), (Names{"VLeft", "VRight", "d", "VBase"}));
  EXPECT_TRUE(L->Entries[0].IsPrimaryBase);
  EXPECT_EQ(L->Entries[0].Size, 9u);
  EXPECT_EQ(L->Entries[1].Offset, 16u);
  EXPECT_FALSE(L->Entries[1].IsPrimaryBase);
  EXPECT_EQ(L->Entries[2].Offset, 28u);
  EXPECT_EQ(L->Entries[3].Kind, EntryKind::VirtualBase);
  EXPECT_EQ(L->Entries[3].Offset, 32u);
  EXPECT_EQ(L->Entries[3].Size, 4u);
  EXPECT_TRUE(L->IsDynamic);

  // A class with a virtual base has its own vptr (the vbase offset lives in
  // the vtable).
  auto Left = layoutOf(Code, "VLeft");
  ASSERT_TRUE(Left);
  EXPECT_EQ(namesOf(*Left), (Names{"__vptr", "l", "VBase"}));
  EXPECT_EQ(Left->Entries[2].Offset, 12u);
}

TEST(LayoutBuilder, PrimaryVirtualBaseItanium) {
  auto L = layoutOf(R"(
    struct NearlyEmpty { virtual void f(); };
    struct PrimaryVirtual : virtual NearlyEmpty { int x; };
  )",
                    "PrimaryVirtual");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 16u);
  const LayoutEntry *Base = entry(*L, "NearlyEmpty");
  ASSERT_TRUE(Base);
  EXPECT_EQ(Base->Kind, EntryKind::VirtualBase);
  EXPECT_TRUE(Base->IsPrimaryBase);
  EXPECT_EQ(Base->Offset, 0u);
  EXPECT_EQ(entry(*L, "x")->Offset, 8u);
  EXPECT_EQ(fieldCount(*L), 1u);
}

TEST(LayoutBuilder, VirtualBasesMsvcHaveVBPtrs) {
  const char *Code = R"(
    struct VBase { int v; };
    struct VLeft : virtual VBase { char l; };
    struct VRight : virtual VBase { short r; };
    struct Diamond : VLeft, VRight { int d; };
    struct Poly { virtual ~Poly(); int p; };
    struct PolyVirtualBase : virtual Poly { virtual void g(); long long q; };
  )";
  auto Left = layoutOf(Code, "VLeft", {Msvc64});
  ASSERT_TRUE(Left);
  EXPECT_EQ(namesOf(*Left), (Names{"__vbptr", "l", "VBase"}));
  EXPECT_EQ(Left->Entries[0].Kind, EntryKind::VBPtr);
  EXPECT_EQ(Left->Entries[0].Size, 8u);
  EXPECT_EQ(Left->Entries[2].Offset, 16u);

  auto D = layoutOf(Code, "Diamond", {Msvc64});
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Size, 48u);
  EXPECT_EQ(namesOf(*D), (Names{"VLeft", "VRight", "d", "VBase"}));
  EXPECT_EQ(D->Entries[1].Offset, 16u);
  EXPECT_EQ(D->Entries[2].Offset, 32u);
  EXPECT_EQ(D->Entries[3].Offset, 40u);

  auto P = layoutOf(Code, "PolyVirtualBase", {Msvc64});
  ASSERT_TRUE(P);
  EXPECT_EQ(namesOf(*P), (Names{"__vfptr", "__vbptr", "q", "Poly"}));
  EXPECT_EQ(P->Entries[1].Offset, 8u);
  EXPECT_EQ(P->Entries[2].Offset, 16u);
  EXPECT_EQ(P->Entries[3].Offset, 24u);
  EXPECT_EQ(P->Size, 40u);
}

const char *const BitsCode = R"(
    struct Bits {
      unsigned a : 3;
      unsigned b : 5;
      unsigned c : 20;
      unsigned : 0;
      unsigned d : 4;
      char e;
    };
  )";

TEST(LayoutBuilder, BitFields) {
  auto L = layoutOf(BitsCode, "Bits");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 8u);
  // The zero-width bit-field owns no bits: it has no entry.
  EXPECT_EQ(namesOf(*L), (Names{"a", "b", "c", "d", "e"}));
  const LayoutEntry &A = L->Entries[0], &B = L->Entries[1], &C = L->Entries[2],
                    &D = L->Entries[3];
  EXPECT_TRUE(A.IsBitField);
  EXPECT_EQ(A.BitOffset, 0u);
  EXPECT_EQ(A.BitWidth, 3u);
  EXPECT_EQ(B.BitOffset, 3u);
  EXPECT_EQ(B.BitWidth, 5u);
  EXPECT_EQ(B.Offset, 0u);
  EXPECT_EQ(B.Size, 1u);
  EXPECT_EQ(C.BitOffset, 8u);
  EXPECT_EQ(C.Offset, 1u);
  EXPECT_EQ(C.Size, 3u);
  EXPECT_EQ(D.BitOffset, 32u); // after the zero-width bit-field
  EXPECT_EQ(D.Offset, 4u);
  EXPECT_FALSE(L->Entries[4].IsBitField);
  EXPECT_EQ(L->Entries[4].Offset, 5u); // in the bytes d leaves
  // 4 spare bits after c (bits 28-31), 4 after d (bits 36-39).
  ASSERT_EQ(L->Holes.size(), 2u);
  EXPECT_EQ(L->Holes[0].AfterEntry, 2);
  EXPECT_EQ(L->Holes[0].Offset, 3u);
  EXPECT_EQ(L->Holes[0].Size, 0u);
  EXPECT_EQ(L->Holes[0].Bits, 4u);
  EXPECT_EQ(L->Holes[1].AfterEntry, 3);
  EXPECT_EQ(L->Holes[1].Offset, 4u);
  EXPECT_EQ(L->Holes[1].Size, 0u);
  EXPECT_EQ(L->Holes[1].Bits, 4u);
  EXPECT_EQ(L->TailPadding, 2u);
  EXPECT_EQ(L->PaddingBytes, 2u);
}

TEST(LayoutBuilder, BitFieldsMsvcStartANewUnitForANonBitField) {
  auto L = layoutOf(BitsCode, "Bits", {Msvc64});
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 12u);
  EXPECT_EQ(L->Entries[3].BitOffset, 32u);
  EXPECT_EQ(L->Entries[4].Offset, 8u);
  // After d: 4 bits, then bytes 5-7.
  ASSERT_EQ(L->Holes.size(), 2u);
  EXPECT_EQ(L->Holes[1].Offset, 5u);
  EXPECT_EQ(L->Holes[1].Size, 3u);
  EXPECT_EQ(L->Holes[1].Bits, 4u);
  EXPECT_EQ(L->TailPadding, 3u);
  EXPECT_EQ(L->PaddingBytes, 6u);
}

TEST(LayoutBuilder, EveryEntryHasAnAlignmentOfAtLeastOneByte) {
  // A bit-field that starts inside a byte is aligned to no byte boundary,
  // but an alignment of 0 would make every "offset % align" a division by
  // zero for the consumers of the model.
  auto L = layoutOf("struct Bits { unsigned a : 3; unsigned b : 5; "
                    "unsigned c : 20; char e; };",
                    "Bits");
  ASSERT_TRUE(L);
  for (const LayoutEntry &E : L->Entries)
    EXPECT_GE(E.Align, 1u) << E.Name;
}

TEST(LayoutBuilder, UnnamedBitFieldsAndUnitBoundaries) {
  auto L = layoutOf(R"(
    struct BitsUnnamed { int a : 3; int : 2; int b : 30; long long c : 4;
                         char d; };
  )",
                    "BitsUnnamed");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 16u);
  EXPECT_EQ(namesOf(*L), (Names{"a", "(unnamed bit-field)", "b", "c", "d"}));
  EXPECT_EQ(L->Entries[1].BitOffset, 3u);
  EXPECT_EQ(L->Entries[1].BitWidth, 2u);
  // b does not fit in the rest of the first int: it starts the next one.
  EXPECT_EQ(L->Entries[2].BitOffset, 32u);
  EXPECT_EQ(L->Entries[2].Size, 4u);
  // c would straddle its 8-byte unit: it starts at bit 64.
  EXPECT_EQ(L->Entries[3].BitOffset, 64u);
  EXPECT_EQ(L->Entries[4].Offset, 9u);
  // Bits 5-7 and bytes 1-3; bits 62-63; bits 68-71.
  ASSERT_EQ(L->Holes.size(), 3u);
  EXPECT_EQ(L->Holes[0].AfterEntry, 1);
  EXPECT_EQ(L->Holes[0].Offset, 1u);
  EXPECT_EQ(L->Holes[0].Size, 3u);
  EXPECT_EQ(L->Holes[0].Bits, 3u);
  EXPECT_EQ(L->Holes[1].Size, 0u);
  EXPECT_EQ(L->Holes[1].Bits, 2u);
  EXPECT_EQ(L->Holes[2].Size, 0u);
  EXPECT_EQ(L->Holes[2].Bits, 4u);
  EXPECT_EQ(L->TailPadding, 6u);
}

TEST(LayoutBuilder, BitFieldsMsvc) {
  // MSVC starts a new unit when the declared type changes.
  auto L = layoutOf("struct M { char a : 4; short b : 10; int c : 1; };", "M",
                    {Msvc64});
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 8u);
  EXPECT_EQ(entry(*L, "b")->BitOffset, 16u);
  EXPECT_EQ(entry(*L, "c")->BitOffset, 32u);
  auto I = layoutOf("struct M { char a : 4; short b : 10; int c : 1; };", "M");
  ASSERT_TRUE(I);
  EXPECT_EQ(I->Size, 4u); // Itanium packs them into one short and one int
  EXPECT_EQ(entry(*I, "b")->BitOffset, 4u);
  EXPECT_EQ(entry(*I, "c")->BitOffset, 14u);
}

TEST(LayoutBuilder, NoUniqueAddressEmptyMember) {
  auto L = layoutOf(R"(
    struct Empty {};
    struct NuaEmpty { [[no_unique_address]] Empty e; int x; };
  )",
                    "NuaEmpty", {Linux64, "-std=c++20"});
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 4u);
  const LayoutEntry *E = entry(*L, "e");
  ASSERT_TRUE(E);
  EXPECT_TRUE(E->IsNoUniqueAddress);
  EXPECT_TRUE(E->IsEmpty);
  EXPECT_EQ(E->Size, 0u);
  EXPECT_EQ(entry(*L, "x")->Offset, 0u);
  EXPECT_EQ(L->PaddingBytes, 0u);
}

TEST(LayoutBuilder, NoUniqueAddressMemberLendsItsTailPadding) {
  const char *Code = R"(
    struct NonPod { NonPod(); int i; char c; };
    struct NuaTail { [[no_unique_address]] NonPod n; char c; };
  )";
  auto L = layoutOf(Code, "NuaTail", {Linux64, "-std=c++20"});
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 8u);
  EXPECT_EQ(entry(*L, "n")->Size, 5u); // its data size
  EXPECT_EQ(entry(*L, "c")->Offset, 5u);
  EXPECT_TRUE(L->Holes.empty());
  EXPECT_EQ(L->TailPadding, 2u);

  // MSVC's [[msvc::no_unique_address]] reuses no tail padding.
  auto M = layoutOf(R"(
    struct NonPod { NonPod(); int i; char c; };
    struct NuaTail { [[msvc::no_unique_address]] NonPod n; char c; };
  )",
                    "NuaTail", {Msvc64, "-std=c++20"});
  ASSERT_TRUE(M);
  EXPECT_EQ(M->Size, 12u);
  EXPECT_TRUE(entry(*M, "n")->IsNoUniqueAddress);
  EXPECT_EQ(entry(*M, "c")->Offset, 8u);
}

TEST(LayoutBuilder, TailPaddingOfANonPodBaseIsReused) {
  const char *Code = R"(
    struct NonPod { NonPod(); int i; char c; };
    struct ReuseTail : NonPod { char d; short s; };
    struct Pod { int i; char c; };
    struct NoReuse : Pod { char d; };
  )";
  auto L = layoutOf(Code, "ReuseTail");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 8u);
  EXPECT_EQ(L->Entries[0].Size, 5u);
  EXPECT_EQ(entry(*L, "d")->Offset, 5u);
  EXPECT_EQ(entry(*L, "s")->Offset, 6u);
  EXPECT_EQ(L->PaddingBytes, 0u);

  auto P = layoutOf(Code, "NoReuse");
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Size, 12u);
  EXPECT_EQ(P->Entries[0].Size, 8u);
  EXPECT_EQ(entry(*P, "d")->Offset, 8u);
}

TEST(LayoutBuilder, Unions) {
  auto L = layoutOf("union U { int i; double d; char c[3]; };", "U");
  ASSERT_TRUE(L);
  EXPECT_TRUE(L->IsUnion);
  EXPECT_EQ(L->Kind, "union");
  EXPECT_EQ(L->Size, 8u);
  EXPECT_EQ(namesOf(*L), (Names{"i", "d", "c"}));
  for (const LayoutEntry &E : L->Entries)
    EXPECT_EQ(E.Offset, 0u);
  EXPECT_TRUE(L->Holes.empty());
  EXPECT_EQ(L->TailPadding, 0u);
  EXPECT_FALSE(L->Optimal);

  auto T = layoutOf("union T { char c[5]; int i; };", "T");
  ASSERT_TRUE(T);
  EXPECT_EQ(T->Size, 8u);
  EXPECT_EQ(T->TailPadding, 3u);
  EXPECT_EQ(T->PaddingBytes, 3u);
  EXPECT_FALSE(T->Optimal); // a union has no order
}

TEST(LayoutBuilder, AnonymousUnionMember) {
  auto L =
      layoutOf("struct S { int a; union { int u; float f; }; char z; };", "S");
  ASSERT_TRUE(L);
  EXPECT_EQ(namesOf(*L), (Names{"a", "(anonymous)", "z"}));
  EXPECT_EQ(L->Entries[1].Offset, 4u);
  EXPECT_EQ(L->Entries[1].Size, 4u);
  EXPECT_EQ(L->Size, 12u);
}

TEST(LayoutBuilder, Arrays) {
  auto L = layoutOf(R"(
    struct Tail { int i; char c; };
    struct Arrays { char name[5]; int counts[3]; Tail tails[2]; char last; };
  )",
                    "Arrays");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 40u);
  EXPECT_EQ(entry(*L, "name")->Size, 5u);
  EXPECT_EQ(entry(*L, "name")->Type, "char[5]");
  EXPECT_EQ(entry(*L, "counts")->Offset, 8u);
  EXPECT_EQ(entry(*L, "counts")->Size, 12u);
  EXPECT_EQ(entry(*L, "tails")->Offset, 20u);
  EXPECT_EQ(entry(*L, "tails")->Size, 16u);
  EXPECT_EQ(entry(*L, "last")->Offset, 36u);
  ASSERT_EQ(L->Holes.size(), 1u);
  EXPECT_EQ(L->Holes[0].Offset, 5u);
  EXPECT_EQ(L->Holes[0].Size, 3u);
  EXPECT_EQ(L->TailPadding, 3u);
}

TEST(LayoutBuilder, FlexibleArrayMember) {
  auto L = layoutOf("struct Flexible { int n; char data[]; };", "Flexible");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 4u);
  const LayoutEntry *Data = entry(*L, "data");
  ASSERT_TRUE(Data);
  EXPECT_EQ(Data->Offset, 4u);
  EXPECT_EQ(Data->Size, 0u);
  EXPECT_TRUE(L->Holes.empty());
  EXPECT_EQ(L->TailPadding, 0u);

  auto D = layoutOf("struct F { char c; double data[]; };", "F");
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Size, 8u);
  EXPECT_EQ(entry(*D, "data")->Offset, 8u);
  EXPECT_EQ(D->TailPadding, 7u); // bytes 1-7: before data, not between
}

TEST(LayoutBuilder, Alignas) {
  auto L = layoutOf("struct alignas(16) A { char c; };", "A");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 16u);
  EXPECT_EQ(L->Align, 16u);
  EXPECT_EQ(L->TailPadding, 15u);

  auto M = layoutOf("struct M { char c; alignas(8) int i; char d; };", "M");
  ASSERT_TRUE(M);
  EXPECT_EQ(M->Size, 16u);
  EXPECT_EQ(M->Align, 8u);
  EXPECT_EQ(entry(*M, "i")->Offset, 8u);
  EXPECT_EQ(entry(*M, "i")->Align, 8u);
}

TEST(LayoutBuilder, PackedAndPragmaPack) {
  auto L = layoutOf(
      "struct __attribute__((packed)) P { char c; int i; short s; };", "P");
  ASSERT_TRUE(L);
  EXPECT_TRUE(L->IsPacked);
  EXPECT_EQ(L->Size, 7u);
  EXPECT_EQ(L->Align, 1u);
  EXPECT_EQ(entry(*L, "i")->Offset, 1u);
  EXPECT_EQ(entry(*L, "i")->Align, 1u);
  EXPECT_EQ(L->PaddingBytes, 0u);

  auto Q = layoutOf(R"(
    #pragma pack(push, 2)
    struct Q { char c; int i; double d; };
    #pragma pack(pop)
    struct R { char c; int i; double d; };
  )",
                    "Q");
  ASSERT_TRUE(Q);
  EXPECT_TRUE(Q->IsPacked);
  EXPECT_EQ(Q->Size, 14u);
  EXPECT_EQ(Q->Align, 2u);
  EXPECT_EQ(entry(*Q, "i")->Offset, 2u);
  EXPECT_EQ(entry(*Q, "d")->Offset, 6u);
  ASSERT_EQ(Q->Holes.size(), 1u);
  EXPECT_EQ(Q->Holes[0].Size, 1u);
}

TEST(LayoutBuilder, CacheLines) {
  const char *Code = R"(
    struct Big { char bytes[100]; };
    struct Line { char bytes[64]; };
    struct LinePlusOne { char bytes[65]; };
  )";
  auto Big = layoutOf(Code, "Big");
  ASSERT_TRUE(Big);
  EXPECT_EQ(Big->CacheLineSize, 64u);
  EXPECT_EQ(Big->CacheLines, 2u);
  EXPECT_EQ(layoutOf(Code, "Line")->CacheLines, 1u);
  EXPECT_EQ(layoutOf(Code, "LinePlusOne")->CacheLines, 2u);
  LayoutOptions Wide;
  Wide.CacheLineSize = 128;
  auto Big128 = layoutOf(Code, "Big", {Linux64}, Wide);
  ASSERT_TRUE(Big128);
  EXPECT_EQ(Big128->CacheLineSize, 128u);
  EXPECT_EQ(Big128->CacheLines, 1u);
}

TEST(LayoutBuilder, ClassTemplateInstantiationsKeepTheirArguments) {
  const char *Code = R"(
    namespace ns {
    template <class T, int N> struct Buffer { T items[N]; int size; };
    }
    ns::Buffer<char, 3> CharBuffer;
    ns::Buffer<double, 2> DoubleBuffer;
  )";
  auto C = layoutOf(Code, "Buffer<char, 3>");
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Name, "Buffer<char, 3>");
  EXPECT_EQ(C->QualifiedName, "ns::Buffer<char, 3>");
  EXPECT_EQ(C->Size, 8u);
  EXPECT_EQ(entry(*C, "items")->Type, "char[3]");
  auto D = layoutOf(Code, "ns::Buffer<double, 2>");
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Size, 24u);
  EXPECT_EQ(D->TailPadding, 4u);
}

TEST(LayoutBuilder, NamespaceAndNestedNames) {
  auto L = layoutOf("namespace ns { struct Outer { struct Inner { short s; "
                    "long l; }; Inner i; }; }",
                    "ns::Outer::Inner");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Name, "Inner");
  EXPECT_EQ(L->QualifiedName, "ns::Outer::Inner");
  EXPECT_EQ(L->Size, 16u);
}

TEST(LayoutBuilder, NoLayoutForTemplatesDependentOrIncompleteRecords) {
  ASTUnit &AST = test::parse(R"(
    template <class T> struct Pattern { T t; int i; };
    template <class T> struct Pattern<T *> { T *p; };
    template <class T> struct Host { struct Nested { T t; }; };
    struct Forward;
    struct Complete { int i; };
  )",
                             {Linux64});
  ASSERT_FALSE(alloc_tidy::test::hasErrors(AST));
  ASTContext &Ctx = AST.getASTContext();
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const RecordDecl *RD = nullptr;
    if (const auto *T = dyn_cast<ClassTemplateDecl>(D))
      RD = T->getTemplatedDecl();
    else if (const auto *P =
                 dyn_cast<ClassTemplatePartialSpecializationDecl>(D))
      RD = P;
    else
      RD = dyn_cast<RecordDecl>(D);
    if (!RD)
      continue;
    const std::string Name = RD->getNameAsString();
    EXPECT_EQ(hasComputableLayout(*RD), Name == "Complete") << Name;
    EXPECT_EQ(computeLayout(*RD, Ctx).has_value(), Name == "Complete") << Name;
  }
  const RecordDecl *Nested = test::findRecord(Ctx, "Nested");
  ASSERT_TRUE(Nested);
  EXPECT_FALSE(computeLayout(*Nested, Ctx));
}

TEST(LayoutBuilder, NoLayoutForRecordsWithErrors) {
  ASTUnit &AST = test::parse(R"(
    struct Bad { Undeclared u; int x; };
    struct Incomplete;
    struct HoldsIncomplete { Incomplete i; };
    struct Good { int x; };
  )",
                             {Linux64});
  ASSERT_TRUE(alloc_tidy::test::hasErrors(AST));
  ASTContext &Ctx = AST.getASTContext();
  const RecordDecl *Bad = test::findRecord(Ctx, "Bad");
  ASSERT_TRUE(Bad);
  EXPECT_FALSE(computeLayout(*Bad, Ctx));
  const RecordDecl *Holds = test::findRecord(Ctx, "HoldsIncomplete");
  ASSERT_TRUE(Holds);
  EXPECT_FALSE(computeLayout(*Holds, Ctx));
  const RecordDecl *Good = test::findRecord(Ctx, "Good");
  ASSERT_TRUE(Good);
  EXPECT_TRUE(computeLayout(*Good, Ctx));
}

TEST(LayoutBuilder, OptimalKeepsDeclarationOrderForTies) {
  auto L = layoutOf("struct S { char a; int b; char c; int d; char e; };", "S");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 20u);
  ASSERT_TRUE(L->Optimal);
  EXPECT_EQ(L->Optimal->Size, 12u);
  EXPECT_EQ(L->Optimal->FieldOrder, (Names{"b", "d", "a", "c", "e"}));
}

TEST(LayoutBuilder, OptimalFillsTheTailPaddingOfABase) {
  // NonPod's tail padding (bytes 5-7) can hold y and z; ordering by
  // alignment alone (x, y, z) would stay at 16 bytes.
  auto L = layoutOf(R"(
    struct NonPod { NonPod(); int i; char c; };
    struct D : NonPod { int x; char y; char z; };
  )",
                    "D");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 16u);
  ASSERT_TRUE(L->Optimal);
  EXPECT_EQ(L->Optimal->Size, 12u);
  EXPECT_EQ(L->Optimal->FieldOrder, (Names{"y", "z", "x"}));
}

TEST(LayoutBuilder, OptimalMovesABitFieldRunAsOneUnit) {
  auto L = layoutOf(
      "struct S { char a; int f1 : 4; int f2 : 4; double d; char b; };", "S");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 24u);
  ASSERT_TRUE(L->Optimal);
  EXPECT_EQ(L->Optimal->Size, 16u);
  const Names &Order = L->Optimal->FieldOrder;
  ASSERT_EQ(Order.size(), 5u);
  auto F1 = llvm::find(Order, "f1");
  ASSERT_NE(F1, Order.end());
  ASSERT_NE(F1 + 1, Order.end());
  EXPECT_EQ(*(F1 + 1), "f2");
  EXPECT_EQ(Order.front(), "d");
}

TEST(LayoutBuilder, OptimalKeepsAFlexibleArrayMemberLast) {
  // A flexible array member must stay the last member: an order that moves
  // it does not compile.
  auto L = layoutOf("struct F { char c; double d; int n; int data[]; };", "F");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 24u);
  ASSERT_TRUE(L->Optimal);
  EXPECT_EQ(L->Optimal->Size, 16u);
  ASSERT_FALSE(L->Optimal->FieldOrder.empty());
  EXPECT_EQ(L->Optimal->FieldOrder.back(), "data");
}

TEST(LayoutBuilder, OptimalForAClassWithAUserDeclaredConstructor) {
  // Not POD for layout (its dsize is 13, not 16): the order search must
  // still reproduce its layout.
  auto L = layoutOf("struct S { S(); char c; double d; int i; };", "S");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 24u);
  EXPECT_EQ(L->DataSize, 20u);
  ASSERT_TRUE(L->Optimal);
  EXPECT_EQ(L->Optimal->Size, 16u);
  EXPECT_EQ(L->Optimal->FieldOrder, (Names{"d", "i", "c"}));
}

TEST(LayoutBuilder, OptimalNotComputedWhenNotAsked) {
  LayoutOptions Options;
  Options.ComputeOptimal = false;
  auto L = layoutOf("struct S { char c; double d; };", "S", {Linux64}, Options);
  ASSERT_TRUE(L);
  EXPECT_EQ(L->PaddingBytes, 7u);
  EXPECT_FALSE(L->Optimal);
}

TEST(LayoutBuilder, I686AlignsDoubleToFourInStructs) {
  auto L = layoutOf("struct S { char c; double d; long long l; };", "S",
                    {"--target=i686-linux-gnu"});
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 20u);
  EXPECT_EQ(L->Align, 4u);
  EXPECT_EQ(entry(*L, "d")->Offset, 4u);
  auto M = layoutOf("struct S { char c; double d; long long l; };", "S",
                    {"--target=i686-pc-windows-msvc"});
  ASSERT_TRUE(M);
  EXPECT_EQ(M->Size, 24u);
  EXPECT_EQ(entry(*M, "d")->Offset, 8u);
}

} // namespace
} // namespace layout
} // namespace alloc_tidy
