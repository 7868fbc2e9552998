// Padding costs memory where there are many instances of a record. By
// default a record is reported only when the translation unit shows many of
// it: an element of a container or an array, a member of such an element,
// or allocated in a loop where the saving changes the malloc chunk. The
// first note gives the cost. ReportAll reports every padded record.
// RUN: %check_alloc_tidy %s alloc-padding %t -- -- --target=x86_64-pc-linux-gnu
// RUN: %check_alloc_tidy %s alloc-padding %t -check-suffix=ALL -- -config="{CheckOptions: {alloc-padding.ReportAll: true, alloc-padding.LayoutNotes: None}}" -- --target=x86_64-pc-linux-gnu

#include <array>
#include <map>
#include <memory>
#include <vector>

// An element of a std::vector.
struct Row {
  char Flag;
  double Value;
  char Kind;
};
// CHECK-NOTES: :[[@LINE-5]]:8: warning: 'Row' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
// CHECK-NOTES: :[[@LINE+3]]:18: note: saves 8 bytes per element of 'std::vector<Row>' at {{.*}}:[[@LINE+3]]
// CHECK-NOTES: :[[@LINE-7]]:8: note: in the order 'Value', 'Flag', 'Kind' it takes 16 bytes; now it has a 7-byte hole after 'Flag' and 7 bytes of tail padding
// CHECK-MESSAGES-ALL: :[[@LINE-8]]:8: warning: 'Row' has 14 bytes of padding
std::vector<Row> Rows;

// The values of a map (and a second place that makes instances).
namespace store {
struct Entry {
  bool Live;
  long Stamp;
  bool Dirty;
};
// CHECK-NOTES: :[[@LINE-5]]:8: warning: 'store::Entry' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
// CHECK-NOTES: :[[@LINE+3]]:22: note: saves 8 bytes per element of 'std::map<int, Entry>' at {{.*}}:[[@LINE+3]]; 1 other place creates instances too
// CHECK-NOTES: :[[@LINE-7]]:8: note: in the order 'Stamp', 'Live', 'Dirty' it takes 16 bytes; now it has a 7-byte hole after 'Live' and 7 bytes of tail padding
// CHECK-MESSAGES-ALL: :[[@LINE-8]]:8: warning: 'store::Entry' has 14 bytes of padding
std::map<int, Entry> Index;
std::vector<std::pair<int, Entry>> Log;
} // namespace store

// An array whose size is known: the total is known too.
struct Cell {
  char Kind;
  double Weight;
  char Mark;
};
// CHECK-NOTES: :[[@LINE-5]]:8: warning: 'Cell' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
// CHECK-NOTES: :[[@LINE+3]]:6: note: saves 8 bytes per element, 2048 bytes for the 256 elements of the array 'Grid' at {{.*}}:[[@LINE+3]]
// CHECK-NOTES: :[[@LINE-7]]:8: note: in the order 'Weight', 'Kind', 'Mark' it takes 16 bytes; now it has a 7-byte hole after 'Kind' and 7 bytes of tail padding
// CHECK-MESSAGES-ALL: :[[@LINE-8]]:8: warning: 'Cell' has 14 bytes of padding
Cell Grid[16][16];

// A member of a record that has many instances has many instances too.
struct Inner {
  char Kind;
  double Weight;
  char Mark;
};
// CHECK-NOTES: :[[@LINE-5]]:8: warning: 'Inner' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
// CHECK-NOTES: :[[@LINE+7]]:20: note: saves 8 bytes per instance; each is a member of 'Outer', an element of 'std::vector<Outer>' at {{.*}}:[[@LINE+7]]
// CHECK-NOTES: :[[@LINE-7]]:8: note: in the order 'Weight', 'Kind', 'Mark' it takes 16 bytes; now it has a 7-byte hole after 'Kind' and 7 bytes of tail padding
// CHECK-MESSAGES-ALL: :[[@LINE-8]]:8: warning: 'Inner' has 14 bytes of padding
struct Outer {
  Inner In;
  long Id;
};
std::vector<Outer> Outers;

