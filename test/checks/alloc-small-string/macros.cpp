// Macros. A literal or a type written by a macro is fine: the fix-it keeps
// the macro's name (and stays 'static const' when the macro spells the type).
// A declaration or a temporary written by a macro's body is the macro's
// business: silent. A temporary in a macro's argument is warned without a
// fix-it.
// RUN: %check_alloc_tidy %s alloc-small-string %t

#include <string>

void show(const std::string &Text);
int measure(std::string_view Text);

#define GREETING "hello from a macro, long enough to allocate"
#define STRING std::string
#define DECLARE(Name) std::string Name = "a declaration written by a macro"
#define SHOW(Text) show(Text)
#define SHOW_FIXED() show(std::string("a temporary written by the macro"))

int literalFromMacro() {
  std::string Greeting = GREETING;
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Greeting' is a std::string built from a string literal too long for its inline buffer, so every run of its declaration allocates; as a 'constexpr std::string_view' it would not allocate at all [alloc-small-string]
  // CHECK-NOTES: :[[@LINE-2]]:26: note: the literal has 43 characters; libstdc++ keeps at most 15 inline, so each construction allocates once
  // CHECK-NOTES: :[[@LINE-4]]:5: note: it runs once per call of 'literalFromMacro'
  // CHECK-FIXES: {{^}}  constexpr std::string_view Greeting = GREETING;{{$}}
  return measure(Greeting);
}

int typeFromMacro() {
  STRING Farewell = "goodbye from a type that a macro spells";
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: 'Farewell' is a std::string built from a string literal too long for its inline buffer, so every run of its declaration allocates; declared 'static const' it would allocate only once [alloc-small-string]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: the literal has 39 characters
  // CHECK-NOTES: :[[@LINE-4]]:5: note: it runs once per call of 'typeFromMacro'
  // CHECK-FIXES: {{^}}  static const STRING Farewell = "goodbye from a type that a macro spells";{{$}}
  return measure(Farewell);
}

void writtenByMacros() {
  DECLARE(Declared);
  show(Declared);
  SHOW_FIXED();
  SHOW(std::string("a temporary in the argument of a macro"));
  // CHECK-NOTES: :[[@LINE-1]]:8: warning: this temporary std::string is built from a string literal too long for its inline buffer, so it allocates every time it is evaluated; a 'static const' std::string would allocate only once [alloc-small-string]
  // CHECK-NOTES: :[[@LINE-2]]:20: note: the literal has 38 characters
  // CHECK-NOTES: :[[@LINE-7]]:6: note: it runs once per call of 'writtenByMacros'
  // CHECK-NOTES: :[[@LINE-4]]:8: note: no fix-it: the temporary is written in a macro argument
}
