//===--- PaddingDecision.cpp - is a padded record worth a change? ---------===//

#include "lib/analysis/decisions/PaddingDecision.h"
#include <algorithm>

namespace alloc_tidy {

namespace {

using Kind = InstanceEvidence::Kind;

std::string bytes(uint64_t N) {
  return std::to_string(N) + (N == 1 ? " byte" : " bytes");
}

bool isBulk(const InstanceEvidence &E) {
  return E.What == Kind::ContainerElement || E.What == Kind::ArrayElement ||
         E.What == Kind::ArrayNew || E.What == Kind::MemberOf;
}

bool isHeap(const InstanceEvidence &E) {
  return E.What == Kind::LoopAllocation || E.What == Kind::HeapAllocation;
}

/// How \p E makes an instance, as a phrase after "each is ...".
std::string phrase(const InstanceEvidence &E) {
  const std::string At = " at " + E.Where;
  switch (E.What) {
  case Kind::ContainerElement:
  case Kind::ArrayNew:
    return "an element of '" + E.Via + "'" + At;
  case Kind::ArrayElement:
    return "an element of the array '" + E.Via + "'" + At;
  case Kind::LoopAllocation:
    return "allocated with '" + E.Via + "' in the loop" + At;
  case Kind::HeapAllocation:
    return "allocated with '" + E.Via + "'" + At;
  case Kind::MemberOf: {
    std::string Text = "a member of '" + E.Via + "'";
    if (!E.Inner.empty())
      Text += ", " + phrase(E.Inner.front());
    return Text;
  }
  }
  return "";
}

/// The instances \p E makes, when the code says how many (a member of a
/// counted array counts as many as the array has elements).
std::optional<uint64_t> countOf(const InstanceEvidence &E) {
  if (E.What == Kind::MemberOf)
    return E.Inner.empty() ? std::nullopt : countOf(E.Inner.front());
  return E.Count;
}

std::string bulkCost(const InstanceEvidence &E, uint64_t Saved) {
  const std::optional<uint64_t> Count = countOf(E);
  if (E.What == Kind::MemberOf)
    return "saves " + bytes(Saved) + " per instance; each is " + phrase(E) +
           (Count ? " (" + std::to_string(*Count) + " instances)" : "");
  if (Count && *Count > 1) {
    const std::string Of = E.What == Kind::ArrayElement
                               ? "the array '" + E.Via + "'"
                               : "'" + E.Via + "'";
    return "saves " + bytes(Saved) + " per element, " + bytes(Saved * *Count) +
           " for the " + std::to_string(*Count) + " elements of " + Of +
           " at " + E.Where;
  }
  return "saves " + bytes(Saved) + " per element of '" + E.Via + "' at " +
         E.Where;
}

std::string chunkText(uint64_t Now, uint64_t After) {
  return "takes a " + std::to_string(After) + "-byte malloc chunk instead of " +
         std::to_string(Now) + " (glibc, 64-bit)";
}

} // namespace

uint64_t glibcMallocChunk(uint64_t Size) {
  const uint64_t Chunk = (Size + 8 + 15) / 16 * 16;
  return std::max<uint64_t>(32, Chunk);
}

PaddingDecision decidePadding(const PaddingFacts &Facts,
                              const PaddingPolicy &Policy) {
  PaddingDecision D;
  const uint64_t Saved = Facts.SizeNow > Facts.SizeReordered
                             ? Facts.SizeNow - Facts.SizeReordered
                             : 0;
  if (Facts.SharedWithC && !Policy.WarnCRecords) {
    D.Why = "its layout is shared with C code (extern \"C\" or a header "
            "compiled as C); WarnCRecords reports it";
    return D;
  }
  if (!Facts.PublicInterface.empty() && !Policy.PublicInterfaceRecords) {
    D.Why = Facts.PublicInterface + "; PublicInterfaceRecords reports it";
    return D;
  }
  if (Saved == 0) {
    D.Why = "no field order is smaller";
    return D;
  }

  // The strongest evidence: a counted bulk (the most bytes), any bulk, a
  // heap allocation whose malloc chunk shrinks.
  std::optional<size_t> Best;
  uint64_t BestTotal = 0;
  std::string SmallTable;
  for (size_t I = 0; I < Facts.Evidence.size(); ++I) {
    const InstanceEvidence &E = Facts.Evidence[I];
    if (!isBulk(E))
      continue;
    // A union on the way that keeps its size saves nothing.
    if (savedThroughMembers(E, Saved) == 0)
      continue;
    // A constant table is written once by its initializer and never
    // allocated: below a page, its padding is not worth a change.
    if (E.ConstantTable && E.Count && Saved * *E.Count < SmallTableBytes &&
        !Policy.ReportAll) {
      if (SmallTable.empty())
        SmallTable = "its only many instances are the " +
                     std::to_string(*E.Count) +
                     " elements of the constant table '" + E.Via + "' at " +
                     E.Where + ", " + bytes(Saved * *E.Count) +
                     " in all and none allocated; ReportAll reports it";
      continue;
    }
    const uint64_t Total = countOf(E).value_or(0);
    if (!Best || Total > BestTotal) {
      Best = I;
      BestTotal = Total;
    }
  }
  std::string Cost;
  if (Best) {
    Cost = bulkCost(Facts.Evidence[*Best],
                    savedThroughMembers(Facts.Evidence[*Best], Saved));
  } else {
    const uint64_t ChunkNow = glibcMallocChunk(Facts.SizeNow);
    const uint64_t ChunkAfter = glibcMallocChunk(Facts.SizeReordered);
    std::string SameChunk;
    std::string SingleObject;
    for (size_t I = 0; I < Facts.Evidence.size() && !Best; ++I) {
      const InstanceEvidence &E = Facts.Evidence[I];
      if (!isHeap(E))
        continue;
      if (E.What == Kind::HeapAllocation && !E.Repeated &&
          !Policy.SingleHeapObjects) {
        if (SingleObject.empty())
          SingleObject = "allocated one object at a time with '" + E.Via +
                         "' at " + E.Where +
                         ", not in a loop; SingleHeapObjects reports it "
                         "when its malloc chunk shrinks";
        continue;
      }
      const std::string Each =
          "each '" + E.Via + "'" +
          (E.What == Kind::LoopAllocation ? " in the loop at " : " at ") +
          E.Where;
      if (!E.ExactChunk || !Facts.GlibcHeap) {
        // The library's control block is allocated with it, or the
        // allocator is not glibc's: the chunk is not known here, only that
        // there are many.
        if (E.What == Kind::LoopAllocation) {
          Best = I;
          Cost = "saves up to " + bytes(Saved) + " per object; " + Each +
                 " allocates one";
        }
        continue;
      }
      if (ChunkAfter < ChunkNow) {
        Best = I;
        Cost = Each + " " + chunkText(ChunkNow, ChunkAfter);
      } else if (SameChunk.empty()) {
        SameChunk = Each + " takes a " + std::to_string(ChunkNow) +
                    "-byte malloc chunk in either order (glibc, 64-bit)";
      }
    }
    if (!Best && !Policy.ReportAll) {
      D.Why = !SameChunk.empty()      ? SameChunk
              : !SingleObject.empty() ? SingleObject
              : !SmallTable.empty()
                  ? SmallTable
                  : "the translation unit shows no container, array or "
                    "loop allocation of it, so few instances; ReportAll "
                    "reports it";
      return D;
    }
  }
  if (!Facts.TailMustStay.empty()) {
    if (!Policy.ReportAll) {
      D.Why =
          "the saving needs its last field moved, but " + Facts.TailMustStay;
      return D;
    }
    D.FixAllowed = false;
    D.Why = Facts.TailMustStay + ", and every smaller order moves it";
  }
  D.Report = true;
  D.Cost = std::move(Cost);
  D.CostEvidence = Best;
  if (Best) {
    size_t Others = Facts.Evidence.size() - 1;
    if (Others)
      D.Cost +=
          "; " + std::to_string(Others) +
          (Others == 1 ? " other place creates" : " other places create") +
          " instances too";
  }
  return D;
}

} // namespace alloc_tidy
