#include "log.h"

namespace {
class TrimmedLog : public Log {
public:
  void trim() { Lines.pop_front(); }
};
} // namespace

int trimmedSize() {
  TrimmedLog T;
  for (int I = 0; I < 10; ++I)
    T.add("line " + std::to_string(I));
  T.trim();
  return static_cast<int>(T.size());
}
