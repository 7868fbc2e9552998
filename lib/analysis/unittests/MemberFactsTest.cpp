//===--- MemberFactsTest.cpp - member facts and decisions -----------------===//

#include "lib/analysis/facts/MemberFacts.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/decisions/MemberDecision.h"
#include "lib/analysis/decisions/MemberFactsFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

class MemberFactsTest : public test::SnippetTest {
protected:
  MemberFactsTest() : SnippetTest("#include <deque>\n") {}
};

// --- extraction -------------------------------------------------------------

TEST_F(MemberFactsTest, ClassCode) {
  ASSERT_NO_FATAL_FAILURE(
      parse("class Owner {\n"
            "  std::deque<int> items;\n"
            "  struct Cursor { void step(); void back() {} };\n"
            "  friend void audit(Owner &);\n"
            "  friend int count(const Owner &) { return 0; }\n"
            "  template <class T> void visit(T) {}\n"
            "  Owner &operator=(const Owner &);\n" // C++03's deleted
            "public:\n"
            "  Owner() = default;\n"
            "  Owner(const Owner &) = delete;\n"
            "  virtual void run() = 0;\n"
            "  void add(int);\n"
            "};\n"
            "void Owner::add(int v) { items.push_back(v); }\n"));
  const CXXRecordDecl *Owner = test::findRecord(ctx(), "Owner");
  ASSERT_TRUE(Owner != nullptr);
  // Line 1 is the #include the fixture adds.
  EXPECT_EQ(memberFactsFor(*test::findField(ctx(), "items"), ctx()).Line, 3u);
  ClassCode Code = classCodeIn(*Owner);
  EXPECT_FALSE(Code.HasFriendClasses);
  std::vector<std::string> Declared = {"Owner::Cursor::step(void (void))",
                                       "Owner::Cursor::back(void (void))",
                                       "audit(void (Owner &))",
                                       "count(int (const Owner &))",
                                       "Owner::visit(void (T))",
                                       "Owner::Owner(void (void))",
                                       "Owner::Owner(void (const Owner &))",
                                       "Owner::run(void (void))",
                                       "Owner::add(void (int))"};
  EXPECT_EQ(Code.Declared, Declared);
  // Only step() and audit() are missing: defaulted, deleted and pure
  // functions need no definition, and a private copy assignment declared
  // without one is how C++03 deletes it.
  std::vector<std::string> Defined = {"Owner::Cursor::back(void (void))",
                                      "count(int (const Owner &))",
                                      "Owner::visit(void (T))",
                                      "Owner::Owner(void (void))",
                                      "Owner::Owner(void (const Owner &))",
                                      "Owner::run(void (void))",
                                      "Owner::add(void (int))"};
  EXPECT_EQ(Code.Defined, Defined);
}

TEST_F(MemberFactsTest, KeyAndPlace) {
  ASSERT_NO_FATAL_FAILURE(
      parse("#include \"ring.h\"\n", {{"ring.h", "#include <deque>\n"
                                                 "namespace ui {\n"
                                                 "class Ring {\n"
                                                 "  std::deque<int> slots;\n"
                                                 "};\n"
                                                 "}\n"}}));
  const FieldDecl *Slots = test::findField(ctx(), "slots");
  ASSERT_TRUE(Slots != nullptr);
  MemberFacts Facts = memberFactsFor(*Slots, ctx());
  EXPECT_EQ(Facts.Member, "ui::Ring::slots");
  EXPECT_TRUE(llvm::StringRef(Facts.File).ends_with("ring.h")) << Facts.File;
  EXPECT_EQ(Facts.Offset, 63u);
  EXPECT_TRUE(Facts.ClassInHeader);
  EXPECT_EQ(Facts.Access, MemberAccess::Private);
  EXPECT_TRUE(Facts.onlyClassCodeNamesIt());
  // The unit that recorded it: the main file.
  EXPECT_TRUE(llvm::StringRef(Facts.Unit).ends_with("input.cc") ||
              llvm::StringRef(Facts.Unit).ends_with(".cpp"))
      << Facts.Unit;
  Facts.Check = "alloc-deque-as-array";
  EXPECT_EQ(Facts.key(), "alloc-deque-as-array|ui::Ring::slots|" + Facts.File +
                             ":" + std::to_string(Facts.Offset));
}

TEST_F(MemberFactsTest, ReasonsPlacedForOtherUnits) {
  ASSERT_NO_FATAL_FAILURE(
      parse("#include \"ring.h\"\n", {{"ring.h", "struct Ring {\n"
                                                 "  int ringSize;\n"
                                                 "};\n"}}));
  const FieldDecl *Size = test::findField(ctx(), "ringSize");
  ASSERT_TRUE(Size != nullptr);
  const SourceManager &SM = ctx().getSourceManager();
  std::string Place =
      "ring.h:" + std::to_string(SM.getPresumedLineNumber(Size->getLocation()));
  EXPECT_EQ(
      placedForOtherUnits("a macro names it here", Size->getLocation(), SM),
      "a macro names it in " + Place);
  EXPECT_EQ(placedForOtherUnits("it is packed", Size->getLocation(), SM),
            "it is packed (" + Place + ")");
  EXPECT_EQ(placedForOtherUnits("it is packed", SourceLocation(), SM),
            "it is packed");
}

// --- seesAllCodeUsingMember -------------------------------------------------

TEST_F(MemberFactsTest, FieldOfClassInMainFile) {
  ASSERT_NO_FATAL_FAILURE(parse("class Local {\n"
                                "public:\n"
                                "  std::deque<int> items;\n"
                                "  void add();\n"
                                "};\n"
                                "void Local::add() { items.push_back(1); }\n"
                                "class Partial {\n"
                                "public:\n"
                                "  std::deque<int> items;\n"
                                "  void drop();\n"
                                "};\n"));
  // A class in a source file: only this unit can name even its public
  // members, once every function it declares is defined here.
  const FieldDecl *Local = test::findField(ctx(), "items");
  ASSERT_TRUE(Local != nullptr);
  EXPECT_TRUE(seesAllCodeUsingMember(Local, ctx()));
  const CXXRecordDecl *Partial = test::findRecord(ctx(), "Partial");
  ASSERT_TRUE(Partial != nullptr);
  const FieldDecl *PartialItems = *Partial->field_begin();
  EXPECT_FALSE(seesAllCodeUsingMember(PartialItems, ctx()));
  EXPECT_EQ(unseenCode(memberFactsFor(*PartialItems, ctx())),
            "'Partial::drop' is not defined in this translation unit");
}

