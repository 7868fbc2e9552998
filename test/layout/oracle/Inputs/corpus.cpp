// The records the oracle tests lay out with alloc-layout and compare with
// clang's own -fdump-record-layouts, for each target the RUN lines name.
// Each group exercises one rule of the Itanium or the MSVC layout.

#ifdef _MSC_VER
#define NO_UNIQUE_ADDRESS [[msvc::no_unique_address]]
#else
#define NO_UNIQUE_ADDRESS [[no_unique_address]]
#endif

// Holes, tail padding, arrays, a member of class type.
struct Holes {
  char c;
  double d;
  int i;
};
struct Tail {
  int i;
  char c;
};
struct Arrays {
  char name[5];
  int counts[3];
  Tail tails[2];
  char last;
};
struct Outer {
  char tag;
  Tail inner;
  short s;
};
struct Big {
  char bytes[100];
};

// Empty classes and the empty base optimisation; an empty base that may not
// share its address with a member of the same type.
struct Empty {};
struct Empty2 {};
struct EmptyBase : Empty {
  int x;
};
struct TwoEmptyBases : Empty, Empty2 {
  char c;
};
struct EmptyBaseAndMember : Empty {
  Empty e;
  int x;
};

// Non-virtual bases: the primary base, a dynamic base that is not first.
struct Poly {
  virtual ~Poly();
  int p;
};
struct Derived : Poly {
  char d;
};
struct DynamicSecond : Tail, Poly {
  char m;
};
struct OwnVPtr : Tail {
  virtual void f();
  char m;
};

// Tail padding of a base that is not POD for layout is reused (Itanium);
// that of a POD base is not.
struct NonPod {
  NonPod();
  int i;
  char c;
};
struct ReuseTail : NonPod {
  char d;
  short s;
};
struct Pod {
  int i;
  char c;
};
struct NoReuse : Pod {
  char d;
};

// Virtual bases: a diamond, a dynamic virtual base, an empty one, a nearly
// empty one (Itanium's primary virtual base). MSVC's vtordisp is in
// vtordisp.cpp.
struct VBase {
  int v;
};
struct VLeft : virtual VBase {
  char l;
};
struct VRight : virtual VBase {
  short r;
};
struct Diamond : VLeft, VRight {
  int d;
};
struct PolyVirtualBase : virtual Poly {
  virtual void g();
  long long q;
};
struct VirtualEmpty : virtual Empty {
  int x;
};
struct NearlyEmpty {
  virtual void f();
};
struct PrimaryVirtual : virtual NearlyEmpty {
  int x;
};

// Bit-fields: runs, unnamed and zero-width ones, mixed unit types.
struct Bits {
  unsigned a : 3;
  unsigned b : 5;
  unsigned c : 20;
  unsigned : 0;
  unsigned d : 4;
  char e;
};
struct BitsUnnamed {
  int a : 3;
  int : 2;
  int b : 30;
  long long c : 4;
  char d;
};
struct BitsMixed {
  char a : 4;
  short b : 10;
  int c : 1;
};
struct BitFlags {
  bool f1 : 1;
  bool f2 : 1;
  int x;
};

// [[no_unique_address]]: empty members, two of the same type, a non-empty
// member whose tail padding holds the next member.
struct NuaEmpty {
  NO_UNIQUE_ADDRESS Empty e;
  int x;
};
struct NuaTwoEmpty {
  NO_UNIQUE_ADDRESS Empty a;
  NO_UNIQUE_ADDRESS Empty b;
  char c;
};
struct NuaTail {
  NO_UNIQUE_ADDRESS NonPod n;
  char c;
};

// Unions, bit-fields in a union, an anonymous union member.
union Number {
  int i;
  double d;
  char c[3];
};
union BitUnion {
  int a : 3;
  char b;
};
struct WithAnonymousUnion {
  int a;
  union {
    int u;
    float f;
  };
  char z;
};

// Packing and alignment.
struct __attribute__((packed)) Packed {
  char c;
  int i;
  short s;
};
#pragma pack(push, 2)
struct Pack2 {
  char c;
  int i;
  double d;
};
#pragma pack(pop)
struct alignas(16) Aligned {
  char c;
};
struct AlignedMember {
  char c;
  alignas(8) int i;
  char d;
};

// Class template instantiations; a flexible array member; a namespace.
template <class T, int N> struct Buffer {
  T items[N];
  int size;
};
inline Buffer<char, 3> CharBuffer;
inline Buffer<double, 2> DoubleBuffer;
struct Flexible {
  int n;
  char data[];
};
namespace ns {
struct Inner {
  short s;
  long l;
};
struct UsesInner : Inner {
  char c;
};
} // namespace ns
