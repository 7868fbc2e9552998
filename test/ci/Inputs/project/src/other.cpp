// Nothing to report either.
int other(int x) { return x + 1; }
