// Counts read from the input being parsed: reserve(count) would let a crafted
// file ask for any amount of memory. Warn, suggest a bound, no fix-it.
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -- -- -std=c++17

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <istream>
#include <vector>

struct Record {
  std::uint32_t Id;
  std::uint32_t Size;
};

std::uint32_t readU32(const unsigned char *&p);

std::vector<int> fromStream(std::istream &in) {
  int n = 0;
  in >> n;
  std::vector<int> v;
  for (int i = 0; i < n; ++i)
    v.push_back(i);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'n > 0 ? n : 0'; reserve(n > 0 ? n : 0) goes before this loop
  // CHECK-NOTES: :[[@LINE-4]]:3: note: no fix-it: the count comes from input being read; a crafted value could make reserve() allocate any amount, so bound it first, e.g. std::min(count, bytesLeft / recordSize)
  return v;
}

std::vector<Record> fromFile(std::FILE *f) {
  std::uint32_t count = 0;
  if (std::fread(&count, sizeof count, 1, f) != 1)
    return {};
  std::vector<Record> records;
  for (std::uint32_t i = 0; i < count; ++i)
    records.push_back(Record{i, 0});
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'records' grows about log2(N)
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'count'; reserve(count) goes before this loop
  // CHECK-NOTES: :[[@LINE-4]]:3: note: no fix-it: the count comes from input being read
  return records;
}

std::vector<std::uint32_t> fromBuffer(const unsigned char *p) {
  std::uint32_t n = readU32(p);
  std::vector<std::uint32_t> v;
  for (std::uint32_t i = 0; i < n; ++i)
    v.push_back(readU32(p));
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'n'; reserve(n) goes before this loop
  // CHECK-NOTES: :[[@LINE-4]]:3: note: no fix-it: the count comes from input being read
  return v;
}

std::vector<std::uint32_t> fromMemcpy(const unsigned char *p) {
  std::uint32_t n;
  std::memcpy(&n, p, sizeof n);
  std::vector<std::uint32_t> v;
  for (std::uint32_t i = 0; i < n; ++i)
    v.push_back(i);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'n'; reserve(n) goes before this loop
  // CHECK-NOTES: :[[@LINE-4]]:3: note: no fix-it: the count comes from input being read
  return v;
}

// The body parses the input: the count is a claim the input makes.
std::vector<int> bodyReads(std::istream &in, unsigned n) {
  std::vector<int> v;
  for (unsigned i = 0; i < n; ++i) {
    int x;
    in >> x;
    v.push_back(x);
  }
  // CHECK-NOTES: :[[@LINE-2]]:5: warning: 'v' grows about log2(N)
  // CHECK-NOTES: :[[@LINE-6]]:3: note: N = 'n'; reserve(n) goes before this loop
  // CHECK-NOTES: :[[@LINE-7]]:3: note: no fix-it: the count comes from input being read
  return v;
}

// A count from memory the program owns is trusted: fix-it.
std::vector<int> trusted(const std::vector<int> &in) {
  std::vector<int> v;
  for (int x : in)
    v.push_back(x);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'in.size()'; reserve(in.size()) goes before this loop
  // CHECK-FIXES: v.reserve(in.size());
  return v;
}

// Names that only look like input functions, and parsing in the body of a
// loop over a container in memory: the count is the container's size, which
// no input can inflate (ninja's build.cc, cppcheck's checkother.cpp).
struct Edge {
  int Id;
  bool outputs_ready() const;
};
int parseId(const std::vector<int> &);
std::vector<int> ready(const std::vector<Edge> &edges,
                       const std::vector<std::vector<int>> &lines) {
  std::vector<int> out;
  for (const Edge &e : edges)
    out.push_back(e.outputs_ready() ? e.Id : -e.Id);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'out' grows about log2(N)
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'edges.size()'; reserve(edges.size()) goes before this loop
  // CHECK-FIXES: out.reserve(edges.size());
  std::vector<int> ids;
  for (const std::vector<int> &l : lines)
    ids.push_back(parseId(l));
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'ids' grows about log2(N)
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'lines.size()'; reserve(lines.size()) goes before this loop
  // CHECK-FIXES: ids.reserve(lines.size());
  return ids.empty() ? out : ids;
}
