//===--- AllocTidyMain.cpp - clang-tidy with the alloc module -------------===//
//
// Stock clang-tidy (every upstream module comes with libclangTidyMain) plus
// the alloc-* checks, linked in statically so no plugin version can mismatch.
//
//===----------------------------------------------------------------------===//

#include "clang-tidy/tool/ClangTidyMain.h"
#include "lib/analysis/decisions/MemberFactsFile.h"
#include "tools/CompileDatabaseDirectories.h"
#include "tools/CompileDatabaseProblem.h"
#include "tools/ResourceDir.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

/// The directory given with -p, or empty.
static std::string buildPathArgument(int Argc, const char **Argv) {
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef Arg = Argv[I];
    if (Arg == "--")
      break;
    if ((Arg == "-p" || Arg == "--p") && I + 1 < Argc)
      return Argv[I + 1];
    if (Arg.consume_front("-p=") || Arg.consume_front("--p="))
      return Arg.str();
  }
  return "";
}

/// Whether the compiler arguments are on the command line, after "--": no
/// compile database is read then.
static bool hasCompilerArguments(int Argc, const char **Argv) {
  for (int I = 1; I < Argc; ++I)
    if (llvm::StringRef(Argv[I]) == "--")
      return true;
  return false;
}

/// Whether an argument, an option or a compiler argument, contains \p Text.
static bool mentions(int Argc, const char **Argv, llvm::StringRef Text) {
  for (int I = 1; I < Argc; ++I)
    if (llvm::StringRef(Argv[I]).contains(Text))
      return true;
  return false;
}

/// The source files named on the command line: the arguments before "--"
/// that are neither options nor an option's value.
static std::vector<std::string> sourceArguments(int Argc, const char **Argv) {
  std::vector<std::string> Sources;
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef Arg = Argv[I];
    if (Arg == "--")
      break;
    if (Arg == "-p" || Arg == "--p") {
      ++I;
      continue;
    }
    if (Arg.starts_with("-") || Arg.starts_with("@")) {
      // An option given its value as the next argument ("--config-file X").
      static const char *const TakeValue[] = {"checks",
                                              "config",
                                              "config-file",
                                              "export-fixes",
                                              "extra-arg",
                                              "extra-arg-before",
                                              "format-style",
                                              "header-filter",
                                              "exclude-header-filter",
                                              "line-filter",
                                              "load",
                                              "removed-arg",
                                              "vfsoverlay",
                                              "store-check-profile",
                                              "warnings-as-errors"};
      llvm::StringRef Name = Arg.ltrim('-');
      if (!Name.contains('=') && llvm::is_contained(TakeValue, Name))
        ++I;
      continue;
    }
    Sources.push_back(Arg.str());
  }
  return Sources;
}

/// Without -p and without "--" (compiler arguments on the command line),
/// clang-tidy looks for the database from the first source file's
/// directory: that directory, or "" when there is no such file argument.
static std::string autodetectedFrom(int Argc, const char **Argv) {
  if (hasCompilerArguments(Argc, Argv) ||
      !buildPathArgument(Argc, Argv).empty())
    return "";
  std::vector<std::string> Sources = sourceArguments(Argc, Argv);
  if (Sources.empty())
    return "";
  llvm::StringRef Dir = llvm::sys::path::parent_path(Sources.front());
  return Dir.empty() ? "." : Dir.str();
}

/// \p Args with their -p replaced by \p Flag ("-p=DIR"), which must outlive
/// them.
static std::vector<const char *>
withBuildPath(llvm::ArrayRef<const char *> Args, const std::string &Flag) {
  std::vector<const char *> Out = {Args.front(), Flag.c_str()};
  for (size_t I = 1; I < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I];
    if (Arg == "--") {
      Out.insert(Out.end(), Args.begin() + I, Args.end());
      break;
    }
    if (Arg == "-p" || Arg == "--p")
      ++I;
    else if (!Arg.starts_with("-p=") && !Arg.starts_with("--p="))
      Out.push_back(Args[I]);
  }
  return Out;
}

