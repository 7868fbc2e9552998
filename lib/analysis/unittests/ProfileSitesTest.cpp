//===--- ProfileSitesTest.cpp - a profile's sites in the code -------------===//

#include "lib/analysis/profile/ProfileSites.h"
#include "AnalysisTestUtils.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

class ProfileSitesTest : public ::testing::Test {
protected:
  std::unique_ptr<ASTUnit> AST;

  void parse(llvm::StringRef Code) {
    AST = test::parseCode("#include <vector>\n" + Code.str());
    ASSERT_TRUE(AST != nullptr);
    ASSERT_FALSE(test::hasErrors(*AST)) << Code.str();
  }
  ASTContext &ctx() { return AST->getASTContext(); }

  const ValueDecl *decl(llvm::StringRef Name) {
    const ValueDecl *D = test::findVar(ctx(), Name);
    if (!D)
      D = test::findField(ctx(), Name);
    EXPECT_TRUE(D != nullptr) << Name.str();
    return D;
  }

  ProfiledUses usesOf(llvm::StringRef Name) {
    const ValueDecl *D = decl(Name);
    if (!D)
      return {};
    std::vector<ContainerUse> Uses;
    for (const Expr *Ref : test::findRefs(ctx(), D))
      Uses.push_back(classifyContainerUse(Ref, ctx()));
    return profiledUsesOf(*D, Uses, ctx());
  }

  unsigned line(SourceLocation Loc) {
    return ctx().getSourceManager().getExpansionLineNumber(Loc);
  }
};

ProfileSite site(unsigned Line, unsigned Column, std::string Element,
                 uint64_t ElementSize, ElementHistogram Counts = {{2, 10}},
                 std::string Function = "") {
  ProfileSite Site;
  Site.Line = Line;
  Site.Column = Column;
  Site.Element = std::move(Element);
  Site.ElementSize = ElementSize;
  Site.Function = std::move(Function);
  Site.Counts = std::move(Counts);
  for (const auto &[Elements, Allocations] : Site.Counts)
    Site.Allocations += Allocations;
  return Site;
}

// --- anchors ----------------------------------------------------------------

TEST_F(ProfileSitesTest, LocalAnchorsAreItsCallsThenItsConstruction) {
  ASSERT_NO_FATAL_FAILURE(parse("int f(int n) {\n" // line 2
                                "  std::vector<int> v(n);\n"
                                "  for (int i = 0; i < n; ++i)\n"
                                "    v.push_back(i);\n" // line 5
                                "  return v[0];\n"
                                "}\n"));
  ProfiledUses P = usesOf("v");
  EXPECT_EQ(P.Silence, "");
  ASSERT_EQ(P.Anchors.size(), 2u);
  EXPECT_EQ(line(P.Anchors[0].Range.getBegin()), 5u);
  EXPECT_EQ(line(P.Anchors[1].Range.getBegin()), 3u);
  EXPECT_EQ(P.Anchors[1].Function, test::findFunction(ctx(), "f"));
  EXPECT_TRUE(P.Members.contains("push_back"));
  EXPECT_TRUE(P.Members.contains("operator[]"));
  ASSERT_EQ(P.Constructions.size(), 1u);
  EXPECT_EQ(P.Constructions[0], VectorConstruction::Count);
}

TEST_F(ProfileSitesTest, LocalThatCannotBeReplaced) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(const std::vector<int> &in) {\n"
                                "  std::vector<int> copied(in);\n"
                                "  copied.push_back(1);\n"
                                "  std::vector<int> captured;\n"
                                "  [&captured] { captured.push_back(1); }();\n"
                                "}\n"));
  EXPECT_EQ(usesOf("copied").Silence, "initialised from another vector");
  EXPECT_EQ(usesOf("captured").Silence, "captured by a lambda");
}

TEST_F(ProfileSitesTest, MemberAnchorsAreItsConstructors) {
  ASSERT_NO_FATAL_FAILURE(parse("struct Row {\n"
                                "  std::vector<int> cells;\n"
                                "  Row(int n) : cells(n) {}\n" // line 4
                                "  void add(int x) { cells.push_back(x); }\n"
                                "};\n"
                                "Row copy(const Row &r) { return r; }\n"
                                "struct Remote {\n"
                                "  std::vector<int> v;\n"
                                "  Remote();\n"
                                "};\n"
                                "struct Agg { std::vector<int> w; };\n"));
  ProfiledUses Row = usesOf("cells");
  EXPECT_EQ(Row.Silence, "");
  // The call, the constructor's initializer, and the implicit copy at the
  // class.
  ASSERT_EQ(Row.Anchors.size(), 3u);
  EXPECT_EQ(line(Row.Anchors[0].Range.getBegin()), 5u);
  EXPECT_EQ(line(Row.Anchors[1].Range.getBegin()), 4u);
  EXPECT_EQ(line(Row.Anchors[2].Range.getBegin()), 2u);
  // The implicit copy constructor's "cells(other.cells)" links two Rows,
  // then the constructors: Row(int) counts, the copy copies.
  EXPECT_EQ(Row.Constructions,
            (llvm::SmallVector<VectorConstruction, 4>{
                VectorConstruction::Copy, VectorConstruction::Count,
                VectorConstruction::Copy}));
  EXPECT_EQ(usesOf("v").Silence, "a constructor is defined elsewhere");
  EXPECT_EQ(usesOf("w").Silence,
            "aggregate initialisation can give it any size");
}

