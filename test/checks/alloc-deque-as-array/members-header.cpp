// Data members of classes in a header: only when every function that can
// name them is defined in this translation unit.
// RUN: %alloc_tidy %s -checks='-*,alloc-deque-as-array' -header-filter='.*' -export-fixes=%t.yaml -- -std=c++17 -I%S 2>&1 | FileCheck %s --implicit-check-not='warning:'
// RUN: FileCheck %s --input-file=%t.yaml --check-prefix=YAML
// RUN: %clang_tidy_plugin %s -checks='-*,alloc-deque-as-array' -header-filter='.*' -- -std=c++17 -I%S 2>&1 | FileCheck %s --implicit-check-not='warning:'

#include "Inputs/table.h"

Complete::Complete() { Values.push_back(0); }
void Complete::add(int V) { Values.push_back(V); }
int Complete::last() const { return Values.back(); }
// CHECK: table.h:12:19: warning: 'Values' is a std::deque used only at its back

void Incomplete::add(int V) { Values.push_back(V); }
void Exposed::add(int V) { Values.push_back(V); }
void WithFriend::add(int V) { Values.push_back(V); }

void Aliased::add(int V) { Items.push_back(V); }
int Aliased::last() const { return Items.back(); }
// CHECK: table.h:41:9: warning: 'Items' is a std::deque used only at its back
// The private alias is rewritten, since only Aliased's code can name it:
// YAML: Message: '''Items'' is a std::deque used only at its back
// YAML: Replacements:
// YAML-NEXT: - FilePath: {{.*}}table.h
// YAML-NEXT: Offset:
// YAML-NEXT: Length: 10
// YAML-NEXT: ReplacementText: 'std::vector'

void UsesShared::add(int V) { Items.push_back(V); }
// CHECK: table.h:51:15: warning: 'Items' is a std::deque used only at its back
// CHECK: table.h:49:7: note: no fix-it: the type alias 'SharedQueue' is declared where other translation units can use it
// YAML: Message: '''Items'' is a std::deque used only at its back
// YAML-NEXT: FilePath: {{.*}}table.h
// YAML-NEXT: FileOffset:
// YAML-NEXT: Replacements: []
