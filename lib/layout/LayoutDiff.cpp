//===--- LayoutDiff.cpp - what changed between two reports ----------------===//
//
// For CI gates: a change that makes a record larger should be seen before it
// is merged. Records are matched by qualified name, not by file:line, since
// an edit above a record moves it without changing it.
//
//===----------------------------------------------------------------------===//

#include "lib/layout/Report.h"
#include "lib/layout/ReportUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"
#include <algorithm>
#include <map>
#include <tuple>

namespace alloc_tidy {
namespace layout {

/// Pairs of (old, new) record indices, with -1 for a missing side.
using Match = std::pair<long, long>;

static std::vector<Match> matchRecords(const Report &Old, const Report &New) {
  // Group both sides by qualified name. A name that occurs once on each side
  // is one record even if it moved to another file; a name that occurs more
  // than once (local classes, anonymous namespaces in several files) pairs up
  // by file, then in order.
  std::map<std::string, std::pair<std::vector<long>, std::vector<long>>> ByName;
  for (size_t I = 0; I < Old.Records.size(); ++I)
    ByName[Old.Records[I].QualifiedName].first.push_back(static_cast<long>(I));
  for (size_t I = 0; I < New.Records.size(); ++I)
    ByName[New.Records[I].QualifiedName].second.push_back(static_cast<long>(I));

  std::vector<Match> Matches;
  for (auto &[Name, Sides] : ByName) {
    auto &[OldIdx, NewIdx] = Sides;
    if (OldIdx.size() == 1 && NewIdx.size() == 1) {
      Matches.emplace_back(OldIdx[0], NewIdx[0]);
      continue;
    }
    std::vector<bool> NewUsed(NewIdx.size());
    for (long O : OldIdx) {
      long Found = -1;
      for (size_t J = 0; J < NewIdx.size() && Found < 0; ++J)
        if (!NewUsed[J] && New.Records[NewIdx[J]].File == Old.Records[O].File) {
          NewUsed[J] = true;
          Found = NewIdx[J];
        }
      Matches.emplace_back(O, Found);
    }
    for (size_t J = 0; J < NewIdx.size(); ++J)
      if (!NewUsed[J])
        Matches.emplace_back(-1, NewIdx[J]);
  }
  return Matches;
}

/// Field names on one side only, and fields that differ in type, offset or
/// size, in the new record's order.
static void compareFields(const RecordLayout &Old, const RecordLayout &New,
                          RecordChange &C) {
  llvm::StringMap<const LayoutEntry *> OldFields;
  for (const LayoutEntry &E : Old.Entries)
    if (E.Kind == EntryKind::Field && !E.Name.empty())
      OldFields[E.Name] = &E;
  for (const LayoutEntry &E : New.Entries) {
    if (E.Kind != EntryKind::Field || E.Name.empty())
      continue;
    auto It = OldFields.find(E.Name);
    if (It == OldFields.end()) {
      C.AddedFields.push_back(E.Name);
      continue;
    }
    const LayoutEntry &O = *It->second;
    if (O.Type != E.Type || O.Offset != E.Offset || O.Size != E.Size ||
        O.BitOffset != E.BitOffset || O.BitWidth != E.BitWidth)
      C.ChangedFields.push_back(E.Name);
    OldFields.erase(It);
  }
  for (const LayoutEntry &E : Old.Entries)
    if (E.Kind == EntryKind::Field && OldFields.count(E.Name))
      C.RemovedFields.push_back(E.Name);
}

ReportDiff diffReports(const Report &Old, const Report &New,
                       uint64_t Threshold) {
  ReportDiff Diff;
  Diff.Threshold = Threshold;
  for (auto [O, N] : matchRecords(Old, New)) {
    RecordChange C;
    const RecordLayout *OL = O >= 0 ? &Old.Records[O] : nullptr;
    const RecordLayout *NL = N >= 0 ? &New.Records[N] : nullptr;
    const RecordLayout &Any = NL ? *NL : *OL;
    C.QualifiedName = Any.QualifiedName;
    C.File = Any.File;
    C.Line = Any.Line;
    if (OL) {
      C.OldSize = OL->Size;
      C.OldAlign = OL->Align;
      C.OldPadding = OL->PaddingBytes;
    }
    if (NL) {
      C.NewSize = NL->Size;
      C.NewAlign = NL->Align;
      C.NewPadding = NL->PaddingBytes;
    }
    if (!OL) {
      C.Kind = RecordChange::ChangeKind::Added;
    } else if (!NL) {
      C.Kind = RecordChange::ChangeKind::Removed;
    } else {
      if (C.OldSize == C.NewSize && C.OldAlign == C.NewAlign &&
          C.OldPadding == C.NewPadding)
        continue;
      compareFields(*OL, *NL, C);
    }
    if (C.growth() > Threshold)
      Diff.GrewBeyondThreshold = true;
    Diff.Changes.push_back(std::move(C));
  }
  // Largest growth first: that is what a reviewer of a CI failure reads
  // first. Then the shrunk or otherwise changed, the added, the removed.
  auto Rank = [](const RecordChange &C) {
    return C.Kind == RecordChange::ChangeKind::Changed ? 0
           : C.Kind == RecordChange::ChangeKind::Added ? 1
                                                       : 2;
  };
  // Sorted through an index so that equal changes keep their order.
  std::vector<size_t> Order(Diff.Changes.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  llvm::sort(Order, [&](size_t IA, size_t IB) {
    const RecordChange &A = Diff.Changes[IA], &B = Diff.Changes[IB];
    return std::make_tuple(Rank(A), ~A.growth(),
                           llvm::StringRef(A.QualifiedName), IA) <
           std::make_tuple(Rank(B), ~B.growth(),
                           llvm::StringRef(B.QualifiedName), IB);
  });
  std::vector<RecordChange> Sorted;
  Sorted.reserve(Order.size());
  for (size_t I : Order)
    Sorted.push_back(std::move(Diff.Changes[I]));
  Diff.Changes = std::move(Sorted);
  return Diff;
}

static std::string delta(uint64_t Old, uint64_t New) {
  if (Old == New)
    return std::to_string(New);
  std::string Sign = New > Old ? "+" : "-";
  return std::to_string(Old) + " -> " + std::to_string(New) + " (" + Sign +
         std::to_string(New > Old ? New - Old : Old - New) + ")";
}

void renderDiff(const ReportDiff &Diff, llvm::raw_ostream &OS) {
  unsigned Grown = 0, Changed = 0, Added = 0, Removed = 0;
  for (const RecordChange &C : Diff.Changes) {
    std::string Where =
        C.File.empty() ? "" : "  " + C.File + ":" + std::to_string(C.Line);
    switch (C.Kind) {
    case RecordChange::ChangeKind::Added:
      ++Added;
      OS << "added    " << C.QualifiedName << ": size " << C.NewSize
         << ", align " << C.NewAlign << ", padding " << C.NewPadding << Where
         << "\n";
      continue;
    case RecordChange::ChangeKind::Removed:
      ++Removed;
      OS << "removed  " << C.QualifiedName << ": size " << C.OldSize << Where
         << "\n";
      continue;
    case RecordChange::ChangeKind::Changed:
      break;
    }
    bool Grew = C.NewSize > C.OldSize;
    Grown += Grew;
    Changed += !Grew;
    OS << (Grew                    ? "grown    "
           : C.NewSize < C.OldSize ? "shrunk   "
                                   : "changed  ")
       << C.QualifiedName << ": size " << delta(C.OldSize, C.NewSize)
       << ", align " << delta(C.OldAlign, C.NewAlign) << ", padding "
       << delta(C.OldPadding, C.NewPadding) << Where << "\n";
    if (!C.AddedFields.empty())
      OS << "         new fields: " << llvm::join(C.AddedFields, ", ") << "\n";
    if (!C.RemovedFields.empty())
      OS << "         removed fields: " << llvm::join(C.RemovedFields, ", ")
         << "\n";
    if (!C.ChangedFields.empty())
      OS << "         changed fields: " << llvm::join(C.ChangedFields, ", ")
         << "\n";
  }
  if (Diff.Changes.empty()) {
    OS << "no layout changes\n";
    return;
  }
  OS << plural(Grown, "record", "records") << " grown, " << Changed
     << " otherwise changed, " << Added << " added, " << Removed
     << " removed\n";
  if (Diff.GrewBeyondThreshold)
    OS << "a record grew by more than "
       << plural(Diff.Threshold, "byte", "bytes") << "\n";
}

} // namespace layout
} // namespace alloc_tidy
