//===--- AllocLayoutMain.cpp - record layouts of a project ----------------===//
//
// alloc-layout parses the translation units of a compile database (or the
// files given with compiler arguments after "--"), lays out every complete
// record defined outside system headers for the target of the translation
// unit, and prints one report in text, Markdown, JSON or HTML. A record seen
// by several translation units is reported once.
//
// alloc-layout diff OLD.json NEW.json compares two JSON reports for CI gates.
//
// Errors are one line, "alloc-layout: error: <what> (<why>)", and a non-zero
// exit status: a CI job that gets no report must not pass silently.
//
//===----------------------------------------------------------------------===//

#include "alloc-tidy/Version.h"
#include "lib/layout/LayoutBuilder.h"
#include "lib/layout/Report.h"
#include "tools/CompileDatabaseProblem.h"
#include "tools/ResourceDir.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <string>
#include <vector>

using namespace alloc_tidy::layout;
namespace cl = llvm::cl;
namespace tooling = clang::tooling;

namespace {
/// The options, as locals of main() rather than globals: constructing a
/// cl::opt allocates, and nothing should be able to fail before main().
struct Options {
  cl::OptionCategory Category{"alloc-layout options"};
  cl::opt<std::string> BuildPath{
      "p", cl::desc("Build directory with compile_commands.json"),
      cl::value_desc("build dir"), cl::cat(Category)};
  cl::list<std::string> Sources{
      cl::Positional,
      cl::desc("[<file> ...] (default: every file of the database)"),
      cl::cat(Category)};
  cl::list<std::string> ExtraArgs{
      "extra-arg", cl::desc("Argument to append to the compiler command line"),
      cl::cat(Category)};
  cl::list<std::string> ExtraArgsBefore{
      "extra-arg-before",
      cl::desc("Argument to prepend to the compiler command line"),
      cl::cat(Category)};
  cl::opt<std::string> RecordRegex{
      "record", cl::desc("Only records whose qualified name matches REGEX"),
      cl::value_desc("REGEX"), cl::cat(Category)};
  cl::opt<unsigned> MinPadding{
      "min-padding", cl::desc("Only records with at least N bytes of padding"),
      cl::value_desc("N"), cl::init(0), cl::cat(Category)};
  cl::opt<std::string> Format{"format",
                              cl::desc("Output format: text, md, json or html"),
                              cl::init("text"), cl::cat(Category)};
  cl::opt<std::string> OutputFile{"o", cl::desc("Write the report to FILE"),
                                  cl::value_desc("FILE"), cl::cat(Category)};
  cl::opt<unsigned> TopN{
      "top", cl::desc("How many of the most wasteful records to list"),
      cl::value_desc("N"), cl::init(10), cl::cat(Category)};
  cl::opt<bool> NoReorder{
      "no-reorder",
      cl::desc("Do not search for field orders with less padding"),
      cl::init(false), cl::cat(Category)};
};
} // namespace

static const char Overview[] =
    "alloc-layout: record layouts (offsets, sizes, holes, padding) of a "
    "project, as clang lays them out for the target.\n\n"
    "  alloc-layout -p <build dir> [files...] [options] [-- extra compiler "
    "args]\n"
    "  alloc-layout [options] files... -- <compiler args>\n"
    "  alloc-layout diff OLD.json NEW.json [--threshold N]\n";

static int error(const llvm::Twine &What, const llvm::Twine &Why,
                 int Status = 1) {
  llvm::errs() << "alloc-layout: error: " << What << " (" << Why << ")\n";
  return Status;
}

//===----------------------------------------------------------------------===//
// Collecting layouts
//===----------------------------------------------------------------------===//

