// Processes under heapcount: a thread running while the parent forks, a
// forked child that allocates and exits, and a program the parent starts
// with fork and exec. Each process prints "role=NAME pid=PID" so that a test
// can pair its report with valgrind's log of the same role.
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

static void sayRole(const char *Role) {
  std::printf("role=%s pid=%d\n", Role, static_cast<int>(getpid()));
  std::fflush(stdout);
}

int main(int Argc, char **Argv) {
  if (Argc > 1 && std::strcmp(Argv[1], "leaf") == 0) {
    sayRole("leaf");
    for (int I = 0; I < 3; ++I)
      new std::string(70, 'l'); // Leaked on purpose.
    return 0;
  }
  sayRole("parent");
  std::vector<std::string *> Kept;
  for (int I = 0; I < 10; ++I)
    Kept.push_back(new std::string(50, 'p'));
  // A thread that has allocated and is still alive when the process forks
  // (a fixed number of calls, so that the child's inherited counts are the
  // same in every run).
  std::atomic<bool> Ready{false}, Stop{false};
  std::thread Busy([&] {
    for (int I = 0; I < 1000; ++I)
      delete new std::string(40, 'b');
    Ready = true;
    while (!Stop)
      std::this_thread::yield();
  });
  while (!Ready)
    std::this_thread::yield();
  pid_t Child = fork();
  if (Child == 0) {
    sayRole("child");
    for (int I = 0; I < 20; ++I)
      delete new std::string(60, 'c');
    std::malloc(7); // Leaked on purpose.
    std::exit(0);
  }
  int Status = 0;
  waitpid(Child, &Status, 0);
  Stop = true;
  Busy.join();
  for (int I = 0; I < 5; ++I)
    delete Kept[I];
  pid_t Leaf = fork();
  if (Leaf == 0) {
    execl(Argv[0], Argv[0], "leaf", static_cast<char *>(nullptr));
    _exit(127);
  }
  waitpid(Leaf, &Status, 0);
  return 0;
}
