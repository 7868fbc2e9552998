//===--- LayoutTestUtils.h - helpers for the lib/layout tests ---*- C++ -*-===//
//
// Parse a snippet for a target, find a record in it by name (class template
// specialisations included, spelled "Buffer<char, 3>"), and compile and run
// a program with the clang++ of the LLVM alloc-tidy is built against, so
// that sizes can be checked against the compiler's own sizeof.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_LAYOUT_UNITTESTS_LAYOUTTESTUTILS_H
#define ALLOC_TIDY_LIB_LAYOUT_UNITTESTS_LAYOUTTESTUTILS_H

#include "lib/analysis/unittests/AnalysisTestUtils.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Frontend/ASTUnit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {
namespace layout {
namespace test {

/// Targets the tests lay records out for: one per C++ ABI.
inline constexpr const char *Linux64 = "--target=x86_64-linux-gnu";
inline constexpr const char *Msvc64 = "--target=x86_64-pc-windows-msvc";

/// A parsed translation unit that stays alive for the whole test program:
/// layouts and types found in it may be used after the helper returns.
inline clang::ASTUnit &parse(llvm::StringRef Code,
                             std::vector<std::string> Args = {}) {
  static std::vector<std::unique_ptr<clang::ASTUnit>> Keep;
  Keep.push_back(alloc_tidy::test::parseCode(Code, std::move(Args)));
  return *Keep.back();
}

inline std::string nameOf(const clang::RecordDecl &RD, bool Qualified) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  RD.getNameForDiagnostic(OS, RD.getASTContext().getPrintingPolicy(),
                          Qualified);
  return Name;
}

/// The definition of the record whose name (as getNameForDiagnostic spells
/// it, e.g. "Buffer<char, 3>" or "ns::Inner") is \p Name, in namespaces,
/// classes and class template specialisations; null if none.
inline const clang::RecordDecl *findRecordIn(const clang::DeclContext &DC,
                                             llvm::StringRef Name) {
  for (const clang::Decl *D : DC.decls()) {
    if (const auto *RD = llvm::dyn_cast<clang::RecordDecl>(D)) {
      if (RD->isThisDeclarationADefinition() &&
          (nameOf(*RD, false) == Name || nameOf(*RD, true) == Name))
        return RD;
    }
    if (const auto *Template = llvm::dyn_cast<clang::ClassTemplateDecl>(D))
      for (const clang::ClassTemplateSpecializationDecl *Spec :
           Template->specializations())
        if (Spec->hasDefinition() &&
            (nameOf(*Spec, false) == Name || nameOf(*Spec, true) == Name))
          return Spec->getDefinition();
    // A class nested in a template pattern (dependent: it has no layout).
    if (const auto *Template = llvm::dyn_cast<clang::ClassTemplateDecl>(D))
      if (const clang::RecordDecl *Found =
              findRecordIn(*Template->getTemplatedDecl(), Name))
        return Found;
    if (const auto *Inner = llvm::dyn_cast<clang::DeclContext>(D))
      if (llvm::isa<clang::NamespaceDecl, clang::RecordDecl>(D))
        if (const clang::RecordDecl *Found = findRecordIn(*Inner, Name))
          return Found;
  }
  return nullptr;
}

inline const clang::RecordDecl *findRecord(clang::ASTContext &Ctx,
                                           llvm::StringRef Name) {
  return findRecordIn(*Ctx.getTranslationUnitDecl(), Name);
}

/// The field \p Field of the record \p Record; null if either is missing.
inline const clang::FieldDecl *findFieldOf(clang::ASTContext &Ctx,
                                           llvm::StringRef Record,
                                           llvm::StringRef Field) {
  const clang::RecordDecl *RD = findRecord(Ctx, Record);
  if (!RD)
    return nullptr;
  for (const clang::FieldDecl *F : RD->fields())
    if (F->getName() == Field)
      return F;
  return nullptr;
}

/// Removes a temporary file; a failure only leaves the file behind.
inline void removeTemporary(llvm::StringRef Path) {
  if (std::error_code EC = llvm::sys::fs::remove(Path))
    llvm::errs() << "cannot remove " << Path << ": " << EC.message() << "\n";
}

/// Whether \p Code compiles with -fsyntax-only and exactly \p Args, using
/// the clang++ of the LLVM alloc-tidy is built against: for static_asserts on
/// a target the host cannot run. The compiler's output in \p Log.
inline bool compilesSyntaxOnly(llvm::StringRef Code,
                               const std::vector<std::string> &Args,
                               std::string &Log) {
  llvm::SmallString<128> Source, Output;
  if (llvm::sys::fs::createTemporaryFile("layout-test", "cpp", Source) ||
      llvm::sys::fs::createTemporaryFile("layout-test", "txt", Output)) {
    Log = "cannot create temporary files";
    return false;
  }
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Source, EC);
    OS << Code;
  }
  std::vector<llvm::StringRef> Command = {ALLOC_TIDY_CLANGXX, "-fsyntax-only"};
  Command.insert(Command.end(), Args.begin(), Args.end());
  Command.push_back(Source);
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, Output, Output};
  const int Status = llvm::sys::ExecuteAndWait(ALLOC_TIDY_CLANGXX, Command,
                                               std::nullopt, Redirects, 300);
  if (auto Buffer = llvm::MemoryBuffer::getFile(Output))
    Log = (*Buffer)->getBuffer().str();
  removeTemporary(Source);
  removeTemporary(Output);
  return Status == 0;
}

