// A string assigned a substring of itself: the substring is built as a new
// string (an allocation once it passes the inline buffer) and moved in, the
// old buffer freed. X.assign(X, P[, N]) copies it into the memory X has,
// with the same result and the same std::out_of_range past the end. Before
// C++14 assign() has no default count: the fix-it passes X.npos.
// RUN: %check_alloc_tidy -check-suffixes=ALL,F17 %s alloc-reset-by-assignment %t -- -- -std=c++17
// RUN: %check_alloc_tidy -check-suffixes=ALL,F11 %s alloc-reset-by-assignment %t.11 -- -- -std=c++11
// RUN: %check_alloc_tidy -check-suffixes=ALL,F17,OUTSIDE %s alloc-reset-by-assignment %t.o -- \
// RUN:   -config="{CheckOptions: {alloc-reset-by-assignment.OutsideLoops: true}}" -- -std=c++17

#include <string>
#if __cplusplus >= 201703L
#include <string_view>
#endif
#include <vector>

void emit(const std::string &S);

// flatc's template expansion: the text left after each '}}'.
void expand(std::string Text) {
  for (;;) {
    std::string::size_type End = Text.find("}}");
    if (End == std::string::npos)
      break;
    emit(Text.substr(0, End));
    Text = Text.substr(End + 2);
    // CHECK-NOTES-ALL: :[[@LINE-1]]:5: warning: assigning to 'Text' a substring of itself allocates on every iteration once the substring passes the inline buffer: it is built as a new string; assign() copies it into the memory 'Text' has [alloc-reset-by-assignment]
    // CHECK-NOTES-ALL: :[[@LINE-7]]:3: note: this loop runs the assignment on every iteration
    // CHECK-FIXES-F17: {{^}}    Text.assign(Text, End + 2);{{$}}
    // CHECK-FIXES-F11: {{^}}    Text.assign(Text, End + 2, Text.npos);{{$}}
  }
  emit(Text);
}

struct Pattern {
  std::string Text;
  std::wstring Wide;
  void trim(const std::vector<char> &Ends) {
    for (char C : Ends) {
      if (!Text.empty() && Text.back() == C)
        Text = Text.substr(0, Text.size() - 1);
      // CHECK-NOTES-ALL: :[[@LINE-1]]:9: warning: assigning to 'Text' a substring of itself allocates on every iteration
      // CHECK-NOTES-ALL: :[[@LINE-4]]:5: note: this loop runs the assignment on every iteration
      // CHECK-FIXES-F17: {{^}}        Text.assign(Text, 0, Text.size() - 1);{{$}}
      // CHECK-FIXES-F11: {{^}}        Text.assign(Text, 0, Text.size() - 1);{{$}}
      this->Wide = this->Wide.substr(1);
      // CHECK-NOTES-ALL: :[[@LINE-1]]:7: warning: assigning to 'this->Wide' a substring of itself allocates on every iteration
      // CHECK-NOTES-ALL: :[[@LINE-9]]:5: note: this loop runs the assignment on every iteration
      // CHECK-FIXES-F17: {{^}}      this->Wide.assign(this->Wide, 1);{{$}}
      // CHECK-FIXES-F11: {{^}}      this->Wide.assign(this->Wide, 1, this->Wide.npos);{{$}}
    }
  }
};

// A member reached through a pointer, a position a macro writes; assign()
// returns the string, as the assignment does, so one inside a larger
// expression is replaced in place.
#define PREFIX_LENGTH 2
struct Line {
  std::string Body;
};
int countLines(Line *L) {
  int Count = 0;
  while (!(L->Body = L->Body.substr(PREFIX_LENGTH)).empty())
    // CHECK-NOTES-ALL: :[[@LINE-1]]:12: warning: assigning to 'L->Body' a substring of itself allocates on every iteration
    // CHECK-NOTES-ALL: :[[@LINE-2]]:3: note: this loop runs the assignment on every iteration
    // CHECK-FIXES-F17: {{^}}  while (!(L->Body.assign(L->Body, PREFIX_LENGTH)).empty()){{$}}
    // CHECK-FIXES-F11: {{^}}  while (!(L->Body.assign(L->Body, PREFIX_LENGTH, L->Body.npos)).empty()){{$}}
    ++Count;
  return Count;
}

