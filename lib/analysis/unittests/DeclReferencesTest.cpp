//===--- DeclReferencesTest.cpp - the code that names some declarations ---===//

#include "lib/analysis/facts/DeclReferences.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

TEST(DeclReferencesTest, RefsMembersAndAliases) {
  std::unique_ptr<ASTUnit> AST = test::parseCode(
      "struct Box { int Held; int Other; };\n"
      "using Alias = Box;\n"
      "typedef Box Plain;\n"
      "int Wanted = 0, Unwanted = 0;\n"
      "Box Sample;\n"
      "template <class T> int get(T &B) { return B.Held + Wanted; }\n"
      "int use(Box &B) {\n"
      "  Alias A{};\n"
      "  Plain P{};\n"
      "  auto L = [&] { return Wanted + B.Held; };\n"
      "  return Wanted + Unwanted + B.Other + A.Held + get(P) + L();\n"
      "}\n");
  ASSERT_TRUE(AST);
  ASSERT_FALSE(test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  const VarDecl *Wanted = test::findVar(Ctx, "Wanted");
  const FieldDecl *Held = test::findField(Ctx, "Held");
  ASSERT_TRUE(Wanted && Held);
  llvm::DenseSet<const ValueDecl *> Decls{Wanted, Held};
  llvm::DenseSet<const Type *> Types{
      test::typeOfVar(Ctx, "Sample").getCanonicalType().getTypePtr()};
  DeclReferences Found = findDeclReferences(Ctx, Decls, Types);
  // In use(), its lambda, and the instantiation of get<Box>: the template's
  // own pattern names no declaration (B.Held is dependent there).
  EXPECT_EQ(Found.Refs.lookup(Wanted).size(), 4u);
  EXPECT_EQ(Found.Refs.lookup(Held).size(), 3u);
  EXPECT_EQ(Found.Refs.count(test::findVar(Ctx, "Unwanted")), 0u);
  // Each alias of Box, once where it is named.
  EXPECT_EQ(Found.AliasUses.size(), 2u);
  for (const auto &Entry : Found.AliasUses)
    EXPECT_EQ(Entry.second.size(), 1u);
  // Nothing asked for, nothing walked.
  EXPECT_TRUE(findDeclReferences(Ctx, {}, {}).Refs.empty());
}

} // namespace
} // namespace alloc_tidy
