// The declaration in a header is rewritten with the definition, so every
// unit that includes the header sees the new signature.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: cp %S/Inputs/journal.h %t.dir/journal.h
// RUN: sed -e 's#// CHECK-[A-Z-]*:.*#//#' %s > %t.dir/header.cpp
// RUN: %alloc_tidy %t.dir/header.cpp -fix --checks='-*,alloc-copied-parameter' --config='{}' -- -std=c++17 -I%t.dir 2>&1 | FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not='warning:'
// RUN: FileCheck %s --check-prefix=CHECK-FIXES --input-file=%t.dir/header.cpp
// RUN: FileCheck %s --check-prefix=CHECK-HEADER --input-file=%t.dir/journal.h
// RUN: %clangxx -fsyntax-only -std=c++17 -I%t.dir %t.dir/header.cpp
// The plugin gives the same fixes.
// RUN: cp %S/Inputs/journal.h %t.dir/journal.h
// RUN: sed -e 's#// CHECK-[A-Z-]*:.*#//#' %s > %t.dir/header.cpp
// RUN: %clang_tidy_plugin %t.dir/header.cpp -fix --checks='-*,alloc-copied-parameter' --config='{}' -- -std=c++17 -I%t.dir 2>&1 | FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not='warning:'
// RUN: FileCheck %s --check-prefix=CHECK-FIXES --input-file=%t.dir/header.cpp
// RUN: FileCheck %s --check-prefix=CHECK-HEADER --input-file=%t.dir/journal.h

#include "journal.h"
#include <utility>
// The file includes <utility> already: no second include.
// RUN: grep -c '^#include <utility>' %t.dir/header.cpp | FileCheck %s --check-prefix=ONE-INCLUDE
// ONE-INCLUDE: {{^}}1{{$}}

void Journal::add(const std::string &Line) { Lines.push_back(Line); }
// CHECK-MESSAGES: header.cpp:[[@LINE-1]]:38: warning: 'Line' is copied into 'Lines' on every call
// CHECK-FIXES: void Journal::add(std::string Line) { Lines.push_back(std::move(Line)); }
// CHECK-HEADER: void add(std::string Line);

// Only lvalues are passed to addAll: it stays as it is.
void Journal::addAll(const std::vector<std::string> &More) {
  Lines.insert(Lines.end(), More.begin(), More.end());
}
// CHECK-HEADER: void addAll(const std::vector<std::string> &Lines);

void fill(Journal &J, const std::vector<std::string> &More) {
  J.add("started");
  J.addAll(More);
}
