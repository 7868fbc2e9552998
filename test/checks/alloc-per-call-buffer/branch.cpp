// A string or vector built on every call for one branch of an 'if' alone
// (an error message, most often) allocates on every call; declared and
// built at the start of that branch, it allocates only when the branch
// runs. As for the check's other findings, a heapcount profile that
// measured the code hot is what reports it by default; the fix-it moves
// the code only when its one effect is the local's value and the condition
// cannot change what it reads. The fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-per-call-buffer %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=index:char:1:40x3000:checkIndex --container=index=string \
// RUN:     --site=codes:int:4:1x500:checkCode \
// RUN:     --site=ok:char:1:30x400:either --container=ok=string \
// RUN:     --site=range:char:1:60x900:checkRange --container=range=string \
// RUN:     --site=describe:char:1:40x700:describeFailure --container=describe=string \
// RUN:     --site=retry:char:1:40x800:retry --container=retry=string \
// RUN:     --site=gap:char:1:40x600:withGap --container=gap=string \
// RUN:     --site=cold:char:1:40x3:coldCheck --container=cold=string \
// RUN:     --site=both:char:1:40x900:bothBranches --container=both=string \
// RUN:     --site=after:char:1:40x900:usedAfter --container=after=string \
// RUN:     --site=before:char:1:40x900:readBefore --container=before=string \
// RUN:     --site=cond:char:1:40x900:readByCondition --container=cond=string \
// RUN:     --site=member:char:1:40x900:Counter::bump --container=member=string \
// RUN:     --site=call:char:1:40x900:callInCondition --container=call=string \
// RUN:     --site=inline:char:1:40x900:oneLine --container=inline=string \
// RUN:     --site=pointer:char:1:40x900:keepsAPointer --container=pointer=string \
// RUN:     --site=empty:char:1:40x900:declaredEmpty --container=empty=string \
// RUN:     --site=harmless:char:1:40x600:harmlessGap --container=harmless=string \
// RUN:     --site=left:char:1:40x700:compare --container=left=string \
// RUN:     --site=right:char:1:40x700:compare --container=right=string \
// RUN:     --site=shadow:char:1:40x500:shadowed --container=shadow=string \
// RUN:     --site=alias:char:1:40x500:aliased --container=alias=string \
// RUN:     --site=short:char:1:40x500:shortLiteral --container=short=string \
// RUN:     --site=getter:char:1:40x500:accessor --container=getter=string \
// RUN:     --site=counted:char:1:40x500:counted --container=counted=string \
// RUN:     --site=loop:char:1:40x900:scan --container=loop=string \
// RUN:     --site=filled:int:4:1x900:filledInLoop" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json'}}" -- -std=c++17
// Without a profile: silent.
// RUN: %check_alloc_tidy -check-suffix=NONE %s alloc-per-call-buffer %t.none -- -- -std=c++17

#include <string>
#include <vector>

void report(const std::string &Message);
void reportCodes(const std::vector<int> &Codes);
void note();
std::string describe(int Code);
bool advance(int &Position);

int checkIndex(int Index, int Size) {
  // CHECK-NOTES: :[[@LINE+2]]:15: warning: 'Message' is built on every call of 'checkIndex', allocating, but only the branch at line [[@LINE+4]] reads it; built inside that branch, it would allocate only when the branch runs [alloc-per-call-buffer]
  // CHECK-NOTES: :[[@LINE+1]]:15: note: heapcount's profile: in the profiled run the code that builds 'Message' allocated 3,000 times; built inside the branch at line [[@LINE+3]], it allocates only when that branch runs: that would save at most 3,000 allocations
  std::string Message = "index " + std::to_string(Index) + " is out of range"; // site(index)
  Message += " of " + std::to_string(Size);
  if (Index < 0 || Index >= Size) {
    report(Message);
    return -1;
  }
  return Index;
}
// CHECK-FIXES: {{^}}  if (Index < 0 || Index >= Size) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    std::string Message = "index " + std::to_string(Index) + " is out of range"; // site(index){{$}}
// CHECK-FIXES-NEXT: {{^}}    Message += " of " + std::to_string(Size);{{$}}
// CHECK-FIXES-NEXT: {{^}}    report(Message);{{$}}
// CHECK-FIXES-NEXT: {{^}}    return -1;{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