TEST_F(MemberFactsTest, RecordItself) {
  // A record is named by any code: no class code, in a header or not.
  ASSERT_NO_FATAL_FAILURE(
      parse("#include \"point.h\"\n"
            "struct Local { char c; double d; };\n",
            {{"point.h", "namespace geo { struct Point { char c; double d; "
                         "void move(); }; }\n"}}));
  MemberFacts Point = recordFactsFor(*test::findRecord(ctx(), "Point"), ctx());
  EXPECT_EQ(Point.Member, "geo::Point");
  EXPECT_TRUE(llvm::StringRef(Point.File).ends_with("point.h"));
  // Not its line: clang 19 sometimes counts a mapped (virtual) header's
  // lines in the main file's buffer; a real file's line is right.
  EXPECT_EQ(Point.Offset, 23u);
  EXPECT_TRUE(Point.ClassInHeader);
  EXPECT_EQ(Point.Access, MemberAccess::Public);
  EXPECT_FALSE(Point.onlyClassCodeNamesIt());
  EXPECT_TRUE(Point.Code.Declared.empty());
  EXPECT_EQ(unseenCode(Point),
            "the class is in a header and code outside it can name the member");
  MemberFacts Local = recordFactsFor(*test::findRecord(ctx(), "Local"), ctx());
  EXPECT_FALSE(Local.ClassInHeader);
  EXPECT_EQ(Local.Line, 3u);
  EXPECT_EQ(unseenCode(Local), "");
}

TEST_F(MemberFactsTest, HeaderAsMainFile) {
  // An editor opens a header as the main file: its classes are still seen
  // by every unit that includes it.
  // No standard header: clang's tool driver finds none for a header input.
  const char *Code = "template <class T> struct Ring { T *slots; };\n"
                     "class Scrollback {\n"
                     "  Ring<int> history;\n"
                     "public:\n"
                     "  void add(int v) { history.slots = nullptr; }\n"
                     "  void drop();\n"
                     "};\n"
                     "class Status {\n"
                     "  Ring<int> messages;\n"
                     "public:\n"
                     "  Ring<int> shown;\n"
                     "  void add(int v) { messages.slots = nullptr; }\n"
                     "};\n";
  for (const char *Name : {"scrollback.h", "scrollback.hpp"}) {
    AST = test::parseCode(Code, {"-xc++-header"}, {}, Name);
    ASSERT_TRUE(AST && !test::hasErrors(*AST)) << Name;
    const FieldDecl *History = test::findField(ctx(), "history");
    const FieldDecl *Messages = test::findField(ctx(), "messages");
    const FieldDecl *Shown = test::findField(ctx(), "shown");
    ASSERT_TRUE(History && Messages && Shown);
    MemberFacts Facts = memberFactsFor(*History, ctx());
    EXPECT_TRUE(Facts.ClassInHeader) << Name;
    EXPECT_EQ(unseenCode(Facts),
              "'Scrollback::drop' is not defined in this translation unit");
    EXPECT_TRUE(seesAllCodeUsingMember(Messages, ctx())) << Name;
    EXPECT_FALSE(seesAllCodeUsingMember(Shown, ctx())) << Name;
  }
  // Named like a header but parsed as C++ source (a fallback command).
  AST = test::parseCode(Code, {"-xc++"}, {}, "scrollback.h");
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  EXPECT_TRUE(
      memberFactsFor(*test::findField(ctx(), "history"), ctx()).ClassInHeader);
}

TEST_F(MemberFactsTest, FieldOfClassInHeader) {
  const char *Header = "#include <deque>\n"
                       "class Closed {\n"
                       "  using Storage = std::deque<int>;\n"
                       "  Storage priv;\n"
                       "public:\n"
                       "  using PubStorage = std::deque<int>;\n"
                       "  std::deque<int> pub;\n"
                       "  void add(int v) { priv.push_back(v); }\n"
                       "  int first() const;\n"
                       "};\n"
                       "class Open {\n"
                       "  std::deque<int> priv;\n"
                       "public:\n"
                       "  void add(int v);\n" // defined in some other .cpp
                       "};\n"
                       "class Befriended {\n"
                       "  std::deque<int> priv;\n"
                       "  friend class Other;\n"
                       "public:\n"
                       "  void add(int v) { priv.push_back(v); }\n"
                       "};\n"
                       "class FinalProtected final {\n"
                       "protected:\n"
                       "  std::deque<int> prot;\n"
                       "public:\n"
                       "  void add(int v) { prot.push_back(v); }\n"
                       "};\n"
                       "class Protected {\n"
                       "protected:\n"
                       "  std::deque<int> prot;\n"
                       "public:\n"
                       "  void add(int v) { prot.push_back(v); }\n"
                       "};\n";
  ASSERT_NO_FATAL_FAILURE(
      parse("#include \"widget.h\"\n"
            "int Closed::first() const { return priv.front(); }\n",
            {{"widget.h", Header}}));
  auto MemberOf = [&](llvm::StringRef Record,
                      llvm::StringRef Name) -> const NamedDecl * {
    const CXXRecordDecl *RD = test::findRecord(ctx(), Record);
    if (!RD)
      return nullptr;
    for (const Decl *D : RD->decls())
      if (const auto *ND = dyn_cast<NamedDecl>(D);
          ND && ND->getName() == Name && !isa<CXXRecordDecl>(ND))
        return ND;
    return nullptr;
  };
  auto FieldOf = [&](llvm::StringRef Record, llvm::StringRef Name) {
    return dyn_cast_or_null<FieldDecl>(MemberOf(Record, Name));
  };
  const FieldDecl *ClosedPriv = FieldOf("Closed", "priv");
  const FieldDecl *ClosedPub = FieldOf("Closed", "pub");
  const FieldDecl *OpenPriv = FieldOf("Open", "priv");
  const FieldDecl *FriendPriv = FieldOf("Befriended", "priv");
  const FieldDecl *FinalProt = FieldOf("FinalProtected", "prot");
  const FieldDecl *Prot = FieldOf("Protected", "prot");
  ASSERT_TRUE(ClosedPriv && ClosedPub && OpenPriv && FriendPriv && FinalProt &&
              Prot);
  // Every member function is defined here (one in the main file).
  EXPECT_TRUE(seesAllCodeUsingMember(ClosedPriv, ctx()));
  // Anyone can name a public member.
  EXPECT_FALSE(seesAllCodeUsingMember(ClosedPub, ctx()));
  // add() is defined elsewhere.
  EXPECT_FALSE(seesAllCodeUsingMember(OpenPriv, ctx()));
  // A friend class may be defined elsewhere.
  EXPECT_FALSE(seesAllCodeUsingMember(FriendPriv, ctx()));
  // No class can derive from a final class.
  EXPECT_TRUE(seesAllCodeUsingMember(FinalProt, ctx()));
  EXPECT_FALSE(seesAllCodeUsingMember(Prot, ctx()));
  // Who can name each, for the whole-program assumption.
  EXPECT_EQ(memberFactsFor(*ClosedPriv, ctx()).Access, MemberAccess::Private);
  EXPECT_EQ(memberFactsFor(*ClosedPub, ctx()).Access, MemberAccess::Public);
  EXPECT_EQ(memberFactsFor(*FinalProt, ctx()).Access, MemberAccess::Private);
  EXPECT_EQ(memberFactsFor(*Prot, ctx()).Access, MemberAccess::Protected);
  MemberFacts Friendly = memberFactsFor(*FriendPriv, ctx());
  EXPECT_EQ(Friendly.Access, MemberAccess::Private);
  EXPECT_FALSE(Friendly.onlyClassCodeNamesIt());

  // Member type aliases follow the same rules.
  const NamedDecl *PrivAlias = MemberOf("Closed", "Storage");
  const NamedDecl *PubAlias = MemberOf("Closed", "PubStorage");
  ASSERT_TRUE(PrivAlias && PubAlias);
  EXPECT_TRUE(isa<TypeAliasDecl>(PrivAlias));
  EXPECT_TRUE(seesAllCodeUsingMember(PrivAlias, ctx()));
  EXPECT_FALSE(seesAllCodeUsingMember(PubAlias, ctx()));
}

