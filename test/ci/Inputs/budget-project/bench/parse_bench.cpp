// The benchmark of the CI example: parses --iterations N lines of 32
// fields. test/ci/heapcount-budget.test changes it at the two marked lines.
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

static std::size_t parseLine(const std::string &Line) {
  std::vector<std::string> Fields;
  // RESERVE
  std::string Field;
  for (char C : Line) {
    if (C == ',') {
      Fields.push_back(Field);
      Field.clear();
    } else {
      Field += C;
    }
  }
  Fields.push_back(Field);
  return Fields.size(); // RESULT
}

int main(int Argc, char **Argv) {
  int Iterations = 10;
  for (int I = 1; I + 1 < Argc; ++I)
    if (std::strcmp(Argv[I], "--iterations") == 0)
      Iterations = std::atoi(Argv[I + 1]);
  std::string Line;
  for (int I = 0; I < 32; ++I)
    Line += (I ? "," : "") + std::string("a-field-longer-than-sso-") +
            std::to_string(I);
  std::size_t Total = 0;
  for (int I = 0; I < Iterations; ++I)
    Total += parseLine(Line);
  return Total == static_cast<std::size_t>(Iterations) * 32 ? 0 : 1;
}