// One statement for a branch, an 'else' after it: braces around both.
void checkCode(int Code) {
  // CHECK-NOTES: :[[@LINE+2]]:20: warning: 'Codes' is built on every call of 'checkCode', allocating, but only the branch at line [[@LINE+4]] reads it; built inside that branch, it would allocate only when the branch runs [alloc-per-call-buffer]
  // CHECK-NOTES: :[[@LINE+1]]:20: note: heapcount's profile: in the profiled run the code that builds 'Codes' allocated 500 times; built inside the branch at line [[@LINE+3]], it allocates only when that branch runs: that would save at most 500 allocations
  std::vector<int> Codes;
  Codes.push_back(Code); // site(codes)
  if (Code < 0)
    reportCodes(Codes);
  else
    note();
}
// CHECK-FIXES: {{^}}  if (Code < 0) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    std::vector<int> Codes;{{$}}
// CHECK-FIXES-NEXT: {{^}}    Codes.push_back(Code); // site(codes){{$}}
// CHECK-FIXES-NEXT: {{^}}    reportCodes(Codes);{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}
// CHECK-FIXES-NEXT: {{^}}  else{{$}}

// Read by the 'else' branch: it moves there.
int either(bool Good) {
  std::string Message = "the request was refused"; // site(ok)
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Message' is built on every call of 'either', allocating, but only the branch at line [[@LINE+2]] reads it; built inside that branch, it would allocate only when the branch runs [alloc-per-call-buffer]
  // CHECK-NOTES: :[[@LINE-2]]:15: note: heapcount's profile: in the profiled run the code that builds 'Message' allocated 400 times; built inside the branch at line [[@LINE+1]], it allocates only when that branch runs: that would save at most 400 allocations
  if (Good) {
    note();
    return 0;
  } else {
    report(Message);
  }
  return 1;
}
// CHECK-FIXES: {{^}}  } else {{{$}}
// CHECK-FIXES-NEXT: {{^}}    std::string Message = "the request was refused"; // site(ok){{$}}

// Built by an 'if' of its own, whose condition only reads.
void checkRange(int Index, const std::vector<int> &Values) {
  // CHECK-NOTES: :[[@LINE+2]]:15: warning: 'Message' is built on every call of 'checkRange', allocating, but only the branch at line [[@LINE+7]] reads it; built inside that branch, it would allocate only when the branch runs [alloc-per-call-buffer]
  // CHECK-NOTES: :[[@LINE+1]]:15: note: heapcount's profile: in the profiled run the code that builds 'Message' allocated 900 times; built inside the branch at line [[@LINE+6]], it allocates only when that branch runs: that would save at most 900 allocations
  std::string Message = "index " + std::to_string(Index) + ", "; // site(range)
  if (!Values.empty())
    Message += "the last is " + std::to_string(Values.size() - 1);
  else
    Message += "but there is none";
  if (Index < 0 || static_cast<size_t>(Index) >= Values.size())
    report(Message);
}
// CHECK-FIXES: {{^}}  if (Index < 0 || static_cast<size_t>(Index) >= Values.size()) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    std::string Message = "index " + std::to_string(Index) + ", "; // site(range){{$}}
// CHECK-FIXES:      {{^}}      Message += "but there is none";{{$}}
// CHECK-FIXES-NEXT: {{^}}    report(Message);{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

