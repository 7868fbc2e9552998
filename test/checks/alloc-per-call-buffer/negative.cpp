// Buffers a member must not hold: a second call on the same object could
// start while one uses it, the buffer leaves the call, the function runs
// once per object or may not change it, or its class is not the unit's to
// change. WithoutProfile is on, so only these rules keep the check silent;
// ThreadLocal is off, so a const member function has no way to keep one
// (thread-local.cpp has the const ones).
// RUN: %check_alloc_tidy %s alloc-per-call-buffer %t -- \
// RUN:   -config="{CheckOptions: {alloc-per-call-buffer.WithoutProfile: true, alloc-per-call-buffer.ThreadLocal: false}}" -- -std=c++17 -I%S/Inputs

#include "parser.h"
#include <functional>
#include <string>
#include <utility>
#include <vector>

void consume(const std::vector<int> &V);

// Recursion through another member: the inner call would clear the outer
// call's buffer.
class Tree {
public:
  int walk(int Depth) {
    std::vector<int> Path;
    for (int I = 0; I < Depth; ++I)
      Path.push_back(I);
    int Sum = Depth > 0 ? visit(Depth - 1) : 0;
    consume(Path);
    return Sum;
  }

private:
  int visit(int Depth) { return walk(Depth); }
  int Nodes = 0;
};

// A virtual call on the object: an override may call back.
class Visitor {
public:
  virtual ~Visitor() = default;
  virtual void enter(int) {}
  void run(int N) {
    std::vector<int> Seen;
    for (int I = 0; I < N; ++I) {
      Seen.push_back(I);
      enter(I);
    }
    consume(Seen);
  }

private:
  int Calls = 0;
};

// A callback the object holds may call the function again.
class Emitter {
public:
  void emit(int N) {
    std::vector<int> Events;
    for (int I = 0; I < N; ++I)
      Events.push_back(I);
    OnEvent(N);
    consume(Events);
  }

private:
  std::function<void(int)> OnEvent;
};

// The object handed to a function of another unit.
class Session;
void notify(Session &S);
class Session {
public:
  void step(int N) {
    std::vector<int> Pending;
    for (int I = 0; I < N; ++I)
      Pending.push_back(I);
    notify(*this);
    consume(Pending);
  }

private:
  int Steps = 0;
};

// A variable of static storage can hold the object: any function could
// reach it.
class Registry {
public:
  void add(int N) {
    std::vector<int> Keys;
    for (int I = 0; I < N; ++I)
      Keys.push_back(I);
    consume(Keys);
  }

private:
  int Size = 0;
};
Registry *TheRegistry = nullptr;

// The buffer leaves the call.
class Builder {
public:
  std::vector<int> build(int N) {
    std::vector<int> Out;
    for (int I = 0; I < N; ++I)
      Out.push_back(I);
    return Out;
  }
  void store(int N) {
    std::vector<int> Out;
    for (int I = 0; I < N; ++I)
      Out.push_back(I);
    Kept = std::move(Out);
  }
  void trade(int N) {
    std::vector<int> Out;
    for (int I = 0; I < N; ++I)
      Out.push_back(I);
    Kept.swap(Out);
  }

private:
  std::vector<int> Kept;
};

// Functions that run once per object, may not change it, or have none.
class Table {
public:
  explicit Table(int N) {
    std::vector<int> Rows;
    for (int I = 0; I < N; ++I)
      Rows.push_back(I);
    Count = static_cast<int>(Rows.size());
  }
  int sum(int N) const {
    std::vector<int> Rows;
    for (int I = 0; I < N; ++I)
      Rows.push_back(I);
    return static_cast<int>(Rows.size()) + Count;
  }
  static int total(int N) {
    std::vector<int> Rows;
    for (int I = 0; I < N; ++I)
      Rows.push_back(I);
    return static_cast<int>(Rows.size());
  }

private:
  int Count = 0;
};

// Declared in a loop: alloc-container-in-loop hoists it out of the loop.
class Lines {
public:
  void split(int N) {
    for (int I = 0; I < N; ++I) {
      std::string Line;
      Line.append(40, 'x');
      Total += Line.size();
    }
  }

private:
  size_t Total = 0;
};

// A lambda keeps a reference to it.
class Deferred {
public:
  void queue(int N) {
    std::vector<int> Items;
    for (int I = 0; I < N; ++I)
      Items.push_back(I);
    auto Later = [&Items] { consume(Items); };
    Later();
  }

private:
  int Queued = 0;
};

// A free function has no object to keep it in.
int freeFunction(int N) {
  std::vector<int> Rows;
  for (int I = 0; I < N; ++I)
    Rows.push_back(I);
  return static_cast<int>(Rows.size());
}
