//===--- CalleeFillsTest.cpp - a container filled through a reference -----===//

#include "lib/analysis/facts/CalleeFills.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Preamble = "#include <algorithm>\n"
                             "#include <functional>\n"
                             "#include <string>\n"
                             "#include <utility>\n"
                             "#include <vector>\n"
                             "using Words = std::vector<std::string>;\n";

class CalleeFillsTest : public test::SnippetTest {
protected:
  CalleeFillsTest() : SnippetTest(Preamble) {}

  /// What 'f' does with its first parameter.
  std::optional<CalleeUse> use(std::string &Why) {
    const FunctionDecl *F = test::findFunction(ctx(), "f");
    if (!F) {
      ADD_FAILURE() << "want a function f";
      return std::nullopt;
    }
    return containerUseByCallee(F, 0, ctx(), Why);
  }

  /// Code whose 'f' does more than fill and read its first parameter, and
  /// the reason given (any reason, when empty).
  struct EscapeCase {
    const char *Code;
    const char *Why;
  };
  void expectEscapes(llvm::ArrayRef<EscapeCase> Cases) {
    for (const EscapeCase &C : Cases) {
      SCOPED_TRACE(C.Code);
      ASSERT_NO_FATAL_FAILURE(parse(C.Code));
      std::string Why;
      EXPECT_FALSE(use(Why));
      if (*C.Why)
        EXPECT_EQ(Why, C.Why);
      else
        EXPECT_FALSE(Why.empty());
    }
  }
};

TEST_F(CalleeFillsTest, AppendsAndReadsFill) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
void f(Words &Out, const std::string &S) {
  if (Out.empty() || Out.size() < 3)
    Out.push_back(S);
  for (const std::string &W : Out)
    (void)W;
  Out[0] += "!";
  Out.resize(2);
}
)cpp"));
  std::string Why;
  std::optional<CalleeUse> Use = use(Why);
  ASSERT_TRUE(Use) << Why;
  EXPECT_TRUE(Use->Fills);
  EXPECT_EQ(Use->Growth.size(), 2u); // push_back and resize
}

TEST_F(CalleeFillsTest, ReserveAndAppendOperatorFill) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
bool f(std::string &Out, const char *In, int N) {
  Out.reserve(N);
  for (int I = 0; I < N; ++I)
    Out += In[I];
  return Out == "x" || Out + "!" != "y";
}
)cpp"));
  std::string Why;
  std::optional<CalleeUse> Use = use(Why);
  ASSERT_TRUE(Use) << Why;
  EXPECT_TRUE(Use->Fills);
  EXPECT_EQ(Use->Growth.size(), 2u); // reserve and +=
}

TEST_F(CalleeFillsTest, AssignmentOperatorIsNoFill) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
void f(std::string &Out, std::string Other) { Out = std::move(Other); }
)cpp"));
  std::string Why;
  EXPECT_FALSE(use(Why));
}

TEST_F(CalleeFillsTest, OnlyReadingIsNoFill) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
int f(Words &Out) { return static_cast<int>(Out.size()); }
)cpp"));
  std::string Why;
  std::optional<CalleeUse> Use = use(Why);
  ASSERT_TRUE(Use) << Why;
  EXPECT_FALSE(Use->Fills);
}

TEST_F(CalleeFillsTest, HandedOnIsFollowed) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
void add(Words &Out) { Out.emplace_back("x"); }
void f(Words &Out) { add(Out); }
)cpp"));
  std::string Why;
  std::optional<CalleeUse> Use = use(Why);
  ASSERT_TRUE(Use) << Why;
  EXPECT_TRUE(Use->Fills);
  ASSERT_EQ(Use->Growth.size(), 1u);
}

