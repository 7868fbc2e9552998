#include "rules.h"

Rule::Rule(char C) : Match(C), Children{} {}

std::string Rule::text() const {
  if (Children.empty())
    return std::string(1, Match);
  std::string Out = "(";
  for (const Rule &Child : Children)
    Out += Child.text() + Match;
  Out.back() = ')';
  return Out;
}

Rule either(const Rule &A, const Rule &B) {
  Rule Ret('|');
  Ret.Children.reserve(2);
  Ret.Children.push_back(A);
  Ret.Children.push_back(B);
  return Ret;
}
