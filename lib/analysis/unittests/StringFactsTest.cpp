//===--- BasicStringFactsTest.cpp - std::basic_string facts
//--------------------===//

#include "lib/analysis/facts/StringFacts.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/facts/StlFacts.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

class BasicStringFactsTest : public ::testing::Test {
protected:
  std::unique_ptr<ASTUnit> AST;

  void parse(llvm::StringRef Code, std::vector<std::string> Args = {}) {
    AST = test::parseCode("#include <string>\n" + Code.str(), std::move(Args));
    ASSERT_TRUE(AST != nullptr);
    ASSERT_FALSE(test::hasErrors(*AST)) << Code.str();
  }
  ASTContext &ctx() { return AST->getASTContext(); }
  QualType type(llvm::StringRef Var) { return test::typeOfVar(ctx(), Var); }
  const ClassTemplateSpecializationDecl &string(llvm::StringRef Var) {
    const ClassTemplateSpecializationDecl *String = basicString(type(Var));
    EXPECT_TRUE(String != nullptr) << Var.str();
    return *String;
  }
  /// literalInit() of the initializer of \p Var.
  std::optional<LiteralInit> initOf(llvm::StringRef Var) {
    const VarDecl *D = test::findVar(ctx(), Var);
    EXPECT_TRUE(D && D->getInit()) << Var.str();
    return D && D->getInit() ? literalInit(D->getInit()) : std::nullopt;
  }
};

TEST_F(BasicStringFactsTest, BasicStringFindsTheSpecialisation) {
  ASSERT_NO_FATAL_FAILURE(
      parse("struct basic_string { int x; };\n"
            "namespace mine { template <class C> struct basic_string {}; }\n"
            "std::string s;\n"
            "const std::wstring w;\n"
            "std::string &r = s;\n"
            "std::basic_string<char16_t> u;\n"
            "basic_string fake;\n"
            "mine::basic_string<char> other;\n"
            "std::string *p = nullptr;\n"
            "template <class C> void f() { std::basic_string<C> d; }\n"));
  EXPECT_TRUE(basicString(type("s")) != nullptr);
  EXPECT_TRUE(basicString(type("w")) != nullptr);
  EXPECT_EQ(basicString(type("r")), basicString(type("s")));
  EXPECT_TRUE(basicString(type("u")) != nullptr);
  EXPECT_EQ(basicString(type("fake")), nullptr);
  EXPECT_EQ(basicString(type("other")), nullptr);
  EXPECT_EQ(basicString(type("p")), nullptr);
  EXPECT_EQ(basicString(type("d")), nullptr); // dependent
  EXPECT_EQ(basicString(QualType()), nullptr);
}

TEST_F(BasicStringFactsTest, CharacterTypeAndStandardArguments) {
  ASSERT_NO_FATAL_FAILURE(parse(
      "struct Traits : std::char_traits<char> {};\n"
      "template <class T> struct Alloc : std::allocator<T> {};\n"
      "std::string s;\n"
      "std::u16string u;\n"
      "std::basic_string<char, Traits> t;\n"
      "std::basic_string<char, std::char_traits<char>, Alloc<char>> a;\n"));
  EXPECT_TRUE(charTypeOf(string("s"))->isCharType());
  EXPECT_TRUE(charTypeOf(string("u"))->isChar16Type());
  EXPECT_TRUE(hasStandardArguments(string("s")));
  EXPECT_TRUE(hasStandardArguments(string("u")));
  EXPECT_FALSE(hasStandardArguments(string("t")));
  EXPECT_FALSE(hasStandardArguments(string("a")));
  // Only the allocator counts for hasStandardAllocator: a pool allocator
  // (even one derived from std::allocator) is another allocator.
  EXPECT_TRUE(hasStandardAllocator(string("s")));
  EXPECT_TRUE(hasStandardAllocator(string("t")));
  EXPECT_FALSE(hasStandardAllocator(string("a")));
}

