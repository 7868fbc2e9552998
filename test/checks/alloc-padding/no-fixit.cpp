// ReorderFixIt is on, but each of these records would change meaning, or
// stop compiling, if its fields moved: the warning comes with a note saying
// why there is no fix-it. LayoutNotes: None leaves only that note.
// The notes sit next to what they point at, some above their warning: the
// lines are matched in any order (-DAG).
// RUN: %check_alloc_tidy %s alloc-padding %t -- -config="{CheckOptions: {alloc-padding.ReportAll: true, alloc-padding.WarnCRecords: true, alloc-padding.ReorderFixIt: true, alloc-padding.LayoutNotes: None}}" -- --target=x86_64-pc-linux-gnu

#include <cstddef>
#include <cstdio>

// A member initialiser reads another field: initialised in another order,
// it would read a field that is not initialised yet.
struct Widget {
  Widget(int W) : Width(W), Area(Width * 2) {}
  // CHECK-NOTES-DAG: :[[@LINE-1]]:29: note: no fix-it: this initialiser reads the object, whose fields would be initialised in another order
  char Tag;
  long Area;
  int Width;
  char Kind;
};
// CHECK-NOTES-DAG: :[[@LINE-8]]:8: warning: 'Widget' has 10 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]

// The same through a default member initialiser.
struct Defaults {
  char Tag;
  long Size = 8;
  char Kind;
  long Twice = Size * 2;
  // CHECK-NOTES-DAG: :[[@LINE-1]]:8: note: no fix-it: the initialiser of 'Twice' reads the object, whose fields would be initialised in another order
};
// CHECK-NOTES-DAG: :[[@LINE-7]]:8: warning: 'Defaults' has 14 bytes of padding; reordering its fields makes it 24 bytes instead of 32 (-8) [alloc-padding]

// The member initialisers are written in the order of the fields; they
// would not be after the reorder (-Wreorder-ctor).
class Ordered {
  char State;
  long Id;
  char Mode;

public:
  Ordered() : State(0), Id(1), Mode(2) {}
  // CHECK-NOTES-DAG: :[[@LINE-1]]:25: note: no fix-it: this constructor's member initialisers would no longer follow the order of the fields
};
// CHECK-NOTES-DAG: :[[@LINE-9]]:7: warning: 'Ordered' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]

// The constructor is defined in another file: its initialisers are unknown.
class Remote {
  char State;
  long Id;
  char Mode;

public:
  Remote();
  // CHECK-NOTES-DAG: :[[@LINE-1]]:3: note: no fix-it: this constructor is defined in another file, where its initialisers may depend on the order of the fields
};
// CHECK-NOTES-DAG: :[[@LINE-9]]:7: warning: 'Remote' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]

// A base class with fields.
struct Header {
  long Length;
};
struct Message : Header {
  // CHECK-NOTES-DAG: :[[@LINE-1]]:18: note: no fix-it: base class 'Header' has data members
  char Kind;
  long Sequence;
  char Flags;
};
// CHECK-NOTES-DAG: :[[@LINE-6]]:8: warning: 'Message' has 14 bytes of padding; reordering its fields makes it 24 bytes instead of 32 (-8) [alloc-padding]

// Initialised by position: the values would land in other fields.
struct Point {
  char Tag;
  double X;
  char Kind;
};
// CHECK-NOTES-DAG: :[[@LINE-5]]:8: warning: 'Point' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
Point Origin = {'o', 0.0, 'p'};
// CHECK-NOTES-DAG: :[[@LINE-1]]:16: note: no fix-it: its fields are initialised by position here

// A structured binding takes the fields by position.
struct Range {
  char Open;
  double Low;
  char Close;
};
// CHECK-NOTES-DAG: :[[@LINE-5]]:8: warning: 'Range' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
double width(Range R) {
  auto [Open, Low, Close] = R;
  // CHECK-NOTES-DAG: :[[@LINE-1]]:8: note: no fix-it: a structured binding takes its fields by position here
  return Low + Open + Close;
}

