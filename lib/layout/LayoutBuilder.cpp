//===--- LayoutBuilder.cpp - layouts from clang's ASTRecordLayout
//----------===//

#include "lib/layout/LayoutBuilder.h"
#include "lib/layout/WhatIf.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Basic/Version.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace clang;

namespace alloc_tidy {
namespace layout {

namespace {

std::string typeName(QualType T, const ASTContext &Ctx) {
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = true;
  Policy.FullyQualifiedName = false;
  return T.getAsString(Policy);
}

void setPosition(LayoutEntry &E, const Decl &D, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(D.getLocation()));
  if (P.isInvalid())
    return;
  E.File = P.getFilename();
  E.Line = P.getLine();
}

uint64_t bytesOf(CharUnits C) { return static_cast<uint64_t>(C.getQuantity()); }

LayoutEntry baseEntry(const CXXRecordDecl &Base, QualType Type, uint64_t Offset,
                      bool Virtual, const ASTContext &Ctx) {
  const ASTRecordLayout &BaseLayout = Ctx.getASTRecordLayout(&Base);
  LayoutEntry E;
  E.Kind = Virtual ? EntryKind::VirtualBase : EntryKind::Base;
  E.Type = typeName(Type, Ctx);
  E.Name = E.Type;
  E.Offset = Offset;
  E.IsEmpty = Base.isEmpty();
  E.Size = E.IsEmpty ? 0 : bytesOf(BaseLayout.getNonVirtualSize());
  E.Align = bytesOf(BaseLayout.getNonVirtualAlignment());
  setPosition(E, Base, Ctx);
  return E;
}

LayoutEntry fieldEntry(const FieldDecl &F, uint64_t OffsetBits,
                       const ASTContext &Ctx) {
  LayoutEntry E;
  E.Kind = EntryKind::Field;
  E.Name = F.getName().str();
  if (E.Name.empty())
    E.Name = F.isBitField() ? "(unnamed bit-field)" : "(anonymous)";
  E.Type = typeName(F.getType(), Ctx);
  // A bit-field that starts inside a byte has an alignment of less than a
  // byte (getDeclAlign rounds it down to 0 chars); it is still at a byte.
  E.Align = std::max<uint64_t>(1, bytesOf(Ctx.getDeclAlign(&F)));
  E.IsNoUniqueAddress = F.isPotentiallyOverlapping();
  const CXXRecordDecl *Class = F.getType()->getAsCXXRecordDecl();
  E.IsEmpty = Class && Class->hasDefinition() && Class->isEmpty();
  setPosition(E, F, Ctx);
  const uint64_t CharBits = Ctx.getCharWidth();
  if (F.isBitField()) {
    E.IsBitField = true;
    E.BitOffset = OffsetBits;
    E.BitWidth = bitFieldWidth(F, Ctx);
    E.Offset = OffsetBits / CharBits;
    const uint64_t EndBits = OffsetBits + E.BitWidth;
    E.Size = (EndBits + CharBits - 1) / CharBits - E.Offset;
    return E;
  }
  E.Offset = OffsetBits / CharBits;
  if (F.getType()->isIncompleteArrayType())
    E.Size = 0; // a flexible array member adds no bytes to sizeof
  else if (E.IsNoUniqueAddress)
    // Later members may live in the tail padding of a potentially
    // overlapping member, so it owns only its data size.
    E.Size = E.IsEmpty
                 ? 0
                 : bytesOf(Ctx.getTypeInfoDataSizeInChars(F.getType()).Width);
  else
    E.Size = bytesOf(Ctx.getTypeSizeInChars(F.getType()));
  return E;
}

uint64_t beginBits(const LayoutEntry &E, uint64_t CharBits) {
  return E.IsBitField ? E.BitOffset : E.Offset * CharBits;
}

uint64_t endBits(const LayoutEntry &E, uint64_t CharBits) {
  return E.IsBitField ? E.BitOffset + E.BitWidth
                      : (E.Offset + E.Size) * CharBits;
}

// Holes between consecutive entries, in whole bytes and in spare bits of a
// byte a bit-field only partly uses.
void findHoles(RecordLayout &Layout, uint64_t CharBits) {
  uint64_t CoveredBits = 0;
  for (size_t I = 0; I < Layout.Entries.size(); ++I) {
    const LayoutEntry &E = Layout.Entries[I];
    // Zero-sized entries (empty bases, empty [[no_unique_address]] members,
    // flexible arrays) sit inside other bytes and delimit nothing.
    if (!E.IsBitField && E.Size == 0)
      continue;
    const uint64_t Begin = beginBits(E, CharBits);
    if (Begin > CoveredBits) {
      Hole H;
      H.AfterEntry = static_cast<int>(I) - 1;
      const uint64_t FirstFreeByte = (CoveredBits + CharBits - 1) / CharBits;
      const uint64_t NextUsedByte = Begin / CharBits;
      H.Offset = FirstFreeByte;
      H.Size = NextUsedByte > FirstFreeByte ? NextUsedByte - FirstFreeByte : 0;
      H.Bits = Begin - CoveredBits - H.Size * CharBits;
      if (H.Size == 0)
        H.Offset = CoveredBits / CharBits;
      Layout.Holes.push_back(H);
    }
    CoveredBits = std::max(CoveredBits, endBits(E, CharBits));
  }
  const uint64_t UsedBytes = (CoveredBits + CharBits - 1) / CharBits;
  Layout.TailPadding = Layout.Size > UsedBytes ? Layout.Size - UsedBytes : 0;
}

} // namespace

unsigned bitFieldWidth(const FieldDecl &F, const ASTContext &Ctx) {
#if CLANG_VERSION_MAJOR >= 20
  (void)Ctx;
  return F.getBitWidthValue();
#else
  return F.getBitWidthValue(Ctx);
#endif
}

bool isZeroWidthBitField(const FieldDecl &F, const ASTContext &Ctx) {
#if CLANG_VERSION_MAJOR >= 20
  (void)Ctx;
  return F.isZeroLengthBitField();
#else
  return F.isZeroLengthBitField(Ctx);
#endif
}

bool hasComputableLayout(const RecordDecl &RD) {
  const RecordDecl *Def = RD.getDefinition();
  if (!Def || Def != &RD || RD.isInvalidDecl() || RD.isDependentType())
    return false;
  if (const auto *CXX = dyn_cast<CXXRecordDecl>(&RD)) {
    // A template pattern or a partial specialisation has no layout; its
    // instantiations do.
    if (CXX->getDescribedClassTemplate() ||
        isa<ClassTemplatePartialSpecializationDecl>(CXX))
      return false;
  }
  for (const FieldDecl *F : RD.fields())
    if (F->isInvalidDecl() || F->getType()->isDependentType())
      return false;
  return true;
}

std::optional<RecordLayout> computeLayout(const RecordDecl &RD, ASTContext &Ctx,
                                          const LayoutOptions &Options) {
  if (!hasComputableLayout(RD))
    return std::nullopt;
  const ASTRecordLayout &L = Ctx.getASTRecordLayout(&RD);
  const uint64_t CharBits = Ctx.getCharWidth();
  const uint64_t PointerBytes =
      Ctx.getTargetInfo().getPointerWidth(LangAS::Default) / CharBits;

  RecordLayout Layout;
  {
    llvm::raw_string_ostream OS(Layout.Name);
    RD.getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/false);
  }
  {
    llvm::raw_string_ostream OS(Layout.QualifiedName);
    RD.getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  }
  Layout.Kind = RD.getKindName().str();
  LayoutEntry Where;
  setPosition(Where, RD, Ctx);
  Layout.File = Where.File;
  Layout.Line = Where.Line;
  Layout.Size = bytesOf(L.getSize());
  Layout.DataSize = bytesOf(L.getDataSize());
  Layout.Align = bytesOf(L.getAlignment());
  Layout.IsPacked =
      RD.hasAttr<PackedAttr>() || RD.hasAttr<MaxFieldAlignmentAttr>();
  Layout.IsUnion = RD.isUnion();
  Layout.CacheLineSize = Options.CacheLineSize ? Options.CacheLineSize : 64;
  Layout.CacheLines =
      (Layout.Size + Layout.CacheLineSize - 1) / Layout.CacheLineSize;

