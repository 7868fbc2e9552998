//===--- OptionPaths.cpp - one rule for relative paths in options ---------===//

#include "checks/OptionPaths.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include <optional>
#include <vector>

namespace clang::tidy::alloc {

namespace {

std::string currentDirectory() {
  llvm::SmallString<256> Dir;
  if (llvm::sys::fs::current_path(Dir))
    return "";
  return Dir.str().str();
}

const std::string &startup() {
  static const std::string Dir = currentDirectory();
  return Dir;
}

// Taken when the module is loaded: alloc-tidy and alloc-clangd before main,
// the plugin when clang-tidy loads it, so before clang-tidy moves into a
// compile command's directory. An exception there ends the tool, as it would
// in main.
// NOLINTNEXTLINE(bugprone-throwing-static-initialization): see above.
[[maybe_unused]] const bool StartupTaken = !startup().empty();

/// The main file of the unit \p Check is made for, which clang-tidy only
/// tells the check itself.
struct UnitOf : ClangTidyCheck {
  static StringRef mainFile(const ClangTidyCheck &Check) {
    return (Check.*&UnitOf::getCurrentMainFile)();
  }
};

/// The option \p Key (the check's own) or \p Global in \p Options equals
/// \p Value.
bool sets(const ClangTidyOptions::OptionMap &Options, StringRef Key,
          StringRef Global, StringRef Value) {
  for (StringRef Name : {Key, Global})
    if (auto It = Options.find(Name); It != Options.end())
      if (It->second.Value == Value)
        return true;
  return false;
}

std::optional<ClangTidyOptions> readClangTidyFile(StringRef Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
      llvm::MemoryBuffer::getFile(Path);
  if (!Text)
    return std::nullopt;
  llvm::ErrorOr<ClangTidyOptions> Parsed = parseConfiguration(**Text);
  if (!Parsed)
    return std::nullopt;
  return std::move(*Parsed);
}

/// Diagnostics.ClangTidy.CheckOptions of a clangd configuration file
/// (.clangd, or the user's config.yaml), the later fragments winning.
ClangTidyOptions::OptionMap readClangdCheckOptions(StringRef Path) {
  ClangTidyOptions::OptionMap Options;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
      llvm::MemoryBuffer::getFile(Path);
  if (!Text)
    return Options;
  llvm::SourceMgr SM;
  SM.setDiagHandler([](const llvm::SMDiagnostic &, void *) {});
  llvm::yaml::Stream Stream((*Text)->getBuffer(), SM);
  auto Child = [](llvm::yaml::Node *N,
                  StringRef Name) -> llvm::yaml::MappingNode * {
    auto *Map = llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(N);
    if (!Map)
      return nullptr;
    llvm::SmallString<32> Storage;
    for (llvm::yaml::KeyValueNode &KV : *Map) {
      auto *Key = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(KV.getKey());
      if (Key && Key->getValue(Storage) == Name)
        return llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(KV.getValue());
    }
    return nullptr;
  };
  for (llvm::yaml::Document &Doc : Stream) {
    llvm::yaml::MappingNode *Checks =
        Child(Child(Child(Doc.getRoot(), "Diagnostics"), "ClangTidy"),
              "CheckOptions");
    if (!Checks)
      continue;
    for (llvm::yaml::KeyValueNode &KV : *Checks) {
      auto *Key = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(KV.getKey());
      auto *Value =
          llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(KV.getValue());
      llvm::SmallString<32> KeyStorage, ValueStorage;
      if (Key && Value)
        Options[Key->getValue(KeyStorage)] =
            ClangTidyOptions::ClangTidyValue(Value->getValue(ValueStorage));
    }
  }
  return Options;
}

/// The --config-file clang-tidy was given, from the command line of this
/// process (Linux), made absolute; empty when there is none.
std::string configFileArgument() {
  // Read to its end: /proc says its files are empty.
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
      llvm::MemoryBuffer::getFileAsStream("/proc/self/cmdline");
  if (!Text)
    return "";
  llvm::SmallVector<StringRef, 32> Args;
  (*Text)->getBuffer().split(Args, '\0');
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    if (Arg == "--")
      break;
    StringRef Name = Arg.ltrim('-');
    std::string File;
    if (Name.consume_front("config-file=") && Arg.starts_with("-"))
      File = Name.str();
    else if (Name == "config-file" && Arg.starts_with("-") &&
             I + 1 < Args.size())
      File = Args[I + 1].str();
    else
      continue;
    return resolvePaths(File, startup());
  }
  return "";
}

/// The folder of the configuration file that sets option \p Key or
/// \p Global to \p Value for the unit of \p MainFile; the startup
/// directory when none does (--config, the environment).
std::string folderOfSetting(StringRef MainFile, StringRef Key, StringRef Global,
                            StringRef Value) {
  if (std::string ConfigFile = configFileArgument(); !ConfigFile.empty()) {
    if (std::optional<ClangTidyOptions> Options = readClangTidyFile(ConfigFile);
        Options && sets(Options->CheckOptions, Key, Global, Value))
      return llvm::sys::path::parent_path(ConfigFile).str();
  }
  llvm::SmallString<256> File(MainFile);
  // A main file that cannot be made absolute has no configuration above it.
  if (llvm::sys::fs::make_absolute(File))
    return startup();
  llvm::sys::path::remove_dots(File, /*remove_dot_dot=*/true);
  std::vector<std::string> Folders;
  for (StringRef Dir = llvm::sys::path::parent_path(File); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir))
    Folders.push_back(Dir.str());
  // The .clang-tidy files clang-tidy reads: the nearest, and its parents
  // while they inherit.
  for (const std::string &Dir : Folders) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, ".clang-tidy");
    if (!llvm::sys::fs::exists(Path))
      continue;
    std::optional<ClangTidyOptions> Options = readClangTidyFile(Path);
    if (!Options)
      break;
    if (sets(Options->CheckOptions, Key, Global, Value))
      return Dir;
    if (!Options->InheritParentConfig.value_or(false))
      break;
  }
  // clangd's: every .clangd above the file, the nearest first, then the
  // user's configuration.
  for (const std::string &Dir : Folders) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, ".clangd");
    if (llvm::sys::fs::is_regular_file(Path) &&
        sets(readClangdCheckOptions(Path), Key, Global, Value))
      return Dir;
  }
  llvm::SmallString<256> User;
  if (llvm::sys::path::user_config_directory(User)) {
    llvm::sys::path::append(User, "clangd", "config.yaml");
    if (llvm::sys::fs::is_regular_file(User) &&
        sets(readClangdCheckOptions(User), Key, Global, Value))
      return llvm::sys::path::parent_path(User).str();
  }
  return startup();
}