/// Compiles \p Code as C++17 with the clang++ of the LLVM alloc-tidy is
/// built against (plus \p Args) and runs it; its standard output, or
/// nullopt (with \p Error set) when it does not compile or run.
inline std::optional<std::string>
compileAndRun(llvm::StringRef Code, std::string &Error,
              const std::vector<std::string> &Args = {}) {
  llvm::SmallString<128> Source, Binary, Output;
  if (llvm::sys::fs::createTemporaryFile("layout-test", "cpp", Source) ||
      llvm::sys::fs::createTemporaryFile("layout-test", "out", Binary) ||
      llvm::sys::fs::createTemporaryFile("layout-test", "txt", Output)) {
    Error = "cannot create temporary files";
    return std::nullopt;
  }
  struct Cleanup {
    std::vector<std::string> Files;
    ~Cleanup() {
      for (const std::string &F : Files)
        removeTemporary(F);
    }
  } Remove{{Source.str().str(), Binary.str().str(), Output.str().str()}};
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Source, EC);
    if (EC) {
      Error = "cannot write " + Source.str().str();
      return std::nullopt;
    }
    OS << Code;
  }
  std::vector<llvm::StringRef> Compile = {ALLOC_TIDY_CLANGXX, "-std=c++17",
                                          "-w"};
  Compile.insert(Compile.end(), Args.begin(), Args.end());
  Compile.insert(Compile.end(), {Source.str(), "-o", Binary.str()});
  std::string Message;
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, Output, Output};
  if (llvm::sys::ExecuteAndWait(ALLOC_TIDY_CLANGXX, Compile, std::nullopt,
                                Redirects, 120, 0, &Message) != 0) {
    auto Log = llvm::MemoryBuffer::getFile(Output);
    Error = "compiling failed: " + Message +
            (Log ? (*Log)->getBuffer().str() : std::string());
    return std::nullopt;
  }
  if (llvm::sys::ExecuteAndWait(Binary, {Binary.str()}, std::nullopt, Redirects,
                                60, 0, &Message) != 0) {
    Error = "running the program failed: " + Message;
    return std::nullopt;
  }
  auto Result = llvm::MemoryBuffer::getFile(Output);
  if (!Result) {
    Error = "cannot read the program's output";
    return std::nullopt;
  }
  return (*Result)->getBuffer().str();
}

/// Runs \p Code, which prints numbers separated by spaces, and returns them;
/// an empty list, after a test failure, when it does not build or run or
/// prints something else.
inline std::vector<uint64_t>
runNumbers(llvm::StringRef Code, const std::vector<std::string> &Args = {}) {
  std::string Error;
  std::optional<std::string> Out = compileAndRun(Code, Error, Args);
  if (!Out) {
    ADD_FAILURE() << Error;
    return {};
  }
  std::vector<uint64_t> Numbers;
  llvm::SmallVector<llvm::StringRef, 64> Parts;
  llvm::StringRef(*Out).split(Parts, ' ', -1, /*KeepEmpty=*/false);
  Numbers.reserve(Parts.size());
  for (llvm::StringRef Part : Parts) {
    uint64_t N = 0;
    if (Part.trim().getAsInteger(10, N)) {
      ADD_FAILURE() << "not a number: '" << Part.str() << "' in " << *Out;
      return {};
    }
    Numbers.push_back(N);
  }
  return Numbers;
}

} // namespace test
} // namespace layout
} // namespace alloc_tidy

#endif
