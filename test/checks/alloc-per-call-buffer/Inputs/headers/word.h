#ifndef WORD_H
#define WORD_H

struct Word {
  int Begin;
  int End;
};

#endif
