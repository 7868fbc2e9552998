// Ends as its first argument says: "exit N", "abort" (SIGABRT), "segv"
// (a write through null), "term" (SIGTERM), "_exit N", "handled" (SIGSEGV
// with a handler of its own that exits 9).
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

static void onSegv(int) { _exit(9); }

int main(int Argc, char **Argv) {
  std::string *Kept = new std::string(64, 'k');
  std::printf("running %s\n", Kept->c_str() + 60);
  std::fflush(stdout);
  if (Argc > 2 && std::strcmp(Argv[1], "exit") == 0)
    return std::atoi(Argv[2]);
  if (Argc > 1 && std::strcmp(Argv[1], "abort") == 0)
    std::abort();
  if (Argc > 1 && std::strcmp(Argv[1], "segv") == 0)
    *static_cast<volatile int *>(nullptr) = 1;
  if (Argc > 1 && std::strcmp(Argv[1], "term") == 0)
    std::raise(SIGTERM);
  if (Argc > 2 && std::strcmp(Argv[1], "_exit") == 0) {
    // Still in stdio's buffer: _exit must not flush it.
    std::printf("unflushed\n");
    _exit(std::atoi(Argv[2]));
  }
  if (Argc > 1 && std::strcmp(Argv[1], "handled") == 0) {
    std::signal(SIGSEGV, onSegv);
    *static_cast<volatile int *>(nullptr) = 1;
  }
  return 0;
}
