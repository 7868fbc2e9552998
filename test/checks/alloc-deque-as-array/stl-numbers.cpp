// The cost note quotes the block size of the standard library in use, or of
// the one named by TargetSTL (so a Linux run can report the Windows cost).
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t -check-suffix=GNU
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t -check-suffix=LLVM -- -- -stdlib=libc++
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t -check-suffix=MSVC -- -config="{CheckOptions: {alloc-deque-as-array.TargetSTL: msvc}}"
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t -check-suffix=BIG -- -config="{CheckOptions: {alloc-deque-as-array.TargetSTL: libc++}}" -- -DBIG_ROWS

#include <deque>

struct Row {
#ifdef BIG_ROWS
  char Text[300];
#else
  char Text[24];
#endif
};

int fill() {
  std::deque<Row> Rows;
  // CHECK-NOTES-GNU: :[[@LINE-1]]:19: warning: 'Rows' is a std::deque used only at its back; a std::vector with reserve() makes 1 allocation instead of about 430 [alloc-deque-as-array]
  // CHECK-NOTES-GNU: :[[@LINE-2]]:19: note: on libstdc++, std::deque<Row> allocates one 504-byte block per 21 elements
  // CHECK-NOTES-LLVM: :[[@LINE-3]]:19: warning: 'Rows' is a std::deque used only at its back; a std::vector with reserve() makes 1 allocation instead of about 54 [alloc-deque-as-array]
  // CHECK-NOTES-LLVM: :[[@LINE-4]]:19: note: on libc++, std::deque<Row> allocates one 4080-byte block per 170 elements
  // CHECK-NOTES-MSVC: :[[@LINE-5]]:19: warning: 'Rows' is a std::deque used only at its back; a std::vector with reserve() makes 1 allocation instead of about 9002 [alloc-deque-as-array]
  // CHECK-NOTES-MSVC: :[[@LINE-6]]:19: note: on the MSVC STL, std::deque<Row> allocates one 24-byte block per 1 element
  // CHECK-NOTES-BIG: :[[@LINE-7]]:19: warning: 'Rows' is a std::deque used only at its back; a std::vector with reserve() makes 1 allocation instead of about 564 [alloc-deque-as-array]
  // CHECK-NOTES-BIG: :[[@LINE-8]]:19: note: on libc++, std::deque<Row> allocates one 4800-byte block per 16 elements
  for (int I = 0; I < 9001; ++I)
    Rows.push_back(Row{});
  // CHECK-NOTES-GNU: :[[@LINE-2]]:3: note: this loop appends 9001 elements: about 429 block allocations in a std::deque, 1 in a std::vector after reserve()
  // CHECK-NOTES-LLVM: :[[@LINE-3]]:3: note: this loop appends 9001 elements: about 53 block allocations in a std::deque
  // CHECK-NOTES-MSVC: :[[@LINE-4]]:3: note: this loop appends 9001 elements: about 9001 block allocations in a std::deque
  // CHECK-NOTES-BIG: :[[@LINE-5]]:3: note: this loop appends 9001 elements: about 563 block allocations in a std::deque
  // CHECK-FIXES-GNU: Rows.reserve(9001);
  // CHECK-FIXES-LLVM: Rows.reserve(9001);
  // CHECK-FIXES-MSVC: Rows.reserve(9001);
  // CHECK-FIXES-BIG: Rows.reserve(9001);
  return static_cast<int>(Rows.size());
}
