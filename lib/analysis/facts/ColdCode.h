//===--- ColdCode.h - code that runs only on paths nobody waits on -*- C++
//-*-===//
//
// A saving in code that only runs to report an error (a message built, a
// diagnostic written) is real but not worth a change: that code runs once per
// error, not per element. Such functions are recognised by the cold
// attribute or by a name pattern (error reporting by default).
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_COLDCODE_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_COLDCODE_H

#include "clang/AST/Decl.h"
#include "llvm/Support/Regex.h"

namespace alloc_tidy {

/// The default pattern of cold function names: functions that build or
/// report an error, a warning or a usage message.
inline constexpr const char DefaultColdFunctions[] =
    "[Ee]rror|[Ww]arning|[Ff]atal|^[Rr]eport|^[Uu]sage$";

/// Whether \p Function is cold: marked [[gnu::cold]], or its unqualified name
/// matches \p ColdNames (null: no name makes a function cold).
bool isColdFunction(const clang::FunctionDecl &Function,
                    const llvm::Regex *ColdNames);

/// Whether \p D is a cold function or is declared in the body of one,
/// directly or in a lambda or local class inside one.
bool isInColdFunction(const clang::Decl &D, const llvm::Regex *ColdNames);

} // namespace alloc_tidy

#endif
