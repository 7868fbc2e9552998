// A container rebuilt once per command-line argument is not worth hoisting:
// the loop runs a handful of times per run.
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t

#include <string>
#include <vector>

std::vector<std::string> split(const char *Text);
void use(const std::vector<std::string> &Parts);

// Negative: once per argument of main.
int main(int argc, char **argv) {
  for (int I = 1; I < argc; ++I) {
    std::vector<std::string> Parts;
    for (const std::string &P : split(argv[I]))
      Parts.push_back(P);
    use(Parts);
  }
  return 0;
}

// Positive: once per line of a file, which can be long.
void lines(int Count, char **Lines) {
  for (int I = 0; I < Count; ++I) {
    std::vector<std::string> Parts;
    // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Parts' is constructed and filled on every iteration
    for (const std::string &P : split(Lines[I]))
      Parts.push_back(P);
    use(Parts);
  }
}
// CHECK-FIXES: void lines(int Count, char **Lines) {
// CHECK-FIXES-NEXT: {{^}}  std::vector<std::string> Parts;{{$}}
