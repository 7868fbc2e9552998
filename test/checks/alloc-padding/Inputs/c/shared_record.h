/* A header of a C library: compiled as C by its own sources, and included
   by C++ code too. */
#ifndef SHARED_RECORD_H
#define SHARED_RECORD_H

struct shared_record {
  char tag;
  double value;
  char kind;
};

#endif
