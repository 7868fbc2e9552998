//===--- AllocTidyFuzzer.cpp - libFuzzer target for the checks and layouts ===//
//
// Each input is a C++ source. It is parsed once, as if it began with
// `#include "fuzz/prelude.h"` (the standard headers the test corpus uses,
// precompiled once at start-up), and the AST goes to every alloc-* check,
// with the options of fuzz/fuzz.clang-tidy (every fix-it on), and to
// lib/layout as alloc-layout uses it (layouts, reorder search, every report
// format, the JSON read back and diffed). The checks' fixes are then applied
// to the input, and the fixed code goes through it all again.
//
// Errors in the input are expected and ignored; only a crash, an assertion
// or a sanitizer report is a finding. docs/robustness.md, "Fuzzing", says
// how to run it (`make fuzz`) and how to reproduce a finding.
//
// ALLOC_TIDY_FUZZ_VERBOSE=1 prints the checks' messages and the text layout
// report of each input to stderr, for reading a reproducer;
// ALLOC_TIDY_FUZZ_FULL_AST=1 walks the whole AST, the precompiled headers'
// declarations included, as the tools do (slower; for a finding that needs
// it); ALLOC_TIDY_FUZZ_NO_PCH=1 parses the prelude with every input.
//
//===----------------------------------------------------------------------===//

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "lib/layout/LayoutBuilder.h"
#include "lib/layout/Report.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

using namespace clang;
namespace layout = alloc_tidy::layout;

namespace {

/// Where the input and the precompiled prelude live, in memory.
constexpr const char *InputPath = "/alloc-tidy-fuzz/input.cpp";
constexpr const char *PchPath = "/alloc-tidy-fuzz/prelude.pch";

/// The bytes of the prelude's PCH, built by LLVMFuzzerInitialize.
std::unique_ptr<llvm::MemoryBuffer> Pch;
bool Verbose = false;
bool FullTraversal = false;

std::vector<std::string> compilerArgs(bool WithPch) {
  std::vector<std::string> Args = {"clang++", "-std=c++20", "-fsyntax-only",
                                   "-resource-dir=" ALLOC_TIDY_RESOURCE_DIR,
                                   // Warnings cost time and find nothing here.
                                   "-w", "-ferror-limit=0"};
  Args.push_back(WithPch ? "-include-pch" : "-include");
  Args.push_back(WithPch ? PchPath : ALLOC_TIDY_FUZZ_PRELUDE);
  Args.push_back(InputPath);
  return Args;
}

/// The checks' options, from fuzz/fuzz.clang-tidy.
tidy::ClangTidyOptions TidyOptions;

//===----------------------------------------------------------------------===//
// lib/layout, as alloc-layout drives it (tools/alloc-layout)
//===----------------------------------------------------------------------===//

class RecordVisitor : public RecursiveASTVisitor<RecordVisitor> {
public:
  RecordVisitor(ASTContext &Ctx, layout::Report &Out) : Ctx(Ctx), Out(Out) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitRecordDecl(RecordDecl *RD) {
    if (RD->isImplicit() || RD->isInvalidDecl() ||
        RD->isAnonymousStructOrUnion() || !layout::hasComputableLayout(*RD))
      return true;
    if (const auto *CXX = llvm::dyn_cast<CXXRecordDecl>(RD))
      if (CXX->isLambda())
        return true;
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation Loc = SM.getExpansionLoc(RD->getLocation());
    if (Loc.isInvalid() || SM.isInSystemHeader(Loc))
      return true;
    if (std::optional<layout::RecordLayout> L = layout::computeLayout(*RD, Ctx))
      Out.Records.push_back(std::move(*L));
    return true;
  }

private:
  ASTContext &Ctx;
  layout::Report &Out;
};

class LayoutConsumer : public ASTConsumer {
public:
  void HandleTranslationUnit(ASTContext &Ctx) override {
    // alloc-layout reports nothing for a translation unit with errors.
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    layout::Report R;
    R.Target = Ctx.getTargetInfo().getTriple().str();
    R.Abi = "itanium";
    R.TranslationUnits = 1;
    RecordVisitor(Ctx, R).TraverseAST(Ctx);

    layout::RenderOptions Render;
    std::string Text, Json;
    llvm::raw_string_ostream TextOS(Text), JsonOS(Json);
    layout::renderText(R, TextOS, Render);
    layout::renderMarkdown(R, llvm::nulls(), Render);
    layout::renderHtml(R, llvm::nulls(), Render);
    layout::renderJson(R, JsonOS, Render);
    if (Verbose)
      llvm::errs() << Text;
    llvm::Expected<layout::Report> Back = layout::readJsonReport(Json);
    if (!Back) {
      // Our own JSON must read back: that is a bug, not an input error.
      llvm::errs() << "alloc-tidy-fuzz: the JSON report does not read back: "
                   << llvm::toString(Back.takeError()) << "\n"
                   << Json << "\n";
      std::abort();
    }
    layout::Report Empty;
    layout::renderDiff(layout::diffReports(*Back, R, 0), llvm::nulls());
    layout::renderDiff(layout::diffReports(Empty, R, 0), llvm::nulls());
    layout::renderDiff(layout::diffReports(R, Empty, 0), llvm::nulls());
  }
};

/// Limits what the checks and the layouts traverse to the declarations of
/// the input, as clangd does for a file with a preamble: without it, each
/// run would deserialize and walk every declaration of the precompiled
/// standard headers, where the checks report nothing, at a second a run.
/// It goes first in the multiplexer, so the scope is set before the others
/// see the translation unit.
class TraversalScopeConsumer : public ASTConsumer {
public:
  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    for (Decl *D : Group) {
      const SourceManager &SM = D->getASTContext().getSourceManager();
      if (SM.isWrittenInMainFile(SM.getExpansionLoc(D->getLocation())))
        TopLevel.push_back(D);
    }
    return true;
  }

