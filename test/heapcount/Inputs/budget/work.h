// The code whose heap calls the budgets hold: an index of words, built the
// naive way and with its sizes known up front.
#ifndef WORK_H
#define WORK_H
#include <cstddef>

// Every word of a text of Words words, each with the positions it occurs at
// (std::map<std::string, std::vector<int>>); returns the number of entries.
std::size_t buildIndex(int Words);
// The same positions in one reserved vector; returns its size.
std::size_t buildPositions(int Words);
#endif
