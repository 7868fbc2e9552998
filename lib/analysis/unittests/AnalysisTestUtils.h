//===--- AnalysisTestUtils.h - helpers for the lib/analysis tests -*- C++
//-*-===//
//
// Parse a C++17 snippet into an ASTUnit and find the nodes the analysis
// functions take as input: a variable or field by name, the references to a
// declaration, the first loop in a function, ...
//
// Every finder looks only at declarations and statements written in the main
// file, so names used inside the standard library headers never match.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_UNITTESTS_ANALYSISTESTUTILS_H
#define ALLOC_TIDY_LIB_ANALYSIS_UNITTESTS_ANALYSISTESTUTILS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Frontend/ASTUnit.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/StringRef.h"
#include "gtest/gtest.h"
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace alloc_tidy {
namespace test {

/// Extra files visible to the parsed snippet: (path, contents).
using VirtualFiles = std::vector<std::pair<std::string, std::string>>;

/// Parses \p Code as a C++17 translation unit named "input.cc" with the
/// resource directory of the LLVM alloc-tidy is built against, so standard
/// headers resolve. Returns null if the AST could not be built at all;
/// callers check hasErrors() for compile errors.
std::unique_ptr<clang::ASTUnit>
parseCode(llvm::StringRef Code, std::vector<std::string> ExtraArgs = {},
          const VirtualFiles &Files = {},
          llvm::StringRef FileName = "input.cc");

/// Whether the parse produced error diagnostics.
bool hasErrors(clang::ASTUnit &AST);

/// The variable (local, parameter or global) named \p Name declared in the
/// main file; null if none. If there are several, the first in source order.
const clang::VarDecl *findVar(clang::ASTContext &Ctx, llvm::StringRef Name);

/// The data member named \p Name (unqualified) declared in the main file or
/// in a file it includes that is not a system header.
const clang::FieldDecl *findField(clang::ASTContext &Ctx, llvm::StringRef Name);

/// The function (free function or method, unqualified name) named \p Name
/// that has a body; the first in source order.
const clang::FunctionDecl *findFunction(clang::ASTContext &Ctx,
                                        llvm::StringRef Name);

/// The class named \p Name defined outside system headers.
const clang::CXXRecordDecl *findRecord(clang::ASTContext &Ctx,
                                       llvm::StringRef Name);

/// Every DeclRefExpr and MemberExpr in the main file that names \p D, in
/// source order.
std::vector<const clang::Expr *> findRefs(clang::ASTContext &Ctx,
                                          const clang::ValueDecl *D);

/// The references to \p D inside the body of the function named \p Function.
std::vector<const clang::Expr *> findRefsIn(clang::ASTContext &Ctx,
                                            const clang::ValueDecl *D,
                                            llvm::StringRef Function);

/// The references, inside the body of \p Function, to any variable or data
/// member named \p Name (so each of several functions can have its own
/// parameter 'd').
std::vector<const clang::Expr *> findRefsByName(clang::ASTContext &Ctx,
                                                llvm::StringRef Function,
                                                llvm::StringRef Name);

/// The first (in source order, outermost first) for, range-for, while or do
/// loop in the body of \p Function, or inside \p Within when given; null if
/// none.
const clang::Stmt *findFirstLoop(clang::ASTContext &Ctx,
                                 llvm::StringRef Function,
                                 const clang::Stmt *Within = nullptr);
const clang::ForStmt *findFirstFor(clang::ASTContext &Ctx,
                                   llvm::StringRef Function);
const clang::CXXForRangeStmt *findFirstRangeFor(clang::ASTContext &Ctx,
                                                llvm::StringRef Function);

/// The first call (in source order) in \p Function to a member function or
/// free function named \p Callee, or the first overloaded operator call
/// whose operator function is named \p Callee ("operator[]").
const clang::CallExpr *findCall(clang::ASTContext &Ctx,
                                llvm::StringRef Function,
                                llvm::StringRef Callee);

/// All such calls, in source order.
std::vector<const clang::CallExpr *> findCalls(clang::ASTContext &Ctx,
                                               llvm::StringRef Function,
                                               llvm::StringRef Callee);

/// Calls named \p Callee anywhere in the main file, including constructor
/// initializers and default member initializers.
std::vector<const clang::CallExpr *>
findCallsInMainFile(clang::ASTContext &Ctx, llvm::StringRef Callee);

/// The type of the variable declared as \p Name.
clang::QualType typeOfVar(clang::ASTContext &Ctx, llvm::StringRef Name);

/// Evaluates \p Expression (e.g. a trip count spelling) as a constant after
/// \p Declarations, e.g. "constexpr int n = 5;". nullopt when it does not
/// compile or is not a constant.
std::optional<llvm::APSInt> evaluateInt(llvm::StringRef Declarations,
                                        llvm::StringRef Expression);

/// A test that parses one snippet at a time, each after the same preamble
/// (the includes and declarations its cases share). parse() fails the test
/// when the snippet does not compile.
class SnippetTest : public ::testing::Test {
protected:
  explicit SnippetTest(std::string Preamble = "")
      : SharedPreamble(std::move(Preamble)) {}

  void parse(llvm::StringRef Code, const VirtualFiles &Files = {}) {
    AST = parseCode(SharedPreamble + Code.str(), {}, Files);
    ASSERT_TRUE(AST != nullptr);
    ASSERT_FALSE(hasErrors(*AST)) << Code.str();
  }
  clang::ASTContext &ctx() { return AST->getASTContext(); }

  std::unique_ptr<clang::ASTUnit> AST;

private:
  std::string SharedPreamble;
};

} // namespace test
} // namespace alloc_tidy

#endif
