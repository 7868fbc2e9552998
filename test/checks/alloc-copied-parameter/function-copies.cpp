// A std::function's copy allocates only when the callable it holds is
// larger than its inline buffer (16 bytes in libstdc++), which the type does
// not tell: a const std::function & parameter copied into storage is
// reported only where a heapcount profile measured the copy allocate.
// A member initializer whose calls are not all rvalues is reported when the
// profile's callers show that the copies came through the calls that pass
// an rvalue; those copies are the saving (an lvalue argument's copy stays,
// made at the call instead). Without callers in the profile, or with the
// copies behind the lvalue call, it stays silent. The fixed file is
// compiled.
// RUN: %check_alloc_tidy %s alloc-copied-parameter %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --allocation-site=callback:64x900:Option::Option --callers=callback=short:600,long:200,argument:100 \
// RUN:     --allocation-site=handler:64x500:Button::Button --callers=handler=kept:500 \
// RUN:     --allocation-site=action:64x500:Menu::Menu \
// RUN:     --allocation-site=stored:64x600:Registry::add" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json', MinProfiledAllocations: 10}}" -- -std=c++17
// Without a profile: silent.
// RUN: %alloc_tidy --checks='-*,alloc-copied-parameter' %s -- -std=c++17 2>&1 | FileCheck --check-prefix=UNMEASURED --allow-empty %s
// UNMEASURED-NOT: warning:

#include <functional>
#include <string>
#include <vector>

using Callback = std::function<void(const char *)>;
using NullCallback = std::function<void()>;

struct Option {
  Option(char Short, const Callback &);
  // CHECK-FIXES: {{^}}  Option(char Short, Callback);{{$}}
  char Short;
  Callback Call;
};

Option::Option(char Short, const Callback &C)
    : Short(Short), Call(C) {} // site(callback@Call)
// CHECK-NOTES: :[[@LINE-2]]:44: warning: 'C' is copied into 'Option::Call' on every call; taken by value and moved, a temporary argument would not be copied (2 of the 3 calls seen in this unit pass a temporary) [alloc-copied-parameter]
// CHECK-NOTES: :[[@LINE-2]]:26: note: heapcount's profile: in the profiled run this statement allocated 800 times, the copy among them
// CHECK-FIXES: {{^}}Option::Option(char Short, Callback C){{$}}
// CHECK-FIXES-NEXT: {{^}}    : Short(Short), Call(std::move(C)) {} // site(callback@Call){{$}}

std::vector<Option> Options;

// A lambda that holds a std::function (32 bytes) does not fit the buffer.
void addShort(char Short, const NullCallback &Run) {
  Options.push_back(Option(Short, [Run](const char *) { Run(); })); // site(short@Option(S)
  // CHECK-NOTES: :[[@LINE-1]]:35: note: this call passes a temporary for 'C'
}
void addLong(const NullCallback &Run) {
  Options.push_back(Option('\0', [Run](const char *) { Run(); })); // site(long@Option(')
}
// Its own const & parameter: still copied (at the call, after the fix).
void addWithArgument(char Short, const Callback &Run) {
  Options.push_back(Option(Short, Run)); // site(argument@Option(S)
}

// Every copy came through the call that passes an lvalue: nothing saved.
struct Button {
  explicit Button(const Callback &H) : Handler(H) {} // site(handler@Handler)
  Callback Handler;
};
std::vector<Button> Buttons;
void press(const Callback &Kept) {
  Buttons.push_back(Button(Kept)); // site(kept@Button(K)
  Buttons.push_back(Button([](const char *) {}));
}

// The profile records no callers for the site: the copies of the lvalue
// argument cannot be told from the others.
struct Menu {
  explicit Menu(const Callback &A) : Action(A) {} // site(action@Action)
  Callback Action;
};
std::vector<Menu> Menus;
void open(const Callback &Kept) {
  Menus.push_back(Menu(Kept));
  Menus.push_back(Menu([Kept](const char *S) { Kept(S); }));
}

// Stored by a member function: reported where measured, silent without.
struct Registry {
  void add(const Callback &Handler) { Handlers.push_back(Handler); } // site(stored@push_back)
  // CHECK-NOTES: :[[@LINE-1]]:28: warning: 'Handler' is copied into 'Handlers' on every call; taken by value and moved, a temporary argument would not be copied (the only call seen in this unit passes a temporary) [alloc-copied-parameter]
  // CHECK-NOTES: :[[@LINE-2]]:58: note: heapcount's profile: in the profiled run this statement allocated 600 times, the copy among them
  // CHECK-FIXES: {{^}}  void add(Callback Handler) { Handlers.push_back(std::move(Handler)); } // site(stored@push_back){{$}}
  std::vector<Callback> Handlers;
};
void registerAll(Registry &R, const std::string &Name) {
  R.add([Name](const char *) {});
  // CHECK-NOTES: :[[@LINE-1]]:9: note: this call passes a temporary for 'Handler'
}
