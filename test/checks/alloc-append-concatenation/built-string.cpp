// A concatenation that starts a new string ('return A + B + C;',
// 'std::string S = A + B + C;'): the first '+' makes a string as long as its
// two pieces, each later '+' that passes its capacity makes a longer one,
// and a piece built as a string only to be concatenated ('String(P, N)')
// is one allocation more. The fix-it declares the new string, reserves the
// pieces' total length and appends them, which allocates once. Every
// length must be known before any piece is appended, without evaluating
// twice what costs or changes something. Without a profile nothing is
// reported by default; WithoutProfile with OutsideLoops reports these
// (a loop rarely holds them).
// RUN: %check_alloc_tidy %s alloc-append-concatenation %t -- \
// RUN:   -config="{CheckOptions: {alloc-append-concatenation.WithoutProfile: true, alloc-append-concatenation.OutsideLoops: true}}" -- -std=c++17
// C++11 returns the concatenation through an elidable move: the same.
// RUN: %check_alloc_tidy %s alloc-append-concatenation %t.11 -- \
// RUN:   -config="{CheckOptions: {alloc-append-concatenation.WithoutProfile: true, alloc-append-concatenation.OutsideLoops: true}}" -- -std=c++11
// RUN: %check_alloc_tidy -check-suffix=DEFAULT %s alloc-append-concatenation %t.d -- -- -std=c++17
// The fixed program returns what the original did (0: the strings match).
// RUN: %clangxx -std=c++17 -fsanitize=address %s -o %t.before && %t.before
// RUN: %clangxx -std=c++17 -fsanitize=address %t.cpp -o %t.after && %t.after
// RUN: %clangxx -std=c++17 -fsanitize=address %s -o %t.before && %t.before a-word-of-more-than-thirty-characters
// RUN: %t.after a-word-of-more-than-thirty-characters

#include <cstring>
#include <string>
#include <vector>

typedef std::string String;

// The body of an if on a line of its own gets braces around the lines.
static String quoted(const char *value, size_t length, bool escape) {
  if (!escape)
    return String("\"") + String(value, length) + "\"";
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the 3 pieces of the string returned are concatenated with '+', which makes a new string whenever the result outgrows the one the '+' before made, and 'String(value, length)' is a string built only to be concatenated; reserving their total length and appending them allocates once [alloc-append-concatenation]
  // CHECK-FIXES: {{^}}  if (!escape) {{{$}}
  // CHECK-FIXES-NEXT: {{^}}    String result;{{$}}
  // CHECK-FIXES-NEXT: {{^}}    result.reserve(length + 2);{{$}}
  // CHECK-FIXES-NEXT: {{^}}    result.append("\"").append(value, length).append("\"");{{$}}
  // CHECK-FIXES-NEXT: {{^}}    return result;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  }{{$}}
  return "'" + std::string(value) + "'";
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the 3 pieces of the string returned are concatenated with '+', which makes a new string whenever the result outgrows the one the '+' before made, and 'std::string(value)' is a string built only to be concatenated; reserving their total length and appending them allocates once [alloc-append-concatenation]
  // Two new strings of one function get two names.
  // CHECK-FIXES: {{^}}  String result2;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  result2.reserve(std::char_traits<char>::length(value) + 2);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  result2.append("'").append(value).append("'");{{$}}
  // CHECK-FIXES-NEXT: {{^}}  return result2;{{$}}
}

// A variable initialized by the concatenation is the new string; names
// that start with a capital keep it.
std::string joinPath(const std::string &Dir, const std::string &Name) {
  std::string Full = Dir + '/' + Name;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the 3 pieces of 'Full' are concatenated with '+', which makes a new string whenever the result outgrows the one the '+' before made; reserving their total length and appending them allocates once [alloc-append-concatenation]
  // CHECK-FIXES: {{^}}  std::string Full;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  Full.reserve(Dir.size() + Name.size() + 1);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  Full.append(Dir).append(1, '/').append(Name);{{$}}
  return Full;
}

struct Entry {
  std::string Key;
  const char *Unit;
  // A member and a pointer to characters; the name 'Result' is taken, so
  // the new string is 'Result2'. On one line, the body gets braces there.
  std::string label(bool Short) const {
    int Result = 0;
    if (Short) return Key + ": " + Unit;
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: the 3 pieces of the string returned are concatenated with '+'
    // CHECK-FIXES: {{^}}    if (Short) { std::string Result2; Result2.reserve(Key.size() + std::char_traits<char>::length(Unit) + 2); Result2.append(Key).append(": ").append(Unit); return Result2; }{{$}}
    return std::to_string(Result);
  }
};

// A count and a character, and a string of a count of characters.
std::string indented(size_t Depth, const std::string &Text) {
  return std::string(Depth * 2, ' ') + Text;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the 2 pieces of the string returned are concatenated with '+', which makes a new string whenever the result outgrows the one the '+' before made, and 'std::string(Depth * 2, ' ')' is a string built only to be concatenated; reserving their total length and appending them allocates once [alloc-append-concatenation]
  // CHECK-FIXES: {{^}}  std::string Result;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  Result.reserve((Depth * 2) + Text.size());{{$}}
  // CHECK-FIXES-NEXT: {{^}}  Result.append(Depth * 2, ' ').append(Text);{{$}}
}

