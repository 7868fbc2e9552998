// The style that marks an output at the call, "split(Line, &Words)": a
// container declared in a loop whose address is handed to a function of the
// unit that only fills or reads it through the pointer (appends, resize,
// clear, indexing, a null test, handing the pointer or "*Out" on to such a
// function) is refilled on every iteration as if the loop appended to it.
// A callee that keeps, reassigns, offsets, compares or returns the pointer,
// or whose body is not in the unit, keeps it silent. The fixed file is
// compiled (-fsyntax-only: elsewhere() is defined in no unit here).
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t

#include <string>
#include <vector>

int consume(const std::vector<std::string> &V);

static void split(const std::string &Text, std::vector<std::string> *Out) {
  if (Out == nullptr)
    return;
  std::string Word;
  for (char C : Text) {
    if (C == ' ') {
      Out->push_back(Word);
      Word.clear();
    } else {
      Word += C;
    }
  }
  if (!Word.empty())
    (*Out).push_back(Word);
}

int countWords(const std::vector<std::string> &Lines) {
  int Count = 0;
  for (const std::string &Line : Lines) {
    std::vector<std::string> Words;
    // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Words' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    split(Line, &Words);
    Count += consume(Words);
  }
  // CHECK-FIXES: {{^}}  std::vector<std::string> Words;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (const std::string &Line : Lines) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Words.clear();{{$}}
  return Count;
}

// Handed on: the pointer itself to another such function, "*Out" by
// reference to a third, and the pointer to one that only reads through a
// pointer to const; the decoder asserts that it got a buffer.
static int total(const std::vector<int> *In) {
  int Sum = 0;
  for (int V : *In)
    Sum += V;
  return Sum;
}

static void widen(std::vector<int> &Out, int N) { Out.resize(Out.size() + N); }

static void decode(const std::string &Text, std::vector<int> *Out) {
  if (!Out)
    return;
  for (char C : Text)
    Out->push_back(C - '0');
  widen(*Out, 2);
  (void)total(Out);
}

static void decodeAll(const std::string &Text, std::vector<int> *Out) {
  Out->clear();
  decode(Text, Out);
}

int sumAll(const std::vector<std::string> &Texts) {
  int Sum = 0;
  for (const std::string &Text : Texts) {
    std::vector<int> Values;
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'Values' is constructed and filled on every iteration
    decodeAll(Text, &Values);
    Sum += total(&Values);
  }
  // CHECK-FIXES: {{^}}  std::vector<int> Values;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (const std::string &Text : Texts) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Values.clear();{{$}}
  return Sum;
}

// A member function that takes the output by pointer.
struct Tokenizer {
  char Separator = ',';
  void tokens(const std::string &Line, std::vector<std::string> *Out) const {
    std::string Token;
    for (char C : Line) {
      if (C == Separator) {
        Out->push_back(Token);
        Token.clear();
      } else {
        Token.push_back(C);
      }
    }
    Out->push_back(Token);
  }
};

int countTokens(const Tokenizer &T, const std::vector<std::string> &Lines) {
  int Count = 0;
  for (const std::string &Line : Lines) {
    std::vector<std::string> Tokens;
    // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Tokens' is constructed and filled on every iteration
    T.tokens(Line, &Tokens);
    Count += consume(Tokens);
  }
  return Count;
}

// Negatives.

// The callee keeps the pointer: after hoisting, every iteration's
// container would be the one it keeps.
static std::vector<std::string> *LastOut;
static void keep(const std::string &Text, std::vector<std::string> *Out) {
  Out->push_back(Text);
  LastOut = Out;
}

// The callee points the parameter elsewhere before appending.
static void reassigns(const std::string &Text, std::vector<std::string> *Out) {
  static std::vector<std::string> Spare;
  if (Out->size() > 4)
    Out = &Spare;
  Out->push_back(Text);
}

// The callee indexes the pointer as an array, or compares it with another.
static void offsets(const std::string &Text, std::vector<std::string> *Out) {
  Out[0].push_back(Text);
}
static void compares(std::vector<std::string> *Out,
                     std::vector<std::string> *Other) {
  if (Out != Other)
    Out->push_back("x");
}

// The callee returns the pointer it was given.
static std::vector<std::string> *returns(std::vector<std::string> *Out) {
  Out->push_back("x");
  return Out;
}

// The callee moves the contents out through the pointer.
static std::vector<std::string> Taken;
static void takes(std::vector<std::string> *Out) {
  Out->push_back("x");
  Taken = std::move(*Out);
}

// The callee asks for the capacity.
static int capacityOf(std::vector<std::string> *Out) {
  Out->push_back("x");
  return static_cast<int>(Out->capacity());
}

void elsewhere(std::vector<std::string> *Out);

// A pointer to void, or a pointer kept by the caller.
static void opaque(void *Out) { (void)Out; }

int negatives(const std::vector<std::string> &Lines) {
  int Count = 0;
  for (const std::string &Line : Lines) {
    std::vector<std::string> Kept;
    keep(Line, &Kept);
    std::vector<std::string> Reassigned;
    reassigns(Line, &Reassigned);
    std::vector<std::string> Offset;
    offsets(Line, &Offset);
    std::vector<std::string> Compared, Other;
    compares(&Compared, &Other);
    std::vector<std::string> Returned;
    Count += static_cast<int>(returns(&Returned)->size());
    std::vector<std::string> Moved;
    takes(&Moved);
    std::vector<std::string> Measured;
    Count += capacityOf(&Measured);
    std::vector<std::string> Unseen;
    elsewhere(&Unseen);
    std::vector<std::string> Erased;
    Erased.push_back(Line);
    opaque(&Erased);
    std::vector<std::string> Pointed;
    std::vector<std::string> *P = &Pointed;
    P->push_back(Line);
    Count += consume(Kept) + consume(Reassigned) + consume(Offset) +
             consume(Compared) + consume(Moved) + consume(Unseen) +
             consume(Erased) + consume(Pointed);
  }
  return Count;
}
