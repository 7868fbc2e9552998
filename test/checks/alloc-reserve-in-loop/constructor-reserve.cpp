// A member that every constructor its author wrote reserves was sized by
// that author (an interpreter's value stack, reserved to its limit): a loop
// in another member function that appends to it is not reported. One
// constructor that does not reserve keeps the finding.
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -- -config="{CheckOptions: {alloc-reserve-in-loop.ReusedBuffers: true}}" -- -std=c++17

#include <string>
#include <vector>

// Silent: the only constructor reserves the stack to its limit.
class Interpreter {
public:
  explicit Interpreter(unsigned Limit) { Values.reserve(Limit); }
  void pushAll(const std::vector<int> &Args) {
    for (unsigned I = 0; I < Args.size(); ++I)
      Values.push_back(Args[I]);
  }

private:
  std::vector<int> Values;
};

// Silent: both constructors reserve, one through the constructor it
// delegates to; the defaulted copy is not the author's code.
class Machine {
public:
  explicit Machine(unsigned Limit) : Name("vm") { this->Values.reserve(Limit); }
  Machine() : Machine(64) {}
  Machine(const Machine &) = default;
  void pushAll(const std::vector<int> &Args) {
    for (unsigned I = 0; I < Args.size(); ++I)
      Values.push_back(Args[I]);
  }

private:
  std::string Name;
  std::vector<int> Values;
};

// Reported: the second constructor leaves the stack unreserved.
class Evaluator {
public:
  explicit Evaluator(unsigned Limit) { Values.reserve(Limit); }
  Evaluator(const std::string &Source) : Text(Source) {}
  void pushAll(const std::vector<int> &Args) {
    for (unsigned I = 0; I < Args.size(); ++I)
      Values.push_back(Args[I]);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'Values' grows up to about log2(N)
  }

private:
  std::string Text;
  std::vector<int> Values;
};

// Reported: no constructor written, none reserves.
struct Stack {
  void pushAll(const std::vector<int> &Args) {
    for (unsigned I = 0; I < Args.size(); ++I)
      Values.push_back(Args[I]);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'Values' grows up to about log2(N)
  }
  std::vector<int> Values;
};

// Silent: reserved on the way to the loop, in the same function.
struct Buffer {
  void fill(const std::vector<int> &Args, bool Big) {
    if (Big)
      Values.reserve(Args.size());
    else
      Values.reserve(8);
    for (unsigned I = 0; I < Args.size(); ++I)
      Values.push_back(Args[I]);
  }
  std::vector<int> Values;
};
