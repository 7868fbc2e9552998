//===--- RecordAbiTest.cpp - layouts shared with libraries and C ----------===//

#include "lib/analysis/facts/RecordAbi.h"
#include "AnalysisTestUtils.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

namespace alloc_tidy {
namespace {

using test::findRecord;
using test::parseCode;

/// Writes \p Text to \p Relative under \p Root, making its directories.
void writeUnder(llvm::StringRef Root, llvm::StringRef Relative,
                llvm::StringRef Text) {
  llvm::SmallString<128> Path(Root);
  llvm::sys::path::append(Path, Relative);
  ASSERT_FALSE(
      llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path)));
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC);
  ASSERT_FALSE(EC);
  Out << Text;
}

TEST(RecordAbiTest, ExportMacroButNotAQualifier) {
  std::unique_ptr<clang::ASTUnit> AST = parseCode(R"cc(
#define MYLIB_EXPORT
    namespace NS {
    class Outer {
      class Private;
      class Exported;
    };
    } // namespace NS
    class NS::Outer::Private { int X; };
    class MYLIB_EXPORT NS::Outer::Exported { int X; };
    class MYLIB_EXPORT Options { int X; };
    class __attribute__((aligned(8))) alignas(8) Plain { int X; };
    class __attribute__((visibility("default"))) Visible { int X; };
  )cc");
  ASSERT_TRUE(AST);
  ASSERT_FALSE(test::hasErrors(*AST));
  clang::ASTContext &Ctx = AST->getASTContext();
  EXPECT_EQ(libraryInterfaceReason(*findRecord(Ctx, "Private"), Ctx), "");
  EXPECT_EQ(libraryInterfaceReason(*findRecord(Ctx, "Exported"), Ctx),
            "'MYLIB_EXPORT' in its declaration may export it from a library, "
            "and then its layout is part of that library's binary interface");
  EXPECT_NE(libraryInterfaceReason(*findRecord(Ctx, "Options"), Ctx), "");
  EXPECT_EQ(libraryInterfaceReason(*findRecord(Ctx, "Plain"), Ctx), "");
  EXPECT_NE(libraryInterfaceReason(*findRecord(Ctx, "Visible"), Ctx), "");
}

// Exported and in a header under include/: the library's public interface.
// Exported in a header elsewhere (a program's own library, as cppcheck's
// lib/), not exported under include/, or in the main file: not.
TEST(RecordAbiTest, PublicInterfaceIsExportedUnderInclude) {
  llvm::SmallString<128> Root;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("record-abi", Root));
  writeUnder(Root, "include/mylib/api.h",
             "#define MYLIB_EXPORT\n"
             "class MYLIB_EXPORT Api { int X; };\n"
             "class Plain { int X; };\n");
  writeUnder(Root, "lib/token.h",
             "#define MYLIB_EXPORT\n"
             "class MYLIB_EXPORT Token { int X; };\n");
  std::unique_ptr<clang::ASTUnit> AST = parseCode(
      "#include \"mylib/api.h\"\n#include \"token.h\"\n"
      "class MYLIB_EXPORT Local { int X; };\n",
      {"-I" + (Root + "/include").str(), "-I" + (Root + "/lib").str()});
  ASSERT_TRUE(AST);
  ASSERT_FALSE(test::hasErrors(*AST));
  clang::ASTContext &Ctx = AST->getASTContext();
  EXPECT_EQ(publicInterfaceReason(*findRecord(Ctx, "Api"), Ctx),
            "it is declared in a public header (under 'include/'), and "
            "'MYLIB_EXPORT' in its declaration may export it from a library, "
            "and then its layout is part of that library's binary interface");
  EXPECT_EQ(publicInterfaceReason(*findRecord(Ctx, "Plain"), Ctx), "");
  EXPECT_EQ(publicInterfaceReason(*findRecord(Ctx, "Token"), Ctx), "");
  EXPECT_EQ(publicInterfaceReason(*findRecord(Ctx, "Local"), Ctx), "");
  EXPECT_FALSE(llvm::sys::fs::remove_directories(Root));
}

