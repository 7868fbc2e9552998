// A function that ColdFunctions or ColdClasses names is cold by guess
// (command-line parsing, error reports): without a profile it is silent. A
// heapcount profile that measured its copy at ProfileMinAllocations (100)
// allocations or more says otherwise: a suite of short runs can spend most
// of its allocations parsing options. Measured below that, it stays
// silent.
// RUN: %check_alloc_tidy %s alloc-copied-parameter %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --allocation-site=hot:48x700:addOption --allocation-site=warm:48x40:reportError" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json', MinProfiledAllocations: 10}}" -- -std=c++17
// RUN: %check_alloc_tidy %s alloc-copied-parameter %t --check-suffix=UNMEASURED -- -- -std=c++17

#include <string>
#include <utility>
#include <vector>

struct Option {
  std::string Long, Help;
};

class OptionParser {
public:
  void addOption(const Option &O);
  void add(const char *Long, const char *Help);

private:
  std::vector<Option> Options;
};

void OptionParser::addOption(const Option &O) {
  Options.push_back(O); // site(hot@Options)
}
// CHECK-NOTES: :[[@LINE-3]]:44: warning: 'O' is copied into 'Options' on every call; taken by value and moved, an rvalue argument would not be copied (the only call seen in this unit passes a local on its last use) [alloc-copied-parameter]
// CHECK-NOTES: :[[@LINE-3]]:21: note: heapcount's profile: in the profiled run this statement allocated 700 times, the copy among them
// CHECK-FIXES: {{^}}void OptionParser::addOption(Option O) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}  Options.push_back(std::move(O)); // site(hot@Options){{$}}

void OptionParser::add(const char *Long, const char *Help) {
  Option O{Long, Help};
  addOption(O);
  // CHECK-NOTES: :[[@LINE-1]]:13: note: this call passes 'O' for 'O', and nothing reads 'O' after it
  // CHECK-FIXES: {{^}}  addOption(std::move(O));{{$}}
}

std::vector<std::string> Errors;

void reportError(const std::string &Message) {
  Errors.push_back(Message); // site(warm@Errors)
}

void fail(int Code) { reportError("failed with code " + std::to_string(Code)); }
