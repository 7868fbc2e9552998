//===--- StlOption.h - option TargetSTL -------------------------*- C++ -*-===//
//
// The checks that quote a standard library's numbers (block sizes, growth,
// inline buffers) detect the library from its configuration macros; option
// TargetSTL names it when detection cannot (a translation unit that includes
// no standard header yet) or when the user wants another library's numbers.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_CHECKS_STLOPTION_H
#define ALLOC_TIDY_CHECKS_STLOPTION_H

#include "clang-tidy/ClangTidyCheck.h"
#include "lib/analysis/facts/StlFacts.h"
#include <optional>
#include <string>

namespace clang::tidy::alloc {

class StlOption {
public:
  /// Reads option TargetSTL of \p Check: "auto" (the default), "libstdc++",
  /// "libc++" or "msvc". Another value is reported as a configuration error
  /// and treated as "auto".
  StlOption(ClangTidyCheck &Check, ClangTidyCheck::OptionsView &Options,
            StringRef CheckName);

  void store(ClangTidyCheck::OptionsView &Options,
             ClangTidyOptions::OptionMap &Opts) const;

  /// The library the option names, else the one \p PP's translation unit
  /// uses (Unknown when neither says).
  alloc_tidy::StlFlavor resolve(Preprocessor *PP) const;

  /// Whether the option names a library.
  bool isSet() const { return Flavor.has_value(); }

private:
  std::string Value;
  std::optional<alloc_tidy::StlFlavor> Flavor;
};

} // namespace clang::tidy::alloc

#endif
