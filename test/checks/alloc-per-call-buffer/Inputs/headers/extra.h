#ifndef EXTRA_H
#define EXTRA_H

struct Extra {
  int Value;
};

#endif
