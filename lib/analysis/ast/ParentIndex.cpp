//===--- ParentIndex.cpp - parents of the project's own AST nodes ---------===//

#include "lib/analysis/ast/ParentIndex.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"
#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

using namespace clang;

namespace alloc_tidy {
namespace {

std::atomic<unsigned> Fallbacks{0};
std::atomic<unsigned> WholeBuilds{0};
std::atomic<unsigned> SegmentsBuilt{0};

/// The parents of every node reached from the traversal scope, except what
/// lies in system headers. Nearly every node has one parent, so a node maps
/// to the one stored copy of its parent (a node is stored once, however
/// many children it has); the few with more live in a second map.
///
/// The index is built one segment at a time, as questions come: a segment
/// is one declaration at namespace level (a class, a function, an
/// out-of-line member definition) with the namespaces around it. A question
/// about a node builds the segments whose source range holds the node's
/// location; a node they do not hold (an instantiation of a member defined
/// out of line is walked under its class template) builds the rest. The
/// checks ask about a few functions of a unit, whose headers hold most of
/// the code.
class ParentIndex {
public:
  explicit ParentIndex(ASTContext &Ctx);

  /// The parents of \p Node; std::nullopt when the index does not hold it,
  /// with every segment built.
  std::optional<llvm::ArrayRef<DynTypedNode>> find(const DynTypedNode &Node) {
    if (Unbuilt == 0)
      return lookup(Node);
    if (auto Parents = lookup(Node); Parents && !mayHaveParentsElsewhere(Node))
      return Parents;
    if (buildSegmentsAt(Node))
      if (auto Parents = lookup(Node);
          Parents && !mayHaveParentsElsewhere(Node))
        return Parents;
    buildEverySegment();
    return lookup(Node);
  }

  /// Whether the index was built for \p Ctx's current traversal scope.
  bool covers(const ASTContext &Ctx) const {
    return llvm::ArrayRef<Decl *>(Scope).equals(Ctx.getTraversalScope());
  }

private:
  friend class IndexBuilder;
  using Parents = llvm::SmallVector<DynTypedNode, 2>;

  /// Whether a segment other than the ones holding \p Node's location may
  /// reach it too: code of a default argument or a default member
  /// initializer (every call or constructor that uses it reaches it), and
  /// template code (a pattern and its instantiations share nodes, and are
  /// walked at the template, at an explicit instantiation or at a member
  /// defined out of line). The checks ask about the rest.
  bool mayHaveParentsElsewhere(const DynTypedNode &Node) const {
    if (Node.get<VarTemplateSpecializationDecl>())
      return true;
    const void *Key = Node.getMemoizationData();
    return Key && Shared.contains(Key);
  }

  /// One declaration at namespace level, the namespaces (and linkage
  /// specifications) it is nested in from the outermost, and the expansion
  /// range it is written in.
  struct Segment {
    Decl *Root;
    unsigned Order = 0;
    llvm::SmallVector<Decl *, 4> Enclosing;
    unsigned Begin = 0, End = 0;
    bool Built = false;
  };
  /// The segments of one file in the order of their beginnings, and for
  /// each, the furthest end among it and those before it: a backward scan
  /// stops where nothing before can hold the location.
  struct FileSegments {
    std::vector<Segment *> ByBegin;
    std::vector<unsigned> FurthestEnd;
  };

  std::optional<llvm::ArrayRef<DynTypedNode>>
  lookup(const DynTypedNode &Node) const {
    if (Node.getNodeKind().hasPointerIdentity()) {
      auto It = ByPointer.find(Node.getMemoizationData());
      if (It == ByPointer.end())
        return std::nullopt;
      return parentsIn(It->second.Node, MultipleByPointer, It->first);
    }
    auto It = ByValue.find(Node);
    if (It == ByValue.end())
      return std::nullopt;
    return parentsIn(It->second.Node, MultipleByValue, It->first);
  }

  void addSegments(Decl *D, llvm::SmallVectorImpl<Decl *> &Enclosing);
  void buildSegment(Segment &S);
  bool buildSegmentsAt(const DynTypedNode &Node);
  void buildEverySegment();

