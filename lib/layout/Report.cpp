//===--- Report.cpp - text and Markdown renderers -------------------------===//
//
// The text format follows pahole because that is what people who tune
// layouts already read: the type, the member, and a comment with offset and
// size; holes as comment lines where they occur; a summary at the end. The
// Markdown format is for reviews: a table per record with padding rows.
//
//===----------------------------------------------------------------------===//

#include "lib/layout/Report.h"
#include "lib/layout/ReportUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include <algorithm>
#include <tuple>

namespace alloc_tidy {
namespace layout {

uint64_t totalPaddingBytes(const Report &R) {
  uint64_t Total = 0;
  for (const RecordLayout &L : R.Records)
    Total += L.PaddingBytes;
  return Total;
}

std::vector<size_t> mostWasteful(const Report &R, unsigned N) {
  std::vector<size_t> Indices;
  for (size_t I = 0; I < R.Records.size(); ++I)
    if (R.Records[I].PaddingBytes > 0 || reorderSavings(R.Records[I]) > 0)
      Indices.push_back(I);
  // A total order, so that two runs over the same project list the same
  // records even when many have the same padding.
  llvm::sort(Indices, [&](size_t A, size_t B) {
    const RecordLayout &LA = R.Records[A], &LB = R.Records[B];
    return std::make_tuple(LB.PaddingBytes, reorderSavings(LB),
                           llvm::StringRef(LA.QualifiedName), A) <
           std::make_tuple(LA.PaddingBytes, reorderSavings(LA),
                           llvm::StringRef(LB.QualifiedName), B);
  });
  if (Indices.size() > N)
    Indices.resize(N);
  return Indices;
}

const ReorderResult *betterOrder(const RecordLayout &L) {
  return L.Optimal && L.Optimal->Size < L.Size ? &*L.Optimal : nullptr;
}

std::string entryTypeText(const LayoutEntry &E) {
  if (!E.Type.empty())
    return E.Type;
  switch (E.Kind) {
  case EntryKind::VPtr:
    return "vtable pointer";
  case EntryKind::VBPtr:
    return "vbtable pointer";
  case EntryKind::VtorDisp:
    return "vtordisp";
  case EntryKind::Base:
  case EntryKind::VirtualBase:
  case EntryKind::Field:
    break;
  }
  return E.Name;
}

std::string entryNameText(const LayoutEntry &E) {
  switch (E.Kind) {
  case EntryKind::Base:
    return E.IsPrimaryBase ? "<primary base>" : "<base>";
  case EntryKind::VirtualBase:
    return "<virtual base>";
  case EntryKind::VPtr:
  case EntryKind::VBPtr:
  case EntryKind::VtorDisp:
  case EntryKind::Field:
    break;
  }
  if (E.IsBitField)
    return (E.Name.empty() ? "<unnamed>" : E.Name) + " : " +
           std::to_string(E.BitWidth);
  return E.Name;
}

std::string bitsText(const LayoutEntry &E) {
  // A width of 0 only comes from a hand-written report; no underflow for it.
  if (E.BitWidth == 0)
    return "no bits";
  if (E.BitWidth == 1)
    return "bit " + std::to_string(E.BitOffset);
  return "bits " + std::to_string(E.BitOffset) + "-" +
         std::to_string(E.BitOffset + E.BitWidth - 1);
}

uint64_t bitInUnit(const LayoutEntry &E) {
  uint64_t Start = E.Offset * 8;
  return E.BitOffset >= Start ? E.BitOffset - Start : E.BitOffset;
}

std::string recordTitle(const RecordLayout &L) {
  return (L.Kind.empty() ? std::string("struct") : L.Kind) + " " +
         (L.QualifiedName.empty() ? L.Name : L.QualifiedName);
}

std::string location(const RecordLayout &L) {
  if (L.File.empty())
    return "";
  return L.File + ":" + std::to_string(L.Line);
}

std::string abiTitle(llvm::StringRef Abi) {
  if (Abi == "microsoft")
    return "Microsoft C++ ABI";
  if (Abi == "itanium")
    return "Itanium C++ ABI";
  return Abi.str();
}

std::vector<std::vector<const Hole *>> holesByEntry(const RecordLayout &L) {
  // Slot 0 holds the holes at the start, slot I + 1 those after entry I; a
  // hole whose entry index is out of range (a hand-edited report) goes last
  // rather than being lost.
  std::vector<std::vector<const Hole *>> Slots(L.Entries.size() + 1);
  for (const Hole &H : L.Holes) {
    size_t Slot = H.AfterEntry < 0 ? 0 : static_cast<size_t>(H.AfterEntry) + 1;
    Slots[std::min(Slot, L.Entries.size())].push_back(&H);
  }
  return Slots;
}

std::string plural(uint64_t N, llvm::StringRef One, llvm::StringRef Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many).str();
}

std::string summaryText(const RecordLayout &L) {
  std::string S = "size: " + std::to_string(L.Size) +
                  ", align: " + std::to_string(L.Align) +
                  ", members: " + std::to_string(fieldCount(L)) +
                  ", holes: " + std::to_string(L.Holes.size());
  if (uint64_t Holes = holeBytes(L))
    S += " (" + plural(Holes, "byte", "bytes") + ")";
  S += ", padding: " + plural(L.PaddingBytes, "byte", "bytes");
  if (uint64_t Bits = holeBits(L))
    S += " + " + plural(Bits, "bit", "bits");
  S += ", cache lines: " + std::to_string(L.CacheLines);
  if (L.IsPacked)
    S += ", packed";
  return S;
}

uint64_t holeBits(const RecordLayout &L) {
  uint64_t Bits = 0;
  for (const Hole &H : L.Holes)
    Bits += H.Bits;
  return Bits;
}

static std::string holeText(const Hole &H) {
  std::string S;
  if (H.Size)
    S = plural(H.Size, "byte", "bytes");
  if (H.Bits)
    S += (S.empty() ? "" : " ") + plural(H.Bits, "bit", "bits");
  return S + " hole";
}

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

static void renderTextRecord(const RecordLayout &L, llvm::raw_ostream &OS) {
  OS << recordTitle(L) << " {";
  if (!L.File.empty())
    OS << "  // " << location(L);
  OS << "\n";

  // Columns as wide as the longest type and member, within reason: a
  // 200-character template argument list should not push every comment off
  // the screen.
  size_t TypeWidth = 1, NameWidth = 1;
  for (const LayoutEntry &E : L.Entries) {
    TypeWidth = std::max(TypeWidth, entryTypeText(E).size());
    NameWidth = std::max(NameWidth, entryNameText(E).size() + 1);
  }
  TypeWidth = std::min<size_t>(TypeWidth, 40);
  NameWidth = std::min<size_t>(NameWidth, 30);

  auto HoleLines = [&](const std::vector<const Hole *> &Holes) {
    for (const Hole *H : Holes)
      OS << "    /* XXX " << holeText(*H)
         << (H->Size ? ", try to pack */\n" : " */\n");
  };
  std::vector<std::vector<const Hole *>> Slots = holesByEntry(L);
  HoleLines(Slots[0]);
  for (size_t I = 0; I < L.Entries.size(); ++I) {
    const LayoutEntry &E = L.Entries[I];
    std::string Offset = std::to_string(E.Offset);
    if (E.IsBitField)
      Offset += ":" + std::to_string(bitInUnit(E));
    OS << "    " << llvm::left_justify(entryTypeText(E), TypeWidth) << " "
       << llvm::left_justify(entryNameText(E) + ";", NameWidth) << " /* "
       << llvm::right_justify(Offset, 6) << " "
       << llvm::right_justify(std::to_string(E.Size), 5);
    if (E.IsBitField)
      OS << "  " << bitsText(E);
    if (E.IsNoUniqueAddress)
      OS << "  [[no_unique_address]]";
    if (E.IsEmpty)
      OS << "  empty";
    OS << " */\n";
    HoleLines(Slots[I + 1]);
  }
  if (L.TailPadding)
    OS << "    /* XXX " << plural(L.TailPadding, "byte", "bytes")
       << " tail padding */\n";
  OS << "\n    /* " << summaryText(L) << " */\n";
  if (const ReorderResult *Better = betterOrder(L))
    OS << "    /* better order: " << llvm::join(Better->FieldOrder, ", ")
       << " -> " << Better->Size << " bytes (saves " << reorderSavings(L)
       << ") */\n";
  OS << "};\n";
}

void renderText(const Report &R, llvm::raw_ostream &OS,
                const RenderOptions &Options) {
  OS << "// alloc-layout: " << plural(R.Records.size(), "record", "records")
     << " from "
     << plural(R.TranslationUnits, "translation unit", "translation units");
  if (!R.Target.empty())
    OS << ", target " << R.Target;
  if (!R.Abi.empty())
    OS << " (" << abiTitle(R.Abi) << ")";
  OS << "\n";
  for (const RecordLayout &L : R.Records) {
    OS << "\n";
    renderTextRecord(L, OS);
  }
  OS << "\n// total: " << plural(totalPaddingBytes(R), "byte", "bytes")
     << " of padding in " << plural(R.Records.size(), "record", "records")
     << "\n";
  std::vector<size_t> Top = mostWasteful(R, Options.TopN);
  if (Top.empty())
    return;
  OS << "// most padding:\n";
  for (size_t I : Top) {
    const RecordLayout &L = R.Records[I];
    OS << "//   " << llvm::right_justify(std::to_string(L.PaddingBytes), 5)
       << " of " << llvm::left_justify(std::to_string(L.Size), 5) << " "
       << (L.QualifiedName.empty() ? L.Name : L.QualifiedName);
    if (const ReorderResult *Better = betterOrder(L))
      OS << " (reordered: " << Better->Size << ")";
    if (!L.File.empty())
      OS << "  " << location(L);
    OS << "\n";
  }
}

//===----------------------------------------------------------------------===//
// Markdown
//===----------------------------------------------------------------------===//

/// Text in a table cell as a code span: a '|' would end the cell even
/// inside backticks (GitHub's tables split cells before parsing code).
static std::string mdCode(llvm::StringRef Text) {
  if (Text.empty())
    return "";
  std::string Escaped;
  for (char C : Text) {
    if (C == '|')
      Escaped += '\\';
    Escaped += C;
  }
  // A backtick inside needs a longer fence.
  llvm::StringRef Fence = Text.contains('`') ? "`` " : "`";
  llvm::StringRef Close = Text.contains('`') ? " ``" : "`";
  return (Fence + Escaped + Close).str();
}

static void renderMarkdownRecord(const RecordLayout &L, llvm::raw_ostream &OS) {
  OS << "## " << (L.Kind.empty() ? "struct" : L.Kind) << " "
     << mdCode(L.QualifiedName.empty() ? L.Name : L.QualifiedName) << "\n\n";
  if (!L.File.empty())
    OS << "Defined at " << mdCode(location(L)) << ".\n\n";
  OS << "| Offset | Member | Type | Size |\n";
  OS << "|---:|---|---|---:|\n";
  auto HoleRows = [&](const std::vector<const Hole *> &Holes) {
    for (const Hole *H : Holes) {
      if (H->Size)
        OS << "| " << H->Offset << " | *padding* | | **" << H->Size << "** |\n";
      if (H->Bits)
        OS << "| " << H->Offset << " | *padding (" << H->Bits
           << (H->Bits == 1 ? " bit" : " bits") << ")* | | |\n";
    }
  };
  std::vector<std::vector<const Hole *>> Slots = holesByEntry(L);
  HoleRows(Slots[0]);
  for (size_t I = 0; I < L.Entries.size(); ++I) {
    const LayoutEntry &E = L.Entries[I];
    OS << "| " << E.Offset;
    if (E.IsBitField)
      OS << " (bit " << bitInUnit(E) << ")";
    OS << " | " << mdCode(entryNameText(E)) << " | " << mdCode(entryTypeText(E))
       << " | " << E.Size;
    if (E.IsBitField)
      OS << " (" << plural(E.BitWidth, "bit", "bits") << ")";
    OS << " |\n";
    HoleRows(Slots[I + 1]);
  }
  if (L.TailPadding)
    OS << "| " << L.Size - L.TailPadding << " | *tail padding* | | **"
       << L.TailPadding << "** |\n";
  OS << "\n"
     << "Size " << plural(L.Size, "byte", "bytes") << ", align " << L.Align
     << ", " << plural(fieldCount(L), "member", "members") << ", "
     << plural(L.Holes.size(), "hole", "holes") << ", "
     << plural(L.PaddingBytes, "padding byte", "padding bytes") << ", "
     << plural(L.CacheLines, "cache line", "cache lines")
     << (L.IsPacked ? ", packed" : "") << ".\n";
  if (const ReorderResult *Better = betterOrder(L)) {
    OS << "A better order gives " << Better->Size << " bytes (saves "
       << reorderSavings(L) << "):";
    llvm::ListSeparator Sep(",");
    for (const std::string &Name : Better->FieldOrder)
      OS << Sep << " " << mdCode(Name);
    OS << ".\n";
  }
}

void renderMarkdown(const Report &R, llvm::raw_ostream &OS,
                    const RenderOptions &Options) {
  OS << "# Record layouts\n\n"
     << plural(R.Records.size(), "record", "records") << " from "
     << plural(R.TranslationUnits, "translation unit", "translation units");
  if (!R.Target.empty())
    OS << ", target " << mdCode(R.Target);
  if (!R.Abi.empty())
    OS << " (" << abiTitle(R.Abi) << ")";
  OS << "; " << plural(totalPaddingBytes(R), "padding byte", "padding bytes")
     << " in all.\n";
  for (const RecordLayout &L : R.Records) {
    OS << "\n";
    renderMarkdownRecord(L, OS);
  }
  std::vector<size_t> Top = mostWasteful(R, Options.TopN);
  if (Top.empty())
    return;
  OS << "\n## Most padding\n\n"
     << "| Record | Size | Padding | Reordered size | Defined at |\n"
     << "|---|---:|---:|---:|---|\n";
  for (size_t I : Top) {
    const RecordLayout &L = R.Records[I];
    OS << "| " << mdCode(L.QualifiedName.empty() ? L.Name : L.QualifiedName)
       << " | " << L.Size << " | " << L.PaddingBytes << " | ";
    if (const ReorderResult *Better = betterOrder(L))
      OS << Better->Size;
    OS << " | " << mdCode(location(L)) << " |\n";
  }
}

} // namespace layout
} // namespace alloc_tidy
