//===--- TableLookups.h - how code looks up a constant table -*- C++ -*-===//
//
// A constant table that becomes a sorted array (facts/ConstantTables.h) is
// searched by a lookup function instead of the container's members. The
// lookups that a call of that function can stand for: 'T.find(K)' compared
// with 'T.end()', followed by '->', or kept in an 'auto' variable used only
// that way, and 'T.count(K)' or 'T.contains(K)'. Anything else the unit does
// with the table (iterating it, 'at', its size, handing it to a function)
// keeps the container, and the facts say where.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_TABLELOOKUPS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_TABLELOOKUPS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>
#include <vector>

namespace alloc_tidy {

/// One lookup, as the code writes it.
struct TableLookup {
  enum Kind {
    /// 'T.find(K)' of a map: its iterator becomes a pointer to the element,
    /// or null.
    Find,
    /// 'T.count(K)', 'T.contains(K)', or a set's 'T.find(K) != T.end()'
    /// (Range is then the whole comparison; Negated for '==').
    Membership,
  };
  /// The text that the lookup function's call replaces.
  clang::SourceRange Range;
  /// The key's expression.
  clang::SourceRange Key;
  /// The qualifier written before the table's name ("re2c::"), which the
  /// lookup function's name needs too.
  std::string Qualifier;
  Kind What = Find;
  bool Negated = false;
  /// Range is a comparison of equality ('T.count(K) != 0', a set's
  /// 'T.find(K) == T.end()'): a comparison in its place needs no
  /// parentheses.
  bool Comparison = false;
};

struct TableLookups {
  std::vector<TableLookup> Lookups;
  /// 'T.end()' compared with the result of a map's 'T.find(K)': the null
  /// pointer.
  std::vector<clang::SourceRange> Ends;
  /// What the unit does with the table that no lookup function stands for
  /// ("iterates it"), and where; empty when every use is a lookup.
  std::string Unsupported;
  clang::SourceLocation UnsupportedAt;
  /// A lookup's element is changed through the iterator ('It->second = V'):
  /// the table is not constant.
  bool WritesElement = false;
  /// The unit iterates the table (an ordered one, into a variable of a
  /// deduced type): only the unit that defines the array can.
  bool Iterates = false;
};

/// An edit of a file as another unit can apply it: the real path, the
/// offset and length of the text replaced, and the new text.
struct FileEdit {
  std::string File;
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;

  bool operator==(const FileEdit &Other) const {
    return File == Other.File && Offset == Other.Offset &&
           Length == Other.Length && Text == Other.Text;
  }
};

/// What one unit records about a table that other units can name (external
/// linkage), for the decision across the units of a compile database: the
/// table becomes a sorted array only when one unit defines it and every
/// unit that declares it can call the lookup function instead.
struct ConstantTableRecord {
  /// constantTableKey() of the table.
  std::string Table;
  /// The lookup function's name.
  std::string Function;
  /// Why the unit keeps the table, and where; empty when it fits.
  std::string Why;
  /// The unit defines it; merged, exactly one unit does.
  bool Defines = false;
  /// The defining unit reports it (a profile measured it, or
  /// WithoutProfile): only then do the other units change their code.
  bool Reported = false;
  /// Everything the unit does with the table a lookup function can do.
  bool Fits = true;
  /// The edits that make a unit that does not define the table call the
  /// lookup function (its declarations, its lookups, the includes): the
  /// defining unit's fix-it makes them too, so that it is whole.
  std::vector<FileEdit> Edits;

  bool operator==(const ConstantTableRecord &Other) const {
    return Table == Other.Table && Function == Other.Function &&
           Why == Other.Why && Defines == Other.Defines &&
           Reported == Other.Reported && Fits == Other.Fits &&
           Edits == Other.Edits;
  }
};

/// "re2c::unicode_to_lower|std::map<unsigned int, unsigned int>": the
/// qualified name and the type, the same in every unit that declares it.
std::string constantTableKey(const clang::VarDecl &Var);

/// The lookups among \p Refs (every reference to one table, of any of its
/// declarations), a map's when \p Keyed. A mapped value reached through a
/// lookup is read only: through a pointer to a constant element, it
/// cannot be changed. When \p KeyChangesType (a std::string key that the
/// array holds as a std::string_view) the found element's key is not read.
/// An \p Ordered container (not an unordered one) may also be iterated
/// into a variable of a deduced type, as the array is, in the same order;
/// the unit must see the array then (it defines the table).
TableLookups tableLookups(llvm::ArrayRef<const clang::Expr *> Refs, bool Keyed,
                          bool KeyChangesType, bool Ordered,
                          clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
