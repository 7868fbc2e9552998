// With a heapcount profile, a callable's copies are measured at its
// parameters' copy constructors (an implicit one's at its class), through
// the calls of the containers and algorithms that call it. When no such
// call copies an element of its own (lookups), every copy goes and the note
// predicts the saving; an insert also copies the element it places, and
// the note gives a bound. A callable measured below MinProfiledAllocations
// is silent. The fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-copied-parameter %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --allocation-site=optioncopy:40x3000:Option::Option \
// RUN:     --callers=optioncopy=insert:2000,count:1000 \
// RUN:     --allocation-site=keycopy:40x1200:Key::Key --callers=keycopy=find:1200 \
// RUN:     --allocation-site=namecopy:40x30:Name::Name --callers=namecopy=rare:30 \
// RUN:     --allocation-site=entrycopy:40x500:Entry::Entry --callers=entrycopy=each:500" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json', MinProfiledAllocations: 100}}" -- -std=c++17

#include <set>
#include <string>

struct Option { // site(optioncopy@Option)
  std::string Short, Long;
};
auto ByLong = [](Option A, Option B) { return A.Long < B.Long; };
// CHECK-NOTES: :[[@LINE-1]]:25: warning: this lambda takes 'A' and 'B' by value, and 'std::set' calls it per element: every call copies 'Option', and the copies allocate; taken by const reference, nothing would be copied [alloc-copied-parameter]
// CHECK-NOTES: :[[@LINE+5]]:43: note: 'std::set::insert' calls it here
// CHECK-NOTES: :[[@LINE+4]]:43: note: heapcount's profile: in the profiled run the copies of 'Option' made through the calls that call it allocated 3,000 times, the copies of the elements they insert among them; taking the parameters by const reference would save at most those allocations
// CHECK-FIXES: {{^}}auto ByLong = [](const Option &A, const Option &B) { return A.Long < B.Long; };{{$}}
std::set<Option, decltype(ByLong)> Options(ByLong);

void addOption(const Option &O) { Options.insert(O); } // site(insert@insert)
bool hasOption(const Option &O) { return Options.count(O) != 0; } // site(count@count)

struct Key { // site(keycopy@Key)
  std::string Text;
};
struct KeyLess {
  bool operator()(Key A, Key B) const { return A.Text < B.Text; }
  // CHECK-NOTES: :[[@LINE-1]]:23: warning: 'KeyLess::operator()' takes 'A' and 'B' by value, and 'std::set' calls it per element: every call copies 'Key', and the copies allocate; taken by const reference, nothing would be copied [alloc-copied-parameter]
  // CHECK-NOTES: :[[@LINE+5]]:12: note: 'std::set::find' calls it here
  // CHECK-NOTES: :[[@LINE+4]]:12: note: heapcount's profile: in the profiled run the copies of 'Key' made through the calls that call it allocated 1,200 times; taking the parameters by const reference would save about 1,200 allocations
  // CHECK-FIXES: {{^}}  bool operator()(const Key &A, const Key &B) const { return A.Text < B.Text; }{{$}}
};
bool findKey(const std::set<Key, KeyLess> &S, const Key &K) {
  return S.find(K) != S.end(); // site(find@.find)
}

// A callable of one parameter that an algorithm calls once per element,
// measured hot: reported (without a profile it is not).
#include <algorithm>
#include <vector>
struct Entry { // site(entrycopy@Entry)
  std::string Text;
};
size_t totalLength(const std::vector<Entry> &V) {
  size_t Total = 0;
  std::for_each(V.begin(), V.end(), [&Total](Entry E) { Total += E.Text.size(); }); // site(each@for_each)
  // CHECK-NOTES: :[[@LINE-1]]:52: warning: this lambda takes 'E' by value, and 'std::for_each' calls it per element: every call copies 'Entry', and the copies allocate; taken by const reference, nothing would be copied [alloc-copied-parameter]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: 'std::for_each' calls it here
  // CHECK-NOTES: :[[@LINE-3]]:3: note: heapcount's profile: in the profiled run the copies of 'Entry' made through the calls that call it allocated 500 times; taking the parameters by const reference would save about 500 allocations
  // CHECK-FIXES: {{^}}  std::for_each(V.begin(), V.end(), [&Total](const Entry &E) { Total += E.Text.size(); }); // site(each@for_each){{$}}
  return Total;
}

// Measured cold: silent.
struct Name { // site(namecopy@Name)
  std::string Text;
};
struct NameLess {
  bool operator()(Name A, Name B) const { return A.Text < B.Text; }
};
bool findName(const std::set<Name, NameLess> &S, const Name &N) {
  return S.count(N) != 0; // site(rare@count)
}