  /// The parent a node maps to when it has more than one (they are in the
  /// Multiple maps); a node known to have none maps to null.
  static const DynTypedNode *multiple() {
    static const DynTypedNode Marker{};
    return &Marker;
  }

  /// The parents of a node that has several, each with the segment that
  /// reached it: listed in the order of the segments, as a walk of the whole
  /// scope meets them, whatever order the segments were built in.
  struct ParentList {
    Parents Nodes;
    llvm::SmallVector<unsigned, 2> Segments;
  };
  /// A node's parent, or multiple(), and the segment of its first parent.
  struct FirstParent {
    const DynTypedNode *Node;
    unsigned Segment;
  };

  template <typename Key>
  llvm::ArrayRef<DynTypedNode>
  parentsIn(const DynTypedNode *Parent,
            const llvm::DenseMap<Key, ParentList> &Multiple,
            const Key &Node) const {
    if (!Parent)
      return {};
    if (Parent == multiple())
      return Multiple.find(Node)->second.Nodes;
    return llvm::ArrayRef<DynTypedNode>(*Parent);
  }

  llvm::DenseMap<const void *, FirstParent> ByPointer;
  llvm::DenseMap<DynTypedNode, FirstParent> ByValue;
  llvm::DenseMap<const void *, ParentList> MultipleByPointer;
  llvm::DenseMap<DynTypedNode, ParentList> MultipleByValue;
  /// Nodes below a parameter, a field, a default argument or a default
  /// member initializer, and template code (mayHaveParentsElsewhere).
  llvm::DenseSet<const void *> Shared;
  /// The stored copies of the nodes that are parents.
  llvm::SpecificBumpPtrAllocator<DynTypedNode> Stored;
  std::vector<Decl *> Scope;

  ASTContext &Ctx;
  std::vector<std::unique_ptr<Segment>> Segments;
  llvm::DenseMap<FileID, FileSegments> ByFile;
  size_t Unbuilt = 0;
};

/// Walks the traversal scope as ASTContext's parent map does (every node
/// RecursiveASTVisitor reaches, implicit code and instantiations included)
/// but does not enter declarations that sit in system headers at namespace
/// level: the standard library and its instantiations are most of a unit.
///
/// Type and qualifier locations are most of the nodes and almost never lie
/// on the way up from a statement or a declaration: one is recorded only
/// when something recorded lies below it (a parameter of a function type, an
/// array bound), so that every walk up from a statement or a declaration
/// stays in the index.
class IndexBuilder : public RecursiveASTVisitor<IndexBuilder> {
  using Base = RecursiveASTVisitor<IndexBuilder>;

public:
  IndexBuilder(ParentIndex &Index, const SourceManager &SM, unsigned Segment)
      : Index(Index), SM(SM), Segment(Segment) {}

  /// Walks \p D as the traversal of the whole scope reaches it: below the
  /// declarations in \p Enclosing, from the outermost.
  void traverseSegment(Decl *D, llvm::ArrayRef<Decl *> Enclosing) {
    for (Decl *Outer : Enclosing)
      enter(DynTypedNode::create(*Outer), /*Deferred=*/false);
    TraverseDecl(D);
    for (size_t I = 0; I < Enclosing.size(); ++I)
      leave();
  }

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (!D || isSystemLibrary(*D))
      return true;
    return traverseWithin(DynTypedNode::create(*D), /*Deferred=*/false,
                          [&] { return Base::TraverseDecl(D); });
  }
#if CLANG_VERSION_MAJOR >= 22
  bool TraverseTypeLoc(TypeLoc TL, bool TraverseQualifier = true) {
    if (!TL)
      return true;
    return traverseWithin(DynTypedNode::create(TL), /*Deferred=*/true, [&] {
      return Base::TraverseTypeLoc(TL, TraverseQualifier);
    });
  }
#else
  bool TraverseTypeLoc(TypeLoc TL) {
    if (!TL)
      return true;
    return traverseWithin(DynTypedNode::create(TL), /*Deferred=*/true,
                          [&] { return Base::TraverseTypeLoc(TL); });
  }
#endif
  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc NNS) {
    if (!NNS)
      return true;
    return traverseWithin(DynTypedNode::create(NNS), /*Deferred=*/true, [&] {
      return Base::TraverseNestedNameSpecifierLoc(NNS);
    });
  }
  bool TraverseAttr(Attr *A) {
    if (!A)
      return true;
    return traverseWithin(DynTypedNode::create(*A), /*Deferred=*/false,
                          [&] { return Base::TraverseAttr(A); });
  }

