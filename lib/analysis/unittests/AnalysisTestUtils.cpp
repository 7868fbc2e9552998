//===--- AnalysisTestUtils.cpp --------------------------------------------===//

#include "AnalysisTestUtils.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Tooling.h"
#include <algorithm>
#include <cstdlib>

#ifndef ALLOC_TIDY_RESOURCE_DIR
#error "ALLOC_TIDY_RESOURCE_DIR must be defined by the build"
#endif

using namespace clang;
using namespace clang::ast_matchers;

namespace alloc_tidy {
namespace test {

std::unique_ptr<ASTUnit> parseCode(llvm::StringRef Code,
                                   std::vector<std::string> ExtraArgs,
                                   const VirtualFiles &Files,
                                   llvm::StringRef FileName) {
  std::vector<std::string> Args = {"-std=c++17",
                                   "-resource-dir=" ALLOC_TIDY_RESOURCE_DIR};
  Args.insert(Args.end(), ExtraArgs.begin(), ExtraArgs.end());
  tooling::FileContentMappings Mapped(Files.begin(), Files.end());
  return tooling::buildASTFromCodeWithArgs(
      Code, Args, FileName, "clang-tool",
      std::make_shared<PCHContainerOperations>(),
      tooling::getClangStripDependencyFileAdjuster(), Mapped);
}

bool hasErrors(ASTUnit &AST) { return AST.getDiagnostics().hasErrorOccurred(); }

namespace {

/// The nodes bound to "n" by every match of \p M.
template <typename NodeT, typename MatcherT>
std::vector<const NodeT *> collect(ASTContext &Ctx, const MatcherT &M) {
  std::vector<const NodeT *> Result;
  for (const BoundNodes &Nodes : match(M, Ctx))
    if (const auto *N = Nodes.getNodeAs<NodeT>("n"))
      Result.push_back(N);
  return Result;
}

/// Sorts nodes by where they begin, keeping match order among nodes that
/// begin at the same place, and drops duplicates (forEachDescendant can
/// reach a node more than once).
template <typename NodeT>
std::vector<const NodeT *>
inSourceOrder(ASTContext &Ctx, const std::vector<const NodeT *> &Nodes) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<std::pair<const NodeT *, size_t>> Indexed;
  for (const NodeT *N : Nodes) {
    bool Seen = false;
    for (const auto &Entry : Indexed)
      Seen |= Entry.first == N;
    if (!Seen)
      Indexed.push_back({N, Indexed.size()});
  }
  std::sort(Indexed.begin(), Indexed.end(), [&](const auto &A, const auto &B) {
    SourceLocation LA = A.first->getBeginLoc();
    SourceLocation LB = B.first->getBeginLoc();
    if (LA != LB)
      return SM.isBeforeInTranslationUnit(LA, LB);
    return A.second < B.second;
  });
  std::vector<const NodeT *> Sorted;
  Sorted.reserve(Indexed.size());
  for (const auto &Entry : Indexed)
    Sorted.push_back(Entry.first);
  return Sorted;
}

template <typename NodeT>
const NodeT *firstOf(ASTContext &Ctx, const std::vector<const NodeT *> &Nodes) {
  std::vector<const NodeT *> Sorted = inSourceOrder(Ctx, Nodes);
  return Sorted.empty() ? nullptr : Sorted.front();
}

auto notInSystemHeader() { return unless(isExpansionInSystemHeader()); }

auto functionNamed(llvm::StringRef Name) {
  return functionDecl(hasName(Name), isDefinition(), notInSystemHeader());
}

/// Every node matching \p Inner (bound to "n") in the body of the function
/// named \p Name.
template <typename InnerT>
auto inBodyOf(llvm::StringRef Name, const InnerT &Inner) {
  return functionDecl(hasName(Name), isDefinition(), notInSystemHeader(),
                      hasBody(forEachDescendant(Inner)));
}

} // namespace

const VarDecl *findVar(ASTContext &Ctx, llvm::StringRef Name) {
  return firstOf(
      Ctx, collect<VarDecl>(
               Ctx, varDecl(hasName(Name), isExpansionInMainFile()).bind("n")));
}

const FieldDecl *findField(ASTContext &Ctx, llvm::StringRef Name) {
  return firstOf(
      Ctx, collect<FieldDecl>(
               Ctx, fieldDecl(hasName(Name), notInSystemHeader()).bind("n")));
}

const FunctionDecl *findFunction(ASTContext &Ctx, llvm::StringRef Name) {
  return firstOf(Ctx,
                 collect<FunctionDecl>(Ctx, functionNamed(Name).bind("n")));
}

const CXXRecordDecl *findRecord(ASTContext &Ctx, llvm::StringRef Name) {
  return firstOf(Ctx, collect<CXXRecordDecl>(
                          Ctx, cxxRecordDecl(hasName(Name), isDefinition(),
                                             notInSystemHeader())
                                   .bind("n")));
}

namespace {
auto refTo(const ValueDecl *D) {
  return expr(
      anyOf(declRefExpr(to(equalsNode(D))), memberExpr(member(equalsNode(D)))));
}
} // namespace

std::vector<const Expr *> findRefs(ASTContext &Ctx, const ValueDecl *D) {
  if (!D)
    return {};
  return inSourceOrder(
      Ctx,
      collect<Expr>(Ctx, expr(refTo(D), isExpansionInMainFile()).bind("n")));
}

std::vector<const Expr *> findRefsIn(ASTContext &Ctx, const ValueDecl *D,
                                     llvm::StringRef Function) {
  if (!D)
    return {};
  return inSourceOrder(
      Ctx, collect<Expr>(Ctx, inBodyOf(Function, refTo(D).bind("n"))));
}

std::vector<const Expr *> findRefsByName(ASTContext &Ctx,
                                         llvm::StringRef Function,
                                         llvm::StringRef Name) {
  return inSourceOrder(
      Ctx,
      collect<Expr>(
          Ctx,
          inBodyOf(Function,
                   expr(anyOf(declRefExpr(to(varDecl(hasName(Name)))),
                              memberExpr(member(fieldDecl(hasName(Name))))))
                       .bind("n"))));
}

namespace {
std::vector<const Stmt *> loopsIn(ASTContext &Ctx, llvm::StringRef Function) {
  return collect<Stmt>(
      Ctx, inBodyOf(Function, stmt(anyOf(forStmt(), cxxForRangeStmt(),
                                         whileStmt(), doStmt()))
                                  .bind("n")));
}
} // namespace

const Stmt *findFirstLoop(ASTContext &Ctx, llvm::StringRef Function,
                          const Stmt *Within) {
  std::vector<const Stmt *> Loops = loopsIn(Ctx, Function);
  if (Within) {
    const SourceManager &SM = Ctx.getSourceManager();
    llvm::erase_if(Loops, [&](const Stmt *Loop) {
      return Loop == Within ||
             SM.isBeforeInTranslationUnit(Loop->getBeginLoc(),
                                          Within->getBeginLoc()) ||
             SM.isBeforeInTranslationUnit(Within->getEndLoc(),
                                          Loop->getBeginLoc());
    });
  }
  return firstOf(Ctx, Loops);
}

const ForStmt *findFirstFor(ASTContext &Ctx, llvm::StringRef Function) {
  return firstOf(
      Ctx, collect<ForStmt>(Ctx, inBodyOf(Function, forStmt().bind("n"))));
}

const CXXForRangeStmt *findFirstRangeFor(ASTContext &Ctx,
                                         llvm::StringRef Function) {
  return firstOf(Ctx,
                 collect<CXXForRangeStmt>(
                     Ctx, inBodyOf(Function, cxxForRangeStmt().bind("n"))));
}

std::vector<const CallExpr *>
findCalls(ASTContext &Ctx, llvm::StringRef Function, llvm::StringRef Callee) {
  return inSourceOrder(
      Ctx,
      collect<CallExpr>(
          Ctx,
          inBodyOf(Function,
                   callExpr(callee(namedDecl(hasName(Callee)))).bind("n"))));
}

const CallExpr *findCall(ASTContext &Ctx, llvm::StringRef Function,
                         llvm::StringRef Callee) {
  std::vector<const CallExpr *> Calls = findCalls(Ctx, Function, Callee);
  return Calls.empty() ? nullptr : Calls.front();
}

std::vector<const CallExpr *> findCallsInMainFile(ASTContext &Ctx,
                                                  llvm::StringRef Callee) {
  return inSourceOrder(
      Ctx, collect<CallExpr>(Ctx, callExpr(callee(namedDecl(hasName(Callee))),
                                           isExpansionInMainFile())
                                      .bind("n")));
}

QualType typeOfVar(ASTContext &Ctx, llvm::StringRef Name) {
  const VarDecl *Var = findVar(Ctx, Name);
  return Var ? Var->getType() : QualType();
}

std::optional<llvm::APSInt> evaluateInt(llvm::StringRef Declarations,
                                        llvm::StringRef Expression) {
  std::string Code = Declarations.str() +
                     "\nconstexpr auto alloc_tidy_result = (" +
                     Expression.str() + ");\n";
  std::unique_ptr<ASTUnit> AST = parseCode(Code);
  if (!AST || hasErrors(*AST))
    return std::nullopt;
  const VarDecl *Result = findVar(AST->getASTContext(), "alloc_tidy_result");
  if (!Result || !Result->getInit())
    return std::nullopt;
  Expr::EvalResult Value;
  if (!Result->getInit()->EvaluateAsInt(Value, AST->getASTContext()))
    return std::nullopt;
  return Value.Val.getInt();
}

} // namespace test
} // namespace alloc_tidy
