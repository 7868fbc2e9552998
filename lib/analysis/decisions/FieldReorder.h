//===--- FieldReorder.h - can the fields of a record be reordered? -*- C++
//-*-===//
//
// Moving a record's fields changes more than its layout: the order they are
// initialised, destroyed and compared in, and the text of the class. These
// are the questions a reorder fix-it asks: does anything in the record's own
// declarations depend on the order (reorderChangesMeaning), and what edits
// move the fields' declarations, as whole lines with their comments, into a
// new order (fieldMoves)? Uses elsewhere in the translation unit (positional
// initialisers, byte copies) are the caller's to collect.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_FIELDREORDER_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_FIELDREORDER_H

#include "lib/analysis/decisions/TextEdit.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

/// Why the fields may not move, and the place that shows it.
struct ReorderBlocker {
  clang::SourceLocation Loc;
  std::string Why;
};

/// The name of a field for a message: its name, "(unnamed bit-field)" or
/// "(anonymous)".
std::string fieldDisplayName(const clang::FieldDecl &F);

/// What in \p RD's own declarations would behave differently with its
/// fields in \p Order (a permutation of its fields): a base class with data
/// members, a constructor defined elsewhere, an initialiser that reads the
/// object, member initialisers that would no longer follow the fields'
/// order, a defaulted comparison, destructors that would run in another
/// order. nullopt when nothing does.
std::optional<ReorderBlocker>
reorderChangesMeaning(const clang::RecordDecl &RD,
                      llvm::ArrayRef<const clang::FieldDecl *> Order,
                      const clang::ASTContext &Ctx);

/// The edits that move the declarations of \p RD's fields into \p Order:
/// each field's slot (its lines, the comment lines right above it and the
/// comment after it) receives another field's text. A blocker instead when
/// the text cannot be moved that way (a field declared by a macro or with
/// another field, sharing its line with other code, declaring its type in
/// place, moving across an access specifier or past another declaration,
/// preprocessor directives between the fields).
struct FieldMoves {
  std::vector<TextEdit> Edits;
  std::optional<ReorderBlocker> Blocker;
};
FieldMoves fieldMoves(const clang::RecordDecl &RD,
                      llvm::ArrayRef<const clang::FieldDecl *> Order,
                      const clang::ASTContext &Ctx);

/// Code that depends on the declaration order or the layout of a record:
/// the record, the place, and what the code does there ("its fields are
/// initialised by position here").
struct LayoutUse {
  const clang::RecordDecl *Record = nullptr;
  clang::SourceLocation Loc;
  std::string Why;
};

/// The functions whose arguments' bytes may be stored, sent or compared:
/// fwrite, fread, write, read, memcpy, memcmp, ...
llvm::ArrayRef<llvm::StringRef> byteIoFunctions();

/// The layout uses \p S makes: a brace or parenthesised list that
/// initialises fields by position, a byte I/O call (byteIoFunctions()) on a
/// pointer to a record or its sizeof, a reinterpret_cast (or a C cast other
/// than from void *) between pointers to different types, offsetof.
std::vector<LayoutUse> layoutUsesIn(const clang::Stmt &S,
                                    clang::ASTContext &Ctx);

/// The layout uses \p D makes: a structured binding, or a static_assert on
/// the sizeof or alignof of a record.
std::vector<LayoutUse> layoutUsesIn(const clang::Decl &D);

} // namespace alloc_tidy

#endif
