//===--- IncludeGraph.h - what a header can name in any unit -----*- C++
//-*-===//
//
// A change written into a header is compiled by every unit that includes
// it, each with its own includes before it. What the header can rely on is
// what it includes itself, directly or through the files it includes: a
// type this unit's main file happened to include first is not there in
// another unit. The graph keeps every #include directive, also those whose
// file an include guard skips (the first inclusion elsewhere hides them from
// the source manager's include chains).
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_INCLUDEGRAPH_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_INCLUDEGRAPH_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/Support/FileSystem/UniqueID.h"
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace alloc_tidy {

class IncludeGraph {
public:
  using FileKey = llvm::sys::fs::UniqueID;

  void addInclusion(FileKey Includer, FileKey Included);
  /// Whether \p From is \p To or includes it, directly or not.
  bool reaches(FileKey From, FileKey To) const;
  void clear() { Edges.clear(); }

  /// Callbacks that add every #include directive \p SM's preprocessor runs.
  std::unique_ptr<clang::PPCallbacks> recorder(const clang::SourceManager &SM);

private:
  std::map<FileKey, std::set<FileKey>> Edges;
};

/// What a declaration written at \p Where (in a header) needs so that its
/// type \p Type means the same in every unit that includes the header.
struct HeaderNeeds {
  /// Standard headers to include ("<vector>", "<string>"): those of the
  /// standard containers and strings the type names, which a fix-it adds.
  std::set<std::string> StandardHeaders;
  /// The first declaration the type names that the header does not see
  /// itself, or null.
  const clang::NamedDecl *Unseen = nullptr;
};

/// Whether code written at \p Where sees \p D in every unit that compiles
/// it: in a header, D is earlier in the header or in a file the header
/// includes, directly or not; in the main file, D is declared earlier.
bool headerSees(const clang::Decl &D, clang::SourceLocation Where,
                const IncludeGraph &Graph, const clang::SourceManager &SM);

HeaderNeeds headerNeedsFor(clang::QualType Type, clang::SourceLocation Where,
                           const IncludeGraph &Graph,
                           const clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
