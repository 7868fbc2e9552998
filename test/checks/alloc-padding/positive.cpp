// Records whose fields, in another order, need at least 8 bytes less
// (x86_64 Linux, the Itanium C++ ABI). The note gives the order and says
// where the padding is now. ReportAll: most of these records have one
// instance here (instances.cpp tests what is reported by default).
// RUN: %check_alloc_tidy %s alloc-padding %t -- -config="{CheckOptions: {alloc-padding.ReportAll: true}}" -- --target=x86_64-pc-linux-gnu

// Holes between members.
struct Packet {
  char Flag;
  double Value;
  char Kind;
  long Count;
};
// CHECK-NOTES: :[[@LINE-6]]:8: warning: 'Packet' has 14 bytes of padding; reordering its fields makes it 24 bytes instead of 32 (-8) [alloc-padding]
// CHECK-NOTES: :[[@LINE-7]]:8: note: in the order 'Value', 'Count', 'Flag', 'Kind' it takes 24 bytes; now it has a 7-byte hole after 'Flag' and a 7-byte hole after 'Kind'

// A hole and tail padding.
class Tail {
  char A;
  double B;
  char C;

public:
  int sum() const { return A + static_cast<int>(B) + C; }
};
// CHECK-NOTES: :[[@LINE-8]]:7: warning: 'Tail' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
// CHECK-NOTES: :[[@LINE-9]]:7: note: in the order 'B', 'A', 'C' it takes 16 bytes; now it has a 7-byte hole after 'A' and 7 bytes of tail padding

// A class with a base, which optin.performance.Padding skips. The base is
// not a POD, so the Itanium ABI places the derived fields in its tail
// padding: the best order puts the small fields there first.
struct Base {
  Base() {}
  double D;
  char C;
};
struct Derived : Base {
  char A;
  double X;
  char B;
};
// CHECK-NOTES: :[[@LINE-5]]:8: warning: 'Derived' has 13 bytes of padding; reordering its fields makes it 24 bytes instead of 32 (-8) [alloc-padding]
// CHECK-NOTES: :[[@LINE-6]]:8: note: in the order 'A', 'B', 'X' it takes 24 bytes; now it has a 6-byte hole after 'A' and 7 bytes of tail padding

// A dynamic class: the vptr stays first.
struct Shape {
  virtual ~Shape();
  char Kind;
  double Area;
  bool Visible;
};
// CHECK-NOTES: :[[@LINE-6]]:8: warning: 'Shape' has 14 bytes of padding; reordering its fields makes it 24 bytes instead of 32 (-8) [alloc-padding]
// CHECK-NOTES: :[[@LINE-7]]:8: note: in the order 'Area', 'Kind', 'Visible' it takes 24 bytes; now it has a 7-byte hole after 'Kind' and 7 bytes of tail padding

// Bit-fields, which optin.performance.Padding skips: runs of bit-fields move
// as one unit, and two runs that meet share their storage.
struct Flags {
  unsigned Dirty : 1;
  double Weight;
  unsigned Hidden : 1;
};
// CHECK-NOTES: :[[@LINE-5]]:8: warning: 'Flags' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
// CHECK-NOTES: :[[@LINE-6]]:8: note: in the order 'Weight', 'Dirty', 'Hidden' it takes 16 bytes; now it has a 7-byte hole after 'Dirty' and 7 bytes of tail padding

// Instantiations of a class template, which optin.performance.Padding skips:
// the warning is at the template, where the fields are written, and names
// the instantiation; a note shows where it is instantiated. One warning per
// template, for its most wasteful instantiation, however many there are.
template <typename T, typename U> struct Pair {
  T First;
  U Second;
  T Third;
};
// CHECK-NOTES: :[[@LINE-5]]:42: warning: 'Pair<char, long double>' has 30 bytes of padding; reordering its fields makes it 32 bytes instead of 48 (-16) [alloc-padding]
Pair<char, long> LessWasteful;
Pair<char, long double> Wasteful[2];
// CHECK-NOTES: :[[@LINE-1]]:25: note: saves 16 bytes per element, 32 bytes for the 2 elements of the array 'Wasteful' at {{.*}}:[[@LINE-1]]
// CHECK-NOTES: :[[@LINE-2]]:25: note: 'Pair<char, long double>' is instantiated here; 1 other instantiation of the template wastes 8 bytes or more too
// CHECK-NOTES: :[[@LINE-10]]:42: note: in the order 'Second', 'First', 'Third' it takes 32 bytes; now it has a 15-byte hole after 'First' and 15 bytes of tail padding
// No padding in this one.
Pair<int, int> Tight;

// A class nested in a class template: reported for its instantiation too.
template <typename T> struct List {
  struct Node {
    bool Marked;
    T Value;
    Node *Next;
    bool Pinned;
  };
  Node *Head = nullptr;
};
// CHECK-NOTES: :[[@LINE-8]]:10: warning: 'List<double>::Node' has 14 bytes of padding; reordering its fields makes it 24 bytes instead of 32 (-8) [alloc-padding]
List<double>::Node Sentinel;
// CHECK-NOTES: :[[@LINE-1]]:20: note: 'List<double>::Node' is instantiated here
// CHECK-NOTES: :[[@LINE-11]]:10: note: in the order 'Value', 'Next', 'Marked', 'Pinned' it takes 24 bytes; now it has a 7-byte hole after 'Marked' and 7 bytes of tail padding

// An explicit specialisation is written by hand like any class.
template <> struct Pair<bool, long long> {
  bool First;
  long long Second;
  bool Third;
};
// CHECK-NOTES: :[[@LINE-5]]:20: warning: 'Pair<bool, long long>' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
// CHECK-NOTES: :[[@LINE-6]]:20: note: in the order 'Second', 'First', 'Third' it takes 16 bytes; now it has a 7-byte hole after 'First' and 7 bytes of tail padding

// Exactly MinWastedBytes (8) saved is enough; more holes than four are
// summed up.
struct ManyHoles {
  char A;
  short B;
  char C;
  int D;
  char E;
  short F;
  char G;
  int H;
  char I;
  long J;
};
// CHECK-NOTES: :[[@LINE-12]]:8: warning: 'ManyHoles' has 15 bytes of padding; reordering its fields makes it 32 bytes instead of 40 (-8) [alloc-padding]
// CHECK-NOTES: :[[@LINE-13]]:8: note: in the order 'J', 'D', 'H', 'B', 'F', 'A', 'C', 'E', 'G', 'I' it takes 32 bytes; now it has a 1-byte hole after 'A', a 3-byte hole after 'C', a 1-byte hole after 'E', a 3-byte hole after 'G' and 1 more hole
