//===--- ConstantTablePlan.h - a constant table as a sorted array -*- C++
//-*-===//
//
// What replaces a constant table built on the heap (facts/ConstantTables.h):
// a sorted array of its elements, which the compiler lays out, and the
// standard algorithm that searches it.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_CONSTANTTABLEPLAN_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_CONSTANTTABLEPLAN_H

#include "lib/analysis/decisions/TextEdit.h"
#include "lib/analysis/facts/ConstantTables.h"
#include "lib/analysis/facts/TableLookups.h"
#include <string>
#include <vector>

namespace alloc_tidy {

struct ConstantTablePlan {
  /// The array's element: "std::pair<uint32_t, uint32_t>" for a map, the
  /// key for a set; a string key becomes a std::string_view (C++17) or a
  /// 'const char *', which need no allocation either.
  std::string Element;
  /// "std::lower_bound", or "std::equal_range" for a multimap or multiset.
  std::string Search;
  /// The container's name as the note says it: "std::map".
  std::string Container;
  /// Before C++14 std::pair has no constexpr constructor: the array is
  /// 'static const' (constant-initialized all the same).
  bool Constexpr = true;
};

/// "static constexpr std::pair<int, int> Name[]", "static const char
/// *const Name[]".
std::string arrayDeclaration(const ConstantTablePlan &Plan,
                             llvm::StringRef Name);

ConstantTablePlan planConstantTable(const ConstantTable &Table,
                                    const clang::ASTContext &Ctx);

/// The function that searches a table turned into a sorted array: a map's
/// 'const std::pair<K, V> *find_T(K Key)' (the element, or null), a set's
/// 'bool contains_T(K Key)'.
struct TableLookupFunction {
  /// Why the table's declaration \p Var cannot become one: its key or
  /// mapped type is not one a constant array holds and '<' orders (an
  /// integer, an enumeration, a pointer; a std::string key as a
  /// std::string_view from C++17), or it is a multi container.
  std::string NoFix;
  std::string Name;
  /// "const std::pair<uint32_t, uint32_t> *find_T(uint32_t Key)".
  std::string Signature;
  /// The array's element and the key's type as the signature spells them.
  std::string Element, KeyType;
  /// What the signature needs: "<utility>", "<string_view>".
  std::vector<std::string> Includes;
  bool Keyed = false;
  /// A std::string key, which the array holds as a std::string_view.
  bool KeyChangesType = false;
  /// An ordered container: the sorted array iterates in its order.
  bool Ordered = false;
};

/// The lookup function of the table declared by \p Var (any of its
/// declarations: they spell the same type).
TableLookupFunction tableLookupFunction(const clang::VarDecl &Var,
                                        const clang::ASTContext &Ctx);

/// The edits that turn the definition of \p Table into a sorted array
/// followed by the definition of \p Function, or why not (NoFix).
struct SortedTable {
  std::string NoFix;
  std::vector<TextEdit> Edits;
  std::vector<std::string> Includes;
  /// Elements that repeat an earlier element's key with the same value:
  /// the container holds one of each, and so does the array.
  std::vector<clang::SourceLocation> Repeated;
};

SortedTable sortedTable(const ConstantTable &Table,
                        const ConstantTablePlan &Plan,
                        const TableLookupFunction &Function,
                        clang::ASTContext &Ctx);

/// Why this unit cannot use the lookup function \p F for the table \p Var
/// (declared here, looked up as \p Lookups): its type, a use, a static
/// data member, a definition in a header, a declaration a macro writes or
/// a public header holds, or the function's name taken. Empty when it can.
std::string lookupFunctionNoFix(const clang::VarDecl &Var,
                                const TableLookupFunction &F,
                                const TableLookups &Lookups,
                                clang::ASTContext &Ctx);

/// The edits that make \p Lookups calls of \p Function, and each of
/// \p Declarations (those that do not define the table) a declaration of
/// it.
std::vector<TextEdit>
lookupEdits(const TableLookups &Lookups, const TableLookupFunction &Function,
            llvm::ArrayRef<const clang::VarDecl *> Declarations,
            clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
