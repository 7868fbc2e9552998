// A table keyed by C strings whose comparison compares their characters
// (strcmp, as keyword tables written with a str_hash and a str_eq do) finds
// what a table of strings finds: it becomes a sorted array of
// std::string_view keys, searched by the same function as a table of
// std::string keys. A table whose comparison is the standard one compares
// addresses, and any other comparison is not known: no fix-it. The fixed
// file is compiled.
// RUN: %check_alloc_tidy %s alloc-constant-table %t -- -config="{CheckOptions: {alloc-constant-table.WithoutProfile: true, alloc-constant-table.MinElements: 2}}" -- -std=c++17
// Before C++17 no std::string_view holds the keys: c-string-keys-cxx14.cpp.

#include <cstring>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>
// CHECK-FIXES: {{^}}#include <algorithm>{{$}}
// CHECK-FIXES: {{^}}#include <string_view>{{$}}
// CHECK-FIXES: {{^}}#include <utility>{{$}}

namespace {
struct str_hash {
  size_t operator()(const char *S) const {
    size_t H = 5381;
    while (*S)
      H = H * 33 + static_cast<unsigned char>(*S++);
    return H;
  }
};
struct str_eq {
  bool operator()(const char *A, const char *B) const {
    return strcmp(A, B) == 0;
  }
};
struct str_not_different {
  bool operator()(const char *A, const char *B) const { return !strcmp(B, A); }
};
struct str_less {
  bool operator()(const char *A, const char *B) const {
    return std::strcmp(A, B) < 0;
  }
};

const std::unordered_map<const char *, int, str_hash, str_eq> Keywords{
    {"while", 3},
    {"if", 1},
    {"else", 2},
};
// CHECK-NOTES: :[[@LINE-5]]:63: warning: 'Keywords' is a table of 3 constant elements that every process builds at start-up, in a std::unordered_map that allocates once per element and for its buckets; a sorted constant array allocates nothing [alloc-constant-table]
// CHECK-FIXES: {{^}}static constexpr std::pair<std::string_view, int> Keywords[]{{{$}}
// CHECK-FIXES-NEXT: {{^}}    {"else", 2},{{$}}
// CHECK-FIXES-NEXT: {{^}}    {"if", 1},{{$}}
// CHECK-FIXES-NEXT: {{^}}    {"while", 3},{{$}}
// CHECK-FIXES-NEXT: {{^}}};{{$}}
// CHECK-FIXES: {{^}}static const std::pair<std::string_view, int> *findKeywords(std::string_view Key) {{{$}}

const std::unordered_set<const char *, str_hash, str_not_different> Reserved{
    "goto", "asm", "class"};
// CHECK-NOTES: :[[@LINE-2]]:69: warning: 'Reserved' is a table of 3 constant elements
// CHECK-FIXES: {{^}}static constexpr std::string_view Reserved[]{{{$}}
// CHECK-FIXES-NEXT: {{^}}    "asm",{{$}}
// CHECK-FIXES-NEXT: {{^}}    "class",{{$}}
// CHECK-FIXES-NEXT: {{^}}    "goto"};{{$}}
// CHECK-FIXES: {{^}}static bool containsReserved(std::string_view Key) {{{$}}

const std::map<const char *, int, str_less> Ordered = {{"b", 2}, {"a", 1}};
// CHECK-NOTES: :[[@LINE-1]]:45: warning: 'Ordered' is a table of 2 constant elements
// CHECK-FIXES: {{^}}static constexpr std::pair<std::string_view, int> Ordered[] = {{[{][{]}}"a", 1}, {"b", 2}};{{$}}
} // namespace

int keyword(const char *Text) {
  if (Reserved.find(Text) != Reserved.end())
    // CHECK-FIXES: {{^}}  if (containsReserved(Text)){{$}}
    return -1;
  auto It = Keywords.find(Text);
  // CHECK-FIXES: {{^}}  auto It = findKeywords(Text);{{$}}
  if (It == Keywords.end())
    // CHECK-FIXES: {{^}}  if (It == nullptr){{$}}
    return 0;
  return It->second;
}

int ordered(const char *Text) {
  auto It = Ordered.find(Text);
  // CHECK-FIXES: {{^}}  auto It = findOrdered(Text);{{$}}
  return It != Ordered.end() ? It->second : -1;
}

// Negatives: the key's characters are not what the comparison compares, or
// the table is used as more than a lookup.

// The standard comparisons compare addresses.
static const std::set<const char *> Addresses = {"x", "y"};
// CHECK-NOTES: :[[@LINE-1]]:37: warning: 'Addresses' is a table of 2 constant elements
// CHECK-NOTES: :[[@LINE-2]]:37: note: {{.*}}; no fix-it: its keys are C strings, which its comparison compares by address
bool known(const char *S) { return Addresses.count(S) != 0; }

struct str_case_eq {
  bool operator()(const char *A, const char *B) const {
    return strcasecmp(A, B) == 0;
  }
};
static const std::unordered_set<const char *, str_hash, str_case_eq> Folded = {
    "x", "y"};
// CHECK-NOTES: :[[@LINE-2]]:70: warning: 'Folded' is a table of 2 constant elements
// CHECK-NOTES: :[[@LINE-3]]:70: note: {{.*}}; no fix-it: its keys are C strings, and its comparison is not one that compares their characters as strcmp does
bool folded(const char *S) { return Folded.count(S) != 0; }