  // The declarations the PCH hands over (inline functions of the headers):
  // not the input's.
  void HandleInterestingDecl(DeclGroupRef) override {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (!FullTraversal)
      Ctx.setTraversalScope(TopLevel);
  }

private:
  std::vector<Decl *> TopLevel;
};

//===----------------------------------------------------------------------===//
// The checks and the layouts on one AST
//===----------------------------------------------------------------------===//

class FuzzAction : public ASTFrontendAction {
public:
  explicit FuzzAction(tidy::ClangTidyContext &Context) : Context(Context) {}

  std::unique_ptr<ASTConsumer>
  CreateASTConsumer(CompilerInstance &Compiler, llvm::StringRef File) override {
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(std::make_unique<TraversalScopeConsumer>());
    tidy::ClangTidyASTConsumerFactory Factory(Context);
    Consumers.push_back(Factory.createASTConsumer(Compiler, File));
    Consumers.push_back(std::make_unique<LayoutConsumer>());
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }

private:
  tidy::ClangTidyContext &Context;
};

/// Applies the fixes of \p Errors to \p Code as `--fix` would: the
/// replacements of one diagnostic go in together or not at all.
std::string applyFixes(const std::vector<tidy::ClangTidyError> &Errors,
                       llvm::StringRef Code) {
  tooling::Replacements All;
  for (const tidy::ClangTidyError &E : Errors)
    for (const auto &[File, Replaces] : E.Message.Fix) {
      if (File != InputPath)
        continue;
      tooling::Replacements Merged = All;
      bool Ok = true;
      for (const tooling::Replacement &R : Replaces)
        if (llvm::Error Err = Merged.add(R)) {
          llvm::consumeError(std::move(Err));
          Ok = false;
          break;
        }
      if (Ok)
        All = std::move(Merged);
    }
  llvm::Expected<std::string> Fixed = tooling::applyAllReplacements(Code, All);
  if (!Fixed) {
    llvm::consumeError(Fixed.takeError());
    return Code.str();
  }
  return *Fixed;
}

/// Parses \p Code once and runs the checks and the layouts over it; returns
/// the diagnostics of the checks.
std::vector<tidy::ClangTidyError> runOnce(llvm::StringRef Code) {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(InputPath, 0, llvm::MemoryBuffer::getMemBufferCopy(Code));
  if (Pch)
    Memory->addFile(
        PchPath, 0,
        llvm::MemoryBuffer::getMemBuffer(Pch->getMemBufferRef(), false));
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  Overlay->pushOverlay(Memory);
  auto Files =
      llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), Overlay);

  tidy::ClangTidyContext Context(
      std::make_unique<tidy::DefaultOptionsProvider>(
          tidy::ClangTidyGlobalOptions(), TidyOptions),
      /*AllowEnablingAnalyzerAlphaCheckers=*/false,
      /*EnableModuleHeadersParsing=*/false,
      /*ExperimentalCustomChecks=*/false);
  tidy::ClangTidyDiagnosticConsumer TidyDiags(Context);
  auto DiagOpts = std::make_unique<DiagnosticOptions>();
  DiagnosticsEngine Engine(llvm::makeIntrusiveRefCnt<DiagnosticIDs>(),
                           *DiagOpts, &TidyDiags, /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(std::move(DiagOpts), &Engine);

  // The compiler's own diagnostics (the input's errors) are not findings.
  IgnoringDiagConsumer CompilerDiags;
  tooling::ToolInvocation Invocation(compilerArgs(Pch != nullptr),
                                     std::make_unique<FuzzAction>(Context),
                                     Files.get());
  Invocation.setDiagnosticConsumer(&CompilerDiags);
  Invocation.run();
  std::vector<tidy::ClangTidyError> Errors = TidyDiags.take();
  if (Verbose)
    for (const tidy::ClangTidyError &E : Errors)
      llvm::errs() << E.Message.FilePath << ":" << E.Message.FileOffset << ": "
                   << E.Message.Message << " [" << E.DiagnosticName << "]\n";
  return Errors;
}

