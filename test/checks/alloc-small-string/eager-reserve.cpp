// A local std::string declared empty and reserved right away to at most
// twice its inline capacity allocates on every run; its first growth past
// the inline buffer takes at least as much, so without the reserve it never
// allocates more often, and not at all while it stays short. In a loop (or
// where a profile measured it hot) the reserve is reported and removed.
// The fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-small-string %t -- \
// RUN:   -config="{CheckOptions: {alloc-small-string.TargetSTL: libstdc++}}" -- -std=c++17

#include <string>
#include <string_view>
#include <vector>

char decode(int Row);
void keep(const std::string &Text);

std::string readRows(const std::vector<int> &Rows) {
  std::string All;
  // CHECK-NOTES: :[[@LINE+4]]:5: warning: reserving 20 characters makes 'Text' allocate on every run, even when it stays within its 15-character inline buffer; its first growth past that buffer takes at least 20 anyway, so the reserve never saves an allocation [alloc-small-string]
  // CHECK-NOTES: :[[@LINE+1]]:3: note: this loop can run it on every iteration
  for (int Row : Rows) {
    std::string Text;
    Text.reserve(20);
    Text += decode(Row);
    // CHECK-FIXES: {{^}}    std::string Text;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    Text += decode(Row);{{$}}
    if (Text.back() == 0)
      continue;
    Text[0] = decode(Row + 1);
    keep(Text);
    All += Text;
  }
  return All;
}

// Sharing its line with other code: warned, no fix-it.
void sameLine(const std::vector<int> &Rows) {
  for (int Row : Rows) {
    std::string Text;
    Text.reserve(30); Text += decode(Row);
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: reserving 30 characters makes 'Text' allocate on every run
    // CHECK-NOTES: :[[@LINE-4]]:3: note: this loop runs it on every iteration
    // CHECK-NOTES: :[[@LINE-3]]:5: note: no fix-it: the statement shares its lines with other code
    keep(Text);
  }
}

// Negative: a reserve that can save allocations, or that the code needs.

void negatives(const std::vector<int> &Rows, std::size_t Size) {
  for (int Row : Rows) {
    std::string Longer; // past the first growth: the reserve can save one
    Longer.reserve(40);
    Longer += decode(Row);
    keep(Longer);

    std::string Short; // within the inline buffer: no allocation
    Short.reserve(10);
    Short += decode(Row);
    keep(Short);

    std::string Counted; // a count known only at run time
    Counted.reserve(Size);
    Counted += decode(Row);
    keep(Counted);

    std::string Started = "a literal longer than fifteen"; // on the heap
    Started.reserve(20);
    keep(Started);

    std::string Later; // not right after the declaration
    Later += decode(Row);
    Later.reserve(20);
    keep(Later);

    std::string Asked; // its capacity is read
    Asked.reserve(20);
    Asked += decode(Row);
    if (Asked.capacity() > 16)
      keep(Asked);

    std::string Pointed; // a pointer into it outlives a growth
    Pointed.reserve(20);
    Pointed += decode(Row);
    const char *First = Pointed.data();
    Pointed += decode(Row + 1);
    keep(std::string(First, 1));

    std::string Viewed; // so does a view
    Viewed.reserve(20);
    Viewed += decode(Row);
    std::string_view View = Viewed;
    Viewed += decode(Row + 1);
    keep(std::string(View.substr(0, 1)));

    std::string Iterated; // and an iterator
    Iterated.reserve(20);
    Iterated += decode(Row);
    auto It = Iterated.begin();
    Iterated += decode(Row + 1);
    keep(std::string(1, *It));

    std::string Referred; // and a reference to a character
    Referred.reserve(20);
    Referred += decode(Row);
    char &Head = Referred[0];
    Referred += decode(Row + 1);
    keep(std::string(1, Head));

    std::string Captured; // a lambda may do either
    Captured.reserve(20);
    auto Add = [&Captured](char C) { Captured += C; };
    Add(decode(Row));
    keep(Captured);

    std::wstring Wide; // another character type
    Wide.reserve(20);
    Wide += L'x';
  }
}

// Once per call, without a profile: silent.
std::string once(int Row) {
  std::string Text;
  Text.reserve(20);
  Text += decode(Row);
  return Text;
}