namespace {
/// The copy of a compile database with its relative directories made
/// absolute, in a folder of its own, removed when alloc-tidy ends (also
/// on SIGINT or SIGTERM).
class ResolvedDatabase {
public:
  ~ResolvedDatabase() {
    if (File.empty())
      return;
    // What cannot be removed stays in the temporary directory.
    if (!llvm::sys::fs::remove(File))
      (void)!llvm::sys::fs::remove(llvm::sys::path::parent_path(File));
  }
  /// Writes \p Text; an error message when it cannot.
  std::string write(const std::string &Text) {
    llvm::SmallString<256> Dir;
    if (std::error_code EC =
            llvm::sys::fs::createUniqueDirectory("alloc-tidy-database", Dir))
      return "cannot create a temporary folder (" + EC.message() + ")";
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, "compile_commands.json");
    File = Path.str().str();
    llvm::sys::RemoveFileOnSignal(File);
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC, llvm::sys::fs::OF_Text);
    if (!EC) {
      OS << Text;
      OS.close();
      if (OS.has_error()) {
        EC = OS.error();
        OS.clear_error();
      }
    }
    return EC ? "cannot write '" + File + "' (" + EC.message() + ")" : "";
  }
  const std::string &folder() {
    Folder = llvm::sys::path::parent_path(File).str();
    return Folder;
  }

private:
  std::string File, Folder;
};
} // namespace

/// alloc-tidy --merge-member-facts=OUT FACTS...: the whole-program member
/// decisions from the facts the checks and alloc-run wrote for every unit
/// (one JSON object per line), as alloc-run makes them. Exit 2 for unusable
/// input, 3 when the facts of some units of the compile database are
/// missing, 4 when some units had errors: no decision is written then.
static int mergeMemberFacts(llvm::StringRef Out,
                            llvm::ArrayRef<const char *> Inputs) {
  if (Out.empty() || Inputs.empty()) {
    llvm::errs() << "alloc-tidy: error: usage: alloc-tidy "
                    "--merge-member-facts=OUT FACTS.jsonl...\n";
    return 2;
  }
  alloc_tidy::FactsStream All;
  for (const char *Input : Inputs)
    if (llvm::Error E = alloc_tidy::readFactsLines(Input, All)) {
      llvm::errs() << "alloc-tidy: error: " << llvm::toString(std::move(E))
                   << "\n";
      return 2;
    }
  llvm::Expected<llvm::json::Value> Decided = alloc_tidy::decideAll(All);
  if (!Decided) {
    int Status = 2;
    llvm::handleAllErrors(
        Decided.takeError(),
        [&](const alloc_tidy::IncompleteFactsError &E) {
          llvm::errs() << "alloc-tidy: error: " << E.message() << "\n";
          Status = E.Missing.empty() ? 4 : 3;
        },
        [&](const llvm::ErrorInfoBase &E) {
          llvm::errs() << "alloc-tidy: error: " << E.message() << "\n";
        });
    return Status;
  }
  std::error_code EC;
  llvm::raw_fd_ostream OS(Out, EC, llvm::sys::fs::OF_Text);
  if (EC) {
    llvm::errs() << "alloc-tidy: error: cannot write '" << Out
                 << "': " << EC.message() << "\n";
    return 1;
  }
  OS << llvm::formatv("{0:2}", *Decided) << "\n";
  OS.close();
  if (OS.has_error()) {
    llvm::errs() << "alloc-tidy: error: cannot write '" << Out
                 << "': " << OS.error().message() << "\n";
    OS.clear_error();
    return 1;
  }
  return 0;
}

