#include "scrollback.h"

const std::string &Scrollback::firstText() const {
  const auto &[Text] = Lines.front();
  return Text;
}
