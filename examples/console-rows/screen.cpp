// A tiny console screen buffer: rows of cells, filled once at start-up, then
// written to and printed. The shapes are the ones a real console host had:
// rows kept in a std::deque and a parser's scope stack over a std::deque.
#include <cstdio>
#include <deque>
#include <stack>
#include <string>

struct Cell {
  char Glyph = ' ';
  unsigned char Attr = 7;
};

struct Row {
  Cell Cells[80];
  bool Wrapped = false;
};

class ScreenBuffer {
public:
  explicit ScreenBuffer(int Height) {
    for (int Y = 0; Y < Height; ++Y)
      Rows.emplace_back();
  }

  void write(int Y, const std::string &Text) {
    Row &Target = Rows.at(Y);
    for (size_t X = 0; X < Text.size() && X < 80; ++X)
      Target.Cells[X].Glyph = Text[X];
  }

  int height() const { return static_cast<int>(Rows.size()); }
  const Row &row(int Y) const { return Rows[Y]; }

  std::string text(int Y) const {
    std::string Text;
    for (const Cell &C : row(Y).Cells)
      Text += C.Glyph;
    return Text.substr(0, Text.find_last_not_of(' ') + 1);
  }

private:
  std::deque<Row> Rows;
};

// Checks that brackets in an escape sequence nest.
static bool balanced(const std::string &Sequence) {
  std::stack<char> Open;
  for (char C : Sequence) {
    if (C == '[' || C == '(')
      Open.push(C);
    else if ((C == ']' || C == ')') && !Open.empty())
      Open.pop();
  }
  return Open.empty();
}

int main() {
  ScreenBuffer Screen(9001);
  Screen.write(0, "hello, console");
  std::printf("%d rows, first: '%s', balanced: %d\n", Screen.height(),
              Screen.text(0).c_str(), balanced("[(1;2)]"));
  return 0;
}
