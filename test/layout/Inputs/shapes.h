// Records with every kind of gap alloc-layout reports: holes, tail padding,
// bases, bit-fields, and a template used with two arguments.
#pragma once
#include <sysrec.h>

namespace ns {
struct AttrRow {
  char Tag;
  double Weight;
  int Count;
};

struct Base {
  int B;
};

struct Derived : Base {
  char C;
};

struct Bits {
  unsigned A : 3;
  unsigned B : 5;
  unsigned C : 9;
  char Last;
};

template <typename T> struct Box {
  char Flag;
  T Value;
};

struct Tight {
  int X;
  int Y;
};
} // namespace ns
