// Counts decoded from the bytes of a buffer that a read call filled are as
// untrusted as counts read directly: warn, suggest a bound, no fix-it. The
// decoding may be shifts and ors, a cast, or a helper of any name.
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -- -- -std=c++17

#include <cstdint>
#include <cstdio>
#include <istream>
#include <string>
#include <vector>

long read(int fd, void *buf, unsigned long count);
bool ReadFile(void *handle, void *buf, unsigned size, unsigned *got,
              void *overlapped);
std::uint32_t load32(const unsigned char *p);
void getU32(const unsigned char *p, std::uint32_t *out);
void encode(unsigned char *p, std::uint32_t value);
std::string ReadWholeFile(std::FILE *f);

// fread into a byte buffer, then shifts and ors.
std::vector<int> shiftOr(std::FILE *f) {
  unsigned char buf[4];
  if (std::fread(buf, 1, sizeof buf, f) != sizeof buf)
    return {};
  std::uint32_t n = buf[0] | buf[1] << 8 | buf[2] << 16 | buf[3] << 24;
  std::vector<int> v;
  for (std::uint32_t i = 0; i < n; ++i)
    v.push_back(0);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'n'; reserve(n) goes before this loop
  // CHECK-NOTES: :[[@LINE-4]]:3: note: no fix-it: the count comes from input being read
  return v;
}

// istream::read into a std::string's storage, a pointer into it, and a
// helper whose name says nothing about input.
std::vector<int> streamRead(std::istream &in) {
  std::string header(8, '\0');
  in.read(&header[0], 8);
  const unsigned char *p =
      reinterpret_cast<const unsigned char *>(header.data()) + 4;
  std::uint32_t count = load32(p);
  std::vector<int> v;
  for (std::uint32_t i = 0; i < count; ++i)
    v.push_back(1);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'count'; reserve(count) goes before this loop
  // CHECK-NOTES: :[[@LINE-4]]:3: note: no fix-it: the count comes from input being read
  return v;
}

// POSIX read into a std::vector's data(), then a cast.
std::vector<int> posixRead(int fd) {
  std::vector<unsigned char> buf(16);
  if (read(fd, buf.data(), buf.size()) < 4)
    return {};
  std::uint32_t n = *reinterpret_cast<const std::uint32_t *>(buf.data());
  std::vector<int> v;
  for (std::uint32_t i = 0; i < n; ++i)
    v.push_back(2);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'n'; reserve(n) goes before this loop
  // CHECK-NOTES: :[[@LINE-4]]:3: note: no fix-it: the count comes from input being read
  return v;
}

// A ReadFile-like call, and an out-argument decoder.
std::vector<int> windowsRead(void *h) {
  unsigned char buf[8];
  unsigned got = 0;
  ReadFile(h, buf, sizeof buf, &got, nullptr);
  std::uint32_t n = 0;
  getU32(buf + 4, &n);
  std::vector<int> v;
  for (std::uint32_t i = 0; i < n; ++i)
    v.push_back(3);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'n'; reserve(n) goes before this loop
  // CHECK-NOTES: :[[@LINE-4]]:3: note: no fix-it: the count comes from input being read
  return v;
}

// A whole file returned by a reading function, then a byte of it.
std::vector<int> slurped(std::FILE *f) {
  std::string data = ReadWholeFile(f);
  std::size_t n = static_cast<unsigned char>(data[0]);
  std::vector<int> v;
  for (std::size_t i = 0; i < n; ++i)
    v.push_back(4);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'n'; reserve(n) goes before this loop
  // CHECK-NOTES: :[[@LINE-4]]:3: note: no fix-it: the count comes from input being read
  return v;
}

// Fix-it: the buffer was read from a file, but the count is its size, which
// is memory the program already holds.
std::vector<int> sizeOfBuffer(std::istream &in) {
  std::string line;
  std::getline(in, line);
  std::size_t n = line.size();
  std::vector<int> v;
  for (std::size_t i = 0; i < n; ++i)
    v.push_back(line[i]);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'n'; reserve(n) goes before this loop
  // CHECK-FIXES: {{^}}  v.reserve(n);{{$}}
  return v;
}

// Fix-it: the buffer is filled by the program itself, not read.
std::vector<int> ownBytes(std::uint32_t value) {
  unsigned char buf[4];
  encode(buf, value);
  std::uint32_t n = buf[0] | buf[1] << 8;
  std::vector<int> v;
  for (std::uint32_t i = 0; i < n; ++i)
    v.push_back(5);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'n'; reserve(n) goes before this loop
  // CHECK-FIXES: {{^}}  v.reserve(n);{{$}}
  return v;
}

// Fix-it: the count is passed to the read call by value (how many bytes to
// read), which does not change it.
std::vector<int> countPassedToRead(std::FILE *f, std::size_t n) {
  std::vector<unsigned char> bytes(n);
  std::fread(bytes.data(), 1, n, f);
  std::vector<int> v;
  for (std::size_t i = 0; i < n; ++i)
    v.push_back(6);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'n'; reserve(n) goes before this loop
  // CHECK-FIXES: {{^}}  v.reserve(n);{{$}}
  return v;
}
