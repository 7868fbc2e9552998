// Vector-like classes from the VectorLikeClasses option. One with a size
// among its template arguments (llvm::SmallVector<T, N>) keeps that many
// elements inline and, like a string, is flagged only when it outgrows them
// surely or likely: appends in a nested loop, a count that is not a constant
// or one larger than N.
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t -check-suffix=DEFAULT
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t -check-suffix=CUSTOM \
// RUN:   -- -config="{CheckOptions: {alloc-container-in-loop.VectorLikeClasses: '::mylib::Vec'}}"

using size_type = decltype(sizeof(0));

namespace llvm {
template <class T, unsigned N = 4> class SmallVector {
public:
  void push_back(const T &Value);
  template <class It> void append(It First, It Last);
  template <class... Args> void emplace_back(Args &&...A);
  void resize(size_type Count);
  void clear();
  size_type size() const;
  const T *begin() const;
  const T *end() const;
};
} // namespace llvm

namespace boost::container {
template <class T> class vector {
public:
  void push_back(const T &Value);
  void clear();
  size_type size() const;
};
} // namespace boost::container

namespace mylib {
template <class T> class Vec {
public:
  void push_back(const T &Value);
  void clear();
  size_type size() const;
};
} // namespace mylib

int consume(const llvm::SmallVector<int, 8> &V);

// A few appends stay in the inline buffer: silent.
int fewAppends(int N) {
  int Total = 0;
  for (int I = 0; I < N; ++I) {
    llvm::SmallVector<int, 8> Pair;
    Pair.push_back(I);
    Pair.push_back(-I);
    Total += consume(Pair);
  }
  return Total;
}

// Two arguments of one element are not a range: silent.
struct Span {
  Span(const int *B, const int *E);
};
int spans(const int *Data, int N) {
  int Total = 0;
  for (int I = 0; I < N; ++I) {
    llvm::SmallVector<Span, 4> Spans;
    Spans.emplace_back(Data, Data + I);
    Total += static_cast<int>(Spans.size());
  }
  return Total;
}

// Appends repeated by a nested loop outgrow it.
int nestedAppends(int N) {
  int Total = 0;
  for (int I = 0; I < N; ++I) {
    llvm::SmallVector<int, 8> Divisors;
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:31: warning: 'Divisors' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    for (int D = 1; D <= I; ++D)
      if (I % D == 0)
        Divisors.push_back(D);
    Total += consume(Divisors);
  }
  // CHECK-FIXES-DEFAULT: {{^}}  llvm::SmallVector<int, 8> Divisors;{{$}}
  // CHECK-FIXES-DEFAULT-NEXT: {{^}}  for (int I = 0; I < N; ++I) {{[{]}}{{$}}
  // CHECK-FIXES-DEFAULT-NEXT: {{^}}    Divisors.clear();{{$}}
  return Total;
}

// A count that is not a constant, or a constant beyond N. A range of unknown
// length may well fit: silent.
int counted(const int *Data, int N) {
  int Total = 0;
  for (int I = 0; I < N; ++I) {
    llvm::SmallVector<int, 8> Window;
    Window.append(Data, Data + I);
    llvm::SmallVector<int, 8> Zeros;
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:31: warning: 'Zeros' is constructed
    Zeros.resize(static_cast<size_type>(I));
    // A constant count that fits: silent.
    llvm::SmallVector<int, 8> Small;
    Small.resize(8);
    // A constant count that does not.
    llvm::SmallVector<int, 8> Large;
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:31: warning: 'Large' is constructed
    Large.resize(9);
    Total += consume(Window) + consume(Zeros) + consume(Small) + consume(Large);
  }
  // CHECK-FIXES-DEFAULT: {{^}}    llvm::SmallVector<int, 8> Window;{{$}}
  // CHECK-FIXES-DEFAULT: {{^}}    Zeros.clear();{{$}}
  // CHECK-FIXES-DEFAULT: {{^}}    llvm::SmallVector<int, 8> Small;{{$}}
  // CHECK-FIXES-DEFAULT: {{^}}    Large.clear();{{$}}
  return Total;
}

// A vector-like class without an inline buffer allocates on its first
// element, like std::vector.
int plainVectorLike(int N) {
  int Total = 0;
  for (int I = 0; I < N; ++I) {
    boost::container::vector<int> Values;
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:35: warning: 'Values' is constructed
    Values.push_back(I);
    Total += static_cast<int>(Values.size());
  }
  // CHECK-FIXES-DEFAULT: {{^}}  boost::container::vector<int> Values;{{$}}
  // CHECK-FIXES-DEFAULT-NEXT: {{^}}  for (int I = 0; I < N; ++I) {{[{]}}{{$}}
  // CHECK-FIXES-DEFAULT-NEXT: {{^}}    Values.clear();{{$}}
  return Total;
}

// Only with the option naming it.
int custom(int N) {
  int Total = 0;
  for (int I = 0; I < N; ++I) {
    mylib::Vec<int> Values;
    // CHECK-MESSAGES-CUSTOM: :[[@LINE-1]]:21: warning: 'Values' is constructed
    Values.push_back(I);
    Total += static_cast<int>(Values.size());
  }
  // CHECK-FIXES-CUSTOM: {{^}}  mylib::Vec<int> Values;{{$}}
  // CHECK-FIXES-CUSTOM-NEXT: {{^}}  for (int I = 0; I < N; ++I) {{[{]}}{{$}}
  // CHECK-FIXES-CUSTOM-NEXT: {{^}}    Values.clear();{{$}}
  return Total;
}
