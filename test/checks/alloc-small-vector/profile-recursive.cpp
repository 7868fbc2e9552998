// A member whose element holds its own class by value (a regular
// expression node holding a vector of nodes) cannot keep its elements
// inline: the class would contain itself. Whatever sizes a profile shows,
// the check is silent there; a sibling member with the same profile is
// reported, so the test can fail.
// RUN: %check_alloc_tidy %s alloc-small-vector %t \
// RUN:   --prepare="python3 %S/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=params:Expr:56:1x500,2x500:'Expr::add(Expr const&)' \
// RUN:     --site=marks:int:4:1x500,2x500:'Expr::mark(int)'" \
// RUN:   -- -config="{CheckOptions: {alloc-small-vector.ProfileFile: '%t.json'}}"

#include <boost/container/small_vector.hpp> // the project uses it
#include <vector>

class Expr {
public:
  void add(const Expr &E) { Params.push_back(E); } // site(params@push_back)
  void mark(int M) { Marks.push_back(M); }          // site(marks@push_back)

private:
  char Op = 0;
  std::vector<Expr> Params;
  std::vector<int> Marks;
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'Marks' asked for at most 2 elements
  // CHECK-NOTES: :[[@LINE-7]]:22: note: heapcount's profile: 1000 allocations here, in 'Expr::mark(int)', for 1 to 2 elements
  // CHECK-NOTES: :[[@LINE-3]]:20: note: heapcount's profile: 1,000 allocations at its code
  // CHECK-NOTES: :[[@LINE-4]]:20: note: 'Expr' grows from 56 to 64 bytes
  // CHECK-FIXES: {{^}}  std::vector<Expr> Params;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  boost::container::small_vector<int, 2> Marks;{{$}}
};
