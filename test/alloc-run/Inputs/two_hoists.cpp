#include <string>
#include <vector>

// Two containers of one loop: alloc-container-in-loop hoists both to just
// before the loop, two insertions at the same offset. Each starts with a
// label past any string's inline buffer, so both surely allocate.
unsigned both(const std::vector<std::string> &Words) {
  unsigned N = 0;
  for (const std::string &W : Words) {
    std::string Upper;
    std::string Lower;
    Upper += "the word as it was written: ";
    Lower += "the word in lower-case form: ";
    for (char C : W) {
      Upper += C;
      Lower += C;
    }
    N += Upper.size() + Lower.size();
  }
  return N;
}
