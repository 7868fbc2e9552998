//===--- DequeUsageTest.cpp - is a deque used like an array? --------------===//

#include "lib/analysis/decisions/DequeUsage.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/ast/AstWalk.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

class DequeUsageTest : public test::SnippetTest {
protected:
  DequeUsageTest()
      : SnippetTest("#include <deque>\n#include <stack>\n"
                    "#include <string>\n#include <vector>\n") {}
  std::vector<ContainerUse> Uses;

  /// Judges the variable or member \p Name, a deque of \p Element.
  DequeUsage judge(llvm::StringRef Name, bool WarnWhenKept = false) {
    const ValueDecl *D = test::findVar(ctx(), Name);
    if (!D)
      D = test::findField(ctx(), Name);
    EXPECT_TRUE(D != nullptr) << Name.str();
    if (!D)
      return {};
    Uses.clear();
    for (const Expr *Ref : test::findRefs(ctx(), D))
      Uses.push_back(classifyContainerUse(Ref, ctx()));
    const auto *Spec = cast<ClassTemplateSpecializationDecl>(
        D->getType()->getAsCXXRecordDecl());
    DequeShape Shape =
        Spec->getName() == "stack" ? DequeShape::Stack : DequeShape::Deque;
    return judgeDequeUses(*D, Shape, Spec->getTemplateArgs()[0].getAsType(),
                          Uses, WarnWhenKept, ctx());
  }
};

TEST(DequeSpellingTest, SpelledArguments) {
  EXPECT_EQ(judgeSpelledArguments(DequeShape::Deque, 1).NoFix, "");
  EXPECT_EQ(judgeSpelledArguments(DequeShape::Deque, 2).NoFix, "");
  EXPECT_EQ(judgeSpelledArguments(DequeShape::Deque, 3).NoFix,
            "std::vector takes only the element type and an allocator");
  EXPECT_EQ(judgeSpelledArguments(DequeShape::Stack, 1).Keep, "");
  EXPECT_EQ(judgeSpelledArguments(DequeShape::Stack, 2).Keep,
            "container chosen explicitly");
  EXPECT_EQ(judgeSpelledArguments(DequeShape::Stack, std::nullopt).NoFix,
            "the stack's type is not spelled here");
}

TEST_F(DequeUsageTest, StacksFlaggedByDefaultOnlyOnMsvc) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
struct Frame { long A, B, C; };
std::stack<Frame> Frames;
std::stack<int *> Pointers;
)cpp"));
  QualType Frame = test::typeOfVar(ctx(), "Frames");
  QualType Pointer = test::typeOfVar(ctx(), "Pointers");
  auto Element = [](QualType Stack) {
    return cast<ClassTemplateSpecializationDecl>(Stack->getAsCXXRecordDecl())
        ->getTemplateArgs()[0]
        .getAsType();
  };
  EXPECT_TRUE(stackFlaggedByDefault(true, Element(Frame), ctx()));
  EXPECT_FALSE(stackFlaggedByDefault(false, Element(Frame), ctx()));
  EXPECT_FALSE(stackFlaggedByDefault(true, Element(Pointer), ctx()));
}

TEST_F(DequeUsageTest, BackOnly) {
  ASSERT_NO_FATAL_FAILURE(parse("int f(int n) {\n"
                                "  std::deque<int> d;\n"
                                "  for (int i = 0; i < n; ++i)\n"
                                "    d.push_back(i);\n"
                                "  d.pop_back();\n"
                                "  d.insert(d.end(), 3);\n"
                                "  return d[0] + d.back() + (int)d.size();\n"
                                "}\n"));
  DequeUsage U = judge("d");
  EXPECT_EQ(U.Keep, "");
  EXPECT_EQ(U.NoFixReason, "");
  EXPECT_TRUE(U.Rotations.empty());
  // push_back and insert at the end can reallocate a vector.
  EXPECT_EQ(U.Growth.size(), 2u);
}

