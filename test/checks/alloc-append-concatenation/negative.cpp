// What alloc-append-concatenation must not report, even with WithoutProfile
// and OutsideLoops... except the calls outside loops, which OutsideLoops
// reports (the suffix OUTSIDE).
// RUN: %check_alloc_tidy %s alloc-append-concatenation %t -- \
// RUN:   -config="{CheckOptions: {alloc-append-concatenation.WithoutProfile: true}}" -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=OUTSIDE %s alloc-append-concatenation %t.o -- \
// RUN:   -config="{CheckOptions: {alloc-append-concatenation.WithoutProfile: true, alloc-append-concatenation.OutsideLoops: true}}" -- -std=c++17

#include <string>
#include <vector>

// Outside any loop, without a profile: once per call.
void once(std::string &Out, const std::string &Name) {
  Out += "name: " + Name + "\n";
  // CHECK-NOTES-OUTSIDE: :[[@LINE-1]]:3: warning: the 3 pieces appended to 'Out' are first concatenated into a temporary string, which allocates once it outgrows the inline buffer, on every call; appending them one by one makes no temporary [alloc-append-concatenation]
  // CHECK-NOTES-OUTSIDE: :[[@LINE-2]]:3: note: no fix-it: 'Name' would be read after the pieces before it are appended, and it may read the string appended to
}

// Literals that fit the inline buffer: the temporary never allocates.
void shortLiterals(std::string &Out, int N) {
  for (int I = 0; I < N; ++I)
    Out += std::string("ab") + "cd" + 'e';
}

// One piece: nothing is concatenated.
void onePiece(std::string &Out, const std::vector<std::string> &Names) {
  for (const std::string &Name : Names)
    Out += Name;
  for (const std::string &Name : Names)
    Out += std::string(Name);
}

// An assignment of a concatenation is another pattern (upstream's
// performance-inefficient-string-concatenation).
void assigned(std::string &Out, const std::vector<std::string> &Names) {
  for (const std::string &Name : Names)
    Out = Out + Name + ",";
}

// Not a standard string.
struct Text {
  Text &operator+=(const Text &);
  friend Text operator+(const Text &, const Text &);
};
void custom(Text &Out, const std::vector<Text> &Parts) {
  for (const Text &P : Parts)
    Out += P + P;
}

// Written by a macro.
#define APPEND(S, A, B) S += A + B
void macro(std::string &Out, const std::vector<std::string> &Names) {
  for (const std::string &Name : Names)
    APPEND(Out, Name, "\n");
}

