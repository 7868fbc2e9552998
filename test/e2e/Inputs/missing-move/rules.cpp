// A grammar of character rules combined into trees, as a scanner builds its
// token patterns: each rule holds its children in a std::vector of rules.
// The destructor, declared for symmetry, keeps Rule from moving, so every
// growth of a children vector copies the subtrees already in it.
#include <cstdio>
#include <string>
#include <vector>

class Rule {
public:
  Rule() = default;
  explicit Rule(char C) : First(C), Last(C) {}
  Rule(char F, char L) : First(F), Last(L) {}
  ~Rule() = default;

  friend Rule either(const Rule &A, const Rule &B);
  friend Rule then(const Rule &A, const Rule &B);

  bool matches(const std::string &S, size_t &At) const {
    if (Children.empty()) {
      if (At < S.size() && S[At] >= First && S[At] <= Last) {
        ++At;
        return true;
      }
      return false;
    }
    if (Sequence) {
      size_t Start = At;
      for (const Rule &C : Children)
        if (!C.matches(S, At)) {
          At = Start;
          return false;
        }
      return true;
    }
    for (const Rule &C : Children)
      if (C.matches(S, At))
        return true;
    return false;
  }

private:
  char First = 0, Last = 0;
  bool Sequence = false;
  std::vector<Rule> Children;
};

Rule either(const Rule &A, const Rule &B) {
  Rule R;
  R.Children.push_back(A);
  R.Children.push_back(B);
  return R;
}

Rule then(const Rule &A, const Rule &B) {
  Rule R;
  R.Sequence = true;
  R.Children.push_back(A);
  R.Children.push_back(B);
  return R;
}

int main() {
  Rule Digit('0', '9');
  Rule Letter = either(Rule('a', 'z'), Rule('A', 'Z'));
  Rule Word = either(Letter, Digit);
  Rule Number = Digit;
  for (int I = 0; I < 6; ++I)
    Number = either(then(Digit, Number), Digit);
  Rule Token = either(then(Letter, Word), Number);
  const char *Inputs[] = {"a1", "42", "Z9", "-", "x", "123456"};
  int Matched = 0;
  for (const char *In : Inputs) {
    size_t At = 0;
    Matched += Token.matches(In, At) ? 1 : 0;
    std::printf("%s %zu\n", In, At);
  }
  std::printf("matched %d\n", Matched);
}
