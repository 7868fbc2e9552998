#include <deque>

#include "shapes.h"

int main() {
  std::deque<int> Values;
  for (int I = 0; I < TINY_COUNT; ++I)
    Values.push_back(I);
  int Sum = 0;
  while (!Values.empty()) {
    Sum += Values.back();
    Values.pop_back();
  }
  return (Sum + area(1) + static_cast<int>(squares(4).size())) % 2;
}

int Recent::last() const { return History.back(); }