  // Statements keep RecursiveASTVisitor's data recursion (a TraverseStmt
  // override would turn deep expressions into deep native recursion).
  bool dataTraverseStmtPre(Stmt *S) {
    enter(DynTypedNode::create(*S), /*Deferred=*/false);
    return true;
  }
  bool dataTraverseStmtPost(Stmt *) {
    leave();
    return true;
  }
  // The second form of a braced list is walked without the hook above (its
  // elements get the first form as their parent): it has no parents, as in
  // ASTContext's map, but it is known, so asking costs no fallback.
  bool VisitInitListExpr(InitListExpr *List) {
    Index.ByPointer.try_emplace(List, ParentIndex::FirstParent{nullptr, 0});
    return true;
  }

private:
  /// A node being walked. Its stored copy is made when a child first
  /// names it as its parent.
  struct Frame {
    DynTypedNode Node;
    const DynTypedNode *Stored = nullptr;
    /// Whether a frame below this one is a parameter, a field, a default
    /// argument or a default member initializer, or this one or one below
    /// is template code (isTemplateCode).
    bool BelowShared = false;
  };

  template <typename TraverseFn>
  bool traverseWithin(const DynTypedNode &Node, bool Deferred,
                      TraverseFn Traverse) {
    enter(Node, Deferred);
    bool Continue = Traverse();
    leave();
    return Continue;
  }

  void enter(const DynTypedNode &Node, bool Deferred) {
    bool BelowShared = !Stack.empty() && (Stack.back().BelowShared ||
                                          isSharingFrame(Stack.back().Node));
    Stack.push_back({Node, nullptr, BelowShared || isTemplateCode(Node)});
    if (!Deferred)
      recordUnrecorded();
  }

  void leave() {
    Stack.pop_back();
    Recorded = std::min<size_t>(Recorded, Stack.size());
  }

  /// Records every frame of the stack not recorded yet: the ones above the
  /// last recorded frame are deferred type or qualifier locations.
  void recordUnrecorded() {
    for (size_t I = std::max<size_t>(Recorded, 1); I < Stack.size(); ++I) {
      record(Stack[I].Node, storedCopy(Stack[I - 1]));
      if (Stack[I].BelowShared)
        if (const void *Key = Stack[I].Node.getMemoizationData())
          Index.Shared.insert(Key);
    }
    Recorded = Stack.size();
  }

  const DynTypedNode *storedCopy(Frame &F) {
    if (!F.Stored)
      F.Stored = new (Index.Stored.Allocate()) DynTypedNode(F.Node);
    return F.Stored;
  }

  /// A template, a templated declaration or an instantiation: a pattern
  /// shares the nodes that depend on nothing with its instantiations, which
  /// are walked under the template, or at an explicit instantiation, while
  /// a member may be defined out of line elsewhere.
  static bool isTemplateCode(const DynTypedNode &Node) {
    const auto *D = Node.get<Decl>();
    if (!D)
      return false;
    if (isa<TemplateDecl, ClassTemplateSpecializationDecl,
            VarTemplateSpecializationDecl>(D) ||
        D->isTemplated())
      return true;
    const auto *Function = dyn_cast<FunctionDecl>(D);
    return Function &&
           Function->getTemplateSpecializationKind() != TSK_Undeclared &&
           Function->getTemplateSpecializationKind() !=
               TSK_ExplicitSpecialization;
  }

  static bool isSharingFrame(const DynTypedNode &Node) {
    if (const auto *D = Node.get<Decl>())
      return isa<ParmVarDecl, FieldDecl>(D);
    if (const auto *S = Node.get<Stmt>())
      return isa<CXXDefaultArgExpr, CXXDefaultInitExpr>(S);
    return false;
  }