// --- decisions --------------------------------------------------------------

MemberFacts unitFacts(MemberAction Local, std::vector<std::string> Declared,
                      std::vector<std::string> Defined,
                      bool OnlyClassCode = true, std::string Why = "") {
  MemberFacts F;
  F.Check = "alloc-deque-as-array";
  F.Member = "Scrollback::History";
  F.File = "/src/scrollback.h";
  F.Offset = 120;
  F.Line = 9;
  F.Local = Local;
  F.Why = std::move(Why);
  F.ClassInHeader = true;
  F.Access = OnlyClassCode ? MemberAccess::Private : MemberAccess::Public;
  // Each unit defines other functions: its main file is named after them.
  F.Unit = "/src/" + (Defined.empty() ? std::string("main") : Defined.front()) +
           ".cpp";
  F.Code.Declared = std::move(Declared);
  F.Code.Defined = std::move(Defined);
  if (Local != MemberAction::Silent)
    F.Finding = llvm::json::Object{
        {"DiagnosticName", F.Check},
        {"Unit", F.Code.Defined.empty() ? "none" : F.Code.Defined.front()}};
  return F;
}

// Scrollback's two functions.
std::vector<std::string> functions() {
  return {"Scrollback::add(void (int))", "Scrollback::drop(void (void))"};
}

TEST(MemberDecisionTest, OneUnit) {
  // Sees everything: its own verdict.
  MemberDecision D =
      decideInOneUnit(unitFacts(MemberAction::Fix, functions(), functions()));
  EXPECT_EQ(D.Action, MemberAction::Fix);
  EXPECT_EQ(D.Units, 1u);
  EXPECT_NE(D.Finding.kind(), llvm::json::Value::Null);
  // drop() is elsewhere.
  D = decideInOneUnit(unitFacts(MemberAction::Fix, functions(),
                                {"Scrollback::add(void (int))"}));
  EXPECT_EQ(D.Action, MemberAction::Silent);
  EXPECT_EQ(D.Why,
            "'Scrollback::drop' is not defined in this translation unit");
  // A public member of a class in a header.
  D = decideInOneUnit(unitFacts(MemberAction::Fix, functions(), functions(),
                                /*OnlyClassCode=*/false));
  EXPECT_EQ(D.Action, MemberAction::Silent);
  // The unit's own code says silent: nothing else matters.
  D = decideInOneUnit(
      unitFacts(MemberAction::Silent, functions(), functions(), true, "front"));
  EXPECT_EQ(D.Action, MemberAction::Silent);
  EXPECT_EQ(D.Why, "front");
  D = decideInOneUnit(
      unitFacts(MemberAction::Warn, functions(), functions(), true, "passed"));
  EXPECT_EQ(D.Action, MemberAction::Warn);
  EXPECT_EQ(D.Why, "passed");
}

/// Across units, with the whole-program assumption allowed up to \p Access.
std::optional<MemberDecision>
across(std::vector<MemberFacts> Facts,
       MemberAccess Access = MemberAccess::Private) {
  for (MemberFacts &F : Facts)
    F.WholeProgramAccess = Access;
  return decideAcrossUnits(Facts);
}

TEST(MemberDecisionTest, AcrossUnits) {
  std::vector<std::string> Add = {"Scrollback::add(void (int))"};
  std::vector<std::string> Drop = {"Scrollback::drop(void (void))"};
  // Each unit defines part of the class; together they define all of it.
  MemberFacts Main = unitFacts(MemberAction::Fix, functions(), {});
  MemberFacts AddUnit = unitFacts(MemberAction::Fix, functions(), Add);
  MemberFacts DropUnit = unitFacts(MemberAction::Fix, functions(), Drop);
  std::optional<MemberDecision> D = across({Main, AddUnit, DropUnit});
  ASSERT_TRUE(D.has_value());
  EXPECT_EQ(D->Action, MemberAction::Fix);
  EXPECT_EQ(D->Units, 3u);
  // A private member: the database holds all its class's code, no
  // assumption to state.
  EXPECT_TRUE(D->Notes.empty());
  // The finding of the first unit that rendered one.
  EXPECT_EQ(*D->Finding.getAsObject()->getString("Unit"), "none");

  // One unit uses the front.
  MemberFacts Front = unitFacts(MemberAction::Silent, functions(), Drop, true,
                                "front operation");
  D = across({Main, AddUnit, Front});
  EXPECT_EQ(D->Action, MemberAction::Silent);
  EXPECT_EQ(D->Why, "front operation");
  EXPECT_EQ(D->Finding.kind(), llvm::json::Value::Null);

  // drop() is defined by no unit of the database.
  D = across({Main, AddUnit});
  EXPECT_EQ(D->Action, MemberAction::Silent);
  EXPECT_EQ(D->Why,
            "'Scrollback::drop' is defined in no unit of the compile database");

  // A warning in one unit makes the decision a warning, with its finding.
  MemberFacts Warned = unitFacts(MemberAction::Warn, functions(), Drop, true,
                                 "passed to 'print'");
  D = across({Main, AddUnit, Warned});
  EXPECT_EQ(D->Action, MemberAction::Warn);
  EXPECT_EQ(D->Why, "passed to 'print'");
  EXPECT_EQ(*D->Finding.getAsObject()->getString("Unit"),
            "Scrollback::drop(void (void))");

  EXPECT_EQ(across({})->Action, MemberAction::Silent);

  // A class in one source file (no unit sees it in a header): a function it
  // declares and nobody defines is a dead declaration.
  MemberFacts InSource = unitFacts(MemberAction::Fix, functions(), Add);
  InSource.ClassInHeader = false;
  EXPECT_EQ(decideInOneUnit(InSource).Action, MemberAction::Silent);
  EXPECT_EQ(across({InSource})->Action, MemberAction::Fix);
  // Included by another unit (a unity build), it is a header there.
  MemberFacts IncludedElsewhere = unitFacts(MemberAction::Fix, functions(), {});
  EXPECT_EQ(across({InSource, IncludedElsewhere})->Action,
            MemberAction::Silent);
}

