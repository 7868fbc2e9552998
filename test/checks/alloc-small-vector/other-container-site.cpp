// A statement that reads a vector can allocate for another container: the
// string built from the vector's characters on return. heapcount names the
// container each site grows; a site of a std::basic_string (or any other
// standard container that is no vector) is not the vector's, even with the
// same element: it is neither counted in the vector's allocations nor in
// the saving the warning predicts (wabt's StringPrintf predicted 2,349
// where 1,869 were saved). The fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-small-vector %t \
// RUN:   --prepare="python3 %S/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=buffer:char:1:20x1000,80x10:format(char\ const*,\ unsigned\ long) \
// RUN:     --site=result:char:1:20x400:format(char\ const*,\ unsigned\ long) \
// RUN:     --container=result=string" \
// RUN:   -- -config="{CheckOptions: {alloc-small-vector.ProfileFile: '%t.json'}}" -- -std=c++17

#include <cstring>
#include <string>
#include <vector>

std::string format(const char *Text, unsigned long Extra) {
  std::size_t Length = std::strlen(Text) + Extra;
  std::vector<char> Buffer(Length + 1); // site(buffer@Buffer)
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: 'Buffer' asked for at most 20 elements in 1000 of the 1010 allocations heapcount profiled for it; a std::pmr::vector<char> on a buffer on the stack keeps them inline and saves those allocations [alloc-small-vector]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: a buffer of 40 elements on the stack holds 'Buffer' as it grows to 20 elements; past it, the memory comes from the heap as before
  // CHECK-NOTES: :[[@LINE-3]]:3: note: heapcount's profile: 1010 allocations here, in 'format(char const*, unsigned long)', for 20 to 80 elements; 1000 of them for 20 or fewer
  // CHECK-NOTES: :[[@LINE-4]]:21: note: heapcount's profile: 1,010 allocations at its code in the profiled run; an inline buffer of 20 elements would save about 1,000 allocations
  // CHECK-NOTES: :[[@LINE-5]]:21: note: beyond 20 elements it allocates as a std::vector does: 10 of the profiled allocations asked for more (up to 80); alloc-small-vector.ProfileCoverage is 0.9
  // CHECK-FIXES: {{^}}  alignas(char) unsigned char BufferBuffer[sizeof(char) * 40];{{$}}
  // CHECK-FIXES-NEXT: {{^}}  std::pmr::monotonic_buffer_resource BufferArena(BufferBuffer, sizeof(BufferBuffer));{{$}}
  // CHECK-FIXES-NEXT: {{^}}  std::pmr::vector<char> Buffer(Length + 1, &BufferArena); //{{.*}}
  std::memcpy(Buffer.data(), Text, std::strlen(Text));
  return std::string(Buffer.data(), Length); // site(result@std::string)
}