  void record(const DynTypedNode &Node, const DynTypedNode *Parent) {
    if (Node.getNodeKind().hasPointerIdentity())
      addParent(Index.ByPointer, Index.MultipleByPointer,
                Node.getMemoizationData(), Parent);
    else
      addParent(Index.ByValue, Index.MultipleByValue, Node, Parent);
  }

  template <typename Key>
  void addParent(llvm::DenseMap<Key, ParentIndex::FirstParent> &Single,
                 llvm::DenseMap<Key, ParentIndex::ParentList> &Multiple,
                 const Key &Node, const DynTypedNode *Parent) {
    auto [It, Inserted] =
        Single.try_emplace(Node, ParentIndex::FirstParent{Parent, Segment});
    if (Inserted)
      return;
    ParentIndex::FirstParent &First = It->second;
    if (!First.Node) {
      First = {Parent, Segment};
      return;
    }
    // A node reached twice under the same parent is listed once (only
    // nodes with an identity can be compared).
    bool HasIdentity = Parent->getMemoizationData() != nullptr;
    if (First.Node != ParentIndex::multiple()) {
      if (HasIdentity && *First.Node == *Parent)
        return;
      ParentIndex::ParentList &All = Multiple[Node];
      All.Nodes = {*First.Node};
      All.Segments = {First.Segment};
      First.Node = ParentIndex::multiple();
    }
    ParentIndex::ParentList &All = Multiple[Node];
    if (HasIdentity && llvm::is_contained(All.Nodes, *Parent))
      return;
    // After the parents from this segment and the ones before it.
    size_t At = llvm::upper_bound(All.Segments, Segment) - All.Segments.begin();
    All.Nodes.insert(All.Nodes.begin() + At, *Parent);
    All.Segments.insert(All.Segments.begin() + At, Segment);
  }

  /// A declaration at namespace level written in a system header. Only
  /// those are tested: whatever is nested in a declaration is written
  /// where it is.
  bool isSystemLibrary(const Decl &D) const {
    if (isa<TranslationUnitDecl, NamespaceDecl, LinkageSpecDecl, ExportDecl>(D))
      return false;
    const DeclContext *Context = D.getLexicalDeclContext();
    if (!Context || !Context->getRedeclContext()->isFileContext())
      return false;
    return SM.isInSystemHeader(D.getLocation());
  }

  ParentIndex &Index;
  const SourceManager &SM;
  /// The order of the segment walked among all segments.
  unsigned Segment;
  llvm::SmallVector<Frame, 32> Stack;
  /// How many frames, from the bottom of the stack, are recorded.
  size_t Recorded = 0;
};

ParentIndex::ParentIndex(ASTContext &Ctx) : Ctx(Ctx) {
  // LLVM 19 returns the scope by value (22 an ArrayRef): take it once, as
  // two calls' begin() and end() would belong to two different vectors.
  auto TraversalScope = Ctx.getTraversalScope();
  Scope.assign(TraversalScope.begin(), TraversalScope.end());
  // A narrowed scope (clangd's main file) stands for the unit's
  // declarations, as in RecursiveASTVisitor's walk of the unit.
  TranslationUnitDecl *Unit = Ctx.getTranslationUnitDecl();
  llvm::SmallVector<Decl *, 4> Enclosing = {Unit};
  if (Scope.size() == 1 && isa<TranslationUnitDecl>(Scope.front())) {
    for (Decl *Child : Unit->decls())
      addSegments(Child, Enclosing);
  } else {
    for (Decl *D : Scope)
      addSegments(D, Enclosing);
  }
  for (auto &[File, Entries] : ByFile) {
    llvm::sort(Entries.ByBegin, [](const Segment *A, const Segment *B) {
      return A->Begin < B->Begin;
    });
    unsigned Furthest = 0;
    for (const Segment *S : Entries.ByBegin)
      Entries.FurthestEnd.push_back(Furthest = std::max(Furthest, S->End));
  }
}