TEST_F(DequeUsageTest, WhatKeepsTheDeque) {
  ASSERT_NO_FATAL_FAILURE(parse(
      "void front() { std::deque<int> a; a.push_front(1); }\n"
      "void middle() { std::deque<int> b{1, 2}; b.insert(b.begin(), 0); }\n"
      "void flags() { std::deque<bool> c; c.push_back(true); }\n"
      "void addr() { std::deque<int> e; std::deque<int> *p = &e; "
      "(void)p; }\n"
      "struct Old { Old(); Old(const Old &); std::string s; };\n"
      "void copied() { std::deque<Old> g; g.emplace_back(); }\n"
      "void stacked() { std::stack<int> s; s.push(1); (void)s.top(); }\n"));
  EXPECT_EQ(judge("a").Keep, "front operation");
  EXPECT_EQ(judge("b").Keep, "member insert");
  EXPECT_EQ(judge("c").Keep,
            "bool elements: std::vector<bool> is a different beast");
  EXPECT_NE(judge("e").Keep, "");
  // Old has a copy constructor and no move constructor: a vector would copy
  // every string as it grows.
  EXPECT_EQ(judge("g").Keep,
            "a std::vector would copy the elements as it grows");
  EXPECT_EQ(judge("s").Keep, "");
}

TEST_F(DequeUsageTest, Rotation) {
  ASSERT_NO_FATAL_FAILURE(parse("void spin(int n) {\n"
                                "  std::deque<int> r{1, 2, 3};\n"
                                "  for (int i = 0; i < n; ++i) {\n"
                                "    r.push_back(r.front());\n"
                                "    r.pop_front();\n"
                                "  }\n"
                                "}\n"
                                "void drop() {\n"
                                "  std::deque<int> q{1, 2};\n"
                                "  q.pop_front();\n"
                                "}\n"));
  DequeUsage Rotating = judge("r");
  EXPECT_EQ(Rotating.Keep, "");
  EXPECT_EQ(Rotating.Rotations.size(), 1u);
  EXPECT_TRUE(Rotating.FrontPops.empty());
  // A plain pop: up to the profile (judgeFrontPops).
  DequeUsage Popped = judge("q");
  EXPECT_EQ(Popped.Keep, "");
  EXPECT_TRUE(Popped.Rotations.empty());
  ASSERT_EQ(Popped.FrontPops.size(), 1u);
  EXPECT_EQ(judgeFrontPops(Popped, /*StaysShort=*/false, ctx()),
            "front operation");
  EXPECT_EQ(judgeFrontPops(Popped, /*StaysShort=*/true, ctx()), "");
  EXPECT_EQ(Popped.NoFixReason, "");
  TextEdit PopEdit = frontPopEdit(*Popped.FrontPops[0], ctx());
  EXPECT_EQ(PopEdit.Text, "erase(q.begin())");
  // From the member's name to the call's closing parenthesis.
  EXPECT_EQ(sourceText(PopEdit.Range.getAsRange(), ctx()), "pop_front()");
}

TEST_F(DequeUsageTest, FrontPops) {
  ASSERT_NO_FATAL_FAILURE(parse("int held() {\n"
                                "  std::deque<int> k{1, 2};\n"
                                "  const int &last = k.back();\n"
                                "  k.pop_front();\n"
                                "  return last;\n"
                                "}\n"
                                "void either(bool f) {\n"
                                "  std::deque<int> e{1, 2};\n"
                                "  f ? e.pop_front() : e.pop_back();\n"
                                "}\n"
                                "void mixed() {\n"
                                "  std::deque<int> m{1, 2};\n"
                                "  m.push_back(m.front());\n"
                                "  m.pop_front();\n"
                                "  m.pop_front();\n"
                                "}\n"
                                "struct Holder { std::deque<int> d; void "
                                "drop() { d.pop_front(); } };\n"));
  // On a vector, the pop moves the element the reference names.
  EXPECT_EQ(judge("k").Keep, "a reference to an element is kept while it "
                             "grows");
  DequeUsage Either = judge("e");
  EXPECT_EQ(judgeFrontPops(Either, true, ctx()), "");
  EXPECT_EQ(Either.NoFixReason,
            "this pop_front() is part of an expression whose type would "
            "change with erase(), which returns an iterator");
  // A rotation and a pop: both become erase(begin()).
  DequeUsage Mixed = judge("m");
  EXPECT_TRUE(Mixed.Rotations.empty());
  EXPECT_EQ(Mixed.FrontPops.size(), 2u);
  // The pops count as growth: they move the elements of a vector.
  EXPECT_EQ(Mixed.Growth.size(), 3u);
  DequeUsage Member = judge("d");
  ASSERT_EQ(Member.FrontPops.size(), 1u);
  EXPECT_EQ(frontPopEdit(*Member.FrontPops[0], ctx()).Text, "erase(d.begin())");
}

