// Layout notes that cannot give the new size say why, and keep the old one;
// with libc++ the sizes are libc++'s (a deque is 48 bytes there).
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t
// RUN: %check_alloc_tidy -check-suffix=LIBCXX %s alloc-deque-as-array %t.libcxx -- -- -stdlib=libc++ -DWITH_VECTOR

#include <deque>
#ifdef WITH_VECTOR
#include <vector>
#endif

// Without <vector> there is no std::vector to lay out: the note says so.
class Journal {
public:
  void add(long Entry) { Entries.push_back(Entry); }
  long last() const { return Entries.back(); }

private:
  std::deque<long> Entries;
  bool Dirty = false;
  // CHECK-NOTES: :[[@LINE-2]]:20: warning: 'Entries' is a std::deque used only at its back; a std::vector holds its elements in one allocation [alloc-deque-as-array]
  // CHECK-NOTES: :[[@LINE-3]]:20: note: on libstdc++, std::deque<long> allocates one 512-byte block per 64 elements
  // CHECK-NOTES: :[[@LINE-4]]:20: note: 'Journal' is 88 bytes; its size after the change is not computed: std::vector is not declared in this translation unit
  // CHECK-NOTES-LIBCXX: :[[@LINE-5]]:20: warning: 'Entries' is a std::deque used only at its back
  // CHECK-NOTES-LIBCXX: :[[@LINE-6]]:20: note: on libc++, std::deque<long> allocates one 4096-byte block per 512 elements
  // CHECK-NOTES-LIBCXX: :[[@LINE-7]]:20: note: 'Journal' shrinks from 56 to 32 bytes (-24) when 'Entries' becomes std::vector<long>
  // CHECK-FIXES: std::vector<long> Entries;
  // CHECK-FIXES-LIBCXX: std::vector<long> Entries;
};
long useJournal() {
  Journal J;
  J.add(1);
  return J.last();
}