void ParentIndex::addSegments(Decl *D,
                              llvm::SmallVectorImpl<Decl *> &Enclosing) {
  // Blocks and lambdas are walked from the expressions that make them.
  if (isa<BlockDecl, CapturedDecl>(D))
    return;
  if (const auto *Class = dyn_cast<CXXRecordDecl>(D);
      Class && Class->isLambda())
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  // The standard library is not indexed (IndexBuilder skips it too); a
  // namespace opened in a system header holds that header's code.
  if (D->getLocation().isValid() && SM.isInSystemHeader(D->getLocation()))
    return;
  if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(D)) {
    Enclosing.push_back(D);
    for (Decl *Child : cast<DeclContext>(D)->decls())
      addSegments(Child, Enclosing);
    Enclosing.pop_back();
    // A namespace with nothing in it is still a node with a parent.
    if (cast<DeclContext>(D)->decls_empty()) {
      auto S = std::make_unique<Segment>();
      S->Root = D;
      S->Order = Segments.size();
      S->Enclosing.assign(Enclosing.begin(), Enclosing.end());
      buildSegment(*S);
      Segments.push_back(std::move(S));
    }
    return;
  }
  auto S = std::make_unique<Segment>();
  S->Root = D;
  S->Order = Segments.size();
  S->Enclosing.assign(Enclosing.begin(), Enclosing.end());
  CharSourceRange Range = SM.getExpansionRange(D->getSourceRange());
  auto [BeginFile, Begin] = SM.getDecomposedLoc(Range.getBegin());
  auto [EndFile, End] = SM.getDecomposedLoc(Range.getEnd());
  if (Range.getBegin().isInvalid() || BeginFile != EndFile || End < Begin) {
    // Implicit declarations (the builtin typedefs), and ranges no file
    // holds: too small to wait for.
    buildSegment(*S);
  } else {
    S->Begin = Begin;
    S->End = End;
    ByFile[BeginFile].ByBegin.push_back(S.get());
    ++Unbuilt;
  }
  Segments.push_back(std::move(S));
}

void ParentIndex::buildSegment(Segment &S) {
  if (S.Built)
    return;
  S.Built = true;
  ++SegmentsBuilt;
  IndexBuilder(*this, Ctx.getSourceManager(), S.Order)
      .traverseSegment(S.Root, S.Enclosing);
}

bool ParentIndex::buildSegmentsAt(const DynTypedNode &Node) {
  SourceLocation Loc = Node.getSourceRange().getBegin();
  if (const auto *D = Node.get<Decl>(); D && Loc.isInvalid())
    Loc = D->getLocation();
  if (Loc.isInvalid())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  auto [File, Offset] = SM.getDecomposedExpansionLoc(Loc);
  auto It = ByFile.find(File);
  if (It == ByFile.end())
    return false;
  const FileSegments &Entries = It->second;
  auto After = llvm::upper_bound(
      Entries.ByBegin, Offset,
      [](unsigned Offset, const Segment *S) { return Offset < S->Begin; });
  llvm::SmallVector<Segment *, 4> Holding;
  for (size_t I = After - Entries.ByBegin.begin(); I-- > 0;) {
    if (Entries.FurthestEnd[I] < Offset)
      break;
    Segment *S = Entries.ByBegin[I];
    if (S->End >= Offset && !S->Built)
      Holding.push_back(S);
  }
  llvm::sort(Holding, [](const Segment *A, const Segment *B) {
    return A->Order < B->Order;
  });
  for (Segment *S : Holding) {
    buildSegment(*S);
    --Unbuilt;
  }
  return !Holding.empty();
}

void ParentIndex::buildEverySegment() {
  ++WholeBuilds;
  for (auto &[File, Entries] : ByFile)
    for (Segment *S : Entries.ByBegin)
      buildSegment(*S);
  Unbuilt = 0;
}