/// Precompiles fuzz/prelude.h with the arguments the inputs are parsed
/// with, and keeps the PCH in memory.
bool buildPch() {
  llvm::SmallString<128> Out;
  if (llvm::sys::fs::createTemporaryFile("alloc-tidy-fuzz", "pch", Out))
    return false;
  // -fpch-instantiate-templates: the headers' pending instantiations are
  // done once here, not at the end of every input.
  std::vector<std::string> Args = {"clang++",
                                   "-std=c++20",
                                   "-resource-dir=" ALLOC_TIDY_RESOURCE_DIR,
                                   "-w",
                                   "-fpch-instantiate-templates",
                                   "-x",
                                   "c++-header",
                                   ALLOC_TIDY_FUZZ_PRELUDE,
                                   "-o",
                                   std::string(Out)};
  auto Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions());
  tooling::ToolInvocation Invocation(
      Args, std::make_unique<GeneratePCHAction>(), Files.get());
  bool Ok = Invocation.run();
  if (Ok) {
    auto Buffer = llvm::MemoryBuffer::getFile(Out, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    if (Buffer)
      Pch = std::move(*Buffer);
    Ok = Pch != nullptr;
  }
  llvm::sys::fs::remove(Out);
  return Ok;
}

/// Reads fuzz/fuzz.clang-tidy into TidyOptions.
bool readTidyOptions() {
  auto Buffer = llvm::MemoryBuffer::getFile(ALLOC_TIDY_FUZZ_CONFIG,
                                            /*IsText=*/true);
  if (!Buffer)
    return false;
  llvm::ErrorOr<tidy::ClangTidyOptions> Parsed =
      tidy::parseConfiguration((*Buffer)->getMemBufferRef());
  if (!Parsed)
    return false;
  TidyOptions = tidy::ClangTidyOptions::getDefaults();
  TidyOptions.mergeWith(*Parsed, 0);
  return true;
}

} // namespace

/// Our objects are instrumented, LLVM's libraries are not, and both share
/// llvm::BumpPtrAllocator (ASTContext's among others), whose header-inlined
/// code poisons a new slab and unpoisons each allocation only where it is
/// compiled with AddressSanitizer (llvm/Support/Allocator.h). A slab our code
/// starts is then written by libclang-cpp's allocations, which do not
/// unpoison: a use-after-poison that is no bug. So manual poisoning is off;
/// heap overflows and uses after free are still reported. Leaks are not
/// findings: the harness is one process for thousands of parses, and clang
/// keeps some memory on purpose. ASAN_OPTIONS can still change both.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0:detect_leaks=0";
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  Verbose = std::getenv("ALLOC_TIDY_FUZZ_VERBOSE") != nullptr;
  FullTraversal = std::getenv("ALLOC_TIDY_FUZZ_FULL_AST") != nullptr;
  if (!readTidyOptions()) {
    llvm::errs() << "alloc-tidy-fuzz: error: cannot read "
                 << ALLOC_TIDY_FUZZ_CONFIG << "\n";
    std::exit(1);
  }
  if (!std::getenv("ALLOC_TIDY_FUZZ_NO_PCH") && !buildPch()) {
    llvm::errs() << "alloc-tidy-fuzz: error: cannot precompile "
                 << ALLOC_TIDY_FUZZ_PRELUDE << "\n";
    std::exit(1);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Code(reinterpret_cast<const char *>(Data), Size);
  std::vector<tidy::ClangTidyError> Errors = runOnce(Code);
  // The fixed code goes through everything again: a fix-it that breaks the
  // code must not break the checks either.
  std::string Fixed = applyFixes(Errors, Code);
  if (Fixed != Code)
    runOnce(Fixed);
  return 0;
}
