// heapcount --profile counts, for each site and for each count of elements
// asked for there, the processes that allocated: a loop that runs once in
// each process runs once per process, and the checks need to know how many
// (alloc-container-in-loop's saving). A shell runs this program three times,
// the last time with an argument that adds a longer line; merged with
// itself, the profile is that of six processes.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -g -O0 -std=c++17 %s -o %t/lines
// RUN: %heapcount --profile %t/lines.json -- sh -c '"$0" && "$0" && "$0" longer' %t/lines > %t/out 2> %t/err
// RUN: %python %S/Inputs/check_profile.py %t/lines.json > %t/sites
// RUN: FileCheck --check-prefix=SITES --input-file=%t/sites %s
// RUN: %heapcount merge-profiles %t/twice.json %t/lines.json %t/lines.json 2> %t/merge.err
// RUN: %python %S/Inputs/check_profile.py %t/twice.json > %t/twice
// RUN: FileCheck --check-prefix=TWICE --input-file=%t/twice %s
//
// The same program run once: one process at every count.
// RUN: %heapcount --profile %t/once.json -- %t/lines > /dev/null 2>&1
// RUN: %python %S/Inputs/check_profile.py %t/once.json | FileCheck --check-prefix=ONCE %s

#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char **argv) {
  // Three lengths in every process (3 elements), a fourth (6) in the last.
  std::vector<std::size_t> Lengths = {40, 80, 40};
  // SITES: site: profile-processes.cpp:[[@LINE-1]]:{{[0-9]+}} main | std::vector<unsigned long, std::allocator<unsigned long> > | unsigned long (8) | 3 allocs {{[0-9]+}} bytes | counts 3x3 | processes 3: 3x3
  if (argc > 1)
    Lengths.push_back(200);
  // SITES: site: profile-processes.cpp:[[@LINE-1]]:{{[0-9]+}} main | std::vector<unsigned long, std::allocator<unsigned long> > | unsigned long (8) | 1 allocs 48 bytes | counts 6x1 | processes 1: 6x1
  std::size_t Total = 0;
  for (std::size_t Length : Lengths) {
    // Longer than its inline buffer, each line allocates its length and
    // the terminating null: 41 characters twice in every process, 81 once,
    // and 201 in the last process only.
    std::string Line;
    Line.append(Length, 'x');
    // SITES: site: profile-processes.cpp:[[@LINE-1]]:{{[0-9]+}} main | std::__cxx11::basic_string<{{.*}}> | char (1) | 10 allocs 690 bytes | counts 41x6 81x3 201x1 | processes 3: 41x3 81x3 201x1
    // TWICE: site: profile-processes.cpp:[[@LINE-2]]:{{[0-9]+}} main | {{.*}} | 20 allocs 1380 bytes | counts 41x12 81x6 201x2 | processes 6: 41x6 81x6 201x2
    // ONCE: site: profile-processes.cpp:[[@LINE-3]]:{{[0-9]+}} main | {{.*}} | 3 allocs 163 bytes | counts 41x2 81x1 | processes 1: 41x1 81x1
    Total += Line.size();
  }
  std::printf("%zu\n", Total);
  return 0;
}
