//===--- ParentIndexTest.cpp - the project's own parent index -------------===//

#include "lib/analysis/ast/ParentIndex.h"
#include "AnalysisTestUtils.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace alloc_tidy {
namespace {

/// Every declaration and statement written in the main file, instantiations
/// and implicit code included.
class MainFileNodes : public RecursiveASTVisitor<MainFileNodes> {
public:
  explicit MainFileNodes(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitDecl(Decl *D) {
    if (inMainFile(D->getLocation()))
      Decls.push_back(D);
    return true;
  }
  bool VisitStmt(Stmt *S) {
    if (inMainFile(S->getBeginLoc()))
      Stmts.push_back(S);
    return true;
  }

  std::vector<const Decl *> Decls;
  std::vector<const Stmt *> Stmts;

private:
  bool inMainFile(SourceLocation Loc) const {
    return Loc.isValid() && SM.isInMainFile(SM.getExpansionLoc(Loc));
  }
  const SourceManager &SM;
};

MainFileNodes collect(ASTContext &Ctx) {
  MainFileNodes Nodes(Ctx.getSourceManager());
  Nodes.TraverseAST(Ctx);
  return Nodes;
}

std::vector<DynTypedNode> toVector(DynTypedNodeList List) {
  return std::vector<DynTypedNode>(List.begin(), List.end());
}

// Templates of each kind, lambdas in each place a lambda can sit, braced
// initialisers (two parents), default arguments, range-for, structured
// bindings, implicit members, and the standard library around them.
const char *const Code = R"cpp(
#include <map>
#include <string>
#include <vector>

template <typename T> struct Box {
  T Value{};
  std::vector<T> Items = {T(), T()};
  int Count = [] { std::string S = "x"; return int(S.size()); }();
  void add(const T &V) { Items.push_back(V); }
  template <typename U> U as() const { U Out(Value); return Out; }
};

template <typename T> T twice(T V, int N = 2) {
  std::vector<T> Out;
  for (int I = 0; I < N; ++I)
    Out.push_back(V);
  auto Sum = [&](auto First) { T Total = First; for (const T &E : Out) Total += E; return Total; };
  return Sum(T());
}

template <typename T> std::string Label = [] { std::string S = "label"; return S; }();

struct Point { int X, Y; };

// Statements inside written types: an array bound, a decltype, a template
// argument, a noexcept operand of a function type.
int Table[sizeof(Point) * 2];
template <int N> struct Fixed { int Slots[N + 1]; };
using Handler = void (*)(int) noexcept(sizeof(int) > 2);

int use() {
  Box<int> B;
  B.add(3);
  Box<std::string> Names;
  Names.add("a");
  std::map<std::string, int> Counts{{"a", 1}, {"b", 2}};
  int Total = 0;
  for (const auto &[Key, Value] : Counts)
    Total += Value + int(Key.size());
  Point P{1, 2};
  std::string L = Label<int>;
  decltype(P.X + 1) Copy = P.X;
  Fixed<sizeof(Point) / 4> Slots{};
  return Copy + Slots.Slots[0] + Total + twice(1) + twice<long>(2, 3) + B.as<int>() + P.X + int(L.size());
}
)cpp";

TEST(ParentIndexTest, GivesTheParentsASTContextGives) {
  auto AST = test::parseCode(Code);
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  MainFileNodes Nodes = collect(Ctx);
  ASSERT_GT(Nodes.Stmts.size(), 100u);
  unsigned FallbacksBefore = parentIndexFallbacks();
  for (const Stmt *S : Nodes.Stmts)
    EXPECT_EQ(toVector(parentsOf(*S, Ctx)), toVector(Ctx.getParents(*S)))
        << S->getStmtClassName() << " at "
        << S->getBeginLoc().printToString(Ctx.getSourceManager());
  for (const Decl *D : Nodes.Decls)
    EXPECT_EQ(toVector(parentsOf(*D, Ctx)), toVector(Ctx.getParents(*D)))
        << D->getDeclKindName() << " at "
        << D->getLocation().printToString(Ctx.getSourceManager());
  // Every question about the project's own code was answered by the index.
  EXPECT_EQ(parentIndexFallbacks(), FallbacksBefore);
}

TEST(ParentIndexTest, EveryWayUpStaysInTheIndex) {
  // Type locations are recorded only when something recorded lies below
  // them: every walk up from a statement, through the types it is written
  // in, still meets the ancestors ASTContext gives, and asks it nothing.
  auto AST = test::parseCode(Code);
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  MainFileNodes Nodes = collect(Ctx);
  auto Ancestors = [&](const Stmt &S, bool FromIndex) {
    std::vector<DynTypedNode> Seen;
    std::vector<DynTypedNode> Pending = {DynTypedNode::create(S)};
    while (!Pending.empty()) {
      DynTypedNode Node = Pending.back();
      Pending.pop_back();
      for (const DynTypedNode &Parent :
           FromIndex ? parentsOf(Node, Ctx) : Ctx.getParents(Node)) {
        Seen.push_back(Parent);
        if (!Parent.get<TranslationUnitDecl>())
          Pending.push_back(Parent);
      }
    }
    return Seen;
  };
  unsigned InTypes = 0;
  unsigned FallbacksBefore = parentIndexFallbacks();
  for (const Stmt *S : Nodes.Stmts) {
    std::vector<DynTypedNode> Indexed = Ancestors(*S, true);
    EXPECT_EQ(Indexed, Ancestors(*S, false))
        << S->getStmtClassName() << " at "
        << S->getBeginLoc().printToString(Ctx.getSourceManager());
    InTypes += llvm::any_of(Indexed, [](const DynTypedNode &N) {
      return N.get<TypeLoc>() != nullptr;
    });
  }
  EXPECT_EQ(parentIndexFallbacks(), FallbacksBefore);
  // The walks do cross type locations.
  EXPECT_GT(InTypes, 5u);
}

/// The stock matchers' definitions as of LLVM 20, written out: LLVM 19's
/// isInstantiated() and isInTemplateInstantiation() do not count variable
/// template instantiations, which the project's tests do on every release.
DeclarationMatcher instantiation() {
  return decl(anyOf(cxxRecordDecl(isTemplateInstantiation()),
                    functionDecl(isTemplateInstantiation()),
                    varDecl(isTemplateInstantiation())));
}
DeclarationMatcher instantiatedDecl() {
  return decl(anyOf(instantiation(), hasAncestor(instantiation())));
}
StatementMatcher stmtInInstantiation() {
  return stmt(hasAncestor(instantiation()));
}

/// Whether ASTContext's map leads from \p S both to declarations of
/// instantiations and to declarations of written code.
bool isSharedWithPattern(const Stmt &S, ASTContext &Ctx) {
  bool Instantiated = false, Written = false;
  std::vector<DynTypedNode> Pending = {DynTypedNode::create(S)};
  while (!Pending.empty()) {
    DynTypedNode Node = Pending.back();
    Pending.pop_back();
    for (const DynTypedNode &Parent : Ctx.getParents(Node)) {
      if (const auto *D = Parent.get<Decl>())
        (match(instantiatedDecl(), *D, Ctx).empty() ? Written : Instantiated) =
            true;
      else
        Pending.push_back(Parent);
    }
  }
  return Instantiated && Written;
}

TEST(ParentIndexTest, InstantiationTestsAgreeWithTheMatchers) {
  auto AST = test::parseCode(Code);
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  MainFileNodes Nodes = collect(Ctx);
  unsigned InstantiatedDecls = 0, InstantiatedStmts = 0;
  for (const Decl *D : Nodes.Decls) {
    bool Expected = !match(instantiatedDecl(), *D, Ctx).empty();
    EXPECT_EQ(isInstantiatedDecl(*D), Expected)
        << D->getDeclKindName() << " at "
        << D->getLocation().printToString(Ctx.getSourceManager());
    InstantiatedDecls += Expected;
  }
  unsigned Shared = 0;
  for (const Stmt *S : Nodes.Stmts) {
    bool Expected = !match(stmtInInstantiation(), *S, Ctx).empty();
    // A literal is shared by the pattern and its instantiations; it is the
    // pattern's code (the matcher answers whatever its search meets first).
    if (isSharedWithPattern(*S, Ctx)) {
      Expected = false;
      ++Shared;
    }
    EXPECT_EQ(isInInstantiatedCode(*S, Ctx), Expected)
        << S->getStmtClassName() << " at "
        << S->getBeginLoc().printToString(Ctx.getSourceManager());
    InstantiatedStmts += Expected;
  }
  // Both answers occur, so the comparison can tell them apart.
  EXPECT_GT(InstantiatedDecls, 10u);
  EXPECT_LT(InstantiatedDecls, Nodes.Decls.size());
  EXPECT_GT(InstantiatedStmts, 10u);
  EXPECT_LT(InstantiatedStmts, Nodes.Stmts.size());
  EXPECT_GT(Shared, 0u);
}

TEST(ParentIndexTest, SystemHeaderNodesAreAskedOfASTContext) {
  auto AST =
      test::parseCode("#include <vector>\n"
                      "void f(std::vector<int> &V) { V.push_back(1); }\n");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  const CallExpr *Call = test::findCall(Ctx, "f", "push_back");
  ASSERT_TRUE(Call);
  const FunctionDecl *PushBack = Call->getDirectCallee();
  ASSERT_TRUE(PushBack && PushBack->getBody());
  const Stmt *Body = PushBack->getBody();
  unsigned FallbacksBefore = parentIndexFallbacks();
  EXPECT_EQ(toVector(parentsOf(*Body, Ctx)), toVector(Ctx.getParents(*Body)));
  EXPECT_FALSE(parentsOf(*Body, Ctx).empty());
  EXPECT_EQ(parentIndexFallbacks(), FallbacksBefore + 2);
  // The translation unit is a root in both maps, and costs no fallback.
  const Decl *TU = Ctx.getTranslationUnitDecl();
  EXPECT_TRUE(parentsOf(*TU, Ctx).empty());
  EXPECT_EQ(parentIndexFallbacks(), FallbacksBefore + 2);
}

TEST(ParentIndexTest, FollowsTheTraversalScope) {
  // clangd narrows the traversal to the main file's top-level declarations;
  // those become roots, as in ASTContext's map.
  auto AST = test::parseCode("int a() { return 1; }\n"
                             "int b() { int X = a(); return X; }\n");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  const FunctionDecl *B = test::findFunction(Ctx, "b");
  ASSERT_TRUE(B);
  const VarDecl *X = test::findVar(Ctx, "X");
  ASSERT_TRUE(X);
  const Stmt *ReturnA = test::findFunction(Ctx, "a")->getBody();
  EXPECT_FALSE(parentsOf(*ReturnA, Ctx).empty());
  Ctx.setTraversalScope({const_cast<FunctionDecl *>(B)});
  // b hangs from the translation unit, a is not reached at all.
  ASSERT_EQ(parentsOf(*B, Ctx).size(), 1u);
  EXPECT_TRUE(parentsOf(*B, Ctx)[0].get<TranslationUnitDecl>());
  EXPECT_EQ(toVector(parentsOf(*X, Ctx)), toVector(Ctx.getParents(*X)));
  EXPECT_TRUE(parentsOf(*ReturnA, Ctx).empty());
  EXPECT_TRUE(Ctx.getParents(*ReturnA).empty());
}

TEST(ParentIndexTest, ANewASTAtTheSameAddressGetsANewIndex) {
  // The index of a destroyed ASTContext must not answer for the next one,
  // which the allocator may well place at the same address.
  for (const char *Name : {"first", "second", "third"}) {
    std::string Source =
        std::string("int ") + Name + "() { int V = 1; return V; }\n";
    auto AST = test::parseCode(Source);
    ASSERT_TRUE(AST && !test::hasErrors(*AST));
    ASTContext &Ctx = AST->getASTContext();
    const VarDecl *V = test::findVar(Ctx, "V");
    ASSERT_TRUE(V);
    DynTypedNodeList Parents = parentsOf(*V, Ctx);
    ASSERT_EQ(Parents.size(), 1u);
    EXPECT_TRUE(Parents[0].get<DeclStmt>());
    EXPECT_EQ(toVector(Parents), toVector(Ctx.getParents(*V)));
  }
}

} // namespace
} // namespace alloc_tidy
