// A standard container on an allocator of its own may grow inside an arena
// (a pool per compile), where growing makes no heap call: a reserve saves
// heap calls only if the allocator makes them. Silent by default; a profile
// that saw the appends allocate reports it as on std::allocator.
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -- -- -I%S/../Inputs
// RUN: %check_alloc_tidy -check-suffix=PROFILE %s alloc-reserve-in-loop %t.p \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.p.cpp %t.p.json \
// RUN:     --site=ids:int:4:64x70:poolIds --container='ids=std::vector<int, PoolAllocator<int> >'" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.p.json'}}" -- -I%S/../Inputs

#include "pool-allocator.h"
#include <string>
#include <vector>

using PoolString =
    std::basic_string<char, std::char_traits<char>, PoolAllocator<char>>;

// Negative without a profile: the pool serves the growth. The profile saw
// the push_back allocate 70 times: reported, with the reserve.
std::vector<int, PoolAllocator<int>> poolIds(const std::vector<int> &In) {
  std::vector<int, PoolAllocator<int>> Ids;
  for (int I : In)
    Ids.push_back(I); // site(ids@push_back)
  // CHECK-MESSAGES-PROFILE: :[[@LINE-1]]:5: warning: 'Ids' grows about log2(N) times as this loop appends N elements; reserving them first allocates once
  return Ids;
}
// CHECK-FIXES-PROFILE: Ids.reserve(In.size());

// Negative: a string on the pool, one piece per element.
PoolString poolNames(const std::vector<std::string> &In) {
  PoolString Names;
  for (const std::string &S : In)
    Names.append(S.data(), S.size());
  return Names;
}

// Negative: a class derived from a vector on the pool (glslang's TVector).
template <class T> struct PoolVector : std::vector<T, PoolAllocator<T>> {};
unsigned long poolDerived(const std::vector<int> &In) {
  PoolVector<int> Ids;
  for (int I : In)
    Ids.push_back(I);
  return Ids.size();
}

// Positive: the same vector on std::allocator.
std::vector<int> heapIds(const std::vector<int> &In) {
  std::vector<int> Ids;
  for (int I : In)
    Ids.push_back(I);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'Ids' grows about log2(N) times as this loop appends N elements; reserving them first allocates once
  // CHECK-MESSAGES-PROFILE: :[[@LINE-2]]:5: warning: 'Ids' grows about log2(N) times as this loop appends N elements; reserving them first allocates once
  return Ids;
}
// CHECK-FIXES: Ids.reserve(In.size());