// A member named 'result' is not hidden; a body on the line of its '{'
// stays on one line.
struct Doc {
  std::string result;
  std::string title(const std::string &name) const { return "<" + name + ">"; }
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: the 3 pieces of the string returned are concatenated with '+'
  // CHECK-FIXES: {{^}}  std::string title(const std::string &name) const { std::string result2; result2.reserve(name.size() + 2); result2.append("<").append(name).append(">"); return result2; }{{$}}
};

// A case or a label after a return could jump past the new string's
// declaration: the statements get a block of their own.
std::string bracketed(int Kind, const char *P, size_t N) {
  switch (Kind) {
  case 0:
    return "(" + std::string(P, N) + ")";
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the 3 pieces of the string returned are concatenated with '+'
    // CHECK-FIXES: {{^}}    { std::string Result; Result.reserve(N + 2); Result.append("(").append(P, N).append(")"); return Result; }{{$}}
  case 1:
    ++Kind;
    return "[" + std::string(P, N) + "]";
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the 3 pieces of the string returned are concatenated with '+'
    // CHECK-FIXES: {{^}}    ++Kind;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    {{{$}}
    // CHECK-FIXES-NEXT: {{^}}      std::string Result2;{{$}}
    // CHECK-FIXES-NEXT: {{^}}      Result2.reserve(N + 2);{{$}}
    // CHECK-FIXES-NEXT: {{^}}      Result2.append("[").append(P, N).append("]");{{$}}
    // CHECK-FIXES-NEXT: {{^}}      return Result2;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    }{{$}}
  case 2:
    break;
  }
  if (Kind > 5)
    goto plain;
  return "<" + std::string(P, N) + ">";
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the 3 pieces of the string returned are concatenated with '+'
  // CHECK-FIXES: {{^}}  {{{$}}
  // CHECK-FIXES-NEXT: {{^}}    std::string Result3;{{$}}
plain:
  return std::string(P, N);
}

// A concatenation passed to a 'const std::string &' parameter is a new
// string too: declared before the statement, named after the parameter
// (a second one in the function gets another name).
void record(std::vector<std::string> &Seen, int Depth, const std::string &path) {
  if (Depth > 0)
    Seen.push_back(path);
}
void walk(std::vector<std::string> &Seen, const std::vector<std::string> &Names,
          const std::string &path) {
  const char *Dot = ".";
  for (const std::string &Name : Names)
    record(Seen, 1, path + Dot + Name);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the 3 pieces of the argument for 'path' are concatenated with '+', which makes a new string whenever the result outgrows the one the '+' before made; reserving their total length and appending them allocates once [alloc-append-concatenation]
  // CHECK-FIXES: {{^}}  for (const std::string &Name : Names) {{{$}}
  // CHECK-FIXES-NEXT: {{^}}    std::string path2;{{$}}
  // CHECK-FIXES-NEXT: {{^}}    path2.reserve(path.size() + std::char_traits<char>::length(Dot) + Name.size());{{$}}
  // CHECK-FIXES-NEXT: {{^}}    path2.append(path).append(Dot).append(Name);{{$}}
  // CHECK-FIXES-NEXT: {{^}}    record(Seen, 1, path2);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  }{{$}}
  record(Seen, 2, "(" + std::string(Dot, 1) + ")");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the 3 pieces of the argument for 'path' are concatenated with '+'
  // CHECK-FIXES: {{^}}  std::string path3;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  path3.reserve(1 + 2);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  path3.append("(").append(Dot, 1).append(")");{{$}}
  // CHECK-FIXES-NEXT: {{^}}  record(Seen, 2, path3);{{$}}
}

// The fixed functions return what they did.
int main(int Argc, char **Argv) {
  const char *Word = Argc > 1 ? Argv[1] : "a-rather-long-word-for-the-heap";
  Entry E{Word, "ms"};
  std::string All = quoted(Word, std::strlen(Word), false) +
                    quoted(Word, std::strlen(Word), true);
  Doc D;
  if (D.title(Word) != "<" + std::string(Word) + ">")
    return 2;
  std::vector<std::string> Seen;
  walk(Seen, {Word, "b"}, Word);
  if (Seen.size() != 3 || Seen[0] != std::string(Word) + "." + Word ||
      Seen[1] != std::string(Word) + ".b" || Seen[2] != "(.)")
    return 4;
  size_t Length = std::strlen(Word);
  if (bracketed(0, Word, Length) != "(" + std::string(Word) + ")" ||
      bracketed(1, Word, Length) != "[" + std::string(Word) + "]" ||
      bracketed(2, Word, Length) != "<" + std::string(Word) + ">" ||
      bracketed(6, Word, Length) != Word)
    return 3;
  All += joinPath("/usr/share/dictionaries", Word) + E.label(true) +
         E.label(false) + indented(3, Word);
  return All == "\"" + std::string(Word) + "\"'" + Word +
                        "'/usr/share/dictionaries/" + Word + Word + ": ms0      " +
                        Word
             ? 0
             : 1;
}
