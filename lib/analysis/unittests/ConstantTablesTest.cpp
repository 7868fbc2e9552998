//===--- ConstantTablesTest.cpp - lookup tables built on the heap ---------===//

#include "lib/analysis/facts/ConstantTables.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/decisions/ConstantTablePlan.h"
#include "lib/analysis/facts/DeclReferences.h"
#include "lib/analysis/facts/TableLookups.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace alloc_tidy {
namespace {

const char *const Preamble = "#include <cstdint>\n"
                             "#include <map>\n"
                             "#include <set>\n"
                             "#include <string>\n"
                             "#include <unordered_map>\n"
                             "int seed();\n";

class ConstantTablesTest : public test::SnippetTest {
protected:
  ConstantTablesTest() : SnippetTest(Preamble) {}

  const VarDecl *var(llvm::StringRef Name) {
    auto Matches = match(varDecl(hasName(Name)).bind("v"), ctx());
    return Matches.empty() ? nullptr : Matches.front().getNodeAs<VarDecl>("v");
  }

  std::optional<ConstantTable> table(llvm::StringRef Name) {
    const VarDecl *V = var(Name);
    return V ? constantTable(*V, ctx()) : std::nullopt;
  }

  /// The lookups of \p Name in the unit.
  TableLookups lookups(llvm::StringRef Name) {
    const VarDecl *V = var(Name);
    llvm::DenseSet<const ValueDecl *> Decls{V};
    DeclReferences Refs = findDeclReferences(ctx(), Decls, {});
    TableLookupFunction F = tableLookupFunction(*V, ctx());
    return tableLookups(Refs.Refs.lookup(V), F.Keyed, F.KeyChangesType,
                        F.Ordered, ctx());
  }

