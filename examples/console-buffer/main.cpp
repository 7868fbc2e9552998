// A console host's screen buffer, modelled on the Windows console host
// (conhost) whose start-up made 29,461 heap allocations: its text buffer kept
// 9,001 rows of scrollback in a std::deque, and each row allocated twice, once
// for its cells (a std::vector sized by the screen width, 120) and once for
// its colours (a std::vector of attribute runs that nearly always holds one
// run). A std::vector of rows and inline buffers for the cells and the runs
// brought start-up to 2,448 allocations.
//
//   console-buffer [SETTINGS]    SETTINGS: "width=120,height=9001" (default)
//
// The size comes from settings read at run time, as the real host's did, so
// no static analysis can prove that every row has 120 cells: only a profile
// can. The program then plays a short shell session into the buffer and
// prints a checksum of the whole buffer and every seventh row of the session
// with its colours.
#include "heapcount/heapcount.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace {

// One character cell: a UTF-16 code unit and whether it is the leading or
// trailing half of a double-width character (0: neither).
struct Cell {
  char16_t Glyph = u' ';
  uint8_t DbcsAttr = 0;
};

// The attribute (colour) in effect from column Start to the next run.
struct AttrRun {
  uint16_t Start;
  uint8_t Attr;
};

constexpr uint8_t DefaultAttr = 0x07;

class Row {
public:
  Row(int Id, int Width, uint8_t Attr) : Id(Id), Cells(Width) {
    Runs.push_back({0, Attr});
  }

  int width() const { return static_cast<int>(Cells.size()); }

  // Writes Text from column X on (clipped at the edge) in attribute Attr.
  // Writes go left to right, as a shell writes a line, so a new colour is
  // one more run at the end.
  int write(int X, const char *Text, uint8_t Attr) {
    int Written = 0;
    for (; Text[Written] != '\0' && X + Written < width(); ++Written)
      Cells[X + Written].Glyph = static_cast<char16_t>(Text[Written]);
    if (Written == 0 || Attr == Runs.back().Attr)
      return Written;
    if (Runs.back().Start == X)
      Runs.back().Attr = Attr;
    else
      Runs.push_back({static_cast<uint16_t>(X), Attr});
    return Written;
  }

  uint8_t attrAt(int X) const {
    uint8_t Attr = Runs.front().Attr;
    for (const AttrRun &Run : Runs)
      if (Run.Start <= X)
        Attr = Run.Attr;
    return Attr;
  }

  int runCount() const { return static_cast<int>(Runs.size()); }

  // The row's text without trailing blanks.
  std::string text() const {
    std::string Text;
    for (const Cell &C : Cells)
      Text += static_cast<char>(C.Glyph);
    return Text.substr(0, Text.find_last_not_of(' ') + 1);
  }

  // The runs as "column:attribute" pairs, e.g. "0:07 8:0f".
  std::string runs() const {
    std::string Out;
    char Item[16];
    for (const AttrRun &Run : Runs) {
      std::snprintf(Item, sizeof(Item), "%s%d:%02x", Out.empty() ? "" : " ",
                    Run.Start, Run.Attr);
      Out += Item;
    }
    return Out;
  }

  // FNV-1a over the row number, the cells and the runs.
  uint64_t hash(uint64_t H) const {
    auto Mix = [&H](uint64_t V) {
      H ^= V;
      H *= 1099511628211ull;
    };
    Mix(static_cast<uint64_t>(Id));
    for (int X = 0; X < width(); ++X) {
      Mix(Cells[X].Glyph);
      Mix(Cells[X].DbcsAttr);
    }
    for (const AttrRun &Run : Runs)
      Mix(static_cast<uint64_t>(Run.Start) << 8 | Run.Attr);
    return H;
  }

private:
  int Id;
  std::vector<Cell> Cells;
  std::vector<AttrRun> Runs;
};

class TextBuffer {
public:
  TextBuffer(int Width, int Height, uint8_t Attr) : Width(Width) {
    for (int Y = 0; Y < Height; ++Y)
      Rows.emplace_back(Y, Width, Attr);
  }

  int width() const { return Width; }
  int height() const { return static_cast<int>(Rows.size()); }
  Row &row(int Y) { return Rows[Y]; }
  const Row &row(int Y) const { return Rows[Y]; }

  uint64_t hash() const {
    uint64_t H = 14695981039346656037ull;
    for (const Row &R : Rows)
      H = R.hash(H);
    return H;
  }

private:
  int Width;
  std::deque<Row> Rows;
};

