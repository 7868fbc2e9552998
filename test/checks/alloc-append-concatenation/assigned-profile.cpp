// With a heapcount profile, a concatenation assigned in a loop to a string
// declared before it is reported where its '+' operators and the strings
// built for its pieces allocated at least ProfileMinAllocations (100). The
// string keeps its memory from one iteration to the next once it is
// assigned and appended to, so all of those allocations are the most the
// change saves (a bound: the string still grows for a result longer than
// any before). Here: 2,000 results at the first '+', 1,990 regrown at the
// second and 2,000 strings built for 'std::string(Word)'. A cold one (10 at
// each site) is silent.
// RUN: %check_alloc_tidy %s alloc-append-concatenation %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=first:char:1:40x2000:render --container=first=string --element=first=char \
// RUN:     --site=second:char:1:80x1990:render --container=second=string --element=second=char \
// RUN:     --allocation-site=built:30x2000:render \
// RUN:     --site=rare:char:1:40x10:renderRarely --container=rare=string --element=rare=char \
// RUN:     --site=rare2:char:1:80x10:renderRarely --container=rare2=string --element=rare2=char" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json'}}" -- -std=c++17

#include <string>

void use(const char *);

void render(const char *const *Words, int N, std::string &Out) {
  std::string Line;
  for (int I = 0; I < N; ++I) {
    Line = std::string("a prefix long enough to allocate ") + std::string(Words[I]) + ".\n"; // site(first@+ std::string(Words) site(built@std::string(Words) site(second@+ ".\n")
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: the 3 pieces assigned to 'Line' are concatenated with '+', which makes a new string whenever the result outgrows the one the '+' before made, and 'std::string(Words[I])' is a string built only to be concatenated; assigning and appending them one by one reuses the memory 'Line' has from the iterations before [alloc-append-concatenation]
    // CHECK-NOTES: :[[@LINE-3]]:3: note: this loop runs the concatenation on every iteration
    // CHECK-NOTES: :[[@LINE-3]]:5: note: heapcount's profile: in the profiled run this concatenation allocated 5,990 times (for 40 to 80 elements); assigning and appending the pieces would save at most 5,990 allocations: 'Line' keeps its memory from one iteration to the next and grows only for a result longer than any before
    // CHECK-FIXES: {{^}}    Line.assign("a prefix long enough to allocate ").append(Words[I]).append(".\n"); // site(first{{.*}}
    Out.append(Line.c_str());
  }
}

void renderRarely(const char *const *Words, int N) {
  std::string Line;
  for (int I = 0; I < N; ++I) {
    Line = std::string("a prefix long enough to allocate ") + Words[I] + ".\n"; // site(rare@+ Words) site(rare2@+ ".\n")
    use(Line.c_str());
  }
}
