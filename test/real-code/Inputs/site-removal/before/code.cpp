#include <string>
#include <vector>
struct Item {
  std::string Name;
  ~Item() = default;
};
void add(std::vector<Item> &Items, const Item &I) {
  Items.push_back(I);
}
void grow(std::vector<int> &Numbers) {
  for (int I = 0; I < 100; ++I)
    Numbers.push_back(I);
}