TEST_F(BasicStringFactsTest, StandardAliasAndTypeName) {
  ASSERT_NO_FATAL_FAILURE(parse("struct Traits : std::char_traits<char> {};\n"
                                "std::string s;\n"
                                "std::wstring w;\n"
                                "std::u8string u8;\n"
                                "std::u16string u16;\n"
                                "std::u32string u32;\n"
                                "std::basic_string<char, Traits> t;\n"
                                "int i;\n"
                                "unsigned char uc;\n"
                                "signed char sc;\n",
                                {"-std=c++20"}));
  EXPECT_EQ(standardAlias(charTypeOf(string("s"))), "string");
  EXPECT_EQ(standardAlias(charTypeOf(string("w"))), "wstring");
  EXPECT_EQ(standardAlias(charTypeOf(string("u8"))), "u8string");
  EXPECT_EQ(standardAlias(charTypeOf(string("u16"))), "u16string");
  EXPECT_EQ(standardAlias(charTypeOf(string("u32"))), "u32string");
  EXPECT_EQ(standardAlias(type("i")), "");
  EXPECT_EQ(standardAlias(type("uc")), "");
  EXPECT_EQ(standardAlias(type("sc")), "");

  EXPECT_EQ(stringTypeName(string("s"), ctx()), "std::string");
  EXPECT_EQ(stringTypeName(string("u16"), ctx()), "std::u16string");
  // Its own traits: no alias names it.
  std::string Custom = stringTypeName(string("t"), ctx());
  EXPECT_NE(Custom.find("basic_string<char, Traits"), std::string::npos)
      << Custom;
}

TEST_F(BasicStringFactsTest, StringCharacters) {
  ASSERT_NO_FATAL_FAILURE(parse("char c; wchar_t w; char16_t c16;\n"
                                "char32_t c32; extern const char cc;\n"
                                "signed char sc; unsigned char uc; int i;\n"
                                "char *p;\n"));
  for (llvm::StringRef Var : {"c", "w", "c16", "c32", "cc"})
    EXPECT_TRUE(isStringCharacter(type(Var))) << Var.str();
  for (llvm::StringRef Var : {"sc", "uc", "i", "p"})
    EXPECT_FALSE(isStringCharacter(type(Var))) << Var.str();
}

TEST_F(BasicStringFactsTest, ConstCharPointer) {
  ASSERT_NO_FATAL_FAILURE(
      parse("const char *a; const char *const b = nullptr;\n"
            "char *c; const wchar_t *d; extern const char e;\n"
            "char ch; wchar_t wch;\n"));
  QualType Char = type("ch");
  EXPECT_TRUE(isConstCharPointer(type("a"), Char));
  EXPECT_TRUE(isConstCharPointer(type("b"), Char));
  EXPECT_FALSE(isConstCharPointer(type("c"), Char));
  EXPECT_FALSE(isConstCharPointer(type("d"), Char));
  EXPECT_TRUE(isConstCharPointer(type("d"), type("wch")));
  EXPECT_FALSE(isConstCharPointer(type("e"), Char));
}

TEST_F(BasicStringFactsTest, LengthToFirstNull) {
  ASSERT_NO_FATAL_FAILURE(parse("const char *a = \"abc\";\n"
                                "const char *b = \"ab\\0cd\";\n"
                                "const char *c = \"\";\n"
                                "const wchar_t *d = L\"wide\";\n"));
  auto Length = [&](llvm::StringRef Var) {
    const auto *Literal = dyn_cast<StringLiteral>(
        test::findVar(ctx(), Var)->getInit()->IgnoreParenImpCasts());
    EXPECT_TRUE(Literal != nullptr) << Var.str();
    return Literal ? lengthToFirstNull(*Literal) : ~uint64_t(0);
  };
  EXPECT_EQ(Length("a"), 3u);
  EXPECT_EQ(Length("b"), 2u);
  EXPECT_EQ(Length("c"), 0u);
  EXPECT_EQ(Length("d"), 4u);
}

TEST_F(BasicStringFactsTest, LiteralInitFromPointerConstructor) {
  ASSERT_NO_FATAL_FAILURE(parse("#define TEXT \"from a macro\"\n"
                                "void f() {\n"
                                "  std::string a = \"hello\";\n"
                                "  std::string b(\"nul\\0inside\");\n"
                                "  std::string c{\"braces\"};\n"
                                "  std::string d = TEXT;\n"
                                "  std::wstring e = L\"wide\";\n"
                                "}\n"));
  std::optional<LiteralInit> A = initOf("a");
  ASSERT_TRUE(A.has_value());
  EXPECT_EQ(A->Length, 5u);
  EXPECT_FALSE(A->FromUserLiteral);
  EXPECT_FALSE(A->ThroughTemporary);
  EXPECT_EQ(A->Argument, A->Literal);
  // The constructor stops at the first null character.
  ASSERT_TRUE(initOf("b").has_value());
  EXPECT_EQ(initOf("b")->Length, 3u);
  ASSERT_TRUE(initOf("c").has_value());
  EXPECT_EQ(initOf("c")->Length, 6u);
  std::optional<LiteralInit> D = initOf("d");
  ASSERT_TRUE(D.has_value());
  EXPECT_EQ(D->Length, 12u);
  EXPECT_TRUE(D->Argument->getBeginLoc().isMacroID());
  ASSERT_TRUE(initOf("e").has_value());
  EXPECT_EQ(initOf("e")->Length, 4u);
}

