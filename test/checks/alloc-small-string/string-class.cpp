// Hand-rolled string classes: a character pointer that the constructors
// allocate, a length, and no inline buffer. Every string, however short, is
// a heap allocation. The notes say where it is allocated and what an inline
// buffer of InlineBufferSize characters (16) does to the size of the class;
// there is no fix-it.
// RUN: %check_alloc_tidy %s alloc-small-string %t
// RUN: %check_alloc_tidy %s alloc-small-string %t.full -check-suffix=FULL -- -config="{CheckOptions: {alloc-small-string.LayoutNotes: Full, alloc-small-string.InlineBufferSize: 24}}"
// RUN: %check_alloc_tidy %s alloc-small-string %t.none -check-suffix=NONE -- -config="{CheckOptions: {alloc-small-string.LayoutNotes: None}}"

#include <cstdlib>
#include <cstring>
#include <cwchar>
#include <string>

// new[] in a member initialiser.
class Text {
public:
  explicit Text(const char *S) : Length(std::strlen(S)), Data(new char[Length + 1]) {
    std::memcpy(Data, S, Length + 1);
  }
  ~Text() { delete[] Data; }
  std::size_t size() const { return Length; }

private:
  std::size_t Length;
  char *Data;
};
// CHECK-NOTES: :[[@LINE-12]]:7: warning: 'Text' is a string class that allocates every string on the heap, however short [alloc-small-string]
// CHECK-NOTES: :[[@LINE-11]]:63: note: the characters of 'Data' are allocated here with new[]
// CHECK-NOTES: :[[@LINE-14]]:7: note: 'Text' grows from 16 to 32 bytes (+16) with an inline buffer 'char[16]'; one allocation saved for strings up to 15 characters
// CHECK-NOTES-FULL: :[[@LINE-15]]:7: warning: 'Text' is a string class that allocates every string on the heap, however short [alloc-small-string]
// CHECK-NOTES-FULL: :[[@LINE-14]]:63: note: the characters of 'Data' are allocated here with new[]
// CHECK-NOTES-FULL: :[[@LINE-17]]:7: note: 'Text' grows from 16 to 40 bytes (+24) with an inline buffer 'char[24]'; one allocation saved for strings up to 23 characters
// CHECK-NOTES-FULL: :[[@LINE-18]]:7: note: layout of 'Text' (offset +size) before -> after:
// CHECK-NOTES-FULL-NEXT: {{^}}  Length           0 +8        0 +8{{$}}
// CHECK-NOTES-FULL-NEXT: {{^}}  Data             8 +8        8 +8{{$}}
// CHECK-NOTES-FULL-NEXT: {{^}}  (inline buffer)  -           16 +24{{$}}
// CHECK-NOTES-FULL-NEXT: {{^}}  padding          0           0{{$}}
// CHECK-NOTES-FULL-NEXT: {{^}}  sizeof           16          40{{$}}
// CHECK-NOTES-NONE: :[[@LINE-24]]:7: warning: 'Text' is a string class that allocates every string on the heap, however short [alloc-small-string]
// CHECK-NOTES-NONE: :[[@LINE-23]]:63: note: the characters of 'Data' are allocated here with new[]
// CHECK-NOTES-NONE: :[[@LINE-26]]:7: note: an inline buffer 'char[16]' would hold them: one allocation saved for strings up to 15 characters

// malloc in the body, through a cast; the buffer fills the padding after an
// int length.
struct Name {
  Name(const char *S) {
    Len = static_cast<unsigned>(std::strlen(S));
    Chars = static_cast<char *>(std::malloc(Len + 1));
    std::memcpy(Chars, S, Len + 1);
  }
  ~Name() { std::free(Chars); }
  char *Chars;
  unsigned Len;
};
// CHECK-NOTES: :[[@LINE-10]]:8: warning: 'Name' is a string class that allocates every string on the heap, however short [alloc-small-string]
// CHECK-NOTES: :[[@LINE-8]]:13: note: the characters of 'Chars' are allocated here with 'malloc'
// CHECK-NOTES: :[[@LINE-12]]:8: note: 'Name' grows from 16 to 32 bytes (+16) with an inline buffer 'char[16]'; one allocation saved for strings up to 15 characters
// CHECK-NOTES-FULL: :[[@LINE-13]]:8: warning: 'Name' is a string class
// CHECK-NOTES-FULL: :[[@LINE-11]]:13: note: the characters of 'Chars' are allocated here with 'malloc'
// CHECK-NOTES-FULL: :[[@LINE-15]]:8: note: 'Name' grows from 16 to 40 bytes (+24) with an inline buffer 'char[24]'
// CHECK-NOTES-FULL: :[[@LINE-16]]:8: note: layout of 'Name' (offset +size) before -> after:
// CHECK-NOTES-FULL-NEXT: {{^}}  Chars            0 +8        0 +8{{$}}
// CHECK-NOTES-FULL-NEXT: {{^}}  Len              8 +4        8 +4{{$}}
// CHECK-NOTES-FULL-NEXT: {{^}}  (inline buffer)  -           12 +24{{$}}
// CHECK-NOTES-FULL-NEXT: {{^}}  padding          4           4{{$}}
// CHECK-NOTES-FULL-NEXT: {{^}}  sizeof           16          40{{$}}
// CHECK-NOTES-NONE: :[[@LINE-22]]:8: warning: 'Name' is a string class
// CHECK-NOTES-NONE: :[[@LINE-20]]:13: note: the characters of 'Chars' are allocated here with 'malloc'
// CHECK-NOTES-NONE: :[[@LINE-24]]:8: note: an inline buffer 'char[16]' would hold them

