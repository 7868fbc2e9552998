// A fixture of test/e2e/profile-hoist.test: groups of items, almost every
// group with one item. The digits of each item are collected in a vector
// declared in the inner loop; the inner loop is entered once per group.
#include <cstdio>
#include <cstdlib>
#include <vector>

struct Group {
  std::vector<int> Items;
};

static int digitSum(const std::vector<int> &Digits) {
  int Sum = 0;
  for (int D : Digits)
    Sum += D;
  return Sum;
}

int main(int Argc, char **Argv) {
  int Count = Argc > 1 ? std::atoi(Argv[1]) : 900;
  std::vector<Group> Groups(Count);
  for (int I = 0; I < Count; ++I)
    Groups[I].Items.push_back(I % 9 + 1);
  long Total = 0;
  for (const Group &G : Groups) {
    for (int Item : G.Items) {
      std::vector<int> Digits;
      for (int V = Item; V > 0; V /= 10)
        Digits.push_back(V % 10);
      Total += digitSum(Digits);
    }
  }
  std::printf("%d groups, digit sum %ld\n", Count, Total);
  return 0;
}
