// A const & parameter of a class that owns heap memory, copied once into
// storage that outlives the call, where a call passes a temporary: taken by
// value and moved, the temporary is not copied.
// RUN: %check_alloc_tidy %s alloc-copied-parameter %t

#include <set>
#include <string>
#include <vector>
// CHECK-FIXES: #include <utility>

struct Rule {
  std::string Name;
  std::vector<Rule> Children;
};

std::vector<Rule> Registry;

void add(const Rule &R) { Registry.push_back(R); }
// CHECK-NOTES: :[[@LINE-1]]:22: warning: 'R' is copied into 'Registry' on every call; taken by value and moved, a temporary argument would not be copied (2 of the 3 calls seen in this unit pass a temporary)
// CHECK-NOTES: :[[@LINE+8]]:7: note: this call passes a temporary for 'R'
// CHECK-FIXES: void add(Rule R) { Registry.push_back(std::move(R)); }

Rule makeRule();

void fill() {
  Rule Kept{"kept", {}};
  add(Kept);
  add(makeRule());
  add(Rule{"built", {}});
  Registry.front().Name = Kept.Name;
}

class Journal {
public:
  void setTitle(const std::string &Text) { Title = Text; }
  // CHECK-NOTES: :[[@LINE-1]]:36: warning: 'Text' is copied into 'Title' on every call; taken by value and moved, an rvalue argument would not be copied (the only call seen in this unit passes a moved object)
  // CHECK-NOTES: :[[@LINE+15]]:14: note: this call passes a moved object for 'Text'
  // CHECK-FIXES: void setTitle(std::string Text) { Title = std::move(Text); }
  void log(const std::vector<int> &Entry);

private:
  std::string Title;
  std::vector<std::vector<int>> Entries;
};

void Journal::log(const std::vector<int> &Entry) { Entries.emplace_back(Entry); }
// CHECK-NOTES: :[[@LINE-1]]:43: warning: 'Entry' is copied into 'Entries' on every call; taken by value and moved, a temporary argument would not be copied (the only call seen in this unit passes a temporary)
// CHECK-NOTES: :[[@LINE+5]]:9: note: this call passes a temporary for 'Entry'
// CHECK-FIXES: void Journal::log(std::vector<int> Entry) { Entries.emplace_back(std::move(Entry)); }

void useJournal(Journal &J, std::string Text) {
  J.setTitle(std::move(Text));
  J.log({1, 2, 3});
}

// The yaml-cpp case: the operands are pushed into the result's children.
class RegEx {
public:
  explicit RegEx(char C) : Op(C) {}
  friend RegEx operator|(const RegEx &Ex1, const RegEx &Ex2);
  // CHECK-FIXES: friend RegEx operator|(RegEx Ex1, RegEx Ex2);

private:
  char Op;
  std::vector<RegEx> Params;
};

RegEx operator|(const RegEx &Ex1, const RegEx &Ex2) {
  RegEx Ret('|');
  Ret.Params.push_back(Ex1);
  Ret.Params.push_back(Ex2);
  return Ret;
}
// CHECK-NOTES: :[[@LINE-6]]:30: warning: 'Ex1' is copied into 'Ret.Params' on every call; taken by value and moved, a temporary argument would not be copied (the only call seen in this unit passes a temporary)
// CHECK-NOTES: :[[@LINE+9]]:26: note: this call passes a temporary for 'Ex1'
// CHECK-NOTES: :[[@LINE-8]]:48: warning: 'Ex2' is copied into 'Ret.Params' on every call; taken by value and moved, a temporary argument would not be copied (the only call seen in this unit passes a temporary)
// CHECK-NOTES: :[[@LINE+7]]:40: note: this call passes a temporary for 'Ex2'
// CHECK-FIXES: RegEx operator|(RegEx Ex1, RegEx Ex2) {
// CHECK-FIXES-NEXT: {{^}}  RegEx Ret('|');{{$}}
// CHECK-FIXES-NEXT: {{^}}  Ret.Params.push_back(std::move(Ex1));{{$}}
// CHECK-FIXES-NEXT: {{^}}  Ret.Params.push_back(std::move(Ex2));{{$}}

const RegEx &breaks() {
  static const RegEx E = RegEx('\n') | RegEx('\r');
  return E;
}

// An element of a member, and a member through a reference parameter.
struct Index {
  std::vector<std::vector<std::string>> Rows;
  void addTo(const std::string &Word) { Rows.back().push_back(Word); }
  // CHECK-NOTES: :[[@LINE-1]]:33: warning: 'Word' is copied into 'Rows.back()' on every call
  // CHECK-NOTES: :[[@LINE+9]]:78: note: this call passes a temporary for 'Word'
  // CHECK-FIXES: void addTo(std::string Word) { Rows.back().push_back(std::move(Word)); }
};

void store(std::vector<std::string> &Out, const std::string &Word) { Out.insert(Out.begin(), Word); }
// CHECK-NOTES: :[[@LINE-1]]:62: warning: 'Word' is copied into 'Out' on every call
// CHECK-NOTES: :[[@LINE+3]]:93: note: this call passes a temporary for 'Word'
// CHECK-FIXES: void store(std::vector<std::string> &Out, std::string Word) { Out.insert(Out.begin(), std::move(Word)); }

void index(Index &I, std::vector<std::string> &Out, const char *S) { I.addTo(S); store(Out, std::string(S) + "!"); }

// A multiset inserts on every call (a set copies only a value it lacks:
// negative.cpp).
std::multiset<std::string> Log;
void record(const std::string &Line) { Log.insert(Line); }
// CHECK-NOTES: :[[@LINE-1]]:32: warning: 'Line' is copied into 'Log' on every call
// CHECK-NOTES: :[[@LINE+3]]:37: note: this call passes a temporary for 'Line'
// CHECK-FIXES: void record(std::string Line) { Log.insert(std::move(Line)); }

void logAll(const char *S) { record(std::string(S) + "!"); }
