// A std::vector moves its elements to new storage as it grows only when
// their move constructor cannot throw (std::move_if_noexcept); otherwise it
// copies them, and a copy of an element that owns memory allocates. A deque
// never moves its elements, so for such elements the change could cost more
// allocations than it saves: silent. Elements that move freely are flagged,
// and so are elements copied by a constructor that cannot allocate.
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t

#include <deque>
#include <string>
#include <vector>

// Negative: a copy constructor and a destructor, so no implicit move; each
// element holds a buffer of its own that every copy allocates again.
struct AlignStack {
  AlignStack() = default;
  AlignStack(const AlignStack &Other) : Entries(Other.Entries) {}
  ~AlignStack() {}
  std::vector<int> Entries;
};
int alignStacks(int N) {
  std::deque<AlignStack> Stacks;
  for (int I = 0; I < N; ++I)
    Stacks.emplace_back();
  return static_cast<int>(Stacks.size());
}

// Negative: a move constructor that may throw; the vector copies instead.
struct Throwing {
  Throwing() = default;
  Throwing(const Throwing &) = default;
  Throwing(Throwing &&Other) : Text(std::move(Other.Text)) {}
  std::string Text;
};
int throwing(int N) {
  std::deque<Throwing> Items;
  for (int I = 0; I < N; ++I)
    Items.emplace_back();
  return static_cast<int>(Items.size());
}

// Positive: a noexcept move constructor, the vector moves.
struct Movable {
  Movable() = default;
  Movable(const Movable &) = default;
  Movable(Movable &&Other) noexcept : Text(std::move(Other.Text)) {}
  std::string Text;
};
int movable(int N) {
  std::deque<Movable> Items;
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'Items' is a std::deque used only at its back
  for (int I = 0; I < N; ++I)
    Items.emplace_back();
  return static_cast<int>(Items.size());
}
// CHECK-FIXES: std::vector<Movable> Items;

// Positive: the implicit members of an aggregate move.
struct Plain {
  int Id;
  std::string Name;
};
int plain(int N) {
  std::deque<Plain> Rows;
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'Rows' is a std::deque used only at its back
  for (int I = 0; I < N; ++I)
    Rows.push_back({I, "row"});
  return static_cast<int>(Rows.size());
}
// CHECK-FIXES: std::vector<Plain> Rows;

// Positive: a copy constructor and no move, but the copy copies a number
// and a pointer and calls nothing: growth copies them without allocating.
struct Entry {
  Entry(unsigned long Seq, int *Chunk) : Seq(Seq), Chunk(Chunk) {}
  Entry(const Entry &Ref) : Seq(Ref.Seq), Chunk(Ref.Chunk) {}
  unsigned long Seq;
  int *Chunk;
};
int entries(int N, int *Chunk) {
  std::deque<Entry> Stack;
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'Stack' is a std::deque used only at its back
  for (int I = 0; I < N; ++I)
    Stack.push_back(Entry(I, Chunk));
  return static_cast<int>(Stack.size());
}
// CHECK-FIXES: std::vector<Entry> Stack;

// Negative: the copy constructor calls a function, which may allocate.
int record(int);
struct Recorded {
  Recorded(int Id) : Id(Id) {}
  Recorded(const Recorded &Ref) : Id(record(Ref.Id)) {}
  int Id;
};
int recorded(int N) {
  std::deque<Recorded> Items;
  for (int I = 0; I < N; ++I)
    Items.push_back(Recorded(I));
  return static_cast<int>(Items.size());
}

// Negative: the copy constructor is defined in another unit.
struct Opaque {
  Opaque(int Id) : Id(Id) {}
  Opaque(const Opaque &Ref);
  int Id;
};
int opaque(int N) {
  std::deque<Opaque> Items;
  for (int I = 0; I < N; ++I)
    Items.push_back(Opaque(I));
  return static_cast<int>(Items.size());
}

// Negative: copied only from a non-const object, which is not how a vector
// copies as it grows: the fixed code would not compile.
struct NonConstCopy {
  NonConstCopy(int Id) : Id(Id) {}
  NonConstCopy(NonConstCopy &Ref) : Id(Ref.Id) {}
  int Id;
};
int nonConstCopy(int N) {
  std::deque<NonConstCopy> Items;
  for (int I = 0; I < N; ++I)
    Items.emplace_back(I);
  return static_cast<int>(Items.size());
}
