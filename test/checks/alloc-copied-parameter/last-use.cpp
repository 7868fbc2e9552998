// Where a heapcount profile measured the copy hot, a call that passes a
// local on its last use counts as one that passes an rvalue: the fix-it
// takes the parameter by value, moves it into the storage and moves the
// local at that call (without a profile, such a call is an lvalue: on the
// precision corpus they were all in cold code). A local read after the call,
// a const one, one named twice in the statement, one a loop passes again,
// a reference, one a lambda captured, or one of a class derived from the
// parameter's is an lvalue the fix cannot move: with only such calls the
// function stays silent. The fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-copied-parameter %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --allocation-site=entry:48x700:addEntry --allocation-site=name:48x700:addName \
// RUN:     --allocation-site=label:48x700:addLabel --allocation-site=base:48x700:addBase" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json', MinProfiledAllocations: 10}}" -- -std=c++17
// RUN: %check_alloc_tidy %s alloc-copied-parameter %t --check-suffix=UNMEASURED -- -- -std=c++17

#include <cstddef>
#include <string>
#include <vector>

struct Entry {
  std::string Name;
  std::vector<int> Values;
};

std::vector<Entry> Entries;

void addEntry(const Entry &E) {
  Entries.push_back(E); // site(entry@Entries)
}
// CHECK-NOTES: :[[@LINE-3]]:28: warning: 'E' is copied into 'Entries' on every call; taken by value and moved, an rvalue argument would not be copied (2 of the 3 calls seen in this unit pass a local on its last use) [alloc-copied-parameter]
// CHECK-FIXES: {{^}}void addEntry(Entry E) {{[{]}}{{$}}
// CHECK-NOTES: :[[@LINE-4]]:21: note: heapcount's profile: in the profiled run this statement allocated 700 times, the copy among them
// CHECK-FIXES-NEXT: {{^}}  Entries.push_back(std::move(E)); // site(entry@Entries){{$}}

void build(int N) {
  Entry Fresh;
  Fresh.Name = "a name long enough to leave the inline buffer";
  Fresh.Values.assign(static_cast<std::size_t>(N), 0);
  addEntry(Fresh);
  // CHECK-NOTES: :[[@LINE-1]]:12: note: this call passes 'Fresh' for 'E', and nothing reads 'Fresh' after it
  // CHECK-FIXES: {{^}}  addEntry(std::move(Fresh));{{$}}
}

void buildInBranch(bool Twice) {
  Entry First;
  First.Name = "first";
  if (Twice) {
    Entry Second = First;
    addEntry(Second);
    // CHECK-FIXES: {{^}}    addEntry(std::move(Second));{{$}}
  }
  // Read again below: copied as before (and moved into the vector).
  addEntry(First);
  // CHECK-FIXES: {{^}}  addEntry(First);{{$}}
  Entries.back().Name += First.Name;
}

// --- Silent: no call passes anything the fix could move. -------------------

std::vector<std::string> Names;

void addName(const std::string &S) { Names.push_back(S); } // site(name@Names)

void readAfter() {
  std::string Local = "a name long enough to leave the inline buffer";
  addName(Local);
  Names.back() += Local;
}

void constLocal() {
  const std::string Local = "a name long enough to leave the inline buffer";
  addName(Local);
}

void throughReference() {
  std::string &Ref = Names.front();
  addName(Ref);
}

void inLambda() {
  std::string Local = "a name long enough to leave the inline buffer";
  auto Add = [Local] { addName(Local); };
  Add();
}

void passedInLoop(int N) {
  std::string Local = "a name long enough to leave the inline buffer";
  for (int I = 0; I < N; ++I)
    addName(Local);
}

std::vector<std::string> Labels;
std::vector<std::size_t> Sizes;

void addLabel(const std::string &S, std::size_t N) {
  Sizes.push_back(N);
  Labels.push_back(S); // site(label@Labels)
}

void namedTwice() {
  std::string Local = "a name long enough to leave the inline buffer";
  addLabel(Local, Local.size());
}

struct Special : Entry {
  int Extra = 0;
};

std::vector<Entry> Bases;

void addBase(const Entry &E) { Bases.push_back(E); } // site(base@Bases)

void derivedLocal() {
  Special S;
  S.Name = "a name long enough to leave the inline buffer";
  addBase(S);
}
