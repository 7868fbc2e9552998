// Templates: the check reads the template's own code, not its
// instantiations, so it warns once however often the template is
// instantiated, and stays silent on a container whose type depends on a
// template parameter.
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t

#include <string>
#include <vector>

int consume(const std::vector<int> &V);

template <class T> int counts(const std::vector<T> &In) {
  int Total = 0;
  for (const T &Item : In) {
    std::vector<int> Digits;
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'Digits' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    for (int V = static_cast<int>(Item); V > 0; V /= 10)
      Digits.push_back(V % 10);
    Total += consume(Digits);
  }
  // CHECK-FIXES: {{^}}  std::vector<int> Digits;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (const T &Item : In) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Digits.clear();{{$}}
  return Total;
}

// The element type depends on T: silent.
template <class T> int dependent(const std::vector<T> &In) {
  int Total = 0;
  for (const T &Item : In) {
    std::vector<T> Copies;
    Copies.push_back(Item);
    Total += static_cast<int>(Copies.size());
  }
  return Total;
}

// A call that depends on T may take it by non-const reference: silent.
template <class T> void handOver(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    T::take(Row);
  }
}
// Assigned from a T, which may be a vector whose buffer replaces this one's:
// silent.
template <class T> void assignedFromT(const T &Value, int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    Row = Value;
    consume(Row);
  }
}

struct Taker {
  static void take(std::vector<int> &Row);
};

// In a member function of a class template: once.
template <class T> struct Joiner {
  std::string join(const std::vector<std::vector<T>> &Rows) {
    std::string All;
    for (const std::vector<T> &Row : Rows) {
      std::vector<std::string> Line;
      // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'Line' is constructed
      for (const T &Cell : Row)
        Line.push_back(std::to_string(Cell));
      All += Line.front();
    }
    // CHECK-FIXES: {{^}}    std::vector<std::string> Line;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    for (const std::vector<T> &Row : Rows) {{[{]}}{{$}}
    // CHECK-FIXES-NEXT: {{^}}      Line.clear();{{$}}
    return All;
  }
};

int instantiate() {
  std::vector<int> Ints = {1, 2};
  std::vector<long> Longs = {3, 4};
  handOver<Taker>(2);
  assignedFromT(Ints, 2);
  return counts(Ints) + counts(Longs) + dependent(Ints) + dependent(Longs) +
         static_cast<int>(Joiner<int>().join({Ints}).size() +
                          Joiner<long>().join({Longs}).size());
}
