// A class in a header: other translation units can construct it with other
// widths, so the widths passed in one file prove nothing.
#include <vector>
class HeaderRow {
public:
  explicit HeaderRow(int Width) : Cells(Width) {}
  int width() const { return static_cast<int>(Cells.size()); }

private:
  std::vector<char> Cells;
};
