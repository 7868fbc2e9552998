// A parameter read before it is copied ('if (Name.empty()) throw ...;
// Names.push_back(Name);'): when every earlier use only reads a value that
// keeps nothing of it (a number, a truth value, a string: a const member
// function of its class or a standard function) and the copy is its last
// use, run at most once per call, moving it there changes nothing that is
// read. Anything else that sees the parameter before the copy (a function of
// the program, a pointer into it, a lambda) or after it keeps it silent, and
// so does a copy that not every call reaches (after a return, in a branch).
// RUN: %check_alloc_tidy %s alloc-copied-parameter %t

#include <map>
#include <stdexcept>
#include <string>
#include <vector>
// CHECK-FIXES: #include <utility>

std::string makeName();
std::vector<int> makeRow();
void note(const std::string &Text);

class Registry {
public:
  // Checked, measured and compared first, then stored.
  void add(const std::string &Name) {
    // CHECK-NOTES: :[[@LINE-1]]:31: warning: 'Name' is copied into 'Names' on every call; taken by value and moved, a temporary argument would not be copied (the only call seen in this unit passes a temporary)
    // CHECK-NOTES: :{{[0-9]+}}:9: note: this call passes a temporary for 'Name'
    // CHECK-FIXES: void add(std::string Name) {
    if (Name.empty() || Name == "none")
      throw std::invalid_argument("not a name: " + Name.substr(0, 4));
    Total += Name.size();
    Names.push_back(Name);
    // CHECK-FIXES: Names.push_back(std::move(Name));
  }
  // A container's size read in a loop before the copy.
  void addRow(const std::vector<int> &Row) {
    // CHECK-NOTES: :[[@LINE-1]]:39: warning: 'Row' is copied into 'Last' on every call; taken by value and moved, a temporary argument would not be copied (the only call seen in this unit passes a temporary)
    // CHECK-NOTES: :{{[0-9]+}}:12: note: this call passes a temporary for 'Row'
    // CHECK-FIXES: void addRow(std::vector<int> Row) {
    for (unsigned I = 0; I < Row.size(); ++I)
      Total += I;
    Last = Row;
    // CHECK-FIXES: Last = std::move(Row);
  }

  // Read after the copy: moved from, it would be empty.
  void readAfter(const std::string &Name) {
    Names.push_back(Name);
    Total += Name.size();
  }
  // Handed to a function of the program, which may keep a pointer to it.
  void noted(const std::string &Name) {
    note(Name);
    Names.push_back(Name);
  }
  // A pointer into it, and a reference to one of its characters.
  void pointer(const std::string &Name) {
    const char *P = Name.data();
    Total += static_cast<unsigned long>(*P);
    Names.push_back(Name);
  }
  void character(const std::string &Name) {
    const char &First = Name.front();
    Names.push_back(Name);
    Total += static_cast<unsigned long>(First);
  }
  // Read by a lambda, which can run after the copy.
  void lambda(const std::string &Name) {
    auto Size = [&] { return Name.size(); };
    Names.push_back(Name);
    Total += Size();
  }
  // Read in the statement of the copy.
  void sameStatement(const std::string &Name) {
    Index[Name.size()] = Name;
  }
  // Copied on every iteration after the reads.
  void inLoop(const std::string &Name, int N) {
    Total += Name.size();
    for (int I = 0; I < N; ++I)
      Names.push_back(Name);
  }
  // A search first, and the copy only when it misses: few calls copy, and
  // a caller passing an lvalue would copy on every call.
  unsigned indexOf(const std::string &Name) {
    for (unsigned I = 0; I < Names.size(); ++I)
      if (Names[I] == Name)
        return I;
    Names.push_back(Name);
    return static_cast<unsigned>(Names.size() - 1);
  }
  // Copied in a branch after the reads.
  void branch(const std::string &Name) {
    if (Name.size() > 3)
      Names.push_back(Name);
  }
  // Two copies.
  void twice(const std::string &Name) {
    Names.push_back(Name);
    Last2 = Name;
  }

  void fill() {
    add(makeName());
    addRow(makeRow());
    readAfter(makeName());
    noted(makeName());
    pointer(makeName());
    character(makeName());
    lambda(makeName());
    sameStatement(makeName());
    inLoop(makeName(), 3);
    twice(makeName());
    indexOf(makeName());
    branch(makeName());
  }

private:
  std::vector<std::string> Names;
  std::map<unsigned long, std::string> Index;
  std::vector<int> Last;
  std::string Last2;
  unsigned long Total = 0;
};
