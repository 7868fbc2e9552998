// The "before" of a change, laid out by diff.test; diff-new.cpp is "after".
struct Row {
  char Tag;
  int Count;
};
struct Stable {
  int A;
  int B;
};
struct Shrinks {
  char A;
  double B;
  char C;
};
struct Removed {
  int X;
};