TEST_F(CalleeFillsTest, WhatMakesItAnEscape) {
  const EscapeCase Cases[] = {
      {"Words *Kept; void f(Words &Out) { Kept = &Out; }",
       "'f' takes the address of the container it takes by reference"},
      {"void f(Words &Out) { Words O; Out.swap(O); }",
       "'f' swaps, assigns or copies the container it takes by reference"},
      {"Words Sink; void f(Words &Out) { Sink = std::move(Out); }", ""},
      {"void f(Words &Out) { if (Out.capacity() < 2) Out.push_back(\"\"); }",
       "'f' calls capacity() on the container it takes by reference"},
      {"void g(Words &);\nvoid f(Words &Out) { g(Out); }",
       "passed by non-const reference to a function defined elsewhere"},
      // Closures that can outlive the call.
      {"std::function<void()> Later;\n"
       "void f(Words &Out) { Later = [&] { Out.clear(); }; }",
       "'f' captures the container it takes by reference"},
      {"void f(Words &Out) { std::function<void()> L = [&] { Out.clear(); };"
       " L(); }",
       "'f' captures the container it takes by reference"},
      {"template <class F> void keep(F) {}\n"
       "void f(Words &Out) { keep([&] { Out.clear(); }); }",
       "'f' captures the container it takes by reference"},
      {"std::function<void()> Later;\n"
       "void f(Words &Out) { auto L = [&] { Out.clear(); }; L(); Later = L; }",
       "'f' captures the container it takes by reference"},
      {"void f(Words &Out) { auto L = [&] { return [&] { Out.clear(); }; };"
       " L()(); }",
       "'f' captures the container it takes by reference"},
  };
  expectEscapes(Cases);
}

TEST_F(CalleeFillsTest, ClosuresDoneWithinTheCall) {
  // A lambda that a standard algorithm calls, or a local closure only
  // called or handed to algorithms, is gone when the function returns: its
  // captures are the function's own uses.
  const char *const Cases[] = {
      R"cpp(
bool f(Words &Key, const std::vector<Words> &All) {
  return std::find_if(All.begin(), All.end(), [&](const Words &W) {
           return W.size() == Key.size();
         }) != All.end();
}
)cpp",
      R"cpp(
bool f(Words &Key, const std::vector<Words> &All) {
  return std::none_of(All.begin(), All.end(), [&Key](const Words &W) {
    return W.size() == Key.size();
  });
}
)cpp",
      "void f(Words &Out) { auto L = [&] { Out.clear(); }; L(); L(); }",
      // A generic lambda: its body's comparison is left to the template.
      R"cpp(
bool f(const Words &Key, const std::vector<Words> &All) {
  auto Same = [&](auto &W) { return Key == W; };
  return std::any_of(All.begin(), All.end(), Same) &&
         std::count_if(All.begin(), All.end(), Same) > 1;
}
)cpp",
  };
  for (const char *Code : Cases) {
    SCOPED_TRACE(Code);
    ASSERT_NO_FATAL_FAILURE(parse(Code));
    std::string Why;
    EXPECT_TRUE(use(Why)) << Why;
  }
}

TEST_F(CalleeFillsTest, RecursionAddsNothingToJudge) {
  // A stack of the words being checked, pushed and popped around a call
  // that can come back with the same stack (a spell checker's compounds).
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
bool g(const std::string &Word, Words &Stack);
bool f(Words &Stack, const std::string &Word) {
  if (Stack.size() > 4)
    return false;
  Stack.push_back(Word);
  bool Ok = g(Word, Stack);
  Stack.pop_back();
  return Ok;
}
bool g(const std::string &Word, Words &Stack) {
  return Word.size() < 2 || f(Stack, Word.substr(1));
}
)cpp"));
  std::string Why;
  std::optional<CalleeUse> Use = use(Why);
  ASSERT_TRUE(Use) << Why;
  EXPECT_TRUE(Use->Fills);
  EXPECT_EQ(Use->Growth.size(), 2u); // push_back and pop_back, once each
}

TEST_F(CalleeFillsTest, RecursionStillSeesEveryUse) {
  // The recursive call's own uses are judged in the outer call: a swap in
  // the function is an escape however it is reached.
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
void f(Words &Out, int N) {
  if (N > 0)
    f(Out, N - 1);
  Words Other;
  Out.swap(Other);
}
)cpp"));
  std::string Why;
  EXPECT_FALSE(use(Why));
}

