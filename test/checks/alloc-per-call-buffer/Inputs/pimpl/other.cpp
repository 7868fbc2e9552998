// Another unit of the library's users: it sees speller.h alone.
#include "speller.h"

int useSpeller(Speller &S) { return S.check("word") ? 1 : 0; }
