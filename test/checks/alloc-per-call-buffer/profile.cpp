// By default the check reports only buffers that a heapcount profile (the
// global option ProfileFile) measured hot, at their fills or in the
// functions that fill them through a reference. The note gives what the
// buffer allocated and the saving with one object in each process: the
// profile counts processes, not the objects that each keep a member.
// make_profile.py writes the profile for the runner's clean copy of this
// file; a site sits on its "site(NAME)" line. The fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-per-call-buffer %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=decoded:char:1:41x3000,81x1000:Reader::decode --container=decoded=string \
// RUN:     --processes=decoded=2 \
// RUN:     --site=cold:int:4:1x3:Counter::count \
// RUN:     --site=token:char:1:33x500:HeaderParser::token --container=token=string \
// RUN:     --site=order:int:4:1x1000,64x5000:Pass::order --processes=order=1000" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json'}}" -- -std=c++17 -I%S/Inputs
// Without a profile: silent.
// RUN: %check_alloc_tidy -check-suffix=NONE %s alloc-per-call-buffer %t.none -- -- -std=c++17 -I%S/Inputs

#include "parser.h"
#include <string>
#include <vector>

struct Value {
  explicit Value(const std::string &S) : Text(S) {}
  std::string Text;
};

class Reader {
public:
  explicit Reader(const char *Input) : input_(Input) {}
  bool decodeString(int Length) {
    std::string decoded;
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'decoded' is constructed and filled on every call of 'decodeString', allocating each time; kept in a member of 'Reader' and cleared here, it would keep its capacity between calls [alloc-per-call-buffer]
    // CHECK-NOTES: :[[@LINE-2]]:17: note: heapcount's profile: in the profiled run 'decoded' allocated 4,000 times in calls of this function (for 41 to 81 elements, in 2 processes); kept in a member, it grows only past the capacity it reached: with one 'Reader' in each process, that would save about 3,996 allocations (each further object starts empty)
    // CHECK-NOTES: :[[@LINE+19]]:1: note: the member 'decoded_' holds the capacity as long as the 'Reader' lives
    // CHECK-FIXES: {{^}}    std::string &decoded = decoded_;{{$}}
    if (!decode(Length, decoded))
      return false;
    Value V(decoded);
    last_ = V.Text.size();
    return true;
  }

private:
  bool decode(int Length, std::string &Out) {
    Out.reserve(Length); // site(decoded@reserve)
    for (int I = 0; I < Length; ++I)
      Out += input_[I];
    return !Out.empty();
  }

  const char *input_;
  size_t last_ = 0;
};

// Measured, and cold: 3 allocations.
class Counter {
public:
  int count(int N) {
    std::vector<int> Seen;
    for (int I = 0; I < N; ++I)
      Seen.push_back(I); // site(cold@push_back)
    Total += static_cast<int>(Seen.size());
    return Total;
  }

private:
  int Total = 0;
};

// Hot, in a class defined in a header: reported without a fix-it.
size_t HeaderParser::token(int Length) {
  std::string Token;
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Token' is constructed and filled on every call of 'token', allocating each time; kept in a member of 'HeaderParser' and cleared here, it would keep its capacity between calls [alloc-per-call-buffer]
  // CHECK-NOTES: :[[@LINE-2]]:15: note: heapcount's profile: in the profiled run 'Token' allocated 500 times
  // CHECK-NOTES: parser.h:5:7: note: no fix-it: 'HeaderParser' is trivially copyable: other units may copy it byte for byte, which the new member does not allow
  Token.append(Text, Length); // site(token@append)
  return Token.size();
}

// Hot, but a handful of calls in each process (6,000 allocations in 1,000
// processes): as likely one call on each of a handful of objects, each of
// which would start its member empty. Silent below
// MinAllocationsPerProcess (32).
class Pass {
public:
  int order(int States) {
    std::vector<int> Order;
    Order.reserve(States); // site(order@reserve)
    for (int I = 0; I < States; ++I)
      Order.push_back(I);
    Done += static_cast<int>(Order.size());
    return Done;
  }

private:
  int Done = 0;
};

// CHECK-NOTES-NONE-NOT: warning:

int main() {
  Reader R("abcdef");
  Counter C;
  HeaderParser P("abc");
  Pass Q;
  return R.decodeString(3) && C.count(2) == 2 && P.token(2) == 2 &&
                 Q.order(2) == 2
             ? 0
             : 1;
}
