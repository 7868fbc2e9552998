//===--- ParentIndex.cpp - parents of the project's own AST nodes ---------===//

#include "lib/analysis/ast/ParentIndex.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "llvm/ADT/DenseMap.h"
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

/// The parents of every node reached from the traversal scope, except what
/// lies in system headers. Nearly every node has one parent, so a node maps
/// to the one stored copy of its parent (a node is stored once, however
/// many children it has); the few with more live in a second map.
class ParentIndex {
public:
  explicit ParentIndex(ASTContext &Ctx);

  /// The parents of \p Node; std::nullopt when the index does not hold it.
  std::optional<llvm::ArrayRef<DynTypedNode>>
  find(const DynTypedNode &Node) const {
    if (Node.getNodeKind().hasPointerIdentity()) {
      auto It = ByPointer.find(Node.getMemoizationData());
      if (It == ByPointer.end())
        return std::nullopt;
      return parentsIn(It->second, MultipleByPointer, It->first);
    }
    auto It = ByValue.find(Node);
    if (It == ByValue.end())
      return std::nullopt;
    return parentsIn(It->second, MultipleByValue, It->first);
  }

  /// Whether the index was built for \p Ctx's current traversal scope.
  bool covers(const ASTContext &Ctx) const {
    return llvm::ArrayRef<Decl *>(Scope).equals(Ctx.getTraversalScope());
  }

private:
  friend class IndexBuilder;
  using Parents = llvm::SmallVector<DynTypedNode, 2>;

  /// The parent a node maps to when it has more than one (they are in the
  /// Multiple maps); a node known to have none maps to null.
  static const DynTypedNode *multiple() {
    static const DynTypedNode Marker{};
    return &Marker;
  }

  template <typename Key>
  llvm::ArrayRef<DynTypedNode>
  parentsIn(const DynTypedNode *Parent,
            const llvm::DenseMap<Key, Parents> &Multiple,
            const Key &Node) const {
    if (!Parent)
      return {};
    if (Parent == multiple())
      return Multiple.find(Node)->second;
    return llvm::ArrayRef<DynTypedNode>(*Parent);
  }

  llvm::DenseMap<const void *, const DynTypedNode *> ByPointer;
  llvm::DenseMap<DynTypedNode, const DynTypedNode *> ByValue;
  llvm::DenseMap<const void *, Parents> MultipleByPointer;
  llvm::DenseMap<DynTypedNode, Parents> MultipleByValue;
  /// The stored copies of the nodes that are parents.
  llvm::SpecificBumpPtrAllocator<DynTypedNode> Stored;
  std::vector<Decl *> Scope;
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
  IndexBuilder(ParentIndex &Index, const SourceManager &SM)
      : Index(Index), SM(SM) {}

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
    Index.ByPointer.try_emplace(List, nullptr);
    return true;
  }

private:
  /// A node being walked. Its stored copy is made when a child first
  /// names it as its parent.
  struct Frame {
    DynTypedNode Node;
    const DynTypedNode *Stored = nullptr;
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
    Stack.push_back({Node});
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
    for (size_t I = std::max<size_t>(Recorded, 1); I < Stack.size(); ++I)
      record(Stack[I].Node, storedCopy(Stack[I - 1]));
    Recorded = Stack.size();
  }

  const DynTypedNode *storedCopy(Frame &F) {
    if (!F.Stored)
      F.Stored = new (Index.Stored.Allocate()) DynTypedNode(F.Node);
    return F.Stored;
  }

  void record(const DynTypedNode &Node, const DynTypedNode *Parent) {
    if (Node.getNodeKind().hasPointerIdentity())
      addParent(Index.ByPointer, Index.MultipleByPointer,
                Node.getMemoizationData(), Parent);
    else
      addParent(Index.ByValue, Index.MultipleByValue, Node, Parent);
  }

  template <typename Key>
  static void addParent(llvm::DenseMap<Key, const DynTypedNode *> &Single,
                        llvm::DenseMap<Key, ParentIndex::Parents> &Multiple,
                        const Key &Node, const DynTypedNode *Parent) {
    auto [It, Inserted] = Single.try_emplace(Node, Parent);
    if (Inserted)
      return;
    if (!It->second) {
      It->second = Parent;
      return;
    }
    // A node reached twice under the same parent is listed once (only
    // nodes with an identity can be compared).
    bool HasIdentity = Parent->getMemoizationData() != nullptr;
    if (It->second != ParentIndex::multiple()) {
      if (HasIdentity && *It->second == *Parent)
        return;
      Multiple[Node] = {*It->second, *Parent};
      It->second = ParentIndex::multiple();
      return;
    }
    ParentIndex::Parents &All = Multiple[Node];
    if (HasIdentity && llvm::is_contained(All, *Parent))
      return;
    All.push_back(*Parent);
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
  llvm::SmallVector<Frame, 32> Stack;
  /// How many frames, from the bottom of the stack, are recorded.
  size_t Recorded = 0;
};

ParentIndex::ParentIndex(ASTContext &Ctx) {
  // LLVM 19 returns the scope by value (22 an ArrayRef): take it once, as
  // two calls' begin() and end() would belong to two different vectors.
  auto TraversalScope = Ctx.getTraversalScope();
  Scope.assign(TraversalScope.begin(), TraversalScope.end());
  IndexBuilder(*this, Ctx.getSourceManager()).TraverseAST(Ctx);
}

/// One index per live ASTContext. clangd builds ASTs on several threads;
/// each ASTContext is used by one thread at a time, so only the table
/// needs the lock. The table is never destroyed: an ASTContext that
/// outlives static destructors would otherwise call into a dead one.
class IndexTable {
public:
  const ParentIndex &indexFor(ASTContext &Ctx) {
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
    const ParentIndex &Index = IndexTable::get().indexFor(Ctx);
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
