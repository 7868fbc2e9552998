//===--- ProjectIncludeInserter.cpp ---------------------------------------===//

#include "checks/ProjectIncludeInserter.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Token.h"

namespace clang::tidy::alloc {

class ProjectIncludeRecorder : public PPCallbacks {
public:
  ProjectIncludeRecorder(ProjectIncludeInserter &Inserter,
                         const SourceManager &SM)
      : Inserter(Inserter), SM(SM) {}

  void InclusionDirective(SourceLocation HashLoc, const Token &IncludeTok,
                          StringRef FileName, bool IsAngled, CharSourceRange,
                          OptionalFileEntryRef, StringRef, StringRef,
                          const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (!SM.isInSystemHeader(HashLoc))
      Inserter.addInclude(FileName, IsAngled, HashLoc, IncludeTok.getEndLoc());
  }

private:
  ProjectIncludeInserter &Inserter;
  const SourceManager &SM;
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
  PP->addPPCallbacks(
      std::make_unique<ProjectIncludeRecorder>(*this, *SourceMgr));
}

utils::IncludeSorter &ProjectIncludeInserter::sorterFor(FileID File) {
  std::unique_ptr<utils::IncludeSorter> &Sorter = Sorters[File];
  if (!Sorter)
    Sorter = std::make_unique<utils::IncludeSorter>(
        SourceMgr, File,
        SourceMgr->getFilename(SourceMgr->getLocForStartOfFile(File)), Style);
  return *Sorter;
}

void ProjectIncludeInserter::addInclude(StringRef FileName, bool IsAngled,
                                        SourceLocation HashLocation,
                                        SourceLocation EndLocation) {
  FileID File = SourceMgr->getFileID(HashLocation);
  Included[File].insert(FileName);
  sorterFor(File).addInclude(FileName, IsAngled, HashLocation, EndLocation);
}

std::optional<FixItHint>
ProjectIncludeInserter::createIncludeInsertion(FileID File, StringRef Header) {
  if (!SourceMgr || File.isInvalid() ||
      SourceMgr->isInSystemHeader(SourceMgr->getLocForStartOfFile(File)))
    return std::nullopt;
  bool IsAngled = Header.consume_front("<");
  if (IsAngled != Header.consume_back(">"))
    return std::nullopt;
  auto Found = Included.find(File);
  if (Found != Included.end() && Found->second.contains(Header))
    return std::nullopt;
  if (!SelfContainedDiags && !Inserted[File].insert(Header).second)
    return std::nullopt;
  return sorterFor(File).createIncludeInsertion(Header, IsAngled);
}

} // namespace clang::tidy::alloc
