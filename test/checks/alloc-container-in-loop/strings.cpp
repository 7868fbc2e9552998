// Strings keep short contents in an inline buffer (up to 15 chars on
// libstdc++ and MSVC, 22 on libc++) and allocate only beyond it. By default a
// string is flagged only when the analysis shows it outgrows the buffer: a
// constant longer than any inline buffer, or appends of known length that
// add up to more in one iteration (a nested loop with a constant count
// multiplies its appends). Contents of unknown length (a line read by
// std::getline, a token read by >>, a count that is not a constant, appends
// repeated by a loop of unknown count) are mostly short keys, ids and tokens
// that never leave the buffer: silent by default, flagged with
// UnboundedStrings (the suffix UNBOUNDED).
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t -check-suffix=DEFAULT
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t -check-suffix=UNBOUNDED -- -config="{CheckOptions: {alloc-container-in-loop.UnboundedStrings: true}}"

#include <istream>
#include <string>
#include <vector>

void use(const std::string &S);

int lines(std::istream &In) {
  int N = 0;
  while (In) {
    std::string Line;
    // CHECK-MESSAGES-UNBOUNDED: :[[@LINE-1]]:17: warning: 'Line' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    std::getline(In, Line);
    N += static_cast<int>(Line.size());
  }
  // CHECK-FIXES-UNBOUNDED: {{^}}  std::string Line;{{$}}
  // CHECK-FIXES-UNBOUNDED-NEXT: {{^}}  while (In) {{[{]}}{{$}}
  // CHECK-FIXES-UNBOUNDED-NEXT: {{^}}    Line.clear();{{$}}
  return N;
}

int wideLines(std::wistream &In) {
  int N = 0;
  for (int I = 0; I < 10 && In; ++I) {
    std::wstring Line;
    // CHECK-MESSAGES-UNBOUNDED: :[[@LINE-1]]:18: warning: 'Line' is constructed
    std::getline(In, Line, L';');
    N += static_cast<int>(Line.size());
  }
  // CHECK-FIXES-UNBOUNDED: {{^}}  std::wstring Line;{{$}}
  return N;
}

void upperCase(const std::vector<std::string> &Words) {
  for (const std::string &W : Words) {
    std::string Out;
    // CHECK-MESSAGES-UNBOUNDED: :[[@LINE-1]]:17: warning: 'Out' is constructed
    for (char C : W)
      Out += static_cast<char>(C & ~0x20);
    use(Out);
  }
  // CHECK-FIXES-UNBOUNDED: {{^}}  std::string Out;{{$}}
  // CHECK-FIXES-UNBOUNDED-NEXT: {{^}}  for (const std::string &W : Words) {{[{]}}{{$}}
  // CHECK-FIXES-UNBOUNDED-NEXT: {{^}}    Out.clear();{{$}}
}

void joinFields(const std::vector<std::vector<std::string>> &Rows) {
  for (const auto &Row : Rows) {
    std::string Joined;
    // CHECK-MESSAGES-UNBOUNDED: :[[@LINE-1]]:17: warning: 'Joined' is constructed
    for (const std::string &Field : Row)
      Joined.append(Field).append(",");
    use(Joined);
  }
  // CHECK-FIXES-UNBOUNDED: {{^}}    Joined.clear();{{$}}
}

void padded(const std::vector<int> &Widths) {
  for (int W : Widths) {
    std::string Pad;
    // CHECK-MESSAGES-UNBOUNDED: :[[@LINE-1]]:17: warning: 'Pad' is constructed
    Pad.resize(static_cast<std::size_t>(W), ' ');
    use(Pad);
  }
  // CHECK-FIXES-UNBOUNDED: {{^}}    Pad.clear();{{$}}
}

void copied(const std::vector<const char *> &Ptrs, std::size_t Len) {
  for (const char *P : Ptrs) {
    std::string Text;
    // CHECK-MESSAGES-UNBOUNDED: :[[@LINE-1]]:17: warning: 'Text' is constructed
    Text.assign(P, Len);
    use(Text);
  }
  // CHECK-FIXES-UNBOUNDED: {{^}}    Text.clear();{{$}}
}

// A literal longer than any inline buffer: allocates on every library.
void banner(int N) {
  for (int I = 0; I < N; ++I) {
    std::string Line;
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:17: warning: 'Line' is constructed
    // CHECK-MESSAGES-UNBOUNDED: :[[@LINE-2]]:17: warning: 'Line' is constructed
    Line += "============================== ";
    Line += "section";
    use(Line);
  }
  // CHECK-FIXES-DEFAULT: {{^}}    Line.clear();{{$}}
  // CHECK-FIXES-UNBOUNDED: {{^}}    Line.clear();{{$}}
}

