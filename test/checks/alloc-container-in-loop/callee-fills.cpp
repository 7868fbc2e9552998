// A container declared in a loop and handed by non-const reference to a
// function of the unit that only fills or reads it (appends, resize,
// clear, indexing, iteration, or handing it on to such a function) is
// refilled on every iteration as if the loop appended to it: hoisted, it
// keeps its capacity. Anything more in the callee, or a callee whose body
// is not in the unit, keeps it silent. The fixed file is compiled
// (-fsyntax-only: elsewhere() is defined in no unit here).
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t

#include <functional>
#include <string>
#include <utility>
#include <vector>

int consume(const std::vector<std::string> &V);

static void split(const std::string &Text, std::vector<std::string> &Out) {
  std::string Word;
  for (char C : Text) {
    if (C == ' ') {
      Out.push_back(Word);
      Word.clear();
    } else {
      Word += C;
    }
  }
  if (!Word.empty())
    Out.push_back(Word);
}

int countWords(const std::vector<std::string> &Lines) {
  int Count = 0;
  for (const std::string &Line : Lines) {
    std::vector<std::string> Words;
    // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Words' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    split(Line, Words);
    Count += consume(Words);
  }
  // CHECK-FIXES: {{^}}  std::vector<std::string> Words;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (const std::string &Line : Lines) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Words.clear();{{$}}
  return Count;
}

// Recursion: compound() pushes each part it tries and pops it again, and
// calls itself with the same stack; the recursive call adds no use.
static bool compound(const std::string &Word, std::vector<std::string> &Stack) {
  if (Word.size() < 3 || Stack.size() > 4)
    return Word.empty();
  Stack.push_back(Word.substr(0, 3));
  bool Ok = compound(Word.substr(3), Stack);
  Stack.pop_back();
  return Ok;
}

int countCompounds(const std::vector<std::string> &Words) {
  int Count = 0;
  for (const std::string &Word : Words) {
    std::vector<std::string> Stack;
    // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Stack' is constructed and filled on every iteration
    Count += compound(Word, Stack);
  }
  return Count;
}

// Handed on: tokens() passes it to split(), which only fills it.
static void tokens(const std::string &Text, std::vector<std::string> &Out) {
  if (Text.empty())
    return;
  split(Text, Out);
  if (Out.size() > 8)
    Out.resize(8);
}

int countTokens(const std::vector<std::string> &Lines) {
  int Count = 0;
  for (const std::string &Line : Lines) {
    std::vector<std::string> Parts;
    // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Parts' is constructed and filled on every iteration
    tokens(Line, Parts);
    Count += consume(Parts);
  }
  return Count;
}

// Negatives: the callee keeps its address, swaps it, moves from it, asks
// its capacity, is defined elsewhere, is virtual, only reads, or keeps a
// lambda that captures it.
static std::vector<std::string> *Last;
static void remember(std::vector<std::string> &Out) { Last = &Out; }
static void swapIn(std::vector<std::string> &Out) {
  std::vector<std::string> Other(3);
  Out.swap(Other);
}
static std::vector<std::string> Sink;
static void moveOut(std::vector<std::string> &Out) {
  Out.push_back("x");
  Sink = std::move(Out);
}
static void growAware(std::vector<std::string> &Out) {
  if (Out.capacity() < 4)
    Out.push_back("small");
}
void elsewhere(std::vector<std::string> &Out);
static std::function<void()> Later;
static void defer(std::vector<std::string> &Out) {
  Later = [&Out] { Out.push_back("late"); };
}
struct Filler {
  virtual ~Filler() = default;
  virtual void fill(std::vector<std::string> &Out) { Out.push_back("f"); }
};
static int readOnly(std::vector<std::string> &Out) {
  return static_cast<int>(Out.size());
}

int negatives(const std::vector<std::string> &Lines, Filler &F) {
  int Count = 0;
  for (const std::string &Line : Lines) {
    std::vector<std::string> A;
    remember(A);
    A.push_back(Line);
    std::vector<std::string> B;
    swapIn(B);
    B.push_back(Line);
    std::vector<std::string> C;
    moveOut(C);
    std::vector<std::string> D;
    growAware(D);
    std::vector<std::string> E;
    elsewhere(E);
    std::vector<std::string> G;
    F.fill(G);
    std::vector<std::string> H;
    Count += readOnly(H);
    std::vector<std::string> K;
    defer(K);
    K.push_back(Line);
    Count += consume(A) + consume(B) + consume(C) + consume(D) + consume(E) +
             consume(G) + consume(H) + consume(K);
  }
  return Count;
}

int consume(const std::vector<std::string> &V) {
  return static_cast<int>(V.size());
}

int main() {
  std::vector<std::string> Lines = {"a b", "c"};
  Filler F;
  return countWords(Lines) + countTokens(Lines) + negatives(Lines, F) > 0 ? 0
                                                                          : 1;
}
