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

#include "lib/analysis/facts/ConstantTables.h"
#include <string>

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

} // namespace alloc_tidy

#endif
