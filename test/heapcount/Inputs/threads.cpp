// 8 threads allocate and release at the same time: the counters must not lose
// an update (valgrind, which runs one thread at a time, is the oracle).
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

int main() {
  std::vector<std::thread> Threads;
  for (int T = 0; T < 8; ++T)
    Threads.emplace_back([T] {
      std::vector<std::string> Strings;
      for (int I = 0; I < 2000; ++I) {
        void *P = std::malloc(static_cast<std::size_t>(I % 64 + 1));
        std::free(P);
        Strings.emplace_back(static_cast<std::size_t>(32 + T), 'x');
      }
      delete new int(T);
    });
  for (std::thread &Thread : Threads)
    Thread.join();
  return 0;
}