// Shared with C code.
extern "C" {
struct CRecord {
  // CHECK-NOTES-DAG: :[[@LINE-1]]:8: note: no fix-it: it is declared in an extern "C" block and may be shared with C code
  char Tag;
  double Value;
  char Kind;
};
// CHECK-NOTES-DAG: :[[@LINE-6]]:8: warning: 'CRecord' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
}

// Part of a shared library's interface: the library's users were compiled
// against the old layout. An export macro counts even where this build
// defines it empty (a static build of the library).
#define MYLIB_EXPORT
class MYLIB_EXPORT Exported {
  // CHECK-NOTES-DAG: :[[@LINE-1]]:20: note: no fix-it: 'MYLIB_EXPORT' in its declaration may export it from a library, and then its layout is part of that library's binary interface
public:
  Exported();

private:
  char Tag;
  double Value;
  char Kind;
};
// CHECK-NOTES-DAG: :[[@LINE-10]]:20: warning: 'Exported' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
Exported::Exported() : Tag(0), Value(0), Kind(0) {}

// The export macro in front of a qualified name (an out-of-line nested
// class) still counts; the qualifier does not hide it.
namespace Lib {
class Api {
  class Impl;
  Impl *P;
};
} // namespace Lib
class MYLIB_EXPORT Lib::Api::Impl {
  // CHECK-NOTES-DAG: :[[@LINE-1]]:30: note: no fix-it: 'MYLIB_EXPORT' in its declaration may export it from a library, and then its layout is part of that library's binary interface
  char Tag;
  double Value;
  char Kind;
};
// CHECK-NOTES-DAG: :[[@LINE-6]]:30: warning: 'Lib::Api::Impl' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]

class __attribute__((visibility("default"))) Visible {
  // CHECK-NOTES-DAG: :[[@LINE-1]]:46: note: no fix-it: its default visibility exports it from a shared library, so its layout is part of that library's binary interface
public:
  Visible();

private:
  char Tag;
  double Value;
  char Kind;
};
// CHECK-NOTES-DAG: :[[@LINE-10]]:46: warning: 'Visible' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
Visible::Visible() : Tag(0), Value(0), Kind(0) {}

// Written to a file: the file's format would change.
struct Saved {
  char Tag;
  double Value;
  char Kind;
};
// CHECK-NOTES-DAG: :[[@LINE-5]]:8: warning: 'Saved' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
void save(const Saved &S, FILE *Out) { fwrite(&S, sizeof S, 1, Out); }
// CHECK-NOTES-DAG: :[[@LINE-1]]:40: note: no fix-it: its bytes go through 'fwrite' here and may be stored or shared

// Its bytes are read through another type.
struct Raw {
  char Tag;
  double Value;
  char Kind;
};
// CHECK-NOTES-DAG: :[[@LINE-5]]:8: warning: 'Raw' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
const Raw *view(const char *Bytes) { return reinterpret_cast<const Raw *>(Bytes); }
// CHECK-NOTES-DAG: :[[@LINE-1]]:45: note: no fix-it: other bytes are read as it here

// Code that measures the layout.
struct Measured {
  char Tag;
  double Value;
  char Kind;
};
// CHECK-NOTES-DAG: :[[@LINE-5]]:8: warning: 'Measured' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
std::size_t valueOffset() { return offsetof(Measured, Value); }
// CHECK-NOTES-DAG: :[[@LINE-1]]:36: note: no fix-it: offsetof() depends on its layout here

struct Asserted {
  char Tag;
  double Value;
  char Kind;
};
// CHECK-NOTES-DAG: :[[@LINE-5]]:8: warning: 'Asserted' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
static_assert(sizeof(Asserted) == 24, "the wire format");
// CHECK-NOTES-DAG: :[[@LINE-1]]:1: note: no fix-it: a static_assert checks its layout here

