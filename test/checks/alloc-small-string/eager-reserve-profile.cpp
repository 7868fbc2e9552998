// With a heapcount profile, a reserve that the string's growth would give
// it anyway is reported outside loops where the profile measured it hot (at
// least ProfileMinAllocations, 100), with the allocations it made; a
// function the profile saw run a few times is left alone. make_profile.py
// writes the profile; a site sits on its "site(NAME)" line.
// RUN: %check_alloc_tidy %s alloc-small-string %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=hot:char:1:20x33000:decodePattern --container=hot=string --processes=hot=290 \
// RUN:     --site=rare:char:1:20x12:decodeHeader --container=rare=string" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json', alloc-small-string.TargetSTL: libstdc++}}"

#include <string>

char decode(int Column);
bool isStart(char C);
std::string finish(const std::string &Text);

std::string decodePattern(int Column) {
  std::string Text;
  Text.reserve(20); // site(hot@reserve)
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: reserving 20 characters makes 'Text' allocate on every run, even when it stays within its 15-character inline buffer; its first growth past that buffer takes at least 20 anyway, so the reserve never saves an allocation [alloc-small-string]
  // CHECK-NOTES: :18:13: note: it runs once per call of 'decodePattern'
  // CHECK-NOTES: :[[@LINE-3]]:3: note: heapcount's profile: in the profiled run the reserve allocated 33,000 times (in 290 processes); without it, each run in which 'Text' stays within its inline buffer would not allocate
  // CHECK-FIXES: {{^}}  std::string Text;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  //{{$}}
  Text += decode(Column);
  if (!isStart(Text.back()))
    return {};
  for (int I = 1; I < 20; ++I)
    Text += decode(Column + I);
  return finish(Text);
}

std::string decodeHeader(int Column) {
  std::string Text;
  Text.reserve(20); // site(rare@reserve)
  Text += decode(Column);
  return finish(Text);
}
