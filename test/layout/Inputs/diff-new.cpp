// The "after" of diff-old.cpp: Row grows by 8 bytes, Shrinks is reordered,
// Removed is gone, Added is new, Stable only moves down by a line.

struct Row {
  char Tag;
  int Count;
  double Weight;
};
struct Stable {
  int A;
  int B;
};
struct Shrinks {
  double B;
  char A;
  char C;
};
struct Added {
  short S;
};
