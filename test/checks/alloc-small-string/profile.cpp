// A heapcount profile (the global option ProfileFile) gives each finding the
// allocations measured where the string is built and what the change would
// save; with MinProfiledAllocations, one whose code the profile covers but
// that allocated less is silent. make_profile.py writes the profile for the
// runner's clean copy of this file; a site sits on its "site(NAME)" line.
// RUN: %check_alloc_tidy %s alloc-small-string %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=decl:char:1:44x5000:each --container=decl=string \
// RUN:     --site=temp:char:1:47x3:temporaries --container=temp=string \
// RUN:     --allocation-site=plain:23x500:filter" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json'}}"
// RUN: %check_alloc_tidy -check-suffix=MIN %s alloc-small-string %t.min \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.min.cpp %t.min.json \
// RUN:     --site=decl:char:1:44x5000:each --container=decl=string \
// RUN:     --site=temp:char:1:47x3:temporaries --container=temp=string" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.min.json', MinProfiledAllocations: 10}}"
// RUN: %check_alloc_tidy -check-suffix=ELSEWHERE %s alloc-small-string %t.elsewhere \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.elsewhere.cpp %t.elsewhere.json \
// RUN:     --path=/elsewhere/s.cpp --site=decl:char:1:44x5000:each --container=decl=string" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.elsewhere.json', MinProfiledAllocations: 10}}"
// RUN: %check_alloc_tidy -check-suffix=STALE %s alloc-small-string %t.stale \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.stale.cpp %t.stale.json \
// RUN:     --hash=stale --site=decl:char:1:44x5000:each --container=decl=string" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.stale.json', MinProfiledAllocations: 10}}"
// A stale profile is one warning without a location, credited to the check
// that read it (issue 34, item 7).
// CHECK-MESSAGES-STALE: {{^}}warning: the heapcount profile '{{.*}}stale.json' is stale for '{{.*}}': the file has changed since it was profiled; {{.*}} (profile the program again) [alloc-small-string]

#include <cstdio>
#include <string>

void log(const std::string &S);

// Hot: 5,000 constructions; 'static const' keeps one.
void each(int N) {
  for (int I = 0; I < N; ++I) {
    std::string Header = "a header much longer than the inline buffer"; // site(decl@Header)
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'Header' is a std::string built from a string literal too long
    // CHECK-MESSAGES-MIN: :[[@LINE-2]]:17: warning: 'Header' is a std::string built from a string literal too long
    // CHECK-MESSAGES-ELSEWHERE: :[[@LINE-3]]:17: warning: 'Header' is a std::string built from a string literal too long
    // CHECK-MESSAGES-STALE: :[[@LINE-4]]:17: warning: 'Header' is a std::string built from a string literal too long
    // CHECK-NOTES: :[[@LINE-5]]:17: warning: 'Header' is a std::string built from a string literal too long for its inline buffer, so every run of its declaration allocates; declared 'static const' it would allocate only once [alloc-small-string]
    // CHECK-NOTES: :[[@LINE-6]]:17: note: heapcount's profile: in the profiled run 'Header' allocated 5,000 times (each for 44 elements); declared 'static const', it would save about 4,999 allocations
    // CHECK-NOTES: :[[@LINE-7]]:26: note: the literal has 43 characters; libstdc++ keeps at most 15 inline, so each construction allocates once
    // CHECK-NOTES: :[[@LINE-9]]:3: note: this loop runs it on every iteration
    // CHECK-NOTES: :[[@LINE+1]]:15: note: not a std::string_view: this use needs a std::string
    std::puts(Header.c_str());
  }
}
// CHECK-FIXES: static const std::string Header
// CHECK-FIXES-MIN: static const std::string Header
// CHECK-FIXES-ELSEWHERE: static const std::string Header
// CHECK-FIXES-STALE: static const std::string Header

// Cold: 3 constructions; silent at MinProfiledAllocations 10.
void temporaries(int N) {
  for (int I = 0; I < N; ++I)
    log(std::string("another literal longer than fifteen characters")); // site(temp@std::string)
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: this temporary std::string is built from a string literal too long
  // CHECK-MESSAGES-ELSEWHERE: :[[@LINE-2]]:9: warning: this temporary std::string is built from a string literal too long
  // CHECK-MESSAGES-STALE: :[[@LINE-3]]:9: warning: this temporary std::string is built from a string literal too long
  // CHECK-NOTES: :[[@LINE-4]]:9: warning: this temporary std::string is built from a string literal too long for its inline buffer, so it allocates every time it is evaluated; a 'static const' std::string would allocate only once [alloc-small-string]
  // CHECK-NOTES: :[[@LINE-5]]:9: note: heapcount's profile: in the profiled run 'the temporary' allocated 3 times (each for 47 elements); a 'static const' string would save about 2 allocations
  // CHECK-NOTES: :[[@LINE-6]]:21: note: the literal has 46 characters
  // CHECK-NOTES: :[[@LINE-8]]:3: note: this loop runs it on every iteration
  // CHECK-NOTES: :[[@LINE-8]]:9: note: no fix-it: a 'static const std::string' needs a name of your choosing; or 'log' could take a std::string_view
}

// heapcount records a string built by libstdc++'s compiled code at -O2 as a
// plain allocation site (it sees no allocator frame): counted all the same.
// Not in the MIN run's profile: silent there.
bool filter(const std::string &Line) {
  const std::string Prefix = "Note: including file: "; // site(plain@=)
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'Prefix' is a std::string built from a string literal too long
  // CHECK-MESSAGES-ELSEWHERE: :[[@LINE-2]]:21: warning: 'Prefix' is a std::string built from a string literal too long
  // CHECK-MESSAGES-STALE: :[[@LINE-3]]:21: warning: 'Prefix' is a std::string built from a string literal too long
  // CHECK-NOTES: :[[@LINE-4]]:21: warning: 'Prefix' is a std::string built from a string literal too long for its inline buffer, so every run of its declaration allocates; declared 'static const' it would allocate only once [alloc-small-string]
  // CHECK-NOTES: :[[@LINE-5]]:21: note: heapcount's profile: in the profiled run 'Prefix' allocated 500 times (each for 23 elements); declared 'static const', it would save about 499 allocations
  // CHECK-NOTES: :[[@LINE-6]]:30: note: the literal has 22 characters
  // CHECK-NOTES: :[[@LINE-8]]:6: note: it runs once per call of 'filter'
  // CHECK-NOTES: :[[@LINE+1]]:41: note: not a std::string_view: this use needs a std::string
  return Line.compare(0, Prefix.size(), Prefix) == 0;
}
// CHECK-FIXES: static const std::string Prefix
// CHECK-FIXES-ELSEWHERE: static const std::string Prefix
// CHECK-FIXES-STALE: static const std::string Prefix