// strcmp's order reversed is not the order of the sorted array.
struct str_greater {
  bool operator()(const char *A, const char *B) const {
    return strcmp(B, A) < 0;
  }
};
static const std::set<const char *, str_greater> Reversed = {"x", "y"};
// CHECK-NOTES: :[[@LINE-1]]:50: warning: 'Reversed' is a table of 2 constant elements
// CHECK-NOTES: :[[@LINE-2]]:50: note: {{.*}}; no fix-it: its keys are C strings, and its comparison is not one that compares their characters as strcmp does
bool reversed(const char *S) { return Reversed.count(S) != 0; }

// A comparison with a second call operator may be called with either.
struct str_eq_or_length {
  bool operator()(const char *A, const char *B) const {
    return strcmp(A, B) == 0;
  }
  bool operator()(const char *A, size_t N) const { return strlen(A) == N; }
};
static const std::unordered_set<const char *, str_hash, str_eq_or_length>
    Overloaded = {"x", "y"};
// CHECK-NOTES: :[[@LINE-1]]:5: warning: 'Overloaded' is a table of 2 constant elements
// CHECK-NOTES: :[[@LINE-2]]:5: note: {{.*}}; no fix-it: its keys are C strings, and its comparison is not one that compares their characters as strcmp does
bool overloaded(const char *S) { return Overloaded.count(S) != 0; }

// The element's key is a 'const char *' where the code reads it: as a
// std::string_view it would not print with %s.
static const std::map<const char *, int, str_less> Named = {{"x", 1},
                                                             {"y", 2}};
// CHECK-NOTES: :[[@LINE-2]]:52: warning: 'Named' is a table of 2 constant elements
// CHECK-NOTES: :[[@LINE-3]]:52: note: {{.*}}; no fix-it: the code at {{.*}}:[[@LINE+3]] does more with the iterator that its 'find' returns
int printf(const char *, ...);
const char *nameOf(const char *S) {
  auto It = Named.find(S);
  return It != Named.end() ? It->first : nullptr;
}

// The null character ends a C string: "if\0" is the key "if", which the
// set holds once. So does the array.
static const std::set<const char *, str_less> Twice = {"if", "if\0"};
// CHECK-NOTES: :[[@LINE-1]]:47: warning: 'Twice' is a table of 2 constant elements
// CHECK-NOTES: :[[@LINE-2]]:62: note: this element repeats an earlier one's key and value: the container holds one of them, and so does the array
// CHECK-FIXES: {{^}}static constexpr std::string_view Twice[] = {"if"};{{$}}
bool twice(const char *S) { return Twice.count(S) != 0; }
// CHECK-FIXES: {{^}}bool twice(const char *S) { return containsTwice(S); }{{$}}

// A hand-kept keyword list that names a keyword twice with the same token:
// the map holds one element for it, and so does the array.
enum Token { TokBool, TokInt, TokFloat, TokHalf };
const std::unordered_map<const char *, Token, str_hash, str_eq> Types{
    {"int", TokInt},
    {"bool", TokBool},
    {"float", TokFloat},
    {"bool", Token(0)},
    {"int", TokInt},
};
// CHECK-NOTES: :[[@LINE-7]]:65: warning: 'Types' is a table of 5 constant elements
// CHECK-NOTES: :[[@LINE-4]]:5: note: this element and 1 other after it repeat an earlier element's key and value: the container holds one of each, and so does the array
// CHECK-FIXES: {{^}}static constexpr std::pair<std::string_view, Token> Types[]{{{$}}
// CHECK-FIXES-NEXT: {{^}}    {"bool", TokBool},{{$}}
// CHECK-FIXES-NEXT: {{^}}    {"float", TokFloat},{{$}}
// CHECK-FIXES-NEXT: {{^}}    {"int", TokInt},{{$}}
// CHECK-FIXES-NEXT: {{^}}};{{$}}
int type(const char *S) {
  auto It = Types.find(S);
  return It == Types.end() ? -1 : It->second;
}
// CHECK-FIXES: {{^}}  auto It = findTypes(S);{{$}}

// The same key with another value: which element a map keeps is up to the
// library, so the array cannot say.
const std::unordered_map<const char *, Token, str_hash, str_eq> Widths{
    {"half", TokHalf},
    {"float", TokFloat},
    {"half", TokFloat},
};
// CHECK-NOTES: :[[@LINE-5]]:65: warning: 'Widths' is a table of 3 constant elements
// CHECK-NOTES: :[[@LINE-6]]:65: note: {{.*}}; no fix-it: two of its elements have the same key and values that may differ
int width(const char *S) {
  auto It = Widths.find(S);
  return It == Widths.end() ? -1 : It->second;
}

// Equal string literals need not be one object: as mapped values, two of
// them may differ.
const std::map<const char *, const char *, str_less> Spellings{
    {"uint", "unsigned"},
    {"uint", "unsigned"},
};
// CHECK-NOTES: :[[@LINE-4]]:54: warning: 'Spellings' is a table of 2 constant elements
// CHECK-NOTES: :[[@LINE-5]]:54: note: {{.*}}; no fix-it: two of its elements have the same key and values that may differ
const char *spelling(const char *S) {
  auto It = Spellings.find(S);
  return It == Spellings.end() ? nullptr : It->second;
}
