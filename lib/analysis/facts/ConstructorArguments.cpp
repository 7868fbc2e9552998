//===--- ConstructorArguments.cpp - what every construction passes --------===//

#include "lib/analysis/facts/ConstructorArguments.h"
#include "lib/analysis/ast/AstWalk.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <vector>

using namespace clang;
using namespace clang::ast_matchers;

namespace alloc_tidy {

namespace {

bool isInSystemHeader(SourceLocation Loc, const SourceManager &SM) {
  return Loc.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(Loc));
}

bool isStdFunction(const FunctionDecl *F) {
  for (const DeclContext *DC = F->getDeclContext(); DC; DC = DC->getParent())
    if (DC->isStdNamespace())
      return true;
  return false;
}

} // namespace

std::optional<uint64_t> evaluateCount(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  Expr::EvalResult Result;
  if (!E->EvaluateAsInt(Result, Ctx) || Result.Val.getInt().isNegative())
    return std::nullopt;
  return Result.Val.getInt().getLimitedValue();
}

// Walks the translation unit once and keeps, per constructor, the
// constructions in user code and whether library code constructs through
// it; per class, the user calls that forward arguments to its constructors.
class ConstructorArguments::Index : public RecursiveASTVisitor<Index> {
public:
  explicit Index(ASTContext &Ctx) : Ctx(Ctx) {
    TraverseDecl(Ctx.getTranslationUnitDecl());
  }

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    const CXXConstructorDecl *Ctor = E->getConstructor();
    if (!Ctor || Ctor->isCopyOrMoveConstructor())
      return true;
    Ctor = cast<CXXConstructorDecl>(Ctor->getCanonicalDecl());
    if (isInSystemHeader(E->getBeginLoc(), Ctx.getSourceManager()))
      FromLibrary.insert(Ctor);
    else
      Constructions[Ctor].push_back(E);
    return true;
  }

  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *Callee = E->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() || !isStdFunction(Callee) ||
        isInSystemHeader(E->getBeginLoc(), Ctx.getSourceManager()))
      return true;
    StringRef Name = Callee->getName();
    QualType Built;
    unsigned FirstForwarded = 0;
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(E)) {
      if (Name != "emplace_back" && Name != "emplace_front" &&
          Name != "emplace")
        return true;
      const auto *Container = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
          Member->getRecordDecl());
      if (!Container || Container->getTemplateArgs().size() < 1 ||
          Container->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
        return true;
      StringRef Kind = Container->getName();
      if (Name == "emplace" && Kind != "vector" && Kind != "deque" &&
          Kind != "list")
        return true;
      FirstForwarded = Name == "emplace" ? 1 : 0;
      Built = Container->getTemplateArgs()[0].getAsType();
    } else if (Name == "make_unique" || Name == "make_shared" ||
               Name == "construct_at") {
      const TemplateArgumentList *Args =
          Callee->getTemplateSpecializationArgs();
      if (!Args || Args->size() < 1 ||
          Args->get(0).getKind() != TemplateArgument::Type)
        return true;
      Built = Args->get(0).getAsType();
      FirstForwarded = Name == "construct_at" ? 1 : 0;
    } else {
      return true;
    }
    if (const CXXRecordDecl *Record = Built->getAsCXXRecordDecl())
      Forwarded[Record->getCanonicalDecl()].emplace_back(E, FirstForwarded);
    return true;
  }

  /// The constant every visible construction through \p Ctor passes for
  /// its parameter \p Index, or nullopt with \p Why set.
  std::optional<uint64_t> constantArgument(const CXXConstructorDecl *Ctor,
                                           unsigned Index, std::string &Why,
                                           unsigned Depth = 0) {
    Ctor = cast<CXXConstructorDecl>(Ctor->getCanonicalDecl());
    const CXXRecordDecl *Record = Ctor->getParent();
    const SourceManager &SM = Ctx.getSourceManager();
    std::string Name = Record->getNameAsString();
    if (!SM.isInMainFile(SM.getExpansionLoc(Record->getLocation()))) {
      Why = "'" + Name +
            "' is declared in a header, where other translation units can "
            "construct it with other arguments";
      return std::nullopt;
    }
    std::vector<const Expr *> Args;
    for (const CXXConstructExpr *E : Constructions.lookup(Ctor))
      Args.push_back(Index < E->getNumArgs() ? E->getArg(Index) : nullptr);
    bool Forwards = false;
    for (auto [Call, First] : Forwarded.lookup(Record->getCanonicalDecl())) {
      unsigned N = Call->getNumArgs() - First;
      auto Accepts = [&](const CXXConstructorDecl *C) {
        return !C->isDeleted() && !C->isCopyOrMoveConstructor() &&
               C->getMinRequiredArguments() <= N && N <= C->getNumParams();
      };
      if (!Accepts(Ctor))
        continue;
      for (const CXXConstructorDecl *Other : Record->ctors())
        if (Other->getCanonicalDecl() != Ctor && Accepts(Other)) {
          Why = "the analysis cannot tell which constructor of '" + Name +
                "' this call uses";
          return std::nullopt;
        }
      Forwards = true;
      Args.push_back(Index < N ? Call->getArg(First + Index) : nullptr);
    }
    if (FromLibrary.contains(Ctor) && !Forwards) {
      Why = "'" + Name +
            "' is constructed in library code the analysis "
            "does not follow";
      return std::nullopt;
    }
    if (Args.empty()) {
      Why = "no construction of '" + Name + "' is visible";
      return std::nullopt;
    }
    std::optional<uint64_t> Value;
    for (const Expr *Arg : Args) {
      if (!Arg || isa<CXXDefaultArgExpr>(Arg))
        Arg = Ctor->getParamDecl(Index)->getDefaultArg();
      std::optional<uint64_t> This = argumentValue(Arg, Why, Depth);
      if (!This)
        return std::nullopt;
      if (Value && *Value != *This) {
        Why = "constructions of '" + Name + "' pass different sizes (" +
              std::to_string(*Value) + " and " + std::to_string(*This) + ")";
        return std::nullopt;
      }
      Value = This;
    }
    return Value;
  }

