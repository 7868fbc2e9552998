// With a heapcount profile, a function no call of which this unit sees is
// reported when the profile measured its copy at ProfileMinAllocations (100)
// allocations or more, with the figure in a note; a copy the profile covers
// with fewer than MinProfiledAllocations is cold and silent, even where a
// call seen here passes a temporary.
// RUN: %check_alloc_tidy %s alloc-copied-parameter %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --allocation-site=hot:48x700:record --allocation-site=cold:48x3:note" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json', MinProfiledAllocations: 10}}" -- -std=c++17

#include <string>
#include <vector>

std::vector<std::string> Log;

void record(const std::string &Event) {
  Log.push_back(Event); // site(hot@Log)
}
// CHECK-NOTES: :[[@LINE-3]]:32: warning: 'Event' is copied into 'Log' on every call; taken by value and moved, a temporary argument would not be copied (no call of it is seen in this unit)
// CHECK-NOTES: :[[@LINE-3]]:17: note: heapcount's profile: in the profiled run this statement allocated 700 times, the copy among them
// CHECK-FIXES: {{^}}void record(std::string Event) {{{$}}
// CHECK-FIXES-NEXT: {{^}}  Log.push_back(std::move(Event)); // site(hot@Log){{$}}

void note(const std::string &Text) {
  Log.push_back(Text); // site(cold@Log)
}

void caller() { note(std::string(40, 'x')); }
