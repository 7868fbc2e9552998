//===--- WrittenType.h - a local's type as written, moved to a class -*- C++
//-*-===//
//
// A fix-it that declares a member with a local's type should write the type
// the way the user did: "std::vector<Map::const_iterator>", not the fully
// qualified canonical form with every default template argument spelled
// out. The written text is only safe where each name it starts a lookup
// with finds the same entity at the class's closing brace as it did in the
// function: nothing declared later, nothing only the function's own scope
// or a using-directive makes visible, no macro.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_WRITTENTYPE_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_WRITTENTYPE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include <optional>
#include <string>

namespace alloc_tidy {

class IncludeGraph;

/// The text \p Var's declaration (in \p Function's body) spells its type
/// with, when the same text declares a member of \p Class, at the class's
/// closing brace, of the same type (for a class in a header: in every unit,
/// by \p Includes); std::nullopt when any name in it could mean something
/// else there or the text is not plain source (a macro, 'auto', a comment).
std::optional<std::string>
writtenTypeForMember(const clang::VarDecl &Var,
                     const clang::FunctionDecl &Function,
                     const clang::CXXRecordDecl &Class,
                     const IncludeGraph &Includes, clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
