//===--- RecordInstances.cpp - where a unit makes many of a record --------===//

#include "lib/analysis/facts/RecordInstances.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace alloc_tidy {

namespace {

using Kind = InstanceEvidence::Kind;

InstanceEvidence make(Kind What, std::string Via,
                      std::optional<uint64_t> Count = std::nullopt) {
  InstanceEvidence E;
  E.What = What;
  E.Via = std::move(Via);
  E.Count = Count;
  return E;
}

const RecordDecl *definitionOf(QualType T) {
  if (T.isNull())
    return nullptr;
  const RecordDecl *RD = T->getAsRecordDecl();
  return RD ? RD->getDefinition() : nullptr;
}

std::string qualifiedName(const RecordDecl &RD, const ASTContext &Ctx) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  RD.getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  return Name;
}

/// The standard containers, whose type arguments are their elements (keys
/// and values for the maps).
bool isStdContainer(StringRef Name) {
  static constexpr StringRef Names[] = {"vector",        "deque",
                                        "list",          "forward_list",
                                        "array",         "valarray",
                                        "set",           "multiset",
                                        "map",           "multimap",
                                        "unordered_set", "unordered_multiset",
                                        "unordered_map", "unordered_multimap",
                                        "flat_map",      "flat_set",
                                        "flat_multimap", "flat_multiset",
                                        "queue",         "stack",
                                        "priority_queue"};
  return llvm::is_contained(Names, Name);
}

/// Standard class templates that hold their arguments by value: an element
/// std::pair<K, Row> of a container makes a Row per element.
bool isStdValueWrapper(StringRef Name) {
  static constexpr StringRef Names[] = {"pair", "tuple", "optional", "variant"};
  return llvm::is_contained(Names, Name);
}

/// The last field of \p RD, or null.
const FieldDecl *lastField(const RecordDecl &RD) {
  const FieldDecl *Last = nullptr;
  for (const FieldDecl *F : RD.fields())
    Last = F;
  return Last;
}

bool isArrayType(QualType T) {
  return T->isConstantArrayType() || T->isIncompleteArrayType();
}

} // namespace