// Deques that a profile shows stayed in their first block: the profile
// cannot tell whether a vector saves, so by default one used at its back
// stays and one popped at its front loses its fix-it.
TEST_F(DequeUsageTest, FirstBlockDeques) {
  ASSERT_NO_FATAL_FAILURE(parse("int back(int n) {\n"
                                "  std::deque<int> b;\n"
                                "  while (n-- > 0) if (n % 3) b.push_back(n);\n"
                                "  return b.empty() ? 0 : b.back();\n"
                                "}\n"
                                "void front() {\n"
                                "  std::deque<int> f{1, 2};\n"
                                "  f.pop_front();\n"
                                "}\n"));
  SourceLocation Here = test::findVar(ctx(), "f")->getLocation();
  DequeUsage Back = judge("b");
  EXPECT_EQ(judgeFirstBlockDeques(Back, /*StayedInFirstBlock=*/true,
                                  /*Reserved=*/false, /*AssumeShort=*/false,
                                  Here),
            "a std::vector may make more allocations than the deques that "
            "stayed in their first block");
  // With a reserve a vector allocates once; the user may say they are
  // short; deques that needed more blocks are judged by their counts.
  EXPECT_EQ(judgeFirstBlockDeques(Back, true, /*Reserved=*/true, false, Here),
            "");
  EXPECT_EQ(
      judgeFirstBlockDeques(Back, true, false, /*AssumeShort=*/true, Here), "");
  EXPECT_EQ(judgeFirstBlockDeques(Back, false, false, false, Here), "");
  EXPECT_EQ(Back.NoFixReason, "");

  DequeUsage Front = judge("f");
  EXPECT_EQ(
      judgeFirstBlockDeques(Front, true, false, /*AssumeShort=*/true, Here),
      "");
  EXPECT_EQ(Front.NoFixReason, "");
  EXPECT_EQ(judgeFirstBlockDeques(Front, true, false, false, Here), "");
  EXPECT_EQ(Front.NoFixReason,
            "the profile cannot tell how many elements each deque held; "
            "where most hold at most one, AssumeFirstBlockDequesShort gives "
            "the fix-it");
  EXPECT_EQ(Front.NoFixLoc, Here);
}

TEST_F(DequeUsageTest, KeptReferences) {
  ASSERT_NO_FATAL_FAILURE(parse("int held() {\n"
                                "  std::deque<int> k;\n"
                                "  k.push_back(1);\n"
                                "  int &first = k.back();\n"
                                "  k.push_back(2);\n"
                                "  return first;\n"
                                "}\n"));
  // Chosen for its stable references: kept, unless the user asks for a
  // warning, which then has no fix-it.
  EXPECT_EQ(judge("k").Keep,
            "a reference to an element is kept while it grows");
  DequeUsage Warned = judge("k", /*WarnWhenKept=*/true);
  EXPECT_EQ(Warned.Keep, "");
  EXPECT_NE(Warned.NoFixReason.find("a reference to an element is kept here"),
            std::string::npos);
}

