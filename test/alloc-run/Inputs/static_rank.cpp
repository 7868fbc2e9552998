// static-rank.test's unit: findings of four checks whose code says more or
// less about how often it runs, for the rank of a run without a profile.
#include <string>
#include <vector>

void use(const std::vector<int> &Values);
void print(const std::string &Text);

// A loop inside two other loops: per element of an element (80).
void grid(const std::vector<std::vector<std::vector<int>>> &Cube) {
  for (const auto &Plane : Cube)
    for (const auto &Line : Plane) {
      std::vector<int> Cells;
      for (int Value : Line)
        Cells.push_back(Value);
      use(Cells);
    }
}

// A plain loop (50), and the vector the outer loop makes anew (50).
void rows(const std::vector<std::vector<int>> &Table) {
  for (const auto &Row : Table) {
    std::vector<int> Copy;
    for (int Value : Row)
      Copy.push_back(Value);
    use(Copy);
  }
}

// Set-up code: a constructor (20), a function named like one (20).
struct Registry {
  explicit Registry(int Count) {
    for (int I = 0; I < Count; ++I)
      Ids.push_back(I);
  }
  std::vector<int> Ids;
};

std::vector<int> loadDefaults(int Count) {
  std::vector<int> Defaults;
  for (int I = 0; I < Count; ++I)
    Defaults.push_back(I);
  return Defaults;
}

// Temporaries built per call: in a loop of the function (65), outside any
// loop (50).
void emit(int Count) {
  for (int I = 0; I < Count; ++I) {
    print(std::string("a message longer than any inline buffer"));
    use({1, 2, 3});
  }
  std::string Header = "another string longer than the inline buffer";
  print(Header);
}
