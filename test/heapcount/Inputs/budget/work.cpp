#include "work.h"

#include <map>
#include <string>
#include <vector>

std::size_t buildIndex(int Words) {
  std::map<std::string, std::vector<int>> Index;
  for (int I = 0; I < Words; ++I)
    Index["a-rather-long-word-number-" + std::to_string(I % 40)].push_back(I);
  return Index.size();
}

std::size_t buildPositions(int Words) {
  std::vector<int> Positions;
  Positions.reserve(static_cast<std::size_t>(Words));
  for (int I = 0; I < Words; ++I)
    Positions.push_back(I);
  return Positions.size();
}
