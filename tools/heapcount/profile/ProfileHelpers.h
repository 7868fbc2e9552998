//===- ProfileHelpers.h - heapcount --profile: shared helpers --*- C++ -*-===//
//
// Small helpers that several parts of the profile use: characters of
// identifiers, trimming, hexadecimal numbers and whole-file reads and
// writes. Internal to tools/heapcount/profile.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_TOOLS_HEAPCOUNT_PROFILE_PROFILEHELPERS_H
#define ALLOC_TIDY_TOOLS_HEAPCOUNT_PROFILE_PROFILEHELPERS_H

#include <cstdint>
#include <string>

namespace heapcount {
namespace profile {

/// A character of a C++ identifier (and '$').
inline bool isWordChar(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '_' || C == '$';
}

/// \p Text without leading and trailing spaces and tabs.
std::string trim(const std::string &Text);

/// How demanglers and DWARF name the anonymous namespace.
constexpr const char *AnonymousNamespace = "(anonymous namespace)";

/// \p Value in hexadecimal: 16 digits, and as few as needed.
std::string hex16(std::uint64_t Value);
std::string hexNumber(std::uint64_t Value);

/// The contents of \p Path; \p Ok false when it cannot be read.
std::string readWholeFile(const std::string &Path, bool &Ok);

/// Writes \p Text to \p Path through a temporary file beside it, renamed
/// into place once complete; false with errno set when it cannot.
bool writeWholeFile(const std::string &Path, const std::string &Text);

} // namespace profile
} // namespace heapcount

#endif // ALLOC_TIDY_TOOLS_HEAPCOUNT_PROFILE_PROFILEHELPERS_H
