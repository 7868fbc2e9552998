//===--- InlineVectorClasses.cpp - vectors with an inline buffer ----------===//
//
// First version: every preset is assumed to offer std::vector's members.
// The tables are narrowed to the real interfaces (and tested against the
// real headers) in lib/analysis/unittests/InlineVectorClassesTest.cpp.
//
//===----------------------------------------------------------------------===//

#include "lib/analysis/InlineVectorClasses.h"
#include "llvm/ADT/Twine.h"

namespace alloc_tidy {

bool InlineVectorClass::hasMember(llvm::StringRef) const { return true; }

bool InlineVectorClass::hasConstruction(VectorConstruction) const {
  return true;
}

std::string InlineVectorClass::spell(llvm::StringRef Element,
                                     uint64_t Capacity) const {
  return (llvm::Twine(Name) + "<" + Element + ", " + llvm::Twine(Capacity) +
          ">")
      .str();
}

llvm::ArrayRef<InlineVectorClass> inlineVectorPresets() {
  static const InlineVectorClass Presets[] = {
      {"boost::container::small_vector", "<boost/container/small_vector.hpp>"},
      {"llvm::SmallVector", "\"llvm/ADT/SmallVector.h\""},
      {"absl::InlinedVector", "\"absl/container/inlined_vector.h\""},
      {"folly::small_vector", "<folly/small_vector.h>"},
  };
  return Presets;
}

const InlineVectorClass *findInlineVectorPreset(llvm::StringRef Name) {
  Name.consume_front("::");
  for (const InlineVectorClass &Class : inlineVectorPresets())
    if (Class.Name == Name)
      return &Class;
  return nullptr;
}

bool resolveInlineVectorClass(llvm::StringRef Name, llvm::StringRef Header,
                              InlineVectorClass &Result, std::string &Error) {
  if (const InlineVectorClass *Preset = findInlineVectorPreset(Name)) {
    Result = *Preset;
    if (!Header.empty())
      Result.Header = Header;
    return true;
  }
  Error = "unknown class";
  return false;
}

} // namespace alloc_tidy