// --- names ------------------------------------------------------------------

TEST_F(ProfileSitesTest, SiteIsInFunction) {
  ASSERT_NO_FATAL_FAILURE(parse("struct Row { Row(int) {} };\n"
                                "void fill() {}\n"));
  const FunctionDecl *Fill = test::findFunction(ctx(), "fill");
  const CXXRecordDecl *Row = test::findRecord(ctx(), "Row");
  ASSERT_TRUE(Fill && Row);
  const FunctionDecl *Ctor = *Row->ctor_begin();
  ProfileSite Site = site(1, 0, "int", 4, {{1, 1}}, "Row::Row(int)");
  EXPECT_TRUE(siteIsInFunction(Site, Ctor));
  EXPECT_FALSE(siteIsInFunction(Site, Fill));
  // Unknown on either side: no reason to refuse.
  EXPECT_TRUE(siteIsInFunction(Site, nullptr));
  Site.Function.clear();
  EXPECT_TRUE(siteIsInFunction(Site, Fill));
}

TEST(ProfileSitesNames, LastComponent) {
  EXPECT_EQ(lastComponent("ns::Cell"), "Cell");
  EXPECT_EQ(lastComponent("std::pair<int,int>"), "pair");
  EXPECT_EQ(lastComponent("a::b<c::d>"), "b");
  EXPECT_EQ(lastComponent("int"), "int");
  EXPECT_NE(lastComponent("ns::Cell"), "ns::Cell");
}

// --- matching ---------------------------------------------------------------

TEST_F(ProfileSitesTest, SitesGoToTheVectorWhoseCodeHoldsThem) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(int n) {\n"       // line 2
                                "  std::vector<int> a;\n" // line 3
                                "  std::vector<long> b;\n"
                                "  for (int i = 0; i < n; ++i) {\n"
                                "    a.push_back(i);\n" // line 6
                                "    b.push_back(i);\n" // line 7
                                "  }\n"
                                "  std::vector<int> c, d;\n" // line 9
                                "  c.push_back(1); d.push_back(2);\n"
                                "}\n"));
  std::vector<ProfileSite> Sites = {
      site(6, 0, "int", 4),      site(7, 0, "long", 8),  site(7, 0, "long", 4),
      site(10, 5, "int", 4),     site(10, 22, "int", 4), site(10, 0, "int", 4),
      site(6, 0, "ns::Other", 4)};
  const llvm::StringRef Names[] = {"a", "b", "c", "d"};
  // The vectors' anchors point into these.
  llvm::SmallVector<ProfiledUses, 4> Uses;
  std::vector<ProfiledVector> Vectors;
  Vectors.reserve(std::size(Names));
  for (llvm::StringRef Name : Names) {
    Uses.push_back(usesOf(Name));
    Vectors.push_back({cast<ClassTemplateSpecializationDecl>(
                           decl(Name)->getType()->getAsCXXRecordDecl())
                           ->getTemplateArgs()[0]
                           .getAsType(),
                       Uses.back().Anchors});
  }
  FileID Main = ctx().getSourceManager().getMainFileID();
  unsigned Asked = 0;
  std::vector<SiteMatches> Matches = matchProfileSites(
      Vectors,
      [&](FileID File) -> const std::vector<ProfileSite> * {
        ++Asked;
        return File == Main ? &Sites : nullptr;
      },
      ctx());
  EXPECT_GT(Asked, 0u);
  ASSERT_EQ(Matches.size(), 4u);
  ASSERT_EQ(Matches[0].Sites.size(), 1u);
  EXPECT_EQ(Matches[0].Sites[0].Site, &Sites[0]);
  EXPECT_TRUE(Matches[0].Mismatched.empty());
  // The same element name with another size: a note, not a site.
  ASSERT_EQ(Matches[1].Sites.size(), 1u);
  EXPECT_EQ(Matches[1].Sites[0].Site, &Sites[1]);
  ASSERT_EQ(Matches[1].Mismatched.size(), 1u);
  EXPECT_EQ(Matches[1].Mismatched[0].Site, &Sites[2]);
  // Two vectors of int on one line: the column picks, and a site without
  // one goes to neither.
  ASSERT_EQ(Matches[2].Sites.size(), 1u);
  EXPECT_EQ(Matches[2].Sites[0].Site, &Sites[3]);
  ASSERT_EQ(Matches[3].Sites.size(), 1u);
  EXPECT_EQ(Matches[3].Sites[0].Site, &Sites[4]);
}

