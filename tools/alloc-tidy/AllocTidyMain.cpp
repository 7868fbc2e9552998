//===--- AllocTidyMain.cpp - clang-tidy with the alloc module -------------===//
//
// Stock clang-tidy (every upstream module comes with libclangTidyMain) plus
// the alloc-* checks, linked in statically so no plugin version can mismatch.
//
//===----------------------------------------------------------------------===//

#include "clang-tidy/tool/ClangTidyMain.h"
#include "lib/analysis/MemberFactsFile.h"
#include "tools/CompileDatabaseProblem.h"
#include "tools/ResourceDir.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
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

/// Without -p and without "--" (compiler arguments on the command line),
/// clang-tidy looks for the database from the first source file's
/// directory: that directory, or "" when there is no such file argument.
static std::string autodetectedFrom(int Argc, const char **Argv) {
  for (int I = 1; I < Argc; ++I)
    if (llvm::StringRef(Argv[I]) == "--")
      return "";
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef Arg = Argv[I];
    if (Arg == "--")
      return "";
    if (Arg == "-p" || Arg == "--p")
      return "";
    if (Arg.starts_with("-")) {
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
    llvm::StringRef Dir = llvm::sys::path::parent_path(Arg);
    return Dir.empty() ? "." : Dir.str();
  }
  return "";
}

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
  if (std::string From = autodetectedFrom(Argc, Argv);
      !From.empty() && buildPathArgument(Argc, Argv).empty()) {
    if (std::string Problem = alloc_tidy::compileDatabaseProblem(From);
        !Problem.empty()) {
      llvm::errs() << "alloc-tidy: error: " << Problem << "\n";
      return 1;
    }
  }
  std::string Dir = alloc_tidy::fallbackResourceDir(
      Argv[0], reinterpret_cast<void *>(&main), ALLOC_TIDY_RESOURCE_DIR);
  if (Dir.empty() || alloc_tidy::mentionsResourceDir(Argc, Argv))
    return clang::tidy::clangTidyMain(Argc, Argv);

  // --extra-arg-before keeps a -resource-dir from the compile command last,
  // so a user's own choice still wins.
  std::string Extra = "--extra-arg-before=-resource-dir=" + Dir;
  std::vector<const char *> Args(Argv, Argv + Argc);
  Args.insert(Args.begin() + 1, Extra.c_str());
  return clang::tidy::clangTidyMain(static_cast<int>(Args.size()), Args.data());
}
