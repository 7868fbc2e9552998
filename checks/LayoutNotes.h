//===--- LayoutNotes.h - notes on what a fix-it does to a record -*- C++
//-*-===//
//
// Every alloc-* diagnostic that changes a data member's type says what the
// change does to the enclosing record: "'Screen' shrinks from 104 to 48 bytes
// (-56) when 'Rows' becomes std::vector<Row>". The sizes come from
// lib/layout's what-if (the record laid out again by clang with the new member
// type), never from a formula. Option LayoutNotes picks how much is said.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_CHECKS_LAYOUTNOTES_H
#define ALLOC_TIDY_CHECKS_LAYOUTNOTES_H

#include "clang-tidy/ClangTidyCheck.h"
#include "lib/analysis/facts/InlineVectorClasses.h"
#include "lib/layout/LayoutModel.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang::tidy::alloc {

/// Option LayoutNotes: no note, the one-line summary (default), or the
/// summary plus the table of members before and after.
enum class LayoutNoteStyle { None, Compact, Full };

/// Reads option LayoutNotes of \p Check; an unknown value is reported as a
/// configuration error and gives the default.
LayoutNoteStyle readLayoutNoteStyle(ClangTidyCheck &Check,
                                    ClangTidyCheck::OptionsView &Options,
                                    StringRef CheckName);

StringRef layoutNoteStyleName(LayoutNoteStyle Style);

/// The notes to attach to a diagnostic that changes \p Field to \p NewType
/// (spelled \p NewTypeName in the message). When NewType is null or the
/// new layout cannot be computed exactly, one note says why (\p WhyUnknown
/// when given). Empty for LayoutNoteStyle::None.
std::vector<std::string>
memberTypeChangeNotes(const FieldDecl &Field, QualType NewType,
                      StringRef NewTypeName, StringRef WhyUnknown,
                      ASTContext &Ctx, LayoutNoteStyle Style);

/// The notes for \p Field becoming \p Target's class with room for
/// \p Capacity elements of \p Element (spelled \p SpelledElement). When
/// the code has no such class (\p InCode false), the new type is named for
/// what it is, with \p Target (the option's example) as the size model.
std::vector<std::string> smallVectorMemberNotes(
    const FieldDecl &Field, const alloc_tidy::InlineVectorClass &Target,
    bool InCode, QualType Element, StringRef SpelledElement, uint64_t Capacity,
    ASTContext &Ctx, LayoutNoteStyle Style);

/// The notes to attach to a diagnostic that suggests adding a data member
/// of type \p NewType to \p Record (named \p FieldName in the table of
/// LayoutNoteStyle::Full): "'Str' grows from 16 to 32 bytes (+16)" followed
/// by \p Suffix, or, when the new layout cannot be computed exactly, the
/// size now and why the new one is not known. Empty for LayoutNoteStyle::None.
std::vector<std::string> fieldAddedNotes(const RecordDecl &Record,
                                         QualType NewType, StringRef FieldName,
                                         StringRef Suffix, ASTContext &Ctx,
                                         LayoutNoteStyle Style);

/// Where the padding of \p L is: "a 7-byte hole after 'Flag', 4 bytes of
/// tail padding", at most four holes (the warning gives the total); empty
/// when only spare bits in bit-fields remain.
std::string paddingPlaces(const alloc_tidy::layout::RecordLayout &L);

/// One line per member, after pahole: offset, size, declaration, with the
/// holes where they occur (LayoutNotes: Full of alloc-padding).
std::string memberTable(const alloc_tidy::layout::RecordLayout &L);

/// The new type of a member declared as \p Template<Args...> where
/// every argument is given (defaults included): an existing specialisation,
/// or one instantiated for the purpose when the check runs inside clang's
/// parse (clang-tidy); null with \p Why set otherwise.
QualType specializationForNote(ASTContext &Ctx, Preprocessor *PP,
                               StringRef QualifiedTemplate,
                               ArrayRef<TemplateArgument> Args,
                               std::string &Why);

/// The notes for a member of type std::deque<...> (or std::stack<T> over
/// one, \p IsStack) that becomes a std::vector (or a stack over one), with
/// \p SpelledArgs the template arguments as the code spells them (empty
/// when not spelled: the new type is then named as clang prints it).
std::vector<std::string>
vectorForDequeNotes(const FieldDecl &Field, bool IsStack, StringRef SpelledArgs,
                    Preprocessor *PP, ASTContext &Ctx, LayoutNoteStyle Style);

} // namespace clang::tidy::alloc

#endif