TEST_F(DequeUsageTest, NoFixWhenACalleeNamesTheType) {
  ASSERT_NO_FATAL_FAILURE(
      parse("int sum(const std::deque<int> &v) { return (int)v.size(); }\n"
            "int use() { std::deque<int> p; p.push_back(1); return sum(p); }\n"
            "struct Pinned { Pinned(int); Pinned(const Pinned &) = delete; };\n"
            "void pin() { std::deque<Pinned> n; n.emplace_back(1); }\n"));
  DequeUsage Passed = judge("p");
  EXPECT_EQ(Passed.Keep, "");
  EXPECT_EQ(Passed.NoFixReason, "'p' is passed to 'sum', whose parameter "
                                "names the container type; change it too");
  EXPECT_EQ(judge("n").NoFixReason,
            "'Pinned' can be neither moved nor copied, which a std::vector "
            "needs when it grows");
}

TEST_F(DequeUsageTest, FillLoop) {
  ASSERT_NO_FATAL_FAILURE(parse("void fill(unsigned n) {\n"
                                "  std::deque<int> d;\n"
                                "  for (unsigned i = 0; i < n; ++i)\n"
                                "    d.push_back(i);\n"
                                "}\n"
                                "void refill(int n) {\n"
                                "  std::deque<int> e{7};\n"
                                "  for (int i = 0; i < n; ++i)\n"
                                "    e.push_back(i);\n"
                                "}\n"
                                "void twice(int n) {\n"
                                "  std::deque<int> t;\n"
                                "  t.push_back(0);\n"
                                "  for (int i = 0; i < n; ++i)\n"
                                "    t.push_back(i);\n"
                                "}\n"
                                "struct Table {\n"
                                "  Table() {\n"
                                "    for (int i = 0; i < 16; ++i)\n"
                                "      rows.push_back(i);\n"
                                "  }\n"
                                "  std::deque<int> rows;\n"
                                "};\n"));
  auto Fill = [&](llvm::StringRef Name) {
    DequeUsage U = judge(Name);
    const ValueDecl *D = test::findVar(ctx(), Name);
    if (!D)
      D = test::findField(ctx(), Name);
    return dequeFillLoop(*D, Uses, U.Growth, ctx());
  };
  std::optional<DequeFill> D = Fill("d");
  ASSERT_TRUE(D.has_value());
  EXPECT_EQ(D->Count.Spelling, "n");
  EXPECT_EQ(D->ReserveText, "d.reserve(n);\n  ");
  // Not empty before the loop: what it holds already counts (a signed count
  // is clamped at zero, and parenthesised as an operand).
  std::optional<DequeFill> E = Fill("e");
  ASSERT_TRUE(E.has_value());
  EXPECT_EQ(E->ReserveText, "e.reserve(e.size() + (n > 0 ? n : 0));\n  ");
  // Two growth sites: no single fill loop.
  EXPECT_FALSE(Fill("t").has_value());
  // A member filled in its constructor: empty there, a constant count.
  std::optional<DequeFill> Rows = Fill("rows");
  ASSERT_TRUE(Rows.has_value());
  EXPECT_EQ(Rows->Count.Value, std::optional<uint64_t>(16));
  EXPECT_EQ(Rows->ReserveText, "rows.reserve(16);\n    ");
}

TEST_F(DequeUsageTest, DeclarationsNotJudged) {
  ASSERT_NO_FATAL_FAILURE(
      parse("std::deque<int> shared;\n"
            "static std::deque<int> mine;\n"
            "struct S { static std::deque<int> all; std::deque<int> own; };\n"
            "template <class T> struct Box { std::deque<T> items; };\n"
            "union U { U() {} ~U() {} std::deque<int> u; };\n"
            "#define DECLARE(n) std::deque<int> n\n"
            "void f() { DECLARE(made); made.push_back(1); }\n"));
  auto Excluded = [&](llvm::StringRef Name) {
    const ValueDecl *D = test::findVar(ctx(), Name);
    if (!D)
      D = test::findField(ctx(), Name);
    return D ? dequeDeclarationExcluded(*D, ctx()) : std::string("missing");
  };
  EXPECT_EQ(Excluded("shared"), "global visible to other translation units");
  EXPECT_EQ(Excluded("mine"), "");
  EXPECT_EQ(Excluded("all"), "static member or instantiated");
  EXPECT_EQ(Excluded("own"), "");
  EXPECT_EQ(Excluded("items"), "template");
  EXPECT_EQ(Excluded("u"), "member of a template or union");
  EXPECT_EQ(Excluded("made"), "macro");
}

