// The attribute runs of a console row, kept the way a console host kept
// them: each row has a run list, a few flags and a cached width, declared in
// the order they were added over the years rather than by size. `make demo`
// shows their layouts with alloc-layout: where the padding is, and the order
// that removes it.
#include <cstdint>
#include <cstdio>
#include <vector>

namespace console {

struct TextAttribute {
  uint16_t Foreground;
  uint16_t Background;
  bool Bold;
};

struct AttrRun {
  TextAttribute Attr;
  uint32_t Length;
};

struct AttrRow {
  bool Dirty;
  std::vector<AttrRun> Runs;
  uint16_t Width;
  const AttrRow *Next;
  bool Wrapped;
};

template <typename Cell> struct Grid {
  uint8_t Kind;
  Cell *Cells;
  uint32_t Count;
};

} // namespace console

int main() {
  console::AttrRow Row{false, {{{7, 0, false}, 80}}, 80, nullptr, false};
  console::Grid<console::AttrRow> Rows{1, &Row, 1};
  std::printf("%zu runs, %u cells wide, %u rows\n", Rows.Cells->Runs.size(),
              static_cast<unsigned>(Row.Width), Rows.Count);
}
