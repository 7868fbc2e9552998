// A container that outlives the function (a reference parameter, a member
// outside a constructor), cleared before the loop or not, is
// usually a buffer its owner keeps across calls: it grows only past the
// most it has held, so a reserve saves nothing after the first calls. By
// default only a profile that measures its appends allocating reports it;
// ReusedBuffers: true reports it without one. Locals are reported as
// before.
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -- -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=REUSED %s alloc-reserve-in-loop %t.reused \
// RUN:   -- -config="{CheckOptions: {alloc-reserve-in-loop.ReusedBuffers: true}}" -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=PROFILED %s alloc-reserve-in-loop %t.profiled \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.profiled.cpp %t.profiled.json \
// RUN:     --site=grows:int:4:1x20,2x20,4x20,8x20,16x20:append(std::vector<int>&,int) \
// RUN:     --site=warm:int:4:1x1,2x1,4x1:warm(std::vector<int>&,int)" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.profiled.json', MinProfiledAllocations: 10}}" -- -std=c++17
// RUN: %alloc_tidy --checks='-*,alloc-reserve-in-loop' --config='{}' --dump-config | FileCheck %s --check-prefix=DEFAULT
// RUN: %alloc_tidy --checks='-*,alloc-reserve-in-loop' --config="{CheckOptions: {alloc-reserve-in-loop.ReusedBuffers: true}}" --dump-config | FileCheck %s --check-prefix=ON
// DEFAULT: alloc-reserve-in-loop.ReusedBuffers: 'false'
// ON: alloc-reserve-in-loop.ReusedBuffers: 'true'

#include <string>
#include <vector>

// The caller's vector, appended to: silent by default.
void append(std::vector<int> &Out, int N) {
  for (int I = 0; I < N; ++I)
    Out.push_back(I); // site(grows@push_back)
  // CHECK-NOTES-REUSED: :[[@LINE-1]]:5: warning: 'Out' grows up to about log2(N) times as this loop appends N elements; reserving them first allocates at most once [alloc-reserve-in-loop]
  // CHECK-NOTES-REUSED: :[[@LINE-3]]:3: note: N = 'N > 0 ? N : 0'; reserve(Out.size() + (N > 0 ? N : 0)) goes before this loop
  // CHECK-NOTES-REUSED: :[[@LINE-4]]:3: note: no fix-it: 'Out' outlives this function and may already hold elements
  // CHECK-NOTES-PROFILED: :[[@LINE-4]]:5: warning: 'Out' grows up to about log2(N) times as this loop appends N elements; reserving them first allocates at most once [alloc-reserve-in-loop]
  // CHECK-NOTES-PROFILED: :[[@LINE-5]]:5: note: heapcount's profile: in the profiled run 'Out' grew 100 times at these appends
  // CHECK-NOTES-PROFILED: :[[@LINE-7]]:3: note: N = 'N > 0 ? N : 0'; reserve(Out.size() + (N > 0 ? N : 0)) goes before this loop
  // CHECK-NOTES-PROFILED: :[[@LINE-8]]:3: note: no fix-it: 'Out' outlives this function and may already hold elements
}

// Profiled, but the buffer was warm: 3 allocations, below the minimum.
void warm(std::vector<int> &Out, int N) {
  for (int I = 0; I < N; ++I)
    Out.push_back(I); // site(warm@push_back)
  // CHECK-NOTES-REUSED: :[[@LINE-1]]:5: warning: 'Out' grows up to about log2(N) times
  // CHECK-NOTES-REUSED: :[[@LINE-3]]:3: note: N = 'N > 0 ? N : 0'
  // CHECK-NOTES-REUSED: :[[@LINE-4]]:3: note: no fix-it: 'Out' outlives this function
}

// A string the caller owns: the same.
void appendTo(std::string &Out, const std::string &In) {
  for (char C : In)
    Out.push_back(C);
  // CHECK-NOTES-REUSED: :[[@LINE-1]]:5: warning: 'Out' grows up to about log2(N) times as this loop appends N characters
  // CHECK-NOTES-REUSED: :[[@LINE-3]]:3: note: N = 'In.size()'; reserve(Out.size() + In.size()) goes before this loop
  // CHECK-NOTES-REUSED: :[[@LINE-4]]:3: note: no fix-it: 'Out' outlives this function
}

// A member filled outside a constructor: a writer's output, kept.
struct Writer {
  std::vector<unsigned char> Bytes;
  void bytes(const std::vector<unsigned char> &In) {
    for (unsigned char B : In)
      Bytes.push_back(B);
    // CHECK-NOTES-REUSED: :[[@LINE-1]]:7: warning: 'Bytes' grows up to about log2(N) times
    // CHECK-NOTES-REUSED: :[[@LINE-3]]:5: note: N = 'In.size()'; reserve(Bytes.size() + In.size()) goes before this loop
    // CHECK-NOTES-REUSED: :[[@LINE-4]]:5: note: no fix-it: 'Bytes' outlives this function
  }
};

// Cleared right before the loop: it starts empty but keeps its capacity,
// so it is the same buffer, silent by default (re2c's expand_fintags clears
// the vector its callers keep across tags). With the option, the fix-it
// reserves N: size() is 0 there, and nothing grows it per call. (The profile
// covers this file and saw no allocation here: silent with it.)
void refill(std::vector<int> &Out, int N) {
  Out.clear();
  for (int I = 0; I < N; ++I)
    Out.push_back(I);
  // CHECK-NOTES-REUSED: :[[@LINE-1]]:5: warning: 'Out' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-NOTES-REUSED: :[[@LINE-3]]:3: note: N = 'N > 0 ? N : 0'; reserve(N > 0 ? N : 0) goes before this loop
}
// CHECK-FIXES-REUSED: {{^}}  Out.reserve(N > 0 ? N : 0);{{$}}

// Reported by default: a local that holds one element before the loop is
// new on every call, so it grows from that element each time.
std::vector<int> headed(int Head, int N) {
  std::vector<int> Out;
  Out.push_back(Head);
  for (int I = 0; I < N; ++I)
    Out.push_back(I);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'Out' grows up to about log2(N) times as this loop appends N elements; reserving them first allocates at most once [alloc-reserve-in-loop]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'N > 0 ? N : 0'; reserve(Out.size() + (N > 0 ? N : 0)) goes before this loop
  // CHECK-NOTES-REUSED: :[[@LINE-3]]:5: warning: 'Out' grows up to about log2(N) times
  // CHECK-NOTES-REUSED: :[[@LINE-5]]:3: note: N = 'N > 0 ? N : 0'
  return Out;
}
// CHECK-FIXES: {{^}}  Out.reserve(Out.size() + (N > 0 ? N : 0));{{$}}
// CHECK-FIXES-REUSED: {{^}}  Out.reserve(Out.size() + (N > 0 ? N : 0));{{$}}
