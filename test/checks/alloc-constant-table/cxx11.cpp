// Before C++14 std::pair has no constexpr constructor and before C++17
// there is no std::string_view: the note names a 'static const' array, of
// 'const char *' for string keys.
// RUN: %check_alloc_tidy %s alloc-constant-table %t -- -config="{CheckOptions: {alloc-constant-table.WithoutProfile: true, alloc-constant-table.MinElements: 2}}" -- -std=c++11

#include <map>
#include <set>
#include <string>

static const std::set<std::string> Words = {"if", "for", "while"};
// CHECK-NOTES: :[[@LINE-1]]:36: warning: 'Words' is a table of 3 constant elements that every process builds at start-up, in a std::set that allocates once per element; a sorted constant array allocates nothing [alloc-constant-table]
// CHECK-NOTES: :[[@LINE-2]]:36: note: 'static const char *const Words[]' with the same elements sorted by value, searched with std::lower_bound, is laid out by the compiler; no fix-it: its keys are strings, which a constant array holds as 'std::string_view' from C++17 on

static const std::multimap<int, std::string> Aliases = {{1, "one"}, {1, "uno"}};
// CHECK-NOTES: :[[@LINE-1]]:46: warning: 'Aliases' is a table of 2 constant elements that every process builds at start-up, in a std::multimap that allocates once per element; a sorted constant array allocates nothing [alloc-constant-table]
// CHECK-NOTES: :[[@LINE-2]]:46: note: 'static const std::pair<int, const char *> Aliases[]' with the same elements sorted by key, searched with std::equal_range, is laid out by the compiler; no fix-it: a key can be there more than once

bool known(const std::string &W) {
  return Words.count(W) != 0 && Aliases.count(1) != 0;
}
