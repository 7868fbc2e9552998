// Strings keep short contents in an inline buffer (up to 15 chars on
// libstdc++ and MSVC, 22 on libc++) and allocate only beyond it. A string is
// flagged when it surely or likely grows beyond it: std::getline, appends
// repeated by a nested loop, a count that is not a constant, a constant
// longer than any inline buffer. A few constant appends are left alone (see
// negative.cpp).
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t

#include <istream>
#include <string>
#include <vector>

void use(const std::string &S);

int lines(std::istream &In) {
  int N = 0;
  while (In) {
    std::string Line;
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'Line' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    std::getline(In, Line);
    N += static_cast<int>(Line.size());
  }
  // CHECK-FIXES: {{^}}  std::string Line;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  while (In) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Line.clear();{{$}}
  return N;
}

int wideLines(std::wistream &In) {
  int N = 0;
  for (int I = 0; I < 10 && In; ++I) {
    std::wstring Line;
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'Line' is constructed
    std::getline(In, Line, L';');
    N += static_cast<int>(Line.size());
  }
  // CHECK-FIXES: {{^}}  std::wstring Line;{{$}}
  return N;
}

void upperCase(const std::vector<std::string> &Words) {
  for (const std::string &W : Words) {
    std::string Out;
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'Out' is constructed
    for (char C : W)
      Out += static_cast<char>(C & ~0x20);
    use(Out);
  }
  // CHECK-FIXES: {{^}}  std::string Out;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (const std::string &W : Words) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Out.clear();{{$}}
}

void joinFields(const std::vector<std::vector<std::string>> &Rows) {
  for (const auto &Row : Rows) {
    std::string Joined;
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'Joined' is constructed
    for (const std::string &Field : Row)
      Joined.append(Field).append(",");
    use(Joined);
  }
  // CHECK-FIXES: {{^}}    Joined.clear();{{$}}
}

void padded(const std::vector<int> &Widths) {
  for (int W : Widths) {
    std::string Pad;
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'Pad' is constructed
    Pad.resize(static_cast<std::size_t>(W), ' ');
    use(Pad);
  }
  // CHECK-FIXES: {{^}}    Pad.clear();{{$}}
}

void copied(const std::vector<const char *> &Ptrs, std::size_t Len) {
  for (const char *P : Ptrs) {
    std::string Text;
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'Text' is constructed
    Text.assign(P, Len);
    use(Text);
  }
  // CHECK-FIXES: {{^}}    Text.clear();{{$}}
}

// A literal longer than any inline buffer: allocates on every library.
void banner(int N) {
  for (int I = 0; I < N; ++I) {
    std::string Line;
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'Line' is constructed
    Line += "============================== ";
    Line += "section";
    use(Line);
  }
  // CHECK-FIXES: {{^}}    Line.clear();{{$}}
}

// The same length stays inline for a short literal (negative.cpp), but
// char32_t needs 4 bytes a character.
void wide(int N) {
  for (int I = 0; I < N; ++I) {
    std::u32string Word;
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'Word' is constructed
    Word = U"abcdefgh";
    Word.push_back(U'!');
  }
  // CHECK-FIXES: {{^}}    Word.clear();{{$}}
}
