#pragma once
// A system header's records are not the user's to change.
struct sys_record {
  char kind;
  double value;
  char flag;
};
template <typename T> struct sys_pair {
  char tag;
  T value;
  char flag;
};
