// A class of the program that holds a standard container, built from
// constants for a const reference parameter (a format set made from one
// enumerator by an implicit constructor), allocates on every call as a
// standard container does. One 'static const' object serves every call when
// building it does nothing else: its constructor, seen here, has an empty
// body and builds its fields from its parameters and constants; the class
// has no base, no virtual function, no mutable field and a destructor the
// compiler writes. The fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-temporary-argument %t -- -- -std=c++20

#include <string>
#include <vector>

enum class Format { Code128 = 1, DataBar = 2, QRCode = 4 };

class Formats {
  std::vector<Format> List;
  int Flags = 0;

public:
  Formats() = default;
  Formats(Format F) : List{F} {}
  Formats(Format F, Format G) : List{F, G}, Flags(1) {}
  bool empty() const { return List.empty(); }
};

struct Options {
  Formats Enabled;
  bool hasFormat(const Formats &Wanted) const;
};

int scanRows(const Options &Opts, int Rows) {
  int Found = 0;
  for (int Row = 0; Row < Rows; ++Row) {
    if (Opts.hasFormat(Format::DataBar) && !Opts.hasFormat(Format::QRCode))
      ++Found;
    // CHECK-NOTES: :[[@LINE-2]]:24: warning: the temporary Formats passed to 'hasFormat' is built from 1 constant element on every iteration, allocating each time; a 'static const' object built once would serve every call [alloc-temporary-argument]
    // CHECK-NOTES: :17:23: note: 'Formats' holds them in its member 'List', which allocates when it is built
    // CHECK-NOTES: :34:3: note: this loop can run it on every iteration
    // CHECK-NOTES: :[[@LINE-5]]:60: warning: the temporary Formats passed to 'hasFormat' is built from 1 constant element on every iteration
    // CHECK-NOTES: :17:23: note: 'Formats' holds them in its member 'List'
    // CHECK-NOTES: :34:3: note: this loop can run it on every iteration
    // CHECK-FIXES: {{^}}    static const Formats Wanted = Format::DataBar;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    static const Formats Wanted2 = Format::QRCode;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    if (Opts.hasFormat(Wanted) && !Opts.hasFormat(Wanted2)){{$}}
  }
  return Found;
}

// Written as a temporary, with two constants.
int scanPairs(const Options &Opts, int Rows) {
  int Found = 0;
  for (int Row = 0; Row < Rows; ++Row) {
    Found += Opts.hasFormat(Formats(Format::Code128, Format::DataBar));
    // CHECK-NOTES: :[[@LINE-1]]:29: warning: the temporary Formats passed to 'hasFormat' is built from 2 constant elements on every iteration
    // CHECK-NOTES: :17:23: note: 'Formats' holds them in its member 'List'
    // CHECK-NOTES: :[[@LINE-4]]:3: note: this loop runs it on every iteration
    // CHECK-FIXES: {{^}}    static const Formats Wanted = Formats(Format::Code128, Format::DataBar);{{$}}
  }
  return Found;
}

// A class whose string member passes the inline buffer.
class Label {
  std::string Text;

public:
  Label(const char *T) : Text(T) {}
};
void print(const Label &L);

void printAll(int N) {
  for (int I = 0; I < N; ++I)
    print("a label longer than the inline buffer");
  // CHECK-NOTES: :[[@LINE-1]]:11: warning: the temporary Label passed to 'print' is built from 37 constant characters on every iteration
  // CHECK-NOTES: :65:15: note: 'Label' holds them in its member 'Text'
  // CHECK-NOTES: :[[@LINE-4]]:3: note: this loop runs it on every iteration
  // CHECK-FIXES: {{^}}  static const Label L = "a label longer than the inline buffer";{{$}}
}

// Negative: a constexpr function, which cannot declare a static local
// before C++23.
struct Small {
  std::vector<int> Values;
  constexpr Small(int V) : Values{V} {}
};
constexpr int count(const Small &S) { return static_cast<int>(S.Values.size()); }
constexpr int sumCounts(int N) {
  int R = 0;
  for (int I = 0; I < N; ++I)
    R += count(7);
  return R;
}

// Negative: building the object does more than build its fields.

class Logged { // A destructor of its own.
  std::vector<Format> List;

public:
  Logged(Format F) : List{F} {}
  ~Logged();
};
bool wants(const Logged &L);

class Counted { // A constructor body.
  std::vector<Format> List;

public:
  Counted(Format F) : List{F} { ++Made; }
  static int Made;
};
bool wants(const Counted &C);

class Cached { // A mutable field, which a const reference can change.
  std::vector<Format> List;
  mutable int Hits = 0;

public:
  Cached(Format F) : List{F} {}
};
bool wants(const Cached &C);

class Elsewhere { // A constructor defined in another unit.
  std::vector<Format> List;

public:
  Elsewhere(Format F);
};
bool wants(const Elsewhere &E);

Format pick(Format F);
class Picked { // A member initializer that calls a function.
  std::vector<Format> List;

public:
  Picked(Format F) : List{pick(F)} {}
};
bool wants(const Picked &P);

struct Base {};
class Derived : public Base { // A base.
  std::vector<Format> List;

public:
  Derived(Format F) : List{F} {}
};
bool wants(const Derived &D);

class Virtual { // A virtual function.
  std::vector<Format> List;

public:
  Virtual(Format F) : List{F} {}
  virtual bool empty() const;
};
bool wants(const Virtual &V);

class Counter { // Nothing it builds allocates.
  std::vector<Format> List;
  int N = 0;

public:
  Counter(int Count) : N(Count) {}
};
bool wants(const Counter &C);

class Tag { // A string inside the inline buffer.
  std::string Text;

public:
  Tag(const char *T) : Text(T) {}
};
bool wants(const Tag &T);

bool wantsCopy(Formats F);

int negatives(const Options &Opts, int N, Format Chosen) {
  int R = 0;
  for (int I = 0; I < N; ++I) {
    R += wants(Logged(Format::QRCode));
    R += wants(Counted(Format::QRCode));
    R += wants(Cached(Format::QRCode));
    R += wants(Elsewhere(Format::QRCode));
    R += wants(Picked(Format::QRCode));
    R += wants(Derived(Format::QRCode));
    R += wants(Virtual(Format::QRCode));
    R += wants(Counter(4));
    R += wants(Tag("short"));
    // Not built from constants.
    R += Opts.hasFormat(Formats(Chosen));
    // Not a const reference.
    R += wantsCopy(Format::QRCode);
  }
  return R;
}
