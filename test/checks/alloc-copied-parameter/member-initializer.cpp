// A constructor's member initializer ': Name(N)' that copies a const &
// parameter is clang-tidy's modernize-pass-by-value's finding; this check
// reports it only where a heapcount profile measured the initializer at
// ProfileMinAllocations (100) allocations or more, and every call seen
// passes a temporary (without callers in the profile, it cannot tell the
// copies of an lvalue argument, which stay, from the others;
// function-copies.cpp has a profile with callers). The fix-it changes the declaration in the class and
// the definition, and moves the parameter. Measured less, used elsewhere in
// the constructor too, or copied into a member of another type, it is left
// alone. The fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-copied-parameter %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --allocation-site=name:48x900:Option::Option --allocation-site=help:48x30:Option::Option \
// RUN:     --allocation-site=label:48x500:Field::Field --allocation-site=text:48x500:Note::Note \
// RUN:     --allocation-site=title:48x500:Page::Page --allocation-site=tag:48x500:Tag::Tag" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json', MinProfiledAllocations: 10}}" -- -std=c++17

#include <string>
#include <string_view>
#include <vector>

struct Option {
  Option(const std::string &Name, const std::string &Help);
  // CHECK-FIXES: {{^}}  Option(std::string Name, const std::string &Help);{{$}}
  std::string Name;
  std::string Help;
};

Option::Option(const std::string &Name, const std::string &Help)
    : Name(Name), // site(name@Name)
      Help(Help) {} // site(help@Help)
// CHECK-NOTES: :[[@LINE-3]]:35: warning: 'Name' is copied into 'Option::Name' on every call; taken by value and moved, a temporary argument would not be copied (the only call seen in this unit passes a temporary) [alloc-copied-parameter]
// CHECK-NOTES: :[[@LINE-3]]:12: note: heapcount's profile: in the profiled run this statement allocated 900 times, the copy among them
// CHECK-FIXES: {{^}}Option::Option(std::string Name, const std::string &Help){{$}}
// CHECK-FIXES-NEXT: {{^}}    : Name(std::move(Name)), // site(name@Name){{$}}

std::vector<Option> Options;

void add(const char *Name, const char *Help) {
  Options.emplace_back(Option(Name, Help));
  // CHECK-NOTES: :[[@LINE-1]]:31: note: this call passes a temporary for 'Name'
}

// Also read in the constructor's body.
struct Field {
  explicit Field(const std::string &L) : Label(L) { Width = L.size(); } // site(label@Label)
  std::string Label;
  std::size_t Width = 0;
};

Field makeField(const char *L) { return Field(L); }

// Copied into a member of another type.
struct Note {
  explicit Note(const std::string &T) : Text(T) {} // site(text@Text)
  std::string_view Text;
};

Note makeNote() { return Note(std::string("a note long enough to allocate")); }

// No call seen in this unit: the profile's copies may all be of lvalues.
struct Page {
  explicit Page(const std::string &T) : Title(T) {} // site(title@Title)
  std::string Title;
};

// One call of two passes an lvalue.
struct Tag {
  explicit Tag(const std::string &N) : Name(N) {} // site(tag@Name)
  std::string Name;
};

std::vector<Tag> Tags;

void tag(const std::string &Kept) {
  Tags.push_back(Tag(Kept));
  Tags.push_back(Tag(std::string("a tag long enough to allocate")));
}
