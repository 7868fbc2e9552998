// With a heapcount profile (the global option ProfileFile), the allocations
// measured at the concatenation's '+' operators (where the temporaries are
// made) decide: in a loop or not, it is reported when they are at least
// ProfileMinAllocations (100), with the saving in a note; one the profile
// covers with fewer is cold and silent. When the string appended to also
// grew at the statement ('+='), the pieces appended one by one can make it
// grow at other lengths: the saving is then a bound ("at most"); when it
// did not grow there, the pieces fit as the whole did, and the saving is
// every temporary ("about"). A file the profile does not cover
// is as without a profile: silent. make_profile.py writes the profile
// for the runner's clean copy; a site sits on its "site(NAME@TEXT)" line, at
// TEXT's column.
// RUN: %check_alloc_tidy %s alloc-append-concatenation %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=first:char:1:31x2000:Tree::print --container=first=string --element=first=char \
// RUN:     --site=second:char:1:62x500:Tree::print --container=second=string --element=second=char \
// RUN:     --site=grown:char:1:64x9:Tree::print --container=grown=string --element=grown=char \
// RUN:     --site=rare:char:1:31x10:Tree::printRare --container=rare=string --element=rare=char \
// RUN:     --site=loop:char:1:40x150:Tree::printKids --container=loop=string --element=loop=char \
// RUN:     --site=fewkids:char:1:40x50:Tree::printFewKids --container=fewkids=string --element=fewkids=char \
// RUN:     --site=title:char:1:40x300:Tree::printTitle --container=title=string --element=title=char \
// RUN:     --site=titlebuilt:char:1:33x300:Tree::printTitle --container=titlebuilt=string --element=titlebuilt=char" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json'}}" -- -std=c++17

#include <string>
#include <vector>

struct Tree {
  std::string Name;
  std::vector<std::string> Kids;

  // Called for every node: 2,500 temporaries measured at its two '+', and
  // 'Out' grew 9 times at the '+='.
  void print(std::string &Out) const {
    std::string Label = Name;
    Out += "- " + Label + " (\n"; // site(first@+ Label) site(second@+ " (\n") site(grown@+=)
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: the 3 pieces appended to 'Out' are first concatenated into a temporary string, which allocates once it outgrows the inline buffer, on every call; appending them one by one makes no temporary [alloc-append-concatenation]
    // CHECK-NOTES: :[[@LINE-2]]:5: note: heapcount's profile: in the profiled run the temporary strings of this concatenation allocated 2,500 times (for 31 to 62 elements); 'Out' itself grew 9 times here, and appended one by one the pieces can make it grow at other lengths: appending the pieces one by one would save at most the temporaries' allocations
    // CHECK-FIXES: {{^}}    Out.append("- ").append(Label).append(" (\n"); // site(first
  }

  // A piece built from a literal longer than the inline buffer allocates
  // too (300 times at 'std::string'): the fix-it appends the literal, and
  // the saving counts those strings with the temporaries.
  void printTitle(std::string &Out) const {
    std::string Label = Name;
    Out += std::string("a title longer than the buffer: ") + Label; // site(title@+ Label) site(titlebuilt@std::string)
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: the 2 pieces appended to 'Out' are first concatenated
    // CHECK-NOTES: :[[@LINE-2]]:5: note: heapcount's profile: in the profiled run the temporary strings of this concatenation allocated 600 times (for 33 to 40 elements); appending the pieces one by one would save about 600 allocations
    // CHECK-FIXES: {{^}}    Out.append("a title longer than the buffer: ").append(Label); // site(title
  }

  // Cold: 10 allocations in the profiled run.
  void printRare(std::string &Out) const {
    std::string Label = Name;
    Out += "? " + Label + "\n"; // site(rare@+ Label)
  }

  // In a loop, hot: 150 measured.
  void printKids(std::string &Out) const {
    for (const std::string &Kid : Kids) {
      std::string Copy = Kid;
      Out += "  " + Copy + "\n"; // site(loop@+ Copy)
    }
    // CHECK-NOTES: :[[@LINE-2]]:7: warning: the 3 pieces appended to 'Out' are first concatenated into a temporary string, which allocates once it outgrows the inline buffer, on every iteration; appending them one by one makes no temporary [alloc-append-concatenation]
    // CHECK-NOTES: :[[@LINE-5]]:5: note: this loop runs the concatenation on every iteration
    // CHECK-NOTES: :[[@LINE-4]]:7: note: heapcount's profile: in the profiled run the temporary strings of this concatenation allocated 150 times (each for 40 elements); appending the pieces one by one would save about 150 allocations
    // CHECK-FIXES: {{^}}      Out.append("  ").append(Copy).append("\n"); // site(loop
  }

  // In a loop, cold: 50 measured.
  void printFewKids(std::string &Out) const {
    for (const std::string &Kid : Kids) {
      std::string Copy = Kid;
      Out += "  " + Copy + "\n"; // site(fewkids@+ Copy)
    }
  }
};
