// A fixture of test/e2e/profile-hoist-processes.test: reads a file of lines
// as ninja's ParseMountInfo reads /proc/self/mountinfo, once per process,
// each line into a string declared in the loop. mountinfo.txt has the line
// lengths of ninja's proof run: 20 lines longer than the string's inline
// buffer, of 45 to 131 characters, the shortest first.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>

int main(int Argc, char **Argv) {
  std::ifstream Mounts(Argc > 1 ? Argv[1] : "mountinfo.txt");
  std::size_t Lines = 0, Longest = 0;
  while (!Mounts.eof()) {
    std::string Line;
    std::getline(Mounts, Line);
    if (Line.empty())
      continue;
    ++Lines;
    Longest = std::max(Longest, Line.size());
  }
  std::printf("%zu lines, the longest %zu characters\n", Lines, Longest);
  return 0;
}
