// The tokenizer of examples/tokenizer/main.cpp after the change
// alloc-small-string suggests for its string class and leaves to the
// programmer: an inline buffer of 16 characters, so that the strings up to 15
// characters (most of a page's tokens) are not allocated. Nothing else
// differs; the validation harness (scripts/validate.sh) measures this file
// against main.cpp and checks that both print the same.
#include "heapcount/heapcount.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// A string that keeps up to 15 characters in an inline buffer, and longer
// ones on the heap in blocks rounded up so that appending a character seldom
// reallocates (GooString's trick).
class Str {
public:
  Str() : Str("", 0) {}
  Str(const char *Text, int Length) {
    resize(Length);
    std::memcpy(Data, Text, Length);
  }
  Str(const Str &Other) : Str(Other.Data, Other.Length) {}
  Str &operator=(const Str &Other) {
    if (this != &Other) {
      resize(Other.Length);
      std::memcpy(Data, Other.Data, Other.Length);
    }
    return *this;
  }
  ~Str() {
    if (Data != Inline)
      delete[] Data;
  }

  int size() const { return Length; }
  const char *c_str() const { return Data; }
  char operator[](int I) const { return Data[I]; }
  bool equals(const char *Text) const { return std::strcmp(Data, Text) == 0; }

  void append(char C) {
    resize(Length + 1);
    Data[Length - 1] = C;
  }

private:
  // Room for Length characters and the terminator, in steps of 8 bytes for
  // short strings and 256 for long ones.
  static int roundedSize(int Length) {
    int Delta = Length < 256 ? 7 : 255;
    return ((Length + 1) + Delta) & ~Delta;
  }

  // Makes room for NewLength characters, keeping the ones that fit: in the
  // inline buffer when they fit there, on the heap otherwise.
  void resize(int NewLength) {
    int Need = roundedSize(NewLength);
    char *Target = Data;
    if (Need <= InlineSize)
      Target = Inline;
    else if (Data == nullptr || Data == Inline || Need != roundedSize(Length))
      Target = new char[Need];
    if (Target != Data) {
      if (Data != nullptr)
        std::memcpy(Target, Data, Length < NewLength ? Length : NewLength);
      if (Data != Inline)
        delete[] Data;
      Data = Target;
    }
    Length = NewLength;
    Data[Length] = '\0';
  }

  static constexpr int InlineSize = 16;
  int Length = 0;
  char *Data = nullptr;
  char Inline[InlineSize];
};

enum class Kind { Number, Name, String, Operator, Punctuation };

struct Token {
  Kind K;
  Str Text;
};

// A small deterministic generator, so that the pages are the same on every
// platform.
class Random {
public:
  unsigned next(unsigned Bound) {
    State = State * 1103515245u + 12345u;
    return (State >> 16) % Bound;
  }

private:
  uint32_t State = 2024;
};

const char *const Words[] = {
    "the",    "heap",    "allocator", "is",     "called", "for",
    "every",  "token",   "of",        "a",      "page",   "content",
    "stream", "strings", "numbers",   "names",  "and",    "operators",
    "in",     "PDF",     "reader",    "parser", "lexer",  "profile"};

// One page: a text object per line, each with a font, a position and a
// string drawn with Tj, some with a word-spacing change.
std::string makePage(Random &Rng, int Page) {
  std::string Out = "%page " + std::to_string(Page) + "\n";
  for (int Line = 0; Line < 48; ++Line) {
    Out += "BT /F" + std::to_string(1 + Rng.next(3)) + " ";
    Out += std::to_string(9 + Rng.next(4)) + " Tf ";
    Out += std::to_string(72) + " " + std::to_string(720 - Line * 14) + " Td ";
    if (Rng.next(4) == 0)
      Out += "0." + std::to_string(Rng.next(10)) + " Tw ";
    Out += "(";
    int Count = 3 + static_cast<int>(Rng.next(6));
    for (int W = 0; W < Count; ++W) {
      if (W > 0)
        Out += ' ';
      Out += Words[Rng.next(sizeof(Words) / sizeof(Words[0]))];
    }
    Out += ") Tj ET\n";
  }
  return Out;
}

bool isDelimiter(char C) {
  return C == '(' || C == ')' || C == '<' || C == '>' || C == '[' || C == ']' ||
         C == '/' || C == '%';
}

bool isSpace(char C) { return C == ' ' || C == '\n' || C == '\r'; }