TEST_F(ProfileSitesTest, NoSitesWithoutTheFile) {
  ASSERT_NO_FATAL_FAILURE(parse("void f() {\n"
                                "  std::vector<int> a;\n"
                                "  a.push_back(1);\n"
                                "}\n"));
  ProfiledUses Uses = usesOf("a");
  std::vector<SiteMatches> Matches = matchProfileSites(
      {ProfiledVector{ctx().IntTy, Uses.Anchors}},
      [](FileID) -> const std::vector<ProfileSite> * { return nullptr; },
      ctx());
  ASSERT_EQ(Matches.size(), 1u);
  EXPECT_TRUE(Matches[0].Sites.empty());
  EXPECT_TRUE(Matches[0].Mismatched.empty());
}

// --- capacity ---------------------------------------------------------------

TEST(ProfileSitesCapacity, ChosenFromTheSitesCounts) {
  ProfileSite A = site(1, 0, "int", 4, {{2, 60}, {3, 30}});
  ProfileSite B = site(2, 0, "int", 4, {{3, 5}, {40, 5}});
  std::vector<SiteMatch> Sites = {{&A, {}}, {&B, {}}};
  ProfiledCapacity Chosen = capacityFromProfile(Sites, 0.9, 50, 4, 1024);
  EXPECT_EQ(Chosen.Silence, "");
  ASSERT_TRUE(Chosen.Choice.has_value());
  EXPECT_EQ(Chosen.Choice->Total, 100u);
  EXPECT_EQ(Chosen.Choice->Covered, 95u);
  EXPECT_EQ(Chosen.Choice->Largest, 40u);
  EXPECT_EQ(Chosen.Capacity, std::optional<uint64_t>(3));
}

TEST(ProfileSitesCapacity, NotWorthAnInlineBuffer) {
  ProfileSite Few = site(1, 0, "int", 4, {{2, 10}});
  std::vector<SiteMatch> Sites = {{&Few, {}}};
  ProfiledCapacity TooFew = capacityFromProfile(Sites, 0.9, 100, 4, 1024);
  EXPECT_EQ(TooFew.Silence, "too few allocations saved");
  EXPECT_TRUE(TooFew.Choice.has_value());
  EXPECT_FALSE(TooFew.Capacity.has_value());

  ProfiledCapacity TooLarge = capacityFromProfile(Sites, 0.9, 1, 600, 1024);
  EXPECT_EQ(TooLarge.Silence, "too large for an inline buffer");
  EXPECT_EQ(TooLarge.Capacity, std::optional<uint64_t>(2));

  ProfiledCapacity None = capacityFromProfile({}, 0.9, 1, 4, 1024);
  EXPECT_EQ(None.Silence, "the profile saw no allocation");
  EXPECT_FALSE(None.Choice.has_value());
}

// --- files ------------------------------------------------------------------

TEST_F(ProfileSitesTest, FilesAreFoundByTheirPath) {
  ASSERT_NO_FATAL_FAILURE(parse("int x;\n"));
  const SourceManager &SM = ctx().getSourceManager();
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  ASSERT_TRUE(Main.has_value());
  std::string Path = profilePathOf(*Main);
  ASSERT_FALSE(Path.empty());
  EXPECT_TRUE(llvm::sys::path::is_absolute(Path)) << Path;
  EXPECT_EQ(llvm::sys::path::filename(Path), "input.cc");

  StringRef Contents = SM.getBufferData(SM.getMainFileID());
  HeapProfile Profile;
  EXPECT_EQ(profileSitesOf(Profile, *Main, Contents).Sites, nullptr);

  Profile.SitesByFile[Path].push_back(site(1, 0, "int", 4));
  FileSites Unknown = profileSitesOf(Profile, *Main, Contents);
  EXPECT_EQ(Unknown.Path, Path);
  ASSERT_TRUE(Unknown.Sites != nullptr);
  EXPECT_EQ(Unknown.Sites->size(), 1u);
  EXPECT_EQ(Unknown.State, HeapProfile::FileState::Unknown);

  Profile.Files[Path].Hash = fnv1a64(Contents);
  EXPECT_EQ(profileSitesOf(Profile, *Main, Contents).State,
            HeapProfile::FileState::Current);
  EXPECT_EQ(profileSitesOf(Profile, *Main, "int y;\n").State,
            HeapProfile::FileState::Changed);
}

} // namespace
} // namespace alloc_tidy
