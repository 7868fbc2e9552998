// Opened as the main file, a header alone: History's trim() is defined in
// another file, which could grow Lines without a condition.
#include <vector>

class History {
public:
  History() { Lines.push_back(0); }
  void note(int V) {
    if (V < 0)
      Lines.push_back(V);
  }
  void trim();

private:
  std::vector<int> Lines;
};

// Every function is here: decided from this header alone.
class Status {
public:
  Status() { Codes.push_back(0); }
  void note(int V) {
    if (V < 0)
      Codes.push_back(V);
  }

private:
  std::vector<int> Codes;
};
