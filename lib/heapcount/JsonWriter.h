//===- JsonWriter.h - heapcount's allocation-free JSON writer --*- C++ -*-===//
//
// The report writer shared by the portable core and the backends (which add
// members of their own, e.g. the Windows heaps): a buffer on the caller's
// stack, flushed through a callback.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_HEAPCOUNT_JSONWRITER_H
#define ALLOC_TIDY_LIB_HEAPCOUNT_JSONWRITER_H

#include "lib/heapcount/Counters.h"

#include <cstddef>
#include <cstdint>

#if defined(__ELF__)
#pragma GCC visibility push(hidden)
#endif

namespace heapcount {

/// Writes JSON through a WriteFn, a buffer at a time. Numbers are formatted
/// by hand: printf may allocate, and the report is also written from signal
/// handlers.
class JsonWriter {
public:
  JsonWriter(WriteFn Write, void *Context) : Write(Write), Context(Context) {}
  ~JsonWriter() { flush(); }
  JsonWriter(const JsonWriter &) = delete;
  JsonWriter &operator=(const JsonWriter &) = delete;

  JsonWriter &raw(const char *Text) {
    while (*Text)
      put(*Text++);
    return *this;
  }
  JsonWriter &number(std::uint64_t Value) {
    char Digits[24];
    unsigned N = 0;
    do {
      Digits[N++] = static_cast<char>('0' + Value % 10);
      Value /= 10;
    } while (Value);
    while (N)
      put(Digits[--N]);
    return *this;
  }
  JsonWriter &hex(std::uint64_t Value) {
    raw("\"0x");
    char Digits[16];
    unsigned N = 0;
    do {
      Digits[N++] = "0123456789abcdef"[Value & 15];
      Value >>= 4;
    } while (Value);
    while (N)
      put(Digits[--N]);
    return raw("\"");
  }
  // Part / Whole with six decimals, as printf's "%.6f" would.
  JsonWriter &fraction(std::uint64_t Part, std::uint64_t Whole) {
    std::uint64_t Millionths = (Part * 1000000 + Whole / 2) / Whole;
    number(Millionths / 1000000).raw(".");
    std::uint64_t Decimals = Millionths % 1000000;
    for (std::uint64_t Unit = 100000; Unit; Unit /= 10)
      put(static_cast<char>('0' + Decimals / Unit % 10));
    return *this;
  }
  JsonWriter &string(const char *Text) {
    put('"');
    for (; *Text; ++Text) {
      unsigned char C = static_cast<unsigned char>(*Text);
      if (C == '"' || C == '\\') {
        put('\\');
        put(*Text);
      } else if (C < 0x20) {
        raw("\\u00");
        put("0123456789abcdef"[C >> 4]);
        put("0123456789abcdef"[C & 15]);
      } else {
        put(*Text);
      }
    }
    put('"');
    return *this;
  }
  // "name":{"calls":N,"bytes":N}
  JsonWriter &callsAndBytes(const char *Name, std::uint64_t Calls,
                            std::uint64_t Bytes) {
    string(Name).raw(":{\"calls\":").number(Calls);
    return raw(",\"bytes\":").number(Bytes).raw("}");
  }

private:
  void put(char C) {
    if (Used == sizeof(Buffer))
      flush();
    Buffer[Used++] = C;
  }
  void flush() {
    if (Used)
      Write(Buffer, Used, Context);
    Used = 0;
  }

  WriteFn Write;
  void *Context;
  std::size_t Used = 0;
  char Buffer[1024];
};

} // namespace heapcount

#if defined(__ELF__)
#pragma GCC visibility pop
#endif

#endif // ALLOC_TIDY_LIB_HEAPCOUNT_JSONWRITER_H