TEST_F(DequeUsageTest, MemberFactsForOtherUnits) {
  // What this unit tells the others: the reference at() hands out, and the
  // growth in add(); not the constructor's growth, which comes first.
  ASSERT_NO_FATAL_FAILURE(parse("class Log {\n"
                                "  std::deque<int> Items;\n"
                                "public:\n"
                                "  Log() { Items.push_back(0); }\n"
                                "  void add(int V) { Items.push_back(V); }\n"
                                "  const int &at(int I) const;\n"
                                "};\n"
                                "const int &Log::at(int I) const {\n"
                                "  return Items[I];\n"
                                "}\n"));
  // Both are in this unit, and it judges them itself: the deque stays.
  DequeUsage U = judge("Items");
  EXPECT_EQ(U.Keep, "a reference to an element is kept while it grows");
  // With WarnWhenReferencesKept, a warning; the facts carry both.
  U = judge("Items", /*WarnWhenKept=*/true);
  ASSERT_EQ(U.Keep, "");
  const FieldDecl *Items = test::findField(ctx(), "Items");
  MemberFacts Facts =
      dequeMemberFacts(*Items, U, "", U.NoFixReason, true, ctx());
  EXPECT_EQ(Facts.Local, MemberAction::Warn);
  EXPECT_TRUE(Facts.WarnWhenKept);
  ASSERT_EQ(Facts.Escapes.size(), 1u);
  EXPECT_EQ(Facts.Escapes[0].text(),
            "'Log::at' returns a reference into it (input.cc:13)");
  ASSERT_EQ(Facts.Growth.size(), 1u);
  EXPECT_EQ(Facts.Growth[0].text(), "input.cc:9 ('Log::add')");
  // A unit whose own code keeps it has nothing more to say.
  Facts = dequeMemberFacts(*Items, U, "front operation", "", false, ctx());
  EXPECT_EQ(Facts.Local, MemberAction::Silent);
  EXPECT_EQ(Facts.Why, "front operation");
  EXPECT_TRUE(Facts.Escapes.empty() && Facts.Growth.empty());
}

// The texts the check renders: the shape decides the warning, and a
// known fill size gives the deque's allocations against the vector's one.
TEST(DequeTexts, WarningAndNotes) {
  EXPECT_EQ(dequeWarning("s", DequeShape::Stack, false, false, 7),
            "'s' is a std::stack over a std::deque; over a std::vector it "
            "makes fewer allocations");
  EXPECT_EQ(dequeWarning("r", DequeShape::Deque, true, true, std::nullopt),
            "'r' is a std::deque used as a rotating buffer; a std::vector "
            "with std::rotate holds its elements in one allocation");
  EXPECT_EQ(dequeWarning("q", DequeShape::Deque, false, true, std::nullopt)
                .rfind("'q' is a std::deque popped at its front", 0),
            0u);
  EXPECT_EQ(dequeWarning("b", DequeShape::Deque, false, false, 3),
            "'b' is a std::deque used only at its back; a std::vector with "
            "reserve() makes 1 allocation instead of about 3");
  EXPECT_EQ(dequeWarning("b", DequeShape::Deque, false, false, std::nullopt),
            "'b' is a std::deque used only at its back; a std::vector holds "
            "its elements in one allocation");
  EXPECT_EQ(frontPopNote(32),
            "on a std::vector this is erase(begin()), which moves every "
            "element; the profile shows that no deque here ever held more "
            "than its first block of 32 elements");
  EXPECT_EQ(rotationNote("d"),
            "this moves the front element to the back; with a std::vector, "
            "std::rotate(d.begin(), d.begin() + 1, d.end()) does the same");
}

} // namespace
} // namespace alloc_tidy