TEST(MemberDecisionTest, TheWholeProgramAssumptionByAccess) {
  std::vector<std::string> Add = {"Scrollback::add(void (int))"};
  std::vector<std::string> Drop = {"Scrollback::drop(void (void))"};
  MemberFacts AddUnit = unitFacts(MemberAction::Fix, functions(), Add, false);
  MemberFacts DropUnit = unitFacts(MemberAction::Fix, functions(), Drop, false);
  // A public member: code outside the database can name it. Not decided
  // across units by default; each unit decides it alone.
  EXPECT_FALSE(across({AddUnit, DropUnit}).has_value());
  EXPECT_FALSE(
      across({AddUnit, DropUnit}, MemberAccess::Protected).has_value());
  std::optional<MemberDecision> D =
      across({AddUnit, DropUnit}, MemberAccess::Public);
  ASSERT_TRUE(D.has_value());
  EXPECT_EQ(D->Action, MemberAction::Fix);
  // The assumption, stated in the decision and in its finding.
  ASSERT_EQ(D->Notes.size(), 1u);
  EXPECT_EQ(D->Notes[0],
            "decided across the 2 translation units of the compile database "
            "that see it; this assumes the compile database is the whole "
            "program, since code outside it can name it "
            "(WholeProgramAccess: private decides only private members)");
  const llvm::json::Array *Notes = D->Finding.getAsObject()->getArray("Notes");
  ASSERT_TRUE(Notes && Notes->size() == 1);
  EXPECT_EQ(*(*Notes)[0].getAsObject()->getString("Message"), D->Notes[0]);

  // Protected, in a class that can have derived classes: one rule with
  // public members, up to its own level.
  AddUnit.Access = DropUnit.Access = MemberAccess::Protected;
  EXPECT_FALSE(across({AddUnit, DropUnit}).has_value());
  D = across({AddUnit, DropUnit}, MemberAccess::Protected);
  ASSERT_TRUE(D.has_value());
  EXPECT_NE(D->Notes[0].find("derived and friend classes outside it can name "
                             "it"),
            std::string::npos);
  // A private member of a class with friend classes is as open.
  AddUnit.Access = DropUnit.Access = MemberAccess::Private;
  AddUnit.Code.HasFriendClasses = true;
  EXPECT_FALSE(across({AddUnit, DropUnit}).has_value());
  EXPECT_TRUE(across({AddUnit, DropUnit}, MemberAccess::Protected).has_value());
  // The narrowest option of the units decides.
  AddUnit.Code.HasFriendClasses = false;
  AddUnit.Access = DropUnit.Access = MemberAccess::Public;
  AddUnit.WholeProgramAccess = MemberAccess::Public;
  DropUnit.WholeProgramAccess = MemberAccess::Protected;
  EXPECT_FALSE(decideAcrossUnits({AddUnit, DropUnit}).has_value());
}

TEST(MemberDecisionTest, AnEscapeInOneUnitMeetsGrowthInAnother) {
  std::vector<std::string> Add = {"Scrollback::add(void (int))"};
  std::vector<std::string> Drop = {"Scrollback::drop(void (void))"};
  MemberFacts Grows = unitFacts(MemberAction::Fix, functions(), Add);
  Grows.Growth = {{"add.cpp", 3, "Scrollback::add"}};
  Grows.Finding = llvm::json::parse(R"({
      "DiagnosticName": "alloc-deque-as-array",
      "DiagnosticMessage": {"Message": "'History' is a std::deque",
                            "FilePath": "/src/scrollback.h",
                            "FileOffset": 120,
                            "Replacements": [{"FilePath": "/src/scrollback.h",
                                              "Offset": 110, "Length": 10,
                                              "ReplacementText": "std::vector"}]},
      "Notes": [], "Level": "Warning"})")
                      .get();
  MemberFacts Hands = unitFacts(MemberAction::Fix, functions(), Drop);
  Hands.Escapes = {
      {"returns a reference into it", {"read.cpp", 5, "Scrollback::drop"}}};
  // Each alone allows the fix: together they keep the deque, and say why.
  std::optional<MemberDecision> D = across({Grows, Hands});
  EXPECT_EQ(D->Action, MemberAction::Silent);
  EXPECT_EQ(D->Why, "'Scrollback::drop' returns a reference into it "
                    "(read.cpp:5), and 'Scrollback::add' grows it (add.cpp:3): "
                    "the new type would move the elements as it grows, and "
                    "the reference would dangle");
  // WarnWhenReferencesKept: a warning without its fix-its, naming both.
  Hands.WarnWhenKept = true;
  D = across({Grows, Hands});
  EXPECT_EQ(D->Action, MemberAction::Warn);
  const llvm::json::Object *O = D->Finding.getAsObject();
  ASSERT_TRUE(O != nullptr);
  EXPECT_TRUE(
      O->getObject("DiagnosticMessage")->getArray("Replacements")->empty());
  const llvm::json::Array *Notes = O->getArray("Notes");
  ASSERT_EQ(Notes->size(), 1u);
  EXPECT_EQ(*(*Notes)[0].getAsObject()->getString("Message"),
            "no fix-it: " + D->Why);
  // An escape and growth in the same unit were judged there, in order
  // (growth in the constructor, a reference handed out after): no pair.
  Hands.WarnWhenKept = false;
  MemberFacts Both = Grows;
  Both.Escapes = Hands.Escapes;
  MemberFacts Other = unitFacts(MemberAction::Fix, functions(), Drop);
  EXPECT_EQ(across({Both, Other})->Action, MemberAction::Fix);
  // No growth anywhere after construction: references stay valid.
  MemberFacts Still = Grows;
  Still.Growth.clear();
  EXPECT_EQ(across({Still, Hands})->Action, MemberAction::Fix);
}

TEST(MemberDecisionTest, AcrossUnitsTheLargestBound) {
  std::vector<std::string> Add = {"Scrollback::add(void (int))"};
  std::vector<std::string> Drop = {"Scrollback::drop(void (void))"};
  // The constructors of one unit need 2 elements inline, those of the other
  // 3: the decision needs 3, with the finding of the unit that says so.
  MemberFacts Two = unitFacts(MemberAction::Fix, functions(), Add);
  Two.Bound = 2;
  MemberFacts Three = unitFacts(MemberAction::Fix, functions(), Drop);
  Three.Bound = 3;
  MemberFacts None = unitFacts(MemberAction::Fix, functions(), {});
  None.Finding = nullptr;
  std::optional<MemberDecision> D = across({None, Two, Three});
  EXPECT_EQ(D->Action, MemberAction::Fix);
  EXPECT_EQ(D->Bound, 3u);
  EXPECT_EQ(*D->Finding.getAsObject()->getString("Unit"),
            "Scrollback::drop(void (void))");
  // The unit that needs the most rendered no finding: none is reported
  // rather than one that allows for too little.
  Three.Finding = nullptr;
  D = across({Two, Three});
  EXPECT_EQ(D->Action, MemberAction::Fix);
  EXPECT_EQ(D->Bound, 3u);
  EXPECT_EQ(D->Finding.kind(), llvm::json::Value::Null);
}

