//===--- RecordAbiTest.cpp - layouts shared with libraries and C ----------===//

#include "lib/analysis/RecordAbi.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

namespace alloc_tidy {
namespace {

using test::findRecord;
using test::parseCode;

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