int main(int Argc, const char **Argv) {
  if (Argc > 1) {
    llvm::StringRef First = Argv[1];
    if (First.consume_front("--merge-member-facts="))
      return mergeMemberFacts(First, llvm::ArrayRef(Argv + 2, Argc - 2));
  }
  // Stock clang-tidy reports a missing compile database and then runs the
  // files "without flags", exiting 0: in CI that is a silent wrong answer.
  // A broken compile_commands.json is named as such: autodetection would
  // call it missing, or silently take a parent directory's instead.
  if (std::string BuildPath = buildPathArgument(Argc, Argv);
      !BuildPath.empty()) {
    if (std::string Problem = alloc_tidy::compileDatabaseProblem(BuildPath);
        !Problem.empty()) {
      llvm::errs() << "alloc-tidy: error: " << Problem << "\n";
      return 1;
    }
    std::string Error;
    if (!clang::tooling::CompilationDatabase::autoDetectFromDirectory(BuildPath,
                                                                      Error)) {
      llvm::errs() << "alloc-tidy: error: no compilation database "
                      "(compile_commands.json) in '"
                   << BuildPath
                   << "' or its parents; generate one, e.g. with cmake "
                      "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON\n";
      return 1;
    }
  }
  // Found from the source's directory, a broken database would make stock
  // clang-tidy run "without flags" and exit 0: the same error as with -p.
  std::string From = autodetectedFrom(Argc, Argv);
  if (!From.empty()) {
    if (std::string Problem = alloc_tidy::compileDatabaseProblem(From);
        !Problem.empty()) {
      llvm::errs() << "alloc-tidy: error: " << Problem << "\n";
      return 1;
    }
  }
  std::vector<const char *> Args(Argv, Argv + Argc);
  // The database clang-tidy reads, its relative directories resolved; a
  // source file it has no command for would be skipped with exit status 0.
  ResolvedDatabase Resolved;
  std::string BuildPathFlag, Database;
  if (std::string BuildPath = buildPathArgument(Argc, Argv);
      !BuildPath.empty() && !hasCompilerArguments(Argc, Argv))
    Database = alloc_tidy::findCompileDatabase(BuildPath);
  else if (!From.empty())
    Database = alloc_tidy::findCompileDatabase(From);
  if (!Database.empty()) {
    if (std::optional<std::string> Text =
            alloc_tidy::withAbsoluteDirectories(Database)) {
      if (std::string Problem = Resolved.write(*Text); !Problem.empty()) {
        llvm::errs() << "alloc-tidy: error: " << Problem << "\n";
        return 1;
      }
      BuildPathFlag = "-p=" + Resolved.folder();
      Args = withBuildPath(Args, BuildPathFlag);
    }
    std::string Error;
    auto Loaded = clang::tooling::JSONCompilationDatabase::loadFromFile(
        BuildPathFlag.empty() ? Database
                              : Resolved.folder() + "/compile_commands.json",
        Error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
    for (const std::string &Source : sourceArguments(Argc, Argv)) {
      llvm::SmallString<256> Absolute(Source);
      if (llvm::sys::fs::make_absolute(Absolute))
        continue; // clang-tidy says what is wrong with it
      llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
      if (Loaded && Loaded->getCompileCommands(Absolute).empty()) {
        llvm::errs() << "alloc-tidy: error: '" << Source
                     << "' has no compile command in '" << Database
                     << "', so it would not be analysed; add it to the "
                        "database, or give its flags after '--'\n";
        return 1;
      }
    }
  }
  // clang-tidy defines __clang_analyzer__, and some code takes another
  // branch then (a test framework's macros, a bundled library's headers):
  // the checks would judge, and a profile would be matched against, code
  // that the compiler never built. Whoever names the macro keeps their
  // choice.
  static const char UndefineAnalyzerMacro[] =
      "--extra-arg=-U__clang_analyzer__";
  if (!mentions(Argc, Argv, "__clang_analyzer__"))
    Args.insert(Args.begin() + 1, UndefineAnalyzerMacro);
  std::string Dir = alloc_tidy::fallbackResourceDir(
      Argv[0], reinterpret_cast<void *>(&main), ALLOC_TIDY_RESOURCE_DIR);
  // --extra-arg-before keeps a -resource-dir from the compile command last,
  // so a user's own choice still wins.
  std::string Extra = "--extra-arg-before=-resource-dir=" + Dir;
  if (!Dir.empty() && !alloc_tidy::mentionsResourceDir(Argc, Argv))
    Args.insert(Args.begin() + 1, Extra.c_str());
  return clang::tidy::clangTidyMain(static_cast<int>(Args.size()), Args.data());
}
