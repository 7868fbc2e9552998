// The VectorLikeClasses option is read and written back (--dump-config), by
// both front ends.
// RUN: %alloc_tidy --checks='-*,alloc-container-in-loop' --config='{}' --dump-config | FileCheck %s --check-prefix=DEFAULT
// RUN: %clang_tidy_plugin --checks='-*,alloc-container-in-loop' --config='{}' --dump-config | FileCheck %s --check-prefix=DEFAULT
// RUN: %alloc_tidy --checks='-*,alloc-container-in-loop' --config="{CheckOptions: {alloc-container-in-loop.VectorLikeClasses: '::mine::Buffer;::mine::Small'}}" --dump-config | FileCheck %s --check-prefix=CUSTOM
// RUN: %clang_tidy_plugin --checks='-*,alloc-container-in-loop' --config="{CheckOptions: {alloc-container-in-loop.VectorLikeClasses: '::mine::Buffer;::mine::Small'}}" --dump-config | FileCheck %s --check-prefix=CUSTOM
// DEFAULT: alloc-container-in-loop.VectorLikeClasses: '::boost::container::vector;::boost::container::small_vector;::llvm::SmallVector;::absl::InlinedVector'
// CUSTOM: alloc-container-in-loop.VectorLikeClasses: '::mine::Buffer;::mine::Small'

// UnboundedStrings: false unless set, and read back by both front ends.
// RUN: %alloc_tidy --checks='-*,alloc-container-in-loop' --config='{}' --dump-config | FileCheck %s --check-prefix=STRINGS-DEFAULT
// RUN: %alloc_tidy --checks='-*,alloc-container-in-loop' --config="{CheckOptions: {alloc-container-in-loop.UnboundedStrings: true}}" --dump-config | FileCheck %s --check-prefix=STRINGS-ON
// RUN: %clang_tidy_plugin --checks='-*,alloc-container-in-loop' --config="{CheckOptions: {alloc-container-in-loop.UnboundedStrings: true}}" --dump-config | FileCheck %s --check-prefix=STRINGS-ON
// STRINGS-DEFAULT: alloc-container-in-loop.UnboundedStrings: 'false'
// STRINGS-ON: alloc-container-in-loop.UnboundedStrings: 'true'

// RareFills: false unless set, and read back by both front ends.
// RUN: %alloc_tidy --checks='-*,alloc-container-in-loop' --config='{}' --dump-config | FileCheck %s --check-prefix=RARE-DEFAULT
// RUN: %alloc_tidy --checks='-*,alloc-container-in-loop' --config="{CheckOptions: {alloc-container-in-loop.RareFills: true}}" --dump-config | FileCheck %s --check-prefix=RARE-ON
// RUN: %clang_tidy_plugin --checks='-*,alloc-container-in-loop' --config="{CheckOptions: {alloc-container-in-loop.RareFills: true}}" --dump-config | FileCheck %s --check-prefix=RARE-ON
// RARE-DEFAULT: alloc-container-in-loop.RareFills: 'false'
// RARE-ON: alloc-container-in-loop.RareFills: 'true'
