// A tile map: every tile has a list of layers, nearly always one (ground),
// sometimes two (a road or a river on it); the map's size and the features
// come from the command line, so no constant bounds either list. Every
// query collects the neighbours of a tile into a list, in a loop over the
// directions asked for (4 by default): 2 to 4 neighbours.
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace geo {
struct Layer {
  short Kind;
  short Height;
};
} // namespace geo

namespace {
class Tile {
public:
  explicit Tile(short Height) { Layers.push_back({0, Height}); }
  void addFeature(short Kind) { Layers.push_back({Kind, Layers[0].Height}); }
  int weight() const {
    int W = 0;
    for (const geo::Layer &L : Layers)
      W += L.Kind * 7 + L.Height;
    return W;
  }

private:
  std::vector<geo::Layer> Layers;
};
} // namespace

int neighbourSum(const std::vector<Tile> &Map, int Width, int Height, int At,
                 int Directions) {
  static const int DX[] = {-1, 1, 0, 0, -1, 1, -1, 1};
  static const int DY[] = {0, 0, -1, 1, -1, -1, 1, 1};
  std::vector<int> Near;
  int X = At % Width, Y = At / Width;
  for (int D = 0; D < Directions; ++D) {
    int NX = X + DX[D], NY = Y + DY[D];
    if (NX >= 0 && NX < Width && NY >= 0 && NY < Height)
      Near.push_back(NY * Width + NX);
  }
  int Sum = 0;
  for (int N : Near)
    Sum += Map[N].weight();
  return Sum;
}

int main(int Argc, char **Argv) {
  int Width = Argc > 1 ? std::atoi(Argv[1]) : 40;
  int Height = Argc > 2 ? std::atoi(Argv[2]) : 25;
  int Directions = Argc > 3 ? std::atoi(Argv[3]) : 4;
  if (Width < 1 || Height < 1 || Directions < 0 || Directions > 8)
    return 2;
  std::vector<Tile> Map;
  Map.reserve(Width * Height);
  for (int I = 0; I < Width * Height; ++I)
    Map.emplace_back(static_cast<short>(I % 5));
  // A river down one column.
  for (int Y = 0; Y < Height; ++Y)
    Map[Y * Width + Width / 2].addFeature(3);
  long Total = 0;
  for (int I = 0; I < Width * Height; ++I)
    Total += neighbourSum(Map, Width, Height, I, Directions);
  std::printf("%d tiles, total %ld\n", Width * Height, Total);
}