// Two fields in one declaration cannot be taken apart.
class Together {
  char A, B;
  // CHECK-NOTES-DAG: :[[@LINE-1]]:8: note: no fix-it: 'A' is declared together with another field
  double Value;
  char Kind;
  Together() = default;
};
// CHECK-NOTES-DAG: :[[@LINE-7]]:7: warning: 'Together' has 13 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]

// A field written by a macro.
#define FIELD(Type, Name) Type Name;
class Macro {
  char Tag;
  FIELD(double, Value)
  // CHECK-NOTES-DAG: :[[@LINE-1]]:3: note: no fix-it: 'Value' is declared by a macro
  char Kind;
  Macro() = default;
};
// CHECK-NOTES-DAG: :[[@LINE-7]]:7: warning: 'Macro' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]

// A preprocessor directive between the fields.
class Conditional {
  char Tag;
  // CHECK-NOTES-DAG: :[[@LINE-1]]:8: note: no fix-it: preprocessor directives are mixed with the fields
#ifndef NO_VALUE
  double Value;
#endif
  char Kind;
  Conditional() = default;
};
// CHECK-NOTES-DAG: :[[@LINE-9]]:7: warning: 'Conditional' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]

// The better order crosses an access specifier.
class Access {
  char Tag;

public:
  double Value;
  // CHECK-NOTES-DAG: :[[@LINE-1]]:10: note: no fix-it: 'Value' would move across an access specifier
  char Kind;
  Access() = default;
};
// CHECK-NOTES-DAG: :[[@LINE-9]]:7: warning: 'Access' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]

// A declaration between the fields that a field may use.
class Typedef {
  char Tag;
  typedef double Real;
  // CHECK-NOTES-DAG: :[[@LINE-1]]:18: note: no fix-it: this declaration between the fields may be used by them
  Real Value;
  char Kind;
  Typedef() = default;
};
// CHECK-NOTES-DAG: :[[@LINE-8]]:7: warning: 'Typedef' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]

// A field shares its line with another.
class OneLine {
  char Tag; double Value;
  // CHECK-NOTES-DAG: :[[@LINE-1]]:8: note: no fix-it: 'Tag' shares its line with other code
  char Kind;
  OneLine() = default;
};
// CHECK-NOTES-DAG: :[[@LINE-6]]:7: warning: 'OneLine' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]

// A field declares its type in place.
class InPlace {
  char Tag;
  struct {
    // CHECK-NOTES-DAG: :[[@LINE-1]]:3: note: no fix-it: a field declares its type in place
    double X, Y;
  } Position;
  char Kind;
  InPlace() = default;
};
// CHECK-NOTES-DAG: :[[@LINE-9]]:7: warning: 'InPlace' has 14 bytes of padding; reordering its fields makes it 24 bytes instead of 32 (-8) [alloc-padding]

// Fields with destructors would be destroyed in another order.
struct Lock {
  ~Lock();
  char Held;
};
struct Mutex {
  ~Mutex();
  long Handle;
};
struct Guarded {
  Lock First;
  char Tag;
  Mutex Second;
  char Kind;
};
// CHECK-NOTES-DAG: :[[@LINE-6]]:8: warning: 'Guarded' has 13 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
// CHECK-NOTES-DAG: :[[@LINE-4]]:9: note: no fix-it: 'Second' and 'First' have destructors, which would run in another order

// An instantiation: the best order depends on the template arguments.
template <typename T> class Box {
  char Tag;
  T Value;
  char Kind;

public:
  Box() = default;
};
// CHECK-NOTES-DAG: :[[@LINE-8]]:29: warning: 'Box<double>' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
Box<double> Boxed;
// CHECK-NOTES-DAG: :[[@LINE-1]]:13: note: 'Box<double>' is instantiated here
// CHECK-NOTES-DAG: :[[@LINE-11]]:29: note: no fix-it: the best order depends on the template arguments
