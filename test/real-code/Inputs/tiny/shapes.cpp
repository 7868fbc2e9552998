#include "shapes.h"

#include <string>

namespace {
// Padded: 24 bytes, 16 in another order, and nothing depends on the order.
struct Shape {
  char Kind = 0;
  double Scale = 1.0;
  char Flags = 0;
};
} // namespace

int area(int Kind) {
  Shape S;
  S.Kind = static_cast<char>(Kind);
  std::string Name = "a shape of some kind, long enough to allocate";
  return static_cast<int>(S.Scale) * S.Kind + static_cast<int>(Name.size()) +
         S.Flags;
}
