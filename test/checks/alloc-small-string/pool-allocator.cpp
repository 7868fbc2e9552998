// A string on an allocator of its own may draw from an arena that is reset
// or freed (a pool per compile): a 'static const' one would keep memory the
// arena takes back, so only strings on std::allocator are reported.
// RUN: %check_alloc_tidy %s alloc-small-string %t -- -- -I%S/../Inputs

#include "pool-allocator.h"
#include <string>

using PoolString =
    std::basic_string<char, std::char_traits<char>, PoolAllocator<char>>;

void define(const PoolString &Name);
void defineStd(const std::string &Name);

// Negative: the local and the temporary live on the pool.
void builtIns() {
  PoolString Prototype = "float4 texture(sampler2D, float2) with a long tail";
  define(Prototype);
  define(PoolString("float4 texture(sampler3D, float3) with a long tail"));
}

// Positive: the same on std::allocator.
void builtInsStd() {
  std::string Prototype = "float4 texture(sampler2D, float2) with a long tail";
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'Prototype' is a std::string built from a string literal
  defineStd(Prototype);
}
// CHECK-FIXES: static const std::string Prototype = "float4 texture(sampler2D, float2) with a long tail";
