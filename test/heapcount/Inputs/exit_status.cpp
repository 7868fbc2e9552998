// Ends as its first argument says: "exit N", "abort" (SIGABRT).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

int main(int Argc, char **Argv) {
  std::string *Kept = new std::string(64, 'k');
  std::printf("running %s\n", Kept->c_str() + 60);
  std::fflush(stdout);
  if (Argc > 2 && std::strcmp(Argv[1], "exit") == 0)
    return std::atoi(Argv[2]);
  if (Argc > 1 && std::strcmp(Argv[1], "abort") == 0)
    std::abort();
  return 0;
}
