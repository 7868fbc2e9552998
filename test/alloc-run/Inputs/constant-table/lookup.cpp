// Looks the table of another unit up, as re2c does.
#include "lookup.h"
#include <map>

namespace text {

extern std::map<uint32_t, uint32_t> to_upper;

uint32_t upper(uint32_t c) {
  auto i = to_upper.find(c);
  if (i != to_upper.end()) {
    c = i->second;
  }
  return c;
}

bool has_upper(uint32_t c) { return to_upper.count(c) != 0; }

#ifdef LOOKUP_ITERATES
unsigned largest() {
  unsigned Most = 0;
  for (const auto &Entry : to_upper)
    Most = Entry.second > Most ? Entry.second : Most;
  return Most;
}
#endif

} // namespace text