// The code that builds it calls a function the unit cannot see into: the
// call would run only with the branch.
void describeFailure(int Code) {
  std::string Message = "failed: "; // site(describe)
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Message' is built on every call of 'describeFailure', allocating, but only the branch at line [[@LINE+3]] reads it; built inside that branch, it would allocate only when the branch runs [alloc-per-call-buffer]
  // CHECK-NOTES: :[[@LINE-2]]:15: note: heapcount's profile: in the profiled run the code that builds 'Message' allocated 700 times; built inside the branch at line [[@LINE+2]], it allocates only when that branch runs: that would save at most 700 allocations
  Message += describe(Code);
  if (Code != 0)
    report(Message);
  // CHECK-NOTES: :[[@LINE-2]]:3: note: no fix-it: the code that builds it may do more: it calls 'describe'
}
// CHECK-FIXES: {{^}}  std::string Message = "failed: "; // site(describe){{$}}

// The condition changes what the message reads.
void retry(int Attempts) {
  std::string Message = "giving up after " + std::to_string(Attempts); // site(retry)
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Message' is built on every call of 'retry', allocating, but only the branch at line [[@LINE+3]] reads it; built inside that branch, it would allocate only when the branch runs [alloc-per-call-buffer]
  // CHECK-NOTES: :[[@LINE-2]]:15: note: heapcount's profile: in the profiled run the code that builds 'Message' allocated 800 times; built inside the branch at line [[@LINE+2]], it allocates only when that branch runs: that would save at most 800 allocations
  // CHECK-NOTES: :[[@LINE+1]]:3: note: no fix-it: the condition can change what the code that builds it reads
  if (!advance(Attempts))
    report(Message);
}
// CHECK-FIXES: {{^}}  std::string Message = "giving up after " + std::to_string(Attempts); // site(retry){{$}}

// A statement between that changes what it reads: moved, the code would
// read the new value.
void withGap(int Code) {
  std::string Message = "code " + std::to_string(Code) + " is not known"; // site(gap)
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Message' is built on every call of 'withGap', allocating, but only the branch at line [[@LINE+3]] reads it; built inside that branch, it would allocate only when the branch runs [alloc-per-call-buffer]
  // CHECK-NOTES: :[[@LINE-2]]:15: note: heapcount's profile: in the profiled run the code that builds 'Message' allocated 600 times; built inside the branch at line [[@LINE+2]], it allocates only when that branch runs: that would save at most 600 allocations
  ++Code;
  if (Code > 10)
    report(Message);
  // CHECK-NOTES: :[[@LINE-2]]:3: note: no fix-it: a statement between the code that builds it and the 'if' can change what that code reads
}
// CHECK-FIXES: {{^}}  std::string Message = "code " + std::to_string(Code) + " is not known"; // site(gap){{$}}

// A statement between that does not touch what it reads: the code moves
// past it.
void harmlessGap(int Code, int &Count) {
  // CHECK-NOTES: :[[@LINE+2]]:15: warning: 'Message' is built on every call of 'harmlessGap', allocating, but only the branch at line [[@LINE+4]] reads it; built inside that branch, it would allocate only when the branch runs [alloc-per-call-buffer]
  // CHECK-NOTES: :[[@LINE+1]]:15: note: heapcount's profile: in the profiled run the code that builds 'Message' allocated 600 times; built inside the branch at line [[@LINE+3]], it allocates only when that branch runs: that would save at most 600 allocations
  std::string Message = "code " + std::to_string(Code) + " is not known"; // site(harmless)
  ++Count;
  if (Code > 10)
    report(Message);
}
// CHECK-FIXES: {{^}}  ++Count;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (Code > 10) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    std::string Message = "code " + std::to_string(Code) + " is not known"; // site(harmless){{$}}
// CHECK-FIXES-NEXT: {{^}}    report(Message);{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

