// A vector or string that a member function builds on every call and drops
// at its end: kept in a member of the class and cleared where it was
// declared, it keeps its capacity between calls. The fixed file is
// compiled. Without a profile the check reports only with WithoutProfile.
// RUN: %check_alloc_tidy %s alloc-per-call-buffer %t -- \
// RUN:   -config="{CheckOptions: {alloc-per-call-buffer.WithoutProfile: true}}" -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=DEFAULT %s alloc-per-call-buffer %t.default -- -- -std=c++17

#include <string>
#include <vector>

struct Value {
  explicit Value(const std::string &S) : Text(S) {}
  std::string Text;
};

// Filled by a private member through a reference parameter, then copied
// into a value: the members end in '_', so does the new one.
class Reader {
public:
  explicit Reader(const char *Input) : input_(Input) {}
  bool decodeString(int Length) {
    std::string decoded;
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'decoded' is constructed and filled on every call of 'decodeString', allocating each time; kept in a member of 'Reader' and cleared here, it would keep its capacity between calls [alloc-per-call-buffer]
    // CHECK-NOTES: :[[@LINE+20]]:1: note: the member 'decoded_' holds the capacity as long as the 'Reader' lives
    // CHECK-FIXES: {{^}}    std::string &decoded = decoded_;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    decoded.clear();{{$}}
    if (!decode(Length, decoded))
      return false;
    Value V(decoded);
    last_ = V.Text.size();
    return true;
  }

private:
  bool decode(int Length, std::string &Out) {
    Out.reserve(Length);
    for (int I = 0; I < Length; ++I)
      Out += input_[I];
    return !Out.empty();
  }

  const char *input_;
  size_t last_ = 0;
};
// CHECK-FIXES: {{^}}  std::string decoded_;{{$}}
// CHECK-FIXES-NEXT: {{^}}};{{$}}

// A vector grown in a loop of the function and only read after it; the
// members start with "m_", and the last section is public: the member goes
// in a new private one.
struct Histogram {
  explicit Histogram(int Bins) : m_bins(Bins) {}
  int median(const std::vector<int> &Samples) {
    std::vector<int> Sorted;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Sorted' is constructed and filled on every call of 'median', allocating each time; kept in a member of 'Histogram' and cleared here, it would keep its capacity between calls [alloc-per-call-buffer]
    // CHECK-NOTES: :[[@LINE+11]]:1: note: the member 'm_Sorted' holds the capacity as long as the 'Histogram' lives
    // CHECK-FIXES: {{^}}    std::vector<int> &Sorted = m_Sorted;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    Sorted.clear();{{$}}
    for (int S : Samples)
      if (S >= 0)
        Sorted.push_back(S);
    m_calls++;
    return Sorted.empty() ? 0 : Sorted[Sorted.size() / 2];
  }
  int m_calls = 0;
  int m_bins;
};
// CHECK-FIXES: {{^}}private:{{$}}
// CHECK-FIXES-NEXT: {{^}}  std::vector<int> m_Sorted;{{$}}
// CHECK-FIXES-NEXT: {{^}}};{{$}}

// The elements' destructors run the user's code: kept in a member, they
// would run at the next call. Reported, without a fix-it.
// The function asks for the capacity: a member would keep what the last
// call reached, and 'capacity() != 0' would mean something else.
class Writer {
public:
  int required(int N);

private:
  int Written = 0;
};
int Writer::required(int N) {
  std::vector<std::string> Required;
  // CHECK-NOTES: :[[@LINE-1]]:28: warning: 'Required' is constructed and filled on every call of 'required'
  for (int I = 0; I < N; ++I)
    if (I % 2)
      Required.push_back(std::to_string(I));
  if (Required.capacity() != 0)
    // CHECK-NOTES: :[[@LINE-1]]:7: note: no fix-it: the function asks for 'Required''s capacity(), which a buffer kept between calls would change
    Written += static_cast<int>(Required.size());
  return Written;
}
// CHECK-FIXES: {{^}}  std::vector<std::string> Required;{{$}}

struct Handle {
  ~Handle();
  int Fd = 0;
};
class Pool {
public:
  int open(int N);

private:
  int Count = 0;
};
int Pool::open(int N) {
  std::vector<Handle> Opened;
  // CHECK-NOTES: :[[@LINE-1]]:23: warning: 'Opened' is constructed and filled on every call of 'open'
  // CHECK-NOTES: :[[@LINE-2]]:23: note: no fix-it: its elements would be destroyed at the next call instead of at the end of this one
  for (int I = 0; I < N; ++I)
    Opened.emplace_back();
  Count += static_cast<int>(Opened.size());
  return Count;
}