// new T[n] and std::array.
struct Item {
  char Kind;
  double Weight;
  char Mark;
};
// CHECK-NOTES: :[[@LINE-5]]:8: warning: 'Item' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
// CHECK-NOTES: :[[@LINE+4]]:10: note: saves 8 bytes per element of 'new Item[n]' at {{.*}}:[[@LINE+4]]
// CHECK-NOTES: :[[@LINE-7]]:8: note: in the order 'Weight', 'Kind', 'Mark' it takes 16 bytes; now it has a 7-byte hole after 'Kind' and 7 bytes of tail padding
// CHECK-MESSAGES-ALL: :[[@LINE-8]]:8: warning: 'Item' has 14 bytes of padding
Item *makeItems(unsigned N) {
  return new Item[N];
}
struct Slot {
  char Kind;
  double Weight;
  char Mark;
};
// CHECK-NOTES: :[[@LINE-5]]:8: warning: 'Slot' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
// CHECK-NOTES: :[[@LINE+3]]:21: note: saves 8 bytes per element, 64 bytes for the 8 elements of 'std::array<Slot, 8>' at {{.*}}:[[@LINE+3]]
// CHECK-NOTES: :[[@LINE-7]]:8: note: in the order 'Weight', 'Kind', 'Mark' it takes 16 bytes; now it has a 7-byte hole after 'Kind' and 7 bytes of tail padding
// CHECK-MESSAGES-ALL: :[[@LINE-8]]:8: warning: 'Slot' has 14 bytes of padding
std::array<Slot, 8> Slots;

// Allocated one by one in a loop, 48 bytes instead of 32: the malloc chunk
// shrinks from 64 to 48 bytes.
struct Node {
  char A;
  Node *Next;
  char B;
  Node *Prev;
  char C;
  Node *Child;
};
// CHECK-NOTES: :[[@LINE-8]]:8: warning: 'Node' has 21 bytes of padding; reordering its fields makes it 32 bytes instead of 48 (-16) [alloc-padding]
// CHECK-NOTES: :[[@LINE+5]]:17: note: each 'new Node' in the loop at {{.*}}:[[@LINE+5]] takes a 48-byte malloc chunk instead of 64 (glibc, 64-bit)
// CHECK-NOTES: :[[@LINE-10]]:8: note: in the order 'Next', 'Prev', 'Child', 'A', 'B', 'C' it takes 32 bytes; now it has a 7-byte hole after 'A', a 7-byte hole after 'B' and a 7-byte hole after 'C'
// CHECK-MESSAGES-ALL: :[[@LINE-11]]:8: warning: 'Node' has 21 bytes of padding
Node *chain(int N, Node *Head) {
  for (int I = 0; I < N; ++I) {
    Node *New = new Node();
    New->Next = Head;
    Head = New;
  }
  return Head;
}

// Negative: allocated once, outside a loop. 40 bytes instead of 64 takes a
// smaller malloc chunk (48 instead of 80), but one object is not many
// instances (heap-targets.cpp tests SingleHeapObjects, which reports it).
struct Engine {
  char A;
  double B;
  char C;
  double D;
  char E;
  double F;
  char G;
  double H;
};
// CHECK-MESSAGES-ALL: :[[@LINE-10]]:8: warning: 'Engine' has 28 bytes of padding
std::unique_ptr<Engine> makeEngine() { return std::make_unique<Engine>(); }

