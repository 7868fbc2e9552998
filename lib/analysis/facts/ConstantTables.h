//===--- ConstantTables.h - lookup tables built on the heap -*- C++ -*-===//
//
// 'std::map<uint32_t, uint32_t> ToUpper = {{0x61, 0x41}, ...};' at namespace
// scope is a constant table that every process builds before main: one
// allocation per element (a node-based container), whether or not the
// process ever looks anything up in it. A sorted array of the same
// elements, searched with std::lower_bound, is built by the compiler and
// allocates nothing. The facts here: the table, its elements, and the use
// that could change it, if any.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_CONSTANTTABLES_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_CONSTANTTABLES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include <optional>
#include <string>

namespace alloc_tidy {

/// A variable built at start-up (namespace scope or a static data member)
/// whose type is a node-based standard container on std::allocator,
/// initialized from a braced list of constant elements.
struct ConstantTable {
  const clang::VarDecl *Var = nullptr;
  /// "map", "set", "unordered_map", ...
  std::string Template;
  /// The key and, for a map, the mapped type, as the code names them.
  clang::QualType Key;
  clang::QualType Mapped;
  /// The braced list, and how many elements it has.
  const clang::InitListExpr *List = nullptr;
  unsigned Elements = 0;
  /// The unordered containers also allocate a bucket array.
  bool Unordered = false;
  /// The map containers hold key and value; the sets a key.
  bool Keyed = false;
  /// Whether the type is const: nothing can change the table.
  bool Const = false;
  /// A variable that is not const and that other units can name (external
  /// linkage): their code may change it, which this unit cannot see.
  bool NamedElsewhere = false;
};

/// The facts of \p Var when it is such a table; nullopt otherwise.
std::optional<ConstantTable> constantTable(const clang::VarDecl &Var,
                                           clang::ASTContext &Ctx);

/// How a table type (a standard map or set, ordered or not) compares its
/// keys when they are C strings ('const char *').
enum class CStringKeys {
  /// The keys are not C strings.
  None,
  /// By their characters: an equality whose call operator returns
  /// 'strcmp(A, B) == 0' or '!strcmp(A, B)', an ordering that returns
  /// 'strcmp(A, B) < 0'. Such a table finds what a table of strings finds
  /// (the str_eq and str_hash beside a keyword table).
  ByCharacters,
  /// By address: the standard std::less or std::equal_to.
  ByAddress,
  /// By a comparison this does not know.
  Unknown,
};
CStringKeys cStringKeys(const clang::ClassTemplateSpecializationDecl &Table,
                        const clang::ASTContext &Ctx);

/// The first of \p Refs (the references to a table that is not const) that
/// may change it: anything but a call of a member function that only reads
/// (find, count, contains, the bounds, iteration, size), binding to a const
/// reference or iterating it. Null when every reference only reads.
const clang::Expr *firstChangingUse(llvm::ArrayRef<const clang::Expr *> Refs,
                                    clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