// The same length stays inline for a short literal (negative.cpp), but
// char32_t needs 4 bytes a character.
void wide(int N) {
  for (int I = 0; I < N; ++I) {
    std::u32string Word;
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:20: warning: 'Word' is constructed
    // CHECK-MESSAGES-UNBOUNDED: :[[@LINE-2]]:20: warning: 'Word' is constructed
    Word = U"abcdefgh";
    Word.push_back(U'!');
  }
  // CHECK-FIXES-DEFAULT: {{^}}    Word.clear();{{$}}
  // CHECK-FIXES-UNBOUNDED: {{^}}    Word.clear();{{$}}
}

// Constant appends that add up to more than any inline buffer (10 + 10 + 3
// characters) in one iteration: a concatenation that always allocates.
void concatenated(int N) {
  for (int I = 0; I < N; ++I) {
    std::string Id;
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:17: warning: 'Id' is constructed
    // CHECK-MESSAGES-UNBOUNDED: :[[@LINE-2]]:17: warning: 'Id' is constructed
    Id += "0123456789";
    Id.append("abcdefghij");
    Id += "xyz";
    use(Id);
  }
  // CHECK-FIXES-DEFAULT: {{^}}    Id.clear();{{$}}
  // CHECK-FIXES-UNBOUNDED: {{^}}    Id.clear();{{$}}
}

// A nested loop with a constant count multiplies its appends: 32 characters.
void fixedWidth(const std::vector<int> &Values) {
  for (int V : Values) {
    std::string Bits;
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:17: warning: 'Bits' is constructed
    // CHECK-MESSAGES-UNBOUNDED: :[[@LINE-2]]:17: warning: 'Bits' is constructed
    for (int B = 0; B < 32; ++B)
      Bits.push_back((V >> B) & 1 ? '1' : '0');
    use(Bits);
  }
  // CHECK-FIXES-DEFAULT: {{^}}    Bits.clear();{{$}}
  // CHECK-FIXES-UNBOUNDED: {{^}}    Bits.clear();{{$}}
}

// Negative by default: the key of a key=value line read by std::getline is
// a short name that stays in the inline buffer; nothing shows it is longer.
int keys(std::istream &In) {
  int N = 0;
  while (In) {
    std::string Key;
    // CHECK-MESSAGES-UNBOUNDED: :[[@LINE-1]]:17: warning: 'Key' is constructed
    std::getline(In, Key, '=');
    N += static_cast<int>(Key.size());
  }
  return N;
}

// Negative: a token read by >> (a number, a short word) is not an append
// the analysis can measure, in either mode.
int tokens(std::istream &In) {
  int N = 0;
  for (int I = 0; I < 100; ++I) {
    std::string Token;
    In >> Token;
    N += static_cast<int>(Token.size());
  }
  return N;
}

// Negative: short known appends (4 + 1 + 6 characters) stay inline.
void shortIds(int N) {
  for (int I = 0; I < N; ++I) {
    std::string Id;
    Id += "row-";
    Id += static_cast<char>('a' + I % 26);
    Id.append("-first");
    use(Id);
  }
}

// Negative by default: a nested loop of a small constant count (8 bits)
// stays inline; one of unknown count proves nothing.
void smallWidth(const std::vector<int> &Values, int Width) {
  for (int V : Values) {
    std::string Byte;
    // CHECK-MESSAGES-UNBOUNDED: :[[@LINE-1]]:17: warning: 'Byte' is constructed
    for (int B = 0; B < 8; ++B)
      Byte.push_back((V >> B) & 1 ? '1' : '0');
    std::string Digits;
    // CHECK-MESSAGES-UNBOUNDED: :[[@LINE-1]]:17: warning: 'Digits' is constructed
    for (int D = 0; D < Width; ++D)
      Digits += '0';
    use(Byte);
    use(Digits);
  }
}

// Negative by default: appends under conditions prove nothing, however long
// together (3 + 20 characters): either may not run.
void flags(const std::vector<int> &Kinds) {
  for (int K : Kinds) {
    std::string Extra;
    if (K & 1)
      Extra += " -w";
    if (K & 2)
      Extra += " -D_LARGEFILE_SOURCE";
    use(Extra);
  }
}
