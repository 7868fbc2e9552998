// A string that starts as a literal and gets one character per element ends
// as long as the literal plus N: it leaves the inline buffer (15 characters
// on libstdc++) only past 15 - length elements. A known count decides;
// otherwise only a profile that saw the string allocate at the append
// reports it (the list is often a handful of flags). The note says so.
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -- -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=PROFILE %s alloc-reserve-in-loop %t.p \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.p.cpp %t.p.json \
// RUN:     --site=flags:char:1:30x20,60x20:flagNames --container=flags=string" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.p.json'}}" -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=UNBOUNDED %s alloc-reserve-in-loop %t.u \
// RUN:   -- -config="{CheckOptions: {alloc-reserve-in-loop.UnboundedStrings: true}}" -- -std=c++17

#include <string>
#include <vector>

// An 11-character prefix and one character per flag: silent without a
// profile; the profile saw it allocate 40 times at the push_back.
std::string flagNames(const std::vector<char> &Flags) {
  std::string Name = "transition:";
  for (char C : Flags)
    Name.push_back(C); // site(flags@push_back)
  // CHECK-NOTES-PROFILE: :[[@LINE-1]]:5: warning: 'Name' grows up to about log2(N) times as this loop appends N characters
  // CHECK-NOTES-PROFILE: :[[@LINE-2]]:5: note: heapcount's profile: {{.*}}
  // CHECK-NOTES-PROFILE: :[[@LINE-3]]:5: note: its final length is 11 (the literal) plus one character per element; it leaves the 15-character inline buffer past 4 elements
  // CHECK-NOTES-PROFILE: :[[@LINE-5]]:3: note: N = 'Flags.size()'; reserve(Name.size() + Flags.size()) goes before this loop
  // CHECK-NOTES-UNBOUNDED: :[[@LINE-5]]:5: warning: 'Name' grows up to about log2(N) times as this loop appends N characters
  // CHECK-NOTES-UNBOUNDED: :[[@LINE-6]]:5: note: its final length is 11 (the literal) plus one character per element; it leaves the 15-character inline buffer past 4 elements
  // CHECK-NOTES-UNBOUNDED: :[[@LINE-8]]:3: note: N = 'Flags.size()'; reserve(Name.size() + Flags.size()) goes before this loop
  return Name;
}
// CHECK-FIXES-PROFILE: Name.reserve(Name.size() + Flags.size());

// Silent without a profile, and the profile has no site here.
std::string modeNames(const std::vector<char> &Modes) {
  std::string Name("mode:");
  for (char C : Modes)
    Name += C;
  // CHECK-NOTES-UNBOUNDED: :[[@LINE-1]]:5: warning: 'Name' grows up to about log2(N) times
  // CHECK-NOTES-UNBOUNDED: :[[@LINE-2]]:5: note: its final length is 5 (the literal) plus one character per element; it leaves the 15-character inline buffer past 10 elements
  // CHECK-NOTES-UNBOUNDED: :[[@LINE-4]]:3: note: N = 'Modes.size()'
  return Name;
}

// Silent: 6 + 4 characters fit in the inline buffer.
std::string shortBound() {
  std::string S = "prefix";
  for (int I = 0; I < 4; ++I)
    S += '-';
  return S;
}

// Reported: 11 + 8 characters pass it.
std::string longBound() {
  std::string S = "transition:";
  for (int I = 0; I < 8; ++I)
    S += '-';
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'S' grows up to about log2(N) times as this loop appends N characters
  // CHECK-NOTES: :[[@LINE-2]]:5: note: its final length is 11 (the literal) plus one character per element; it leaves the 15-character inline buffer past 4 elements
  // CHECK-NOTES: :[[@LINE-4]]:3: note: N = '8'; reserve(S.size() + 8) goes before this loop
  // CHECK-NOTES-PROFILE: :[[@LINE-4]]:5: warning: 'S' grows up to about log2(N) times
  // CHECK-NOTES-PROFILE: :[[@LINE-5]]:5: note: {{.*}}
  // CHECK-NOTES-PROFILE: :[[@LINE-6]]:5: note: its final length is 11
  // CHECK-NOTES-PROFILE: :[[@LINE-8]]:3: note: N = '8'
  // CHECK-NOTES-UNBOUNDED: :[[@LINE-8]]:5: warning: 'S' grows up to about log2(N) times
  // CHECK-NOTES-UNBOUNDED: :[[@LINE-9]]:5: note: its final length is 11
  // CHECK-NOTES-UNBOUNDED: :[[@LINE-11]]:3: note: N = '8'
  return S;
}
// CHECK-FIXES: S.reserve(S.size() + 8);
// CHECK-FIXES-UNBOUNDED: Name.reserve(Name.size() + Flags.size());

// Still reported without a profile: an empty string filled per element
// grows with the data (no literal decides its length).
std::string copied(const std::vector<char> &Chars) {
  std::string S;
  for (char C : Chars)
    S.push_back(C);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'S' grows about log2(N) times
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'Chars.size()'
  // CHECK-NOTES-PROFILE: :[[@LINE-3]]:5: warning: 'S' grows about log2(N) times
  // CHECK-NOTES-PROFILE: :[[@LINE-4]]:5: note: {{.*}}
  // CHECK-NOTES-PROFILE: :[[@LINE-6]]:3: note: N = 'Chars.size()'
  // CHECK-NOTES-UNBOUNDED: :[[@LINE-6]]:5: warning: 'S' grows about log2(N) times
  // CHECK-NOTES-UNBOUNDED: :[[@LINE-8]]:3: note: N = 'Chars.size()'
  return S;
}
