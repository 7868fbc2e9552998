// 'S += A + B + ...' (or S.append(A + B)) on a std::basic_string builds a
// temporary string from the pieces and copies it into S; appending the
// pieces one after another makes no temporary. Without a profile nothing is
// reported by default; WithoutProfile reports an append that a loop runs
// when the pieces may outgrow the inline buffer. The fix-it appends the
// pieces in order when none of the later ones can read the string appended
// to.
// RUN: %check_alloc_tidy %s alloc-append-concatenation %t -- \
// RUN:   -config="{CheckOptions: {alloc-append-concatenation.WithoutProfile: true}}" -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=DEFAULT %s alloc-append-concatenation %t.d -- -- -std=c++17

#include <string>
#include <vector>

struct Rule {
  std::string Name;
  std::string Text;
  int Line = 0;
  char Mark = '*';
};

// A local appended to, pieces from a reference parameter: the local is the
// function's own, so nothing it reads can be it.
std::string listRules(const std::vector<Rule> &Rules, const std::string &Sep) {
  std::string Out;
  for (const Rule &R : Rules) {
    Out += R.Name + Sep + std::to_string(R.Line) + '\n';
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: the 4 pieces appended to 'Out' are first concatenated into a temporary string, which allocates once it outgrows the inline buffer, on every iteration; appending them one by one makes no temporary [alloc-append-concatenation]
    // CHECK-NOTES: :[[@LINE-3]]:3: note: this loop runs the concatenation on every iteration
    // CHECK-FIXES: {{^}}    Out.append(R.Name).append(Sep).append(std::to_string(R.Line)).append(1, '\n');{{$}}
  }
  return Out;
}

// A piece that is a string built only to be concatenated (from a pointer
// and a count, a count and a character, a literal) is appended from what
// builds it: no string is made for it either. (A pointer's characters could
// be the string's own: only the first piece, read before anything is
// appended, may read through one.)
std::string indentRules(const std::vector<Rule> &Rules, const char *Tag,
                        unsigned long TagLength, unsigned Depth) {
  std::string Out;
  for (const Rule &R : Rules) {
    Out += std::string(Tag, TagLength) + R.Name + std::string(Depth, ' ') +
           std::string("a rule of the grammar named");
    // CHECK-NOTES: :[[@LINE-2]]:5: warning: the 4 pieces appended to 'Out' are first concatenated
    // CHECK-NOTES: :[[@LINE-4]]:3: note: this loop runs the concatenation on every iteration
    // CHECK-FIXES: {{^}}    Out.append(Tag, TagLength).append(R.Name).append(Depth, ' ').append("a rule of the grammar named");{{$}}
  }
  return Out;
}

// A pointer cannot point into a local string of the function's own whose
// characters nothing keeps (a c_str() only passed to the standard library):
// pieces read through one may follow others.
std::string tagRules(const std::vector<Rule> &Rules, const char *Tag,
                     unsigned long TagLength) {
  std::string Out;
  for (const Rule &R : Rules) {
    Out += R.Name + std::string(Tag, TagLength) + Tag;
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: the 3 pieces appended to 'Out' are first concatenated
    // CHECK-NOTES: :[[@LINE-3]]:3: note: this loop runs the concatenation on every iteration
    // CHECK-FIXES: {{^}}    Out.append(R.Name).append(Tag, TagLength).append(Tag);{{$}}
  }
  unsigned long Length = std::char_traits<char>::length(Out.c_str());
  return Out.substr(0, Length);
}

// One whose characters a pointer keeps: the pointer may read the string's
// own characters, appended to in the middle of the statement.
std::string tagKept(const std::vector<Rule> &Rules) {
  std::string Out;
  const char *Before = "";
  for (const Rule &R : Rules) {
    Out += R.Name + Before;
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: the 2 pieces appended to 'Out' are first concatenated
    // CHECK-NOTES: :[[@LINE-3]]:3: note: this loop runs the concatenation on every iteration
    // CHECK-NOTES: :[[@LINE-3]]:5: note: no fix-it: 'Before' would be read after the pieces before it are appended, and it may read the string appended to
    Before = Out.c_str();
  }
  return Out;
}

// "..."s keeps its null characters only as a string, and a copy of a
// string is not built from characters: both are appended as written.
std::string markRules(const std::vector<Rule> &Rules) {
  using namespace std::string_literals;
  std::string Out;
  for (const Rule &R : Rules) {
    Out += "a rule\0named "s + R.Name + std::string(R.Text);
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: the 3 pieces appended to 'Out' are first concatenated
    // CHECK-NOTES: :[[@LINE-3]]:3: note: this loop runs the concatenation on every iteration
    // CHECK-FIXES: {{^}}    Out.append("a rule\0named "s).append(R.Name).append(std::string(R.Text));{{$}}
  }
  return Out;
}

// The string appended to is a reference parameter: only the function's own
// values and literals may follow the first piece.
void dump(std::string &Out, const std::vector<Rule> &Rules) {
  for (const Rule &R : Rules) {
    std::string Label = R.Name;
    Out.append("rule " + Label + ": " + std::to_string(R.Line));
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: the 4 pieces appended to 'Out' are first concatenated
    // CHECK-NOTES: :[[@LINE-4]]:3: note: this loop runs the concatenation on every iteration
    // CHECK-FIXES: {{^}}    Out.append("rule ").append(Label).append(": ").append(std::to_string(R.Line));{{$}}
  }
}

