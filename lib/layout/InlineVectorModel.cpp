//===--- InlineVectorModel.cpp - the layout of an inline-buffer vector ----===//
//
// Each model mirrors the class's own subobjects (bases, members, alignment
// attributes) as invisible records, and clang lays them out: no size is
// computed here by formula, except the number of extra storage slots Boost
// derives from sizes, which is Boost's own formula over clang's layouts.
//
// Boost 1.74, boost/container/small_vector.hpp:
//   small_vector<T, N> : small_vector_base<T>, small_vector_storage<S, K>
//   small_vector_base<T> : vector<T> { S m_storage_start; }
//   vector<T> holds { T *m_start; size_t m_size; size_t m_capacity; }
//   S is aligned_storage<sizeof(T), __alignof(T)> (clang's __alignof is the
//   preferred alignment: 8 for double on i386, where alignof says 4), and
//   K = 0 when sizeof(T) * N fits in the bytes from m_storage_start to the
//   end of small_vector_base, else enough S to hold the rest. The extra
//   storage base may start in small_vector_base's tail padding (Itanium),
//   which is why small_vector<char, 10> is 32 bytes, not 40, and holds 8
//   chars inline, not 10 (Boost fixed that in 1.80 with another layout).
//
// LLVM 22, llvm/ADT/SmallVector.h:
//   SmallVector<T, N> : SmallVectorBase<SizeT>, SmallVectorStorage<T, N>
//   SmallVectorBase<SizeT> { void *BeginX; SizeT Size, Capacity; }
//   SizeT is uint64_t when sizeof(T) < 4 and pointers have 64 bits, else
//   uint32_t; SmallVectorStorage<T, N> { alignas(T) char InlineElts[N *
//   sizeof(T)]; }, and for N = 0 an empty struct alignas(T).
//
//===----------------------------------------------------------------------===//

#include "lib/layout/InlineVectorModel.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Basic/Version.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <optional>

using namespace clang;

