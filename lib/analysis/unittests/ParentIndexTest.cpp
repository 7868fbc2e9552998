//===--- ParentIndexTest.cpp - the project's own parent index -------------===//

#include "lib/analysis/ast/ParentIndex.h"
#include "AnalysisTestUtils.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "gtest/gtest.h"
#include <algorithm>

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

// Code that other declarations reach too: a default member initializer
// (from a constructor defined out of line), a default argument (from every
// call that uses it, and from a redeclaration that inherits it), a member of
// a class template defined out of line, a record declared with a variable.
struct Settings {
  std::vector<int> Limits = {1, 2, 3};
  Settings();
  template <typename T> T scaled(T V) const;
};
template <typename T> struct Holder { T Held; T get(int Extra = 1) const; };
template <typename T> T Holder<T>::get(int Extra) const {
  T Copy = Held;
  return Copy + T(Extra);
}
void log(const std::string &Text, int Level = 3 + sizeof(Point));
void log(const std::string &Text, int Level);
Settings::Settings() {}
template <typename T> T Settings::scaled(T V) const { return V * T(Limits[0]); }
struct Pair { int A, B; } Origin{0, 0};
template struct Holder<short>;

int use() {
  Holder<long> H{4};
  log("x");
  Settings S;
  int Scaled = S.scaled(2) + int(H.get()) + Origin.A;
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
  return Scaled + Copy + Slots.Slots[0] + Total + twice(1) + twice<long>(2, 3) + B.as<int>() + P.X + int(L.size());
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

TEST(ParentIndexTest, AnyOrderOfQuestionsGivesTheSameParents) {
  // The index is built a segment at a time as questions come: whatever the
  // order, every node gets all its parents, in ASTContext's order.
  std::vector<DynTypedNode> Asked;
  for (int Order = 0; Order < 3; ++Order) {
    auto AST = test::parseCode(Code);
    ASSERT_TRUE(AST && !test::hasErrors(*AST));
    ASTContext &Ctx = AST->getASTContext();
    MainFileNodes Nodes = collect(Ctx);
    Asked.clear();
    Asked.reserve(Nodes.Stmts.size() + Nodes.Decls.size());
    for (const Stmt *S : Nodes.Stmts)
      Asked.push_back(DynTypedNode::create(*S));
    for (const Decl *D : Nodes.Decls)
      Asked.push_back(DynTypedNode::create(*D));
    if (Order == 1)
      std::reverse(Asked.begin(), Asked.end());
    if (Order == 2)
      for (size_t I = 0; I < Asked.size(); ++I)
        std::swap(Asked[I], Asked[(I * 7919) % Asked.size()]);
    for (const DynTypedNode &Node : Asked)
      EXPECT_EQ(toVector(parentsOf(Node, Ctx)), toVector(Ctx.getParents(Node)))
          << "order " << Order << ": " << Node.getNodeKind().asStringRef().str()
          << " at "
          << Node.getSourceRange().getBegin().printToString(
                 Ctx.getSourceManager());
  }
}

TEST(ParentIndexTest, TheFirstQuestionOfAUnitGetsEveryParent) {
  // Asked first, before any other segment is walked: code that other
  // declarations reach too (default arguments and member initializers,
  // members of templates defined out of line, an explicit instantiation),
  // and a sample of the rest. Every ancestor on the way up is compared.
  const unsigned Lines[] = {14, 22, 29, 30, 31, 37, 41, 42, 43, 46,
                            49, 50, 52, 55, 58, 61, 64, 67, 70, 73};
  for (unsigned Line : Lines) {
    auto AST = test::parseCode(Code);
    ASSERT_TRUE(AST && !test::hasErrors(*AST));
    ASTContext &Ctx = AST->getASTContext();
    const SourceManager &SM = Ctx.getSourceManager();
    MainFileNodes Nodes = collect(Ctx);
    // The last statement that begins on the line: the deepest, so the way
    // up crosses the most.
    const Stmt *Asked = nullptr;
    for (const Stmt *S : Nodes.Stmts)
      if (SM.getExpansionLineNumber(S->getBeginLoc()) == Line)
        Asked = S;
    if (!Asked)
      continue;
    std::vector<DynTypedNode> Pending = {DynTypedNode::create(*Asked)};
    while (!Pending.empty()) {
      DynTypedNode Node = Pending.back();
      Pending.pop_back();
      std::vector<DynTypedNode> Indexed = toVector(parentsOf(Node, Ctx));
      ASSERT_EQ(Indexed, toVector(Ctx.getParents(Node)))
          << "line " << Line << ": " << Node.getNodeKind().asStringRef().str();
      for (const DynTypedNode &Parent : Indexed)
        if (!Parent.get<TranslationUnitDecl>())
          Pending.push_back(Parent);
    }
  }
}

TEST(ParentIndexTest, AQuestionWalksOnlyTheDeclarationsThatHoldIt) {
  auto AST = test::parseCode(R"cpp(
#include <vector>
namespace app {
int first(int X) { return X + 1; }
struct Widget { int Size = 0; int grow() { return ++Size; } };
int second(std::vector<int> &V) { V.push_back(2); return int(V.size()); }
int third() { return 3; }
} // namespace app
)cpp");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  auto Calls = match(callExpr(isExpansionInMainFile(),
                              callee(functionDecl(hasName("push_back"))))
                         .bind("call"),
                     Ctx);
  ASSERT_EQ(Calls.size(), 1u);
  const auto *Call = Calls[0].getNodeAs<CallExpr>("call");
  ParentIndexBuilds Before = parentIndexBuilds();
  EXPECT_EQ(toVector(parentsOf(*Call, Ctx)), toVector(Ctx.getParents(*Call)));
  ParentIndexBuilds After = parentIndexBuilds();
  // Not every segment: the function that holds the call (with the
  // implicit declarations of the unit, which have no place to wait at).
  EXPECT_EQ(After.Whole, Before.Whole);
  EXPECT_GT(After.Segments, Before.Segments);
  // The way up from the call stays in that segment.
  for (DynTypedNode Node = DynTypedNode::create(*Call);
       !Node.get<TranslationUnitDecl>();) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    ASSERT_EQ(Parents.size(), 1u);
    Node = Parents[0];
  }
  EXPECT_EQ(parentIndexBuilds().Segments, After.Segments);
  // A statement of another function walks that function alone.
  auto Returns =
      match(returnStmt(isExpansionInMainFile(), forFunction(hasName("third")))
                .bind("return"),
            Ctx);
  ASSERT_EQ(Returns.size(), 1u);
  const auto *Return = Returns[0].getNodeAs<ReturnStmt>("return");
  EXPECT_EQ(toVector(parentsOf(*Return, Ctx)),
            toVector(Ctx.getParents(*Return)));
  EXPECT_EQ(parentIndexBuilds().Segments, After.Segments + 1);
  EXPECT_EQ(parentIndexBuilds().Whole, Before.Whole);
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