// strdup in a member function the constructor calls; wide characters.
class Label {
public:
  Label(const char *S) { assign(S); }
  void assign(const char *S) {
    Str = strdup(S);
    Size = std::strlen(S);
  }

private:
  char *Str = nullptr;
  long Size = 0;
};
// CHECK-NOTES: :[[@LINE-12]]:7: warning: 'Label' is a string class
// CHECK-NOTES: :[[@LINE-9]]:11: note: the characters of 'Str' are allocated here with 'strdup'
// CHECK-NOTES: :[[@LINE-14]]:7: note: 'Label' grows from 16 to 32 bytes (+16)
// CHECK-NOTES-FULL: :[[@LINE-15]]:7: warning: 'Label' is a string class
// CHECK-NOTES-FULL: :[[@LINE-12]]:11: note: the characters of 'Str' are allocated here with 'strdup'
// CHECK-NOTES-FULL: :[[@LINE-17]]:7: note: 'Label' grows from 16 to 40 bytes (+24)
// CHECK-NOTES-FULL: :[[@LINE-18]]:7: note: layout of 'Label'
// CHECK-NOTES-NONE: :[[@LINE-19]]:7: warning: 'Label' is a string class
// CHECK-NOTES-NONE: :[[@LINE-16]]:11: note: the characters of 'Str' are allocated here with 'strdup'
// CHECK-NOTES-NONE: :[[@LINE-21]]:7: note: an inline buffer 'char[16]' would hold them
struct WidePath {
  WidePath(const wchar_t *S) : Chars(wcsdup(S)), Count(std::wcslen(S)) {}
  wchar_t *Chars;
  std::size_t Count;
};
// CHECK-NOTES: :[[@LINE-5]]:8: warning: 'WidePath' is a string class
// CHECK-NOTES: :[[@LINE-5]]:38: note: the characters of 'Chars' are allocated here with 'wcsdup'
// CHECK-NOTES: :[[@LINE-7]]:8: note: 'WidePath' grows from 16 to 80 bytes (+64) with an inline buffer 'wchar_t[16]'; one allocation saved for strings up to 15 characters
// CHECK-NOTES-FULL: :[[@LINE-8]]:8: warning: 'WidePath' is a string class
// CHECK-NOTES-FULL: :[[@LINE-8]]:38: note: the characters of 'Chars' are allocated here with 'wcsdup'
// CHECK-NOTES-FULL: :[[@LINE-10]]:8: note: 'WidePath' grows from 16 to 112 bytes (+96) with an inline buffer 'wchar_t[24]'; one allocation saved for strings up to 23 characters
// CHECK-NOTES-FULL: :[[@LINE-11]]:8: note: layout of 'WidePath'
// CHECK-NOTES-NONE: :[[@LINE-12]]:8: warning: 'WidePath' is a string class
// CHECK-NOTES-NONE: :[[@LINE-12]]:38: note: the characters of 'Chars' are allocated here with 'wcsdup'
// CHECK-NOTES-NONE: :[[@LINE-14]]:8: note: an inline buffer 'wchar_t[16]' would hold them

// Silent: already an inline buffer, as an array or in a union.
class SmallText {
public:
  SmallText(const char *S) : Length(std::strlen(S)), Data(Length < 16 ? Inline : new char[Length + 1]) {}

private:
  std::size_t Length;
  char *Data;
  char Inline[16];
};
class UnionText {
public:
  UnionText(const char *S) : Length(std::strlen(S)) { Heap = new char[Length + 1]; }

private:
  std::size_t Length;
  union {
    char *Heap;
    char Local[16];
  };
};
// Silent: only borrows the characters it is given.
class Borrowed {
public:
  Borrowed(const char *S) : Data(S), Length(std::strlen(S)) {}

private:
  const char *Data;
  std::size_t Length;
};
// Silent: no length member (a C string handle), or two strings (not one
// string class).
struct Handle {
  Handle(const char *S) : Data(strdup(S)) {}
  char *Data;
};
struct Pair {
  Pair(const char *K, const char *V) : Key(strdup(K)), Value(strdup(V)), KeyLength(0) {}
  char *Key;
  char *Value;
  std::size_t KeyLength;
};
// Silent: bytes, not characters; and a buffer that never takes characters.
struct Bytes {
  Bytes(std::size_t N) : Data(new unsigned char[N]), Size(N) {}
  unsigned char *Data;
  std::size_t Size;
};
struct Scratch {
  Scratch(std::size_t N) : Data(new char[N]), Size(N) {}
  char *Data;
  std::size_t Size;
};
// Silent: a std::string member already keeps short strings inline.
struct Wrapped {
  Wrapped(const char *S) : Copy(new char[8]), Length(0), Text(S) {}
  char *Copy;
  std::size_t Length;
  std::string Text;
};
// Silent: a class template; its layout depends on the argument.
template <class C> class BasicText {
public:
  BasicText(const C *S) : Data(new C[4]), Length(0) { (void)S; }

private:
  C *Data;
  std::size_t Length;
};
BasicText<char> Instance("x");
