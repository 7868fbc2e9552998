//===--- CopiedParameterCallables.cpp -------------------------------------===//
//
// The second case of alloc-copied-parameter: a callable that a standard
// container or algorithm calls per element and that takes by value, and
// only reads, a class whose copy allocates. 'auto Cmp = [](Option A, Option
// B) { return A.Name < B.Name; };' as the comparator of a std::set copies
// two Options on every comparison: about log2(n) per insert or lookup. As
// const references, the parameters copy nothing. The facts are in
// lib/analysis/facts/ComparatorParameters.
//
//===----------------------------------------------------------------------===//

#include "checks/CopiedParameterCheck.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/facts/ComparatorParameters.h"
#include "lib/analysis/facts/CopyFacts.h"
#include "lib/analysis/profile/ProfileEvidence.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include <string>

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {

namespace {
/// A member function of a standard container that calls a callable of the
/// project per element (elementCallables): most containers use std::less or
/// std::hash, and are left out here, before any other test.
AST_MATCHER(CXXMethodDecl, callsElementCallable) {
  return !elementCallables(*Node.getParent()).empty();
}
/// A call of a member function of a lambda's class that converts it (to a
/// function pointer), binding the class as "converted": asked of every
/// member call in one matcher, where the nested form took four.
AST_MATCHER(CXXMemberCallExpr, convertsLambda) {
  const auto *Conversion =
      dyn_cast_or_null<CXXConversionDecl>(Node.getMethodDecl());
  if (!Conversion || !Conversion->getParent()->isLambda())
    return false;
  Builder->setBinding("converted",
                      DynTypedNode::create(*Conversion->getParent()));
  return true;
}
/// A call given an object of a callable class of the project.
AST_MATCHER(CallExpr, passesCallable) {
  return callableArgument(Node) != nullptr;
}
} // namespace

void CopiedParameterCheck::registerCallableMatchers(MatchFinder *Finder) {
  Finder->addMatcher(callExpr(callee(cxxMethodDecl(callsElementCallable())
                                         .bind("container-method")),
                              unless(isExpansionInSystemHeader()),
                              unless(matchers::isInInstantiatedCode()))
                         .bind("container-call"),
                     this);
  // std::sort(B, E, Cmp), std::ranges::sort(V, Cmp): an instantiation of
  // the standard library's given a callable object.
  // The cheap tests first: every call of the unit meets them.
  Finder->addMatcher(
      callExpr(unless(cxxMemberCallExpr()), passesCallable(),
               callee(functionDecl(
                          ast_matchers::isTemplateInstantiation(),
                          anyOf(isInStdNamespace(),
                                // A niebloid's operator() (std::ranges::sort).
                                hasDeclContext(cxxRecordDecl(hasDeclContext(
                                    namespaceDecl(hasName("ranges")))))))
                          .bind("algorithm")),
               unless(isExpansionInSystemHeader()),
               unless(matchers::isInInstantiatedCode()))
          .bind("algorithm-call"),
      this);
  // A lambda converted to a function pointer, or an operator() whose
  // address is taken: the parameters' types are part of another type.
  Finder->addMatcher(cxxMemberCallExpr(convertsLambda()), this);
  Finder->addMatcher(
      unaryOperator(hasOperatorName("&"),
                    hasUnaryOperand(declRefExpr(
                        to(cxxMethodDecl(hasOverloadedOperatorName("()"))
                               .bind("addressed"))))),
      this);
}

/// "'std::set::insert'", "'std::sort'".
static std::string callerName(const FunctionDecl &F) {
  if (const auto *Method = dyn_cast<CXXMethodDecl>(&F)) {
    if (Method->getOverloadedOperator() == OO_Call)
      return "'" + Method->getParent()->getQualifiedNameAsString() + "'";
    return "'std::" + Method->getParent()->getName().str() +
           "::" + Method->getNameAsString() + "'";
  }
  return "'" + F.getQualifiedNameAsString() + "'";
}

bool CopiedParameterCheck::recordCallable(
    const MatchFinder::MatchResult &Result) {
  const auto &Nodes = Result.Nodes;
  if (const auto *Converted = Nodes.getNodeAs<CXXRecordDecl>("converted")) {
    FixedCallables.insert(Converted->getCanonicalDecl());
    return true;
  }
  if (const auto *Addressed = Nodes.getNodeAs<CXXMethodDecl>("addressed")) {
    FixedCallables.insert(Addressed->getParent()->getCanonicalDecl());
    return true;
  }
  if (const auto *Call = Nodes.getNodeAs<CallExpr>("container-call")) {
    const auto *Method = Nodes.getNodeAs<CXXMethodDecl>("container-method");
    StringRef Name = Method->getName();
    bool Inserts = Method->getOverloadedOperator() == OO_Subscript ||
                   Name.starts_with("insert") || Name.starts_with("emplace") ||
                   Name == "try_emplace" || Name == "push";
    std::string Owner = "'std::" + Method->getParent()->getName().str() + "'";
    for (const CXXRecordDecl *Callable : elementCallables(*Method->getParent()))
      CallableUses[Callable->getCanonicalDecl()].push_back(
          {Call, callerName(*Method), Owner, Inserts});
    return true;
  }
  if (const auto *Call = Nodes.getNodeAs<CallExpr>("algorithm-call")) {
    const auto *Algorithm = Nodes.getNodeAs<FunctionDecl>("algorithm");
    // A member other than a niebloid's operator() is a container's own.
    const auto *Method = dyn_cast<CXXMethodDecl>(Algorithm);
    if (!isInStandardNamespace(*Algorithm) ||
        (Method && Method->getOverloadedOperator() != OO_Call))
      return true;
    if (const CXXRecordDecl *Callable = callableArgument(*Call))
      CallableUses[Callable->getCanonicalDecl()].push_back(
          {Call, callerName(*Algorithm), callerName(*Algorithm),
           /*Inserts=*/false,
           /*Algorithm=*/true});
    return true;
  }
  return false;
}

void CopiedParameterCheck::reportCallables() {
  for (const auto &[Callable, Uses] : CallableUses)
    if (!FixedCallables.contains(Callable))
      reportCallable(*Callable, Uses);
}

/// "'a'", "'a' and 'b'", "'a', 'b' and 'c'".
static std::string listed(llvm::ArrayRef<std::string> Names) {
  std::string Text;
  for (size_t I = 0; I < Names.size(); ++I) {
    if (I > 0)
      Text += I + 1 == Names.size() ? " and " : ", ";
    Text += "'" + Names[I] + "'";
  }
  return Text;
}

void CopiedParameterCheck::reportCallable(const CXXRecordDecl &Callable,
                                          llvm::ArrayRef<CallableUse> Uses) {
  ASTContext &Ctx = *Context;
  const SourceManager &SM = Ctx.getSourceManager();
  const CXXMethodDecl *Operator = soleCallOperator(Callable);
  if (!Operator || SM.isInSystemHeader(Operator->getLocation()) ||
      Operator->getLocation().isMacroID() || ColdFunctions.isCold(*Operator))
    return;
  llvm::SmallVector<const ParmVarDecl *, 2> Params =
      readOnlyCopiedParameters(*Operator, Ctx);
  if (Params.empty())
    return;

  // What the copies made through the calls that call it allocated.
  std::vector<ProfileAnchor> Code;
  llvm::SmallVector<std::string, 2> Names, Classes;
  bool Exact = true;
  for (const ParmVarDecl *Param : Params) {
    Names.push_back(Param->getName().str());
    std::string Class =
        Param->getType().getNonReferenceType().getUnqualifiedType().getAsString(
            Ctx.getPrintingPolicy());
    if (llvm::is_contained(Classes, Class))
      continue;
    Classes.push_back(Class);
    const CXXRecordDecl *Record = Param->getType()->getAsCXXRecordDecl();
    for (const CallableUse &Use : Uses) {
      // An insert copies the element it places through the same call; an
      // algorithm copies the elements it moves when they cannot move.
      bool CopiesElements =
          Use.Inserts ||
          (Use.Algorithm && !(Record && isMovable(*Record, false)));
      Exact = Exact && !CopiesElements;
      for (ProfileAnchor &Copy :
           copyConstructorCode(Use.Call->getSourceRange(), Param->getType()))
        Code.push_back(Copy);
    }
  }
  std::optional<Measurement> Measured = Profiles.measureAnything(Code, Ctx);
  if (Measured && Profiles.isCold(*Measured))
    return;
  // A container calls its comparator or hash about log2(n) times per
  // element, a sort n log2(n) times in all; an algorithm given a callable of
  // one parameter (std::for_each) calls it once per element, a copy like a
  // range-for's by value: without a profile that measured it hot, left to
  // clang-tidy's performance checks.
  bool Compares =
      Operator->getNumParams() >= 2 ||
      llvm::any_of(Uses, [](const CallableUse &Use) { return !Use.Algorithm; });
  if (!Compares && !Profiles.isHot(Measured))
    return;

  llvm::SmallVector<TextEdit, 4> Edits;
  bool Fixable = true;
  for (const ParmVarDecl *Param : Params) {
    llvm::SmallVector<TextEdit, 2> Own = constReferenceEdits(*Param, Ctx);
    Fixable = Fixable && !Own.empty();
    Edits.append(Own.begin(), Own.end());
  }
  std::string What =
      Callable.isLambda()
          ? "this lambda"
          : "'" + Operator->getParent()->getNameAsString() + "::operator()'";
  const CallableUse &First = Uses.front();
  SourceLocation At = SM.getFileLoc(Params.front()->getLocation());
  {
    auto Diag = diag(At, "%0 takes %1 by value, and %2 calls it per element: "
                         "every call copies %3, and the copies allocate; "
                         "taken by const reference, nothing would be copied")
                << What << listed(Names) << First.Owner << listed(Classes);
    if (Fixable)
      for (const TextEdit &Edit : Edits)
        Diag << FixItHint::CreateInsertion(Edit.Range.getBegin(), Edit.Text);
  }
  // At the member or operator: a call's first token differs between LLVM
  // versions for an operator.
  SourceLocation UseAt = SM.getFileLoc(First.Call->getExprLoc());
  diag(UseAt, "%0 calls it here", DiagnosticIDs::Note) << First.Caller;
  if (std::optional<std::string> Note =
          Profiles.measuredNote(Measured, UseAt, SM, [&](const Measurement &M) {
            return describeCallableCopies(
                listed(Classes), M, "taking the parameters by const reference",
                Exact);
          }))
    diag(UseAt, "%0", DiagnosticIDs::Note) << *Note;
  if (!Fixable)
    diag(At, "no fix-it: a macro writes a parameter's declaration",
         DiagnosticIDs::Note);
}

} // namespace clang::tidy::alloc
