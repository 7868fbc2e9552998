// With ReorderFixIt, the fields move to the better order: each with the
// comments above it and after it, within its access specifier's region,
// around the member functions between them.
// RUN: %check_alloc_tidy %s alloc-padding %t -- -config="{CheckOptions: {alloc-padding.ReportAll: true, alloc-padding.ReorderFixIt: true}}" -- --target=x86_64-pc-linux-gnu

// An aggregate of this file that nothing initialises by position.
struct Packet {
  // Set when the packet must be resent.
  char Flag;
  double Value; // in volts
  /* The kind of the payload. */
  char Kind;
  long Count; ///< how many
};
// CHECK-MESSAGES: :[[@LINE-8]]:8: warning: 'Packet' has 14 bytes of padding; reordering its fields makes it 24 bytes instead of 32 (-8) [alloc-padding]
//      CHECK-FIXES: struct Packet {
// CHECK-FIXES-NEXT:   double Value; // in volts
// CHECK-FIXES-NEXT:   long Count; ///< how many
// CHECK-FIXES-NEXT:   // Set when the packet must be resent.
// CHECK-FIXES-NEXT:   char Flag;
// CHECK-FIXES-NEXT:   /* The kind of the payload. */
// CHECK-FIXES-NEXT:   char Kind;
// CHECK-FIXES-NEXT: };

double total(const Packet &P) { return P.Value * P.Count + P.Flag + P.Kind; }

// Attributes between the class key and the name that do not export it:
// the fix-it stays.
struct __attribute__((aligned(16))) [[nodiscard]] alignas(16) Sample {
  char Flag;
  double Value;
  char Kind;
};
// CHECK-MESSAGES: :[[@LINE-5]]:63: warning: 'Sample' has 22 bytes of padding; reordering its fields makes it 16 bytes instead of 32 (-16) [alloc-padding]
//      CHECK-FIXES: struct __attribute__((aligned(16))) {{\[\[}}nodiscard]] alignas(16) Sample {
// CHECK-FIXES-NEXT:   double Value;
// CHECK-FIXES-NEXT:   char Flag;
// CHECK-FIXES-NEXT:   char Kind;
// CHECK-FIXES-NEXT: };

double scale(const Sample &S) { return S.Value * S.Flag + S.Kind; }

// A class with a constructor whose initialisers read only their arguments,
// member functions between the fields, default member initialisers that
// are constants, and fields in one access region.
class Account {
public:
  explicit Account(long Id) : Id(Id), Open(true) {}
  long id() const { return Id; }

private:
  long Id;
  bool Open;
  bool isOpen() const { return Open; }
  double Balance = 0;

  bool Frozen = false;
};
// CHECK-MESSAGES: :[[@LINE-13]]:7: warning: 'Account' has 14 bytes of padding; reordering its fields makes it 24 bytes instead of 32 (-8) [alloc-padding]
//      CHECK-FIXES: private:
// CHECK-FIXES-NEXT:   long Id;
// CHECK-FIXES-NEXT:   double Balance = 0;
// CHECK-FIXES-NEXT:   bool isOpen() const { return Open; }
// CHECK-FIXES-NEXT:   bool Open;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   bool Frozen = false;
// CHECK-FIXES-NEXT: };

Account open(long Id) { return Account(Id); }

// Fields with destructors keep their order among themselves; the others
// move around them.
struct Resource {
  Resource();
  ~Resource();
  long Handle;
};
class Session {
  char State = 0;
  Resource In;
  char Mode = 0;
  Resource Out;
  short Retries = 3;

public:
  Session() = default;
};
// CHECK-MESSAGES: :[[@LINE-10]]:7: warning: 'Session' has 20 bytes of padding; reordering its fields makes it 24 bytes instead of 40 (-16) [alloc-padding]
//      CHECK-FIXES: class Session {
// CHECK-FIXES-NEXT:   Resource In;
// CHECK-FIXES-NEXT:   Resource Out;
// CHECK-FIXES-NEXT:   short Retries = 3;
// CHECK-FIXES-NEXT:   char State = 0;
// CHECK-FIXES-NEXT:   char Mode = 0;
// CHECK-FIXES-EMPTY:
