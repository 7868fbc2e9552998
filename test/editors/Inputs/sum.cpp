#include <deque>

// compile_commands.json defines it: clangd must use the project's flags.
#ifndef FROM_COMPILE_DB
#error "compiled without the flags of compile_commands.json"
#endif

int sum(int n) {
  std::deque<int> d;
  for (int i = 0; i < n; ++i)
    d.push_back(i);
  int s = 0;
  for (int v : d)
    s += v;
  return s;
}
