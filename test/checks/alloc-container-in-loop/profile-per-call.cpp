// A loop in a function that runs again and again (called in a loop of the
// unit, directly or through its callers, or recursive): hoisted above the
// loop, the container still starts empty on every call, and the profile
// counts allocations, not calls, so it gives no saving for the fix (ninja's
// ManifestParser::ParseEdge, once per edge of a manifest: the profile said
// 3,828 where the fixed ninja saved 72). A loop in a function called once
// keeps its estimate. make_profile.py writes the profile for the runner's
// clean copy of this file; a site sits on its "site(NAME)" line.
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=perEdge:int:4:1x3000,2x1000:perEdge \
// RUN:     --site=nested:int:4:1x600:nestedInner \
// RUN:     --site=tree:int:4:1x400:tree \
// RUN:     --site=once:int:4:1x2000,2x2000:once" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json'}}"

#include <vector>

void use(const std::vector<int> &Row);

// Called once per edge by parseAll's loop: its bindings loop runs once or
// twice per call.
void perEdge(int Bindings) {
  for (int I = 0; I < Bindings; ++I) {
    std::vector<int> Values;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Values' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    // CHECK-NOTES: :[[@LINE-2]]:22: note: heapcount's profile: in the profiled run 'Values' allocated 4,000 times in this loop (for 1 to 2 elements); 'perEdge', whose every call runs the loop, is run again and again by the call at line {{[0-9]+}} (in a loop, or recursive): declared before the loop, it keeps its capacity within one call only, and the profile does not count the calls, so the saving is not estimated
    Values.push_back(I); // site(perEdge@push_back)
    use(Values);
  }
}
// CHECK-FIXES: {{^}}  std::vector<int> Values;{{$}}

void parseAll(const std::vector<int> &Edges) {
  for (int Bindings : Edges)
    perEdge(Bindings);
}

// Two callers up: nestedInner runs from nestedOuter, which a loop calls.
void nestedInner(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Row' is constructed and filled on every iteration
    // CHECK-NOTES: :[[@LINE-2]]:22: note: heapcount's profile: in the profiled run 'Row' allocated 600 times in this loop (each for 1 element); 'nestedInner', whose every call runs the loop, is run again and again by the call at line {{[0-9]+}} (in a loop, or recursive): {{.*}} so the saving is not estimated
    Row.push_back(I); // site(nested@push_back)
    use(Row);
  }
}
// CHECK-FIXES: {{^}}  std::vector<int> Row;{{$}}
void nestedOuter(int N) { nestedInner(N); }
void nestedAll(const std::vector<int> &Ns) {
  for (int N : Ns)
    nestedOuter(N);
}

// Recursive: each level runs the loop again.
struct Node {
  std::vector<Node> Children;
};
void tree(const Node &N) {
  for (const Node &Child : N.Children) {
    std::vector<int> Path;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Path' is constructed and filled on every iteration
    // CHECK-NOTES: :[[@LINE-2]]:22: note: heapcount's profile: in the profiled run 'Path' allocated 400 times in this loop (each for 1 element); 'tree', whose every call runs the loop, is run again and again by the call at line [[@LINE+3]] (in a loop, or recursive): {{.*}} so the saving is not estimated
    Path.push_back(static_cast<int>(Child.Children.size())); // site(tree@push_back)
    use(Path);
    tree(Child);
  }
}
// CHECK-FIXES: {{^}}  std::vector<int> Path;{{$}}

// Called once, from outside any loop: the estimate stands.
void once(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Row' is constructed and filled on every iteration
    // CHECK-NOTES: :[[@LINE-2]]:22: note: heapcount's profile: in the profiled run 'Row' allocated 4,000 times in this loop (for 1 to 2 elements); declared before the loop, it keeps its capacity, which would save about 3,998 allocations
    Row.push_back(I); // site(once@push_back)
    use(Row);
  }
}
// CHECK-FIXES: {{^}}  std::vector<int> Row;{{$}}
int main() {
  once(2000);
  return 0;
}
