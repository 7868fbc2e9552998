//===--- WhatIf.cpp - layouts after a change to a record
//-------------------===//

#include "lib/layout/WhatIf.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Basic/Version.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Parse/Parser.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>

using namespace clang;

namespace alloc_tidy {
namespace layout {

namespace {

struct FieldSpec {
  /// Null for a field that RD does not have (Name says what it is called).
  const FieldDecl *Original;
  QualType Type;
  IdentifierInfo *Name = nullptr;
  AccessSpecifier Access = AS_public;
};

// An invisible copy of RD with the given fields: same kind, attributes
// (packed, aligned, #pragma pack, ms_struct), bases and virtual functions as
// far as layout sees them. It is not added to any DeclContext, so no lookup
// or later traversal ever finds it.
//
// \p MakeNonPOD: RD is not a POD for a reason that is no field (a
// user-declared constructor or destructor, say), so the copy must not be one
// either, whatever its fields.
const RecordDecl *rebuildRecord(const RecordDecl &RD,
                                llvm::ArrayRef<FieldSpec> Fields,
                                ASTContext &Ctx, bool MakeNonPOD = false) {
  DeclContext *TU = Ctx.getTranslationUnitDecl();
  const SourceLocation Loc = RD.getLocation();
  IdentifierInfo *Name = &Ctx.Idents.get("__alloc_tidy_what_if");
  const auto *OldClass = dyn_cast<CXXRecordDecl>(&RD);
  RecordDecl *New = nullptr;
  CXXRecordDecl *NewClass = nullptr;
  if (OldClass) {
    NewClass = CXXRecordDecl::Create(Ctx, RD.getTagKind(), TU, Loc, Loc, Name);
    New = NewClass;
  } else {
    New = RecordDecl::Create(Ctx, RD.getTagKind(), TU, Loc, Loc, Name);
  }
  New->setImplicit(true);
  for (const Attr *A : RD.attrs())
    New->addAttr(A->clone(Ctx));
  New->startDefinition();

  if (OldClass) {
    llvm::SmallVector<CXXBaseSpecifier *, 4> Bases;
    for (const CXXBaseSpecifier &B : OldClass->bases())
      Bases.push_back(new (Ctx) CXXBaseSpecifier(B));
    NewClass->setBases(Bases.data(), Bases.size());
    // A class that declares its own virtual functions gets its own vptr; one
    // virtual function that overrides nothing reproduces that. (A class that
    // only extends a base's vtable inherits its polymorphism from the base.)
    if (Ctx.getASTRecordLayout(OldClass).hasOwnVFPtr()) {
      QualType FnType = Ctx.getFunctionType(Ctx.VoidTy, {},
                                            FunctionProtoType::ExtProtoInfo());
      auto *Virtual = CXXMethodDecl::Create(
          Ctx, NewClass, Loc,
          DeclarationNameInfo(&Ctx.Idents.get("__alloc_tidy_virtual"), Loc),
          FnType, Ctx.getTrivialTypeSourceInfo(FnType, Loc), SC_None,
          /*UsesFPIntrin=*/false, /*isInline=*/false,
          ConstexprSpecKind::Unspecified, Loc);
      Virtual->setVirtualAsWritten(true);
      Virtual->setAccess(AS_public);
      NewClass->addDecl(Virtual);
    }
  }

  // A class that is not a POD keeps its tail padding out of its data size
  // (Itanium). Private fields make the copy a non-POD too, and change nothing
  // else the layout sees when all of them were public (when one was not, the
  // copy is no POD anyway).
  for (const FieldSpec &Spec : Fields) {
    const FieldDecl *Old = Spec.Original;
    if (!Old) {
      auto *Added = FieldDecl::Create(
          Ctx, New, Loc, Loc, Spec.Name, Spec.Type,
          Ctx.getTrivialTypeSourceInfo(Spec.Type, Loc), /*BW=*/nullptr,
          /*Mutable=*/false, ICIS_NoInit);
      Added->setAccess(MakeNonPOD ? AS_private : Spec.Access);
      New->addDecl(Added);
      continue;
    }
    auto *Field = FieldDecl::Create(
        Ctx, New, Old->getBeginLoc(), Old->getLocation(), Old->getIdentifier(),
        Spec.Type, Ctx.getTrivialTypeSourceInfo(Spec.Type, Old->getLocation()),
        Old->getBitWidth(), Old->isMutable(), ICIS_NoInit);
    Field->setAccess(MakeNonPOD ? AS_private : Old->getAccess());
    for (const Attr *A : Old->attrs())
      Field->addAttr(A->clone(Ctx));
    Field->setImplicit(Old->isImplicit());
    New->addDecl(Field);
  }
  New->completeDefinition();
  return New;
}

bool sameLayout(const RecordLayout &A, const RecordLayout &B) {
  if (A.Size != B.Size || A.Align != B.Align || A.DataSize != B.DataSize ||
      A.Entries.size() != B.Entries.size())
    return false;
  for (size_t I = 0; I < A.Entries.size(); ++I) {
    const LayoutEntry &X = A.Entries[I];
    const LayoutEntry &Y = B.Entries[I];
    if (X.Kind != Y.Kind || X.Name != Y.Name || X.Offset != Y.Offset ||
        X.Size != Y.Size || X.BitOffset != Y.BitOffset)
      return false;
  }
  return true;
}

std::vector<FieldSpec> originalFields(const RecordDecl &RD) {
  std::vector<FieldSpec> Fields;
  for (const FieldDecl *F : RD.fields())
    Fields.push_back({F, F->getType()});
  return Fields;
}

// The rebuilt record's layout, presented as RD's: its name and position.
std::optional<RecordLayout> layoutOfRebuilt(const RecordDecl &RD,
                                            llvm::ArrayRef<FieldSpec> Fields,
                                            ASTContext &Ctx,
                                            LayoutOptions Options) {
  Options.ComputeOptimal = false;
  std::optional<RecordLayout> Original = computeLayout(RD, Ctx, Options);
  if (!Original)
    return std::nullopt;
  // When a copy with RD's own fields is a POD and RD is not, what makes RD
  // no POD is not a field, and it stays whatever field changes. When RD is
  // no POD because of a field (a std::string member, say), changing that
  // field may well make it a POD.
  const RecordDecl *Same = rebuildRecord(RD, originalFields(RD), Ctx);
  const auto *Class = dyn_cast<CXXRecordDecl>(&RD);
  const bool MakeNonPOD =
      Class && !Class->isPOD() && cast<CXXRecordDecl>(Same)->isPOD();
  if (MakeNonPOD)
    Same = rebuildRecord(RD, originalFields(RD), Ctx, MakeNonPOD);
  std::optional<RecordLayout> Copy = computeLayout(*Same, Ctx, Options);
  if (!Copy || !sameLayout(*Original, *Copy))
    return std::nullopt;
  std::optional<RecordLayout> Changed =
      computeLayout(*rebuildRecord(RD, Fields, Ctx, MakeNonPOD), Ctx, Options);
  if (!Changed)
    return std::nullopt;
  Changed->Name = Original->Name;
  Changed->QualifiedName = Original->QualifiedName;
  Changed->File = Original->File;
  Changed->Line = Original->Line;
  return Changed;
}

// Runs of adjacent bit-fields share storage units, so they move together.
using FieldUnit = llvm::SmallVector<const FieldDecl *, 4>;

std::vector<FieldUnit> fieldUnits(const RecordDecl &RD) {
  std::vector<FieldUnit> Units;
  bool InBitFieldRun = false;
  for (const FieldDecl *F : RD.fields()) {
    if (F->isBitField() && InBitFieldRun) {
      Units.back().push_back(F);
      continue;
    }
    Units.push_back({F});
    InBitFieldRun = F->isBitField();
  }
  return Units;
}

uint64_t unitAlign(const FieldUnit &Unit, ASTContext &Ctx) {
  uint64_t Align = 1;
  for (const FieldDecl *F : Unit)
    Align = std::max<uint64_t>(Align, Ctx.getDeclAlign(F).getQuantity());
  return Align;
}

// Bytes the unit occupies in RD's own layout.
uint64_t unitSize(const FieldUnit &Unit, const ASTRecordLayout &L,
                  ASTContext &Ctx) {
  const uint64_t CharBits = Ctx.getCharWidth();
  if (!Unit.front()->isBitField())
    return Ctx.getTypeSizeInChars(Unit.front()->getType()).getQuantity();
  uint64_t Begin = L.getFieldOffset(Unit.front()->getFieldIndex());
  uint64_t End = Begin;
  for (const FieldDecl *F : Unit) {
    if (isZeroWidthBitField(*F, Ctx))
      continue;
    const uint64_t Offset = L.getFieldOffset(F->getFieldIndex());
    End = std::max<uint64_t>(End, Offset + bitFieldWidth(*F, Ctx));
  }
  return (End + CharBits - 1) / CharBits - Begin / CharBits;
}

std::vector<const FieldDecl *> flatten(llvm::ArrayRef<FieldUnit> Units) {
  std::vector<const FieldDecl *> Fields;
  for (const FieldUnit &U : Units)
    Fields.insert(Fields.end(), U.begin(), U.end());
  return Fields;
}

// Where the fields start: after the ABI pointers and the data of the
// non-virtual bases.
uint64_t fieldsStart(const RecordDecl &RD, ASTContext &Ctx) {
  const auto *Class = dyn_cast<CXXRecordDecl>(&RD);
  if (!Class)
    return 0;
  const ASTRecordLayout &L = Ctx.getASTRecordLayout(Class);
  const uint64_t PointerBytes =
      Ctx.getTargetInfo().getPointerWidth(LangAS::Default) / Ctx.getCharWidth();
  uint64_t Start = L.hasOwnVFPtr() ? PointerBytes : 0;
  if (L.hasOwnVBPtr())
    Start = std::max<uint64_t>(Start,
                               L.getVBPtrOffset().getQuantity() + PointerBytes);
  for (const CXXBaseSpecifier &B : Class->bases()) {
    const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl();
    if (B.isVirtual() || !Base || Base->isEmpty())
      continue;
    Start = std::max<uint64_t>(
        Start, L.getBaseClassOffset(Base).getQuantity() +
                   Ctx.getASTRecordLayout(Base).getDataSize().getQuantity());
  }
  return Start;
}

// Candidate orders: by decreasing alignment, and a greedy order that first
// fills the bytes left after the bases (a base's tail padding may be reused).
std::vector<std::vector<FieldUnit>>
candidateOrders(const RecordDecl &RD, ASTContext &Ctx, bool KeepLastField) {
  std::vector<FieldUnit> Units = fieldUnits(RD);
  // By decreasing alignment; ties keep declaration order.
  std::vector<std::pair<int64_t, size_t>> Keys;
  Keys.reserve(Units.size());
  for (size_t I = 0; I < Units.size(); ++I)
    Keys.emplace_back(-static_cast<int64_t>(unitAlign(Units[I], Ctx)), I);
  llvm::sort(Keys);
  std::vector<FieldUnit> ByAlign;
  ByAlign.reserve(Keys.size());
  for (const auto &[NegAlign, Index] : Keys)
    ByAlign.push_back(Units[Index]);
  std::vector<std::vector<FieldUnit>> Orders{ByAlign};

  const ASTRecordLayout &L = Ctx.getASTRecordLayout(&RD);
  std::vector<FieldUnit> Left = ByAlign;
  std::vector<FieldUnit> Greedy;
  uint64_t Cursor = fieldsStart(RD, Ctx);
  while (!Left.empty()) {
    auto Next = llvm::find_if(Left, [&](const FieldUnit &U) {
      return Cursor % unitAlign(U, Ctx) == 0;
    });
    if (Next == Left.end())
      Next = Left.begin();
    const uint64_t Align = unitAlign(*Next, Ctx);
    Cursor = (Cursor + Align - 1) / Align * Align + unitSize(*Next, L, Ctx);
    Greedy.push_back(*Next);
    Left.erase(Next);
  }
  Orders.push_back(std::move(Greedy));
  // A flexible array member has to stay the last field, or the order is
  // not valid code; so does a last field the caller pins (a variable-length
  // tail).
  // (Moved by hand: std::stable_partition uses get_temporary_buffer, which
  // libstdc++ 12 marks deprecated.)
  const FieldDecl *Pinned = nullptr;
  if (KeepLastField && !Units.empty())
    Pinned = Units.back().back();
  for (std::vector<FieldUnit> &Order : Orders) {
    auto IsFlexible = [&](const FieldUnit &U) {
      return U.back() == Pinned || U.back()->getType()->isIncompleteArrayType();
    };
    auto Flexible = llvm::find_if(Order, IsFlexible);
    if (Flexible != Order.end()) {
      FieldUnit Last = *Flexible;
      Order.erase(Flexible);
      Order.push_back(std::move(Last));
    }
  }
  return Orders;
}

std::optional<BetterFieldOrder> bestOrder(const RecordDecl &RD, ASTContext &Ctx,
                                          bool KeepLastField = false) {
  if (!hasComputableLayout(RD) || RD.isUnion())
    return std::nullopt;
  const uint64_t Size = Ctx.getASTRecordLayout(&RD).getSize().getQuantity();
  std::optional<BetterFieldOrder> Best;
  std::vector<std::vector<const FieldDecl *>> Tried;
  for (const std::vector<FieldUnit> &Units :
       candidateOrders(RD, Ctx, KeepLastField)) {
    std::vector<const FieldDecl *> Order = flatten(Units);
    // The greedy order is often the one by alignment: each layout of a
    // rebuilt record costs a few hundred thousand instructions.
    if (llvm::is_contained(Tried, Order))
      continue;
    Tried.push_back(Order);
    std::optional<RecordLayout> Layout = layoutWithFieldOrder(RD, Order, Ctx);
    if (!Layout)
      return std::nullopt; // the copy is not exact: no claim at all
    if (Layout->Size < Size && (!Best || Layout->Size < Best->Layout.Size))
      Best = BetterFieldOrder{std::move(Order), std::move(*Layout)};
  }
  return Best;
}

} // namespace

std::optional<RecordLayout> layoutWithFieldType(const RecordDecl &RD,
                                                const FieldDecl &Field,
                                                QualType NewType,
                                                ASTContext &Ctx,
                                                const LayoutOptions &Options) {
  if (Field.getParent() != &RD || NewType.isNull() ||
      NewType->isIncompleteType() || NewType->isDependentType())
    return std::nullopt;
  std::vector<FieldSpec> Fields = originalFields(RD);
  for (FieldSpec &Spec : Fields)
    if (Spec.Original == &Field)
      Spec.Type = NewType;
  return layoutOfRebuilt(RD, Fields, Ctx, Options);
}

std::optional<RecordLayout>
layoutWithFieldAppended(const RecordDecl &RD, QualType Type,
                        llvm::StringRef Name, ASTContext &Ctx,
                        const LayoutOptions &Options) {
  if (Type.isNull() || Type->isIncompleteType() || Type->isDependentType() ||
      Name.empty())
    return std::nullopt;
  std::vector<FieldSpec> Fields = originalFields(RD);
  AccessSpecifier Access = AS_public;
  if (!Fields.empty()) {
    const FieldDecl *Last = Fields.back().Original;
    if (Last->getType()->isIncompleteArrayType())
      return std::nullopt;
    Access = Last->getAccess();
  }
  Fields.push_back({nullptr, Type, &Ctx.Idents.get(Name), Access});
  return layoutOfRebuilt(RD, Fields, Ctx, Options);
}

std::optional<RecordLayout>
layoutWithFieldOrder(const RecordDecl &RD,
                     llvm::ArrayRef<const FieldDecl *> Order, ASTContext &Ctx,
                     const LayoutOptions &Options) {
  std::vector<FieldSpec> Fields;
  for (const FieldDecl *F : Order) {
    if (F->getParent() != &RD)
      return std::nullopt;
    Fields.push_back({F, F->getType()});
  }
  std::vector<const FieldDecl *> Sorted(Order.begin(), Order.end());
  llvm::sort(Sorted);
  std::vector<const FieldDecl *> Declared(RD.field_begin(), RD.field_end());
  llvm::sort(Declared);
  if (Sorted != Declared)
    return std::nullopt;
  return layoutOfRebuilt(RD, Fields, Ctx, Options);
}

std::optional<ReorderResult> findBetterFieldOrder(const RecordDecl &RD,
                                                  ASTContext &Ctx) {
  auto Best = bestOrder(RD, Ctx);
  if (!Best)
    return std::nullopt;
  ReorderResult Result;
  Result.Size = Best->Layout.Size;
  for (const FieldDecl *F : Best->Fields) {
    if (isZeroWidthBitField(*F, Ctx))
      continue;
    std::string Name = F->getName().str();
    Result.FieldOrder.push_back(
        Name.empty() ? (F->isBitField() ? "(unnamed bit-field)" : "(anonymous)")
                     : Name);
  }
  return Result;
}

std::optional<BetterFieldOrder> findBetterFieldDecls(const RecordDecl &RD,
                                                     ASTContext &Ctx,
                                                     bool KeepLastField) {
  return bestOrder(RD, Ctx, KeepLastField);
}

ClassTemplateDecl *findClassTemplate(ASTContext &Ctx,
                                     llvm::StringRef QualifiedName) {
  QualifiedName.consume_front("::");
  DeclContext *Context = Ctx.getTranslationUnitDecl();
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  QualifiedName.split(Parts, "::");
  for (size_t I = 0; I < Parts.size(); ++I) {
    // Lookup in a namespace also sees the members of its inline namespaces
    // (libc++'s std::__1, libstdc++'s std::__cxx11).
    DeclContextLookupResult Found =
        Context->lookup(DeclarationName(&Ctx.Idents.get(Parts[I])));
    DeclContext *Next = nullptr;
    for (NamedDecl *D : Found) {
      if (I + 1 == Parts.size()) {
        if (auto *Template = dyn_cast<ClassTemplateDecl>(D))
          return Template;
      } else if (auto *NS = dyn_cast<NamespaceDecl>(D)) {
        Next = NS;
        break;
      }
    }
    if (!Next)
      return nullptr;
    Context = Next;
  }
  return nullptr;
}

Sema *findSema(Preprocessor &PP, ASTContext &Ctx) {
  // Only clang's Parser installs itself as the code-completion handler, and
  // it stays installed until the parse is over; the checks of clang-tidy
  // and clangd run inside that window, at the end of the translation unit.
  CodeCompletionHandler *Handler = PP.getCodeCompletionHandler();
  if (!Handler)
    return nullptr;
  auto *P = static_cast<Parser *>(Handler);
  if (&P->getPreprocessor() != &PP || &P->getActions().getASTContext() != &Ctx)
    return nullptr;
  return &P->getActions();
}

QualType instantiateClassTemplate(Sema &S, ClassTemplateDecl &Template,
                                  llvm::ArrayRef<TemplateArgument> Args,
                                  std::string &Why) {
  const SourceLocation Loc = Template.getLocation();
  TemplateArgumentListInfo Info(Loc, Loc);
  for (const TemplateArgument &Arg : Args)
    Info.addArgument(S.getTrivialTemplateArgumentLoc(
        Arg,
        Arg.getKind() == TemplateArgument::Integral ? Arg.getIntegralType()
                                                    : QualType(),
        Loc));
  // The user asked for a diagnostic about their code, not about a type they
  // never wrote: instantiation errors are silenced and turn into "no answer".
  DiagnosticsEngine &Diags = S.getDiagnostics();
  const bool WasSuppressed = Diags.getSuppressAllDiagnostics();
  Diags.setSuppressAllDiagnostics(true);
  QualType Type;
  {
    Sema::SFINAETrap Trap(S);
#if CLANG_VERSION_MAJOR >= 22
    Type = S.CheckTemplateIdType(ElaboratedTypeKeyword::None,
                                 TemplateName(&Template), Loc, Info,
                                 /*Scope=*/nullptr,
                                 /*ForNestedNameSpecifier=*/false);
#else
    Type = S.CheckTemplateIdType(TemplateName(&Template), Loc, Info);
#endif
    if (Type.isNull() || Trap.hasErrorOccurred()) {
      Why = "does not accept these template arguments";
      Type = QualType();
    } else if (!S.isCompleteType(Loc, Type) || Trap.hasErrorOccurred()) {
      Why = "cannot be instantiated with these arguments";
      Type = QualType();
    } else if (const CXXRecordDecl *Class = Type->getAsCXXRecordDecl();
               !Class || Class->isInvalidDecl()) {
      Why = "has errors when instantiated with these arguments";
      Type = QualType();
    }
  }
  Diags.setSuppressAllDiagnostics(WasSuppressed);
  return Type;
}

QualType completeSpecialization(ASTContext &Ctx, Sema *S,
                                ClassTemplateDecl &Template,
                                llvm::ArrayRef<TemplateArgument> Args,
                                std::string &Why) {
  llvm::SmallVector<TemplateArgument, 4> Canonical;
  for (const TemplateArgument &Arg : Args)
    Canonical.push_back(Ctx.getCanonicalTemplateArgument(Arg));
  void *InsertPos = nullptr;
  if (ClassTemplateSpecializationDecl *Existing =
          Template.findSpecialization(Canonical, InsertPos))
    if (Existing->hasDefinition() && !Existing->isInvalidDecl())
#if CLANG_VERSION_MAJOR >= 22
      return Ctx.getCanonicalTagType(Existing);
#else
      return Ctx.getRecordType(Existing);
#endif
  if (!S) {
    Why = "is not instantiated with these arguments in this translation unit";
    return QualType();
  }
  return instantiateClassTemplate(*S, Template, Args, Why);
}

} // namespace layout
} // namespace alloc_tidy
