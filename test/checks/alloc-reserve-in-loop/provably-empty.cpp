// The reserve fix-it where the container is provably empty before the loop
// reserves N, not size() + N, and keeps the loop's indentation, tabs
// included (issue 34, item 13: a tab became one space, and a container just
// cleared, or a member in its constructor, got a size() + N that is 0 + N).
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -- -config="{CheckOptions: {alloc-reserve-in-loop.ReusedBuffers: true}}" -- -std=c++17

#include <unordered_map>
#include <vector>

void use(const std::vector<int> &V);

// Tab-indented: the inserted line is indented with the loop's tab.
void tabbed(int n) {
	std::vector<int> v;
	for (int i = 0; i < n; ++i)
		v.push_back(i);
	// CHECK-NOTES: :[[@LINE-1]]:3: warning: 'v' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
	// CHECK-NOTES: :[[@LINE-3]]:2: note: N = 'n > 0 ? n : 0'; reserve(n > 0 ? n : 0) goes before this loop
	// CHECK-FIXES: {{^}}	v.reserve(n > 0 ? n : 0);{{$}}
	// CHECK-FIXES-NEXT: {{^}}	for (int i = 0; i < n; ++i){{$}}
	use(v);
}

// Cleared right before the loop: empty there, whatever it held.
void refill(std::vector<int> &v, int n) {
  v.clear();
  for (int i = 0; i < n; ++i)
    v.push_back(i);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'n > 0 ? n : 0'; reserve(n > 0 ? n : 0) goes before this loop
  // CHECK-FIXES: v.clear();
  // CHECK-FIXES-NEXT: v.reserve(n > 0 ? n : 0);
}

// A call between clear() and the loop may fill it again: size() + N, and no
// fix-it for a container that outlives the function (negative).
void refillAfterCall(std::vector<int> &v, int n, void (*f)()) {
  v.clear();
  f();
  for (int i = 0; i < n; ++i)
    v.push_back(i);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'v' grows up to about log2(N) times
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'n > 0 ? n : 0'; reserve(v.size() + (n > 0 ? n : 0)) goes before this loop
  // CHECK-NOTES: :[[@LINE-4]]:3: note: no fix-it: 'v' outlives this function
}

struct Table {
  std::unordered_map<int, int> m;
  std::vector<int> w;
  void fill();

  // Members in their constructor: empty until something fills them.
  explicit Table(int n) {
    for (int i = 0; i < n; ++i)
      m.emplace(i, i);
    // CHECK-NOTES: :[[@LINE-1]]:7: warning: 'm' rehashes about log2(N) times as this loop inserts up to N elements; reserving them first sizes its buckets once [alloc-reserve-in-loop]
    // CHECK-NOTES: :[[@LINE-3]]:5: note: N = 'n > 0 ? n : 0'; reserve(n > 0 ? n : 0) goes before this loop
    // CHECK-FIXES: m.reserve(n > 0 ? n : 0);
    for (int i = 0; i < n; ++i)
      w.push_back(i);
    // CHECK-NOTES: :[[@LINE-1]]:7: warning: 'w' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
    // CHECK-NOTES: :[[@LINE-3]]:5: note: N = 'n > 0 ? n : 0'; reserve(n > 0 ? n : 0) goes before this loop
    // CHECK-FIXES: w.reserve(n > 0 ? n : 0);
  }

  // Initialized with elements: size() + N (negative for reserve(N)).
  Table(int n, bool) : w{1, 2} {
    for (int i = 0; i < n; ++i)
      w.push_back(i);
    // CHECK-NOTES: :[[@LINE-1]]:7: warning: 'w' grows up to about log2(N) times
    // CHECK-NOTES: :[[@LINE-3]]:5: note: N = 'n > 0 ? n : 0'; reserve(w.size() + (n > 0 ? n : 0)) goes before this loop
    // CHECK-FIXES: w.reserve(w.size() + (n > 0 ? n : 0));
  }

  // A member function runs first and may fill it: size() + N (negative).
  Table(int n, int) {
    fill();
    for (int i = 0; i < n; ++i)
      w.push_back(i);
    // CHECK-NOTES: :[[@LINE-1]]:7: warning: 'w' grows up to about log2(N) times
    // CHECK-NOTES: :[[@LINE-3]]:5: note: N = 'n > 0 ? n : 0'; reserve(w.size() + (n > 0 ? n : 0)) goes before this loop
    // CHECK-FIXES: w.reserve(w.size() + (n > 0 ? n : 0));
  }
};

// An append on the other branch of an 'if' never runs before the loop: the
// vector is empty there, reserve(N) (glslang's constants: an array branch
// and a matrix branch fill one vector).
std::vector<int> branches(bool Array, int n) {
  std::vector<int> v;
  if (Array) {
    v.push_back(n);
  } else {
    for (int i = 0; i < n; ++i)
      v.push_back(i);
    // CHECK-NOTES: :[[@LINE-1]]:7: warning: 'v' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
    // CHECK-NOTES: :[[@LINE-3]]:5: note: N = 'n > 0 ? n : 0'; reserve(n > 0 ? n : 0) goes before this loop
    // CHECK-FIXES: {{^}}    v.reserve(n > 0 ? n : 0);{{$}}
  }
  return v;
}

// Filled before the 'if' that holds the loop: size() + N (negative for
// reserve(N)).
std::vector<int> headed(bool Array, int n) {
  std::vector<int> v;
  v.push_back(n);
  if (Array) {
    v.push_back(n);
  } else {
    for (int i = 0; i < n; ++i)
      v.push_back(i);
    // CHECK-NOTES: :[[@LINE-1]]:7: warning: 'v' grows up to about log2(N) times
    // CHECK-NOTES: :[[@LINE-3]]:5: note: N = 'n > 0 ? n : 0'; reserve(v.size() + (n > 0 ? n : 0)) goes before this loop
    // CHECK-FIXES: {{^}}    v.reserve(v.size() + (n > 0 ? n : 0));{{$}}
  }
  return v;
}
