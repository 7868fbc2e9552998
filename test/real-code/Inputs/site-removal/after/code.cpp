#include <string>
#include <utility>
#include <vector>
struct Item {
  std::string Name;
};
void add(std::vector<Item> &Items, Item I) {
  Items.push_back(std::move(I));
}
void grow(std::vector<int> &Numbers) {
  Numbers.reserve(Numbers.size() + 100);
  for (int I = 0; I < 100; ++I)
    Numbers.push_back(I);
}
