// ColdClasses must be a regular expression: an invalid one is an error naming
// the option and why (exit status 1), for the local and the global option
// alike; the check still runs, with no class taken as cold (the member is a
// buffer kept across calls, reported with ReusedBuffers).
// RUN: not %alloc_tidy %s -checks='-*,alloc-reserve-in-loop' -config="{CheckOptions: {alloc-reserve-in-loop.ColdClasses: '^Config(', alloc-reserve-in-loop.ReusedBuffers: true}}" -- -std=c++17 2>&1 | FileCheck %s
// RUN: not %clang_tidy_plugin %s -checks='-*,alloc-reserve-in-loop' -config="{CheckOptions: {ColdClasses: '^Config(', alloc-reserve-in-loop.ReusedBuffers: true}}" -- -std=c++17 2>&1 | FileCheck %s
// CHECK: error: invalid value '^Config(' for {{(alloc-reserve-in-loop\.)?}}ColdClasses; expected a regular expression ({{.+}}) [clang-tidy-config]
// CHECK: warning: 'Dirs' grows about log2(N) times

#include <string>
#include <vector>

class Config {
public:
  void setDirs(const std::vector<std::string> &In) {
    Dirs.clear();
    for (const std::string &D : In)
      Dirs.push_back(D);
  }

private:
  std::vector<std::string> Dirs;
};
