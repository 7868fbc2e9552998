//===--- LayoutModel.cpp - queries over a RecordLayout
//---------------------===//

#include "lib/layout/LayoutModel.h"

namespace alloc_tidy {
namespace layout {

uint64_t holeBytes(const RecordLayout &Layout) {
  uint64_t Bytes = 0;
  for (const Hole &H : Layout.Holes)
    Bytes += H.Size;
  return Bytes;
}

uint64_t reorderSavings(const RecordLayout &Layout) {
  if (!Layout.Optimal || Layout.Optimal->Size >= Layout.Size)
    return 0;
  return Layout.Size - Layout.Optimal->Size;
}

unsigned fieldCount(const RecordLayout &Layout) {
  unsigned Count = 0;
  for (const LayoutEntry &E : Layout.Entries)
    Count += E.Kind == EntryKind::Field;
  return Count;
}

const LayoutEntry *findField(const RecordLayout &Layout,
                             const std::string &Name) {
  for (const LayoutEntry &E : Layout.Entries)
    if (E.Kind == EntryKind::Field && E.Name == Name)
      return &E;
  return nullptr;
}

} // namespace layout
} // namespace alloc_tidy
