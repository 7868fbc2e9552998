//===--- StlFacts.cpp -----------------------------------------------------===//

#include "lib/analysis/facts/StlFacts.h"
#include "lib/analysis/ast/AstWalk.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>

namespace alloc_tidy {

StlFlavor detectStl(clang::Preprocessor &PP) {
  // Each library defines its own version macro in its configuration header,
  // which every standard header includes.
  if (PP.isMacroDefined("_LIBCPP_VERSION"))
    return StlFlavor::LibCxx;
  if (PP.isMacroDefined("__GLIBCXX__"))
    return StlFlavor::LibStdCxx;
  if (PP.isMacroDefined("_MSVC_STL_VERSION") ||
      PP.isMacroDefined("_CPPLIB_VER"))
    return StlFlavor::Msvc;
  return StlFlavor::Unknown;
}

std::optional<StlFlavor> parseStlFlavor(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<StlFlavor>>(Name)
      .Case("libstdc++", StlFlavor::LibStdCxx)
      .Case("libc++", StlFlavor::LibCxx)
      .Case("msvc", StlFlavor::Msvc)
      .Default(std::nullopt);
}

llvm::StringRef stlDisplayName(StlFlavor Flavor) {
  switch (Flavor) {
  case StlFlavor::LibStdCxx:
    return "libstdc++";
  case StlFlavor::LibCxx:
    return "libc++";
  case StlFlavor::Msvc:
    return "the MSVC STL";
  case StlFlavor::Unknown:
    break;
  }
  return "this standard library";
}

std::optional<DequeBlockFacts> dequeBlockFacts(StlFlavor Flavor,
                                               uint64_t ElementSize) {
  if (ElementSize == 0)
    ElementSize = 1;
  uint64_t PerBlock = 0;
  uint64_t WhenEmpty = 0;
  switch (Flavor) {
  case StlFlavor::LibStdCxx:
    // bits/stl_deque.h, __deque_buf_size: 512-byte nodes, at least one
    // element; the map and one node exist from construction on.
    PerBlock = ElementSize < 512 ? 512 / ElementSize : 1;
    WhenEmpty = 1;
    break;
  case StlFlavor::LibCxx:
    // <deque>, __deque_block_size: 4096 bytes for small elements, else 16.
    PerBlock = ElementSize < 256 ? 4096 / ElementSize : 16;
    break;
  case StlFlavor::Msvc:
    // <deque>, _Block_size: 16 bytes per block, so any element over 8 bytes
    // sits alone in its own block.
    PerBlock = ElementSize <= 1   ? 16
               : ElementSize <= 2 ? 8
               : ElementSize <= 4 ? 4
               : ElementSize <= 8 ? 2
                                  : 1;
    break;
  case StlFlavor::Unknown:
    return std::nullopt;
  }
  return DequeBlockFacts{PerBlock, PerBlock * ElementSize, WhenEmpty};
}

uint64_t dequeBlockAllocations(const DequeBlockFacts &Facts, uint64_t Count) {
  uint64_t Needed =
      (Count + Facts.ElementsPerBlock - 1) / Facts.ElementsPerBlock;
  if (Facts.BlocksWhenEmpty) {
    // libstdc++ allocates the next node when the current one becomes full,
    // so it always holds one node beyond the elements.
    Needed = Count / Facts.ElementsPerBlock + 1;
  }
  return Needed;
}

uint64_t dequeAllocations(const DequeBlockFacts &Facts, uint64_t Count) {
  return dequeBlockAllocations(Facts, Count) + 1;
}

std::optional<uint64_t> vectorGrowthAllocations(StlFlavor Flavor,
                                                uint64_t Count) {
  if (Flavor == StlFlavor::Unknown)
    return std::nullopt;
  uint64_t Allocations = 0;
  for (uint64_t Capacity = 0; Capacity < Count; ++Allocations) {
    if (Flavor == StlFlavor::Msvc) {
      // <vector>, _Calculate_growth: half again, or what is asked for when
      // that is more.
      uint64_t Geometric = Capacity + Capacity / 2;
      Capacity = Geometric < Capacity + 1 ? Capacity + 1 : Geometric;
    } else {
      // libstdc++ _M_check_len: size + max(size, 1); libc++ __recommend:
      // max(2 * capacity, size + 1). Both double from 1.
      Capacity = Capacity == 0 ? 1 : 2 * Capacity;
    }
  }
  return Allocations;
}

std::optional<uint64_t> stringInlineCapacity(StlFlavor Flavor,
                                             uint64_t CharSize) {
  if (CharSize == 0)
    CharSize = 1;
  switch (Flavor) {
  case StlFlavor::LibStdCxx:
    // basic_string.h: _S_local_capacity = 15 / sizeof(_CharT).
    return 15 / CharSize;
  case StlFlavor::LibCxx:
    // <string>, __min_cap: 23 bytes of the 24-byte object on 64-bit
    // targets, less the terminator.
    return 23 / CharSize - 1;
  case StlFlavor::Msvc:
    // xstring, _BUF_SIZE = 16 / sizeof(_Elem), less the terminator.
    return (16 / CharSize > 1 ? 16 / CharSize : 1) - 1;
  case StlFlavor::Unknown:
    break;
  }
  return std::nullopt;
}

uint64_t stringInlineCapacityOrLargest(StlFlavor Flavor, uint64_t CharSize) {
  if (std::optional<uint64_t> Known = stringInlineCapacity(Flavor, CharSize))
    return *Known;
  uint64_t Largest = 0;
  for (StlFlavor Each :
       {StlFlavor::LibStdCxx, StlFlavor::LibCxx, StlFlavor::Msvc})
    Largest =
        std::max(Largest, stringInlineCapacity(Each, CharSize).value_or(0));
  return Largest;
}

std::optional<uint64_t>
stringGrowthAllocations(StlFlavor Flavor, uint64_t CharSize, uint64_t Count) {
  if (Flavor != StlFlavor::LibStdCxx)
    return std::nullopt;
  // basic_string.tcc, _M_create: a capacity asked for one at a time is
  // rounded up to twice the old one.
  uint64_t Capacity = 15 / (CharSize ? CharSize : 1);
  uint64_t Allocations = 0;
  for (; Capacity < Count; ++Allocations)
    Capacity = Capacity == 0 ? 1 : 2 * Capacity;
  return Allocations;
}

bool isAllocatingStdTemplate(llvm::StringRef Name) {
  static constexpr llvm::StringLiteral Names[] = {"vector",
                                                  "deque",
                                                  "list",
                                                  "forward_list",
                                                  "basic_string",
                                                  "set",
                                                  "multiset",
                                                  "map",
                                                  "multimap",
                                                  "unordered_set",
                                                  "unordered_multiset",
                                                  "unordered_map",
                                                  "unordered_multimap"};
  return llvm::is_contained(Names, Name);
}

const clang::ClassTemplateSpecializationDecl *
allocatingStdClass(clang::QualType T) {
  const auto *Spec =
      llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
          T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !isWithinStd(Spec) ||
      !isAllocatingStdTemplate(Spec->getSpecializedTemplate()->getName()))
    return nullptr;
  return Spec;
}

bool hasStandardAllocator(const clang::ClassTemplateSpecializationDecl &Spec) {
  const clang::TemplateArgumentList &Args = Spec.getTemplateArgs();
  if (Args.size() == 0 ||
      Args[Args.size() - 1].getKind() != clang::TemplateArgument::Type)
    return false;
  const auto *Allocator =
      llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
          Args[Args.size() - 1].getAsType()->getAsCXXRecordDecl());
  return Allocator && Allocator->getIdentifier() &&
         Allocator->getName() == "allocator" && isWithinStd(Allocator);
}

} // namespace alloc_tidy
