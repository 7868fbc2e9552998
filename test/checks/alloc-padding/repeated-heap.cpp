// A single 'new' outside a loop is one instance, except where it runs once
// per instance of something many: a node of a linked structure (a pointer to
// its own type among its fields), and a pimpl made in the constructor of a
// class with many instances. Those are reported by default when the malloc
// chunk shrinks; a pimpl of a class made once is not.
// RUN: %check_alloc_tidy %s alloc-padding %t -- -- --target=x86_64-pc-linux-gnu

struct TokenImpl;

// A token list: each insertion makes one node.
struct Token {
  char A;
  double B;
  char C;
  double D;
  char E;
  double F;
  char G;
  Token *Next;
  TokenImpl *Impl;
  Token();
};
// CHECK-MESSAGES: :[[@LINE-12]]:8: warning: 'Token' has 28 bytes of padding; reordering its fields makes it 48 bytes instead of 72 (-24) [alloc-padding]

struct TokenImpl {
  char A;
  double B;
  char C;
  double D;
  char E;
  double F;
  char G;
  double H;
};
// CHECK-MESSAGES: :[[@LINE-10]]:8: warning: 'TokenImpl' has 28 bytes of padding; reordering its fields makes it 40 bytes instead of 64 (-24) [alloc-padding]

Token::Token() : Next(nullptr), Impl(new TokenImpl()) {}

Token *insertAfter(Token *At) {
  Token *New = new Token();
  New->Next = At->Next;
  At->Next = New;
  return New;
}

// Negative: the pimpl of a file object, made once per opened file.
struct FileImpl {
  char A;
  double B;
  char C;
  double D;
  char E;
  double F;
  char G;
  double H;
};
struct File {
  FileImpl *Impl;
  File();
};
File::File() : Impl(new FileImpl()) {}