namespace {

/// What the translation units have produced so far.
struct Collected {
  Report Out;
  llvm::StringSet<> Seen; ///< qualified name + absolute file + line
  std::vector<std::string> FailedFiles;
  /// The files a consumer was made for (parsed, with or without errors).
  llvm::StringSet<> Started;
  std::string CurrentDir; ///< paths under it are printed relative to it
  LayoutOptions Options;
};

/// \p Path (as the source manager spells it, relative to the compile
/// command's directory \p WorkingDir) as an absolute path without dots.
std::string absolutePath(llvm::StringRef Path, llvm::StringRef WorkingDir) {
  llvm::SmallString<256> Abs(Path);
  if (!llvm::sys::path::is_absolute(Abs) && !WorkingDir.empty()) {
    Abs = WorkingDir;
    llvm::sys::path::append(Abs, Path);
  }
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

/// The path shown in reports: relative to the current directory when under
/// it, so that reports of the same tree from two checkouts compare equal.
std::string displayPath(llvm::StringRef Abs, llvm::StringRef CurrentDir) {
  llvm::StringRef Rest = Abs;
  if (!CurrentDir.empty() && Rest.consume_front(CurrentDir) &&
      llvm::sys::path::is_separator(Rest.empty() ? '/' : Rest.front())) {
    Rest = Rest.drop_front();
    if (!Rest.empty())
      return Rest.str();
  }
  return Abs.str();
}

class RecordVisitor : public clang::RecursiveASTVisitor<RecordVisitor> {
public:
  RecordVisitor(clang::ASTContext &Ctx, Collected &C) : Ctx(Ctx), C(C) {
    if (auto Dir = Ctx.getSourceManager()
                       .getFileManager()
                       .getVirtualFileSystem()
                       .getCurrentWorkingDirectory())
      WorkingDir = *Dir;
  }

  // Instantiations are where templates get layouts; implicit code (the
  // injected class name, builtin types) is skipped by the checks below.
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitRecordDecl(clang::RecordDecl *RD) {
    if (RD->isImplicit() || RD->isInvalidDecl() ||
        RD->isAnonymousStructOrUnion() || !hasComputableLayout(*RD))
      return true;
    if (const auto *CXX = llvm::dyn_cast<clang::CXXRecordDecl>(RD))
      if (CXX->isLambda())
        return true;
    const clang::SourceManager &SM = Ctx.getSourceManager();
    clang::SourceLocation Loc = SM.getExpansionLoc(RD->getLocation());
    if (Loc.isInvalid() || SM.isInSystemHeader(Loc))
      return true;
    std::optional<RecordLayout> L = computeLayout(*RD, Ctx, C.Options);
    if (!L || L->File.empty())
      return true;

    std::string Abs = absolutePath(L->File, WorkingDir);
    std::string Key =
        L->QualifiedName + "\n" + Abs + ":" + std::to_string(L->Line);
    if (!C.Seen.insert(Key).second)
      return true;
    L->File = displayPath(Abs, C.CurrentDir);
    for (LayoutEntry &E : L->Entries)
      if (!E.File.empty())
        E.File = displayPath(absolutePath(E.File, WorkingDir), C.CurrentDir);
    C.Out.Records.push_back(std::move(*L));
    return true;
  }

private:
  clang::ASTContext &Ctx;
  Collected &C;
  std::string WorkingDir;
};

class LayoutConsumer : public clang::ASTConsumer {
public:
  LayoutConsumer(Collected &C, std::string File)
      : C(C), File(std::move(File)) {}

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    // A translation unit with errors has records clang gave up on, or laid
    // out from a guess: none of it goes into the report.
    if (Ctx.getDiagnostics().hasErrorOccurred()) {
      C.FailedFiles.push_back(File);
      return;
    }
    const clang::TargetInfo &Target = Ctx.getTargetInfo();
    std::string Triple = Target.getTriple().str();
    std::string Abi =
        Target.getCXXABI().isMicrosoft() ? "microsoft" : "itanium";
    if (C.Out.TranslationUnits == 0) {
      C.Out.Target = Triple;
      C.Out.Abi = Abi;
    } else {
      // One report describes one target; say so when it does not.
      if (C.Out.Target != Triple)
        C.Out.Target = "mixed";
      if (C.Out.Abi != Abi)
        C.Out.Abi = "mixed";
    }
    ++C.Out.TranslationUnits;
    RecordVisitor(Ctx, C).TraverseAST(Ctx);
  }

private:
  Collected &C;
  std::string File;
};

class LayoutAction : public clang::ASTFrontendAction {
public:
  explicit LayoutAction(Collected &C) : C(C) {}

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI,
                    llvm::StringRef File) override {
    llvm::ErrorOr<std::string> Dir =
        CI.getVirtualFileSystem().getCurrentWorkingDirectory();
    C.Started.insert(absolutePath(File, Dir ? *Dir : C.CurrentDir));
    return std::make_unique<LayoutConsumer>(C, File.str());
  }

private:
  Collected &C;
};