  const auto *CXX = dyn_cast<CXXRecordDecl>(&RD);
  if (CXX) {
    Layout.IsDynamic = CXX->isDynamicClass();
    if (L.hasOwnVFPtr()) {
      LayoutEntry E;
      E.Kind = EntryKind::VPtr;
      E.Name =
          Ctx.getTargetInfo().getCXXABI().isMicrosoft() ? "__vfptr" : "__vptr";
      E.Type = "void *";
      E.Size = E.Align = PointerBytes;
      E.Offset = 0;
      Layout.Entries.push_back(E);
    }
    if (L.hasOwnVBPtr()) {
      LayoutEntry E;
      E.Kind = EntryKind::VBPtr;
      E.Name = "__vbptr";
      E.Type = "void *";
      E.Size = E.Align = PointerBytes;
      E.Offset = bytesOf(L.getVBPtrOffset());
      Layout.Entries.push_back(E);
    }
    for (const CXXBaseSpecifier &B : CXX->bases()) {
      if (B.isVirtual())
        continue;
      const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl();
      if (!Base)
        return std::nullopt;
      LayoutEntry E =
          baseEntry(*Base, B.getType(), bytesOf(L.getBaseClassOffset(Base)),
                    /*Virtual=*/false, Ctx);
      E.IsPrimaryBase = L.getPrimaryBase() == Base && !L.isPrimaryBaseVirtual();
      Layout.Entries.push_back(E);
    }
  }
  for (const FieldDecl *F : RD.fields()) {
    // A zero-width bit-field only aligns the next one; it owns no bits.
    if (isZeroWidthBitField(*F, Ctx))
      continue;
    Layout.Entries.push_back(
        fieldEntry(*F, L.getFieldOffset(F->getFieldIndex()), Ctx));
  }
  if (CXX) {
    for (const CXXBaseSpecifier &B : CXX->vbases()) {
      const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl();
      if (!Base)
        return std::nullopt;
      LayoutEntry E =
          baseEntry(*Base, B.getType(), bytesOf(L.getVBaseClassOffset(Base)),
                    /*Virtual=*/true, Ctx);
      E.IsPrimaryBase = L.getPrimaryBase() == Base && L.isPrimaryBaseVirtual();
      // MSVC keeps a 4-byte displacement just before a virtual base whose
      // virtual functions this class overrides while constructors run.
      auto Info = L.getVBaseOffsetsMap().find(Base);
      if (Info != L.getVBaseOffsetsMap().end() && Info->second.hasVtorDisp() &&
          E.Offset >= 4) {
        LayoutEntry VtorDisp;
        VtorDisp.Kind = EntryKind::VtorDisp;
        VtorDisp.Name = "__vtordisp";
        VtorDisp.Type = "vtordisp for " + E.Type;
        VtorDisp.Offset = E.Offset - 4;
        VtorDisp.Size = VtorDisp.Align = 4;
        Layout.Entries.push_back(VtorDisp);
      }
      Layout.Entries.push_back(E);
    }
  }

