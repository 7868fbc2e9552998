// The suite's third test: 20 vectors of a struct, each reserved for 50.
#include <cstdio>
#include <vector>

struct Point {
  double X, Y, Z;
};

int main() {
  std::size_t Total = 0;
  for (int I = 0; I < 20; ++I) {
    std::vector<Point> Points;
    Points.reserve(50);
    // RESERVE-SITE: site: reserve_test.cpp:[[@LINE-1]]:12 main | std::vector<Point, std::allocator<Point> > | Point (24) | 20 allocs 24000 bytes | counts 50x20
    Points.resize(50);
    Total += Points.size();
  }
  std::printf("%zu\n", Total);
  return 0;
}
