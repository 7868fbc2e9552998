// A constant array of static storage is a table its initializer writes once;
// nothing allocates it. Below a page of padding in all it is not many
// instances; ReportAll (suffix ALL) reports it, and a bigger table or a
// mutable array still counts by default.
// RUN: %check_alloc_tidy %s alloc-padding %t -- -config="{CheckOptions: {alloc-padding.LayoutNotes: None}}" -- --target=x86_64-pc-linux-gnu
// RUN: %check_alloc_tidy %s alloc-padding %t -check-suffix=ALL -- -config="{CheckOptions: {alloc-padding.ReportAll: true, alloc-padding.LayoutNotes: None}}" -- --target=x86_64-pc-linux-gnu

#include <array>

// Negative by default: 4 entries of a table, 32 bytes saved in all.
struct Field {
  int Id;
  const char *Name;
  const char *Description;
  unsigned Flags;
};
// CHECK-MESSAGES-ALL: :[[@LINE-6]]:8: warning: 'Field' has 8 bytes of padding
const Field Fields[] = {
    {0, "none", "nothing", 0},
    {1, "hit", "a cache hit", 1},
    {2, "miss", "a cache miss", 1},
    {3, "error", "an error", 2},
};

// Negative by default: a constant std::array is a table too.
struct Entry {
  bool Enabled;
  const char *Name;
  int Count;
};
// CHECK-MESSAGES-ALL: :[[@LINE-5]]:8: warning: 'Entry' has 11 bytes of padding
const std::array<Entry, 2> Entries = {{{true, "a", 1}, {false, "b", 2}}};
// A reference to it views the same table.
int countEnabled(const std::array<Entry, 2> &Table);

// Positive in both runs: a constant table of 1024 entries saves 8 KB.
struct Code {
  char Kind;
  double Weight;
  char Class;
};
// CHECK-MESSAGES: :[[@LINE-5]]:8: warning: 'Code' has 14 bytes of padding
// CHECK-MESSAGES-ALL: :[[@LINE-6]]:8: warning: 'Code' has 14 bytes of padding
extern const Code Codes[1024];

// Positive in both runs: a mutable array of four.
struct Slot {
  char Used;
  double Value;
  char Kind;
};
// CHECK-MESSAGES: :[[@LINE-5]]:8: warning: 'Slot' has 14 bytes of padding
// CHECK-MESSAGES-ALL: :[[@LINE-6]]:8: warning: 'Slot' has 14 bytes of padding
Slot Slots[4];