// Both arguments written by one macro: no stretch of the file spells
// either of them.
#define FIRST_TWO 0, 2
void heads(std::string S, int Rounds) {
  for (int R = 0; R < Rounds; ++R) {
    S = S.substr(FIRST_TWO);
    // CHECK-NOTES-ALL: :[[@LINE-1]]:5: warning: assigning to 'S' a substring of itself allocates on every iteration
    // CHECK-NOTES-ALL: :[[@LINE-3]]:3: note: this loop runs the assignment on every iteration
    // CHECK-NOTES-ALL: :[[@LINE-3]]:5: note: no fix-it: a macro writes part of the assignment
    // CHECK-FIXES-F17: {{^}}    S = S.substr(FIRST_TWO);{{$}}
    emit(S);
  }
}

// Code that asks for the capacity would see the capacity assign() keeps.
std::string::size_type capacities(std::string S, int Rounds) {
  std::string::size_type Sum = 0;
  for (int R = 0; R < Rounds; ++R) {
    S = S.substr(1);
    // CHECK-NOTES-ALL: :[[@LINE-1]]:5: warning: assigning to 'S' a substring of itself allocates on every iteration
    // CHECK-NOTES-ALL: :[[@LINE-3]]:3: note: this loop runs the assignment on every iteration
    // CHECK-NOTES-ALL: :[[@LINE-3]]:5: note: no fix-it: the code asks for 'S'.capacity(), which assign() leaves as it was
    // CHECK-FIXES-F17: {{^}}    S = S.substr(1);{{$}}
    // CHECK-FIXES-F11: {{^}}    S = S.substr(1);{{$}}
    Sum += S.capacity();
  }
  return Sum;
}

// A global whose capacity another function asks for.
std::string Pending;
std::string::size_type pendingCapacity() { return Pending.capacity(); }
void drain(int Rounds) {
  for (int R = 0; R < Rounds; ++R)
    Pending = Pending.substr(1);
  // CHECK-NOTES-ALL: :[[@LINE-1]]:5: warning: assigning to 'Pending' a substring of itself allocates on every iteration
  // CHECK-NOTES-ALL: :[[@LINE-3]]:3: note: this loop runs the assignment on every iteration
  // CHECK-NOTES-ALL: :[[@LINE-3]]:5: note: no fix-it: the code asks for 'Pending'.capacity(), which assign() leaves as it was
}

// Outside a loop: once per call, reported only with OutsideLoops (or a
// profile that measured it).
std::string dropSign(std::string Number) {
  if (!Number.empty() && Number[0] == '-')
    Number = Number.substr(1);
  // CHECK-NOTES-OUTSIDE: :[[@LINE-1]]:5: warning: assigning to 'Number' a substring of itself allocates on every call
  // CHECK-FIXES-OUTSIDE: {{^}}    Number.assign(Number, 1);{{$}}
  return Number;
}

#if __cplusplus >= 201703L
// A view's substring allocates nothing.
void views(std::string_view V, int Rounds) {
  for (int R = 0; R < Rounds; ++R)
    V = V.substr(1);
}
#endif

// A string declared in the iteration is cut once in its life: reported
// only with OutsideLoops (or a profile), as code outside a loop is.
void perItem(const std::vector<std::string> &Items) {
  for (const std::string &Item : Items) {
    std::string Quoted = Item;
    if (Quoted.size() > 1 && Quoted[0] == '"')
      Quoted = Quoted.substr(1, Quoted.size() - 2);
    // CHECK-NOTES-OUTSIDE: :[[@LINE-1]]:7: warning: assigning to 'Quoted' a substring of itself allocates on every iteration
    // CHECK-NOTES-OUTSIDE: :[[@LINE-5]]:3: note: this loop runs the assignment on every iteration
    // CHECK-FIXES-OUTSIDE: {{^}}      Quoted.assign(Quoted, 1, Quoted.size() - 2);{{$}}
    emit(Quoted);
  }
}

std::string &current();
#define CUT(S) S = S.substr(1)

void negatives(std::string A, std::string B, std::vector<std::string> Items,
               int Rounds) {
  for (int R = 0; R < Rounds; ++R) {
    // Another string's substring: A's memory holds no part of it.
    A = B.substr(1);
    // The whole string copied (no position): not a substring.
    B = B.substr();
    // A concatenation, not the substring itself.
    B = B.substr(1) + "x";
    // Reached through a call: naming it twice could name another string.
    Items[0] = Items[0].substr(1);
    current() = current().substr(1);
    // Written by a macro.
    CUT(A);
    emit(A);
    emit(B);
  }
}

// Template code is left to its instantiations' authors.
template <class S> void generic(S Text, int Rounds) {
  for (int R = 0; R < Rounds; ++R)
    Text = Text.substr(1);
}
template void generic(std::string, int);
