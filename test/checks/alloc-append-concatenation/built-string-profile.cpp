// With a heapcount profile, a concatenation that starts a new string is
// reported where what its '+' operators and the strings built for its
// pieces allocated, less one allocation for each string it makes (as many
// as at its most allocating '+'), is at least ProfileMinAllocations (100).
// Here: 2,000 results at the first '+', 1,990 regrown at the second, and
// 2,000 temporaries for 'String(value, length)': 5,990 allocations, 3,990
// of them saved. A cold one (10 at each site) is silent. A string returned
// that a caller of this unit concatenates onto ('"  " + tagged(...)') had
// room to spare after the '+' operators' doubling, and has none reserved
// to its length: the caller's '+' may allocate where it did not, and the
// saving is a bound ("at most").
// RUN: %check_alloc_tidy %s alloc-append-concatenation %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=first:char:1:31x2000:quoted --container=first=string --element=first=char \
// RUN:     --site=second:char:1:62x1990:quoted --container=second=string --element=second=char \
// RUN:     --allocation-site=built:30x2000:quoted \
// RUN:     --site=rare:char:1:31x10:quotedRarely --container=rare=string --element=rare=char \
// RUN:     --site=rare2:char:1:62x10:quotedRarely --container=rare2=string --element=rare2=char \
// RUN:     --site=arg:char:1:31x1000:visit --container=arg=string --element=arg=char \
// RUN:     --site=arg2:char:1:62x990:visit --container=arg2=string --element=arg2=char \
// RUN:     --site=tag:char:1:31x800:tagged --container=tag=string --element=tag=char \
// RUN:     --site=tag2:char:1:62x600:tagged --container=tag2=string --element=tag2=char" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json'}}" -- -std=c++17

#include <cstddef>
#include <string>

typedef std::string String;

String quoted(const char *value, size_t length) {
  return String("\"") + String(value, length) + "\""; // site(first@+ String) site(built@String(value) site(second@+ "\"")
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: the 3 pieces of the string returned are concatenated with '+', which makes a new string whenever the result outgrows the one the '+' before made, and 'String(value, length)' is a string built only to be concatenated; reserving their total length and appending them allocates once [alloc-append-concatenation]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: heapcount's profile: in the profiled run this concatenation allocated 5,990 times (for 31 to 62 elements), 2,000 of them for the strings it made at the most allocating '+'; reserving and appending the pieces would save about 3,990 allocations
  // CHECK-FIXES: {{^}}  String result;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  result.reserve(length + 2);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  result.append("\"").append(value, length).append("\"");{{$}}
  // CHECK-FIXES-NEXT: {{^}}  return result; // site(first
}

String quotedRarely(const char *value, size_t length) {
  return String("'") + String(value, length) + "'"; // site(rare@+ String) site(rare2@+ "'")
}

// An argument: 1,000 strings made at the first '+', 990 regrown at the
// second; the new string keeps 1,000.
void record(const std::string &path);
void visit(const std::string &path, const std::string &name) {
  record(path + "." + name); // site(arg@+ ".") site(arg2@+ name)
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: the 3 pieces of the argument for 'path' are concatenated with '+'
  // CHECK-NOTES: :[[@LINE-2]]:3: note: heapcount's profile: in the profiled run this concatenation allocated 1,990 times (for 31 to 62 elements), 1,000 of them for the strings it made at the most allocating '+'; reserving and appending the pieces would save about 990 allocations
  // CHECK-FIXES: {{^}}  std::string path2;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  path2.reserve(path.size() + name.size() + 1);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  path2.append(path).append(".").append(name);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  record(path2); // site(arg{{.*}}
}

// Its caller prepends to the string returned.
std::string tagged(const std::string &name) {
  return "<" + name + ">"; // site(tag@+ name) site(tag2@+ ">")
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: the 3 pieces of the string returned are concatenated with '+'
  // CHECK-NOTES: :[[@LINE-2]]:3: note: heapcount's profile: in the profiled run this concatenation allocated 1,400 times (for 31 to 62 elements), 800 of them for the strings it made at the most allocating '+'; reserving and appending the pieces would save at most 600 allocations: a caller concatenates onto the string returned, which then has no room to spare
  // CHECK-FIXES: {{^}}  std::string result;{{$}}
}
std::string indented(const std::string &name) { return "  " + tagged(name); }