class LayoutActionFactory : public tooling::FrontendActionFactory {
public:
  explicit LayoutActionFactory(Collected &C) : C(C) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<LayoutAction>(C);
  }

private:
  Collected &C;
};

} // namespace

//===----------------------------------------------------------------------===//
// alloc-layout diff
//===----------------------------------------------------------------------===//

static llvm::Expected<Report> readReportFile(llvm::StringRef Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/true);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(), "cannot read '%s' (%s)",
                                   Path.str().c_str(),
                                   Buffer.getError().message().c_str());
  llvm::Expected<Report> R = readJsonReport((*Buffer)->getBuffer());
  if (!R)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(), "'%s' is not a layout report (%s)",
        Path.str().c_str(), llvm::toString(R.takeError()).c_str());
  return R;
}

/// Exit status: 0 no record grew by more than the threshold, 1 one did,
/// 2 the command could not be carried out.
static int diffMain(llvm::ArrayRef<const char *> Args) {
  std::vector<llvm::StringRef> Files;
  uint64_t Threshold = 0;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I];
    llvm::StringRef Value;
    if (Arg == "--threshold" || Arg == "-threshold") {
      if (I + 1 == Args.size())
        return error("--threshold needs a value", "a number of bytes", 2);
      Value = Args[++I];
    } else if (Arg.consume_front("--threshold=") ||
               Arg.consume_front("-threshold=")) {
      Value = Arg;
    } else if (Arg == "-h" || Arg == "--help" || Arg == "-help") {
      llvm::outs() << "usage: alloc-layout diff OLD.json NEW.json "
                      "[--threshold N]\n\n"
                      "Prints the records whose size, alignment or padding "
                      "changed, and the added\nand removed ones. Exit status: "
                      "1 when a record grew by more than N bytes\n(default "
                      "0), 2 on errors, 0 otherwise.\n";
      return 0;
    } else if (Arg.starts_with("-") && Arg != "-") {
      return error("unknown option '" + Arg + "' for diff",
                   "usage: alloc-layout diff OLD.json NEW.json "
                   "[--threshold N]",
                   2);
    } else {
      Files.push_back(Arg);
      continue;
    }
    if (Value.getAsInteger(10, Threshold))
      return error("invalid --threshold value '" + Value + "'",
                   "expected a number of bytes", 2);
  }
  if (Files.size() != 2)
    return error("diff needs two reports, got " + llvm::Twine(Files.size()),
                 "usage: alloc-layout diff OLD.json NEW.json [--threshold N]",
                 2);
  llvm::Expected<Report> Old = readReportFile(Files[0]);
  if (!Old)
    return error("cannot compare", llvm::toString(Old.takeError()), 2);
  llvm::Expected<Report> New = readReportFile(Files[1]);
  if (!New)
    return error("cannot compare", llvm::toString(New.takeError()), 2);
  // A report with failed units lacks their records: compared, they would
  // read as removed (or their growth go unseen), and the gate would pass.
  for (const auto &[Path, R] :
       {std::pair{Files[0], &*Old}, std::pair{Files[1], &*New}}) {
    if (!R->FailedUnits.empty())
      return error("cannot compare: '" + Path + "' is incomplete",
                   llvm::Twine(R->FailedUnits.size()) +
                       " translation units failed (" +
                       llvm::join(R->FailedUnits, ", ") +
                       "); fix them and run alloc-layout again",
                   2);
    if (R->TranslationUnits == 0)
      return error("cannot compare: '" + Path +
                       "' covers no translation "
                       "unit",
                   "the run that wrote it analysed nothing", 2);
  }
  ReportDiff Diff = diffReports(*Old, *New, Threshold);
  renderDiff(Diff, llvm::outs());
  return Diff.GrewBeyondThreshold ? 1 : 0;
}

//===----------------------------------------------------------------------===//
// alloc-layout
//===----------------------------------------------------------------------===//

