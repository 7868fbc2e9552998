// A std::string rebuilt from another string's c_str() or data() for a
// const std::string & parameter is a copy of that string, made and freed on
// every call; the string itself binds the parameter without one. Reported
// in loops (and, with a profile, where measured hot); the fix-it passes the
// string. The fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-temporary-argument %t -- -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=PROFILE %s alloc-temporary-argument %t.profile \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.profile.cpp %t.json \
// RUN:     --allocation-site=hot:40x3000:tokenAt --allocation-site=rare:40x5:rarely" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json', MinProfiledAllocations: 10}}" -- -std=c++17

#include <map>
#include <string>
#include <vector>

int count(const std::string &Word);
void record(int Line, const std::string &Word);
struct Entry {
  std::string Name;
};
std::string nameOf(int I);

int total(const std::vector<std::string> &Words,
          const std::map<std::string, int> &Table, const Entry *E) {
  int R = 0;
  std::string Token;
  for (const std::string &W : Words) {
    R += count(W.c_str());
    // CHECK-NOTES: :[[@LINE-1]]:16: warning: the temporary std::string passed to 'count' copies 'W' through c_str() on every iteration, allocating each time it is longer than the inline buffer; 'W' itself binds the parameter without a copy [alloc-temporary-argument]
    // CHECK-NOTES: :27:3: note: this loop runs it on every iteration
    // CHECK-FIXES: {{^}}    R += count(W);{{$}}
    auto It = Table.find(W.data());
    // CHECK-NOTES: :[[@LINE-1]]:26: warning: the temporary std::string passed to 'find' copies 'W' through data() on every iteration
    // CHECK-NOTES: :27:3: note: this loop runs it on every iteration
    // CHECK-FIXES: {{^}}    auto It = Table.find(W);{{$}}
    if (It != Table.end())
      R += It->second;
    Token.assign(W.c_str(), 1, 3);
    // CHECK-NOTES: :[[@LINE-1]]:18: warning: the temporary std::string passed to 'assign' copies 'W' through c_str()
    // CHECK-NOTES: :27:3: note: this loop runs it on every iteration
    // CHECK-FIXES: {{^}}    Token.assign(W, 1, 3);{{$}}
    record(R, E->Name.c_str());
    // CHECK-NOTES: :[[@LINE-1]]:15: warning: the temporary std::string passed to 'record' copies 'E->Name' through c_str()
    // CHECK-NOTES: :27:3: note: this loop runs it on every iteration
    // CHECK-FIXES: {{^}}    record(R, E->Name);{{$}}
    R += count(std::string(Token.c_str()));
    // CHECK-NOTES: :[[@LINE-1]]:16: warning: the temporary std::string passed to 'count' copies 'Token' through c_str()
    // CHECK-NOTES: :27:3: note: this loop runs it on every iteration
    // CHECK-FIXES: {{^}}    R += count(Token);{{$}}
    R += count(nameOf(R).c_str());
    // CHECK-NOTES: :[[@LINE-1]]:16: warning: the temporary std::string passed to 'count' copies 'nameOf(R)' through c_str()
    // CHECK-NOTES: :27:3: note: this loop runs it on every iteration
    // CHECK-FIXES: {{^}}    R += count(nameOf(R));{{$}}
  }
  return R;
}

// Through a pointer to the string: the fix-it dereferences it.
int throughPointers(const std::vector<const std::string *> &Words) {
  int R = 0;
  for (const std::string *W : Words)
    R += count(W->c_str());
  // CHECK-NOTES: :[[@LINE-1]]:16: warning: the temporary std::string passed to 'count' copies '*W' through c_str()
  // CHECK-NOTES: :61:3: note: this loop runs it on every iteration
  // CHECK-FIXES: {{^}}    R += count(*W);{{$}}
  return R;
}

// Negative: an overload that binds a modifiable string would take the
// string itself, and a template could too: warned, no fix-it.
void normalize(const std::string &Word, int Flags);
void normalize(std::string &Word, int Flags);
template <typename T> void show(T &Value, int Width);
template <typename T> void show(const T &Value, int Width, bool Quoted);
void show(const std::string &Value, int Width);
void overloads(std::vector<std::string> &Words) {
  for (std::string &W : Words) {
    normalize(W.c_str(), 0);
    // CHECK-NOTES: :[[@LINE-1]]:15: warning: the temporary std::string passed to 'normalize' copies 'W' through c_str()
    // CHECK-NOTES: :77:3: note: this loop runs it on every iteration
    // CHECK-NOTES: :[[@LINE-3]]:15: note: no fix-it: 'normalize' has an overload taking 'std::string &', which the string itself would select
    show(W.c_str(), 4);
    // CHECK-NOTES: :[[@LINE-1]]:10: warning: the temporary std::string passed to 'show' copies 'W' through c_str()
    // CHECK-NOTES: :77:3: note: this loop runs it on every iteration
    // CHECK-NOTES: :[[@LINE-3]]:10: note: no fix-it: 'show' has a template overload, which could take the string itself instead
  }
}

