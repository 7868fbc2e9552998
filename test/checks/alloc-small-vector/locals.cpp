// Local vectors whose size a constant bounds: an initializer list, a fixed
// number of appends, loops with a constant trip count. A vector whose size
// never changes becomes a std::array; one that grows becomes an inline-buffer
// vector (Boost's small_vector, which this code already includes). The fixed
// file is compiled against Debian's real Boost headers.
// RUN: %check_alloc_tidy %s alloc-small-vector %t

#include <string>
#include <vector>
#include <boost/container/small_vector.hpp> // the project uses it
int consume(int);

// Only read after construction: a std::array of the same size.
int primes() {
  std::vector<int> Primes = {2, 3, 5, 7};
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'Primes' always holds 4 elements; std::array<int, 4> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-NOTES: :[[@LINE-2]]:20: note: constructed with 4 elements
  // CHECK-FIXES: {{^}}  std::array<int, 4> Primes = {2, 3, 5, 7};{{$}}
  int Sum = 0;
  for (int P : Primes)
    Sum += P;
  return Sum + Primes[1] + static_cast<int>(Primes.size()) + Primes.front();
}

// A count: value-initialised elements, which std::array<T, N>{} gives too.
int zeros(int I) {
  std::vector<double> Weights(3);
  // CHECK-NOTES: :[[@LINE-1]]:23: warning: 'Weights' always holds 3 elements; std::array<double, 3> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-NOTES: :[[@LINE-2]]:23: note: constructed with 3 elements
  // CHECK-FIXES: {{^}}  std::array<double, 3> Weights{};{{$}}
  Weights[I % 3] = 1.5;
  return static_cast<int>(Weights.at(0) + Weights.back());
}

// An explicit default constructor: std::array<Tag, 2>{} would not compile,
// so the vector keeps its size and becomes an inline-buffer vector.
struct Tag {
  explicit Tag() = default;
  int Id = 0;
};
int tags() {
  std::vector<Tag> Tags(2);
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'Tags' never holds more than 2 elements; boost::container::small_vector<Tag, 2> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-NOTES: :[[@LINE-2]]:20: note: constructed with 2 elements
  // CHECK-FIXES: {{^}}  boost::container::small_vector<Tag, 2> Tags(2);{{$}}
  return Tags[0].Id + Tags[1].Id;
}

// Braced elements need the fully braced form in a std::array.
struct Point {
  int X, Y;
};
int corners() {
  const std::vector<Point> Corners = {{0, 0}, {0, 1}, {1, 1}};
  // CHECK-NOTES: :[[@LINE-1]]:28: warning: 'Corners' always holds 3 elements; std::array<Point, 3> keeps them inline
  // CHECK-NOTES: :[[@LINE-2]]:28: note: constructed with 3 elements
  // CHECK-FIXES: {{^}}  const std::array<Point, 3> Corners = {{[{][{][{]}}0, 0}, {0, 1}, {1, 1{{[}][}][}]}};{{$}}
  int Sum = 0;
  for (const Point &P : Corners)
    Sum += P.X * P.Y;
  return Sum;
}

// Appends: a fixed number, then a loop of 4 iterations.
int appends() {
  std::vector<int> Path;
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'Path' never holds more than 6 elements; boost::container::small_vector<int, 6> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-NOTES: :[[@LINE+5]]:3: note: adds 1 element
  // CHECK-NOTES: :[[@LINE+6]]:5: note: adds 4 elements (1 per iteration of a loop that runs 4 times)
  // CHECK-NOTES: :[[@LINE+6]]:3: note: adds 1 element
  // CHECK-NOTES: :[[@LINE-5]]:20: note: on libstdc++, a std::vector makes 4 allocations while 6 elements are appended one at a time
  // CHECK-FIXES: {{^}}  boost::container::small_vector<int, 6> Path;{{$}}
  Path.push_back(0);
  for (int I = 1; I <= 4; ++I)
    Path.push_back(I);
  Path.emplace_back(5);
  int Sum = 0;
  for (int Step : Path)
    Sum += Step;
  return Sum;
}

