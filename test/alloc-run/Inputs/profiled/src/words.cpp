#include <map>
#include <memory>
#include <string>
#include <vector>

// Sites for alloc-run --explain (explain.test): each one allocates in the
// profile, and either a finding removes it or a reason says why none does.

// Filled through a reference for a vector that a loop declares: hoisted.
static void split(const std::string &Text, std::vector<std::string> &Out) {
  Out.push_back(Text); // site(split@push_back)
}

int countWords(const std::vector<std::string> &Lines) {
  int Count = 0;
  for (const std::string &Line : Lines) {
    std::vector<std::string> Words;
    split(Line, Words);
    Count += static_cast<int>(Words.size());
  }
  return Count;
}

// alloc-reserve-in-loop's fix-it removes most of it.
std::vector<unsigned> squares(unsigned N) {
  std::vector<unsigned> Out;
  for (unsigned I = 0; I < N; ++I)
    Out.push_back(I * I); // site(squares@push_back)
  return Out;
}

// A node-based container: one allocation per element.
int tally(const std::vector<int> &Keys) {
  std::map<int, int> Counts;
  for (int K : Keys)
    ++Counts[K]; // site(tally@Counts)
  return static_cast<int>(Counts.size());
}

// One object per call: no container's growth.
std::unique_ptr<int> boxed(int V) {
  return std::make_unique<int>(V); // site(boxed@std::make_unique)
}

// A temporary container built for an argument on every call.
int lookup(const std::vector<std::string> &Names, const std::string &Key);
int parseOp(const std::string &Op) {
  return lookup({"add", "sub", "mul"}, Op); // site(temporary@{)
}

// A container copied on every call.
static std::vector<int> History;
void remember(const std::vector<int> &Values) {
  History = Values; // site(copy@=)
}
