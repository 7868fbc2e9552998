// A const std::string & parameter that its function only reads, to which a
// call in a loop passes characters: every call builds a std::string from
// them (allocating past the inline buffer) for the function to read and
// free. Taken as a std::string_view, the same call copies nothing. Only
// this unit can call the functions here (internal linkage): its calls
// decide the fix-it.
// RUN: %check_alloc_tidy %s alloc-string-view-parameter %t -- -- -std=c++17

#include <iostream>
#include <string>

namespace {
const char *const Letters = "abcdefghijklmnopqrstuvwxyz";

bool allowed(const std::string &Name, const std::string &Chars) {
  // CHECK-NOTES: :[[@LINE-1]]:58: warning: 'allowed' only reads 'Chars', yet a call builds a std::string from characters for it on every call, allocating past 15 characters; a 'std::string_view' parameter would take the characters without a copy [alloc-string-view-parameter]
  // CHECK-FIXES: {{^}}bool allowed(const std::string &Name, std::string_view Chars) {{{$}}
  return !Name.empty() && Name.find_first_not_of(Chars) == std::string::npos &&
         Chars.size() > 1 && Chars[0] != '0';
}
} // namespace

int countValid(const std::string *Names, int N) {
  int Valid = 0;
  for (int I = 0; I < N; ++I)
    Valid += allowed(Names[I], Letters);
  // CHECK-NOTES: :[[@LINE-1]]:32: note: the string is built here on every iteration of a loop
  return Valid;
}

// Declared first, defined later: both declarations change. The type is
// spelled through an alias of the user's, which the view keeps (a wide
// build that makes it std::wstring gets the wide view).
typedef std::string string_type;
static int occurrences(const string_type& Text, char C);
// CHECK-FIXES: {{^}}static int occurrences(std::basic_string_view<string_type::value_type> Text, char C);{{$}}

static int occurrences(const string_type& Text, char C) {
  // CHECK-NOTES: :[[@LINE-1]]:43: warning: 'occurrences' only reads 'Text', yet 2 calls build a std::string from characters for it on every call, allocating past 15 characters; a 'std::basic_string_view<string_type::value_type>' parameter would take the characters without a copy [alloc-string-view-parameter]
  // CHECK-FIXES: {{^}}static int occurrences(std::basic_string_view<string_type::value_type> Text, char C) {{{$}}
  int N = 0;
  for (char X : Text)
    N += X == C;
  if (Text == "nothing at all, nothing" || Text.compare("zzz") == 0)
    std::cout << Text << '\n';
  return N;
}

int countAll(const char *const *Lines, int N, const std::string &Known) {
  int Total = occurrences(Known, 'a');
  for (int I = 0; I < N; ++I) {
    Total += occurrences(Lines[I], 'a');
    // CHECK-NOTES: :[[@LINE-1]]:26: note: the string is built here on every iteration of a loop
    Total += occurrences(std::string(Lines[I]) + "!", 'b');
  }
  return Total + occurrences("a literal longer than the buffer", 'l');
  // CHECK-NOTES: :[[@LINE-1]]:30: note: the string is built here{{$}}
}

// A wide string gets the wide view.
static bool hasTab(const std::wstring &Line) { return Line.find(L'\t') != std::wstring::npos; }
// CHECK-NOTES: :[[@LINE-1]]:40: warning: 'hasTab' only reads 'Line', yet a call builds a std::wstring from characters for it on every call, allocating past 3 characters; a 'std::wstring_view' parameter would take the characters without a copy [alloc-string-view-parameter]
// CHECK-FIXES: {{^}}static bool hasTab(std::wstring_view Line) { return Line.find(L'\t') != std::wstring::npos; }{{$}}

int tabs(const wchar_t *const *Lines, int N) {
  int T = 0;
  for (int I = 0; I < N; ++I)
    T += hasTab(Lines[I]);
  // CHECK-NOTES: :[[@LINE-1]]:17: note: the string is built here on every iteration of a loop
  return T;
}

// Copied into a member only when it is not empty: it is read as well, so
// the copy is not its one use (alloc-copied-parameter leaves it), and a
// view saves the string built for every call, which the copy needs only
// sometimes. The copy from a view assigns the characters.
namespace {
struct Label {
  std::string Text;
  void set(const std::string &New) {
    // CHECK-NOTES: :[[@LINE-1]]:31: warning: 'set' only reads 'New', yet a call builds a std::string from characters for it on every call, allocating past 15 characters; a 'std::string_view' parameter would take the characters without a copy [alloc-string-view-parameter]
    // CHECK-FIXES: {{^}}  void set(std::string_view New) {{{$}}
    if (!New.empty())
      Text = New;
  }
};
} // namespace

void relabel(Label &L, int N) {
  for (int I = 0; I < N; ++I)
    L.set("a label longer than any inline buffer");
  // CHECK-NOTES: :[[@LINE-1]]:11: note: the string is built here on every iteration of a loop
}