// A cursor over the buffer, as the host's output path has.
class Console {
public:
  explicit Console(TextBuffer &Buffer) : Buffer(Buffer) {}

  void print(const char *Text, uint8_t Attr = DefaultAttr) {
    CursorX += Buffer.row(CursorY).write(CursorX, Text, Attr);
  }
  void newLine() {
    CursorX = 0;
    CursorY = (CursorY + 1) % Buffer.height();
  }
  int line() const { return CursorY; }

private:
  TextBuffer &Buffer;
  int CursorX = 0;
  int CursorY = 0;
};

struct Settings {
  int Width = 0;
  int Height = 0;
};

// The desktop defaults, then "key=value" pairs separated by commas.
bool parseSettings(const char *Text, Settings &Out) {
  Out.Width = 120;
  Out.Height = 9001;
  while (*Text != '\0') {
    const char *Equals = std::strchr(Text, '=');
    if (!Equals)
      return false;
    char *End = nullptr;
    long Value = std::strtol(Equals + 1, &End, 10);
    if (End == Equals + 1 || Value < 1 || Value > 100000)
      return false;
    std::size_t KeyLength = static_cast<std::size_t>(Equals - Text);
    if (KeyLength == 5 && std::strncmp(Text, "width", 5) == 0)
      Out.Width = static_cast<int>(Value);
    else if (KeyLength == 6 && std::strncmp(Text, "height", 6) == 0)
      Out.Height = static_cast<int>(Value);
    else
      return false;
    Text = *End == ',' ? End + 1 : End;
  }
  return Out.Width <= 1000;
}

// A shell session: a prompt, a command, a directory listing with
// directories and executables in their colours, and a summary line.
void playSession(Console &Con) {
  static const char *const Names[] = {
      "bin",       "build",   "CMakeLists.txt", "docs",   "examples",
      "lib",       "LICENSE", "Makefile",       "README", "scripts",
      "setup.exe", "test",    "tools",          "run.exe"};
  char Line[64];
  for (int Round = 0; Round < 3; ++Round) {
    Con.print("C:\\src> ");
    Con.print("dir /b", 0x0f);
    Con.newLine();
    int Files = 0;
    for (const char *Name : Names) {
      std::size_t Length = std::strlen(Name);
      bool Directory =
          std::strchr(Name, '.') == nullptr && (Name[0] < 'A' || Name[0] > 'Z');
      bool Program = Length > 4 && std::strcmp(Name + Length - 4, ".exe") == 0;
      Con.print(Name, Directory ? 0x0b : Program ? 0x0a : DefaultAttr);
      if (Directory)
        Con.print("\\");
      else
        ++Files;
      Con.newLine();
    }
    std::snprintf(Line, sizeof(Line), "%d file(s), round %d", Files, Round);
    Con.print(Line);
    Con.newLine();
  }
  Con.print("C:\\src> ");
}

} // namespace

int main(int Argc, char **Argv) {
  Settings Config;
  if (!parseSettings(Argc > 1 ? Argv[1] : "", Config)) {
    std::fprintf(stderr, "console-buffer: bad settings '%s'\n", Argv[1]);
    return 2;
  }
  std::unique_ptr<TextBuffer> Buffer;
  {
    heapcount::Scope Construction("construction");
    Buffer =
        std::make_unique<TextBuffer>(Config.Width, Config.Height, DefaultAttr);
  }
  int Lines = 0;
  {
    heapcount::Scope Session("session");
    Console Con(*Buffer);
    playSession(Con);
    Lines = Con.line() + 1;
  }
  {
    heapcount::Scope Render("render");
    std::printf("%dx%d buffer, checksum %016llx\n", Buffer->width(),
                Buffer->height(),
                static_cast<unsigned long long>(Buffer->hash()));
    for (int Y = 0; Y < Lines; Y += 7) {
      const Row &R = Buffer->row(Y);
      std::printf("%4d |%s| %s\n", Y, R.text().c_str(), R.runs().c_str());
    }
    std::printf("row %d: attribute at column 10: %02x, %d run(s)\n", Lines - 1,
                Buffer->row(Lines - 1).attrAt(10),
                Buffer->row(Lines - 1).runCount());
  }
  {
    heapcount::Scope Teardown("teardown");
    Buffer.reset();
  }
  return 0;
}