// A member of *this, pieces from members of other objects: two different
// fields are never one object.
struct Printer {
  std::string Text;
  std::string Indent;
  void print(const std::vector<Rule> &Rules) {
    for (const Rule &R : Rules)
      Text += "- " + R.Name + " (" + R.Text + ")\n";
    // CHECK-NOTES: :[[@LINE-1]]:7: warning: the 5 pieces appended to 'Text' are first concatenated
    // CHECK-NOTES: :[[@LINE-3]]:5: note: this loop runs the concatenation on every iteration
    // CHECK-FIXES: {{^}}      Text.append("- ").append(R.Name).append(" (").append(R.Text).append(")\n");{{$}}
  }
  // Through a pointer: parenthesised for '.append'.
  static void printTo(Printer *P, const std::vector<Rule> &Rules) {
    for (const Rule &R : Rules)
      (*P).Text += "[" + R.Name + "]";
    // CHECK-NOTES: :[[@LINE-1]]:7: warning: the 3 pieces appended to '(*P).Text'
    // CHECK-NOTES: :[[@LINE-3]]:5: note: this loop runs the concatenation on every iteration
    // CHECK-FIXES: {{^}}      (*P).Text.append("[").append(R.Name).append("]");{{$}}
  }
  // No fix-it: 'Indent' is a member of *this, and so is the string appended
  // to when it is reached through a reference.
  void indentAll(std::string &Out, int N) {
    for (int I = 0; I < N; ++I)
      Out += "  " + Indent + "|";
    // CHECK-NOTES: :[[@LINE-1]]:7: warning: the 3 pieces appended to 'Out' are first concatenated
    // CHECK-NOTES: :[[@LINE-3]]:5: note: this loop runs the concatenation on every iteration
    // CHECK-NOTES: :[[@LINE-3]]:7: note: no fix-it: 'Indent' would be read after the pieces before it are appended, and it may read the string appended to
  }
};

std::string describe(const Rule &R);

// No fix-it: a call of a function this unit cannot see may read anything,
// the string appended to included.
std::string describeAll(const std::vector<Rule> &Rules) {
  std::string Out;
  for (const Rule &R : Rules)
    Out += "rule: " + describe(R);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: the 2 pieces appended to 'Out' are first concatenated
  // CHECK-NOTES: :[[@LINE-3]]:3: note: this loop runs the concatenation on every iteration
  // CHECK-NOTES: :[[@LINE-3]]:5: note: no fix-it: 'describe(R)' would be read after the pieces before it are appended, and it may read the string appended to
  return Out;
}

// No fix-it: a pointer's characters may be the string's own.
void withPrefix(std::string &Out, const char *Prefix, int N) {
  for (int I = 0; I < N; ++I)
    Out += std::to_string(I) + Prefix;
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: the 2 pieces appended to 'Out'
  // CHECK-NOTES: :[[@LINE-3]]:3: note: this loop runs the concatenation on every iteration
  // CHECK-NOTES: :[[@LINE-3]]:5: note: no fix-it: 'Prefix' would be read after
}

// A wide string, and the value of the expression used.
std::wstring wide(const std::vector<std::wstring> &Words) {
  std::wstring Out;
  for (const std::wstring &W : Words)
    (Out += L"<" + W + L">").push_back(L' ');
  // CHECK-NOTES: :[[@LINE-1]]:6: warning: the 3 pieces appended to 'Out'
  // CHECK-NOTES: :[[@LINE-3]]:3: note: this loop runs the concatenation on every iteration
  // CHECK-FIXES: {{^}}    (Out.append(L"<").append(W).append(L">")).push_back(L' ');{{$}}
  return Out;
}

// The first piece is read before anything is appended, as it was.
std::string doubled(int N) {
  std::string Out = "start, and then more";
  for (int I = 0; I < N; ++I)
    Out += Out.substr(0, 5) + std::to_string(I);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: the 2 pieces appended to 'Out'
  // CHECK-NOTES: :[[@LINE-3]]:3: note: this loop runs the concatenation on every iteration
  // CHECK-FIXES: {{^}}    Out.append(Out.substr(0, 5)).append(std::to_string(I));{{$}}
  return Out;
}

// A template: what the pieces are depends on the instantiation. One whose
// every instantiation here concatenates the same pieces gets the fix-it.
template <typename T> void labelAll(std::string &Out, const std::vector<T> &Xs) {
  for (const T &X : Xs) {
    std::string Label = X.Name;
    Out += "<" + Label + ">";
  }
  // CHECK-NOTES: :[[@LINE-2]]:5: warning: the 3 pieces appended to 'Out'
  // CHECK-NOTES: :[[@LINE-5]]:3: note: this loop runs the concatenation on every iteration
  // CHECK-FIXES: {{^}}    Out.append("<").append(Label).append(">");{{$}}
}
void labelRules(std::string &Out, const std::vector<Rule> &Rules) {
  labelAll(Out, Rules);
}

// One whose instantiations differ (one concatenates strings, the other calls
// a user-defined operator+) keeps the warning, without a fix-it.
template <typename T> void joinAll(std::string &Out, const std::vector<T> &Xs) {
  for (const T &X : Xs)
    Out += X + std::string(", and some more text");
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: the 2 pieces appended to 'Out'
  // CHECK-NOTES: :[[@LINE-3]]:3: note: this loop runs the concatenation on every iteration
  // CHECK-NOTES: :[[@LINE-3]]:5: note: no fix-it: the code is a template's, and not every instantiation of it here concatenates the same pieces
}
struct Word {
  friend std::string operator+(const Word &, const std::string &);
};
void instantiate(std::string &Out, const std::vector<std::string> &S,
                 const std::vector<Word> &W) {
  joinAll(Out, S);
  joinAll(Out, W);
}
