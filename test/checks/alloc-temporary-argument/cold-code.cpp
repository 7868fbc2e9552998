// A temporary passed to a debug trace, or built once per command-line option,
// is cold: not worth a 'static const' object. With ColdFunctions empty
// (suffix ALL) the trace is reported; the command-line loop never is.
// RUN: %check_alloc_tidy %s alloc-temporary-argument %t -- -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=ALL %s alloc-temporary-argument %t.all -- -config="{CheckOptions: {ColdFunctions: ''}}" -- -std=c++17

#include <string>
#include <vector>

struct Token;
void debugMessage(const Token *Tok, const std::string &Message);
void setFlag(const std::string &Name);
int getopt_long(int Count, char *const *Args, const char *Spec);

// Negative by default: only with debug traces on.
void resolve(const std::vector<const Token *> &Tokens) {
  for (const Token *Tok : Tokens)
    debugMessage(Tok, "the symbol database could not resolve it");
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:23: warning: the temporary std::string passed to 'debugMessage'
}

// Negative in both runs: each case runs once per option on the command line.
void parseOptions(int argc, char *const *argv) {
  int C;
  while ((C = getopt_long(argc, argv, "ab")) != -1) {
    if (C == 'a')
      setFlag("a flag name longer than the inline buffer");
  }
}

// Positive in both runs: once per element.
void flags(const std::vector<int> &Values) {
  for (int V : Values)
    if (V)
      setFlag("a flag name longer than the inline buffer");
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: the temporary std::string passed to 'setFlag'
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:15: warning: the temporary std::string passed to 'setFlag'
}

// CHECK-FIXES: static const std::string Name = "a flag name longer than the inline buffer";
// CHECK-FIXES-ALL: static const std::string Message = "the symbol database could not resolve it";
// CHECK-FIXES-ALL: static const std::string Name = "a flag name longer than the inline buffer";
