// A table defined in a header: every unit that includes it has its own
// copy, and lookups of its own.
#include <set>

static const std::set<int> Primes = {2, 3, 5, 7};