private:
  std::optional<uint64_t> argumentValue(const Expr *Arg, std::string &Why,
                                        unsigned Depth) {
    if (!Arg) {
      Why = "an argument is missing";
      return std::nullopt;
    }
    if (std::optional<uint64_t> Value = evaluateCount(Arg, Ctx))
      return Value;
    // A parameter of another constructor, passed on unchanged: follow it
    // to that constructor's callers (Screen(120) -> Row(Width)).
    const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
    const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
    const auto *Outer =
        Param ? dyn_cast<CXXConstructorDecl>(Param->getDeclContext()) : nullptr;
    if (Outer && Depth < 2 && !isWritten(Param, Outer))
      return constantArgument(Outer, Param->getFunctionScopeIndex(), Why,
                              Depth + 1);
    Why = "the size comes from '" + sourceText(Arg->getSourceRange(), Ctx) +
          "', which is not a constant";
    return std::nullopt;
  }

  /// Whether \p Ctor may change \p Param: any use other than reading its
  /// value or handing it to a standard library function.
  bool isWritten(const ParmVarDecl *Param, const CXXConstructorDecl *Ctor) {
    const FunctionDecl *Definition = nullptr;
    if (!Ctor->isDefined(Definition))
      return true;
    auto Refs = match(functionDecl(forEachDescendant(
                          declRefExpr(to(equalsNode(Param))).bind("ref"))),
                      *Definition, Ctx);
    for (const BoundNodes &Node : Refs) {
      const auto *Ref = Node.getNodeAs<DeclRefExpr>("ref");
      DynTypedNode Parent = parentOf(DynTypedNode::create(*Ref), Ctx);
      if (const auto *Cast = Parent.get<ImplicitCastExpr>();
          Cast && Cast->getCastKind() == CK_LValueToRValue)
        continue;
      if (const auto *Call = Parent.get<CallExpr>();
          Call && Call->getDirectCallee() &&
          isStdFunction(Call->getDirectCallee()))
        continue;
      return true;
    }
    return false;
  }

  ASTContext &Ctx;
  llvm::DenseMap<const CXXConstructorDecl *,
                 std::vector<const CXXConstructExpr *>>
      Constructions;
  llvm::DenseSet<const CXXConstructorDecl *> FromLibrary;
  llvm::DenseMap<const CXXRecordDecl *,
                 std::vector<std::pair<const CallExpr *, unsigned>>>
      Forwarded;
};

ConstructorArguments::ConstructorArguments(ASTContext &Ctx)
    : Impl(std::make_unique<Index>(Ctx)) {}

ConstructorArguments::~ConstructorArguments() = default;

std::optional<uint64_t>
ConstructorArguments::constantArgument(const CXXConstructorDecl *Ctor,
                                       unsigned Index, std::string &Why) {
  return Impl->constantArgument(Ctor, Index, Why);
}

} // namespace alloc_tidy
