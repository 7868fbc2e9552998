//===--- LayoutBuilderTest.cpp - computeLayout against known layouts ------===//

#include "lib/layout/LayoutBuilder.h"
#include "lib/analysis/unittests/AnalysisTestUtils.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace layout {
namespace {

const RecordDecl *findRecord(ASTContext &Ctx, llvm::StringRef Name) {
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *RD = dyn_cast<RecordDecl>(D))
      if (RD->getName() == Name && RD->isThisDeclarationADefinition())
        return RD;
  return nullptr;
}

std::optional<RecordLayout> layoutOf(llvm::StringRef Code,
                                     llvm::StringRef Record,
                                     std::vector<std::string> Args = {}) {
  static std::vector<std::unique_ptr<ASTUnit>> Keep;
  Keep.push_back(test::parseCode(Code, std::move(Args)));
  ASTUnit &AST = *Keep.back();
  EXPECT_FALSE(test::hasErrors(AST));
  const RecordDecl *RD = findRecord(AST.getASTContext(), Record);
  if (!RD)
    return std::nullopt;
  return computeLayout(*RD, AST.getASTContext());
}

TEST(LayoutBuilder, HoleAndTailPadding) {
  auto L = layoutOf("struct S { char c; double d; int i; };", "S");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Size, 24u);
  EXPECT_EQ(L->Align, 8u);
  ASSERT_EQ(L->Entries.size(), 3u);
  EXPECT_EQ(L->Entries[1].Name, "d");
  EXPECT_EQ(L->Entries[1].Offset, 8u);
  ASSERT_EQ(L->Holes.size(), 1u);
  EXPECT_EQ(L->Holes[0].Offset, 1u);
  EXPECT_EQ(L->Holes[0].Size, 7u);
  EXPECT_EQ(L->TailPadding, 4u);
  EXPECT_EQ(L->PaddingBytes, 11u);
  ASSERT_TRUE(L->Optimal);
  EXPECT_EQ(L->Optimal->Size, 16u);
  EXPECT_EQ(L->Optimal->FieldOrder, (std::vector<std::string>{"d", "i", "c"}));
}

} // namespace
} // namespace layout
} // namespace alloc_tidy
