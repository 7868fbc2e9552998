#include <string>

// A class other units include, trivially copyable: a new member would
// change how they may copy it.
class HeaderParser {
public:
  explicit HeaderParser(const char *Text) : Text(Text) {}
  size_t token(int Length);

private:
  const char *Text;
};
