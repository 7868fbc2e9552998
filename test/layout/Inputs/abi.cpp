// Records whose layout differs between the Itanium and the Microsoft C++ ABI.
struct LongThenPointer {
  long Count; // 8 bytes on Linux, 4 on Windows
  void *Data;
};

struct MixedBits {
  char A : 4; // MSVC starts a new unit when the declared type changes
  int B : 4;
};

struct V {
  int Value;
};

struct WithVirtualBase : virtual V {
  int Own;
};
