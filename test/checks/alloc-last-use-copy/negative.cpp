// Copies the check must not report: the local is read again, the loop
// reuses it, something still points into it, moving would not help, or
// nothing repeats the copy.
// (WithoutProfile on, so that only the rules below keep them silent.)
// RUN: %check_alloc_tidy %s alloc-last-use-copy %t -- \
// RUN:   -config="{CheckOptions: {alloc-last-use-copy.WithoutProfile: true}}" -- -std=c++17

#include <string>
#include <string_view>
#include <vector>

// Read after the copy.
void readAfter(std::vector<std::string> &Out, int N) {
  for (int I = 0; I < N; ++I) {
    std::string S(40, 'a');
    Out.push_back(S);
    if (S.size() > 3)
      Out.push_back("long");
  }
}

// Declared outside the loop: the next iteration reads it again.
void reused(std::vector<std::string> &Out, int N) {
  std::string Buf;
  for (int I = 0; I < N; ++I) {
    Buf += 'a';
    Out.push_back(Buf);
  }
}

// A pointer, a view and a reference into it are kept past the copy.
void pointers(std::vector<std::string> &Out, std::vector<const char *> &Ptrs,
              int N) {
  for (int I = 0; I < N; ++I) {
    std::string S(40, 'a');
    const char *P = S.c_str();
    Out.push_back(S);
    Ptrs.push_back(P);
  }
  for (int I = 0; I < N; ++I) {
    std::string S(40, 'b');
    std::string_view V = S;
    Out.push_back(S);
    Out.emplace_back(V);
  }
  for (int I = 0; I < N; ++I) {
    std::string S(40, 'c');
    std::string &R = S;
    Out.push_back(S);
    Out.push_back(R);
  }
}

// A lambda captures it by reference.
void captured(std::vector<std::string> &Out, int N) {
  for (int I = 0; I < N; ++I) {
    std::string S(40, 'a');
    auto Size = [&S] { return S.size(); };
    Out.push_back(S);
    Out.resize(Size());
  }
}

// Moving does not help: const, trivially copyable, no move constructor.
struct NoMove {
  ~NoMove() = default;
  std::string Name;
};
void noMove(std::vector<std::string> &Out, std::vector<int> &Ints,
            std::vector<NoMove> &NoMoves, int N) {
  for (int I = 0; I < N; ++I) {
    const std::string C(40, 'a');
    Out.push_back(C);
    int X = I * 2;
    Ints.push_back(X);
    NoMove M;
    NoMoves.push_back(M);
  }
}

// A parameter (performance-unnecessary-value-param's finding) and a
// function without a loop (once per call, without a profile).
void parameter(std::vector<std::string> &Out, std::string S) {
  Out.push_back(S);
}
void once(std::vector<std::string> &Out) {
  std::string S(40, 'a');
  Out.push_back(S);
}

// A template: its instantiations may differ.
template <typename T> void generic(std::vector<T> &Out, int N) {
  for (int I = 0; I < N; ++I) {
    T Value{};
    Out.push_back(Value);
  }
}
template void generic<std::string>(std::vector<std::string> &, int);

// Written by a macro's argument list: left alone.
#define PUSH(V, X) (V).push_back(X)
void macro(std::vector<std::string> &Out, int N) {
  for (int I = 0; I < N; ++I) {
    std::string S(40, 'a');
    PUSH(Out, S);
  }
}
