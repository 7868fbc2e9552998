//===--- MissingMoveTest.cpp - classes whose moves copy -------------------===//

#include "lib/analysis/decisions/MissingMove.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Code = R"cpp(
#include <string>
#include <utility>
#include <vector>
struct Tree { ~Tree() = default; std::vector<Tree> Children; };
struct Base { virtual ~Base() = default; std::string Name; };
struct Body { ~Body() { Names.clear(); } std::vector<std::string> Names; };
struct Moves { ~Moves() = default; Moves(Moves &&) = default; std::string S; };
struct Ints { ~Ints() = default; int A[4]; };
struct Guarded { Guarded() = default; std::string S; protected: ~Guarded() = default; };
void use(std::vector<Tree> &V, Tree T, Base B) {
  V.push_back(T);
  Base C = std::move(B);
  Base D = std::move(C);
  (void)C.Name;
}
)cpp";

class MissingMoveTest : public ::testing::Test {
protected:
  void SetUp() override {
    AST = test::parseCode(Code);
    ASSERT_TRUE(AST);
    ASSERT_FALSE(test::hasErrors(*AST));
  }
  std::optional<SuppressedMove> factsOf(llvm::StringRef Name) {
    const CXXRecordDecl *RD = test::findRecord(AST->getASTContext(), Name);
    EXPECT_TRUE(RD) << Name.str();
    return RD ? suppressedMove(*RD, AST->getASTContext()) : std::nullopt;
  }
  std::unique_ptr<ASTUnit> AST;
};

TEST_F(MissingMoveTest, SuppressorsAndTheMemberThatAllocates) {
  std::optional<SuppressedMove> Tree = factsOf("Tree");
  ASSERT_TRUE(Tree);
  ASSERT_EQ(Tree->Suppressors.size(), 1u);
  EXPECT_EQ(specialMemberName(*Tree->Suppressors[0]), "destructor");
  EXPECT_EQ(Tree->Owner->getName(), "Children");
  EXPECT_EQ(Tree->OwnerType, "std::vector<Tree>");
  // Declares its move, or holds nothing that allocates: nothing to say.
  EXPECT_FALSE(factsOf("Moves"));
  EXPECT_FALSE(factsOf("Ints"));
}

TEST_F(MissingMoveTest, PlanRemovesADestructorThatDoesNothing) {
  MovePlan Plan = planMove(*factsOf("Tree"), AST->getASTContext());
  EXPECT_TRUE(Plan.NoFix.empty());
  EXPECT_TRUE(Plan.Removal.isValid());
  EXPECT_TRUE(Plan.Insertion.empty());
}

TEST_F(MissingMoveTest, PlanDeclaresTheMovesOfAVirtualDestructor) {
  MovePlan Plan = planMove(*factsOf("Base"), AST->getASTContext());
  EXPECT_TRUE(Plan.NoFix.empty());
  EXPECT_FALSE(Plan.Removal.isValid());
  EXPECT_NE(Plan.Insertion.find("Base(Base &&) = default;"), std::string::npos);
  EXPECT_NE(Plan.Insertion.find("Base(const Base &) = default;"),
            std::string::npos);
}

TEST_F(MissingMoveTest, NoPlanForABodyOrAHiddenDestructor) {
  MovePlan Body = planMove(*factsOf("Body"), AST->getASTContext());
  EXPECT_TRUE(Body.HandWritten);
  EXPECT_NE(Body.NoFix.find("has a body"), std::string::npos);
  MovePlan Guarded = planMove(*factsOf("Guarded"), AST->getASTContext());
  EXPECT_FALSE(Guarded.HandWritten);
  EXPECT_NE(Guarded.NoFix.find("not public"), std::string::npos);
}

TEST_F(MissingMoveTest, MovesOfACallAndReadsAfterThem) {
  ASTContext &Ctx = AST->getASTContext();
  const CallExpr *Push = test::findCall(Ctx, "use", "push_back");
  ASSERT_TRUE(Push);
  llvm::SmallVector<CopyingMove, 2> Growth = copyingMovesOfCall(*Push, Ctx);
  ASSERT_EQ(Growth.size(), 1u);
  EXPECT_EQ(Growth[0].Kind, CopyingMove::Growth);
  EXPECT_EQ(Growth[0].Callee, "push_back");
  // std::move(C) is followed by a read of C; std::move(B) is not.
  std::vector<const CallExpr *> Moves = test::findCalls(Ctx, "use", "move");
  ASSERT_EQ(Moves.size(), 2u);
  const auto *B = cast<DeclRefExpr>(Moves[0]->getArg(0)->IgnoreImplicit());
  const auto *C = cast<DeclRefExpr>(Moves[1]->getArg(0)->IgnoreImplicit());
  EXPECT_FALSE(readAgainAfterMove(*Moves[0], *B->getDecl(), Ctx).isValid());
  EXPECT_TRUE(readAgainAfterMove(*Moves[1], *C->getDecl(), Ctx).isValid());
}

} // namespace
} // namespace alloc_tidy