TEST(MemberDecisionTest, AWarningFromAUnitThatReportsNothing) {
  // One unit reports the record with a fix-it; another has no instance of
  // it (no finding) but initialises it by position: a warning, with the
  // first unit's finding stripped of its fix-its and a note saying why. A
  // record counts as public: decided across units with WholeProgramAccess:
  // public only.
  MemberFacts Reports = unitFacts(MemberAction::Fix, {}, {}, false);
  Reports.Finding = llvm::json::parse(R"({
      "DiagnosticName": "alloc-padding",
      "DiagnosticMessage": {"Message": "'Point' has 7 bytes of padding",
                            "FilePath": "/p/point.h", "FileOffset": 12,
                            "Replacements": [{"FilePath": "/p/point.h",
                                              "Offset": 20, "Length": 4,
                                              "ReplacementText": "x"}]},
      "Notes": [{"Message": "cost", "FilePath": "/p/a.cpp",
                 "FileOffset": 3, "Replacements": [{"Offset": 1}]}],
      "Level": "Warning"})")
                        .get();
  MemberFacts Positional = unitFacts(MemberAction::Warn, {}, {}, false,
                                     "its fields are initialised by position "
                                     "at b.cpp:4");
  Positional.Unit = "/src/b.cpp";
  Positional.Finding = nullptr;
  EXPECT_FALSE(across({Reports, Positional}).has_value());
  std::optional<MemberDecision> D =
      across({Reports, Positional}, MemberAccess::Public);
  EXPECT_EQ(D->Action, MemberAction::Warn);
  const llvm::json::Object *O = D->Finding.getAsObject();
  ASSERT_TRUE(O != nullptr);
  EXPECT_TRUE(
      O->getObject("DiagnosticMessage")->getArray("Replacements")->empty());
  const llvm::json::Array *Notes = O->getArray("Notes");
  ASSERT_EQ(Notes->size(), 3u);
  EXPECT_TRUE((*Notes)[0].getAsObject()->getArray("Replacements")->empty());
  const llvm::json::Object *Why = (*Notes)[1].getAsObject();
  EXPECT_EQ(*Why->getString("Message"),
            "no fix-it: its fields are initialised by position at b.cpp:4");
  EXPECT_EQ(*Why->getString("FilePath"), "/p/point.h");
  EXPECT_EQ(*Why->getInteger("FileOffset"), 12);
  // The assumption comes last.
  EXPECT_NE((*Notes)[2].getAsObject()->getString("Message")->find(
                "assumes the compile database is the whole program"),
            llvm::StringRef::npos);
  // No unit reports it at all: nothing to say.
  Reports.Finding = nullptr;
  EXPECT_EQ(across({Reports, Positional}, MemberAccess::Public)->Finding.kind(),
            llvm::json::Value::Null);
}

TEST(MemberDecisionTest, AUnitThatSeesAllItsCodeDecidesAlone) {
  // A private member whose class's functions are all defined in one unit:
  // other units include the header but cannot name it.
  MemberFacts Owner =
      unitFacts(MemberAction::Warn, functions(), functions(), true, "profiled");
  Owner.Bound = 4;
  MemberFacts Includer = unitFacts(MemberAction::Silent, functions(), {}, true,
                                   "no constructor fills it");
  std::optional<MemberDecision> D = across({Includer, Owner});
  EXPECT_EQ(D->Action, MemberAction::Warn);
  EXPECT_EQ(D->Why, "profiled");
  EXPECT_EQ(D->Bound, 4u);
  EXPECT_EQ(D->Units, 2u);
  EXPECT_EQ(D->Finding, Owner.Finding);
  // A public member can be named anywhere: every unit counts.
  Owner.Access = Includer.Access = MemberAccess::Public;
  EXPECT_EQ(across({Includer, Owner}, MemberAccess::Public)->Action,
            MemberAction::Silent);
}

TEST(MemberDecisionTest, OneUnitWithTheWholeProgramsDecisions) {
  MemberFacts Header = unitFacts(MemberAction::Fix, functions(),
                                 {"Scrollback::add(void (int))"});
  // Alone: drop() is unseen.
  EXPECT_EQ(decideWithMerged(Header, nullptr).Action, MemberAction::Silent);
  MemberDecisions Merged;
  MemberDecision Fix;
  Fix.Action = MemberAction::Fix;
  Fix.Units = 3;
  Fix.Notes = {"assumes"};
  Merged[Header.key()] = Fix;
  MemberDecision D = decideWithMerged(Header, &Merged);
  EXPECT_EQ(D.Action, MemberAction::Fix);
  EXPECT_EQ(D.Units, 3u);
  EXPECT_EQ(D.Finding, Header.Finding);
  EXPECT_EQ(D.Notes, std::vector<std::string>{"assumes"});
  // The whole program needs more room than this unit's code.
  Merged[Header.key()].Bound = 5;
  EXPECT_EQ(decideWithMerged(Header, &Merged).Bound, 5u);
  Header.Bound = 6;
  EXPECT_EQ(decideWithMerged(Header, &Merged).Bound, 6u);
  Header.Bound = 0;
  // The unit's own code keeps the deque now (a pop_front() added since).
  MemberFacts Edited = Header;
  Edited.Local = MemberAction::Silent;
  Edited.Why = "front operation";
  D = decideWithMerged(Edited, &Merged);
  EXPECT_EQ(D.Action, MemberAction::Silent);
  EXPECT_EQ(D.Why, "front operation");
  // Its own code allows a warning only.
  MemberFacts Warned = Header;
  Warned.Local = MemberAction::Warn;
  Warned.Why = "passed to 'print'";
  D = decideWithMerged(Warned, &Merged);
  EXPECT_EQ(D.Action, MemberAction::Warn);
  EXPECT_EQ(D.Why, "passed to 'print'");
  // The whole program keeps it.
  MemberDecision Keep;
  Keep.Action = MemberAction::Silent;
  Keep.Why = "front operation";
  Merged[Header.key()] = Keep;
  EXPECT_EQ(decideWithMerged(Header, &Merged).Action, MemberAction::Silent);
  // A member the file does not know (moved since): the unit alone.
  MemberFacts Moved = Header;
  Moved.Offset += 10;
  EXPECT_EQ(decideWithMerged(Moved, &Merged).Action, MemberAction::Silent);
  MemberFacts MovedSeen =
      unitFacts(MemberAction::Fix, functions(), functions());
  MovedSeen.Offset += 10;
  EXPECT_EQ(decideWithMerged(MovedSeen, &Merged).Action, MemberAction::Fix);
}

// --- serialisation ----------------------------------------------------------