/// One index per live ASTContext. clangd builds ASTs on several threads;
/// each ASTContext is used by one thread at a time, so only the table
/// needs the lock. The table is never destroyed: an ASTContext that
/// outlives static destructors would otherwise call into a dead one.
class IndexTable {
public:
  ParentIndex &indexFor(ASTContext &Ctx) {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      auto It = Indexes.find(&Ctx);
      if (It != Indexes.end() && It->second->covers(Ctx))
        return *It->second;
    }
    auto Index = std::make_unique<ParentIndex>(Ctx);
    std::lock_guard<std::mutex> Lock(Mutex);
    auto [It, Inserted] = Indexes.try_emplace(&Ctx);
    if (Inserted)
      Ctx.AddDeallocation(&IndexTable::forget, &Ctx);
    It->second = std::move(Index);
    return *It->second;
  }

  static IndexTable &get() {
    static IndexTable *Table = new IndexTable;
    return *Table;
  }

private:
  static void forget(void *Ctx) {
    IndexTable &Table = get();
    std::lock_guard<std::mutex> Lock(Table.Mutex);
    Table.Indexes.erase(static_cast<ASTContext *>(Ctx));
  }

  std::mutex Mutex;
  llvm::DenseMap<const ASTContext *, std::unique_ptr<ParentIndex>> Indexes;
};

TemplateSpecializationKind specializationKind(const Decl &D) {
  if (const auto *Record = dyn_cast<CXXRecordDecl>(&D))
    return Record->getTemplateSpecializationKind();
  if (const auto *Function = dyn_cast<FunctionDecl>(&D))
    return Function->getTemplateSpecializationKind();
  if (const auto *Var = dyn_cast<VarDecl>(&D))
    return Var->getTemplateSpecializationKind();
  return TSK_Undeclared;
}

} // namespace

DynTypedNodeList parentsOf(const DynTypedNode &Node, ASTContext &Ctx) {
  // Another traversal kind skips implicit nodes: only ASTContext knows how.
  if (Ctx.getParentMapContext().getTraversalKind() == TK_AsIs) {
    ParentIndex &Index = IndexTable::get().indexFor(Ctx);
    if (std::optional<llvm::ArrayRef<DynTypedNode>> Parents = Index.find(Node))
      return *Parents;
    // The translation unit is the root (of a narrowed scope too): no
    // parents in either map.
    if (Node.get<TranslationUnitDecl>())
      return llvm::ArrayRef<DynTypedNode>();
    ++Fallbacks;
  }
  return Ctx.getParents(Node);
}

unsigned parentIndexFallbacks() { return Fallbacks; }

ParentIndexBuilds parentIndexBuilds() { return {SegmentsBuilt, WholeBuilds}; }

bool isInstantiatedDecl(const Decl &D) {
  for (const Decl *Current = &D; Current;) {
    if (isTemplateInstantiation(specializationKind(*Current)))
      return true;
    // A lambda in a default argument, a default member initializer or a
    // variable's initializer belongs to that declaration, which the class
    // of the lambda does not have as its context.
    const Decl *Next = nullptr;
    if (const auto *Record = dyn_cast<CXXRecordDecl>(Current))
      if (Record->isLambda())
        Next = Record->getLambdaContextDecl();
    if (!Next)
      if (const DeclContext *Context = Current->getDeclContext())
        Next = Decl::castFromDeclContext(Context);
    Current = Next;
  }
  return false;
}

bool isInInstantiatedCode(const Stmt &S, ASTContext &Ctx) {
  // Up to the nearest declarations on every path; from there the contexts
  // tell. A node that a pattern and its instantiations share (a default
  // argument that depends on nothing) is the pattern's code.
  llvm::SmallVector<DynTypedNode, 4> Pending = {DynTypedNode::create(S)};
  llvm::SmallPtrSet<const void *, 16> Seen;
  bool ReachedDecl = false;
  while (!Pending.empty()) {
    DynTypedNode Node = Pending.pop_back_val();
    for (const DynTypedNode &Parent : parentsOf(Node, Ctx)) {
      if (const auto *D = Parent.get<Decl>()) {
        if (!isInstantiatedDecl(*D))
          return false;
        ReachedDecl = true;
        continue;
      }
      if (!Parent.getMemoizationData() ||
          Seen.insert(Parent.getMemoizationData()).second)
        Pending.push_back(Parent);
    }
  }
  return ReachedDecl;
}

} // namespace alloc_tidy
