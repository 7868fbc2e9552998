// profile-stack.test: two std::stacks over the default deque, one as deep as
// its text's nesting (3,000 elements, ten calls), one mostly empty (200
// calls).
#include <cstdio>
#include <stack>
#include <string>

// As deep as the nesting of its text: thousands of elements.
int deepest(const std::string &Text) {
  std::stack<int> Open;
  int Max = 0;
  for (unsigned I = 0; I < Text.size(); ++I) {
    if (Text[I] == '(')
      Open.push(static_cast<int>(I));
    else if (Text[I] == ')' && !Open.empty())
      Open.pop();
    if (static_cast<int>(Open.size()) > Max)
      Max = static_cast<int>(Open.size());
  }
  return Max;
}

// One per word, mostly empty.
int unbalanced(const std::string &Word) {
  std::stack<char> Quotes;
  for (char C : Word) {
    if (C != '"')
      continue;
    if (!Quotes.empty())
      Quotes.pop();
    else
      Quotes.push(C);
  }
  return static_cast<int>(Quotes.size());
}

int main() {
  std::string Deep(3000, '(');
  int Total = 0;
  for (int I = 0; I < 10; ++I)
    Total += deepest(Deep);
  for (int I = 0; I < 200; ++I)
    Total += unbalanced(I % 2 ? "word" : "\"quoted\"");
  std::printf("%d\n", Total);
}
