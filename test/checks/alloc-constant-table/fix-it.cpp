// The fix-it: a table that no other unit can name, and that the unit only
// looks up, becomes a sorted constant array (elements in key order), with a
// function after it that searches it; every lookup calls that function.
// A map's 'find' gives a pointer to the element or null, a set's lookups
// whether the key is there. The fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-constant-table %t -- -config="{CheckOptions: {alloc-constant-table.WithoutProfile: true, alloc-constant-table.MinElements: 2}}" -- -std=c++17
// C++20 rewrites 'It != End' as '!(It == End)': the same fix-its.
// RUN: %check_alloc_tidy %s alloc-constant-table %t -- -config="{CheckOptions: {alloc-constant-table.WithoutProfile: true, alloc-constant-table.MinElements: 2}}" -- -std=c++20

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
// CHECK-FIXES: {{^}}#include <algorithm>{{$}}
// CHECK-FIXES: {{^}}#include <iterator>{{$}}
// CHECK-FIXES: {{^}}#include <string_view>{{$}}
// CHECK-FIXES: {{^}}#include <utility>{{$}}

namespace casing {
static std::map<uint32_t, uint32_t> to_upper = {
    {0x61, 0x41},
    {0x63, 0x43},
    {0x62, 0x42},
};
// CHECK-NOTES: :[[@LINE-5]]:37: warning: 'to_upper' is a table of 3 constant elements that every process builds at start-up, in a std::map that allocates once per element; a sorted constant array allocates nothing [alloc-constant-table]
// CHECK-FIXES: {{^}}static constexpr std::pair<uint32_t, uint32_t> to_upper[] = {{{$}}
// CHECK-FIXES-NEXT: {{^}}    {0x61, 0x41},{{$}}
// CHECK-FIXES-NEXT: {{^}}    {0x62, 0x42},{{$}}
// CHECK-FIXES-NEXT: {{^}}    {0x63, 0x43},{{$}}
// CHECK-FIXES-NEXT: {{^}}};{{$}}
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: {{^}}static const std::pair<uint32_t, uint32_t> *find_to_upper(uint32_t Key) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    const std::pair<uint32_t, uint32_t> *Found = std::lower_bound({{$}}
// CHECK-FIXES-NEXT: {{^}}        std::begin(to_upper), std::end(to_upper), Key,{{$}}
// CHECK-FIXES-NEXT: {{^}}        [](const std::pair<uint32_t, uint32_t> &Element, uint32_t Wanted) {{{$}}
// CHECK-FIXES-NEXT: {{^}}            return Element.first < Wanted;{{$}}
// CHECK-FIXES-NEXT: {{^}}        });{{$}}
// CHECK-FIXES-NEXT: {{^}}    return Found != std::end(to_upper) && Found->first == Key ? Found : nullptr;{{$}}
// CHECK-FIXES-NEXT: {{^}}}{{$}}
} // namespace casing

uint32_t upper(uint32_t C) {
  auto It = casing::to_upper.find(C);
  // CHECK-FIXES: {{^}}  auto It = casing::find_to_upper(C);{{$}}
  if (It != casing::to_upper.end())
    // CHECK-FIXES: {{^}}  if (It != nullptr){{$}}
    C = It->second;
  return C;
}

bool hasUpper(uint32_t C) { return casing::to_upper.count(C) != 0; }
// CHECK-FIXES: {{^}}bool hasUpper(uint32_t C) { return casing::find_to_upper(C) != nullptr; }{{$}}
uint32_t upperOf(uint32_t C) {
  return casing::to_upper.find(C) == casing::to_upper.end()
             ? C
             : casing::to_upper.find(C)->second;
}
// CHECK-FIXES: {{^}}  return casing::find_to_upper(C) == nullptr{{$}}
// CHECK-FIXES: {{^}}             : casing::find_to_upper(C)->second;{{$}}
unsigned countUpper(const char *S) {
  unsigned N = 0;
  for (; *S; ++S)
    N += casing::to_upper.count(static_cast<unsigned char>(*S));
  return N;
}
// CHECK-FIXES: {{^}}    N += (casing::find_to_upper(static_cast<unsigned char>(*S)) != nullptr);{{$}}
// An ordered table iterates as the sorted array does: the loops stay.
uint32_t sumUpper() {
  uint32_t Sum = 0;
  for (const auto &Entry : casing::to_upper)
    Sum += Entry.second;
  for (const auto &[Lower, Upper] : casing::to_upper)
    Sum += Lower - Upper;
  return Sum;
}
// CHECK-FIXES: {{^}}  for (const auto &Entry : casing::to_upper){{$}}
// CHECK-FIXES: {{^}}  for (const auto &[Lower, Upper] : casing::to_upper){{$}}
#define LETTER_A 0x61
bool hasA() { return casing::to_upper.count(LETTER_A) == 0; }
// CHECK-FIXES: {{^}}bool hasA() { return casing::find_to_upper(LETTER_A) == nullptr; }{{$}}

// A set of strings: string_view keys; whether a key is there.
static const std::set<std::string> Keywords = {"while", "if", "for"};
// CHECK-NOTES: :[[@LINE-1]]:36: warning: 'Keywords' is a table of 3 constant elements that every process builds at start-up, in a std::set that allocates once per element; a sorted constant array allocates nothing [alloc-constant-table]
// CHECK-FIXES: {{^}}static constexpr std::string_view Keywords[] = {"for", "if", "while"};{{$}}
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: {{^}}static bool containsKeywords(std::string_view Key) {{{$}}
// CHECK-FIXES-NEXT: {{^}}  return std::binary_search(std::begin(Keywords), std::end(Keywords), Key);{{$}}
// CHECK-FIXES-NEXT: {{^}}}{{$}}

bool isKeyword(const std::string &W) { return Keywords.count(W) != 0; }
// CHECK-FIXES: {{^}}bool isKeyword(const std::string &W) { return containsKeywords(W); }{{$}}
bool isName(const char *W) { return Keywords.find(W) == Keywords.end(); }
// CHECK-FIXES: {{^}}bool isName(const char *W) { return !containsKeywords(W); }{{$}}

// An unordered map in an anonymous namespace, keyed by an enumeration,
// its values pointers to constants.
enum class Color { Red, Green, Blue };
namespace {
const std::unordered_map<Color, const char *> ColorNames = {
    {Color::Blue, "blue"}, {Color::Red, "red"}, {Color::Green, "green"}};
// CHECK-NOTES: :[[@LINE-2]]:47: warning: 'ColorNames' is a table of 3 constant elements that every process builds at start-up, in a std::unordered_map that allocates once per element and for its buckets; a sorted constant array allocates nothing [alloc-constant-table]
// CHECK-FIXES: {{^}}static constexpr std::pair<Color, const char *> ColorNames[] = {{{$}}
// CHECK-FIXES-NEXT: {{^}}    {Color::Red, "red"},{{$}}
// CHECK-FIXES-NEXT: {{^}}    {Color::Green, "green"},{{$}}
// CHECK-FIXES-NEXT: {{^}}    {Color::Blue, "blue"}};{{$}}
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: {{^}}static const std::pair<Color, const char *> *findColorNames(Color Key) {{{$}}
} // namespace

const char *nameOf(Color C) {
  const auto Found = ColorNames.find(C);
  return Found != ColorNames.end() ? (*Found).second : "?";
}
// CHECK-FIXES: {{^}}  const auto Found = findColorNames(C);{{$}}
// CHECK-FIXES-NEXT: {{^}}  return Found != nullptr ? (*Found).second : "?";{{$}}

// Views for keys and values: the array holds them as they are.
static const std::map<std::string_view, std::string_view> Settings = {
    {"CC", "compiler"}, {"BASEDIR", "base_dir"}};
// CHECK-NOTES: :[[@LINE-2]]:59: warning: 'Settings' is a table of 2 constant elements that every process builds at start-up, in a std::map that allocates once per element; a sorted constant array allocates nothing [alloc-constant-table]
// CHECK-FIXES: {{^}}static constexpr std::pair<std::string_view, std::string_view> Settings[] = {{{$}}
// CHECK-FIXES-NEXT: {{^}}    {"BASEDIR", "base_dir"},{{$}}
// CHECK-FIXES-NEXT: {{^}}    {"CC", "compiler"}};{{$}}
std::string_view setting(std::string_view Key) {
  auto It = Settings.find(Key);
  return It == Settings.end() ? std::string_view() : It->second;
}
// CHECK-FIXES: {{^}}  auto It = findSettings(Key);{{$}}
// CHECK-FIXES-NEXT: {{^}}  return It == nullptr ? std::string_view() : It->second;{{$}}
