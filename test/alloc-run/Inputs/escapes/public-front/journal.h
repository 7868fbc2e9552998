#ifndef JOURNAL_H
#define JOURNAL_H

#include <cstddef>
#include <deque>
#include <string>

struct Entry {
  std::string Text;
};

// A public member: trim.cpp pops its front from a free function.
struct Journal {
  void add(std::string Text);
  std::deque<Entry> Entries;
};

void trimOldest(Journal &J, std::size_t Keep);

#endif
