//===--- CopiedParametersTest.cpp - const & parameters copied into storage ===//

#include "lib/analysis/decisions/CopiedParameters.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Code = R"cpp(
#include <functional>
#include <string>
#include <vector>
struct Scalars { int A, B; };
struct Holder { Scalars S; std::vector<int> V; };
struct Derived : Holder {};
struct Node { std::vector<Node> Children; };
struct NoMove { ~NoMove(); std::string S; };
struct Deleted { Deleted(Deleted &&) = delete; Deleted(const Deleted &); std::string S; };
Scalars GS; Holder GH; Derived GD; Node GN;
std::vector<std::string> Names;
std::string Last;
struct Keeper {
  std::string Name;
  std::vector<std::string> Items;
  void set(const std::string &S) { Name = S; }
  void keep(const std::string &S) { Items.push_back(S); }
  void twice(const std::string &S) { Items.push_back(S); Last = S; }
  void loop(const std::string &S) { while (Last.empty()) Items.push_back(S); }
  void local(const std::string &S) { std::vector<std::string> L; L.push_back(S); }
  std::vector<std::string> returned(const std::string &S) {
    std::vector<std::string> L; L.push_back(S); return L;
  }
  void element(const std::string &S) { Items[0] = S; }
  void passed(const std::string &S) { Last.append(S); }
  void lambda(const std::string &S) { auto F = [&] { Items.push_back(S); }; F(); }
  void checked(const std::string &S) { if (S.empty() || S == "-") throw 1; Name = S; }
  void guarded(const std::string &S) { if (S.empty()) return; Name = S; }
  void viewed(const std::string &S) { const char *P = S.c_str(); Name = S; (void)P; }
};
void overloaded(const std::string &S, int);
void overloaded(std::string &&S, int);
void byValue(const std::string &S, int);
void byValue(std::string S, long);
std::string make();
void callee(const std::string &S);
void calls(std::string X) { callee(X); callee(make()); callee(std::move(X)); callee("lit"); }
using Handler = std::function<void(int)>;
std::vector<Handler> Handlers;
void addHandler(const Handler &H) { Handlers.push_back(H); }
std::function<void()> GF;
)cpp";

class CopiedParametersTest : public ::testing::Test {
protected:
  void SetUp() override {
    AST = test::parseCode(Code);
    ASSERT_TRUE(AST);
    ASSERT_FALSE(test::hasErrors(*AST));
  }
  ParameterCopy copyOf(llvm::StringRef Function) {
    const FunctionDecl *F = test::findFunction(AST->getASTContext(), Function);
    EXPECT_TRUE(F) << Function.str();
    return F ? parameterCopy(*F, 0, AST->getASTContext()) : ParameterCopy();
  }
  QualType typeOf(llvm::StringRef Var) {
    return test::typeOfVar(AST->getASTContext(), Var);
  }
  std::unique_ptr<ASTUnit> AST;
};

TEST_F(CopiedParametersTest, OwnsHeapMemory) {
  ASTContext &Ctx = AST->getASTContext();
  EXPECT_FALSE(allocatesWhenCopied(typeOf("GS")));
  EXPECT_TRUE(allocatesWhenCopied(typeOf("GH")));
  EXPECT_TRUE(allocatesWhenCopied(typeOf("GD")));
  EXPECT_TRUE(allocatesWhenCopied(typeOf("GN")));
  EXPECT_TRUE(allocatesWhenCopied(typeOf("Last")));
  EXPECT_FALSE(allocatesWhenCopied(Ctx.IntTy));
}

// A std::function allocates when copied only for a large callable: a
// candidate that only a profile's measure can report.
TEST_F(CopiedParametersTest, TypeErasedCallables) {
  EXPECT_FALSE(allocatesWhenCopied(typeOf("GF")));
  EXPECT_TRUE(isTypeErasedCallable(typeOf("GF")));
  EXPECT_FALSE(isTypeErasedCallable(typeOf("Last")));
  EXPECT_FALSE(isTypeErasedCallable(typeOf("GH")));
  ParameterCopy Add = copyOf("addHandler");
  EXPECT_EQ(Add.Silent, "");
  EXPECT_EQ(Add.Kind, CopyKind::Insert);
  EXPECT_TRUE(Add.AllocatesWhenLarge);
  EXPECT_FALSE(copyOf("keep").AllocatesWhenLarge);
}