  if (Layout.IsUnion) {
    uint64_t Largest = 0;
    for (const LayoutEntry &E : Layout.Entries)
      Largest = std::max(Largest, E.Size);
    Layout.TailPadding = Layout.Size > Largest ? Layout.Size - Largest : 0;
  } else {
    // Stable: an empty base shares its offset with what follows it.
    std::vector<std::pair<uint64_t, size_t>> Order;
    Order.reserve(Layout.Entries.size());
    for (size_t I = 0; I < Layout.Entries.size(); ++I)
      Order.emplace_back(beginBits(Layout.Entries[I], CharBits), I);
    llvm::sort(Order);
    std::vector<LayoutEntry> Sorted;
    Sorted.reserve(Order.size());
    for (const auto &[Begin, Index] : Order)
      Sorted.push_back(std::move(Layout.Entries[Index]));
    Layout.Entries = std::move(Sorted);
    findHoles(Layout, CharBits);
  }
  Layout.PaddingBytes = holeBytes(Layout) + Layout.TailPadding;

  if (Options.ComputeOptimal && !Layout.IsUnion && Layout.PaddingBytes > 0)
    Layout.Optimal = findBetterFieldOrder(RD, Ctx);
  return Layout;
}

/// An upper bound on the bytes any field order can save: the record's size
/// less the least size any order can have. That is what its fields need
/// (bit-fields their width), its own vtable pointer and the data of its
/// non-virtual bases (their tail padding can hold fields), rounded up to
/// the record's alignment, which no order changes. Virtual bases and other
/// ABI pointers are left out, which only makes the bound larger. Cheap: no
/// layout of our own, only what clang computes for sizeof anyway.
uint64_t reorderSavingsBound(const RecordDecl &RD, const ASTContext &Ctx) {
  const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(&RD);
  const uint64_t SizeBits = Ctx.toBits(Layout.getSize());
  uint64_t NeededBits = 0;
  if (const auto *Class = dyn_cast<CXXRecordDecl>(&RD)) {
    if (Layout.hasOwnVFPtr())
      NeededBits += Ctx.getTargetInfo().getPointerWidth(LangAS::Default);
    for (const CXXBaseSpecifier &Base : Class->bases()) {
      const CXXRecordDecl *BaseClass = Base.getType()->getAsCXXRecordDecl();
      if (Base.isVirtual() || !BaseClass || !BaseClass->hasDefinition() ||
          BaseClass->isEmpty())
        continue;
      NeededBits += Ctx.toBits(Ctx.getASTRecordLayout(BaseClass).getDataSize());
    }
  }
  for (const FieldDecl *F : RD.fields()) {
    if (F->isBitField())
      NeededBits += bitFieldWidth(*F, Ctx);
    else if (F->getType()->isIncompleteArrayType())
      continue;
    else if (F->isPotentiallyOverlapping())
      NeededBits +=
          Ctx.toBits(Ctx.getTypeInfoDataSizeInChars(F->getType()).Width);
    else
      NeededBits += Ctx.getTypeSize(F->getType());
  }
  const uint64_t LeastBits =
      llvm::alignTo(NeededBits, Ctx.toBits(Layout.getAlignment()));
  return SizeBits > LeastBits ? (SizeBits - LeastBits) / Ctx.getCharWidth() : 0;
}

} // namespace layout
} // namespace alloc_tidy
