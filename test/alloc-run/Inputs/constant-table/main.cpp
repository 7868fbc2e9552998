// Prints each argument in upper case, and how many of its letters have an
// upper case.
#include "lookup.h"
#include <stdio.h>

int main(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    unsigned Letters = 0;
    for (const char *p = argv[i]; *p; ++p) {
      putchar(static_cast<int>(text::upper(static_cast<unsigned char>(*p))));
      Letters += text::has_upper(static_cast<unsigned char>(*p)) ? 1 : 0;
    }
    printf(" %u\n", Letters);
  }
  return 0;
}
