//===--- LayoutNotes.cpp - notes on what a fix-it does to a record --------===//

#include "checks/LayoutNotes.h"
#include "lib/layout/LayoutBuilder.h"
#include "lib/layout/WhatIf.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

namespace clang::tidy::alloc {

using alloc_tidy::layout::LayoutEntry;
using alloc_tidy::layout::LayoutOptions;
using alloc_tidy::layout::RecordLayout;

LayoutNoteStyle readLayoutNoteStyle(ClangTidyCheck &Check,
                                    ClangTidyCheck::OptionsView &Options,
                                    StringRef CheckName) {
  std::string Value = Options.get("LayoutNotes", "Compact").str();
  if (Value == "None")
    return LayoutNoteStyle::None;
  if (Value == "Full")
    return LayoutNoteStyle::Full;
  if (Value != "Compact")
    Check.configurationDiag("invalid value '%0' for %1.LayoutNotes; expected "
                            "'None', 'Compact' or 'Full'",
                            DiagnosticIDs::Error)
        << Value << CheckName;
  return LayoutNoteStyle::Compact;
}

StringRef layoutNoteStyleName(LayoutNoteStyle Style) {
  switch (Style) {
  case LayoutNoteStyle::None:
    return "None";
  case LayoutNoteStyle::Compact:
    return "Compact";
  case LayoutNoteStyle::Full:
    return "Full";
  }
  return "Compact";
}

namespace {

std::string sizeChange(const RecordLayout &Before, const RecordLayout &After) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << "'" << Before.Name << "' ";
  if (After.Size > Before.Size)
    OS << "grows from " << Before.Size << " to " << After.Size << " bytes (+"
       << After.Size - Before.Size << ")";
  else if (After.Size < Before.Size)
    OS << "shrinks from " << Before.Size << " to " << After.Size << " bytes (-"
       << Before.Size - After.Size << ")";
  else
    OS << "stays " << Before.Size << " bytes";
  return Text;
}

// "member  before  after" with offsets and sizes, one line per member in
// the order of the new layout, then padding and sizeof.
std::string table(const RecordLayout &Before, const RecordLayout &After) {
  auto Cell = [](const LayoutEntry *E) {
    if (!E)
      return std::string("-");
    return std::to_string(E->Offset) + " +" + std::to_string(E->Size);
  };
  auto Find = [](const RecordLayout &L, const LayoutEntry &Like) {
    for (const LayoutEntry &E : L.Entries)
      if (E.Kind == Like.Kind && E.Name == Like.Name)
        return &E;
    return static_cast<const LayoutEntry *>(nullptr);
  };
  size_t Width = std::string("padding").size();
  for (const LayoutEntry &E : After.Entries)
    Width = std::max(Width, E.Name.size());
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << "layout of '" << Before.Name << "' (offset +size) before -> after:";
  auto Row = [&](StringRef Name, StringRef Old, StringRef New) {
    OS << "\n  " << llvm::left_justify(Name, Width) << "  "
       << llvm::left_justify(Old, 10) << "  " << New;
  };
  for (const LayoutEntry &E : After.Entries)
    Row(E.Name, Cell(Find(Before, E)), Cell(&E));
  Row("padding", std::to_string(Before.PaddingBytes),
      std::to_string(After.PaddingBytes));
  Row("sizeof", std::to_string(Before.Size), std::to_string(After.Size));
  return Text;
}

} // namespace

std::vector<std::string>
memberTypeChangeNotes(const FieldDecl &Field, QualType NewType,
                      StringRef NewTypeName, StringRef WhyUnknown,
                      ASTContext &Ctx, LayoutNoteStyle Style) {
  if (Style == LayoutNoteStyle::None)
    return {};
  const RecordDecl &Record = *Field.getParent();
  std::string RecordName = Record.getNameAsString();
  RecordName =
      RecordName.empty() ? "the enclosing record" : "'" + RecordName + "'";
  LayoutOptions Options;
  Options.ComputeOptimal = false;
  std::optional<RecordLayout> Before =
      alloc_tidy::layout::computeLayout(Record, Ctx, Options);
  auto Unknown = [&](StringRef Why) {
    std::string Now = Before ? " is " + std::to_string(Before->Size) +
                                   " bytes; its size after the change is"
                             : "'s size after the change is";
    return std::vector<std::string>{RecordName + Now +
                                    " not computed: " + Why.str()};
  };
  if (!Before)
    return Unknown("its layout depends on template arguments");
  if (NewType.isNull())
    return Unknown(WhyUnknown.empty() ? "the new type is not known here"
                                      : WhyUnknown);
  std::optional<RecordLayout> After = alloc_tidy::layout::layoutWithFieldType(
      Record, Field, NewType, Ctx, Options);
  if (!After)
    return Unknown("clang cannot lay it out again exactly");
  std::vector<std::string> Notes{sizeChange(*Before, *After) + " when '" +
                                 Field.getNameAsString() + "' becomes " +
                                 NewTypeName.str()};
  if (Style == LayoutNoteStyle::Full)
    Notes.push_back(table(*Before, *After));
  return Notes;
}

std::vector<std::string> fieldAddedNotes(const RecordDecl &Record,
                                         QualType NewType, StringRef FieldName,
                                         StringRef Suffix, ASTContext &Ctx,
                                         LayoutNoteStyle Style) {
  if (Style == LayoutNoteStyle::None)
    return {};
  LayoutOptions Options;
  Options.ComputeOptimal = false;
  std::optional<RecordLayout> Before =
      alloc_tidy::layout::computeLayout(Record, Ctx, Options);
  if (!Before)
    return {};
  std::optional<RecordLayout> After =
      alloc_tidy::layout::layoutWithFieldAppended(Record, NewType, FieldName,
                                                  Ctx, Options);
  if (!After)
    return {"'" + Before->Name + "' is " + std::to_string(Before->Size) +
            " bytes; its size with the new member is not computed: clang "
            "cannot lay it out again exactly"};
  std::vector<std::string> Notes{sizeChange(*Before, *After) + Suffix.str()};
  if (Style == LayoutNoteStyle::Full)
    Notes.push_back(table(*Before, *After));
  return Notes;
}

QualType specializationForNote(ASTContext &Ctx, Preprocessor *PP,
                               StringRef QualifiedTemplate,
                               ArrayRef<TemplateArgument> Args,
                               std::string &Why) {
  ClassTemplateDecl *Template =
      alloc_tidy::layout::findClassTemplate(Ctx, QualifiedTemplate);
  if (!Template) {
    Why = QualifiedTemplate.str() + " is not declared in this translation unit";
    return QualType();
  }
  Sema *S = PP ? alloc_tidy::layout::findSema(*PP, Ctx) : nullptr;
  std::string Reason;
  QualType Type = alloc_tidy::layout::completeSpecialization(Ctx, S, *Template,
                                                             Args, Reason);
  if (Type.isNull())
    Why = QualifiedTemplate.str() + " " + Reason;
  return Type;
}

} // namespace clang::tidy::alloc
