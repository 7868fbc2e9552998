// Templates: the check reads a template's own code, not its instantiations,
// so it warns once however often the template is instantiated. What depends
// on a template parameter is not judged: a string whose use depends on T, a
// string class template (negative.cpp and string-class.cpp have more).
// RUN: %check_alloc_tidy %s alloc-small-string %t

#include <string>
#include <vector>

void show(const std::string &Text);

template <class T> int sum(const std::vector<T> &Values) {
  std::string Label = "the sum of all the values, in full";
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Label' is a std::string built from a string literal too long for its inline buffer, so every run of its declaration allocates; declared 'static const' it would allocate only once [alloc-small-string]
  // CHECK-NOTES: :[[@LINE-2]]:23: note: the literal has 34 characters
  // CHECK-NOTES: :[[@LINE-4]]:24: note: it runs once per call of 'sum'
  // CHECK-NOTES: :[[@LINE+5]]:8: note: not a std::string_view: this use needs a std::string
  // CHECK-FIXES: {{^}}  static const std::string Label = "the sum of all the values, in full";{{$}}
  int Total = 0;
  for (const T &V : Values)
    Total += static_cast<int>(V);
  show(Label);
  return Total;
}

template <class T> struct Printer {
  void print(const T &Value) {
    show(std::string("a temporary in a member of a class template"));
    // CHECK-NOTES: :[[@LINE-1]]:10: warning: this temporary std::string is built
    // CHECK-NOTES: :[[@LINE-2]]:22: note: the literal has 43 characters
    // CHECK-NOTES: :[[@LINE-4]]:8: note: it runs once per call of 'Printer::print'
    // CHECK-NOTES: :[[@LINE-4]]:10: note: no fix-it: a 'static const std::string' needs a name of your choosing; or 'show' could take a std::string_view
    Value.print(std::string("the callee depends on T, so it is unknown"));
  }
};

struct Item {
  void print(const std::string &Text) const;
};

int instantiate() {
  Printer<Item>().print(Item());
  Printer<Item>().print(Item());
  return sum(std::vector<int>{1, 2}) + sum(std::vector<double>{3.0});
}
