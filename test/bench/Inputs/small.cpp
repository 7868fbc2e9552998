// A small C++ file for the compiler to check in the benchmark's smoke test.
#include <string>
#include <vector>

std::vector<std::string> words() { return {"small", "file"}; }
