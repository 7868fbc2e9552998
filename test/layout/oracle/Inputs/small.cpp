// A small input for the comparer's own tests (compare-script.test): its
// layout for x86_64-linux-gnu is written by hand in small.json.
struct Base {
  virtual ~Base();
  char b;
};
struct Bits : Base {
  int x : 3;
  int y : 7;
  short z;
};