// A constructor's member initializer calls the function: a member declared
// last would be used before it is constructed. Reported, without a fix-it.
class Catalog {
public:
  Catalog() : Count(load(3)) {}
  int load(int N) {
    std::vector<int> Ids;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Ids' is constructed and filled on every call of 'load'
    // CHECK-NOTES: :[[@LINE-6]]:7: note: no fix-it: a member initializer of 'Catalog' calls a member function, which could use the new member before it is constructed
    for (int I = 0; I < N; ++I)
      Ids.push_back(I);
    return static_cast<int>(Ids.size());
  }

private:
  int Count;
};

// Two functions of one class with buffers of the same name: each gets a
// member of its own.
class Lines {
public:
  size_t first(const std::string &Text) {
    std::string Line;
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'Line' is constructed and filled on every call of 'first'
    // CHECK-NOTES: :[[@LINE+21]]:1: note: the member 'LineBuffer' holds the capacity as long as the 'Lines' lives
    // CHECK-FIXES: {{^}}    std::string &Line = LineBuffer;{{$}}
    for (char C : Text)
      if (C != '\n')
        Line.push_back(C);
    return Line.size();
  }
  size_t last(const std::string &Text) {
    std::string Line;
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'Line' is constructed and filled on every call of 'last'
    // CHECK-NOTES: :[[@LINE+11]]:1: note: the member 'LineBufferBuffer' holds the capacity as long as the 'Lines' lives
    // CHECK-FIXES: {{^}}    std::string &Line = LineBufferBuffer;{{$}}
    for (char C : Text)
      Line.push_back(C);
    return Line.size() + Count;
  }

private:
  size_t Count = 0;
  // CHECK-FIXES: {{^}}  std::string LineBuffer;{{$}}
  // CHECK-FIXES: {{^}}  std::string LineBufferBuffer;{{$}}
};

// Filled through a pointer, in the style that marks an output at the call
// ("readName(&name)"): the helper tests the pointer and appends through it.
class Lexer {
public:
  explicit Lexer(const char *Input) : input_(Input) {}
  size_t nextName() {
    std::string name;
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'name' is constructed and filled on every call of 'nextName', allocating each time; kept in a member of 'Lexer' and cleared here, it would keep its capacity between calls [alloc-per-call-buffer]
    // CHECK-NOTES: :[[@LINE+18]]:1: note: the member 'name_' holds the capacity as long as the 'Lexer' lives
    // CHECK-FIXES: {{^}}    std::string &name = name_;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    name.clear();{{$}}
    if (!readName(&name))
      return 0;
    return name.size();
  }

private:
  bool readName(std::string *out) {
    if (out == nullptr)
      return false;
    while (*input_ != '\0' && *input_ != ' ')
      out->push_back(*input_++);
    return !out->empty();
  }

  const char *input_;
};
// CHECK-FIXES: {{^}}  std::string name_;{{$}}
// CHECK-FIXES-NEXT: {{^}}};{{$}}

// CHECK-NOTES-DEFAULT-NOT: warning:

// No fix-it: declared in an 'if''s init-statement, where no statement can
// follow the declaration.
class Splitter {
public:
  explicit Splitter(int Limit) : Limit(Limit) {}
  int count(const std::string &Text) {
    if (std::vector<char> Marks; !Text.empty()) {
      // CHECK-NOTES: :[[@LINE-1]]:27: warning: 'Marks' is constructed and filled on every call of 'count', allocating each time; kept in a member of 'Splitter' and cleared here, it would keep its capacity between calls [alloc-per-call-buffer]
      // CHECK-NOTES: :[[@LINE-2]]:27: note: no fix-it: it is declared in the init-statement of an 'if' or a 'switch', where no statement can clear it
      for (char C : Text)
        if (C == ' ')
          Marks.push_back(C);
      return static_cast<int>(Marks.size()) + Limit;
    }
    return Limit;
  }

private:
  int Limit;
};

int main() {
  Reader R("abc");
  Histogram H(4);
  Catalog C;
  Lines L;
  Lexer X("ab c");
  return R.decodeString(3) && H.median({1, 2, 3}) == 2 && C.load(2) == 2 &&
                 L.first("ab") + L.last("c") == 3 && X.nextName() == 2
             ? 0
             : 1;
}
