// One 'static const' argument saves one allocation per iteration; where every
// iteration builds four or more other strings and containers anyway (a code
// generator's text), that is a small share of the loop's cost, and without a
// profile the check stays silent (AllocationsBeside, default 4). Only what
// runs on every path that builds the argument counts: another branch, a
// nested loop or a lambda does not, nor a default-constructed, moved or short
// string. With AllocationsBeside: 0 (suffix ALL) every such argument is
// reported; a profile that measured the argument (suffix PROFILE) reports it
// whatever runs beside it.
// RUN: %check_alloc_tidy %s alloc-temporary-argument %t -- -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=ALL %s alloc-temporary-argument %t.all -- -config="{CheckOptions: {alloc-temporary-argument.AllocationsBeside: 0}}" -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=PROFILE %s alloc-temporary-argument %t.profile \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.profile.cpp %t.profile.json \
// RUN:     --allocation-site=wrapped:29x4000:generateMethods" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.profile.json', MinProfiledAllocations: 10}}" -- -std=c++17

#include <memory>
#include <string>
#include <utility>
#include <vector>

struct Method {
  std::string name() const;
  std::vector<std::string> namespaces() const;
};
std::string qualified(const std::vector<std::string> &Parts,
                      const std::string &Name);
std::string wrap(const std::string &Type, const std::string &Wrapper);
void emit(const std::string &Text);
void emitNamed(const std::string &Name, const std::string &Text);

// Negative by default: qualified(), namespaces(), name() and wrap() twice,
// and the copy of Name, are six allocations beside the wrapper literal.
void generateMethods(const std::vector<Method> &Methods) {
  for (const Method &M : Methods) {
    std::string Name = M.name();
    std::string Copy = Name;
    std::string Input = wrap(qualified(M.namespaces(), Name),
                             "FlatBuffersMessageSerializer"); // site(wrapped@"Flat)
    // CHECK-MESSAGES-ALL: :[[@LINE-1]]:30: warning: the temporary std::string passed to 'wrap' is built from 28 constant characters on every iteration
    // CHECK-NOTES-PROFILE: :[[@LINE-2]]:30: warning: the temporary std::string passed to 'wrap' is built from 28 constant characters on every iteration
    // CHECK-NOTES-PROFILE: :[[@LINE-7]]:3: note: this loop runs it on every iteration
    // CHECK-NOTES-PROFILE: :[[@LINE-4]]:30: note: heapcount's profile: in the profiled run the argument for 'Wrapper' allocated 4,000 times (the container and what it holds); a 'static const' object built once would save about 3,999 allocations
    // CHECK-FIXES-ALL: {{^}}    static const std::string Wrapper = "FlatBuffersMessageSerializer";{{$}}
    // CHECK-FIXES-PROFILE: {{^}}    static const std::string Wrapper = "FlatBuffersMessageSerializer";{{$}}
    std::string Output = wrap(Input, Copy);
    emit(Output);
  }
}

// Positive: three allocations beside it (name() and wrap() twice) are fewer
// than four.
void generateFewer(const std::vector<Method> &Methods) {
  for (const Method &M : Methods) {
    std::string Input = wrap(M.name(),
                             "FlatBuffersMessageSerializer");
    // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: the temporary std::string passed to 'wrap' is built from 28 constant characters on every iteration
    // CHECK-MESSAGES-ALL: :[[@LINE-2]]:30: warning: the temporary std::string passed to 'wrap' is built from 28 constant characters on every iteration
    // CHECK-FIXES: {{^}}    static const std::string Wrapper = "FlatBuffersMessageSerializer";{{$}}
    // CHECK-FIXES-ALL: {{^}}    static const std::string Wrapper = "FlatBuffersMessageSerializer";{{$}}
    emit(wrap(Input, Input));
  }
}

// Positive: what the other branch, the nested loop and the lambda build does
// not run with the argument; neither do short, empty, moved or counted strings.
void generateBranches(const std::vector<Method> &Methods, bool Verbose) {
  for (const Method &M : Methods) {
    std::string Empty;
    std::string Short = "in";
    std::string Moved = std::move(Short);
    std::string Number = std::to_string(Methods.size());
    if (Verbose) {
      emitNamed(M.name(), "a description longer than any inline buffer");
      // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: the temporary std::string passed to 'emitNamed' is built from 43 constant characters on every iteration
      // CHECK-MESSAGES-ALL: :[[@LINE-2]]:27: warning: the temporary std::string passed to 'emitNamed' is built from 43 constant characters on every iteration
      // CHECK-FIXES: {{^}}      static const std::string Text = "a description longer than any inline buffer";{{$}}
      // CHECK-FIXES-ALL: {{^}}      static const std::string Text = "a description longer than any inline buffer";{{$}}

    } else {
      std::string A = M.name(), B = M.name(), C = M.name();
      emit(A + B + C);
    }
    for (const std::string &Part : M.namespaces())
      emit(Part + "." + M.name() + "." + M.name());
    auto Later = [&M] { return wrap(M.name(), M.name() + M.name()); };
    (void)sizeof(wrap(M.name(), M.name()));
    emit(Later());
  }
}

// Negative by default: new and make_unique count too.
struct Node {
  std::string Text;
};
void emitNode(std::unique_ptr<Node> N, const std::string &Kind);
void generateNodes(const std::vector<std::string> &Names) {
  for (const std::string &Name : Names) {
    auto *Raw = new Node{Name};
    auto A = std::make_unique<Node>(*Raw);
    auto B = std::make_unique<Node>(*Raw);
    auto C = std::make_unique<Node>(*Raw);
    auto D = std::make_unique<Node>(*Raw);
    emitNode(std::move(A), "a node kind longer than the inline buffer");
    // CHECK-MESSAGES-ALL: :[[@LINE-1]]:28: warning: the temporary std::string passed to 'emitNode' is built from 41 constant characters on every iteration
    // CHECK-FIXES-ALL: {{^}}    static const std::string Kind = "a node kind longer than the inline buffer";{{$}}
    emitNode(std::move(B), std::string(Name));
    delete Raw;
    (void)C;
    (void)D;
  }
}
