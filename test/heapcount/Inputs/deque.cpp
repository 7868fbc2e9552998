// The STL: a std::deque of 9,001 elements of 100 bytes allocates one block
// per few elements plus its map, and a std::string per element here.
#include <cstdio>
#include <deque>
#include <string>

struct Record {
  char Bytes[100];
};

int main() {
  std::deque<Record> Records;
  for (int I = 0; I < 9001; ++I)
    Records.push_back(Record{});
  std::deque<std::string> Names;
  for (int I = 0; I < 9001; ++I)
    Names.emplace_back(100, 'n');
  std::printf("%zu records, %zu names\n", Records.size(), Names.size());
  return 0;
}
