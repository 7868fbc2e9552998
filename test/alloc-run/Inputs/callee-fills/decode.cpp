#include "decode.h"

static std::vector<Wide> *Remembered;

int decode(std::vector<Wide> &Out, const std::string &Text) {
  // Oversized first, then cut to what was written.
  Out.resize(Text.size());
  auto To = Out.begin();
  for (char C : Text) {
    To->Low = static_cast<unsigned char>(C);
    To->High = 0;
    ++To;
  }
  Out.resize(To - Out.begin());
  return static_cast<int>(Out.size());
}

std::vector<Wide> &lower(std::vector<Wide> &Out) {
  for (Wide &W : Out)
    W.Low |= 0x20;
  return Out;
}

void remember(std::vector<Wide> &Out) { Remembered = &Out; }
