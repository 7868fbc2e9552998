// With a heapcount profile, a class of the program that holds a container
// allocates in its constructor, and the profile names the argument as the
// constructor's caller: the allocations that came through that argument
// are the finding's, reported outside a loop when hot, with the saving.
// The objects kept are one per process that came through the call, which
// the profile counts for each caller. A call whose argument the profile saw
// only a few times is left alone.
// make_profile.py writes the profile; a site sits on its "site(NAME)" line,
// a caller on its "site(MARK)" line.
// RUN: %check_alloc_tidy %s alloc-temporary-argument %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=built:Format:4:1x5030:Formats --processes=built=300 \
// RUN:     --callers=built=hotcall:5000:10,rarecall:30:290" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json'}}" -- -std=c++17

#include <vector>

enum class Format { Code128 = 1, DataBar = 2 };

class Formats {
  std::vector<Format> List;

public:
  Formats(Format F) : List{F} {} // site(built@{F})
};

bool hasFormat(const Formats &Wanted);

bool decodeRow(int Row) {
  return Row > 0 && hasFormat(Format::DataBar); // site(hotcall@Format::DataBar)
  // CHECK-NOTES: :[[@LINE-1]]:31: warning: the temporary Formats passed to 'hasFormat' is built from 1 constant element on every call, allocating each time; a 'static const' object built once would serve every call [alloc-temporary-argument]
  // CHECK-NOTES: :21:23: note: 'Formats' holds them in its member 'List', which allocates when it is built
  // CHECK-NOTES: :[[@LINE-3]]:31: note: heapcount's profile: in the profiled run the argument for 'Wanted' allocated 5,000 times (the container and what it holds, in 10 processes); a 'static const' object built once would save about 4,990 allocations
  // CHECK-FIXES: {{^}}  static const Formats Wanted = Format::DataBar;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  return Row > 0 && hasFormat(Wanted); // site(hotcall{{.*}}
}

// The profile saw 30 allocations through this call: fewer than
// ProfileMinAllocations (100), and no loop: silent.
bool startUp() {
  return hasFormat(Format::Code128); // site(rarecall@Format::Code128)
}