// Two locals for the same branch: each moves past the other.
void compare(const std::string &Name, bool Deprecated) {
  // CHECK-NOTES: :[[@LINE+4]]:21: warning: 'Left' is built on every call of 'compare', allocating, but only the branch at line [[@LINE+6]] reads it; built inside that branch, it would allocate only when the branch runs [alloc-per-call-buffer]
  // CHECK-NOTES: :[[@LINE+3]]:21: note: heapcount's profile: in the profiled run the code that builds 'Left' allocated 700 times; built inside the branch at line [[@LINE+5]], it allocates only when that branch runs: that would save at most 700 allocations
  // CHECK-NOTES: :[[@LINE+3]]:21: warning: 'Right' is built on every call of 'compare', allocating, but only the branch at line [[@LINE+4]] reads it; built inside that branch, it would allocate only when the branch runs [alloc-per-call-buffer]
  // CHECK-NOTES: :[[@LINE+2]]:21: note: heapcount's profile: in the profiled run the code that builds 'Right' allocated 700 times; built inside the branch at line [[@LINE+3]], it allocates only when that branch runs: that would save at most 700 allocations
  const std::string Left = "lhs." + Name; // site(left)
  const std::string Right = "rhs." + Name; // site(right)
  if (!Deprecated) {
    report(Left + " < " + Right);
  }
}
// CHECK-FIXES: {{^}}  if (!Deprecated) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    const std::string Left = "lhs." + Name; // site(left){{$}}
// CHECK-FIXES-NEXT: {{^}}    const std::string Right = "rhs." + Name; // site(right){{$}}
// CHECK-FIXES-NEXT: {{^}}    report(Left + " < " + Right);{{$}}

// A declaration between takes a name the code reads: moved, the code would
// read the other variable.
const int Limit = 3;
void shadowed(int Code) {
  std::string Message = "limit " + std::to_string(Limit); // site(shadow)
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Message' is built on every call of 'shadowed', allocating, but only the branch at line [[@LINE+3]] reads it; built inside that branch, it would allocate only when the branch runs [alloc-per-call-buffer]
  // CHECK-NOTES: :[[@LINE-2]]:15: note: heapcount's profile: in the profiled run the code that builds 'Message' allocated 500 times; built inside the branch at line [[@LINE+2]], it allocates only when that branch runs: that would save at most 500 allocations
  int Limit = Code * 2;
  if (Code > Limit)
    report(Message);
  // CHECK-NOTES: :[[@LINE-2]]:3: note: no fix-it: a declaration between the code that builds it and the 'if' takes the name 'Limit', which that code uses
}
// CHECK-FIXES: {{^}}  std::string Message = "limit " + std::to_string(Limit); // site(shadow){{$}}

// A call between can change what it reads through a pointer taken
// before: warned, and left in place.
void touch(int *Value);
void aliased(int Code) {
  int *Alias = &Code;
  std::string Message = "code " + std::to_string(Code); // site(alias)
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Message' is built on every call of 'aliased', allocating, but only the branch at line [[@LINE+3]] reads it; built inside that branch, it would allocate only when the branch runs [alloc-per-call-buffer]
  // CHECK-NOTES: :[[@LINE-2]]:15: note: heapcount's profile: in the profiled run the code that builds 'Message' allocated 500 times; built inside the branch at line [[@LINE+2]], it allocates only when that branch runs: that would save at most 500 allocations
  touch(Alias);
  if (Code > 10)
    report(Message);
  // CHECK-NOTES: :[[@LINE-2]]:3: note: no fix-it: the code reads a local that another name can change, and a call before the branch could
}
// CHECK-FIXES: {{^}}  std::string Message = "code " + std::to_string(Code); // site(alias){{$}}

