// A range-for over a getter called on the implicit 'this' inside a member
// function (for (auto &S : selections())) is a sized range, as
// Other.selections() is; so is a getter's non-const overload when a const
// one with the same parameters exists (an accessor pair).
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -- -- -std=c++17

#include <vector>

struct Selection {
  int Start, End;
};

class Editor {
public:
  const std::vector<Selection> &selections() const { return Selections; }
  std::vector<Selection> &selections() { return Selections; }
  std::vector<Selection> &mutableOnly() { return Selections; }

  std::vector<int> starts() const {
    std::vector<int> Out;
    for (const Selection &S : selections())
      Out.push_back(S.Start);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'Out' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
    // CHECK-FIXES: {{^}}    Out.reserve(selections().size());{{$}}
    return Out;
  }

  // Non-const member function: selections() picks the non-const overload.
  std::vector<int> ends() {
    std::vector<int> Out;
    for (const Selection &S : selections())
      Out.push_back(S.End);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'Out' grows about log2(N) times
    // CHECK-FIXES: {{^}}    Out.reserve(selections().size());{{$}}
    return Out;
  }

  // The non-const overload on another object.
  static std::vector<int> startsOf(Editor &Other) {
    std::vector<int> Out;
    for (const Selection &S : Other.selections())
      Out.push_back(S.Start);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'Out' grows about log2(N) times
    // CHECK-FIXES: {{^}}    Out.reserve(Other.selections().size());{{$}}
    return Out;
  }

  // Silent: the loop changes a member of 'this', so the getter's range may
  // change as it runs.
  std::vector<int> touching() {
    std::vector<int> Out;
    for (const Selection &S : selections()) {
      Out.push_back(S.Start);
      ++Visits;
    }
    return Out;
  }

  // Silent: a non-const getter without a const twin may change what it
  // returns.
  std::vector<int> viaMutable() {
    std::vector<int> Out;
    for (const Selection &S : mutableOnly())
      Out.push_back(S.Start);
    return Out;
  }

private:
  std::vector<Selection> Selections;
  int Visits = 0;
};
