//===--- FieldReorderTest.cpp - can the fields of a record be reordered? --===//

#include "lib/analysis/decisions/FieldReorder.h"
#include "AnalysisTestUtils.h"
#include "clang/AST/RecursiveASTVisitor.h"
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

namespace alloc_tidy {
namespace {

/// Every layout use in the main file, as "Record: why".
std::vector<std::string> layoutUses(clang::ASTContext &Ctx) {
  class Collect : public clang::RecursiveASTVisitor<Collect> {
  public:
    clang::ASTContext &Ctx;
    std::vector<std::string> Out;
    explicit Collect(clang::ASTContext &Ctx) : Ctx(Ctx) {}
    void add(const std::vector<LayoutUse> &Uses) {
      for (const LayoutUse &U : Uses)
        if (Ctx.getSourceManager().isInMainFile(U.Loc))
          Out.push_back(U.Record->getNameAsString() + ": " + U.Why);
    }
    bool VisitStmt(clang::Stmt *S) {
      add(layoutUsesIn(*S, Ctx));
      return true;
    }
    bool VisitDecl(clang::Decl *D) {
      add(layoutUsesIn(*D));
      return true;
    }
  } C(Ctx);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  return C.Out;
}

TEST(FieldReorderTest, LayoutUses) {
  std::unique_ptr<clang::ASTUnit> AST = parseCode(R"cc(
    #include <cstddef>
    #include <cstdio>
    #include <cstring>
    struct Point { int x; double y; };
    struct Other { long a; };
    struct Named { int x; double y; };
    void f(std::FILE *out, Point *p, const void *raw) {
      Point a = {1, 2.0};
      Point b{};
      auto [x, y] = a;
      std::fwrite(p, sizeof(Point), 1, out);
      Other *o = reinterpret_cast<Other *>(p);
      const Named *n = (const Named *)raw;
      std::size_t off = offsetof(Point, y);
      Named m;
      m.x = 1;
      (void)b; (void)x; (void)y; (void)o; (void)n; (void)off; (void)m;
    }
    static_assert(sizeof(Other) == 8, "");
  )cc");
  ASSERT_TRUE(AST);
  std::vector<std::string> Expected = {
      "Point: its fields are initialised by position here",
      "Point: a structured binding takes its fields by position here",
      // The pointer and the sizeof each count, and so does the FILE.
      "Point: its bytes go through 'fwrite' here and may be stored or shared",
      "Point: its bytes go through 'fwrite' here and may be stored or shared",
      std::string("_IO_FILE: its bytes go through 'fwrite' here and may be ") +
          "stored or shared",
      "Other: other bytes are read as it here",
      "Point: its bytes are read as another type here",
      "Point: offsetof() depends on its layout here",
      "Other: a static_assert checks its layout here"};
  // Value-initialisation ({}), a cast from void * and assignments to
  // named fields are not among them.
  EXPECT_EQ(layoutUses(AST->getASTContext()), Expected);
  EXPECT_TRUE(llvm::is_contained(byteIoFunctions(), "memcpy"));
  EXPECT_FALSE(llvm::is_contained(byteIoFunctions(), "printf"));
}

} // namespace
} // namespace alloc_tidy
