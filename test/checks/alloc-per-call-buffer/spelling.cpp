// The member is declared with the local's type as the user wrote it when
// every name in it finds the same declaration at the class's closing brace;
// otherwise with every name qualified. A type declared after the class
// cannot be named there: no fix-it. The fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-per-call-buffer %t -- \
// RUN:   -config="{CheckOptions: {alloc-per-call-buffer.WithoutProfile: true}}" -- -std=c++17

#include <string>
#include <unordered_map>
#include <vector>

struct Edge {};
struct Dyndeps {
  int Count = 0;
};

// A type nested in a specialization, written with its short arguments: the
// qualified form would spell the map's hash, equality and allocator too.
class Scanner {
public:
  size_t roots(const std::unordered_map<Edge *, Dyndeps> &Deps) {
    std::vector<std::unordered_map<Edge *, Dyndeps>::const_iterator> Roots;
    // CHECK-NOTES: :[[@LINE-1]]:70: warning: 'Roots' is constructed and filled on every call of 'roots'
    // CHECK-NOTES: :[[@LINE+11]]:1: note: the member 'RootsBuffer' holds the capacity
    for (auto It = Deps.begin(); It != Deps.end(); ++It)
      if (It->second.Count > 0)
        Roots.push_back(It);
    Seen += Roots.size();
    return Roots.size();
  }

private:
  size_t Seen = 0;
// CHECK-FIXES: {{^}}  std::vector<std::unordered_map<Edge *, Dyndeps>::const_iterator> RootsBuffer;{{$}}
};

// Only a using-directive makes 'vector' visible: the member qualifies it.
namespace with_directive {
using namespace std;
class Collector {
public:
  size_t collect(int N) {
    vector<int> Items;
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'Items' is constructed and filled on every call of 'collect'
    // CHECK-NOTES: :[[@LINE+10]]:1: note: the member 'ItemsBuffer' holds the capacity
    for (int I = 0; I < N; ++I)
      Items.push_back(I);
    Total += Items.size();
    return Items.size();
  }

private:
  size_t Total = 0;
// CHECK-FIXES: {{^}}  std::vector<int> ItemsBuffer;{{$}}
};
} // namespace with_directive

// A using-declaration before the class: the written name means the same.
namespace with_declaration {
using std::vector;
class Collector {
public:
  size_t collect(int N) {
    vector<int> Items;
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'Items' is constructed and filled on every call of 'collect'
    // CHECK-NOTES: :[[@LINE+10]]:1: note: the member 'ItemsBuffer' holds the capacity
    for (int I = 0; I < N; ++I)
      Items.push_back(I);
    Total += Items.size();
    return Items.size();
  }

private:
  size_t Total = 0;
// CHECK-FIXES: {{^}}  vector<int> ItemsBuffer;{{$}}
};
} // namespace with_declaration

// The function's own using-declaration is not the class's.
class Joiner {
public:
  size_t join(int N) {
    using std::string;
    std::vector<string> Parts;
    // CHECK-NOTES: :[[@LINE-1]]:25: warning: 'Parts' is constructed and filled on every call of 'join'
    // CHECK-NOTES: :[[@LINE+10]]:1: note: the member 'PartsBuffer' holds the capacity
    for (int I = 0; I < N; ++I)
      Parts.push_back(std::string(40, 'x'));
    Total += Parts.size();
    return Parts.size();
  }

private:
  size_t Total = 0;
// CHECK-FIXES: {{^}}  std::vector<std::string> PartsBuffer;{{$}}
};

// A name the class declares itself means the class's member there, as in
// the function.
class Table {
public:
  using Row = std::string;
  size_t rows(int N) {
    std::vector<Row> Rows;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Rows' is constructed and filled on every call of 'rows'
    // CHECK-NOTES: :[[@LINE+10]]:1: note: the member 'RowsBuffer' holds the capacity
    for (int I = 0; I < N; ++I)
      Rows.push_back(Row(40, 'x'));
    Total += Rows.size();
    return Rows.size();
  }

private:
  size_t Total = 0;
// CHECK-FIXES: {{^}}  std::vector<Row> RowsBuffer;{{$}}
};

// The element type is declared after the class: the member could not name
// it there.
class Walker {
public:
  size_t walk(int N);

private:
  size_t Count = 0;
};

struct Late {
  std::string Name;
};

size_t Walker::walk(int N) {
  std::vector<Late> Items;
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: 'Items' is constructed and filled on every call of 'walk'
  // CHECK-NOTES: :[[@LINE-2]]:21: note: no fix-it: 'Late' is declared after 'Walker', where the member would name it
  // CHECK-FIXES: {{^}}  std::vector<Late> Items;{{$}}
  for (int I = 0; I < N; ++I)
    Items.push_back(Late{std::string(40, 'x')});
  Count += Items.size();
  return Items.size();
}