class RecordInstancesBuilder
    : public RecursiveASTVisitor<RecordInstancesBuilder> {
public:
  RecordInstancesBuilder(ASTContext &Ctx, RecordInstances &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Out(Out) {
    // Not emplace or push: optional-like and stack-like wrappers of one
    // value have those.
    for (const char *Name : {"push_back", "emplace_back", "insert", "append"})
      Inserters.push_back(&Ctx.Idents.get(Name));
  }

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    // The standard library's own code (and its instantiations with the
    // user's types) says nothing about how many the user makes.
    if (D && !isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    const auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(D);
    if (!Ctor)
      return RecursiveASTVisitor::TraverseDecl(D);
    const RecordDecl *Outer = Constructed;
    Constructed = Ctor->getParent()->getDefinition();
    const bool Result = RecursiveASTVisitor::TraverseDecl(D);
    Constructed = Outer;
    return Result;
  }

  /// Loops count their nesting; the statements below one are traversed
  /// within this call (no data recursion queue), so the count holds for
  /// them.
  bool TraverseStmt(Stmt *S, DataRecursionQueue *Queue = nullptr) {
    if (!isa_and_nonnull<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S))
      return RecursiveASTVisitor::TraverseStmt(S, Queue);
    ++LoopDepth;
    const bool Result = RecursiveASTVisitor::TraverseStmt(S);
    --LoopDepth;
    return Result;
  }

  /// While the declaration being noted is a constant std::array of static
  /// storage: its elements are a constant table.
  bool InConstantStdArray = false;

  bool VisitValueDecl(ValueDecl *D) {
    if (isa<VarDecl, FieldDecl>(D)) {
      // A constant of static storage, an array or a std::array, is a table
      // its initializer writes once.
      const auto *Var = dyn_cast<VarDecl>(D);
      const bool Constant =
          Var && Var->hasGlobalStorage() && Var->getType().isConstQualified();
      const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
          D->getType()->getAsCXXRecordDecl());
      InConstantStdArray = Constant && Spec && Spec->isInStdNamespace() &&
                           Spec->getName() == "array";
      noteType(D->getType(), D->getLocation(), D->getName(),
               Constant && Ctx.getAsConstantArrayType(Var->getType()));
      InConstantStdArray = false;
    }
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *D) {
    noteType(D->getReturnType(), D->getLocation(), "");
    return true;
  }

  bool VisitTypedefNameDecl(TypedefNameDecl *D) {
    noteType(D->getUnderlyingType(), D->getLocation(), D->getName());
    return true;
  }

  bool VisitCXXNewExpr(CXXNewExpr *E) {
    const QualType T = E->getAllocatedType();
    noteType(T, E->getBeginLoc(), "");
    const RecordDecl *RD = definitionOf(Ctx.getBaseElementType(T));
    if (!RD)
      return true;
    const std::string TypeName = printed(Ctx.getBaseElementType(T));
    if (E->isArray()) {
      std::optional<uint64_t> Count;
      std::string Size = "n";
      if (std::optional<const Expr *> N = E->getArraySize();
          N && *N && !(*N)->isValueDependent())
        if (std::optional<llvm::APSInt> Value =
                (*N)->getIntegerConstantExpr(Ctx)) {
          Count = Value->getZExtValue();
          Size = std::to_string(*Count);
        }
      add(*RD,
          make(Kind::ArrayNew, "new " + TypeName + "[" + Size + "]", Count),
          E->getBeginLoc());
      return true;
    }
    add(*RD,
        make(LoopDepth ? Kind::LoopAllocation : Kind::HeapAllocation,
             "new " + TypeName),
        E->getBeginLoc());
    return true;
  }

  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *Fn = E->getDirectCallee();
    if (!Fn || !Fn->isInStdNamespace() || !Fn->getIdentifier())
      return true;
    const StringRef Name = Fn->getName();
    const bool Shared = Name == "make_shared" || Name == "allocate_shared";
    if (!Shared && Name != "make_unique" && Name != "make_unique_for_overwrite")
      return true;
    const TemplateArgumentList *Args = Fn->getTemplateSpecializationArgs();
    if (!Args || Args->size() == 0 ||
        Args->get(0).getKind() != TemplateArgument::Type)
      return true;
    const QualType T = Args->get(0).getAsType();
    const RecordDecl *RD = definitionOf(Ctx.getBaseElementType(T));
    if (!RD)
      return true;
    const std::string Call =
        "std::" + Name.str() + "<" + printed(T.getUnqualifiedType()) + ">";
    if (T->isArrayType()) {
      add(*RD, make(Kind::ArrayNew, Call), E->getBeginLoc());
      return true;
    }
    InstanceEvidence Evidence =
        make(LoopDepth ? Kind::LoopAllocation : Kind::HeapAllocation, Call);
    Evidence.ExactChunk = !Shared;
    add(*RD, std::move(Evidence), E->getBeginLoc());
    return true;
  }

  /// &R->Last + N, (&R->Last)[N], sizeof(R) + N with an array last,
  /// offsetof(R, Last) + N.
  bool VisitBinaryOperator(BinaryOperator *E) {
    if (!E->isAdditiveOp())
      return true;
    for (const Expr *Side : {E->getLHS(), E->getRHS()}) {
      if (Side->getType()->isPointerType())
        noteAddressOfLast(Side, E->getOperatorLoc());
      if (E->getOpcode() == BO_Add)
        noteSizeOfWithTail(Side, E->getOperatorLoc());
    }
    return true;
  }

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    noteAddressOfLast(E->getBase(), E->getBeginLoc());
    return true;
  }

  /// MemberOf evidence for the by-value members and bases of every record
  /// with many instances, transitively.
  void finish() {
    // A 'new' in a constructor runs once per object of the constructor's
    // class (a pimpl): as often as that class has instances.
    for (const OwnedAllocation &A : Owned) {
      auto It = Out.Direct.find(A.Owner);
      if (It != Out.Direct.end() &&
          llvm::any_of(It->second, [](const LocatedEvidence &E) {
            return E.Evidence.What != Kind::HeapAllocation ||
                   E.Evidence.Repeated;
          }))
        Out.Direct[A.Record][A.Index].Evidence.Repeated = true;
    }
    std::vector<std::pair<const RecordDecl *, LocatedEvidence>> Work;
    for (const auto &[RD, List] : Out.Direct)
      for (const LocatedEvidence &E : List)
        if (E.Evidence.What != Kind::LoopAllocation &&
            E.Evidence.What != Kind::HeapAllocation) {
          Work.emplace_back(RD, E);
          break;
        }
    llvm::DenseSet<const RecordDecl *> Done;
    std::vector<std::pair<const RecordDecl *, const FieldDecl *>> Inner;
    while (!Work.empty()) {
      auto [Outer, Why] = Work.back();
      Work.pop_back();
      if (!Done.insert(Outer).second)
        continue;
      Inner.clear();
      for (const FieldDecl *F : Outer->fields())
        if (const RecordDecl *RD = definitionOf(
                Ctx.getBaseElementType(F->getType().getNonReferenceType()));
            RD && !F->getType()->isReferenceType())
          Inner.emplace_back(RD, F);
      if (const auto *Class = dyn_cast<CXXRecordDecl>(Outer))
        for (const CXXBaseSpecifier &B : Class->bases())
          if (const RecordDecl *RD = definitionOf(B.getType()))
            Inner.emplace_back(RD, nullptr);
      for (const auto &[RD, Field] : Inner) {
        if (RD == Outer)
          continue;
        InstanceEvidence Member =
            make(Kind::MemberOf, qualifiedName(*Outer, Ctx));
        Member.Where = Why.Evidence.Where;
        if (Outer->isUnion() && Field) {
          // Only a largest member can make the union smaller.
          Member.InUnion = unionMember(*Outer, *Field, *RD);
          if (Member.InUnion->Size <= Member.InUnion->Others)
            continue;
        }
        Member.Inner.push_back(Why.Evidence);
        LocatedEvidence Located{std::move(Member), Why.Loc};
        std::vector<LocatedEvidence> &List = Out.Members[RD];
        if (List.empty())
          List.push_back(Located);
        Work.emplace_back(RD, std::move(Located));
      }
    }
  }

