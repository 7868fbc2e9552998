// A class declared in a header whose member function is defined in the
// source file: the fix-it changes both declarations.
#include <string>
#include <vector>

class Journal {
public:
  void add(const std::string &Line);
  void addAll(const std::vector<std::string> &Lines);

private:
  std::vector<std::string> Lines;
};
