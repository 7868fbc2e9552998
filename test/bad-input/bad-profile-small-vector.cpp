// alloc-small-vector's ProfileFile and ProfileCoverage: a profile that cannot
// be read (missing, not JSON, another format version, a malformed site) and a
// coverage outside (0, 1] are errors that name the option; the check still
// runs without the profile. A profile of an older version of the file (its
// hash differs), or one without a hash for the file, is stale: a warning
// names the file and no suggestion comes from it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %s %t/row.cpp
// RUN: not %alloc_tidy %t/row.cpp -checks='-*,alloc-small-vector' -config="{CheckOptions: {alloc-small-vector.ProfileFile: '%t/missing.json'}}" -- -std=c++17 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: cannot read the heapcount profile '{{.*}}missing.json' (alloc-small-vector.ProfileFile): No such file or directory; the profiles are not used [clang-tidy-config]
// MISSING-NOT: asked for

// RUN: echo '{"heapcount_profile": 1, "sites": [' > %t/truncated.json
// RUN: not %alloc_tidy %t/row.cpp -checks='-*,alloc-small-vector' -config="{CheckOptions: {alloc-small-vector.ProfileFile: '%t/truncated.json'}}" -- -std=c++17 2>&1 | FileCheck %s --check-prefix=NOT-JSON
// NOT-JSON: error: cannot read the heapcount profile '{{.*}}truncated.json' (alloc-small-vector.ProfileFile): not JSON: {{.*}}; the profiles are not used

// RUN: echo '{"heapcount_profile": 7, "sites": []}' > %t/future.json
// RUN: not %clang_tidy_plugin %t/row.cpp -checks='-*,alloc-small-vector' -config="{CheckOptions: {alloc-small-vector.ProfileFile: '%t/future.json'}}" -- -std=c++17 2>&1 | FileCheck %s --check-prefix=VERSION
// VERSION: error: cannot read the heapcount profile '{{.*}}future.json' (alloc-small-vector.ProfileFile): the profile: format version 7 is not supported (this reads 1)

// RUN: echo '{"heapcount_profile": 1, "sites": [{"file": "row.cpp", "line": 3, "element": "Cell", "element_size": 4, "counts": [[120]]}]}' > %t/bad-site.json
// RUN: not %alloc_tidy %t/row.cpp -checks='-*,alloc-small-vector' -config="{CheckOptions: {alloc-small-vector.ProfileFile: '%t/bad-site.json'}}" -- -std=c++17 2>&1 | FileCheck %s --check-prefix=BAD-SITE
// BAD-SITE: error: cannot read the heapcount profile '{{.*}}bad-site.json' (alloc-small-vector.ProfileFile): sites[0].counts[0]: not a pair of counts [elements, allocations]

// RUN: python3 %S/../checks/alloc-small-vector/Inputs/make_profile.py %t/row.cpp %t/good.json --site=cells:Cell:4:120x100:Row::Row(int)
// RUN: not %alloc_tidy %t/row.cpp -checks='-*,alloc-small-vector' -config="{CheckOptions: {alloc-small-vector.ProfileFile: '%t/good.json', alloc-small-vector.ProfileCoverage: 1.5}}" -- -std=c++17 2>&1 | FileCheck %s --check-prefix=COVERAGE
// RUN: not %alloc_tidy %t/row.cpp -checks='-*,alloc-small-vector' -config="{CheckOptions: {alloc-small-vector.ProfileFile: '%t/good.json', alloc-small-vector.ProfileCoverage: most}}" -- -std=c++17 2>&1 | FileCheck %s --check-prefix=COVERAGE
// COVERAGE: error: invalid value '{{1.5|most}}' for alloc-small-vector.ProfileCoverage: expected the share of allocations to cover, above 0 and at most 1 (such as 0.9); using 0.9 [clang-tidy-config]
// COVERAGE: warning: 'Cells' asked for at most 120 elements in 100 of the 100 allocations

// The profile is good for this file; then the file changes (a comment is
// enough): the same profile is stale.
// RUN: %alloc_tidy %t/row.cpp -checks='-*,alloc-small-vector' -config="{CheckOptions: {alloc-small-vector.ProfileFile: '%t/good.json'}}" -- -std=c++17 2>&1 | FileCheck %s --check-prefix=GOOD
// GOOD: warning: 'Cells' asked for at most 120 elements in 100 of the 100 allocations
// RUN: echo '// changed' >> %t/row.cpp
// RUN: %alloc_tidy %t/row.cpp -checks='-*,alloc-small-vector' -config="{CheckOptions: {alloc-small-vector.ProfileFile: '%t/good.json'}}" -- -std=c++17 2>&1 | FileCheck %s --check-prefix=STALE
// RUN: %clang_tidy_plugin %t/row.cpp -checks='-*,alloc-small-vector' -config="{CheckOptions: {alloc-small-vector.ProfileFile: '%t/good.json'}}" -- -std=c++17 2>&1 | FileCheck %s --check-prefix=STALE
// STALE: warning: the heapcount profile '{{.*}}good.json' is stale for '{{.*}}row.cpp': the file has changed since it was profiled; its 1 site there is ignored (profile the program again) [alloc-small-vector]
// STALE-NOT: asked for

// RUN: python3 %S/../checks/alloc-small-vector/Inputs/make_profile.py %t/row.cpp %t/nohash.json --hash=none --site=cells:Cell:4:120x100:Row::Row(int)
// RUN: %alloc_tidy %t/row.cpp -checks='-*,alloc-small-vector' -config="{CheckOptions: {alloc-small-vector.ProfileFile: '%t/nohash.json'}}" -- -std=c++17 2>&1 | FileCheck %s --check-prefix=NO-HASH
// NO-HASH: warning: the heapcount profile '{{.*}}nohash.json' is stale for '{{.*}}row.cpp': it has no hash of the file to tell whether it changed; its 1 site there is ignored (profile the program again) [alloc-small-vector]
// NO-HASH-NOT: asked for
#include <vector>

struct Cell {
  char16_t Ch;
  short Attr;
};

class Row {
public:
  explicit Row(int Width) : Cells(Width) {} // site(cells@Cells)
  int width() const { return static_cast<int>(Cells.size()); }

private:
  std::vector<Cell> Cells;
};

int main(int Argc, char **) { return Row(Argc * 40).width(); }
