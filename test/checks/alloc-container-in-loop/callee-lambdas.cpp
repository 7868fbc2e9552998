// A callee that uses the container it takes by reference inside a lambda is
// followed like any other when the closure is done before the callee
// returns: the lambda is a standard algorithm's argument, or a local that
// is only called or handed to algorithms. A closure that can outlive the
// call (kept in a std::function, handed to any other function, returned)
// keeps the container an escape. The fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

int consume(const std::vector<std::string> &V);

// The new word is appended unless the list has it: std::find_if's lambda
// reads the list.
static void addOnce(std::vector<std::string> &Out, const std::string &Word) {
  if (std::find_if(Out.begin(), Out.end(), [&](const std::string &W) {
        return W.size() == Word.size() && W == Word;
      }) == Out.end())
    Out.push_back(Word);
}

int countUnique(const std::vector<std::vector<std::string>> &Lines) {
  int Count = 0;
  for (const std::vector<std::string> &Line : Lines) {
    std::vector<std::string> Seen;
    // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Seen' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    for (const std::string &Word : Line)
      addOnce(Seen, Word);
    Count += consume(Seen);
  }
  // CHECK-FIXES: {{^}}  std::vector<std::string> Seen;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (const std::vector<std::string> &Line : Lines) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Seen.clear();{{$}}
  return Count;
}

// A named closure, called twice; a generic lambda handed to two algorithms.
static void fill(std::vector<std::string> &Out, const std::string &Text) {
  auto Add = [&](const std::string &Part) { Out.push_back(Part); };
  Add(Text);
  Add(Text + "!");
  auto Long = [&Out](const auto &W) { return W.size() > Out.size(); };
  if (std::any_of(Out.begin(), Out.end(), Long) &&
      std::count_if(Out.begin(), Out.end(), Long) > 1)
    Out.pop_back();
}

int countFilled(const std::vector<std::string> &Lines) {
  int Count = 0;
  for (const std::string &Line : Lines) {
    std::vector<std::string> Parts;
    // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Parts' is constructed and filled on every iteration
    fill(Parts, Line);
    Count += consume(Parts);
  }
  return Count;
}

// Closures that outlive the call: silent.
std::function<void()> Later;

static void keepInFunction(std::vector<std::string> &Out) {
  Out.push_back("x");
  Later = [&Out] { Out.clear(); };
}

template <class F> void keep(F Callable) { Callable(); }

static void handToOther(std::vector<std::string> &Out) {
  keep([&] { Out.push_back("y"); });
}

static void keepNamed(std::vector<std::string> &Out) {
  auto Clear = [&] { Out.clear(); };
  Clear();
  Later = Clear;
}

static auto returnClosure(std::vector<std::string> &Out) {
  return [&Out] { Out.push_back("z"); };
}

int silent(const std::vector<std::string> &Lines) {
  int Count = 0;
  for (const std::string &Line : Lines) {
    std::vector<std::string> A;
    keepInFunction(A);
    Count += consume(A);
    std::vector<std::string> B;
    handToOther(B);
    Count += consume(B);
    std::vector<std::string> C;
    keepNamed(C);
    Count += consume(C);
    std::vector<std::string> D;
    returnClosure(D)();
    Count += consume(D) + static_cast<int>(Line.size());
  }
  return Count;
}
