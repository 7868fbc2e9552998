// A message built only to be handed to an error report, and a string built
// once per command-line argument, are cold: they allocate once per error or
// per argument. With ColdFunctions empty (suffix ALL) the reports are no
// longer cold; the command-line loops still are.
// RUN: %check_alloc_tidy %s alloc-small-string %t
// RUN: %check_alloc_tidy -check-suffix=ALL %s alloc-small-string %t.all -- -config="{CheckOptions: {ColdFunctions: ''}}"

#include <string>

struct Token;
void reportError(const Token *Tok, const std::string &Id,
                 const std::string &Message);
void debugMessage(const Token *Tok, const std::string &Message);
void emit(const std::string &Text);
int getopt(int Count, char *const *Args, const char *Spec);

// Negative by default: the string's only use is an error report's argument.
void stringConcatenated(const Token *Tok) {
  std::string Msg = "Concatenating the result of c_str() is slow and redundant";
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:15: warning: 'Msg' is a std::string built from a string literal
  reportError(Tok, "id", Msg);
}

// Positive in both runs: it is also written out on the normal path.
void stringWritten(const Token *Tok) {
  std::string Msg = "Concatenating the result of c_str() is slow and redundant";
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'Msg' is a std::string built from a string literal
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:15: warning: 'Msg' is a std::string built from a string literal
  reportError(Tok, "id", Msg);
  emit(Msg);
}

// Negative by default: a temporary for a debug trace.
void trace(const Token *Tok) {
  debugMessage(Tok, std::string("the symbol database could not resolve it"));
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:21: warning: this temporary std::string is built from a string literal
}

// Negative in both runs: once per command-line option.
void options(int Count, char *const *Args) {
  while (getopt(Count, Args, "ab") != -1) {
    std::string Usage = "a usage line longer than any inline buffer holds";
    emit(Usage);
  }
}

// CHECK-FIXES: static const std::string Msg = "Concatenating the result of c_str() is slow and redundant";
// CHECK-FIXES-ALL: static const std::string Msg = "Concatenating the result of c_str() is slow and redundant";
// CHECK-FIXES-ALL: static const std::string Msg = "Concatenating the result of c_str() is slow and redundant";
