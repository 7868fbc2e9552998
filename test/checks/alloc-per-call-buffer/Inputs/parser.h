#include <string>

// A class other units include: a new member is theirs too.
class HeaderParser {
public:
  explicit HeaderParser(const char *Text) : Text(Text) {}
  size_t token(int Length);

private:
  const char *Text;
};
