//===--- ProjectIncludeInserter.cpp ---------------------------------------===//

#include "checks/ProjectIncludeInserter.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Token.h"
#include <mutex>
#include <string>
#include <vector>

namespace clang::tidy::alloc {

/// The #include directives a preprocessor reads outside system headers, in
/// the order it reads them. Owned by the preprocessor (as its callbacks are)
/// and found through a table keyed by it: the first inserter to register
/// with a preprocessor adds the recorder, the others share it. clangd builds
/// units on several threads, so the table has a lock; a recorder leaves the
/// table when its preprocessor destroys it, before another preprocessor can
/// take the same address.
class ProjectIncludeRecorder : public PPCallbacks {
public:
  struct Include {
    std::string FileName;
    bool IsAngled;
    SourceLocation Hash;
    SourceLocation End;
  };

  static ProjectIncludeRecorder &forPreprocessor(Preprocessor &PP) {
    Table &T = table();
    std::lock_guard<std::mutex> Lock(T.Mutex);
    ProjectIncludeRecorder *&Recorder = T.Recorders[&PP];
    if (!Recorder) {
      auto Owned = std::unique_ptr<ProjectIncludeRecorder>(
          new ProjectIncludeRecorder(PP));
      Recorder = Owned.get();
      PP.addPPCallbacks(std::move(Owned));
    }
    return *Recorder;
  }

  ~ProjectIncludeRecorder() override {
    Table &T = table();
    std::lock_guard<std::mutex> Lock(T.Mutex);
    auto It = T.Recorders.find(&PP);
    if (It != T.Recorders.end() && It->second == this)
      T.Recorders.erase(It);
  }

  void InclusionDirective(SourceLocation HashLoc, const Token &IncludeTok,
                          StringRef FileName, bool IsAngled, CharSourceRange,
                          OptionalFileEntryRef, StringRef, StringRef,
                          const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (!PP.getSourceManager().isInSystemHeader(HashLoc))
      Includes.push_back(
          {FileName.str(), IsAngled, HashLoc, IncludeTok.getEndLoc()});
  }

  const std::vector<Include> &includes() const { return Includes; }

private:
  struct Table {
    std::mutex Mutex;
    llvm::DenseMap<const Preprocessor *, ProjectIncludeRecorder *> Recorders;
  };

  /// Never destroyed: a preprocessor that outlives static destructors
  /// would otherwise destroy its recorder into a dead table.
  static Table &table() {
    static Table *T = new Table;
    return *T;
  }

  explicit ProjectIncludeRecorder(Preprocessor &PP) : PP(PP) {}

  Preprocessor &PP;
  std::vector<Include> Includes;
};

ProjectIncludeInserter::ProjectIncludeInserter(
    utils::IncludeSorter::IncludeStyle Style, bool SelfContainedDiags)
    : Style(Style), SelfContainedDiags(SelfContainedDiags) {}

void ProjectIncludeInserter::registerPreprocessor(Preprocessor *PP) {
  SourceMgr = &PP->getSourceManager();
  // A check object can see several units.
  Sorters.clear();
  Inserted.clear();
  Included.clear();
  IncludesTaken = 0;
  Recorder = &ProjectIncludeRecorder::forPreprocessor(*PP);
}

utils::IncludeSorter &ProjectIncludeInserter::sorterFor(FileID File) {
  std::unique_ptr<utils::IncludeSorter> &Sorter = Sorters[File];
  if (!Sorter)
    Sorter = std::make_unique<utils::IncludeSorter>(
        SourceMgr, File,
        SourceMgr->getFilename(SourceMgr->getLocForStartOfFile(File)), Style);
  return *Sorter;
}

void ProjectIncludeInserter::catchUp() {
  if (!Recorder)
    return;
  const auto &Includes = Recorder->includes();
  for (; IncludesTaken < Includes.size(); ++IncludesTaken) {
    const ProjectIncludeRecorder::Include &I = Includes[IncludesTaken];
    FileID File = SourceMgr->getFileID(I.Hash);
    Included[File].insert(I.FileName);
    sorterFor(File).addInclude(I.FileName, I.IsAngled, I.Hash, I.End);
  }
}

std::optional<FixItHint>
ProjectIncludeInserter::createIncludeInsertion(FileID File, StringRef Header) {
  if (!SourceMgr || File.isInvalid() ||
      SourceMgr->isInSystemHeader(SourceMgr->getLocForStartOfFile(File)))
    return std::nullopt;
  bool IsAngled = Header.consume_front("<");
  if (IsAngled != Header.consume_back(">"))
    return std::nullopt;
  catchUp();
  auto Found = Included.find(File);
  if (Found != Included.end() && Found->second.contains(Header))
    return std::nullopt;
  if (!SelfContainedDiags && !Inserted[File].insert(Header).second)
    return std::nullopt;
  return sorterFor(File).createIncludeInsertion(Header, IsAngled);
}

} // namespace clang::tidy::alloc