  /// Where the unit may change \p Name, or null.
  const Expr *changedAt(llvm::StringRef Name) {
    const VarDecl *V = var(Name);
    llvm::DenseSet<const ValueDecl *> Decls{V};
    DeclReferences Refs = findDeclReferences(ctx(), Decls, {});
    return firstChangingUse(Refs.Refs.lookup(V), ctx());
  }
};

TEST_F(ConstantTablesTest, TheTableItsElementsAndWhoCanChangeIt) {
  ASSERT_NO_FATAL_FAILURE(parse(
      "std::map<uint32_t, uint32_t> Upper = {{0x61, 0x41}, {0x62, 0x42}};\n"
      "static const std::set<std::string> Words = {\"if\", \"for\"};\n"
      "enum E { A, B };\n"
      "const std::unordered_map<int, E> Kinds{{1, A}, {2, B}, {3, A}};\n"
      "static const std::map<int, int> Seeded = {{seed(), 1}};\n"
      "std::map<int, int> Empty;\n"
      "int f(int K) {\n"
      "  static const std::map<int, int> Local = {{1, 2}};\n"
      "  return Local.at(K);\n"
      "}\n"));
  std::optional<ConstantTable> Upper = table("Upper");
  ASSERT_TRUE(Upper.has_value());
  EXPECT_EQ(Upper->Template, "map");
  EXPECT_EQ(Upper->Elements, 2u);
  EXPECT_TRUE(Upper->Keyed);
  EXPECT_FALSE(Upper->Unordered);
  EXPECT_FALSE(Upper->Const);
  EXPECT_TRUE(Upper->NamedElsewhere);
  ConstantTablePlan UpperPlan = planConstantTable(*Upper, ctx());
  EXPECT_EQ(UpperPlan.Element, "std::pair<uint32_t, uint32_t>");
  EXPECT_EQ(UpperPlan.Search, "std::lower_bound");
  EXPECT_EQ(UpperPlan.Container, "std::map");
  EXPECT_EQ(arrayDeclaration(UpperPlan, "Upper"),
            "static constexpr std::pair<uint32_t, uint32_t> Upper[]");
  UpperPlan.Constexpr = false;
  EXPECT_EQ(arrayDeclaration(UpperPlan, "Upper"),
            "static const std::pair<uint32_t, uint32_t> Upper[]");
  ConstantTablePlan Pointers = UpperPlan;
  Pointers.Element = "const char *";
  EXPECT_EQ(arrayDeclaration(Pointers, "Words"),
            "static const char *const Words[]");

  std::optional<ConstantTable> Words = table("Words");
  ASSERT_TRUE(Words.has_value());
  EXPECT_FALSE(Words->Keyed);
  EXPECT_TRUE(Words->Const);
  EXPECT_FALSE(Words->NamedElsewhere);
  EXPECT_EQ(planConstantTable(*Words, ctx()).Element, "std::string_view");

  std::optional<ConstantTable> Kinds = table("Kinds");
  ASSERT_TRUE(Kinds.has_value());
  EXPECT_TRUE(Kinds->Unordered);
  EXPECT_EQ(Kinds->Elements, 3u);
  EXPECT_EQ(planConstantTable(*Kinds, ctx()).Element, "std::pair<int, E>");

  // A computed element, no list at all, and a table built on first use.
  EXPECT_FALSE(table("Seeded").has_value());
  EXPECT_FALSE(table("Empty").has_value());
  EXPECT_FALSE(table("Local").has_value());
}

TEST_F(ConstantTablesTest, AddressesAreConstantsAndSideEffectsAreNot) {
  ASSERT_NO_FATAL_FAILURE(parse(
      "int Counter;\n"
      "char Name[] = \"name\";\n"
      "void h();\n"
      "static const std::map<int, void (*)()> Handlers = {{1, &h}, {2, h}};\n"
      "static const std::map<int, int *> Places = {{1, &Counter}};\n"
      "static const std::map<int, const char *> Names = {{1, Name}};\n"
      "static const std::map<int, int> Counted = {{Counter++, 1}};\n"
      "static const std::map<int, int> Read = {{Counter, 1}};\n"));
  EXPECT_TRUE(table("Handlers").has_value());
  EXPECT_TRUE(table("Places").has_value());
  EXPECT_TRUE(table("Names").has_value());
  EXPECT_FALSE(table("Counted").has_value());
  // The value of a variable that is not a constant is read at start-up.
  EXPECT_FALSE(table("Read").has_value());
}

TEST_F(ConstantTablesTest, UsesThatChangeTheTable) {
  ASSERT_NO_FATAL_FAILURE(
      parse("std::map<int, int> Read = {{1, 2}};\n"
            "std::map<int, int> Indexed = {{1, 2}};\n"
            "std::map<int, int> Assigned = {{1, 2}};\n"
            "std::map<int, int> Looped = {{1, 2}};\n"
            "std::map<int, int> Handed = {{1, 2}};\n"
            "std::map<int, int> Referred = {{1, 2}};\n"
            "std::map<int, int> Passed = {{1, 2}};\n"
            "void bump(int &V);\n"
            "int peek(const int &V);\n"
            "int look(const std::map<int, int> &M);\n"
            "void fill(std::map<int, int> &M);\n"
            "int f(int K) {\n"
            "  int N = Read.count(K) + look(Read) + Read.at(K);\n"
            "  for (const auto &E : Read) N += E.second;\n"
            "  auto It = Read.find(K);\n"
            "  N += It != Read.end();\n"
            "  int Copy = Read.at(K);\n"
            "  const int &Seen = Read.at(K);\n"
            "  N += Copy + Seen + peek(Read.at(K));\n"
            "  int &Ref = Referred.at(K);\n"
            "  Ref = 4;\n"
            "  bump(Passed.at(K));\n"
            "  N += Indexed[K];\n"
            "  Assigned.at(K) = 3;\n"
            "  for (auto &E : Looped) E.second = 0;\n"
            "  fill(Handed);\n"
            "  return N;\n"
            "}\n"));
  EXPECT_EQ(changedAt("Read"), nullptr);
  EXPECT_NE(changedAt("Indexed"), nullptr);
  EXPECT_NE(changedAt("Assigned"), nullptr);
  EXPECT_NE(changedAt("Looped"), nullptr);
  EXPECT_NE(changedAt("Handed"), nullptr);
  EXPECT_NE(changedAt("Referred"), nullptr);
  EXPECT_NE(changedAt("Passed"), nullptr);
}

TEST_F(ConstantTablesTest, TheLookupFunctionAndItsName) {
  ASSERT_NO_FATAL_FAILURE(parse(
      "std::map<uint32_t, uint32_t> to_upper = {{0x61, 0x41}};\n"
      "static const std::set<std::string> Keywords = {\"if\"};\n"
      "static const std::multimap<int, int> Twice = {{1, 2}, {1, 3}};\n"
      "static const std::map<int, std::string> Named = {{1, \"one\"}};\n"));
  TableLookupFunction Upper = tableLookupFunction(*var("to_upper"), ctx());
  EXPECT_EQ(Upper.NoFix, "");
  EXPECT_EQ(Upper.Name, "find_to_upper");
  EXPECT_EQ(Upper.Signature,
            "const std::pair<uint32_t, uint32_t> *find_to_upper(uint32_t Key)");
  TableLookupFunction Words = tableLookupFunction(*var("Keywords"), ctx());
  EXPECT_EQ(Words.Signature, "bool containsKeywords(std::string_view Key)");
  EXPECT_TRUE(Words.KeyChangesType);
  EXPECT_EQ(tableLookupFunction(*var("Twice"), ctx()).NoFix,
            "a key can be there more than once");
  EXPECT_NE(tableLookupFunction(*var("Named"), ctx()).NoFix, "");
}

TEST_F(ConstantTablesTest, CStringKeysAndHowTheTableComparesThem) {
  ASSERT_NO_FATAL_FAILURE(parse(
      "#include <cstring>\n"
      "struct Hash { size_t operator()(const char *S) const { return *S; } };\n"
      "struct Eq { bool operator()(const char *A, const char *B) const {\n"
      "  return 0 == strcmp(B, A); } };\n"
      "struct Less { bool operator()(const char *A, const char *B) const {\n"
      "  return strcmp(A, B) < 0; } };\n"
      "struct Reversed { bool operator()(const char *A, const char *B) const "
      "{\n"
      "  return strcmp(B, A) < 0; } };\n"
      "struct Twice { bool operator()(const char *A, const char *B) const {\n"
      "  int R = strcmp(A, B); return R == 0; } };\n"
      "std::unordered_map<const char *, int, Hash, Eq> ByEquality;\n"
      "std::map<const char *, int, Less> ByOrder;\n"
      "std::map<const char *, int, Reversed> ByReversedOrder;\n"
      "std::unordered_map<const char *, int, Hash, Twice> InTwoStatements;\n"
      "std::map<const char *, int> ByAddress;\n"
      "std::map<int, int> Numbers;\n"));
  auto Keys = [&](llvm::StringRef Name) {
    const auto *Spec = cast<ClassTemplateSpecializationDecl>(
        var(Name)->getType()->getAsCXXRecordDecl());
    return cStringKeys(*Spec, ctx());
  };
  EXPECT_EQ(Keys("ByEquality"), CStringKeys::ByCharacters);
  EXPECT_EQ(Keys("ByOrder"), CStringKeys::ByCharacters);
  EXPECT_EQ(Keys("ByReversedOrder"), CStringKeys::Unknown);
  EXPECT_EQ(Keys("InTwoStatements"), CStringKeys::Unknown);
  EXPECT_EQ(Keys("ByAddress"), CStringKeys::ByAddress);
  EXPECT_EQ(Keys("Numbers"), CStringKeys::None);
}

TEST_F(ConstantTablesTest, LookupsThatAFunctionCanStandFor) {
  ASSERT_NO_FATAL_FAILURE(
      parse("static const std::map<int, int> Found = {{1, 2}};\n"
            "static const std::map<int, int> Iterated = {{1, 2}};\n"
            "static std::map<int, int> Written = {{1, 2}};\n"
            "int f(int K) {\n"
            "  auto It = Found.find(K);\n"
            "  int N = It != Found.end() ? It->second : 0;\n"
            "  N += Found.count(K) != 0;\n"
            "  for (const auto &E : Iterated) N += E.second;\n"
            "  Written.find(K)->second = N;\n"
            "  return N;\n"
            "}\n"));
  TableLookups Found = lookups("Found");
  EXPECT_EQ(Found.Unsupported, "");
  ASSERT_EQ(Found.Lookups.size(), 2u);
  EXPECT_EQ(Found.Lookups[0].What, TableLookup::Find);
  EXPECT_EQ(Found.Lookups[1].What, TableLookup::Membership);
  EXPECT_TRUE(Found.Lookups[1].Comparison);
  EXPECT_EQ(Found.Ends.size(), 1u);
  TableLookups Iterated = lookups("Iterated");
  EXPECT_EQ(Iterated.Unsupported, "");
  EXPECT_TRUE(Iterated.Iterates);
  EXPECT_TRUE(lookups("Written").WritesElement);
  EXPECT_FALSE(Found.WritesElement);
}

TEST_F(ConstantTablesTest, WhyAUnitCannotUseTheLookupFunction) {
  ASSERT_NO_FATAL_FAILURE(
      parse("static const std::map<int, int> Fits = {{1, 2}};\n"
            "static const std::map<int, int> Sized = {{1, 2}};\n"
            "static const std::map<int, int> Taken = {{1, 2}};\n"
            "const int *findTaken(int);\n"
            "struct Holder { static const std::map<int, int> Member; };\n"
            "const std::map<int, int> Holder::Member = {{1, 2}};\n"
            "#define TABLE(N) static const std::map<int, int> N = {{1, 2}}\n"
            "TABLE(ByMacro);\n"
            "static const std::multimap<int, int> Twice = {{1, 2}};\n"
            "int f(int K) {\n"
            "  return Fits.count(K) + static_cast<int>(Sized.size()) +\n"
            "         Taken.count(K) + Holder::Member.count(K) +\n"
            "         ByMacro.count(K) + Twice.count(K);\n"
            "}\n"));
  auto NoFix = [&](llvm::StringRef Name) {
    const VarDecl *V = var(Name);
    TableLookupFunction F = tableLookupFunction(*V, ctx());
    llvm::DenseSet<const ValueDecl *> Decls{V};
    DeclReferences Refs = findDeclReferences(ctx(), Decls, {});
    TableLookups Lookups = tableLookups(Refs.Refs.lookup(V), F.Keyed,
                                        F.KeyChangesType, F.Ordered, ctx());
    return lookupFunctionNoFix(*V, F, Lookups, ctx());
  };
  EXPECT_EQ(NoFix("Fits"), "");
  EXPECT_EQ(NoFix("Sized"), "the code at input.cc:17 calls its 'size'");
  EXPECT_EQ(NoFix("Taken"), "the name 'findTaken' is taken");
  EXPECT_EQ(NoFix("Member"), "its class declares it, and would declare the "
                             "function that searches it");
  EXPECT_EQ(NoFix("ByMacro"), "a macro declares it");
  EXPECT_EQ(NoFix("Twice"), "a key can be there more than once");
}

} // namespace
} // namespace alloc_tidy
