// Local strings built from a literal longer than the inline buffer, whose
// every use reads them: 'static const' keeps one copy for the whole program;
// where every use also takes a std::string_view (C++17 on), a constexpr view
// allocates nothing. Before C++17 there is no view to offer.
// RUN: %check_alloc_tidy %s alloc-small-string %t
// RUN: %check_alloc_tidy %s alloc-small-string %t.14 -check-suffix=14 -- -- -std=c++14

#include <cstdio>
#include <string>
// The view's header comes with the fix-it.
// CHECK-FIXES: {{^}}#include <string_view>{{$}}

void show(const std::string &Text);

// Read through members a view has too, in a loop of known trip count.
int header(int Columns) {
  int Total = 0;
  for (int I = 0; I < 100; ++I) {
    std::string Title = "column heading, longer than 22";
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'Title' is a std::string built from a string literal too long for its inline buffer, so every run of its declaration allocates; as a 'constexpr std::string_view' it would not allocate at all [alloc-small-string]
    // CHECK-NOTES: :[[@LINE-2]]:25: note: the literal has 30 characters; libstdc++ keeps at most 15 inline, so each construction allocates once
    // CHECK-NOTES: :[[@LINE-4]]:3: note: this loop runs it 100 times, allocating 100 times
    // CHECK-FIXES: {{^}}    constexpr std::string_view Title = "column heading, longer than 22";{{$}}
    // CHECK-NOTES-14: :[[@LINE-5]]:17: warning: 'Title' is a std::string built from a string literal too long for its inline buffer, so every run of its declaration allocates; declared 'static const' it would allocate only once [alloc-small-string]
    // CHECK-NOTES-14: :[[@LINE-6]]:25: note: the literal has 30 characters
    // CHECK-NOTES-14: :[[@LINE-8]]:3: note: this loop runs it 100 times, allocating 100 times
    // CHECK-FIXES-14: {{^}}    static const std::string Title = "column heading, longer than 22";{{$}}
    Total += static_cast<int>(Title.size()) + Columns;
    if (Title.find("longer") != std::string::npos && Title[0] == 'c')
      ++Total;
  }
  return Total;
}
// c_str() and a const std::string& parameter need a std::string: 'static
// const', once per call.
void greet() {
  std::string Greeting("hello, and welcome to the program");
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Greeting' is a std::string built from a string literal too long for its inline buffer, so every run of its declaration allocates; declared 'static const' it would allocate only once [alloc-small-string]
  // CHECK-NOTES: :[[@LINE-2]]:24: note: the literal has 33 characters; libstdc++ keeps at most 15 inline, so each construction allocates once
  // CHECK-NOTES: :[[@LINE-4]]:6: note: it runs once per call of 'greet'
  // CHECK-NOTES: :[[@LINE+6]]:8: note: not a std::string_view: this use needs a std::string
  // CHECK-FIXES: {{^}}  static const std::string Greeting("hello, and welcome to the program");{{$}}
  // CHECK-NOTES-14: :[[@LINE-6]]:15: warning: 'Greeting' is a std::string built
  // CHECK-NOTES-14: :[[@LINE-7]]:24: note: the literal has 33 characters
  // CHECK-NOTES-14: :[[@LINE-9]]:6: note: it runs once per call of 'greet'
  // CHECK-FIXES-14: {{^}}  static const std::string Greeting("hello, and welcome to the program");{{$}}
  show(Greeting);
  std::printf("%s\n", Greeting.c_str());
}

// Already const: only 'static' is missing. Braces, and a member function.
struct Report {
  int print() const {
    const std::string Rule{"=============================="};
    // CHECK-NOTES: :[[@LINE-1]]:23: warning: 'Rule' is a std::string built from a string literal too long for its inline buffer, so every run of its declaration allocates; as a 'constexpr std::string_view' it would not allocate at all [alloc-small-string]
    // CHECK-NOTES: :[[@LINE-2]]:28: note: the literal has 30 characters
    // CHECK-NOTES: :[[@LINE-4]]:7: note: it runs once per call of 'Report::print'
    // CHECK-FIXES: {{^}}    constexpr std::string_view Rule{"=============================="};{{$}}
    // CHECK-NOTES-14: :[[@LINE-5]]:23: warning: 'Rule' is a std::string built
    // CHECK-NOTES-14: :[[@LINE-6]]:28: note: the literal has 30 characters
    // CHECK-NOTES-14: :[[@LINE-8]]:7: note: it runs once per call of 'Report::print'
    // CHECK-FIXES-14: {{^}}    static const std::string Rule{"=============================="};{{$}}
    return static_cast<int>(Rule.length());
  }
};