bool hasRelativePath(StringRef Value) {
  llvm::SmallVector<StringRef, 4> Paths;
  Value.split(Paths, ';');
  return llvm::any_of(Paths, [](StringRef Path) {
    Path = Path.trim();
    return !Path.empty() && llvm::sys::path::is_relative(Path);
  });
}

} // namespace

StringRef startupDirectory() { return startup(); }

std::string resolvePaths(StringRef Value, StringRef Base) {
  llvm::SmallVector<StringRef, 4> Paths;
  Value.split(Paths, ';');
  std::string Out;
  for (size_t I = 0; I < Paths.size(); ++I) {
    StringRef Path = Paths[I].trim();
    if (I)
      Out += ';';
    if (Path.empty() || llvm::sys::path::is_absolute(Path) || Base.empty()) {
      Out += Path;
      continue;
    }
    llvm::SmallString<256> Resolved(Base);
    llvm::sys::path::append(Resolved, Path);
    llvm::sys::path::remove_dots(Resolved, /*remove_dot_dot=*/true);
    Out += Resolved;
  }
  return Out;
}

std::string readPathOption(const ClangTidyCheck &Check,
                           ClangTidyCheck::OptionsView &Options,
                           StringRef CheckName, StringRef Option,
                           StringRef Default) {
  std::string Value = Options.getLocalOrGlobal(Option, Default).str();
  if (!hasRelativePath(Value))
    return Value;
  std::string Key = (CheckName + "." + Option).str();
  return resolvePaths(
      Value, folderOfSetting(UnitOf::mainFile(Check), Key, Option, Value));
}

} // namespace clang::tidy::alloc
