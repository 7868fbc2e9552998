//===--- OptionValues.h - one rule for every option value -------*- C++ -*-===//
//
// clang-tidy's own readers warn about a boolean or integer option that does
// not parse and go on with the default, exit status 0, while the checks'
// enumerations are errors. A CI job with a typo in .clang-tidy would then run
// with settings nobody chose and pass. Here every alloc-* option follows one
// rule: a value that does not parse is a configuration error that names the
// option, the value and what is accepted, and the run fails.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_CHECKS_OPTIONVALUES_H
#define ALLOC_TIDY_CHECKS_OPTIONVALUES_H

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/utils/IncludeSorter.h"
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace clang::tidy::alloc {

/// "true" or "false" in any case, also "yes"/"no", "on"/"off", "1"/"0" (as
/// YAML and clang-tidy take them); nullopt otherwise.
std::optional<bool> parseBoolOption(StringRef Value);

/// A non-negative decimal integer within [Min, Max]; nullopt otherwise.
std::optional<uint64_t> parseCountOption(StringRef Value, uint64_t Min,
                                         uint64_t Max);

/// Option \p Option of \p Check, a boolean; \p Default when it is not set.
/// An invalid value is a configuration error, and \p Default is used.
bool readBoolOption(ClangTidyCheck &Check, ClangTidyCheck::OptionsView &Options,
                    StringRef CheckName, StringRef Option, bool Default);

/// Option \p Option of \p Check, a count within [Min, Max]; \p Default when
/// it is not set. An invalid value is a configuration error, and \p Default
/// is used.
uint64_t readCountOption(ClangTidyCheck &Check,
                         ClangTidyCheck::OptionsView &Options,
                         StringRef CheckName, StringRef Option,
                         uint64_t Default, uint64_t Min = 0,
                         uint64_t Max = std::numeric_limits<uint32_t>::max());

/// How an error names option \p Option of \p CheckName whose value \p Value
/// was read with getLocalOrGlobal: "alloc-x.Option" when it is the check's
/// own, "Option" when it is the global one. Every check that reads a bad
/// global value then gives the same error, which clang-tidy reports once.
std::string optionName(ClangTidyCheck::OptionsView &Options,
                       StringRef CheckName, StringRef Option, StringRef Value);

/// IncludeStyle, the check's own or the global one: "llvm" (the default)
/// or "google"; another value is a configuration error.
utils::IncludeSorter::IncludeStyle
readIncludeStyleOption(ClangTidyCheck &Check,
                       ClangTidyCheck::OptionsView &Options,
                       StringRef CheckName);

} // namespace clang::tidy::alloc

#endif
