//===--- ColdFunctionsOption.cpp - options ColdFunctions, ColdClasses -----===//

#include "checks/ColdFunctionsOption.h"
#include "checks/OptionValues.h"
#include "lib/analysis/facts/ColdCode.h"
#include "clang/AST/DeclCXX.h"

namespace clang::tidy::alloc {

ColdFunctionsOption::Pattern ColdFunctionsOption::read(
    ClangTidyCheck &Check, ClangTidyCheck::OptionsView &Options,
    StringRef CheckName, StringRef Option, StringRef Default) {
  Pattern Result;
  Result.Text = Options.getLocalOrGlobal(Option, Default).str();
  if (Result.Text.empty())
    return Result;
  std::string Error;
  Result.Compiled = alloc_tidy::sharedNamePattern(Result.Text, Error);
  if (!Result.Compiled)
    Check.configurationDiag("invalid value '%0' for %1; expected a regular "
                            "expression (%2)",
                            DiagnosticIDs::Error)
        << Result.Text << optionName(Options, CheckName, Option, Result.Text)
        << Error;
  return Result;
}

ColdFunctionsOption::ColdFunctionsOption(ClangTidyCheck &Check,
                                         ClangTidyCheck::OptionsView &Options,
                                         StringRef CheckName)
    : Functions(read(Check, Options, CheckName, "ColdFunctions",
                     alloc_tidy::DefaultColdFunctions)),
      Classes(read(Check, Options, CheckName, "ColdClasses",
                   alloc_tidy::DefaultColdClasses)) {}

void ColdFunctionsOption::store(ClangTidyCheck::OptionsView &Options,
                                ClangTidyOptions::OptionMap &Opts) const {
  Options.store(Opts, "ColdFunctions", Functions.Text);
  Options.store(Opts, "ColdClasses", Classes.Text);
}

bool ColdFunctionsOption::isCold(const Decl &D) const {
  alloc_tidy::ColdNames Names;
  Names.Functions = Functions.Compiled;
  Names.Classes = Classes.Compiled;
  return alloc_tidy::isInColdFunction(D, Names);
}

bool ColdFunctionsOption::isColdCall(const FunctionDecl &Callee) const {
  // A call that does not return ends the program or throws: the error path.
  // The class pattern does not apply: a configuration's getter can be
  // called for every element; an error report is not.
  alloc_tidy::ColdNames Names;
  Names.Functions = Functions.Compiled;
  if (alloc_tidy::isColdFunction(Callee, Names) || Callee.isNoReturn())
    return true;
  const auto *Ctor = dyn_cast<CXXConstructorDecl>(&Callee);
  const IdentifierInfo *Class =
      Ctor ? Ctor->getParent()->getIdentifier() : nullptr;
  return Class && Names.Functions && Names.Functions->matches(Class->getName());
}

bool ColdFunctionsOption::isColdLoop(const Stmt &Loop) const {
  return alloc_tidy::isCommandLineLoop(Loop);
}

} // namespace clang::tidy::alloc