// Appends under a condition count towards the bound as if they happened.
int conditional(bool Extra) {
  std::vector<std::string> Parts = {"a", "b"};
  // CHECK-NOTES: :[[@LINE-1]]:28: warning: 'Parts' never holds more than 3 elements; boost::container::small_vector<std::string, 3> keeps them inline
  // CHECK-NOTES: :[[@LINE-2]]:28: note: constructed with 2 elements
  // CHECK-NOTES: :[[@LINE+3]]:5: note: may add 1 element
  // CHECK-FIXES: {{^}}  boost::container::small_vector<std::string, 3> Parts = {"a", "b"};{{$}}
  if (Extra)
    Parts.push_back("c");
  return static_cast<int>(Parts.size());
}

// Nested constant loops multiply; resize() to a constant sets the size.
// Boost 1.74's small_vector<short, 14> holds only 12 elements inline (checked
// with capacity() by lib/layout's unit tests): the fix-it asks for 16.
int grid() {
  std::vector<short> Cells;
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Cells' never holds more than 14 elements; boost::container::small_vector<short, 16> keeps them inline
  // CHECK-NOTES: :[[@LINE-2]]:22: note: boost::container::small_vector<short, 14> holds only 12 elements inline (part of its buffer falls in padding); 16 is the smallest capacity that holds 14
  // CHECK-NOTES: :[[@LINE+5]]:3: note: sets the size to 2
  // CHECK-NOTES: :[[@LINE+7]]:7: note: adds 12 elements (1 per iteration of loops that run 12 times)
  // CHECK-NOTES: :[[@LINE+7]]:3: note: sets the size to 0
  // CHECK-NOTES: :[[@LINE+7]]:3: note: sets the size to 1
  // CHECK-FIXES: {{^}}  boost::container::small_vector<short, 16> Cells;{{$}}
  Cells.resize(2);
  for (int Y = 0; Y < 3; ++Y)
    for (int X = 0; X < 4; ++X)
      Cells.push_back(static_cast<short>(X * Y));
  Cells.resize(0);
  Cells.assign(1, 7);
  return static_cast<int>(Cells.size());
}

// Declared in a loop: a std::vector allocates again on every iteration.
int perIteration(int N) {
  int Total = 0;
  for (int I = 0; I < N; ++I) {
    std::vector<int> Pair = {I, I + 1};
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Pair' always holds 2 elements; std::array<int, 2> keeps them inline
    // CHECK-NOTES: :[[@LINE-2]]:22: note: constructed with 2 elements
    // CHECK-NOTES: :[[@LINE-4]]:3: note: 'Pair' is constructed again on every iteration of this loop
    // CHECK-FIXES: {{^}}    std::array<int, 2> Pair = {I, I + 1};{{$}}
    Total += consume(Pair[0] + Pair[1]);
  }
  return Total;
}

// Popped and cleared: the size changes, so an inline-buffer vector.
int stack() {
  std::vector<char> Open = {'(', '['};
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: 'Open' never holds more than 3 elements; boost::container::small_vector<char, 3> keeps them inline
  // CHECK-NOTES: :[[@LINE-2]]:21: note: constructed with 2 elements
  // CHECK-NOTES: :[[@LINE+3]]:3: note: adds 1 element
  // CHECK-FIXES: {{^}}  boost::container::small_vector<char, 3> Open = {'(', '['};{{$}}
  Open.pop_back();
  Open.push_back('{');
  char Last = Open.back();
  Open.clear();
  return Last + static_cast<int>(Open.empty());
}

// A deduced type is spelled with its element.
int deduced() {
  std::vector Sizes{8, 16, 32};
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Sizes' always holds 3 elements; std::array<int, 3> keeps them inline
  // CHECK-NOTES: :[[@LINE-2]]:15: note: constructed with 3 elements
  // CHECK-FIXES: {{^}}  std::array<int, 3> Sizes{8, 16, 32};{{$}}
  return Sizes[0] + Sizes[2];
}
