// With a heapcount profile, a constant table in a node-based container is
// reported where building it made at least MinProfiledPercent (1%) of the
// profiled run's allocations: a process that starts often pays it often.
// Tables the run built cheaply, that the code changes, or whose elements
// are not constants are silent, however hot.
// RUN: %check_alloc_tidy %s alloc-constant-table %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=upper:node:40:1x3000:__cxx_global_var_init --container=upper=std::map \
// RUN:     --processes=upper=150 \
// RUN:     --site=names:node:48:1x3000:__cxx_global_var_init.1 --container=names=std::map \
// RUN:     --site=keywords:node:64:1x50:__cxx_global_var_init.2 --container=keywords=std::set \
// RUN:     --site=registry:node:24:1x3000:__cxx_global_var_init.3 --container=registry=std::unordered_map \
// RUN:     --site=computed:node:40:1x3000:__cxx_global_var_init.4 --container=computed=std::map \
// RUN:     --allocation-site=work:16x10000:run" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json'}}" -- -std=c++17

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <unordered_map>

std::map<uint32_t, uint32_t> ToUpper = {{0x61, 0x41}, {0x62, 0x42}, {0x63, 0x43}}; // site(upper@{)
// CHECK-NOTES: :[[@LINE-1]]:30: warning: 'ToUpper' is a table of 3 constant elements that every process builds at start-up, in a std::map that allocates once per element; a sorted constant array allocates nothing [alloc-constant-table]
// CHECK-NOTES: :[[@LINE-2]]:30: note: heapcount's profile: in the profiled run building 'ToUpper' allocated 3,000 times (20 in each of 150 processes), 13.6% of the run's allocations; a sorted constant array would save about 3,000 allocations
// CHECK-NOTES: :[[@LINE-3]]:30: note: 'static constexpr std::pair<uint32_t, uint32_t> ToUpper[]' with the same elements sorted by key, searched with std::lower_bound, is laid out by the compiler; no fix-it: other translation units can name it: alloc-run over the compile database changes every unit's lookups with it
// CHECK-NOTES: :[[@LINE-4]]:30: note: 'ToUpper' is not const and other translation units can name it: this assumes none of them changes it

uint32_t upper(uint32_t C) {
  auto It = ToUpper.find(C);
  return It != ToUpper.end() ? It->second : C;
}

struct Color {
  static const std::map<int, const char *> Names;
};
const std::map<int, const char *> Color::Names = {{0, "red"}, {1, "green"}}; // site(names@{)
// CHECK-NOTES: :[[@LINE-1]]:42: warning: 'Names' is a table of 2 constant elements that every process builds at start-up, in a std::map that allocates once per element; a sorted constant array allocates nothing [alloc-constant-table]
// CHECK-NOTES: :[[@LINE-2]]:42: note: heapcount's profile: in the profiled run building 'Names' allocated 3,000 times, 13.6% of the run's allocations; a sorted constant array would save about 3,000 allocations
// CHECK-NOTES: :[[@LINE-3]]:42: note: 'static constexpr std::pair<int, const char *> Names[]' with the same elements sorted by key, searched with std::lower_bound, is laid out by the compiler; no fix-it: its class declares it, and would declare the function that searches it

// Built cheaply in the profiled run: 50 of about 21,000 allocations.
static const std::set<std::string> Keywords = {"if", "else", "while"}; // site(keywords@{)

// Changed by the code: a registry, not a table.
static std::unordered_map<int, int> Registry = {{1, 2}, {3, 4}}; // site(registry@{)
void enroll(int Key, int Value) { Registry[Key] = Value; }

// An element computed at start-up: not something the compiler lays out.
int seed();
static const std::map<int, int> Computed = {{seed(), 1}, {2, 3}}; // site(computed@{)

int lookup(int K) {
  // Built on the first call, not at start-up: not this check's.
  static const std::map<int, int> Local = {{1, 2}, {3, 4}};
  auto It = Local.find(K);
  return (It != Local.end() ? It->second : 0) + Computed.count(K) +
         static_cast<int>(Keywords.size()) + Registry.count(K);
}

int run(int N) {
  int Sum = 0;
  for (int I = 0; I < N; ++I)
    Sum += std::to_string(I).size(); // site(work@std)
  return Sum;
}