TEST_F(BasicStringFactsTest, LiteralInitThroughTemporariesAndOperatorS) {
  ASSERT_NO_FATAL_FAILURE(
      parse("using namespace std::string_literals;\n"
            "void f() {\n"
            "  std::string a = std::string(\"temporary\");\n"
            "  std::string b = std::string{\"braced\"};\n"
            "  auto c = \"nul\\0kept\"s;\n"
            "  std::string d = (\"parens\");\n"
            "}\n"));
  std::optional<LiteralInit> A = initOf("a");
  ASSERT_TRUE(A.has_value());
  EXPECT_TRUE(A->ThroughTemporary);
  EXPECT_EQ(A->Length, 9u);
  std::optional<LiteralInit> B = initOf("b");
  ASSERT_TRUE(B.has_value());
  EXPECT_TRUE(B->ThroughTemporary);
  // operator""s keeps every character, nulls included.
  std::optional<LiteralInit> C = initOf("c");
  ASSERT_TRUE(C.has_value());
  EXPECT_TRUE(C->FromUserLiteral);
  EXPECT_FALSE(C->ThroughTemporary);
  EXPECT_EQ(C->Length, 8u);
  ASSERT_TRUE(initOf("d").has_value());
  EXPECT_EQ(initOf("d")->Length, 6u);
}

TEST_F(BasicStringFactsTest, LiteralInitRejectsOtherConstructions) {
  ASSERT_NO_FATAL_FAILURE(
      parse("std::string operator\"\"_mine(const char *s, unsigned long n) "
            "{ return std::string(s, n); }\n"
            "void f(const char *p, std::string other) {\n"
            "  std::string a(\"counted\", 3);\n"
            "  std::string b(5, 'x');\n"
            "  std::string c = other;\n"
            "  std::string d = p;\n"
            "  std::string e = \"mine\"_mine;\n"
            "  std::string g;\n"
            "  const char *h = \"not a string\";\n"
            "}\n"));
  EXPECT_FALSE(initOf("a").has_value());
  EXPECT_FALSE(initOf("b").has_value());
  EXPECT_FALSE(initOf("c").has_value());
  EXPECT_FALSE(initOf("d").has_value());
  EXPECT_FALSE(initOf("e").has_value());
  EXPECT_FALSE(initOf("g").has_value());
  EXPECT_FALSE(initOf("h").has_value());
  EXPECT_FALSE(literalInit(nullptr).has_value());
}

TEST(StringViewTablesTest, Members) {
  for (llvm::StringRef Name :
       {"size", "length", "empty", "data", "find", "rfind", "compare",
        "starts_with", "at", "front", "back", "copy"})
    EXPECT_TRUE(isStringViewMember(Name)) << Name.str();
  // No such member, or a different result type (substr).
  for (llvm::StringRef Name :
       {"c_str", "substr", "append", "push_back", "capacity", "begin", ""})
    EXPECT_FALSE(isStringViewMember(Name)) << Name.str();
}

TEST(StringViewTablesTest, Operators) {
  for (OverloadedOperatorKind Op :
       {OO_EqualEqual, OO_ExclaimEqual, OO_Less, OO_Greater, OO_LessEqual,
        OO_GreaterEqual, OO_Spaceship, OO_LessLess})
    EXPECT_TRUE(isStringViewOperator(Op)) << getOperatorSpelling(Op);
  for (OverloadedOperatorKind Op : {OO_Plus, OO_PlusEqual, OO_Subscript,
                                    OO_Equal, OO_GreaterGreater, OO_None})
    EXPECT_FALSE(isStringViewOperator(Op));
}

} // namespace
} // namespace alloc_tidy