// Spelled as a temporary, or with operator""s: the initializer stays as it
// is, so the type stays a std::string.
void spelled() {
  auto Banner = std::string("a banner that needs an allocation");
  // CHECK-NOTES: :[[@LINE-1]]:8: warning: 'Banner' is a std::string built from a string literal too long for its inline buffer, so every run of its declaration allocates; declared 'static const' it would allocate only once [alloc-small-string]
  // CHECK-NOTES: :[[@LINE-2]]:29: note: the literal has 33 characters
  // CHECK-NOTES: :[[@LINE-4]]:6: note: it runs once per call of 'spelled'
  // CHECK-FIXES: {{^}}  static const auto Banner = std::string("a banner that needs an allocation");{{$}}
  // CHECK-NOTES-14: :[[@LINE-5]]:8: warning: 'Banner' is a std::string built
  // CHECK-NOTES-14: :[[@LINE-6]]:29: note: the literal has 33 characters
  // CHECK-NOTES-14: :[[@LINE-8]]:6: note: it runs once per call of 'spelled'
  // CHECK-FIXES-14: {{^}}  static const auto Banner = std::string("a banner that needs an allocation");{{$}}
  using namespace std::string_literals;
  // The whole literal counts for operator""s, the null inside included.
  std::string Footer = "a footer\0with a null inside it"s;
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Footer' is a std::string built
  // CHECK-NOTES: :[[@LINE-2]]:24: note: the literal has 30 characters
  // CHECK-NOTES: :[[@LINE-15]]:6: note: it runs once per call of 'spelled'
  // CHECK-FIXES: {{^}}  static const std::string Footer = "a footer\0with a null inside it"s;{{$}}
  // CHECK-NOTES-14: :[[@LINE-5]]:15: warning: 'Footer' is a std::string built
  // CHECK-NOTES-14: :[[@LINE-6]]:24: note: the literal has 30 characters
  // CHECK-NOTES-14: :[[@LINE-19]]:6: note: it runs once per call of 'spelled'
  // CHECK-FIXES-14: {{^}}  static const std::string Footer = "a footer\0with a null inside it"s;{{$}}
  show(Banner);
  show(Footer);
}

// Wide strings count in wchar_t: libstdc++ keeps 3 inline.
std::size_t wide() {
  std::wstring Path = L"C:\\temp";
  // CHECK-NOTES: :[[@LINE-1]]:16: warning: 'Path' is a std::wstring built from a string literal too long for its inline buffer, so every run of its declaration allocates; as a 'constexpr std::wstring_view' it would not allocate at all [alloc-small-string]
  // CHECK-NOTES: :[[@LINE-2]]:23: note: the literal has 7 characters; libstdc++ keeps at most 3 inline, so each construction allocates once
  // CHECK-NOTES: :[[@LINE-4]]:13: note: it runs once per call of 'wide'
  // CHECK-FIXES: {{^}}  constexpr std::wstring_view Path = L"C:\\temp";{{$}}
  // CHECK-NOTES-14: :[[@LINE-5]]:16: warning: 'Path' is a std::wstring built
  // CHECK-NOTES-14: :[[@LINE-6]]:23: note: the literal has 7 characters; libstdc++ keeps at most 3 inline
  // CHECK-NOTES-14: :[[@LINE-8]]:13: note: it runs once per call of 'wide'
  // CHECK-FIXES-14: {{^}}  static const std::wstring Path = L"C:\\temp";{{$}}
  return Path.size();
}

// In a lambda, each call of the lambda builds it.
int inLambda() {
  auto Count = [](int N) {
    std::string Sep = ", separated by a comma and a space";
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'Sep' is a std::string built
    // CHECK-NOTES: :[[@LINE-2]]:23: note: the literal has 34 characters
    // CHECK-NOTES: :[[@LINE-4]]:16: note: it runs once per call of the lambda
    // CHECK-FIXES: {{^}}    constexpr std::string_view Sep = ", separated by a comma and a space";{{$}}
    // CHECK-NOTES-14: :[[@LINE-5]]:17: warning: 'Sep' is a std::string built
    // CHECK-NOTES-14: :[[@LINE-6]]:23: note: the literal has 34 characters
    // CHECK-NOTES-14: :[[@LINE-8]]:16: note: it runs once per call of the lambda
    // CHECK-FIXES-14: {{^}}    static const std::string Sep = ", separated by a comma and a space";{{$}}
    return N * static_cast<int>(Sep.size());
  };
  return Count(2);
}

// Under a condition, or after a 'continue': the loop can run it on every
// iteration.
int skipped(const int *Values, int N) {
  int Total = 0;
  for (int I = 0; I < N; ++I) {
    if (Values[I] < 0) {
      const std::string Reason = "a negative value, which is skipped";
      show(Reason);
      continue;
    }
    Total += Values[I];
    std::string Done = "one more value added to the total";
    show(Done);
  }
  return Total;
}
// CHECK-NOTES: :[[@LINE-10]]:25: warning: 'Reason' is a std::string built
// CHECK-NOTES: :[[@LINE-11]]:34: note: the literal has 34 characters
// CHECK-NOTES: :[[@LINE-14]]:3: note: this loop can run it on every iteration
// CHECK-NOTES: :[[@LINE-12]]:12: note: not a std::string_view: this use needs a std::string
// CHECK-FIXES: {{^}}      static const std::string Reason = "a negative value, which is skipped";{{$}}
// CHECK-NOTES: :[[@LINE-10]]:17: warning: 'Done' is a std::string built
// CHECK-NOTES: :[[@LINE-11]]:24: note: the literal has 33 characters
// CHECK-NOTES: :[[@LINE-19]]:3: note: this loop can run it on every iteration
// CHECK-NOTES: :[[@LINE-12]]:10: note: not a std::string_view: this use needs a std::string
// CHECK-FIXES: {{^}}    static const std::string Done = "one more value added to the total";{{$}}
// CHECK-NOTES-14: :[[@LINE-20]]:25: warning: 'Reason' is a std::string built
// CHECK-NOTES-14: :[[@LINE-21]]:34: note: the literal has 34 characters
// CHECK-NOTES-14: :[[@LINE-24]]:3: note: this loop can run it on every iteration
// CHECK-FIXES-14: {{^}}      static const std::string Reason = "a negative value, which is skipped";{{$}}
// CHECK-NOTES-14: :[[@LINE-19]]:17: warning: 'Done' is a std::string built
// CHECK-NOTES-14: :[[@LINE-20]]:24: note: the literal has 33 characters
// CHECK-NOTES-14: :[[@LINE-28]]:3: note: this loop can run it on every iteration
// CHECK-FIXES-14: {{^}}    static const std::string Done = "one more value added to the total";{{$}}