// A getter of the unit that only returns a member is read like the member.
struct Field {
  const std::string &name() const { return Name; }
  std::string Name;
  bool Deprecated = false;
};
void accessor(const Field &F) {
  // CHECK-NOTES: :[[@LINE+2]]:21: warning: 'Accessor' is built on every call of 'accessor', allocating, but only the branch at line [[@LINE+3]] reads it; built inside that branch, it would allocate only when the branch runs [alloc-per-call-buffer]
  // CHECK-NOTES: :[[@LINE+1]]:21: note: heapcount's profile: in the profiled run the code that builds 'Accessor' allocated 500 times; built inside the branch at line [[@LINE+2]], it allocates only when that branch runs: that would save at most 500 allocations
  const std::string Accessor = "lhs." + F.name(); // site(getter)
  if (!F.Deprecated)
    report(Accessor);
}
// CHECK-FIXES: {{^}}  if (!F.Deprecated) {{{$}}
// CHECK-FIXES-NEXT: {{^}}    const std::string Accessor = "lhs." + F.name(); // site(getter){{$}}
// CHECK-FIXES-NEXT: {{^}}    report(Accessor);{{$}}
// CHECK-FIXES-NEXT: {{^}}  }{{$}}

// A getter that does more than return: left in place.
struct Counted {
  std::string name() const {
    ++Calls;
    return Name;
  }
  mutable int Calls = 0;
  std::string Name;
};
void counted(const Counted &C, int Code) {
  std::string Message = "name " + C.name(); // site(counted)
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Message' is built on every call of 'counted', allocating, but only the branch at line [[@LINE+3]] reads it; built inside that branch, it would allocate only when the branch runs [alloc-per-call-buffer]
  // CHECK-NOTES: :[[@LINE-2]]:15: note: heapcount's profile: in the profiled run the code that builds 'Message' allocated 500 times; built inside the branch at line [[@LINE+2]], it allocates only when that branch runs: that would save at most 500 allocations
  // CHECK-NOTES: :[[@LINE+1]]:3: note: no fix-it: its initializer may do more than build it: it calls 'Counted::name'
  if (Code > 10)
    report(Message);
}
// CHECK-FIXES: {{^}}  std::string Message = "name " + C.name(); // site(counted){{$}}

// In a loop: built on every iteration.
void scan(const std::vector<int> &Codes) {
  for (int Code : Codes) {
    // CHECK-NOTES: :[[@LINE+2]]:17: warning: 'Message' is built on every iteration, allocating, but only the branch at line [[@LINE+3]] reads it; built inside that branch, it would allocate only when the branch runs [alloc-per-call-buffer]
    // CHECK-NOTES: :[[@LINE+1]]:17: note: heapcount's profile: in the profiled run the code that builds 'Message' allocated 900 times; built inside the branch at line [[@LINE+2]], it allocates only when that branch runs: that would save at most 900 allocations
    std::string Message = "code " + std::to_string(Code) + " is not known"; // site(loop)
    if (Code > 10)
      report(Message);
  }
}
// CHECK-FIXES: {{^}}    if (Code > 10) {{{$}}
// CHECK-FIXES-NEXT: {{^}}      std::string Message = "code " + std::to_string(Code) + " is not known"; // site(loop){{$}}
// CHECK-FIXES-NEXT: {{^}}      report(Message);{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}

// A pointer into it outlives the branch: warned, and left in place.
int show(const char *Text);
int keepsAPointer(int Code) {
  const char *Shown = "none";
  std::string Text = "code " + std::to_string(Code) + " is not known"; // site(pointer)
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Text' is built on every call of 'keepsAPointer', allocating, but only the branch at line [[@LINE+3]] reads it; built inside that branch, it would allocate only when the branch runs [alloc-per-call-buffer]
  // CHECK-NOTES: :[[@LINE-2]]:15: note: heapcount's profile: in the profiled run the code that builds 'Text' allocated 900 times; built inside the branch at line [[@LINE+2]], it allocates only when that branch runs: that would save at most 900 allocations
  // CHECK-NOTES: :[[@LINE+1]]:3: note: no fix-it: the branch keeps a pointer, a reference or a view of it that could outlive the branch
  if (Code > 10)
    Shown = Text.c_str();
  return show(Shown);
}
// CHECK-FIXES: {{^}}  std::string Text = "code " + std::to_string(Code) + " is not known"; // site(pointer){{$}}

// What it must not report.

