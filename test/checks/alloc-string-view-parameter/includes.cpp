// The include a fix-it adds goes among the file's own includes, sorted
// (after <string>, before <vector>), and not at all when the file includes
// the header already, even out of order (after <vector>, where the sorter
// alone would add a second one above <vector>). The includes of the
// project's files are recorded, those inside standard headers are not
// (checks/ProjectIncludeInserter). The fixed code is compiled.
// RUN: %check_alloc_tidy %s alloc-string-view-parameter %t -- -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=HAS %s alloc-string-view-parameter %t.has -- -- -std=c++17 -DHAS_VIEW

#include <string>
#include <vector>
#ifdef HAS_VIEW
#include <string_view>
#endif
// CHECK-FIXES: {{^}}#include <string>{{$}}
// CHECK-FIXES-NEXT: {{^}}#include <string_view>{{$}}
// CHECK-FIXES-NEXT: {{^}}#include <vector>{{$}}
// CHECK-FIXES-NEXT: {{^}}#ifdef HAS_VIEW{{$}}
// CHECK-FIXES-HAS: {{^}}#include <string>{{$}}
// CHECK-FIXES-HAS-NEXT: {{^}}#include <vector>{{$}}
// CHECK-FIXES-HAS-NEXT: {{^}}#ifdef HAS_VIEW{{$}}
// CHECK-FIXES-HAS-NEXT: {{^}}#include <string_view>{{$}}
// CHECK-FIXES-HAS-NEXT: {{^}}#endif{{$}}

namespace {
bool allowed(const std::string &Name, const std::string &Chars) {
  // CHECK-MESSAGES: :[[@LINE-1]]:58: warning: 'allowed' only reads 'Chars'{{.*}} [alloc-string-view-parameter]
  // CHECK-MESSAGES-HAS: :[[@LINE-2]]:58: warning: 'allowed' only reads 'Chars'{{.*}} [alloc-string-view-parameter]
  // CHECK-FIXES: {{^}}bool allowed(const std::string &Name, std::string_view Chars) {{{$}}
  // CHECK-FIXES-HAS: {{^}}bool allowed(const std::string &Name, std::string_view Chars) {{{$}}
  return !Name.empty() && Name.find_first_not_of(Chars) == std::string::npos;
}
} // namespace

int countValid(const std::vector<std::string> &Names) {
  int Valid = 0;
  for (const std::string &Name : Names)
    Valid += allowed(Name, "abcdefghijklmnopqrstuvwxyz");
  return Valid;
}