// The callee can write to what another argument reaches: the string is
// passed itself only when it is a local that no such argument names.
void rename(Entry &E, const std::string &Name);
void fill(std::string &Out, const std::string &Key);
void aliasing(std::vector<Entry> &Entries, std::string &Out) {
  for (Entry &E : Entries) {
    rename(E, E.Name.c_str());
    // CHECK-NOTES: :[[@LINE-1]]:15: warning: the temporary std::string passed to 'rename' copies 'E.Name' through c_str()
    // CHECK-NOTES: :[[@LINE-3]]:3: note: this loop runs it on every iteration
    // CHECK-NOTES: :[[@LINE-3]]:15: note: no fix-it: 'rename' can change the string through its other arguments or its object while it reads the parameter, which would then be the string itself
    std::string Key = E.Name + ".key";
    fill(Out, Key.c_str());
    // CHECK-NOTES: :[[@LINE-1]]:15: warning: the temporary std::string passed to 'fill' copies 'Key' through c_str()
    // CHECK-NOTES: :[[@LINE-8]]:3: note: this loop runs it on every iteration
    // CHECK-FIXES: {{^}}    fill(Out, Key);{{$}}
    fill(Key, Key.c_str());
    // CHECK-NOTES: :[[@LINE-1]]:15: warning: the temporary std::string passed to 'fill' copies 'Key' through c_str()
    // CHECK-NOTES: :[[@LINE-12]]:3: note: this loop runs it on every iteration
    // CHECK-NOTES: :[[@LINE-3]]:15: note: no fix-it: 'fill' can change the string
  }
}

// A macro: silent when its body takes the characters; warned without a
// fix-it when only the string comes from its argument.
#define CSTR(S) (S).c_str()
#define CALL_COUNT(X) count(X.c_str())
int macros(const std::vector<std::string> &Words) {
  int R = 0;
  for (const std::string &W : Words) {
    R += count(CSTR(W));
    R += CALL_COUNT(W);
    // CHECK-NOTES: :[[@LINE-1]]:21: warning: the temporary std::string passed to 'count' copies 'W' through c_str()
    // CHECK-NOTES: :[[@LINE-4]]:3: note: this loop runs it on every iteration
    // CHECK-NOTES: :[[@LINE-3]]:21: note: no fix-it: the argument is written by a macro
  }
  return R;
}

// Negative: not a copy of the whole string, or not a string of the same
// type, or no temporary at all.
void cstring(const char *Text);
int wide(const std::wstring &Word);
void notCopies(const std::vector<std::string> &Words, const char *Raw,
               const std::vector<std::wstring> &Wide) {
  int R = 0;
  for (const std::string &W : Words) {
    R += count(std::string(W.c_str(), 3)); // a prefix
    R += count(W.c_str() + 1);             // a suffix
    R += count(Raw);                       // no string to pass
    cstring(W.c_str());                    // no temporary
    R += count(W);
  }
  for (const std::wstring &W : Wide)
    R += wide(W.c_str());
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: the temporary std::wstring passed to 'wide' copies 'W' through c_str()
  // CHECK-NOTES: :141:3: note: this loop runs it on every iteration
  // CHECK-FIXES: {{^}}    R += wide(W);{{$}}
}

// Negative: the branch that copies leaves the loop a few statements later
// (a call that may throw and an assignment between): once per call, as
// outside a loop.
int firstMatch(const std::vector<std::string> &Words, std::string &Out) {
  for (const std::string &W : Words) {
    if (count(W) > 2) {
      Out.assign(W.c_str(), 0, 4);
      record(1, Out);
      Out += '.';
      return 1;
    }
  }
  return 0;
}

// A continue between the copy and the return: the loop goes on.
int everyMatch(const std::vector<std::string> &Words, std::string &Out) {
  for (const std::string &W : Words) {
    if (count(W) > 2) {
      Out.assign(W.c_str(), 0, 4);
      // CHECK-NOTES: :[[@LINE-1]]:18: warning: the temporary std::string passed to 'assign' copies 'W' through c_str() on every iteration
      // CHECK-NOTES: :[[@LINE-4]]:3: note: this loop can run it on every iteration
      // CHECK-FIXES: {{^}}      Out.assign(W, 0, 4);{{$}}
      if (Out.empty())
        continue;
      return 1;
    }
  }
  return 0;
}

// Negative: outside a loop, without a profile that measured it hot.
int once(const std::string &Word) { return count(Word.c_str()); }

// With a profile: hot outside a loop is reported with the saving; a loop
// the profile covers with few allocations is cold.
int tokenAt(const std::string &Formula, int Pos) {
  std::string Tok;
  Tok.assign(Formula.c_str(), Pos, 4); // site(hot@Formula.c_str)
  // CHECK-NOTES-PROFILE: :[[@LINE-1]]:14: warning: the temporary std::string passed to 'assign' copies 'Formula' through c_str() on every call
  // CHECK-NOTES-PROFILE: :[[@LINE-2]]:14: note: heapcount's profile: in the profiled run the copies of 'Formula' built for this argument allocated 3,000 times ({{.*}}); passing 'Formula' itself would save about 3,000 allocations
  // CHECK-FIXES-PROFILE: {{^}}  Tok.assign(Formula, Pos, 4); // site(hot@Formula.c_str){{$}}
  return count(Tok);
}
int rarely(const std::vector<std::string> &Words) {
  int R = 0;
  for (const std::string &W : Words)
    R += count(W.c_str()); // site(rare@W.c_str)
  // Without the profile, a loop is reported.
  // CHECK-NOTES: :[[@LINE-2]]:16: warning: the temporary std::string passed to 'count' copies 'W' through c_str() on every iteration
  // CHECK-NOTES: :[[@LINE-4]]:3: note: this loop runs it on every iteration
  // CHECK-FIXES: {{^}}    R += count(W); // site(rare@W.c_str){{$}}
  return R;
}

