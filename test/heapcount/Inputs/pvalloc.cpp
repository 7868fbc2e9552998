// pvalloc, which valgrind 3.19 refuses (it aborts the program), so this one
// is checked by heapcount alone: linked with the counting library, each call
// held to its counts with heapcount's budgets (exact_budget.h). Output with
// write(2), not stdio, whose buffer would stay live at exit.
#include "exact_budget.h"

#include <malloc.h>
#include <unistd.h>

static void say(const std::string &Text) {
  if (write(STDOUT_FILENO, Text.data(), Text.size()) < 0)
    _exit(1);
}

int main() {
  void *Page = nullptr;
  say(exactCounts(heapcount::measure([&] { Page = pvalloc(100); }),
                  "pvalloc(100)", 1, 0, 100));
  say(exactCounts(heapcount::measure([&] { free(Page); }), "free", 0, 1, 0));
  void *Kept = nullptr;
  say(exactCounts(heapcount::measure([&] { Kept = pvalloc(5000); }),
                  "pvalloc(5000)", 1, 0, 5000));
  return Kept == nullptr;
}
