//===- Counting.cpp - heapcount on Windows: what a hook counts ------------===//
//
// The per-thread state's slots, the counts per heap (for the report's
// "heaps"), the counting calls the hooks make, and the allocation stacks.
//
//===----------------------------------------------------------------------===//

#include "lib/heapcount/windows/HooksInternal.h"

#include <atomic>
#include <cstddef>
#include <cstdint>

using heapcount::Fn;
using heapcount::ThreadBlock;
using namespace heapcount::win;

// The per-thread state's TLS slots (HooksInternal.h), allocated at set-up.
DWORD heapcount::win::StateSlot = TLS_OUT_OF_INDEXES;
DWORD heapcount::win::NestedSlot = TLS_OUT_OF_INDEXES;

HeapEntry heapcount::win::Heaps[MaxHeaps + 1];

namespace {

HeapEntry &heapEntry(HANDLE Heap) {
  for (unsigned I = 0; I < MaxHeaps; ++I) {
    HANDLE Seen = Heaps[I].Handle.load(std::memory_order_acquire);
    if (Seen == Heap)
      return Heaps[I];
    if (!Seen && Heaps[I].Handle.compare_exchange_strong(Seen, Heap))
      return Heaps[I];
    if (Seen == Heap)
      return Heaps[I];
  }
  return Heaps[MaxHeaps];
}

void heapAlloc(HANDLE Heap, std::size_t Requested, std::size_t Bytes,
               bool Live = true) {
  if (!Heap || !heapcount::counting())
    return;
  HeapEntry &E = heapEntry(Heap);
  E.Allocs.fetch_add(1, heapcount::Relaxed);
  E.Bytes.fetch_add(Requested, heapcount::Relaxed);
  if (Live) {
    E.LiveBlocks.fetch_add(1, heapcount::Relaxed);
    E.LiveBytes.fetch_add(Bytes, heapcount::Relaxed);
  }
}

void heapFree(HANDLE Heap, std::size_t Bytes, bool Live = true) {
  if (!Heap || !heapcount::counting())
    return;
  HeapEntry &E = heapEntry(Heap);
  E.Frees.fetch_add(1, heapcount::Relaxed);
  if (Live) {
    E.LiveBlocks.fetch_sub(1, heapcount::Relaxed);
    E.LiveBytes.fetch_sub(Bytes, heapcount::Relaxed);
  }
}

} // namespace

// A call of F that made block P (null: failed) of Bytes bytes in Heap.
void heapcount::win::countAlloc(Fn F, std::size_t Requested, void *P,
                                std::size_t Bytes, HANDLE Heap) {
  ThreadBlock &T = block();
  if (!P) {
    heapcount::countCall(T, F);
    return;
  }
  heapcount::countAllocation(T, F, Requested, Bytes);
  heapAlloc(Heap, Requested, Bytes);
  if (heapcount::stackDepth() != 0)
    recordStack(Requested);
}

// A call of F that released P (null: nothing) of Bytes bytes.
void heapcount::win::countFree(Fn F, const void *P, std::size_t Bytes,
                               HANDLE Heap) {
  ThreadBlock &T = block();
  if (!P) {
    heapcount::countCall(T, F);
    return;
  }
  heapcount::countRelease(T, F, Bytes);
  heapFree(Heap, Bytes);
}

// A resize of a block of OldBytes, as valgrind counts realloc: one
// allocation and one free whether it moved, stayed or failed; Freed when
// the call released the block and made none (realloc to size 0).
void heapcount::win::countResize(Fn F, std::size_t OldBytes,
                                 std::size_t Requested, void *P,
                                 std::size_t Bytes, HANDLE Heap, bool Freed) {
  ThreadBlock &T = block();
  heapcount::countCall(T, F);
  if (Freed) {
    heapcount::addFree(T, OldBytes);
    heapFree(Heap, OldBytes);
    return;
  }
  heapcount::addFree(T, OldBytes, P != nullptr);
  heapcount::addAlloc(T, F, Requested, Bytes, P != nullptr);
  heapFree(Heap, OldBytes, P != nullptr);
  heapAlloc(Heap, Requested, Bytes, P != nullptr);
  if (P && heapcount::stackDepth() != 0)
    recordStack(Requested);
}

void heapcount::win::noteHeapCreated(Fn F, HANDLE Heap) {
  heapcount::countCall(block(), F);
  if (!Heap)
    return;
  HeapEntry &E = heapEntry(Heap);
  E.Created.store(true);
  E.Destroyed.store(false);
}

// A destroyed heap takes its blocks with it: they stop being live, without
// a free.
void heapcount::win::noteHeapDestroyed(Fn F, HANDLE Heap) {
  ThreadBlock &T = block();
  heapcount::countCall(T, F);
  HeapEntry &E = heapEntry(Heap);
  std::uint64_t Blocks = E.LiveBlocks.exchange(0);
  std::uint64_t Bytes = E.LiveBytes.exchange(0);
  heapcount::dropBlocks(T, Blocks, Bytes);
  E.Destroyed.store(true);
}

//===- Stacks -------------------------------------------------------------===//

void heapcount::win::recordStack(std::size_t Requested) {
  void *Frames[64 + 8];
  unsigned Depth = heapcount::stackDepth();
  USHORT Got = RtlCaptureStackBackTrace(1, Depth + 8, Frames, nullptr);
  // This library's own frames are not call sites.
  unsigned First = 0;
  while (First < Got && isOurs(Frames[First]))
    ++First;
  heapcount::addStack(Frames + First, Got - First, Requested);
}

void heapcount::win::setUpStacks(unsigned Depth, bool BySize) {
  std::size_t Bytes = heapcount::stackTableBytes(Depth, BySize);
  void *Table =
      VirtualAlloc(nullptr, Bytes, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
  if (Table)
    heapcount::setStackTable(Table, Depth, BySize);
}
