// A data member in code that uses no small-vector class: no fix-it, and the
// layout note gives the size the option's example class would have without
// saying the member becomes that class (the code does not use its library).
// RUN: %check_alloc_tidy %s alloc-small-vector %t

#include <vector>

struct Run {
  unsigned short Attr;
  unsigned short Length;
};

class AttrRow {
public:
  explicit AttrRow(unsigned short Width) : Runs{{7, Width}} {}
  void set(unsigned short X, unsigned short Attr) {
    if (Attr != Runs.back().Attr)
      Runs.push_back({Attr, X});
  }
  int runs() const { return static_cast<int>(Runs.size()); }

private:
  bool Dirty = false;
  std::vector<Run> Runs;
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'Runs' starts with 1 element in every 'AttrRow' and grows only under a condition; a small vector with room for 1 keeps it inline and saves one allocation per 'AttrRow' [alloc-small-vector]
  // CHECK-NOTES: :15:44: note: 'AttrRow(unsigned short)' gives it 1 element
  // CHECK-NOTES: :18:7: note: it grows here, under a condition; beyond 1 element it allocates as a std::vector does
  // CHECK-NOTES: :[[@LINE-4]]:20: note: no fix-it: this code uses no small-vector class
  // CHECK-NOTES: :[[@LINE-5]]:20: note: 'AttrRow' grows from 32 to 40 bytes (+8) when 'Runs' becomes a small vector with room for 1 (sized as boost::container::small_vector<Run, 1>){{$}}
};

int main() {
  AttrRow Row(80);
  Row.set(3, 1);
  return Row.runs() == 2 ? 0 : 1;
}
