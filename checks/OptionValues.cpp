//===--- OptionValues.cpp - one rule for every option value ---------------===//

#include "checks/OptionValues.h"
#include <string>

namespace clang::tidy::alloc {

std::optional<bool> parseBoolOption(StringRef Value) {
  std::string Lower = Value.trim().lower();
  if (Lower == "true" || Lower == "yes" || Lower == "on" || Lower == "1")
    return true;
  if (Lower == "false" || Lower == "no" || Lower == "off" || Lower == "0")
    return false;
  return std::nullopt;
}

std::optional<uint64_t> parseCountOption(StringRef Value, uint64_t Min,
                                         uint64_t Max) {
  Value = Value.trim();
  uint64_t Count = 0;
  // getAsInteger accepts a sign and 0x; a count is plain decimal digits.
  if (Value.empty() || !llvm::all_of(Value, llvm::isDigit) ||
      Value.getAsInteger(10, Count) || Count < Min || Count > Max)
    return std::nullopt;
  return Count;
}

bool readBoolOption(ClangTidyCheck &Check, ClangTidyCheck::OptionsView &Options,
                    StringRef CheckName, StringRef Option, bool Default) {
  std::optional<StringRef> Value = Options.get(Option);
  if (!Value)
    return Default;
  if (std::optional<bool> Parsed = parseBoolOption(*Value))
    return *Parsed;
  Check.configurationDiag("invalid value '%0' for %1.%2; expected true or "
                          "false (using %3)",
                          DiagnosticIDs::Error)
      << *Value << CheckName << Option << (Default ? "true" : "false");
  return Default;
}

uint64_t readCountOption(ClangTidyCheck &Check,
                         ClangTidyCheck::OptionsView &Options,
                         StringRef CheckName, StringRef Option,
                         uint64_t Default, uint64_t Min, uint64_t Max) {
  std::optional<StringRef> Value = Options.get(Option);
  if (!Value)
    return Default;
  if (std::optional<uint64_t> Parsed = parseCountOption(*Value, Min, Max))
    return *Parsed;
  Check.configurationDiag("invalid value '%0' for %1.%2; expected a whole "
                          "number from %3 to %4 (using %5)",
                          DiagnosticIDs::Error)
      << *Value << CheckName << Option << std::to_string(Min)
      << std::to_string(Max) << std::to_string(Default);
  return Default;
}

std::string optionName(ClangTidyCheck::OptionsView &Options,
                       StringRef CheckName, StringRef Option, StringRef Value) {
  std::optional<StringRef> Own = Options.get(Option);
  if (Own && *Own == Value)
    return (CheckName + "." + Option).str();
  return Option.str();
}

utils::IncludeSorter::IncludeStyle
readIncludeStyleOption(ClangTidyCheck &Check,
                       ClangTidyCheck::OptionsView &Options,
                       StringRef CheckName) {
  std::optional<StringRef> Value = Options.getLocalOrGlobal("IncludeStyle");
  if (!Value || Value->trim() == "llvm")
    return utils::IncludeSorter::IS_LLVM;
  if (Value->trim() == "google")
    return utils::IncludeSorter::IS_Google;
  Check.configurationDiag("invalid value '%0' for %1; expected llvm or "
                          "google (using llvm)",
                          DiagnosticIDs::Error)
      << *Value << optionName(Options, CheckName, "IncludeStyle", *Value);
  return utils::IncludeSorter::IS_LLVM;
}

} // namespace clang::tidy::alloc
