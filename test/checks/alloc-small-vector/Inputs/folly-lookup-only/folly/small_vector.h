// Stands in for folly's header only so that the include a folly fix-it
// inserts is found (folly is not installed here); options.cpp does not
// compile the fixed code of that run.
#pragma once
