// Rules combined into trees, as a scanner builds its patterns: each operator
// makes a node that keeps copies of its operands.
#include <string>
#include <vector>

class Rule {
public:
  explicit Rule(char C);
  std::string text() const;
  friend Rule either(const Rule &A, const Rule &B);

private:
  char Match;
  std::vector<Rule> Children;
};