// Declared empty and filled in the branch: nothing is allocated before it
// (the profile's count at the declaration notwithstanding).
void declaredEmpty(int Code) {
  std::string Text; // site(empty)
  if (Code > 10) {
    Text = "code " + std::to_string(Code);
    report(Text);
  }
}

// The profile measured it cold.
void coldCheck(int Code) {
  std::string Message = "code " + std::to_string(Code) + " is not known"; // site(cold)
  if (Code > 10)
    report(Message);
}

// Initialized from a short literal and first changed in the branch: the
// literal stays in the inline buffer.
void shortLiteral(int Code) {
  std::string Text = "none"; // site(short)
  if (Code > 10) {
    Text += std::to_string(Code);
    report(Text);
  }
}

// A container declared empty and filled in a loop is
// alloc-container-in-loop's to hoist.
void filledInLoop(const std::vector<int> &Codes) {
  for (int Code : Codes) {
    std::vector<int> Seen;
    Seen.push_back(Code); // site(filled)
    if (Code > 10)
      reportCodes(Seen);
  }
}

// Both branches read it.
void bothBranches(int Code) {
  std::string Message = "code " + std::to_string(Code) + " is not known"; // site(both)
  if (Code > 10)
    report(Message);
  else
    report(Message + "!");
}

// Used after the 'if'.
void usedAfter(int Code) {
  std::string Message = "code " + std::to_string(Code) + " is not known"; // site(after)
  if (Code > 10)
    report(Message);
  report(Message);
}

// Read before the 'if'.
void readBefore(int Code) {
  std::string Message = "code " + std::to_string(Code) + " is not known"; // site(before)
  report(Message);
  if (Code > 10)
    report(Message);
}

// Read by the condition.
void readByCondition(int Code) {
  std::string Message = "code " + std::to_string(Code) + " is not known"; // site(cond)
  if (Message.size() > 30)
    report(Message);
}

// Built from a member that the condition's call may change: warned, and
// left in place.
class Counter {
public:
  void bump() {
    std::string Message = "count " + std::to_string(Count); // site(member)
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'Message' is built on every call of 'bump', allocating, but only the branch at line [[@LINE+3]] reads it; built inside that branch, it would allocate only when the branch runs [alloc-per-call-buffer]
    // CHECK-NOTES: :[[@LINE-2]]:17: note: heapcount's profile: in the profiled run the code that builds 'Message' allocated 900 times; built inside the branch at line [[@LINE+2]], it allocates only when that branch runs: that would save at most 900 allocations
    // CHECK-NOTES: :[[@LINE+1]]:5: note: no fix-it: the condition can change what the code that builds it reads
    if (grow())
      report(Message);
  }

private:
  bool grow() { return ++Count > 100; }
  int Count = 0;
};
// CHECK-FIXES: {{^}}    std::string Message = "count " + std::to_string(Count); // site(member){{$}}

// A lambda that holds the index by reference is called by the condition.
void callInCondition(int Index) {
  auto Step = [&Index] { return ++Index > 3; };
  std::string Message = "at " + std::to_string(Index); // site(call)
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Message' is built on every call of 'callInCondition', allocating, but only the branch at line [[@LINE+3]] reads it; built inside that branch, it would allocate only when the branch runs [alloc-per-call-buffer]
  // CHECK-NOTES: :[[@LINE-2]]:15: note: heapcount's profile: in the profiled run the code that builds 'Message' allocated 900 times; built inside the branch at line [[@LINE+2]], it allocates only when that branch runs: that would save at most 900 allocations
  // CHECK-NOTES: :[[@LINE+1]]:3: note: no fix-it: the condition can change what the code that builds it reads
  if (Step())
    report(Message);
}
// CHECK-FIXES: {{^}}  std::string Message = "at " + std::to_string(Index); // site(call){{$}}

// The 'if' on the declaration's line: the profile cannot tell the branch's
// allocations from the code's.
void oneLine(int Code) {
  std::string Message = "code " + std::to_string(Code); if (Code > 10) report(Message); // site(inline)
}