TEST(MemberFactsJsonTest, RoundTrip) {
  MemberFacts F = unitFacts(MemberAction::Warn, functions(), {functions()[0]},
                            false, "why");
  F.Code.HasFriendClasses = true;
  F.Bound = 7;
  F.Access = MemberAccess::Protected;
  F.WholeProgramAccess = MemberAccess::Public;
  F.Escapes = {{"stores a reference into it", {"mark.cpp", 3, "S::mark"}}};
  F.Growth = {{"add.cpp", 4, "S::add"}, {"more.cpp", 9, ""}};
  F.WarnWhenKept = true;
  llvm::Expected<MemberFacts> Back = memberFactsFromJson(toJson(F));
  ASSERT_TRUE(static_cast<bool>(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(Back->key(), F.key());
  EXPECT_EQ(Back->Unit, F.Unit);
  EXPECT_EQ(Back->Line, F.Line);
  EXPECT_EQ(Back->Local, MemberAction::Warn);
  EXPECT_EQ(Back->Why, "why");
  EXPECT_TRUE(Back->ClassInHeader);
  EXPECT_EQ(Back->Access, MemberAccess::Protected);
  EXPECT_EQ(Back->WholeProgramAccess, MemberAccess::Public);
  EXPECT_TRUE(Back->Code.HasFriendClasses);
  EXPECT_EQ(Back->Code.Declared, F.Code.Declared);
  EXPECT_EQ(Back->Code.Defined, F.Code.Defined);
  EXPECT_EQ(Back->Finding, F.Finding);
  EXPECT_EQ(Back->Bound, 7u);
  ASSERT_EQ(Back->Escapes.size(), 1u);
  EXPECT_EQ(Back->Escapes[0].text(),
            "'S::mark' stores a reference into it (mark.cpp:3)");
  ASSERT_EQ(Back->Growth.size(), 2u);
  EXPECT_EQ(Back->Growth[0].text(), "add.cpp:4 ('S::add')");
  EXPECT_EQ(Back->Growth[1].text(), "more.cpp:9");
  EXPECT_TRUE(Back->WarnWhenKept);
  // Facts without a bound (a check that has none) read as 0.
  llvm::json::Value NoBound = toJson(F);
  NoBound.getAsObject()->erase("bound");
  Back = memberFactsFromJson(NoBound);
  ASSERT_TRUE(static_cast<bool>(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(Back->Bound, 0u);
}

TEST(MemberFactsJsonTest, Malformed) {
  auto Error = [](const llvm::json::Value &V) {
    llvm::Expected<MemberFacts> F = memberFactsFromJson(V);
    return F ? std::string("accepted") : llvm::toString(F.takeError());
  };
  EXPECT_EQ(Error(42), "malformed member facts: not an object");
  llvm::json::Value Good = toJson(unitFacts(MemberAction::Fix, {}, {}));
  llvm::json::Value Earlier = Good;
  (*Earlier.getAsObject())["version"] = 1;
  EXPECT_EQ(Error(Earlier), "malformed member facts: version 1, expected 2 "
                            "(written by another alloc-tidy; run alloc-run "
                            "again)");
  llvm::json::Value Unknown = Good;
  (*Unknown.getAsObject())["local"] = "maybe";
  EXPECT_EQ(Error(Unknown), "malformed member facts: unknown action 'maybe'");
  llvm::json::Value Access = Good;
  (*Access.getAsObject())["access"] = "friend";
  EXPECT_EQ(Error(Access), "malformed member facts: unknown access 'friend'");
  llvm::json::Value Negative = Good;
  (*Negative.getAsObject())["bound"] = -1;
  EXPECT_EQ(Error(Negative), "malformed member facts: 'bound' is not a count");
  llvm::json::Value Missing = Good;
  Missing.getAsObject()->erase("file");
  EXPECT_EQ(Error(Missing),
            "malformed member facts: a field is missing or has the wrong type");
  llvm::json::Value Escape = Good;
  (*Escape.getAsObject())["escapes"] = llvm::json::Array{42};
  EXPECT_EQ(Error(Escape),
            "malformed member facts: an escape without what it is or where");
}

class MemberFactsFileTest : public ::testing::Test {
protected:
  llvm::SmallString<128> Dir;
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("member-facts", Dir));
  }
  void TearDown() override {
    ASSERT_FALSE(llvm::sys::fs::remove_directories(Dir));
  }
  /// The decisions made from \p Read, written to decisions.json and read
  /// back as a check reads them; nullopt (a failure) when either fails.
  std::optional<MergedDecisions> decideAndRead(const FactsStream &Read) {
    llvm::Expected<llvm::json::Value> Decided = decideAll(Read);
    if (!Decided) {
      ADD_FAILURE() << llvm::toString(Decided.takeError());
      return std::nullopt;
    }
    std::string Text;
    llvm::raw_string_ostream(Text) << *Decided;
    write("decisions.json", Text);
    llvm::Expected<MergedDecisions> Decisions =
        readMemberDecisions(path("decisions.json"));
    if (!Decisions) {
      ADD_FAILURE() << llvm::toString(Decisions.takeError());
      return std::nullopt;
    }
    return std::move(*Decisions);
  }
  std::string path(llvm::StringRef Name) {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  void write(llvm::StringRef Name, llvm::StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(path(Name), EC);
    ASSERT_FALSE(EC);
    OS << Text;
  }
  /// A database of \p Units (main file names) and the identity of each,
  /// whose files are the unit itself and a header.
  FactsStream database(const std::vector<std::string> &Units) {
    FactsStream Stream;
    DatabaseIdentity Database;
    write("compile_commands.json", "[]");
    Database.Path = path("compile_commands.json");
    Database.Sha256 = *sha256OfFile(Database.Path);
    for (const std::string &Unit : Units) {
      write(Unit, "// " + Unit);
      Database.Units.push_back(path(Unit));
      UnitIdentity Identity;
      Identity.Unit = path(Unit);
      Identity.Files = {{path(Unit), *sha256OfFile(path(Unit))}};
      Stream.Units.push_back(Identity);
    }
    Stream.Databases.push_back(Database);
    return Stream;
  }
};

TEST_F(MemberFactsFileTest, LinesThenDecisions) {
  FactsStream Database = database({"add.cpp", "drop.cpp"});
  std::string Lines = path("facts.jsonl");
  std::vector<std::string> Drop = {"Scrollback::drop(void (void))"};
  ASSERT_FALSE(
      static_cast<bool>(appendFactsLine(Lines, toJson(Database.Databases[0]))));
  for (const UnitIdentity &Unit : Database.Units)
    ASSERT_FALSE(static_cast<bool>(appendFactsLine(Lines, toJson(Unit))));
  ASSERT_FALSE(static_cast<bool>(appendFactsLine(
      Lines,
      toJson(unitFacts(MemberAction::Fix, functions(), {functions()[0]})))));
  MemberFacts WithBound = unitFacts(MemberAction::Fix, functions(), Drop);
  WithBound.Bound = 3;
  ASSERT_FALSE(static_cast<bool>(appendFactsLine(Lines, toJson(WithBound))));
  FactsStream Read;
  ASSERT_FALSE(static_cast<bool>(readFactsLines(Lines, Read)));
  ASSERT_EQ(Read.Members.size(), 2u);
  ASSERT_EQ(Read.Units.size(), 2u);
  ASSERT_EQ(Read.Databases.size(), 1u);
  EXPECT_EQ(Read.Databases[0].Units, Database.Databases[0].Units);

  std::optional<MergedDecisions> Decisions = decideAndRead(Read);
  ASSERT_TRUE(Decisions);
  ASSERT_EQ(Decisions->Members.size(), 1u);
  const MemberDecision &D =
      Decisions->Members.find(Read.Members[0].key())->second;
  EXPECT_EQ(D.Action, MemberAction::Fix);
  EXPECT_EQ(D.Units, 2u);
  EXPECT_EQ(D.Bound, 3u);
  // What the decisions rest on, current.
  EXPECT_EQ(Decisions->Files.size(), 2u);
  EXPECT_TRUE(changedFiles(*Decisions).empty());
  // One source edited: stale, and it says which.
  write("drop.cpp", "// drop.cpp, edited to pop the front");
  EXPECT_EQ(changedFiles(*Decisions),
            std::vector<std::string>{path("drop.cpp")});
  // The database changed (a unit added): stale too.
  write("drop.cpp", "// drop.cpp");
  write("compile_commands.json", "[{}]");
  EXPECT_EQ(changedFiles(*Decisions),
            std::vector<std::string>{path("compile_commands.json")});
}

TEST_F(MemberFactsFileTest, ParameterRecordsTravelWithTheDecisions) {
  FactsStream Database = database({"speller.cpp", "decode.cpp"});
  std::string Lines = path("facts.jsonl");
  ASSERT_FALSE(
      static_cast<bool>(appendFactsLine(Lines, toJson(Database.Databases[0]))));
  for (const UnitIdentity &Unit : Database.Units)
    ASSERT_FALSE(static_cast<bool>(appendFactsLine(Lines, toJson(Unit))));
  ParameterFill Decode{"decode int (std::vector<int> &)",
                       {{path("decode.cpp"), 4, 3, 4, 25}},
                       0,
                       true};
  ParameterFill Lower{
      "lower std::vector<int> &(std::vector<int> &)", {}, 0, false, true};
  // One name defined twice, differently (two programs in one database).
  ParameterFill Twice{"twice void (std::string &)", {}, 0, true};
  ParameterFill TwiceOther = Twice;
  TwiceOther.Fills = false;
  for (const ParameterFill &P : {Decode, Decode, Lower, Twice, TwiceOther})
    ASSERT_FALSE(static_cast<bool>(appendFactsLine(Lines, toJson(P))));
  ASSERT_FALSE(static_cast<bool>(appendFactsLine(
      Lines, wantedParameterLine(path("speller.cpp"), Decode.Function))));
  FactsStream Read;
  ASSERT_FALSE(static_cast<bool>(readFactsLines(Lines, Read)));
  ASSERT_EQ(Read.Parameters.size(), 5u);
  EXPECT_EQ(Read.Parameters[0], Decode);
  EXPECT_EQ(Read.Parameters[2], Lower);
  ASSERT_EQ(Read.Wanted.size(), 1u);
  EXPECT_EQ(Read.Wanted[0].second, Decode.Function);

  std::optional<MergedDecisions> Decisions = decideAndRead(Read);
  ASSERT_TRUE(Decisions);
  ASSERT_EQ(Decisions->Parameters.size(), 2u);
  EXPECT_EQ(Decisions->Parameters.lookup(Decode.Function + "#0"), Decode);
  EXPECT_EQ(Decisions->Parameters.lookup(Lower.Function + "#0"), Lower);
  EXPECT_FALSE(Decisions->Parameters.count(Twice.Function + "#0"));

  // A record without its growth is malformed, and says so.
  write("bad.jsonl", R"({"version": 2, "kind": "parameter", "function": "f", )"
                     R"("index": 0, "fills": true, "returns": false})");
  FactsStream Bad;
  llvm::Error E = readFactsLines(path("bad.jsonl"), Bad);
  ASSERT_TRUE(static_cast<bool>(E));
  EXPECT_NE(llvm::toString(std::move(E)).find("a parameter without its"),
            std::string::npos);
}

TEST_F(MemberFactsFileTest, ViewArgumentRecordsMergeAcrossUnits) {
  FactsStream Database = database({"parser.cpp", "reader.cpp"});
  Database.Units[0].Cxx17 = true;
  std::string Lines = path("views.jsonl");
  ASSERT_FALSE(
      static_cast<bool>(appendFactsLine(Lines, toJson(Database.Databases[0]))));
  for (const UnitIdentity &Unit : Database.Units)
    ASSERT_FALSE(static_cast<bool>(appendFactsLine(Lines, toJson(Unit))));
  static const std::string Check =
      "mu::Parser::check void (const std::string &)";
  ViewArgumentRecord Defining{
      Check, {"/p/parser.cpp", "/p/parser.h"}, {}, 0, true};
  ViewArgumentRecord Calling{
      Check, {"/p/parser.h", "/p/reader.cpp"}, {}, 0, true};
  // A call in a header is recorded by each unit that includes it.
  CodeSpan InHeader{"/p/parser.h", 7, 12, 7, 30};
  CodeSpan InReader{"/p/reader.cpp", 20, 5, 20, 9};
  Defining.Building = {InHeader};
  Calling.Building = {InHeader, InReader};
  Calling.BuildingInLoop = true;
  ViewArgumentRecord Other{"other void (const std::string &)", {}, {}, 0, true};
  ViewArgumentRecord OtherBreaks = Other;
  OtherBreaks.Fits = false;
  for (const ViewArgumentRecord &R : {Defining, Calling, Other, OtherBreaks})
    ASSERT_FALSE(static_cast<bool>(appendFactsLine(Lines, toJson(R))));
  FactsStream Read;
  ASSERT_FALSE(static_cast<bool>(readFactsLines(Lines, Read)));
  ASSERT_EQ(Read.ViewArguments.size(), 4u);
  EXPECT_EQ(Read.ViewArguments[1], Calling);
  ASSERT_EQ(Read.Units.size(), 2u);
  EXPECT_TRUE(Read.Units[0].Cxx17);
  EXPECT_FALSE(Read.Units[1].Cxx17);

  std::optional<MergedDecisions> Decisions = decideAndRead(Read);
  ASSERT_TRUE(Decisions);
  ASSERT_EQ(Decisions->ViewArguments.size(), 2u);
  const ViewArgumentRecord &Merged = Decisions->ViewArguments[Check + "#0"];
  EXPECT_TRUE(Merged.Fits);
  EXPECT_EQ(Merged.DeclarationFiles,
            (std::vector<std::string>{"/p/parser.cpp", "/p/parser.h",
                                      "/p/reader.cpp"}));
  EXPECT_EQ(Merged.Building, (std::vector<CodeSpan>{InHeader, InReader}));
  EXPECT_TRUE(Merged.BuildingInLoop);
  EXPECT_FALSE(Decisions->ViewArguments[Other.Function + "#0"].Fits);
  EXPECT_TRUE(Decisions->ViewArguments[Other.Function + "#0"].Building.empty());
  // One unit before C++17: a view may not appear in a header it includes.
  EXPECT_FALSE(Decisions->EveryUnitCxx17);
  Read.Units[1].Cxx17 = true;
  Decisions = decideAndRead(Read);
  ASSERT_TRUE(Decisions);
  EXPECT_TRUE(Decisions->EveryUnitCxx17);

  write("bad-view.jsonl", R"({"version": 2, "kind": "view-argument", )"
                          R"("function": "f", "index": 0, "fits": true})");
  FactsStream Bad;
  llvm::Error E = readFactsLines(path("bad-view.jsonl"), Bad);
  ASSERT_TRUE(static_cast<bool>(E));
  EXPECT_NE(llvm::toString(std::move(E)).find("a view argument without its"),
            std::string::npos);
  write("bad-call.jsonl", R"({"version": 2, "kind": "view-argument", )"
                          R"("function": "f", "index": 0, "fits": true, )"
                          R"("files": [], "building": [{"file": "a.cpp"}]})");
  E = readFactsLines(path("bad-call.jsonl"), Bad);
  ASSERT_TRUE(static_cast<bool>(E));
  EXPECT_NE(llvm::toString(std::move(E)).find("a view argument's call without"),
            std::string::npos);
}

TEST_F(MemberFactsFileTest, ConstantTableRecordsMergeAcrossUnits) {
  FactsStream Database = database({"casemap.cpp", "enc.cpp", "twice.cpp"});
  std::string Lines = path("tables.jsonl");
  ASSERT_FALSE(
      static_cast<bool>(appendFactsLine(Lines, toJson(Database.Databases[0]))));
  for (const UnitIdentity &Unit : Database.Units)
    ASSERT_FALSE(static_cast<bool>(appendFactsLine(Lines, toJson(Unit))));
  static const std::string Upper = "re2c::to_upper|std::map<int, int>";
  ConstantTableRecord Defining{Upper, "find_to_upper", "", true, true, true,
                               {}};
  ConstantTableRecord LookingUp{Upper, "find_to_upper", "", false, false, true,
                                {}};
  // Another table that one unit iterates, one defined by two units, one
  // that no unit defines (a library's).
  ConstantTableRecord Iterated{
      "lower|std::map<int, int>", "find_lower", "", true, true, true, {}};
  ConstantTableRecord Iterating = Iterated;
  Iterating.Defines = Iterating.Reported = false;
  Iterating.Fits = false;
  Iterating.Why = "the code at enc.cpp:9 uses it other than to look a key up";
  ConstantTableRecord Twice{
      "twice|std::set<int>", "contains_twice", "", true, true, true, {}};
  ConstantTableRecord Declared{"declared|std::set<int>",
                               "contains_declared",
                               "",
                               false,
                               false,
                               true,
                               {}};
  for (const ConstantTableRecord &R :
       {Defining, LookingUp, Iterated, Iterating, Twice, Twice, Declared})
    ASSERT_FALSE(static_cast<bool>(appendFactsLine(Lines, toJson(R))));
  FactsStream Read;
  ASSERT_FALSE(static_cast<bool>(readFactsLines(Lines, Read)));
  ASSERT_EQ(Read.ConstantTables.size(), 7u);
  EXPECT_EQ(Read.ConstantTables[3], Iterating);

  std::optional<MergedDecisions> Decisions = decideAndRead(Read);
  ASSERT_TRUE(Decisions);
  ASSERT_EQ(Decisions->ConstantTables.size(), 4u);
  const ConstantTableRecord &Merged = Decisions->ConstantTables[Upper];
  EXPECT_TRUE(Merged.Fits && Merged.Defines && Merged.Reported);
  EXPECT_EQ(Merged.Function, "find_to_upper");
  const ConstantTableRecord &Kept = Decisions->ConstantTables[Iterated.Table];
  EXPECT_FALSE(Kept.Fits);
  EXPECT_EQ(Kept.Why, Iterating.Why);
  EXPECT_FALSE(Decisions->ConstantTables[Twice.Table].Fits);
  EXPECT_EQ(Decisions->ConstantTables[Twice.Table].Why,
            "more than one unit of the compile database defines it");
  EXPECT_FALSE(Decisions->ConstantTables[Declared.Table].Fits);
  EXPECT_EQ(Decisions->ConstantTables[Declared.Table].Why,
            "no unit of the compile database defines it");

  write("bad-table.jsonl", R"({"version": 2, "kind": "constant-table", )"
                           R"("table": "t", "function": "find_t"})");
  FactsStream Bad;
  llvm::Error E = readFactsLines(path("bad-table.jsonl"), Bad);
  ASSERT_TRUE(static_cast<bool>(E));
  EXPECT_NE(llvm::toString(std::move(E)).find("a constant table without its"),
            std::string::npos);
}

TEST_F(MemberFactsFileTest, EveryUnitOfTheDatabaseOrNoDecision) {
  auto Error = [](const FactsStream &Stream) {
    llvm::Expected<llvm::json::Value> D = decideAll(Stream);
    return D ? std::string("decided") : llvm::toString(D.takeError());
  };
  FactsStream Stream = database({"a.cpp", "b.cpp", "c.cpp"});
  Stream.Members.push_back(unitFacts(MemberAction::Fix, functions(), {}));
  EXPECT_EQ(Error(Stream), "decided");
  // A shard's facts not given: the units it analysed are missing.
  FactsStream Missing = Stream;
  Missing.Units.erase(Missing.Units.begin() + 1);
  Missing.Units.pop_back();
  EXPECT_EQ(Error(Missing),
            "the member facts of 2 of 3 units of the compile database are "
            "missing: " +
                path("b.cpp") + ", " + path("c.cpp") +
                " (give the --member-facts of every shard)");
  // A unit with errors: its facts are partial.
  FactsStream Broken = Stream;
  Broken.Units[0].Complete = false;
  llvm::Expected<llvm::json::Value> D = decideAll(Broken);
  ASSERT_FALSE(static_cast<bool>(D));
  bool Incomplete = false;
  llvm::handleAllErrors(D.takeError(), [&](const IncompleteFactsError &E) {
    Incomplete = E.Missing.empty() && E.WithErrors.size() == 1;
  });
  EXPECT_TRUE(Incomplete);
  // No database named, or two.
  FactsStream Unnamed = Stream;
  Unnamed.Databases.clear();
  EXPECT_NE(Error(Unnamed).find("name no compile database"), std::string::npos);
  FactsStream Two = Stream;
  Two.Databases.push_back(Two.Databases[0]);
  Two.Databases[1].Units.pop_back();
  EXPECT_NE(Error(Two).find("different compile databases"), std::string::npos);
}

TEST_F(MemberFactsFileTest, BadFiles) {
  auto Error = [&](llvm::StringRef Name) {
    llvm::Expected<MergedDecisions> D = readMemberDecisions(path(Name));
    return D ? std::string("accepted") : llvm::toString(D.takeError());
  };
  EXPECT_NE(Error("missing.json").find("cannot use the member facts file"),
            std::string::npos);
  write("text.json", "not json");
  EXPECT_NE(Error("text.json").find("text.json"), std::string::npos);
  write("old.json", R"({"version": 1, "members": []})");
  EXPECT_NE(Error("old.json").find("is not version 2"), std::string::npos);
  write("bad-action.json",
        R"({"version": 2, "database": {"path": "/db", "sha256": "0"},
            "files": [], "members": [{"key": "k", "action": "later"}]})");
  EXPECT_NE(
      Error("bad-action.json").find("a member without a key or a known action"),
      std::string::npos);
  write("no-files.json", R"({"version": 2, "members": []})");
  EXPECT_NE(Error("no-files.json").find("no compile database or files"),
            std::string::npos);
  auto LinesError = [&](llvm::StringRef Text) {
    write("facts.jsonl", Text);
    FactsStream Into;
    llvm::Error E = readFactsLines(path("facts.jsonl"), Into);
    return E ? llvm::toString(std::move(E)) : std::string("accepted");
  };
  EXPECT_NE(LinesError("{\"version\": 1}\n").find("facts.jsonl:1: "),
            std::string::npos);
  EXPECT_NE(LinesError("{\"version\": 2, \"kind\": \"shard\"}\n")
                .find("unknown kind 'shard'"),
            std::string::npos);
  EXPECT_NE(LinesError("\n{\"version\": 2, \"kind\": \"unit\"}\n")
                .find("facts.jsonl:2: malformed member facts: a unit without"),
            std::string::npos);
}

} // namespace
} // namespace alloc_tidy
