// Before C++17 no std::string_view holds the keys of a table of C strings
// compared by their characters (c-string-keys.cpp): the table is reported
// without a fix-it.
// RUN: %check_alloc_tidy %s alloc-constant-table %t -- -config="{CheckOptions: {alloc-constant-table.WithoutProfile: true, alloc-constant-table.MinElements: 2}}" -- -std=c++14

#include <cstring>
#include <unordered_map>

struct str_hash {
  size_t operator()(const char *S) const { return S[0] ? S[1] : 0; }
};
struct str_eq {
  bool operator()(const char *A, const char *B) const {
    return strcmp(A, B) == 0;
  }
};

static const std::unordered_map<const char *, int, str_hash, str_eq> Keywords{
    {"while", 3}, {"if", 1}, {"else", 2}};
// CHECK-NOTES: :[[@LINE-2]]:70: warning: 'Keywords' is a table of 3 constant elements
// CHECK-NOTES: :[[@LINE-3]]:70: note: 'static constexpr std::pair<const char *, int> Keywords[]' {{.*}}; no fix-it: its keys are C strings compared by their characters, which a constant array holds as 'std::string_view' from C++17 on

int keyword(const char *Text) {
  auto It = Keywords.find(Text);
  return It == Keywords.end() ? 0 : It->second;
}