TEST_F(CalleeFillsTest, AVirtualFunctionIsNotFollowed) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
struct Filler {
  virtual void f(Words &Out) { Out.push_back("x"); }
};
)cpp"));
  std::string Why;
  EXPECT_FALSE(use(Why));
  EXPECT_EQ(Why, "passed by non-const reference to a virtual function");
}

TEST_F(CalleeFillsTest, APointerIsFollowedToTheContainer) {
  // "*Out" and "Out->" reach the container; a null test reads only the
  // pointer; the pointer handed on is followed, and read through a pointer
  // to const; "*Out" handed on by reference, and "&*Out" by pointer, too.
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
int count(const Words *In) { return In ? static_cast<int>(In->size()) : 0; }
void add(Words *Out) { Out->emplace_back("x"); }
void widen(Words &Out) { Out.resize(Out.size() + 1); }
void f(Words *Out, const std::string &S) {
  if (!Out || Out == nullptr || nullptr != Out)
    return;
  Out->push_back(S);
  (*Out)[0] += "!";
  add(Out);
  widen(*Out);
  add(&*Out);
  for (const std::string &W : *Out)
    (void)W;
  (void)count(Out);
}
)cpp"));
  std::string Why;
  std::optional<CalleeUse> Use = use(Why);
  ASSERT_TRUE(Use) << Why;
  EXPECT_TRUE(Use->Fills);
  // push_back, add()'s emplace_back (judged once) and widen()'s resize.
  EXPECT_EQ(Use->Growth.size(), 3u);
}

TEST_F(CalleeFillsTest, WhatMakesAPointerAnEscape) {
  const EscapeCase Cases[] = {
      {"Words *Kept; void f(Words *Out) { Kept = Out; }",
       "'f' keeps, changes or compares the pointer to the container it takes "
       "by pointer"},
      {"Words Spare; void f(Words *Out) { Out = &Spare; Out->clear(); }",
       "'f' keeps, changes or compares the pointer to the container it takes "
       "by pointer"},
      {"void f(Words *Out) { Out[0].clear(); }",
       "'f' keeps, changes or compares the pointer to the container it takes "
       "by pointer"},
      {"void f(Words *Out, Words *Other) { if (Out != Other) Out->clear(); }",
       "'f' keeps, changes or compares the pointer to the container it takes "
       "by pointer"},
      {"Words *f(Words *Out) { Out->clear(); return Out; }",
       "'f' keeps, changes or compares the pointer to the container it takes "
       "by pointer"},
      {"Words Sink; void f(Words *Out) { Sink = std::move(*Out); }", ""},
      {"void f(Words *Out) { Out->shrink_to_fit(); }",
       "'f' calls shrink_to_fit() on the container it takes by pointer"},
      {"void g(Words *);\nvoid f(Words *Out) { g(Out); }",
       "passed by pointer to a function defined elsewhere"},
      {"void g(void *);\nvoid f(Words *Out) { g(Out); }",
       "'f' hands on a pointer to the container it takes by pointer"},
      {"void f(Words *Out) { delete Out; }",
       "'f' keeps, changes or compares the pointer to the container it takes "
       "by pointer"},
  };
  expectEscapes(Cases);
}

TEST_F(CalleeFillsTest, AReferenceHandedOnByAddressIsFollowed) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
void add(Words *Out) { Out->emplace_back("x"); }
Words *Kept;
void keep(Words *Out) { Kept = Out; }
void f(Words &Out) { add(&Out); }
void g(Words &Out) { keep(&Out); }
)cpp"));
  std::string Why;
  std::optional<CalleeUse> Use = use(Why);
  ASSERT_TRUE(Use) << Why;
  EXPECT_TRUE(Use->Fills);
  const FunctionDecl *G = test::findFunction(ctx(), "g");
  ASSERT_TRUE(G);
  EXPECT_FALSE(containerUseByCallee(G, 0, ctx(), Why));
  EXPECT_EQ(Why, "'keep' keeps, changes or compares the pointer to the "
                 "container it takes by pointer");
}

} // namespace
} // namespace alloc_tidy
