//===--- ColdCode.cpp - code that runs only on paths nobody waits on ------===//

#include "lib/analysis/facts/ColdCode.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclBase.h"

using namespace clang;

namespace alloc_tidy {

bool isColdFunction(const FunctionDecl &Function,
                    const llvm::Regex *ColdNames) {
  if (Function.hasAttr<ColdAttr>())
    return true;
  const IdentifierInfo *Name = Function.getIdentifier();
  return Name && ColdNames && ColdNames->match(Name->getName());
}

bool isInColdFunction(const Decl &D, const llvm::Regex *ColdNames) {
  if (const auto *Function = dyn_cast<FunctionDecl>(&D))
    if (isColdFunction(*Function, ColdNames))
      return true;
  for (const DeclContext *Context = D.getDeclContext(); Context;
       Context = Context->getParent())
    if (const auto *Function = dyn_cast<FunctionDecl>(Context))
      if (isColdFunction(*Function, ColdNames))
        return true;
  return false;
}

} // namespace alloc_tidy
