//===--- ColdCode.cpp - code that runs only on paths nobody waits on ------===//

#include "lib/analysis/facts/ColdCode.h"
#include "lib/analysis/facts/TemporaryArguments.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclBase.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include <memory>

using namespace clang;

namespace alloc_tidy {

std::vector<llvm::StringRef> topLevelAlternatives(llvm::StringRef Text) {
  std::vector<llvm::StringRef> Result;
  size_t Start = 0;
  unsigned Depth = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    switch (Text[I]) {
    case '\\':
      ++I;
      break;
    case '(':
      ++Depth;
      break;
    case ')':
      if (Depth)
        --Depth;
      break;
    case '[': {
      // A bracket expression ends at the first ']' that is not its first
      // character and not the end of a [:class:], [=equivalence=] or
      // [.collating.] element; a backslash in it is an ordinary character.
      size_t J = I + 1;
      if (J < Text.size() && Text[J] == '^')
        ++J;
      if (J < Text.size() && Text[J] == ']')
        ++J;
      while (J < Text.size() && Text[J] != ']') {
        if (Text[J] == '[' && J + 1 < Text.size() &&
            llvm::StringRef(":=.").contains(Text[J + 1])) {
          const char Close[] = {Text[J + 1], ']', 0};
          size_t End = Text.find(Close, J + 2);
          if (End == llvm::StringRef::npos)
            return {Text};
          J = End + 2;
          continue;
        }
        ++J;
      }
      I = J;
      break;
    }
    case '|':
      if (Depth == 0) {
        Result.push_back(Text.slice(Start, I));
        Start = I + 1;
      }
      break;
    default:
      break;
    }
  }
  Result.push_back(Text.substr(std::min(Start, Text.size())));
  if (llvm::any_of(Result, [](llvm::StringRef A) { return A.empty(); }))
    return {Text};
  return Result;
}

NamePattern::NamePattern(llvm::StringRef Text) {
  for (llvm::StringRef Alternative : topLevelAlternatives(Text))
    Alternatives.emplace_back(Alternative);
  // A split that a valid whole does not survive (it cannot happen for a
  // well-formed expression) falls back to the whole.
  std::string Error;
  if (llvm::any_of(Alternatives, [&](const llvm::Regex &Alternative) {
        return !Alternative.isValid(Error);
      })) {
    Alternatives.clear();
    Alternatives.emplace_back(Text);
  }
}

bool NamePattern::matches(llvm::StringRef Name) const {
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, New] = Answers.try_emplace(Name, false);
  if (New)
    It->second =
        llvm::any_of(Alternatives, [&](const llvm::Regex &Alternative) {
          return Alternative.match(Name);
        });
  return It->second;
}

const NamePattern *sharedNamePattern(llvm::StringRef Text, std::string &Error) {
  struct Entry {
    std::unique_ptr<NamePattern> Pattern;
    std::string Error;
  };
  static std::mutex Lock;
  // Never destroyed: a check may still ask while static destructors run.
  static auto *Patterns = new llvm::StringMap<Entry>();
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, New] = Patterns->try_emplace(Text);
  if (New) {
    if (llvm::Regex(Text).isValid(It->second.Error))
      It->second.Pattern = std::make_unique<NamePattern>(Text);
  }
  Error = It->second.Error;
  return It->second.Pattern.get();
}

bool isColdFunction(const FunctionDecl &Function, ColdNames Names) {
  if (Function.hasAttr<ColdAttr>())
    return true;
  const IdentifierInfo *Name = Function.getIdentifier();
  if (Name && Names.Functions && Names.Functions->matches(Name->getName()))
    return true;
  const auto *Method = dyn_cast<CXXMethodDecl>(&Function);
  const IdentifierInfo *Class =
      Method ? Method->getParent()->getIdentifier() : nullptr;
  return Class && Names.Classes && Names.Classes->matches(Class->getName());
}

bool isInColdFunction(const Decl &D, ColdNames Names) {
  if (const auto *Function = dyn_cast<FunctionDecl>(&D))
    if (isColdFunction(*Function, Names))
      return true;
  for (const DeclContext *Context = D.getDeclContext(); Context;
       Context = Context->getParent())
    if (const auto *Function = dyn_cast<FunctionDecl>(Context))
      if (isColdFunction(*Function, Names))
        return true;
  return false;
}

namespace {

/// Whether \p T is char ** or char *[], with any const on the way: the
/// type the program's arguments are passed as.
bool isArgumentVectorType(QualType T) {
  QualType Pointee;
  if (const auto *Pointer = T->getAs<PointerType>())
    Pointee = Pointer->getPointeeType();
  else if (const auto *Array = T->getAsArrayTypeUnsafe())
    Pointee = Array->getElementType();
  else
    return false;
  const auto *Inner = Pointee->getAs<PointerType>();
  return Inner && Inner->getPointeeType()->isAnyCharacterType();
}

/// Whether \p Param holds the program's arguments: a char ** (or char *[])
/// parameter of main, or one named so (argv, args): other arrays of strings,
/// the lines of a file, can be long.
bool isArgumentVector(const ParmVarDecl &Param) {
  if (!isArgumentVectorType(Param.getType()))
    return false;
  const auto *Function = dyn_cast<FunctionDecl>(Param.getDeclContext());
  return (Function && Function->isMain()) ||
         Param.getName().contains_insensitive("arg");
}

/// Whether \p Param holds the program's arguments or their count, the
/// integer parameter just before them.
bool isCommandLineParameter(const ParmVarDecl &Param) {
  if (isArgumentVector(Param))
    return true;
  const auto *Function = dyn_cast<FunctionDecl>(Param.getDeclContext());
  const unsigned Index = Param.getFunctionScopeIndex();
  return Function && Param.getType()->isIntegerType() &&
         Index + 1 < Function->getNumParams() &&
         isArgumentVector(*Function->getParamDecl(Index + 1));
}

class CommandLineReads : public RecursiveASTVisitor<CommandLineReads> {
public:
  bool Found = false;

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *Param = dyn_cast<ParmVarDecl>(Ref->getDecl());
        Param && isCommandLineParameter(*Param))
      Found = true;
    return !Found;
  }
  // A lambda in the condition is code of its own.
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
};

bool readsCommandLine(const Stmt *S) {
  if (!S)
    return false;
  CommandLineReads Reads;
  Reads.TraverseStmt(const_cast<Stmt *>(S));
  return Reads.Found;
}

} // namespace

bool isCommandLineLoop(const Stmt &Loop) {
  if (const auto *For = dyn_cast<ForStmt>(&Loop))
    return readsCommandLine(For->getInit()) || readsCommandLine(For->getCond());
  if (const auto *While = dyn_cast<WhileStmt>(&Loop))
    return readsCommandLine(While->getCond());
  if (const auto *Do = dyn_cast<DoStmt>(&Loop))
    return readsCommandLine(Do->getCond());
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(&Loop))
    return readsCommandLine(Range->getRangeInit());
  return false;
}

bool onlyPassedToColdCalls(
    ArrayRef<const DeclRefExpr *> Refs, ASTContext &Ctx,
    llvm::function_ref<bool(const FunctionDecl &)> IsColdCall) {
  if (Refs.empty())
    return false;
  for (const DeclRefExpr *Ref : Refs) {
    std::optional<ConstReferenceArgument> Argument =
        asConstReferenceArgument(*Ref, Ctx);
    if (!Argument || !IsColdCall(*Argument->Callee))
      return false;
  }
  return true;
}

} // namespace alloc_tidy