private:
  /// \p Field of the union \p Union, which holds instances of \p Record.
  InstanceEvidence::UnionMember unionMember(const RecordDecl &Union,
                                            const FieldDecl &Field,
                                            const RecordDecl &Record) const {
    InstanceEvidence::UnionMember M;
    M.Size = Ctx.getTypeSizeInChars(Field.getType()).getQuantity();
    const uint64_t One =
        Record.isInvalidDecl()
            ? 0
            : Ctx.getASTRecordLayout(&Record).getSize().getQuantity();
    M.Count = One ? std::max<uint64_t>(1, M.Size / One) : 1;
    M.Align = Ctx.getASTRecordLayout(&Union).getAlignment().getQuantity();
    for (const FieldDecl *Other : Union.fields())
      if (Other != &Field && !Other->getType()->isIncompleteType())
        M.Others = std::max<uint64_t>(
            M.Others, Ctx.getTypeSizeInChars(Other->getType()).getQuantity());
    return M;
  }

  std::string printed(QualType T) const {
    PrintingPolicy Policy = Ctx.getPrintingPolicy();
    Policy.SuppressTagKeyword = true;
    return T.getAsString(Policy);
  }

  std::string where(SourceLocation Loc) const {
    const PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
    if (P.isInvalid())
      return "?";
    return llvm::sys::path::filename(P.getFilename()).str() + ":" +
           std::to_string(P.getLine());
  }

  void add(const RecordDecl &RD, InstanceEvidence E, SourceLocation Loc) {
    E.Where = where(Loc);
    std::vector<LocatedEvidence> &List = Out.Direct[RD.getDefinition()];
    if (E.What == Kind::HeapAllocation) {
      E.Repeated = linksToItself(RD);
      if (Constructed && !E.Repeated)
        Owned.push_back({RD.getDefinition(), List.size(), Constructed});
    }
    List.push_back({std::move(E), SM.getExpansionLoc(Loc)});
  }

  /// A node of a linked structure (a pointer to its own type among its
  /// fields, raw or smart): one 'new' of it runs once per node.
  bool linksToItself(const RecordDecl &RD) const {
    const RecordDecl *Def = RD.getDefinition();
    for (const FieldDecl *F : Def->fields()) {
      QualType T = F->getType();
      if (T->isPointerType())
        T = T->getPointeeType();
      else if (const auto *Spec =
                   dyn_cast_or_null<ClassTemplateSpecializationDecl>(
                       T->getAsCXXRecordDecl());
               Spec && Spec->getTemplateArgs().size() > 0 &&
               Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
        T = Spec->getTemplateArgs()[0].getAsType();
      if (definitionOf(T) == Def)
        return true;
    }
    return false;
  }

  /// Whether \p T is T[N] or std::array<T, N>.
  bool isFixedArray(QualType T) const {
    if (Ctx.getAsConstantArrayType(T))
      return true;
    const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        T->getAsCXXRecordDecl());
    return Spec && Spec->isInStdNamespace() && Spec->getName() == "array";
  }

  /// \p T as the type of a declaration named \p Name at \p Loc;
  /// \p ConstantTable when it is a constant array of static storage.
  void noteType(QualType T, SourceLocation Loc, StringRef Name,
                bool ConstantTable = false) {
    if (T.isNull() || T->isDependentType())
      return;
    bool Indirect = false;
    while (T->isPointerType() || T->isReferenceType()) {
      T = T->getPointeeType();
      Indirect = true;
    }
    // A pointer or reference to a constant fixed array views instances made
    // where the array is defined (a table), counted there.
    if (Indirect && T.isConstQualified() && isFixedArray(T))
      return;
    if (Ctx.getAsConstantArrayType(T)) {
      uint64_t Count = 1;
      QualType Element = T;
      while (const auto *A = Ctx.getAsConstantArrayType(Element)) {
        Count *= A->getSize().getZExtValue();
        Element = A->getElementType();
      }
      if (const RecordDecl *RD = definitionOf(Element); RD && Count > 1) {
        InstanceEvidence E = make(
            Kind::ArrayElement, Name.empty() ? printed(T) : Name.str(), Count);
        E.ConstantTable = ConstantTable;
        add(*RD, std::move(E), Loc);
      }
      noteContainers(Element, Loc, 0);
      return;
    }
    noteContainers(T, Loc, 0);
  }

  /// Containers in \p T, also as arguments of other templates
  /// (std::unique_ptr<std::vector<Row>>).
  void noteContainers(QualType T, SourceLocation Loc, unsigned Depth) {
    if (Depth > 4)
      return;
    const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        T->getAsCXXRecordDecl());
    if (!Spec)
      return;
    const bool Std = Spec->isInStdNamespace();
    if ((Std && isStdContainer(Spec->getName())) ||
        (!Std && isUserContainer(*Spec))) {
      std::optional<uint64_t> Count;
      for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
        if (A.getKind() == TemplateArgument::Integral && Std &&
            Spec->getName() == "array")
          Count = A.getAsIntegral().getZExtValue();
      noteElements(Spec->getTemplateArgs().asArray(), printed(T), Count, Loc,
                   Depth);
      return;
    }
    for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
      if (A.getKind() == TemplateArgument::Type)
        noteContainers(A.getAsType(), Loc, Depth + 1);
  }

  void noteElements(ArrayRef<TemplateArgument> Args, const std::string &Via,
                    std::optional<uint64_t> Count, SourceLocation Loc,
                    unsigned Depth) {
    for (const TemplateArgument &A : Args) {
      if (A.getKind() == TemplateArgument::Pack) {
        noteElements(A.getPackAsArray(), Via, Count, Loc, Depth);
        continue;
      }
      if (A.getKind() != TemplateArgument::Type)
        continue;
      const QualType Element = A.getAsType();
      const RecordDecl *RD = definitionOf(Element);
      if (!RD)
        continue;
      const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
      if (Spec && Spec->isInStdNamespace() &&
          isStdValueWrapper(Spec->getName())) {
        noteElements(Spec->getTemplateArgs().asArray(), Via, Count, Loc,
                     Depth + 1);
        continue;
      }
      if (SM.isInSystemHeader(SM.getExpansionLoc(RD->getLocation()))) {
        // std::less<Row>, std::allocator<Row>, or a nested container.
        noteContainers(Element, Loc, Depth + 1);
        continue;
      }
      InstanceEvidence E = make(Kind::ContainerElement, Via, Count);
      E.ConstantTable = InConstantStdArray && Depth == 0;
      add(*RD, std::move(E), Loc);
      noteContainers(Element, Loc, Depth + 1);
    }
  }

  /// A class template of the user's (or a library's) with a method that
  /// adds elements: push_back, insert, append, ... in it or its bases.
  bool isUserContainer(const ClassTemplateSpecializationDecl &Spec) const {
    llvm::SmallVector<const CXXRecordDecl *, 4> Work{&Spec};
    if (const ClassTemplateDecl *T = Spec.getSpecializedTemplate())
      Work.push_back(T->getTemplatedDecl());
    for (unsigned Steps = 0; !Work.empty() && Steps < 16; ++Steps) {
      const CXXRecordDecl *R = Work.pop_back_val();
      for (const IdentifierInfo *Name : Inserters)
        if (!R->lookup(DeclarationName(Name)).empty())
          return true;
      if (!R->hasDefinition())
        continue;
      for (const CXXBaseSpecifier &B : R->getDefinition()->bases())
        if (const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl())
          Work.push_back(Base);
    }
    return false;
  }

  void noteTail(const RecordDecl &RD, std::string Why) {
    Out.Tails.try_emplace(RD.getDefinition(), std::move(Why));
  }

  void noteAddressOfLast(const Expr *E, SourceLocation Loc) {
    const auto *AddrOf = dyn_cast<UnaryOperator>(E->IgnoreParenCasts());
    if (!AddrOf || AddrOf->getOpcode() != UO_AddrOf)
      return;
    const auto *Member =
        dyn_cast<MemberExpr>(AddrOf->getSubExpr()->IgnoreParenImpCasts());
    const auto *Field =
        Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
    if (!Field || lastField(*Field->getParent()) != Field)
      return;
    noteTail(*Field->getParent(), "the address of '" + Field->getName().str() +
                                      "' is used past it at " + where(Loc) +
                                      ", the start of a variable-length tail");
  }

  void noteSizeOfWithTail(const Expr *E, SourceLocation Loc) {
    E = E->IgnoreParenImpCasts();
    const RecordDecl *RD = nullptr;
    if (const auto *Size = dyn_cast<UnaryExprOrTypeTraitExpr>(E);
        Size && Size->getKind() == UETT_SizeOf)
      RD = definitionOf(Size->getTypeOfArgument());
    else if (const auto *Offset = dyn_cast<OffsetOfExpr>(E);
             Offset && Offset->getNumComponents() == 1 &&
             Offset->getComponent(0).getKind() == OffsetOfNode::Field)
      if (const FieldDecl *F = Offset->getComponent(0).getField();
          F && lastField(*F->getParent()) == F)
        RD = F->getParent();
    if (!RD)
      return;
    const FieldDecl *Last = lastField(*RD);
    if (!Last || !isArrayType(Last->getType()))
      return;
    noteTail(*RD, "it is allocated with room past its end at " + where(Loc) +
                      ", for more elements of its last field '" +
                      Last->getName().str() + "'");
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  RecordInstances &Out;
  llvm::SmallVector<const IdentifierInfo *, 6> Inserters;
  unsigned LoopDepth = 0;
  /// The class whose constructor is being traversed, if any.
  const RecordDecl *Constructed = nullptr;
  /// A single 'new' of Record (the Index-th of its evidence) in a
  /// constructor of Owner.
  struct OwnedAllocation {
    const RecordDecl *Record;
    size_t Index;
    const RecordDecl *Owner;
  };
  std::vector<OwnedAllocation> Owned;
};

