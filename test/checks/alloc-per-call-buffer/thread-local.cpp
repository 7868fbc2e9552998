// A const member function cannot keep its buffer in a member: the member
// would need 'mutable', and threads that call the function at once would
// share it. The buffer becomes a thread_local variable of the function
// instead, cleared where it was declared. The rules on calls that can run
// the function again are the member's, over every object of the class: a
// call on another object while the buffer is in use keeps it silent too.
// With ThreadLocal off (suffix OFF) const member functions are left alone.
// With a profile (suffix PROF), the note counts one thread in each process,
// as it counts one object for a member. The fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-per-call-buffer %t -- \
// RUN:   -config="{CheckOptions: {alloc-per-call-buffer.WithoutProfile: true}}" -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=OFF %s alloc-per-call-buffer %t -- \
// RUN:   -config="{CheckOptions: {alloc-per-call-buffer.WithoutProfile: true, alloc-per-call-buffer.ThreadLocal: false}}" -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=PROF %s alloc-per-call-buffer %t.prof \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.prof.cpp %t.prof.json \
// RUN:     --site=codes:int:4:1x2000,2x2000,4x1000:Scorer::score" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.prof.json'}}" -- -std=c++17

#include <string>
#include <vector>

static void split(const std::string &Text, std::vector<std::string> &Out) {
  std::string Word;
  for (char C : Text) {
    if (C != ' ') {
      Word += C;
      continue;
    }
    Out.push_back(Word);
    Word.clear();
  }
  Out.push_back(Word);
}

struct Noisy {
  ~Noisy();
  int Value = 0;
};

class Scorer {
public:
  int score(const std::string &Word) const {
    std::vector<int> Codes;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Codes' is constructed and filled on every call of 'score', allocating each time; 'score' is const, so kept in a thread_local variable and cleared here, it would keep its capacity between calls on a thread [alloc-per-call-buffer]
    // CHECK-NOTES: :[[@LINE-2]]:22: note: a member of 'Scorer' would need 'mutable', and the threads that call 'score' at once would share it; the thread_local 'Codes' holds the capacity as long as its thread runs
    // CHECK-FIXES: {{^}}    thread_local std::vector<int> Codes;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    Codes.clear();{{$}}
    // CHECK-NOTES-PROF: :[[@LINE-5]]:22: warning: 'Codes' is constructed and filled on every call of 'score'
    // CHECK-NOTES-PROF: :[[@LINE-6]]:22: note: heapcount's profile: in the profiled run 'Codes' allocated 5,000 times in calls of this function (for 1 to 4 elements); kept in a thread_local variable, it grows only past the capacity it reached: with one thread in each process, that would save about 4,997 allocations (each further thread starts empty)
    // CHECK-NOTES-PROF: :[[@LINE-7]]:22: note: a member of 'Scorer' would need 'mutable'
    // CHECK-FIXES-PROF: {{^}}    thread_local std::vector<int> Codes;{{$}}
    // CHECK-FIXES-PROF-NEXT: {{^}}    Codes.clear();{{$}}
    for (char C : Word)
      Codes.push_back(C | 0x20); // site(codes)
    int Sum = Base;
    for (int C : Codes)
      Sum += C;
    return Sum;
  }

  // Filled by a function of the unit; declared with 'auto'.
  size_t words(const std::string &Text) const {
    auto Parts = std::vector<std::string>();
    // CHECK-NOTES: :[[@LINE-1]]:10: warning: 'Parts' is constructed and filled on every call of 'words', allocating each time; 'words' is const, so kept in a thread_local variable and cleared here, it would keep its capacity between calls on a thread [alloc-per-call-buffer]
    // CHECK-NOTES: :[[@LINE-2]]:10: note: a member of 'Scorer' would need 'mutable', and the threads that call 'words' at once would share it; the thread_local 'Parts' holds the capacity as long as its thread runs
    // CHECK-FIXES: {{^}}    thread_local auto Parts = std::vector<std::string>();{{$}}
    // CHECK-FIXES-NEXT: {{^}}    Parts.clear();{{$}}
    split(Text, Parts);
    return Parts.size();
  }

  // Recursion after the last use, on another object.
  int depth(const std::string &Word) const {
    std::vector<char> Letters;
    // CHECK-NOTES: :[[@LINE-1]]:23: warning: 'Letters' is constructed and filled on every call of 'depth', allocating each time; 'depth' is const, so kept in a thread_local variable and cleared here, it would keep its capacity between calls on a thread [alloc-per-call-buffer]
    // CHECK-NOTES: :[[@LINE+6]]:14: note: 'depth' may run again on this thread from here (it calls itself), after its last use of 'Letters': the variable is free again by then
    // CHECK-NOTES: :[[@LINE-3]]:23: note: a member of 'Scorer' would need 'mutable', and the threads that call 'depth' at once would share it; the thread_local 'Letters' holds the capacity as long as its thread runs
    // CHECK-FIXES: {{^}}    thread_local std::vector<char> Letters;{{$}}
    for (char C : Word)
      Letters.push_back(C);
    if (Letters.size() > 1 && Next)
      return Next->depth(Word.substr(1)) + 1;
    return 0;
  }

  // No fix-it: elements whose destructor runs the user's code.
  int noisy(int N) const {
    std::vector<Noisy> Items;
    // CHECK-NOTES: :[[@LINE-1]]:24: warning: 'Items' is constructed and filled on every call of 'noisy', allocating each time; 'noisy' is const, so kept in a thread_local variable and cleared here, it would keep its capacity between calls on a thread [alloc-per-call-buffer]
    // CHECK-NOTES: :[[@LINE-2]]:24: note: no fix-it: its elements would be destroyed at the next call instead of at the end of this one
    for (int I = 0; I < N; ++I)
      Items.push_back(Noisy{I});
    return static_cast<int>(Items.size());
  }

  // No fix-it: a lambda copies it ('[Codes]' cannot name a thread_local).
  size_t copied(const std::string &Word) const {
    std::vector<int> Codes;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Codes' is constructed and filled on every call of 'copied', allocating each time; 'copied' is const, so kept in a thread_local variable and cleared here, it would keep its capacity between calls on a thread [alloc-per-call-buffer]
    // CHECK-NOTES: :[[@LINE+3]]:18: note: no fix-it: a lambda captures 'Codes', which it could not do with a thread_local variable
    for (char C : Word)
      Codes.push_back(C);
    auto Count = [Codes] { return Codes.size(); };
    return Count();
  }

  // No fix-it: declared in an 'if''s init-statement.
  size_t spaces(const std::string &Word) const {
    if (std::vector<char> Marks; !Word.empty()) {
      // CHECK-NOTES: :[[@LINE-1]]:27: warning: 'Marks' is constructed and filled on every call of 'spaces', allocating each time; 'spaces' is const, so kept in a thread_local variable and cleared here, it would keep its capacity between calls on a thread [alloc-per-call-buffer]
      // CHECK-NOTES: :[[@LINE-2]]:27: note: no fix-it: it is declared in the init-statement of an 'if' or a 'switch', where no statement can clear it
      for (char C : Word)
        if (C == ' ')
          Marks.push_back(C);
      return Marks.size();
    }
    return 0;
  }

  // Silent: another object's call of the same function while the buffer is
  // in use would clear it under this one.
  int nested(const std::string &Word) const {
    std::vector<char> Letters;
    for (char C : Word)
      Letters.push_back(C);
    int Inner = Next ? Next->nested(Word.substr(1)) : 0;
    return Inner + static_cast<int>(Letters.size());
  }

  int Base = 0;
  const Scorer *Next = nullptr;
};
