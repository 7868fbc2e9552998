// Records the check must leave alone: each case says why.
// RUN: %check_alloc_tidy %s alloc-padding %t -- -- --target=x86_64-pc-linux-gnu -isystem %S/Inputs/system

#include <padded_system.h>

// Declared in a system header, and a system template instantiated with the
// user's type: neither is the user's to reorder.
sys_record FromSystem;
struct Mine {
  int Id;
};
sys_pair<double> FromSystemTemplate;
sys_pair<Mine> FromSystemTemplateWithMine;

// Packed records have chosen their layout already.
struct __attribute__((packed)) Packed {
  char A;
  double B;
  char C;
};
// #pragma pack(8) changes nothing on x86_64 (the record still has 14 bytes
// of padding), but it says the layout was thought about.
#pragma pack(push, 8)
struct PragmaPacked {
  char A;
  double B;
  char C;
};
#pragma pack(pop)

// A union has no order: every member starts at 0.
union Number {
  char Small;
  double Big;
  struct {
    char Low;
    double Value;
    char High;
  } Split; // a struct inside a union usually mirrors another member
};

// A struct inside a union, named or anonymous, is usually a view of the
// same bytes as another member: its order is the point.
union Register {
  unsigned long long Raw;
  struct {
    unsigned char Lo;
    unsigned long long Mid;
    unsigned char Hi;
  };
  struct Parts {
    char A;
    double B;
    char C;
  } Named;
};

// Padding no order can avoid: 7 bytes of tail padding in every order.
struct Unavoidable {
  double D;
  char C;
};
struct UnavoidableToo {
  long L;
  int I;
  short S;
  char C; // 1 byte of tail padding, in any order
};

// Below the threshold: 12 bytes, 8 in the best order; saves 4 < 8.
struct BelowThreshold {
  char A;
  int B;
  char C;
};

// A template that is never instantiated has no layout.
template <typename T> struct NeverInstantiated {
  char A;
  T B;
  char C;
  double D;
};
// An instantiation that has no padding to save; the pattern is not judged.
template <typename T> struct Holder {
  char A;
  T B;
  char C;
};
Holder<char> Compact;

// Written by a macro: the same layout in every expansion, and the macro's
// author decides its order.
#define DECLARE_RECORD(Name)                                                   \
  struct Name {                                                                \
    char A;                                                                    \
    double B;                                                                  \
    char C;                                                                    \
  };
DECLARE_RECORD(FromMacro)

// A lambda's closure type holds its captures in an order the compiler
// chooses.
double closure(char A, double B, char C) {
  auto L = [A, B, C] { return A + B + C; };
  return L();
}

// Only declared: no layout here.
struct Declared;
struct Empty {};

// Bit-fields that already share their storage unit.
struct Bits {
  unsigned A : 3;
  unsigned B : 5;
  unsigned C : 24;
  char D;
};

// A field aligned beyond its type keeps things on separate cache lines on
// purpose: the holes around it are the point.
struct Counters {
  char Name;
  alignas(64) long Hits;
  char Kind;
  alignas(64) long Misses;
};