// A class template is reported once, at its pattern, for its most wasteful
// instantiation that has many instances.
template <typename T> struct Pair {
  T First;
  long Second;
  T Third;
};
// CHECK-NOTES: :[[@LINE-5]]:30: warning: 'Pair<char>' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
// CHECK-NOTES: :[[@LINE+4]]:25: note: saves 8 bytes per element of 'std::vector<Pair<char>>' at {{.*}}:[[@LINE+4]]
// CHECK-NOTES: :[[@LINE+3]]:25: note: 'Pair<char>' is instantiated here; 1 other instantiation of the template wastes 8 bytes or more too
// CHECK-NOTES: :[[@LINE-8]]:30: note: in the order 'Second', 'First', 'Third' it takes 16 bytes; now it has a 7-byte hole after 'First' and 7 bytes of tail padding
// CHECK-MESSAGES-ALL: :[[@LINE-9]]:30: warning: 'Pair<char>' has 14 bytes of padding
std::vector<Pair<char>> Chars;
std::vector<Pair<short>> Shorts;
// Pair<bool> is one instance: it does not make the warning name it.
Pair<bool> Flags;

// Negative: one instance (a global, a local): nothing a maintainer would
// change for 8 bytes.
struct Settings {
  char Mode;
  double Scale;
  char Level;
};
// CHECK-MESSAGES-ALL: :[[@LINE-5]]:8: warning: 'Settings' has 14 bytes of padding
Settings Global;
double scaled(double X) {
  Settings Local{};
  return X * Local.Scale + Global.Scale;
}

// Negative: pointers to records in a container are not the records.
struct Pointed {
  char Mode;
  double Scale;
  char Level;
};
// CHECK-MESSAGES-ALL: :[[@LINE-5]]:8: warning: 'Pointed' has 14 bytes of padding
std::vector<Pointed *> Pointers;

// Negative: allocated in a loop, but 24 and 16 bytes both take a 32-byte
// malloc chunk: nothing saved on the heap.
struct Small {
  char Mode;
  double Scale;
  char Level;
};
// CHECK-MESSAGES-ALL: :[[@LINE-5]]:8: warning: 'Small' has 14 bytes of padding
void fill(std::vector<std::unique_ptr<Small>> &Out, int N) {
  for (int I = 0; I < N; ++I)
    Out.push_back(std::unique_ptr<Small>(new Small()));
}

// Negative: allocated once; 56 and 48 bytes both take a 64-byte chunk.
struct Service {
  char A;
  double B;
  double C;
  double D;
  double E;
  double F;
  char G;
};
// CHECK-MESSAGES-ALL: :[[@LINE-9]]:8: warning: 'Service' has 14 bytes of padding
Service *startService() { return new Service(); }

// Negative: an array of one is one instance.
struct Lone {
  char Mode;
  double Scale;
  char Level;
};
// CHECK-MESSAGES-ALL: :[[@LINE-5]]:8: warning: 'Lone' has 14 bytes of padding
Lone Lonely[1];

// A union is as large as its largest member: a member that is not the
// largest makes it no smaller (negative), one that is makes it smaller by
// what it had over the others.
struct Narrow {
  char Tag;
  double Value;
  char Mark;
};
// CHECK-MESSAGES-ALL: :[[@LINE-5]]:8: warning: 'Narrow' has 14 bytes of padding
struct Triple {
  double A, B, C;
};
union Either {
  Narrow N;
  Triple T;
};
std::vector<Either> Eithers;

struct Wide {
  char Tag;
  double First;
  char Mark;
  double Second;
};
// CHECK-NOTES: :[[@LINE-6]]:8: warning: 'Wide' has 14 bytes of padding; reordering its fields makes it 24 bytes instead of 32 (-8) [alloc-padding]
// CHECK-NOTES: :[[@LINE+7]]:20: note: saves 8 bytes per instance; each is a member of 'Mixed', an element of 'std::vector<Mixed>' at {{.*}}:[[@LINE+7]]
// CHECK-NOTES: :[[@LINE-8]]:8: note: in the order 'First', 'Second', 'Tag', 'Mark' it takes 24 bytes; now it has a 7-byte hole after 'Tag' and a 7-byte hole after 'Mark'
// CHECK-MESSAGES-ALL: :[[@LINE-9]]:8: warning: 'Wide' has 14 bytes of padding
union Mixed {
  Wide W;
  Triple T;
};
std::vector<Mixed> Mixes;
