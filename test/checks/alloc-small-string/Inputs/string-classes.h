// The string classes of layout-notes.cpp, as they are (BEFORE) and with the
// inline buffer the check's note describes appended as their last member
// (AFTER, written by hand). The program in layout-notes.cpp prints their
// sizes, which must be the note's.
#include <cstddef>
#include <cstring>

class Token {
public:
  explicit Token(const char *S)
      : Data(new char[std::strlen(S) + 1]), Length(std::strlen(S)) {
    std::memcpy(Data, S, Length + 1);
  }
  ~Token() { delete[] Data; }
  Token(const Token &) = delete;
  Token &operator=(const Token &) = delete;
  std::size_t size() const { return Length; }

private:
  char *Data;
  unsigned Length;
  bool Interned = false;
#ifdef AFTER
  char InlineBuffer[16];
#endif
};

struct Path {
  Path(const char16_t *S) : Units(new char16_t[8]), Count(0) { (void)S; }
  ~Path() { delete[] Units; }
  Path(const Path &) = delete;
  Path &operator=(const Path &) = delete;
  char16_t *Units;
  int Count;
  short Drive = 0;
#ifdef AFTER
  char16_t InlineBuffer[16];
#endif
};
