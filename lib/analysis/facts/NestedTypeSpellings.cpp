//===--- NestedTypeSpellings.cpp ------------------------------------------===//

#include "lib/analysis/facts/NestedTypeSpellings.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/MemberFacts.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"

using namespace clang;

namespace alloc_tidy {
namespace {

class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(ASTContext &Ctx,
            llvm::DenseMap<const Decl *,
                           std::vector<NestedTypeSpellings::Spelling>> &Out)
      : SM(Ctx.getSourceManager()), Out(Out) {}

#if CLANG_VERSION_MAJOR < 22
  // Before clang 22 the qualifier ("std::deque<Row>::") is a sugar node of
  // its own around the alias: its range is the whole spelling.
  bool VisitElaboratedTypeLoc(ElaboratedTypeLoc TL) {
    if (auto Named = TL.getNamedTypeLoc().getAs<TypedefTypeLoc>())
      Outer[Named.getBeginLoc()] = TL.getSourceRange();
    return true;
  }
#endif

  // std::deque<Row>::const_iterator names a member type alias of the
  // specialization std::deque<Row>.
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    const TypedefNameDecl *Alias = TL.getTypePtr()->getDecl();
    const auto *Owner =
        Alias ? dyn_cast<CXXRecordDecl>(Alias->getDeclContext()) : nullptr;
    if (!Owner)
      return true;
    SourceLocation Loc = TL.getBeginLoc();
    if (Loc.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
      return true;
    SourceRange Range = TL.getSourceRange();
    if (auto It = Outer.find(TL.getBeginLoc()); It != Outer.end())
      Range = It->second;
    Out[Owner->getCanonicalDecl()].push_back({Range});
    return true;
  }

private:
  const SourceManager &SM;
  /// The qualified spelling around an alias, by the alias's place.
  llvm::DenseMap<SourceLocation, SourceRange> Outer;
  llvm::DenseMap<const Decl *, std::vector<NestedTypeSpellings::Spelling>> &Out;
};

} // namespace

NestedTypeSpellings::SpellingMap &
NestedTypeSpellings::collect(ASTContext &Ctx) {
  SpellingMap &Map = ByContainer.emplace();
  Collector(Ctx, Map).TraverseAST(Ctx);
  return Map;
}

std::vector<NestedTypeSpellings::Spelling>
NestedTypeSpellings::of(QualType Container, const FunctionDecl *Within,
                        ASTContext &Ctx) {
  SpellingMap &Map = ByContainer ? *ByContainer : collect(Ctx);
  const CXXRecordDecl *Record = Container->getAsCXXRecordDecl();
  auto It = Record ? Map.find(Record->getCanonicalDecl()) : Map.end();
  if (It == Map.end())
    return {};
  if (!Within)
    return It->second;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceRange Body = Within->getSourceRange();
  std::vector<Spelling> Inside;
  for (const Spelling &S : It->second)
    if (!SM.isBeforeInTranslationUnit(S.Range.getBegin(), Body.getBegin()) &&
        !SM.isBeforeInTranslationUnit(Body.getEnd(), S.Range.getBegin()))
      Inside.push_back(S);
  return Inside;
}

std::optional<NestedTypeSpellings::Tie>
NestedTypeSpellings::firstTie(QualType Container, const FunctionDecl *Within,
                              ASTContext &Ctx) {
  std::vector<Spelling> All = of(Container, Within, Ctx);
  if (All.empty())
    return std::nullopt;
  SourceLocation Loc = All.front().Range.getBegin();
  return Tie{Loc, "'" + sourceText(All.front().Range, Ctx) + "' (" +
                      codePlaceOf(Loc, nullptr, Ctx.getSourceManager()).text() +
                      ") names a type of the container and would have to "
                      "change with it"};
}

} // namespace alloc_tidy
