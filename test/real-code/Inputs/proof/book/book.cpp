// A book of rules read from a file, one rule made for each number and added
// through a const reference. Rule's defaulted destructor suppresses its
// moves, so taking add()'s parameter by value would not help until the
// first round of fix-its removes the destructor: the second round's
// alloc-copied-parameter finding needs it.
#include <cstdio>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

class Rule {
public:
  Rule(std::string N, std::vector<int> C)
      : Name(std::move(N)), Codes(std::move(C)) {}
  ~Rule() = default;
  const std::string &name() const { return Name; }
  size_t codes() const { return Codes.size(); }

private:
  std::string Name;
  std::vector<int> Codes;
};

class Book {
public:
  void add(const Rule &R) { Rules.push_back(R); }
  size_t size() const { return Rules.size(); }
  size_t characters() const {
    size_t Sum = 0;
    for (const Rule &R : Rules)
      Sum += R.codes() + R.name().size();
    return Sum;
  }

private:
  std::vector<Rule> Rules;
};

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  std::ifstream In(argv[1]);
  Book B;
  int N;
  while (In >> N)
    B.add(Rule("the rule made for number " + std::to_string(N),
               std::vector<int>(N % 4 + 1, N)));
  std::printf("%zu rules, %zu codes and characters\n", B.size(),
              B.characters());
  return 0;
}
