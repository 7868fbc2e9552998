#include "shapes.h"

// The template pattern has no layout; its two instantiations are reported.
int use() {
  ns::Box<int> I;
  ns::Box<double> D;
  SystemRecord S;
  // A lambda's closure type is a record too, but nobody declared it.
  auto L = [&I] { return I.Value; };
  return I.Value + static_cast<int>(D.Value) + S.Hidden + L();
}
