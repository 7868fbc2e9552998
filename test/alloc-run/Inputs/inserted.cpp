#include <algorithm>
#include <iterator>
#include <vector>

// Sites for explain-reach.test that grow a container without naming it or
// without a loop: a template writing through its output iterator for a
// caller that returns the vector; an algorithm appending to a local through
// std::back_inserter; a member assigned a one-element list on every new
// object; a parameter taken by value, grown and returned; a recursive
// search filling the stack its caller returns; a constructor building its
// object's base and a member.

struct Node {
  Node *Left = nullptr, *Right = nullptr;
  int Op = 0;
};

template <class Out> static void flattenInto(Node *N, int Op, Out It) {
  if (!N)
    return;
  if (N->Op == Op) {
    flattenInto(N->Left, Op, It);
    flattenInto(N->Right, Op, It);
  } else {
    *It = N->Op; // site(flatten@=)
    ++It;
  }
}

std::vector<int> flatten(Node *N, int Op) {
  std::vector<int> Result;
  flattenInto(N, Op, std::back_inserter(Result));
  return Result;
}

int countOdd(const std::vector<int> &In) {
  std::vector<int> Odd;
  std::copy_if(In.begin(), In.end(), std::back_inserter(Odd), // site(odd@std::copy_if)
               [](int X) { return X % 2 != 0; });
  return static_cast<int>(Odd.size());
}

struct Interval {
  std::vector<long> Min;
  void setMin(long X) { Min = {X}; } // site(interval@=)
};

Interval fromInt(long X) {
  Interval Result;
  Result.setMin(X);
  return Result;
}

std::vector<int> merge(std::vector<int> X, const std::vector<int> &Y) {
  X.insert(X.end(), Y.begin(), Y.end()); // site(merge@insert)
  return X;
}

static bool extend(int Depth, std::vector<int> &Stack) {
  if (Depth == 0)
    return true;
  Stack.push_back(Depth); // site(stack@push_back)
  if (extend(Depth - 1, Stack))
    return true;
  Stack.pop_back();
  return false;
}

std::vector<int> search(int Depth) {
  std::vector<int> Stack;
  extend(Depth, Stack);
  return Stack;
}

struct Bytes : std::vector<unsigned char> {
  explicit Bytes(const char *S, int N)
      : std::vector<unsigned char>(S, S + N) {} // site(bytes@std::vector)
};

struct Formats {
  std::vector<int> List;
  explicit Formats(int F) : List{F} {} // site(formats@List{)
};