namespace alloc_tidy {

namespace {

struct StandInField {
  llvm::StringRef Name;
  QualType Type;
  /// An alignment attribute (bytes; 0 for none), as alignas(T) writes it.
  uint64_t AlignBytes = 0;
};

struct StandInBase {
  const CXXRecordDecl *Record;
  AccessSpecifier Access;
};

QualType typeOf(const ASTContext &Ctx, const CXXRecordDecl *RD) {
#if CLANG_VERSION_MAJOR >= 22
  return Ctx.getCanonicalTagType(RD);
#else
  return Ctx.getRecordType(RD);
#endif
}

AlignedAttr *alignedAttr(ASTContext &Ctx, uint64_t Bytes,
                         AlignedAttr::Spelling Spelling) {
  const QualType SizeType = Ctx.getSizeType();
  Expr *Value =
      IntegerLiteral::Create(Ctx, llvm::APInt(Ctx.getTypeSize(SizeType), Bytes),
                             SizeType, SourceLocation());
  return AlignedAttr::CreateImplicit(Ctx, /*IsAlignmentExpr=*/true, Value,
                                     SourceRange(), Spelling);
}

// An invisible struct, as lib/layout/WhatIf.cpp builds its copies: implicit,
// its context the translation unit but never added to it, so no lookup or
// traversal finds it. Private fields make it a non-POD (its tail padding can
// be reused by a derived class), as the classes it mirrors are.
const CXXRecordDecl *
standIn(ASTContext &Ctx, llvm::StringRef Name,
        llvm::ArrayRef<StandInBase> Bases, llvm::ArrayRef<StandInField> Fields,
        bool PrivateFields, uint64_t AlignBytes = 0,
        AlignedAttr::Spelling AlignSpelling = AlignedAttr::Keyword_alignas) {
  const SourceLocation Loc;
  auto *RD = CXXRecordDecl::Create(Ctx, TagTypeKind::Struct,
                                   Ctx.getTranslationUnitDecl(), Loc, Loc,
                                   &Ctx.Idents.get(Name));
  RD->setImplicit(true);
  if (AlignBytes)
    RD->addAttr(alignedAttr(Ctx, AlignBytes, AlignSpelling));
  RD->startDefinition();
  llvm::SmallVector<CXXBaseSpecifier *, 2> Specifiers;
  for (const StandInBase &Base : Bases)
    Specifiers.push_back(new (Ctx) CXXBaseSpecifier(
        SourceRange(), /*V=*/false, /*BC=*/false, Base.Access,
        Ctx.getTrivialTypeSourceInfo(typeOf(Ctx, Base.Record), Loc),
        SourceLocation()));
  RD->setBases(Specifiers.data(), Specifiers.size());
  for (const StandInField &Spec : Fields) {
    auto *Field = FieldDecl::Create(
        Ctx, RD, Loc, Loc, &Ctx.Idents.get(Spec.Name), Spec.Type,
        Ctx.getTrivialTypeSourceInfo(Spec.Type, Loc), /*BW=*/nullptr,
        /*Mutable=*/false, ICIS_NoInit);
    Field->setAccess(PrivateFields ? AS_private : AS_public);
    Field->setImplicit(true);
    if (Spec.AlignBytes)
      Field->addAttr(
          alignedAttr(Ctx, Spec.AlignBytes, AlignedAttr::Keyword_alignas));
    RD->addDecl(Field);
  }
  RD->completeDefinition();
  return RD;
}

QualType arrayOf(ASTContext &Ctx, QualType Element, uint64_t Count) {
  return Ctx.getConstantArrayType(Element, llvm::APInt(64, Count), nullptr,
                                  ArraySizeModifier::Normal, 0);
}

uint64_t sizeOf(const ASTContext &Ctx, QualType T) {
  return static_cast<uint64_t>(Ctx.getTypeSizeInChars(T).getQuantity());
}

// The name the stand-in is printed with in layouts: "Class<Element, N>".
std::string displayName(const ASTContext &Ctx, llvm::StringRef Class,
                        QualType Element, uint64_t Capacity) {
  return (Class + "<" + Element.getAsString(Ctx.getPrintingPolicy()) + ", " +
          llvm::Twine(Capacity) + ">")
      .str();
}

struct Element {
  QualType Type;
  uint64_t Size;
};

struct Model {
  QualType Type;
  /// The elements the class holds before it allocates.
  uint64_t InlineCapacity = 0;
};

std::optional<Model> boostModel(ASTContext &Ctx, const Element &E,
                                uint64_t Capacity, llvm::StringRef Name,
                                std::string &Why) {
  const uint64_t CharBits = Ctx.getCharWidth();
  // __alignof(T), as Boost's alignment_of asks clang.
  const uint64_t Align =
      Ctx.getPreferredTypeAlign(E.Type.getTypePtr()) / CharBits;
  // Boost's aligned_storage has a specialisation for each power of two up
  // to 4096, and no more.
  if (Align > 4096) {
    Why = "boost::container::small_vector does not support elements aligned "
          "to more than 4096 bytes";
    return std::nullopt;
  }
  const QualType SizeT = Ctx.getSizeType();
  const CXXRecordDecl *Storage =
      standIn(Ctx, "__alloc_tidy_small_vector_storage_type", {},
              {{"data", arrayOf(Ctx, Ctx.UnsignedCharTy, E.Size)}},
              /*PrivateFields=*/false, Align, AlignedAttr::GNU_aligned);
  const QualType StorageType = typeOf(Ctx, Storage);
  const CXXRecordDecl *Vector =
      standIn(Ctx, "__alloc_tidy_small_vector_vector", {},
              {{"m_start", Ctx.getPointerType(E.Type)},
               {"m_size", SizeT},
               {"m_capacity", SizeT}},
              /*PrivateFields=*/true);
  const CXXRecordDecl *Base =
      standIn(Ctx, "__alloc_tidy_small_vector_base", {{Vector, AS_public}},
              {{"m_storage_start", StorageType}}, /*PrivateFields=*/true);

  // small_vector_storage_calculator, over clang's sizes.
  const uint64_t StorageAlign =
      Ctx.getPreferredTypeAlign(StorageType.getTypePtr()) / CharBits;
  const uint64_t StorageSize = sizeOf(Ctx, StorageType);
  const uint64_t VectorSize = sizeOf(Ctx, typeOf(Ctx, Vector));
  const uint64_t BaseSize = sizeOf(Ctx, typeOf(Ctx, Base));
  const uint64_t StorageStart = llvm::alignTo(VectorSize, StorageAlign);
  const uint64_t HeaderBytes = BaseSize - StorageStart;
  const uint64_t NeededBytes = E.Size * Capacity;
  const uint64_t Extra =
      NeededBytes == 0 || NeededBytes <= HeaderBytes
          ? 0
          : (NeededBytes - HeaderBytes - 1) / StorageSize + 1;

  llvm::SmallVector<StandInField, 1> RestFields;
  if (Extra)
    RestFields.push_back(
        {"m_rest_of_storage", arrayOf(Ctx, StorageType, Extra)});
  const CXXRecordDecl *Rest =
      standIn(Ctx, "__alloc_tidy_small_vector_storage", {}, RestFields,
              /*PrivateFields=*/false);
  const CXXRecordDecl *Class =
      standIn(Ctx, Name, {{Base, AS_public}, {Rest, AS_private}}, {},
              /*PrivateFields=*/true);
  // small_vector::internal_capacity(): what fits from m_storage_start to
  // the end of the object, which is less than N when the extra storage
  // starts in the base's tail padding.
  const QualType Type = typeOf(Ctx, Class);
  return Model{Type, (sizeOf(Ctx, Type) - StorageStart) / E.Size};
}

std::optional<Model> llvmModel(ASTContext &Ctx, const Element &E,
                               uint64_t Capacity, llvm::StringRef Name,
                               std::string &Why) {
  // The template parameter N is an unsigned int.
  if (Capacity > UINT32_MAX) {
    Why = "llvm::SmallVector's capacity is an unsigned int";
    return std::nullopt;
  }
  const TargetInfo &Target = Ctx.getTargetInfo();
  // SmallVectorSizeType<T>.
  const bool Wide = E.Size < 4 && Target.getPointerWidth(LangAS::Default) >= 64;
  const QualType SizeT = Ctx.getIntTypeForBitwidth(Wide ? 64 : 32, false);
  if (SizeT.isNull()) {
    Why = "the target has no uint32_t or uint64_t";
    return std::nullopt;
  }
  const CXXRecordDecl *Header =
      standIn(Ctx, "__alloc_tidy_SmallVectorBase", {},
              {{"BeginX", Ctx.VoidPtrTy}, {"Size", SizeT}, {"Capacity", SizeT}},
              /*PrivateFields=*/true);
  // alignas(T): alignof(T), not the preferred alignment.
  const uint64_t Align = Ctx.getTypeAlignInChars(E.Type).getQuantity();
  const CXXRecordDecl *Storage =
      Capacity == 0
          ? standIn(Ctx, "__alloc_tidy_SmallVectorStorage", {}, {},
                    /*PrivateFields=*/false, Align)
          : standIn(Ctx, "__alloc_tidy_SmallVectorStorage", {},
                    {{"InlineElts", arrayOf(Ctx, Ctx.CharTy, E.Size * Capacity),
                      Align}},
                    /*PrivateFields=*/false);
  const CXXRecordDecl *Class =
      standIn(Ctx, Name, {{Header, AS_public}, {Storage, AS_private}}, {},
              /*PrivateFields=*/true);
  return Model{typeOf(Ctx, Class), Capacity};
}

// The element's size, or nullopt (with Why) when it has none that a layout
// could use.
std::optional<Element> elementOf(const ASTContext &Ctx, QualType Type,
                                 std::string &Why) {
  if (Type.isNull()) {
    Why = "there is no element type";
    return std::nullopt;
  }
  const std::string Spelled =
      "'" + Type.getAsString(Ctx.getPrintingPolicy()) + "'";
  if (Type->isDependentType() || Type->isInstantiationDependentType()) {
    Why = "the element type " + Spelled + " is dependent";
    return std::nullopt;
  }
  if (!Type->isObjectType() || Type->isVariablyModifiedType() ||
      Type->isSizelessType()) {
    Why = "the element type " + Spelled +
          " is not an object type of fixed "
          "size";
    return std::nullopt;
  }
  if (Type->isIncompleteType()) {
    Why = "the element type " + Spelled + " is incomplete";
    return std::nullopt;
  }
  if (const auto *RD = Type->getAsRecordDecl(); RD && RD->isInvalidDecl()) {
    Why = "the element type " + Spelled + " is invalid";
    return std::nullopt;
  }
  const uint64_t Size = sizeOf(Ctx, Type);
  if (Size == 0) {
    Why = "the element type " + Spelled + " has no size";
    return std::nullopt;
  }
  return Element{Type.getUnqualifiedType(), Size};
}

std::optional<Model> buildModel(ASTContext &Ctx, llvm::StringRef Class,
                                QualType ElementType, uint64_t Capacity,
                                std::string &Why) {
  Class.consume_front("::");
  const bool Boost = Class == "boost::container::small_vector";
  const bool Llvm = Class == "llvm::SmallVector";
  if (!Boost && !Llvm) {
    Why = ("the layout of " + Class + " is not modelled").str();
    return std::nullopt;
  }
  // Measured for the Itanium C++ ABI (x86-64 and i386 Linux); MSVC places
  // empty and aligned bases its own way.
  if (!Ctx.getLangOpts().CPlusPlus ||
      !Ctx.getTargetInfo().getCXXABI().isItaniumFamily()) {
    Why =
        ("the layout of " + Class + " is modelled for the Itanium C++ ABI only")
            .str();
    return std::nullopt;
  }
  const std::optional<Element> E = elementOf(Ctx, ElementType, Why);
  if (!E)
    return std::nullopt;
  // Far below what clang can lay out (sizes in bits fit in 64 bits) and what
  // an object can be (a quarter of the address space).
  const unsigned PointerBits =
      Ctx.getTargetInfo().getPointerWidth(LangAS::Default);
  const uint64_t MaxBytes = uint64_t(1) << std::min(PointerBits - 2, 60u);
  if (Capacity > MaxBytes / E->Size) {
    Why = "the inline buffer would be larger than an object can be";
    return std::nullopt;
  }
  const std::string Name = displayName(Ctx, Class, ElementType, Capacity);
  return Boost ? boostModel(Ctx, *E, Capacity, Name, Why)
               : llvmModel(Ctx, *E, Capacity, Name, Why);
}

} // namespace

QualType inlineVectorModelType(ASTContext &Ctx, llvm::StringRef Class,
                               QualType Element, uint64_t Capacity,
                               std::string &Why) {
  const std::optional<Model> M = buildModel(Ctx, Class, Element, Capacity, Why);
  return M ? M->Type : QualType();
}

std::optional<uint64_t> inlineVectorModelCapacity(ASTContext &Ctx,
                                                  llvm::StringRef Class,
                                                  QualType Element,
                                                  uint64_t Capacity,
                                                  std::string &Why) {
  const std::optional<Model> M = buildModel(Ctx, Class, Element, Capacity, Why);
  if (!M)
    return std::nullopt;
  return M->InlineCapacity;
}

uint64_t inlineVectorCapacityToDeclare(ASTContext &Ctx, llvm::StringRef Class,
                                       QualType Element, uint64_t Capacity) {
  // Boost 1.74's small_vector can hold fewer elements inline than its
  // capacity argument says; ask for the smallest one that holds them all.
  uint64_t Declared = Capacity;
  std::string Why;
  std::optional<uint64_t> Holds =
      inlineVectorModelCapacity(Ctx, Class, Element, Declared, Why);
  while (Holds && *Holds < Capacity && Declared < Capacity + 64) {
    ++Declared;
    Holds = inlineVectorModelCapacity(Ctx, Class, Element, Declared, Why);
  }
  if (Holds && *Holds < Capacity)
    return Capacity;
  return Declared;
}

std::optional<std::string>
describeCapacityShortfall(ASTContext &Ctx, StringRef Class, QualType Element,
                          uint64_t Capacity, uint64_t Declared,
                          StringRef Spelled) {
  std::string Why;
  std::optional<uint64_t> Holds =
      inlineVectorModelCapacity(Ctx, Class, Element, Capacity, Why);
  if (Declared == Capacity || !Holds || *Holds >= Capacity)
    return std::nullopt;
  auto Elements = [](uint64_t N) {
    return std::to_string(N) + (N == 1 ? " element" : " elements");
  };
  return Spelled.str() + " holds only " + Elements(*Holds) +
         " inline (part of its buffer falls in padding); " +
         std::to_string(Declared) + " is the smallest capacity that holds " +
         std::to_string(Capacity);
}

} // namespace alloc_tidy