/// The report in the chosen format, to -o or stdout.
static int writeReport(const Report &R, const Options &Opts) {
  RenderOptions Render;
  Render.TopN = Opts.TopN;
  std::error_code EC;
  llvm::ToolOutputFile Out(Opts.OutputFile.empty() ? "-"
                                                   : Opts.OutputFile.getValue(),
                           EC, llvm::sys::fs::OF_Text);
  if (EC)
    return error("cannot write '" + Opts.OutputFile + "'", EC.message());
  if (Opts.Format == "text")
    renderText(R, Out.os(), Render);
  else if (Opts.Format == "md")
    renderMarkdown(R, Out.os(), Render);
  else if (Opts.Format == "json")
    renderJson(R, Out.os(), Render);
  else
    renderHtml(R, Out.os(), Render);
  Out.os().flush();
  if (Out.os().has_error())
    return error("cannot write '" + Opts.OutputFile + "'",
                 Out.os().error().message());
  Out.keep();
  return 0;
}

int main(int Argc, const char **Argv) {
  if (Argc > 1 && llvm::StringRef(Argv[1]) == "diff")
    return diffMain(llvm::ArrayRef(Argv + 2, Argv + Argc));

  // Compiler arguments after "--" are not ours to parse.
  std::vector<std::string> CompilerArgs;
  bool HasDoubleDash = false;
  for (int I = 1; I < Argc; ++I)
    if (llvm::StringRef(Argv[I]) == "--") {
      HasDoubleDash = true;
      CompilerArgs.assign(Argv + I + 1, Argv + Argc);
      Argc = I;
      break;
    }

  Options Opts;
  cl::HideUnrelatedOptions(Opts.Category);
  cl::AddExtraVersionPrinter(
      [](llvm::raw_ostream &OS) { OS << ALLOC_TIDY_VERSION_LINE << "\n"; });
  std::string CommandLineErrors;
  llvm::raw_string_ostream ErrorStream(CommandLineErrors);
  if (!cl::ParseCommandLineOptions(Argc, Argv, Overview, &ErrorStream)) {
    // cl prefixes its messages with the program's name, and writes some
    // (a bad number) straight to stderr, leaving nothing here.
    llvm::StringRef Message = llvm::StringRef(CommandLineErrors).trim();
    Message.consume_front(llvm::sys::path::filename(Argv[0]));
    Message.consume_front(": ");
    Message = Message.split('\n').first.trim();
    return error("invalid command line",
                 Message.empty() ? "see the message above" : Message);
  }
  if (Opts.Format != "text" && Opts.Format != "md" && Opts.Format != "json" &&
      Opts.Format != "html")
    return error("unknown --format value '" + Opts.Format + "'",
                 "expected text, md, json or html");
  llvm::Regex Filter(Opts.RecordRegex);
  if (std::string Why; !Opts.RecordRegex.empty() && !Filter.isValid(Why))
    return error("invalid --record regex '" + Opts.RecordRegex + "'", Why);

  // The compile database: -p, else the compiler arguments after "--", else
  // one found from the first file's directory upwards. libTooling would run
  // "without flags" when there is none, which lays out records for a guess
  // of a command line; here that is an error.
  std::unique_ptr<tooling::CompilationDatabase> Database;
  std::string Why;
  // A broken compile_commands.json is named as such: autodetection would
  // call it missing, or silently take a parent directory's instead.
  if (!Opts.BuildPath.empty()) {
    if (std::string Problem =
            alloc_tidy::compileDatabaseProblem(Opts.BuildPath);
        !Problem.empty())
      return error(Problem, "fix or regenerate it, e.g. with cmake "
                            "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON");
    Database = tooling::CompilationDatabase::autoDetectFromDirectory(
        Opts.BuildPath, Why);
    if (!Database)
      return error("no compilation database (compile_commands.json) in '" +
                       Opts.BuildPath + "' or its parents",
                   "generate one, e.g. with cmake "
                   "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON");
  } else if (HasDoubleDash) {
    Database =
        std::make_unique<tooling::FixedCompilationDatabase>(".", CompilerArgs);
    // The arguments made the database; they are not extra arguments too.
    CompilerArgs.clear();
  } else if (!Opts.Sources.empty()) {
    std::string Problem = alloc_tidy::compileDatabaseProblem(
        llvm::sys::path::parent_path(Opts.Sources[0]));
    if (!Problem.empty())
      return error(Problem, "fix or regenerate it, e.g. with cmake "
                            "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON");
    Database = tooling::CompilationDatabase::autoDetectFromSource(
        Opts.Sources[0], Why);
    if (!Database)
      return error("no compilation database for '" + Opts.Sources[0] + "'",
                   "give -p <build dir>, or compiler arguments after --");
  } else {
    return error("nothing to lay out",
                 "give -p <build dir>, or files and compiler arguments "
                 "after --");
  }

  std::vector<std::string> Files(Opts.Sources.begin(), Opts.Sources.end());
  if (Files.empty())
    Files = Database->getAllFiles();
  if (Files.empty())
    return error("no files to lay out",
                 HasDoubleDash && Opts.BuildPath.empty()
                     ? "give the files before --"
                     : "the compilation database lists none");

  tooling::ClangTool Tool(*Database, Files);
  // With -p, arguments after "--" are added to every command (e.g.
  // --target=... to see another platform's layouts from the same database).
  std::vector<std::string> After(Opts.ExtraArgs.begin(), Opts.ExtraArgs.end());
  After.insert(After.end(), CompilerArgs.begin(), CompilerArgs.end());
  // Warnings are not what this tool is about, and a -Werror in the
  // project's flags must not turn them into a missing report.
  After.emplace_back("-Wno-everything");
  Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      After, tooling::ArgumentInsertPosition::END));
  if (!Opts.ExtraArgsBefore.empty())
    Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        std::vector<std::string>(Opts.ExtraArgsBefore.begin(),
                                 Opts.ExtraArgsBefore.end()),
        tooling::ArgumentInsertPosition::BEGIN));
  std::string ResourceDir = alloc_tidy::fallbackResourceDir(
      Argv[0], reinterpret_cast<void *>(&main), ALLOC_TIDY_RESOURCE_DIR);
  if (!ResourceDir.empty())
    Tool.appendArgumentsAdjuster(
        [ResourceDir](const tooling::CommandLineArguments &Args,
                      llvm::StringRef) {
          // A command that chooses its own resource directory keeps it.
          for (const std::string &Arg : Args)
            if (llvm::StringRef(Arg).contains("resource-dir"))
              return Args;
          tooling::CommandLineArguments Adjusted = Args;
          Adjusted.insert(Adjusted.begin() + (Adjusted.empty() ? 0 : 1),
                          "-resource-dir=" + ResourceDir);
          return Adjusted;
        });

  Collected C;
  C.Options.ComputeOptimal = !Opts.NoReorder;
  llvm::SmallString<256> Cwd;
  if (!llvm::sys::fs::current_path(Cwd))
    C.CurrentDir = std::string(Cwd);
  LayoutActionFactory Factory(C);
  int ToolStatus = Tool.run(&Factory);

  // Filters, then a stable order: by file and line, whatever the order of
  // the translation units.
  std::vector<RecordLayout> Kept;
  for (RecordLayout &L : C.Out.Records)
    if ((Opts.RecordRegex.empty() || Filter.match(L.QualifiedName)) &&
        L.PaddingBytes >= Opts.MinPadding)
      Kept.push_back(std::move(L));
  llvm::sort(Kept, [](const RecordLayout &A, const RecordLayout &B) {
    return std::tie(A.File, A.Line, A.QualifiedName) <
           std::tie(B.File, B.Line, B.QualifiedName);
  });
  C.Out.Records = std::move(Kept);

  // Every unit that gave no records is in the report, so that a report of
  // a failed run cannot pass for one of a project that lost its records.
  C.Out.FailedUnits = C.FailedFiles;
  for (const std::string &File : Files)
    if (!C.Started.contains(absolutePath(File, C.CurrentDir)))
      C.Out.FailedUnits.push_back(File);
  llvm::sort(C.Out.FailedUnits);
  int Status = writeReport(C.Out, Opts);
  if (Status != 0)
    return Status;
  if (!C.FailedFiles.empty())
    return error(
        llvm::Twine(C.FailedFiles.size()) + " of " +
            llvm::Twine(C.FailedFiles.size() + C.Out.TranslationUnits) +
            " translation units did not compile: " +
            llvm::join(C.FailedFiles, ", "),
        "the report covers the others");
  if (ToolStatus != 0)
    return error("some files could not be processed",
                 "see the messages above; the report covers the others");
  return 0;
}