TEST_F(CopiedParametersTest, Movable) {
  ASTContext &Ctx = AST->getASTContext();
  EXPECT_TRUE(isMovable(*test::findRecord(Ctx, "Holder"), false));
  EXPECT_TRUE(isMovable(*test::findRecord(Ctx, "Holder"), true));
  // A user-declared destructor suppresses both moves.
  EXPECT_FALSE(isMovable(*test::findRecord(Ctx, "NoMove"), false));
  EXPECT_FALSE(isMovable(*test::findRecord(Ctx, "NoMove"), true));
  EXPECT_FALSE(isMovable(*test::findRecord(Ctx, "Deleted"), false));
}

TEST_F(CopiedParametersTest, Candidates) {
  ParameterCopy Set = copyOf("set");
  EXPECT_EQ(Set.Silent, "");
  EXPECT_EQ(Set.Kind, CopyKind::Assign);
  ParameterCopy Keep = copyOf("keep");
  EXPECT_EQ(Keep.Silent, "");
  EXPECT_EQ(Keep.Kind, CopyKind::Insert);
  EXPECT_EQ(Keep.Method, "push_back");
  EXPECT_EQ(copyOf("returned").Silent, "");
  EXPECT_EQ(copyOf("element").Silent, "");
  // Read for values (empty(), a comparison), then copied last.
  ParameterCopy Checked = copyOf("checked");
  EXPECT_EQ(Checked.Silent, "");
  EXPECT_EQ(Checked.Kind, CopyKind::Assign);
  ASSERT_NE(Checked.Use, nullptr);
  EXPECT_TRUE(isa<MemberExpr>(Checked.Storage->IgnoreParenImpCasts()));
}

TEST_F(CopiedParametersTest, Silent) {
  EXPECT_EQ(copyOf("twice").Silent,
            "used more than once, not only read before the copy");
  EXPECT_EQ(copyOf("viewed").Silent,
            "used more than once, not only read before the copy");
  // Not every call that returns reaches the copy.
  EXPECT_EQ(copyOf("guarded").Silent,
            "used more than once, not only read before the copy");
  EXPECT_EQ(copyOf("loop").Silent, "used in a loop");
  EXPECT_EQ(copyOf("local").Silent,
            "copied into a local object that is not returned");
  EXPECT_EQ(copyOf("passed").Silent,
            "passed to a function that does not store it");
  EXPECT_EQ(copyOf("lambda").Silent,
            "used in a lambda, which can run any number of times");
}

TEST_F(CopiedParametersTest, ArgumentKinds) {
  ASTContext &Ctx = AST->getASTContext();
  std::vector<const CallExpr *> Calls = test::findCalls(Ctx, "calls", "callee");
  ASSERT_EQ(Calls.size(), 4u);
  EXPECT_EQ(argumentKind(*Calls[0]->getArg(0)), ArgumentKind::Lvalue);
  EXPECT_EQ(argumentKind(*Calls[1]->getArg(0)), ArgumentKind::Temporary);
  EXPECT_EQ(argumentKind(*Calls[2]->getArg(0)), ArgumentKind::Moved);
  EXPECT_EQ(argumentKind(*Calls[3]->getArg(0)), ArgumentKind::Temporary);
}

TEST_F(CopiedParametersTest, RvalueOverloads) {
  ASTContext &Ctx = AST->getASTContext();
  const FunctionDecl *Overloaded = nullptr, *ByValue = nullptr;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *F = dyn_cast<FunctionDecl>(D);
        F && F->getNumParams() == 2 &&
        F->getParamDecl(0)->getType()->isLValueReferenceType()) {
      if (F->getName() == "overloaded")
        Overloaded = F;
      if (F->getName() == "byValue")
        ByValue = F;
    }
  ASSERT_TRUE(Overloaded && ByValue);
  EXPECT_TRUE(rvalueOverload(*Overloaded, 0));
  // The other parameters differ: not the same list.
  EXPECT_FALSE(rvalueOverload(*ByValue, 0));
}

} // namespace
} // namespace alloc_tidy
