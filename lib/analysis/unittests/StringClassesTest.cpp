//===--- StringClassesTest.cpp - string classes that always allocate ------===//

#include "lib/analysis/facts/StringClasses.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Prelude = "#include <cstdlib>\n"
                            "#include <cstring>\n"
                            "#include <cwchar>\n"
                            "using size_t = decltype(sizeof(0));\n";

class StringClassesTest : public test::SnippetTest {
protected:
  StringClassesTest() : SnippetTest(Prelude) {}
  std::string kindOfInit(llvm::StringRef Var) {
    const VarDecl *D = test::findVar(ctx(), Var);
    EXPECT_TRUE(D && D->getInit()) << Var.str();
    return D ? allocationKind(D->getInit()) : "?";
  }
  std::optional<HeapStringClass> heapString(llvm::StringRef Record) {
    const CXXRecordDecl *RD = test::findRecord(ctx(), Record);
    EXPECT_TRUE(RD != nullptr) << Record.str();
    return RD ? findHeapStringClass(*RD) : std::nullopt;
  }
};

TEST_F(StringClassesTest, InlineCharacters) {
  ASSERT_NO_FATAL_FAILURE(
      parse("struct Buffer { char b[8]; };\n"
            "union Small { char s[16]; char *p; };\n"
            "struct L1 { Buffer b; }; struct L2 { L1 l; };\n"
            "struct L3 { L2 l; }; struct L4 { L3 l; };\n"
            "char a[16]; wchar_t w[4]; Buffer b[2];\n"
            "Small u; L3 three; L4 four;\n"
            "int n[4]; char *p; Buffer *bp; int i;\n"));
  for (llvm::StringRef Var : {"a", "w", "b", "u", "three"})
    EXPECT_TRUE(hasInlineCharacters(test::typeOfVar(ctx(), Var))) << Var.str();
  // Nested too deep to look at, or no characters held in place.
  for (llvm::StringRef Var : {"four", "n", "p", "bp", "i"})
    EXPECT_FALSE(hasInlineCharacters(test::typeOfVar(ctx(), Var))) << Var.str();
}

TEST_F(StringClassesTest, AllocationKinds) {
  ASSERT_NO_FATAL_FAILURE(
      parse("struct Pool { char *malloc(size_t); };\n"
            "void f(size_t n, const char *s, bool b, Pool &pool) {\n"
            "  char *a = new char[n];\n"
            "  char *m = (char *)malloc(n);\n"
            "  char *c = static_cast<char *>(calloc(n, 1));\n"
            "  char *d = strdup(s);\n"
            "  wchar_t *w = new wchar_t[n];\n"
            "  char *t = b ? nullptr : new char[n];\n"
            "  int *i = new int[n];\n"
            "  char *one = new char;\n"
            "  unsigned char *bytes = new unsigned char[n];\n"
            "  char *member = pool.malloc(n);\n"
            "  const char *borrowed = s;\n"
            "}\n"));
  EXPECT_EQ(kindOfInit("a"), "new[]");
  EXPECT_EQ(kindOfInit("m"), "'malloc'");
  EXPECT_EQ(kindOfInit("c"), "'calloc'");
  EXPECT_EQ(kindOfInit("d"), "'strdup'");
  EXPECT_EQ(kindOfInit("w"), "new[]");
  EXPECT_EQ(kindOfInit("t"), "new[]");
  EXPECT_EQ(kindOfInit("i"), "");
  EXPECT_EQ(kindOfInit("one"), "");
  EXPECT_EQ(kindOfInit("bytes"), "");
  EXPECT_EQ(kindOfInit("member"), "");
  EXPECT_EQ(kindOfInit("borrowed"), "");
  EXPECT_EQ(allocationKind(nullptr), "");
}

TEST_F(StringClassesTest, FindsStringClassesThatAllocate) {
  ASSERT_NO_FATAL_FAILURE(parse(
      "class Str {\n"
      "  char *data; size_t len;\n"
      "public:\n"
      "  Str(const char *s) : data(new char[strlen(s) + 1]), len(strlen(s))"
      " { memcpy(data, s, len + 1); }\n"
      "  ~Str() { delete[] data; }\n"
      "};\n"
      "class Dup {\n"
      "  char *text; int size;\n"
      "public:\n"
      "  Dup() : text(strdup(\"\")), size(0) {}\n"
      "};\n"
      "class Helper {\n"
      "  wchar_t *chars; long count;\n"
      "  void init(const wchar_t *s) {\n"
      "    count = (long)wcslen(s); chars = new wchar_t[count + 1]; }\n"
      "public:\n"
      "  Helper(const wchar_t *s) { init(s); }\n"
      "};\n"));
  std::optional<HeapStringClass> S = heapString("Str");
  ASSERT_TRUE(S.has_value());
  EXPECT_EQ(S->Characters->getName(), "data");
  EXPECT_EQ(S->Kind, "new[]");
  EXPECT_TRUE(S->Char->isCharType());
  EXPECT_TRUE(isa<CXXNewExpr>(S->Allocation->IgnoreParenCasts()));

  // strdup copies characters: a string class even without a const char *.
  std::optional<HeapStringClass> D = heapString("Dup");
  ASSERT_TRUE(D.has_value());
  EXPECT_EQ(D->Characters->getName(), "text");
  EXPECT_EQ(D->Kind, "'strdup'");

  // Allocated in a member function the constructor calls.
  std::optional<HeapStringClass> H = heapString("Helper");
  ASSERT_TRUE(H.has_value());
  EXPECT_EQ(H->Characters->getName(), "chars");
  EXPECT_TRUE(H->Char->isWideCharType());
}

TEST_F(StringClassesTest, IgnoresOtherRecords) {
  ASSERT_NO_FATAL_FAILURE(parse(
      "struct Inline { char *data; size_t len; char buf[16];\n"
      "  Inline(const char *s) : data(new char[strlen(s) + 1]), len(0) {} };\n"
      "struct NoLength { char *data;\n"
      "  NoLength(const char *s) : data(new char[strlen(s) + 1]) {} };\n"
      "struct Borrowed { const char *data; size_t len;\n"
      "  Borrowed(const char *s) : data(s), len(strlen(s)) {} };\n"
      "struct Two { char *a; char *b; size_t len;\n"
      "  Two(const char *s) : a(new char[4]), b(new char[4]), len(0) {} };\n"
      "struct Buffer { char *data; size_t len;\n"
      "  Buffer(size_t n) : data(new char[n]), len(n) {} };\n"
      "struct Bytes { unsigned char *data; size_t len;\n"
      "  Bytes(const unsigned char *s) : data(new unsigned char[4]), len(4)"
      " {} };\n"
      "struct Flag { char *data; bool owned;\n"
      "  Flag(const char *s) : data(new char[4]), owned(true) {} };\n"
      "template <class C> struct Templ { C *data; size_t len;\n"
      "  Templ(const C *s) : data(new C[4]), len(4) {} };\n"
      "Templ<char> instance(\"x\");\n"
      "union U { char *data; size_t len; };\n"
      "struct Declared { char *data; size_t len; Declared(const char *s); "
      "};\n"));
  for (llvm::StringRef Record :
       {"Inline", "NoLength", "Borrowed", "Two", "Buffer", "Bytes", "Flag",
        "Templ", "U", "Declared"})
    EXPECT_FALSE(heapString(Record).has_value()) << Record.str();
}

} // namespace
} // namespace alloc_tidy
