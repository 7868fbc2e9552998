//===--- ColdFunctionsOption.cpp - option ColdFunctions -------------------===//

#include "checks/ColdFunctionsOption.h"
#include "checks/OptionValues.h"
#include "lib/analysis/facts/ColdCode.h"
#include "clang/AST/DeclCXX.h"

namespace clang::tidy::alloc {

ColdFunctionsOption::ColdFunctionsOption(ClangTidyCheck &Check,
                                         ClangTidyCheck::OptionsView &Options,
                                         StringRef CheckName)
    : Pattern(Options
                  .getLocalOrGlobal("ColdFunctions",
                                    alloc_tidy::DefaultColdFunctions)
                  .str()) {
  if (Pattern.empty())
    return;
  llvm::Regex Compiled(Pattern);
  std::string Error;
  if (!Compiled.isValid(Error)) {
    Check.configurationDiag("invalid value '%0' for %1; expected a regular "
                            "expression (%2)",
                            DiagnosticIDs::Error)
        << Pattern << optionName(Options, CheckName, "ColdFunctions", Pattern)
        << Error;
    return;
  }
  Names.emplace(std::move(Compiled));
}

void ColdFunctionsOption::store(ClangTidyCheck::OptionsView &Options,
                                ClangTidyOptions::OptionMap &Opts) const {
  Options.store(Opts, "ColdFunctions", Pattern);
}

bool ColdFunctionsOption::isCold(const Decl &D) const {
  return alloc_tidy::isInColdFunction(D, Names ? &*Names : nullptr);
}

bool ColdFunctionsOption::isColdCall(const FunctionDecl &Callee) const {
  // A call that does not return ends the program or throws: the error path.
  if (isCold(Callee) || Callee.isNoReturn())
    return true;
  const auto *Ctor = dyn_cast<CXXConstructorDecl>(&Callee);
  const IdentifierInfo *Class =
      Ctor ? Ctor->getParent()->getIdentifier() : nullptr;
  return Class && Names && Names->match(Class->getName());
}

} // namespace clang::tidy::alloc