// Declared in a header under include/ (a library's installed headers):
// other projects' code calls it. A private member, one declared elsewhere or
// only in the main file: not.
TEST(RecordAbiTest, PublicFunctionsAreDeclaredUnderInclude) {
  llvm::SmallString<128> Root;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("record-abi", Root));
  writeUnder(Root, "include/mylib/text.h",
             "#include <string>\n"
             "int countChars(const std::string &S);\n"
             "inline int widthOf(const std::string &S) { return S.size(); }\n"
             "class Table {\n"
             "public:\n"
             "  int lookup(const std::string &S) const { return S.size(); }\n"
             "private:\n"
             "  int hashOf(const std::string &S) const { return S.size(); }\n"
             "};\n");
  writeUnder(Root, "lib/util.h", "int trimmed(int X);\n");
  std::unique_ptr<clang::ASTUnit> AST = parseCode(
      "#include \"mylib/text.h\"\n#include \"util.h\"\n"
      "int countChars(const std::string &S) { return S.size(); }\n"
      "int trimmed(int X) { return X; }\n"
      "int localOnly(int X) { return X; }\n",
      {"-I" + (Root + "/include").str(), "-I" + (Root + "/lib").str()});
  ASSERT_TRUE(AST);
  ASSERT_FALSE(test::hasErrors(*AST));
  clang::ASTContext &Ctx = AST->getASTContext();
  auto Reason = [&](llvm::StringRef Name) {
    return publicFunctionReason(*test::findFunction(Ctx, Name), Ctx);
  };
  std::string Header = (Root + "/include/mylib/text.h").str();
  EXPECT_EQ(Reason("countChars"),
            "it is declared in '" + Header +
                "', a public header (under 'include/'): code outside this "
                "project may call it with what a view does not take");
  EXPECT_NE(Reason("widthOf"), "");
  EXPECT_NE(Reason("lookup"), "");
  EXPECT_EQ(Reason("hashOf"), "");
  EXPECT_EQ(Reason("trimmed"), "");
  EXPECT_EQ(Reason("localOnly"), "");
  EXPECT_FALSE(llvm::sys::fs::remove_directories(Root));
}

TEST(RecordAbiTest, ExportedFunctions) {
  std::unique_ptr<clang::ASTUnit> AST = parseCode(R"cc(
    #define MYLIB_API
    MYLIB_API int exported(int X);
    int exported(int X) { return X; }
    __attribute__((visibility("default"))) int visible(int X) { return X; }
    static int local(int X) { return X; }
    int plain(int X) { return X; }
    int
    onTwoLines(int X) { return X; }
    class MYLIB_API Parser {
    public:
      int define(int X) { return check(X); }
    private:
      int check(int X) { return X; }
    };
  )cc");
  ASSERT_TRUE(AST);
  clang::ASTContext &Ctx = AST->getASTContext();
  auto Reason = [&](llvm::StringRef Name) {
    return libraryFunctionReason(*test::findFunction(Ctx, Name), Ctx);
  };
  EXPECT_EQ(Reason("exported"),
            "the macro 'MYLIB_API' before its declaration may export it from "
            "a shared library, and then its signature is part of that "
            "library's binary interface");
  EXPECT_EQ(Reason("visible"),
            "its default visibility exports it from a shared library, so its "
            "signature is part of that library's binary interface");
  EXPECT_EQ(Reason("local"), "");
  EXPECT_EQ(Reason("plain"), "");
  EXPECT_EQ(Reason("onTwoLines"), "");
  EXPECT_EQ(Reason("define"),
            "it is a member of 'Parser', which a shared library may export, "
            "so its signature is part of that library's binary interface");
  EXPECT_EQ(Reason("check"), "");
}

TEST(RecordAbiTest, SharedWithC) {
  std::unique_ptr<clang::ASTUnit> AST = parseCode(R"cc(
    extern "C" {
    struct InC { int X; struct Nested { int Y; } N; };
    }
    struct InCxx { int X; };
  )cc");
  ASSERT_TRUE(AST);
  clang::ASTContext &Ctx = AST->getASTContext();
  EXPECT_TRUE(isSharedWithC(*findRecord(Ctx, "InC"), Ctx));
  EXPECT_TRUE(isSharedWithC(*findRecord(Ctx, "Nested"), Ctx));
  EXPECT_FALSE(isSharedWithC(*findRecord(Ctx, "InCxx"), Ctx));
}

} // namespace
} // namespace alloc_tidy