RecordInstances RecordInstances::collect(ASTContext &Ctx) {
  RecordInstances Out;
  RecordInstancesBuilder Builder(Ctx, Out);
  for (Decl *D : Ctx.getTraversalScope())
    Builder.TraverseDecl(D);
  Builder.finish();
  return Out;
}

std::vector<LocatedEvidence>
RecordInstances::evidenceFor(const RecordDecl &RD) const {
  std::vector<LocatedEvidence> Result;
  const RecordDecl *Def = RD.getDefinition();
  if (auto It = Direct.find(Def); It != Direct.end())
    Result = It->second;
  if (auto It = Members.find(Def); It != Members.end())
    llvm::append_range(Result, It->second);
  return Result;
}

std::string RecordInstances::tailReason(const RecordDecl &RD) const {
  const FieldDecl *Last = lastField(RD);
  if (!Last)
    return "";
  const std::string Name = "'" + Last->getName().str() + "'";
  const QualType T = Last->getType();
  if (T->isIncompleteArrayType())
    return Name + " is a flexible array member";
  if (const auto *Array = dyn_cast<ConstantArrayType>(T.getCanonicalType());
      Array && Array->getSize().ule(1))
    return Name + " is a trailing array of " +
           std::to_string(Array->getSize().getZExtValue()) +
           (Array->getSize() == 1 ? " element" : " elements") +
           ", the start of a variable-length tail";
  if (auto It = Tails.find(RD.getDefinition()); It != Tails.end())
    return It->second;
  return "";
}

uint64_t savedThroughMembers(const InstanceEvidence &E, uint64_t Saved) {
  const InstanceEvidence *Level = &E;
  while (Level && Level->What == InstanceEvidence::Kind::MemberOf && Saved) {
    if (const auto &U = Level->InUnion) {
      auto RoundUp = [&](uint64_t N) {
        return (N + U->Align - 1) / U->Align * U->Align;
      };
      const uint64_t Shrunk =
          U->Size > Saved * U->Count ? U->Size - Saved * U->Count : 0;
      const uint64_t Before = RoundUp(std::max(U->Size, U->Others));
      const uint64_t After = RoundUp(std::max(Shrunk, U->Others));
      Saved = Before > After ? Before - After : 0;
    }
    Level = Level->Inner.empty() ? nullptr : &Level->Inner.front();
  }
  return Saved;
}

} // namespace alloc_tidy
