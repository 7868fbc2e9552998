// Loops inside lambdas and blocks: a reserve() placed in the lambda runs on
// every call, so only a container declared in the lambda's own body may get
// one. Containers the lambda reaches from outside (captured by reference or
// by copy, init-captures, members through a captured 'this') are left alone.
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -- -config="{CheckOptions: {alloc-reserve-in-loop.ReusedBuffers: true}}" -- -std=c++17 -fblocks

#include <algorithm>
#include <string>
#include <vector>

struct Group {
  std::vector<int> Items;
};

// Silent: 'out' is captured by reference and the lambda runs once per group.
// reserve(out.size() + g.Items.size()) in the lambda would grow 'out' by
// exactly that much on every call: quadratic copying.
std::vector<int> flattenForEach(const std::vector<Group> &groups) {
  std::vector<int> out;
  std::for_each(groups.begin(), groups.end(), [&](const Group &g) {
    for (int x : g.Items)
      out.push_back(x);
  });
  return out;
}

// Silent: captured by name, by reference, and the lambda is called in a loop.
std::vector<int> capturedByName(const std::vector<Group> &groups) {
  std::vector<int> out;
  auto add = [&out](const Group &g) {
    for (int x : g.Items)
      out.push_back(x);
  };
  for (const Group &g : groups)
    add(g);
  return out;
}

// Silent: a by-copy capture of a mutable lambda lives in the closure and
// keeps its elements from one call to the next.
void capturedByCopy(const std::vector<Group> &groups) {
  std::vector<int> out;
  auto add = [out](const Group &g) mutable {
    for (int x : g.Items)
      out.push_back(x);
    return out.size();
  };
  for (const Group &g : groups)
    add(g);
}

// Silent: an init-capture is also part of the closure, not of one call.
void initCapture(const std::vector<Group> &groups) {
  auto add = [out = std::vector<int>()](const Group &g) mutable {
    for (int x : g.Items)
      out.push_back(x);
    return out.size();
  };
  for (const Group &g : groups)
    add(g);
}

// Silent: a reference parameter of the enclosing function, captured.
void capturedParameter(std::vector<int> &out, const std::vector<Group> &groups) {
  std::for_each(groups.begin(), groups.end(), [&](const Group &g) {
    for (int x : g.Items)
      out.push_back(x);
  });
}

// Silent: a member reached through a captured 'this', even in a constructor.
class Index {
public:
  explicit Index(const std::vector<Group> &groups) {
    std::for_each(groups.begin(), groups.end(), [this](const Group &g) {
      for (int x : g.Items)
        Keys.push_back(x);
    });
  }

private:
  std::vector<int> Keys;
};

// Silent: a string captured by reference, nested lambdas.
std::string joinAll(const std::vector<std::vector<char>> &parts) {
  std::string s;
  auto outer = [&] {
    for (const auto &p : parts) {
      auto inner = [&] {
        for (char c : p)
          s.push_back(c);
      };
      inner();
    }
  };
  outer();
  return s;
}

// Silent: a block (-fblocks) captures '__block' variables the same way.
std::vector<int> inBlock(const std::vector<int> &in) {
  __block std::vector<int> out;
  void (^add)(void) = ^{
    for (int x : in)
      out.push_back(x);
  };
  add();
  return out;
}

// Reported: the container is declared in the lambda's own body, so it is new
// on every call and the reserve() belongs in the lambda.
std::vector<std::vector<int>> local(const std::vector<Group> &groups) {
  std::vector<std::vector<int>> all;
  std::for_each(groups.begin(), groups.end(), [&](const Group &g) {
    std::vector<int> doubled;
    for (int x : g.Items)
      doubled.push_back(2 * x);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'doubled' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
    // CHECK-FIXES: {{^}}    doubled.reserve(g.Items.size());{{$}}
    // CHECK-FIXES-NEXT: {{^}}    for (int x : g.Items){{$}}
    all.push_back(doubled);
  });
  return all;
}

// Reported without a fix-it, like a function's: a reference parameter of
// the lambda itself outlives the call and may already hold elements.
void lambdaParameter(const std::vector<Group> &groups) {
  auto fill = [](std::vector<int> &out, const Group &g) {
    for (int x : g.Items)
      out.push_back(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'out' grows up to about log2(N) times as this loop appends N elements; reserving them first allocates at most once [alloc-reserve-in-loop]
  };
  std::vector<int> all;
  for (const Group &g : groups)
    fill(all, g);
}

// Reported without a fix-it: the same loop in a plain function whose
// container is a reference parameter (the documented rule for containers
// that outlive the function).
void functionParameter(std::vector<int> &out, const Group &g) {
  for (int x : g.Items)
    out.push_back(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'out' grows up to about log2(N) times as this loop appends N elements; reserving them first allocates at most once [alloc-reserve-in-loop]
}

// Reported with a fix-it: a lambda that captures the container is created
// only after the loop, so the loop itself is plain.
std::vector<int> captureAfter(const std::vector<int> &in) {
  std::vector<int> out;
  for (int x : in)
    out.push_back(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'out' grows about log2(N)
  // CHECK-FIXES: {{^}}  out.reserve(in.size());{{$}}
  auto count = [&out] { return out.size(); };
  return count() ? out : in;
}