// Splits a content stream into tokens. Strings keep their characters without
// the parentheses; comments are skipped.
void tokenize(const std::string &Stream, std::vector<Token> &Out) {
  std::size_t I = 0;
  while (I < Stream.size()) {
    char C = Stream[I];
    if (isSpace(C)) {
      ++I;
    } else if (C == '%') {
      while (I < Stream.size() && Stream[I] != '\n')
        ++I;
    } else if (C == '(') {
      std::size_t End = Stream.find(')', I);
      Out.push_back({Kind::String, Str(Stream.data() + I + 1,
                                       static_cast<int>(End - I - 1))});
      I = End + 1;
    } else if (C == '/') {
      std::size_t End = I + 1;
      while (End < Stream.size() && !isSpace(Stream[End]) &&
             !isDelimiter(Stream[End]))
        ++End;
      Out.push_back({Kind::Name, Str(Stream.data() + I + 1,
                                     static_cast<int>(End - I - 1))});
      I = End;
    } else if (isDelimiter(C)) {
      Out.push_back({Kind::Punctuation, Str(&Stream[I], 1)});
      ++I;
    } else {
      // A number or an operator, read a character at a time.
      Token T{(C >= '0' && C <= '9') || C == '-' || C == '.' ? Kind::Number
                                                             : Kind::Operator,
              Str()};
      while (I < Stream.size() && !isSpace(Stream[I]) &&
             !isDelimiter(Stream[I]))
        T.Text.append(Stream[I++]);
      Out.push_back(T);
    }
  }
}

struct Summary {
  int TextObjects = 0;
  int FontChanges = 0;
  int Glyphs = 0;
  int Words = 0;
  int LongestString = 0;
  uint64_t Hash = 14695981039346656037ull;
};

// Runs the text operators: operands are pushed on a stack (copied, as the
// parser's objects were) until an operator takes them.
void interpret(const std::vector<Token> &Tokens, Summary &S) {
  std::vector<Str> Operands;
  for (const Token &T : Tokens) {
    for (int I = 0; I < T.Text.size(); ++I) {
      S.Hash ^= static_cast<unsigned char>(T.Text[I]);
      S.Hash *= 1099511628211ull;
    }
    if (T.K != Kind::Operator) {
      Operands.push_back(T.Text);
      continue;
    }
    if (T.Text.equals("BT")) {
      ++S.TextObjects;
    } else if (T.Text.equals("Tf")) {
      ++S.FontChanges;
    } else if (T.Text.equals("Tj") && !Operands.empty()) {
      const Str &Shown = Operands.back();
      S.Glyphs += Shown.size();
      S.Words += 1;
      for (int I = 0; I < Shown.size(); ++I)
        S.Words += Shown[I] == ' ';
      if (Shown.size() > S.LongestString)
        S.LongestString = Shown.size();
    }
    Operands.clear();
  }
}

} // namespace

int main(int Argc, char **Argv) {
  int Pages = Argc > 1 ? std::atoi(Argv[1]) : 40;
  if (Pages < 1 || Pages > 10000) {
    std::fprintf(stderr, "tokenizer: bad page count '%s'\n", Argv[1]);
    return 2;
  }
  std::vector<std::string> Streams;
  std::size_t Bytes = 0;
  {
    heapcount::Scope Generate("generate");
    Random Rng;
    for (int Page = 0; Page < Pages; ++Page)
      Streams.push_back(makePage(Rng, Page));
  }
  std::vector<Token> Tokens;
  Summary S;
  {
    heapcount::Scope Tokenize("tokenize");
    for (const std::string &Stream : Streams) {
      tokenize(Stream, Tokens);
      Bytes += Stream.size();
    }
  }
  {
    heapcount::Scope Interpret("interpret");
    interpret(Tokens, S);
  }
  int Counts[5] = {0, 0, 0, 0, 0};
  int Short = 0;
  for (const Token &T : Tokens) {
    ++Counts[static_cast<int>(T.K)];
    Short += T.Text.size() < 16;
  }
  std::printf("%d pages, %zu bytes, %zu tokens (%d%% shorter than 16)\n", Pages,
              Bytes, Tokens.size(),
              static_cast<int>(100 * static_cast<long long>(Short) /
                               static_cast<long long>(Tokens.size())));
  std::printf("numbers %d, names %d, strings %d, operators %d, "
              "punctuation %d\n",
              Counts[0], Counts[1], Counts[2], Counts[3], Counts[4]);
  std::printf("text objects %d, font changes %d, words %d, glyphs %d, "
              "longest string %d\n",
              S.TextObjects, S.FontChanges, S.Words, S.Glyphs, S.LongestString);
  std::printf("checksum %016llx\n", static_cast<unsigned long long>(S.Hash));
  {
    heapcount::Scope Teardown("teardown");
    Tokens.clear();
    Tokens.shrink_to_fit();
  }
  return 0;
}
