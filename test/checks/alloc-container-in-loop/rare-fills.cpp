// A container filled only past two or more conditions (nested ifs, a chain
// of `continue` filters, a declaration that is itself under an if) is
// usually empty, and an empty std::vector allocates nothing: silent by
// default; RareFills: true reports it. One condition, a `break` that ends
// the fill, or a condition with an append on each branch is still a fill.
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t
// RUN: %check_alloc_tidy -check-suffix=RARE %s alloc-container-in-loop %t.rare -- -config="{CheckOptions: {alloc-container-in-loop.RareFills: true}}"

#include <vector>

struct Member {
  bool Private, Init, Skip;
  int Id;
};
void report(const std::vector<int> &);

// Declared under an if, filled under two more: the uninitialised private
// members of a class without constructors.
void nestedIfs(const std::vector<std::vector<Member>> &Classes, bool Style) {
  for (const std::vector<Member> &Class : Classes) {
    if (Style) {
      std::vector<int> Uninit;
      // CHECK-MESSAGES-RARE: :[[@LINE-1]]:24: warning: 'Uninit' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
      for (const Member &M : Class)
        if (M.Private)
          if (!M.Init)
            Uninit.push_back(M.Id);
      report(Uninit);
    }
  }
}

// Two `continue` filters before the append.
void continueFilters(const std::vector<std::vector<Member>> &Groups) {
  for (const std::vector<Member> &Group : Groups) {
    std::vector<int> Adjacent;
    // CHECK-MESSAGES-RARE: :[[@LINE-1]]:22: warning: 'Adjacent' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    for (const Member &M : Group) {
      if (M.Skip)
        continue;
      if (!M.Private)
        continue;
      Adjacent.push_back(M.Id);
    }
    report(Adjacent);
  }
}

// Flagged at the default: one condition.
void oneFilter(const std::vector<std::vector<Member>> &Groups) {
  for (const std::vector<Member> &Group : Groups) {
    std::vector<int> Kept;
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'Kept' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    // CHECK-MESSAGES-RARE: :[[@LINE-2]]:22: warning: 'Kept' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    // CHECK-FIXES: {{^}}    Kept.clear();{{$}}
    // CHECK-FIXES-RARE: {{^}}    Kept.clear();{{$}}
    for (const Member &M : Group)
      if (!M.Skip)
        Kept.push_back(M.Id);
    report(Kept);
  }
}

// Flagged: the filters before the declaration skip it as well, the break
// ends the fill, and each branch appends.
void filtersBeforeAndBreak(const std::vector<std::vector<Member>> &Groups) {
  for (const std::vector<Member> &Group : Groups) {
    if (Group.empty())
      continue;
    if (Group.front().Skip)
      continue;
    std::vector<int> Ids;
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'Ids' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    // CHECK-MESSAGES-RARE: :[[@LINE-2]]:22: warning: 'Ids' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    // CHECK-FIXES: {{^}}    Ids.clear();{{$}}
    // CHECK-FIXES-RARE: {{^}}    Ids.clear();{{$}}
    for (const Member &M : Group) {
      if (M.Init) {
        Ids.clear();
        break;
      }
      if (M.Private)
        Ids.push_back(M.Id);
      else
        Ids.push_back(-M.Id);
    }
    report(Ids);
  }
}
