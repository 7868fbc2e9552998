// A concatenation assigned, on every iteration of a loop, to a string
// declared before the loop: the '+' operators make a new string each time
// (and each piece built as a string makes one more), which the assignment
// moves into the string, freeing the memory it had. Assigning the first
// piece and appending the others writes into that memory, which the string
// keeps from one iteration to the next. The fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-append-concatenation %t -- -config="{CheckOptions: {alloc-append-concatenation.WithoutProfile: true}}" -- -std=c++17

#include <string>

void use(const char *);
void keep(std::string &);
std::string Sink;

void declare(const char *const *Types, int N, std::string &Out) {
  std::string Func;
  for (int J = 0; J < N; ++J) {
    Func = std::string("void coopVecMatMulAddNV(out coopvecNV result, ") +
           std::string("coopvecNV v, ") + std::string(Types[J]) +
           std::string("[] bias, ") + "uint matrixStride);\n";
    // CHECK-NOTES: :[[@LINE-3]]:5: warning: the 5 pieces assigned to 'Func' are concatenated with '+', which makes a new string whenever the result outgrows the one the '+' before made, and 'std::string(Types[J])' is a string built only to be concatenated; assigning and appending them one by one reuses the memory 'Func' has from the iterations before [alloc-append-concatenation]
    // CHECK-NOTES: :[[@LINE-5]]:3: note: this loop runs the concatenation on every iteration
    // CHECK-FIXES: {{^}}    Func.assign("void coopVecMatMulAddNV(out coopvecNV result, ").append("coopvecNV v, ").append(Types[J]).append("[] bias, ").append("uint matrixStride);\n");{{$}}
    Out.append(Func.c_str());
  }
}

// A loop body without braces, a character and a string of the function.
void line(const std::string &Name, int N, std::string &Out) {
  std::string Row;
  for (int I = 0; I < N; ++I)
    Row = Name + ": the row that follows is long" + '\n';
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: the 3 pieces assigned to 'Row' are concatenated with '+'
  // CHECK-NOTES: :[[@LINE-3]]:3: note: this loop runs the concatenation on every iteration
  // CHECK-FIXES: {{^}}    Row.assign(Name).append(": the row that follows is long").append(1, '\n');{{$}}
  Out += Row;
}

// Negatives.

// A piece reads the string assigned: assigned first, it would read the new
// characters.
void readsItself(const char *const *Words, int N) {
  std::string Text;
  for (int I = 0; I < N; ++I) {
    Text = std::string("a prefix long enough to allocate ") + Words[I] + Text;
    Sink += Text;
  }
}

// Declared in the loop: a new string every iteration, nothing to reuse.
void declaredInside(const char *const *Words, int N) {
  for (int I = 0; I < N; ++I) {
    std::string Text;
    Text = std::string("a prefix long enough to allocate ") + Words[I] + ".";
    Sink += Text;
  }
}

// Not in a loop: one assignment per call, and the string is fresh.
void once(const char *Word) {
  std::string Text;
  Text = std::string("a prefix long enough to allocate ") + Word + ".";
  Sink += Text;
}

// A piece read through a pointer may point into the string: assigned in
// place, the string would change under it before it is read. A pointer
// handed straight to a standard library call is copied there and kept by
// nothing (the positive above); one kept in a variable, or given to another
// function, may be.
void keptPointer(const char *const *Words, int N) {
  std::string Text;
  const char *Previous = "";
  for (int I = 0; I < N; ++I) {
    Text = std::string("a prefix long enough to allocate ") + Words[I] + Previous;
    Previous = Text.c_str();
  }
}

void givenAway(const char *const *Words, int N) {
  std::string Text;
  for (int I = 0; I < N; ++I) {
    Text = std::string("a prefix long enough to allocate ") + Words[I] + ".";
    use(Text.c_str());
  }
}

// A reference (or anything not the function's own) may be read by what the
// pieces call, or keep the memory elsewhere.
void reference(const char *const *Words, int N, std::string &Text) {
  for (int I = 0; I < N; ++I) {
    Text = std::string("a prefix long enough to allocate ") + Words[I] + ".";
    Sink += Text;
  }
}

void handedOver(const char *const *Words, int N) {
  std::string Text;
  keep(Text);
  for (int I = 0; I < N; ++I) {
    Text = std::string("a prefix long enough to allocate ") + Words[I] + ".";
    Sink += Text;
  }
}

// The assignment's value is used.
void valueUsed(const char *const *Words, int N) {
  std::string Text;
  for (int I = 0; I < N; ++I)
    if ((Text = std::string("a prefix long enough to allocate ") + Words[I])
            .empty())
      return;
}

// Short literals only: the new string stays in the inline buffer.
void shortLiterals(int N) {
  std::string Text;
  for (int I = 0; I < N; ++I) {
    Text = std::string("ab") + "cd" + "e";
    Sink += Text;
  }
}

// A piece that is a call: its length is known only by calling it (the
// fix-it of a new string reserves it; this one keeps the same rule).
void numbered(int N) {
  std::string Text;
  for (int I = 0; I < N; ++I) {
    Text = std::string("a prefix long enough to allocate ") + std::to_string(I);
    Sink += Text;
  }
}
