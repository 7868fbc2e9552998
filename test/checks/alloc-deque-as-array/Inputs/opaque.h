// Functions whose bodies the check cannot see.
#include <deque>
void fillSomehow(std::deque<int> &D);
void fillThrough(std::deque<int> *D);
