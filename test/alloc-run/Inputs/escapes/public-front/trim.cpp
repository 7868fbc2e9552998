#include "journal.h"

void trimOldest(Journal &J, std::size_t Keep) {
  while (J.Entries.size() > Keep)
    J.Entries.pop_front();
}
