//===--- LayoutNotes.cpp - notes on what a fix-it does to a record --------===//

#include "checks/LayoutNotes.h"
#include "lib/layout/InlineVectorModel.h"
#include "lib/layout/LayoutBuilder.h"
#include "lib/layout/WhatIf.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/StringExtras.h"
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

static std::string entryLabel(const LayoutEntry &E) {
  switch (E.Kind) {
  case alloc_tidy::layout::EntryKind::VPtr:
  case alloc_tidy::layout::EntryKind::VBPtr:
  case alloc_tidy::layout::EntryKind::VtorDisp:
    return E.Name;
  case alloc_tidy::layout::EntryKind::Base:
    return "base '" + E.Name + "'";
  case alloc_tidy::layout::EntryKind::VirtualBase:
    return "virtual base '" + E.Name + "'";
  case alloc_tidy::layout::EntryKind::Field:
    break;
  }
  return "'" + E.Name + "'";
}

/// "7-byte hole after 'flag', 4 bytes of tail padding": where the padding
/// is now, at most four places (the warning already gives the total).
std::string paddingPlaces(const RecordLayout &L) {
  std::vector<std::string> Parts;
  unsigned Omitted = 0;
  for (const alloc_tidy::layout::Hole &H : L.Holes) {
    if (H.Size == 0)
      continue; // spare bits inside a byte
    if (Parts.size() == 4) {
      ++Omitted;
      continue;
    }
    std::string Where = H.AfterEntry < 0
                            ? "at the start"
                            : "after " + entryLabel(L.Entries[H.AfterEntry]);
    Parts.push_back("a " + std::to_string(H.Size) + "-byte hole " + Where);
  }
  if (Omitted)
    Parts.push_back(std::to_string(Omitted) + " more hole" +
                    (Omitted == 1 ? "" : "s"));
  if (L.TailPadding)
    Parts.push_back(std::to_string(L.TailPadding) + " byte" +
                    (L.TailPadding == 1 ? "" : "s") + " of tail padding");
  if (Parts.size() < 2)
    return Parts.empty() ? "" : Parts.front();
  std::string Last = Parts.back();
  Parts.pop_back();
  return llvm::join(Parts, ", ") + " and " + Last;
}

/// One line per member, after pahole: offset, size, declaration, with the
/// holes where they occur.
std::string memberTable(const RecordLayout &L) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "  offset  size  member";
  auto Row = [&](uint64_t Offset, uint64_t Size, const std::string &What) {
    OS << "\n  " << llvm::format_decimal(Offset, 6) << "  "
       << llvm::format_decimal(Size, 4) << "  " << What;
  };
  auto Holes = [&](int After) {
    for (const alloc_tidy::layout::Hole &H : L.Holes)
      if (H.AfterEntry == After && H.Size)
        Row(H.Offset, H.Size, "(hole)");
  };
  Holes(-1);
  for (size_t I = 0; I < L.Entries.size(); ++I) {
    const alloc_tidy::layout::LayoutEntry &E = L.Entries[I];
    std::string What;
    if (E.Kind == alloc_tidy::layout::EntryKind::Field) {
      What = E.Type + " " + E.Name;
      if (E.IsBitField) {
        // Bits counted from the entry's first byte.
        const uint64_t First = E.BitOffset - E.Offset * 8;
        const uint64_t Last = First + E.BitWidth - 1;
        What += " : " + std::to_string(E.BitWidth) +
                (First == Last ? " (bit " + std::to_string(First)
                               : " (bits " + std::to_string(First) + "-" +
                                     std::to_string(Last)) +
                ")";
      }
    } else {
      What = entryLabel(E);
    }
    Row(E.Offset, E.Size, What);
    Holes(static_cast<int>(I));
  }
  if (L.TailPadding)
    Row(L.Size - L.TailPadding, L.TailPadding, "(tail padding)");
  return Out;
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

std::vector<std::string>
vectorForDequeNotes(const FieldDecl &Field, bool IsStack, StringRef SpelledArgs,
                    Preprocessor *PP, ASTContext &Ctx, LayoutNoteStyle Style) {
  if (Style == LayoutNoteStyle::None)
    return {};
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Field.getType()->getAsCXXRecordDecl());
  if (!Spec)
    return {};
  std::string Why;
  QualType NewType;
  if (!IsStack) {
    NewType = specializationForNote(Ctx, PP, "std::vector",
                                    Spec->getTemplateArgs().asArray(), Why);
  } else if (Spec->getTemplateArgs().size() == 2) {
    // std::stack<T, std::deque<T, A>> -> std::stack<T, std::vector<T, A>>.
    const auto *Deque = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        Spec->getTemplateArgs()[1].getAsType()->getAsCXXRecordDecl());
    if (!Deque)
      return {};
    QualType Vector = specializationForNote(
        Ctx, PP, "std::vector", Deque->getTemplateArgs().asArray(), Why);
    if (!Vector.isNull()) {
      TemplateArgument Args[] = {Spec->getTemplateArgs()[0],
                                 TemplateArgument(Vector)};
      NewType = specializationForNote(Ctx, PP, "std::stack", Args, Why);
    }
  }
  // Named as the fix-it spells it, else as clang prints it (without the
  // default template arguments).
  std::string NewName = "a std::vector";
  if (!SpelledArgs.empty()) {
    NewName = !IsStack ? ("std::vector<" + SpelledArgs + ">").str()
                       : ("std::stack<" + SpelledArgs + ", std::vector<" +
                          SpelledArgs + ">>")
                             .str();
  } else if (const CXXRecordDecl *New =
                 NewType.isNull() ? nullptr : NewType->getAsCXXRecordDecl()) {
    NewName.clear();
    llvm::raw_string_ostream OS(NewName);
    New->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  }
  return memberTypeChangeNotes(Field, NewType, NewName, Why, Ctx, Style);
}

std::vector<std::string> smallVectorMemberNotes(
    const FieldDecl &Field, const alloc_tidy::InlineVectorClass &Target,
    bool InCode, QualType Element, StringRef SpelledElement, uint64_t Capacity,
    ASTContext &Ctx, LayoutNoteStyle Style) {
  if (Style == LayoutNoteStyle::None)
    return {};
  std::string Why;
  QualType NewType = alloc_tidy::inlineVectorModelType(Ctx, Target.Name,
                                                       Element, Capacity, Why);
  // Without a class in the code, the sizes are those of the option's
  // example, which the code need not use.
  std::string NewName = Target.spell(SpelledElement, Capacity);
  if (!InCode)
    NewName = "a small vector with room for " + std::to_string(Capacity) +
              " (sized as " + NewName + ")";
  return memberTypeChangeNotes(Field, NewType, NewName, Why, Ctx, Style);
}

} // namespace clang::tidy::alloc
