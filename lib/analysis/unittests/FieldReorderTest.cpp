//===--- FieldReorderTest.cpp - can the fields of a record be reordered? --===//

#include "lib/analysis/FieldReorder.h"
#include "AnalysisTestUtils.h"
#include "clang/Lex/Lexer.h"
#include "gtest/gtest.h"

namespace alloc_tidy {
namespace {

using test::findRecord;
using test::parseCode;

/// The fields of \p Record, last first: a simple other order.
std::vector<const clang::FieldDecl *> reversed(const clang::RecordDecl &RD) {
  std::vector<const clang::FieldDecl *> Order(RD.field_begin(), RD.field_end());
  std::reverse(Order.begin(), Order.end());
  return Order;
}

std::string why(clang::ASTContext &Ctx, llvm::StringRef Record) {
  const clang::RecordDecl *RD = findRecord(Ctx, Record);
  EXPECT_TRUE(RD) << Record.str();
  std::optional<ReorderBlocker> B =
      reorderChangesMeaning(*RD, reversed(*RD), Ctx);
  return B ? B->Why : "";
}

TEST(FieldReorderTest, ChangesMeaning) {
  std::unique_ptr<clang::ASTUnit> AST = parseCode(R"cc(
#include <string>
    struct Free { char A; double B; };
    struct ReadsThis { ReadsThis() : A(1), B(A) {} int A; int B; };
    struct Elsewhere { Elsewhere(); char A; double B; };
    struct Inits { Inits() : A(1), B(2) {} int A; int B; };
    struct Owners { std::string A; std::string B; };
    struct Base { int X; };
    struct Derived : Base { char A; double B; };
  )cc");
  ASSERT_TRUE(AST);
  clang::ASTContext &Ctx = AST->getASTContext();
  EXPECT_EQ(why(Ctx, "Free"), "");
  EXPECT_EQ(why(Ctx, "ReadsThis"), "this initialiser reads the object, whose "
                                   "fields would be initialised in another "
                                   "order");
  EXPECT_EQ(why(Ctx, "Inits"),
            "this constructor's member initialisers would no longer follow "
            "the order of the fields");
  EXPECT_NE(why(Ctx, "Elsewhere").find("defined in another file"),
            std::string::npos);
  EXPECT_EQ(why(Ctx, "Owners"),
            "'B' and 'A' have destructors, which would run in another order");
  EXPECT_EQ(why(Ctx, "Derived"), "base class 'Base' has data members");
}

TEST(FieldReorderTest, MovesWholeLines) {
  std::unique_ptr<clang::ASTUnit> AST = parseCode(R"cc(
struct Packet {
  // first
  char A;
  double B; // second
};
struct Shared { char A; double B; };
  )cc");
  ASSERT_TRUE(AST);
  clang::ASTContext &Ctx = AST->getASTContext();
  const clang::RecordDecl *Packet = findRecord(Ctx, "Packet");
  FieldMoves Moves = fieldMoves(*Packet, reversed(*Packet), Ctx);
  ASSERT_FALSE(Moves.Blocker);
  ASSERT_EQ(Moves.Edits.size(), 2u);
  EXPECT_EQ(Moves.Edits[0].Text, "  double B; // second\n");
  EXPECT_EQ(Moves.Edits[1].Text, "  // first\n  char A;\n");
  const clang::RecordDecl *Shared = findRecord(Ctx, "Shared");
  FieldMoves None = fieldMoves(*Shared, reversed(*Shared), Ctx);
  ASSERT_TRUE(None.Blocker);
  EXPECT_EQ(None.Blocker->Why, "'A' shares its line with other code");
  EXPECT_TRUE(None.Edits.empty());
}

} // namespace
} // namespace alloc_tidy
