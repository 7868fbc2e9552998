//===--- InlineVectorModel.cpp - the layout of an inline-buffer vector ----===//

#include "lib/layout/InlineVectorModel.h"

namespace alloc_tidy {

clang::QualType inlineVectorModelType(clang::ASTContext &, llvm::StringRef,
                                      clang::QualType, uint64_t,
                                      std::string &Why) {
  Why = "not modelled yet";
  return {};
}

} // namespace alloc_tidy
