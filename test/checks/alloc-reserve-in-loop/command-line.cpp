// Code that runs once per run is not worth a reserve: a loop over the
// program's arguments (a char ** or char *[] parameter of main or named like
// argv, or the count before it, read by the loop's condition), and member
// functions of classes that read the configuration or the command line
// (option ColdClasses). With both patterns empty (suffix ALL) the classes
// are reported; the command-line loops never are. The members here are
// buffers kept across calls, reported only with ReusedBuffers, which both
// runs set (reused-buffers.cpp tests the default).
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -- -config="{CheckOptions: {alloc-reserve-in-loop.ReusedBuffers: true}}"
// RUN: %check_alloc_tidy -check-suffix=ALL %s alloc-reserve-in-loop %t.all -- -config="{CheckOptions: {ColdFunctions: '', ColdClasses: '', alloc-reserve-in-loop.ReusedBuffers: true}}"

#include <string>
#include <vector>

int getopt(int Count, char *const *Args, const char *Spec);
void run(const std::vector<const char *> &Command);

// Negative: the arguments of main, counted by argc.
int main(int argc, char **argv) {
  std::vector<const char *> Command;
  for (int I = 1; I < argc; ++I)
    Command.push_back(argv[I]);
  run(Command);
  return 0;
}

// Negative: a tool's own argument vector, walked by getopt.
void options(int Count, char *const *Args) {
  std::vector<int> Flags;
  while (getopt(Count, Args, "ab") != -1)
    Flags.push_back(1);
}

// Negative: the loop's variable starts at the arguments.
void forward(char **argv) {
  std::vector<const char *> Command;
  for (char **P = argv + 1; *P; ++P)
    Command.push_back(*P);
  run(Command);
}

// Positive in both runs: an array of strings that is not the command line
// (the lines of a file can be many).
void lines(int Count, char **Lines) {
  std::vector<const char *> Command;
  for (int I = 0; I < Count; ++I)
    Command.push_back(Lines[I]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'Command' grows about log2(N) times
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:5: warning: 'Command' grows about log2(N) times
  run(Command);
}

// Positive in both runs: the arguments are only read in the body; the loop
// runs for every element of Values.
void body(int argc, char **argv, const std::vector<int> &Values) {
  std::vector<int> Out;
  for (int V : Values)
    Out.push_back(V + argc);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'Out' grows about log2(N) times
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:5: warning: 'Out' grows about log2(N) times
  (void)argv;
}

// Negative by default: the configuration is read once per run.
class Config {
public:
  void setDirs(const std::vector<std::string> &Dirs) {
    Base.clear();
    for (const std::string &D : Dirs)
      Base.push_back(D);
    // CHECK-MESSAGES-ALL: :[[@LINE-1]]:7: warning: 'Base' grows about log2(N) times
  }

private:
  std::vector<std::string> Base;
};

// Negative by default: a command-line parser's member.
struct CmdLineParser {
  std::vector<std::string> Files;
  void addFiles(const std::vector<std::string> &Names) {
    Files.clear();
    for (const std::string &N : Names)
      Files.push_back(N);
    // CHECK-MESSAGES-ALL: :[[@LINE-1]]:7: warning: 'Files' grows about log2(N) times
  }
};

// Positive in both runs: the class pattern names whole classes.
struct Configured {
  std::vector<std::string> Items;
  void add(const std::vector<std::string> &Names) {
    Items.clear();
    for (const std::string &N : Names)
      Items.push_back(N);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'Items' grows about log2(N) times
    // CHECK-MESSAGES-ALL: :[[@LINE-2]]:7: warning: 'Items' grows about log2(N) times
  }
};
// CHECK-FIXES: Command.reserve(Count > 0 ? Count : 0);
// CHECK-FIXES: Out.reserve(Values.size());
// CHECK-FIXES: Items.reserve(Names.size());
// CHECK-FIXES-ALL: Command.reserve(Count > 0 ? Count : 0);
// CHECK-FIXES-ALL: Out.reserve(Values.size());
// CHECK-FIXES-ALL: Base.reserve(Dirs.size());
// CHECK-FIXES-ALL: Files.reserve(Names.size());
// CHECK-FIXES-ALL: Items.reserve(Names.size());
