//===--- OptionPaths.h - one rule for relative paths in options -*- C++ -*-===//
//
// ProfileFile and MemberFactsFile name files. A relative path is resolved
// the same way in every front end (alloc-tidy, the plugin, alloc-run,
// alloc-clangd), whatever directory the tool is in when the checks read it
// (clang-tidy is in the compile command's directory then, clangd in its
// own): against the folder of the configuration file that sets it, as
// clangd resolves the paths of a .clangd and as a .clang-tidy is meant for
// its folder. That file is the nearest .clang-tidy (with its parents when
// it inherits them), .clangd or clangd user configuration that sets the
// option to that value, or the --config-file; a value from --config or the
// environment is resolved against the directory the tool was started in.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_CHECKS_OPTIONPATHS_H
#define ALLOC_TIDY_CHECKS_OPTIONPATHS_H

#include "clang-tidy/ClangTidyCheck.h"
#include <string>

namespace clang::tidy::alloc {

/// Path option \p Option of \p Check (its own or the global one; \p Default
/// when neither is set) with every relative path in it, of a ';'-separated
/// list, made absolute by the rule above.
std::string readPathOption(const ClangTidyCheck &Check,
                           ClangTidyCheck::OptionsView &Options,
                           StringRef CheckName, StringRef Option,
                           StringRef Default = "");

/// \p Value, a ';'-separated list of paths, with each relative one made
/// absolute against \p Base.
std::string resolvePaths(StringRef Value, StringRef Base);

/// The directory the tool was started in (before clang-tidy moved into a
/// compile command's directory).
StringRef startupDirectory();

} // namespace clang::tidy::alloc

#endif
