//===--- ParameterFillsTest.cpp - fill-only parameters across units -------===//

#include "lib/analysis/facts/ParameterFills.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/decisions/BufferReuse.h"
#include "lib/analysis/facts/CalleeFills.h"
#include "lib/analysis/facts/LoopContainerFills.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Preamble = "#include <string>\n"
                             "#include <vector>\n";

class ParameterFillsTest : public test::SnippetTest {
protected:
  ParameterFillsTest() : SnippetTest(Preamble) {}

  std::vector<ParameterFill> factsOf(llvm::StringRef Name) {
    const FunctionDecl *F = test::findFunction(ctx(), Name);
    if (!F || !F->getDefinition()) {
      ADD_FAILURE() << "no definition of " << Name.str();
      return {};
    }
    return parameterFillFacts(*F->getDefinition(), ctx());
  }
};

TEST_F(ParameterFillsTest, RecordsWhatADefinitionDoesWithItsParameters) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
int decode(std::vector<int> &Out, const std::string &In, std::string &Log) {
  Out.resize(In.size());
  for (size_t I = 0; I < In.size(); ++I)
    Out[I] = In[I];
  Log += "decoded";
  return static_cast<int>(Out.size());
}
std::vector<int> &lower(std::vector<int> &Out) {
  for (int &C : Out)
    C |= 0x20;
  return Out;
}
static std::vector<int> *Kept;
void keep(std::vector<int> &Out) { Kept = &Out; }
)cpp"));
  std::vector<ParameterFill> Decode = factsOf("decode");
  ASSERT_EQ(Decode.size(), 2u); // Out and Log, not the const In
  EXPECT_EQ(Decode[0].Index, 0u);
  EXPECT_TRUE(Decode[0].Fills);
  EXPECT_FALSE(Decode[0].ReturnsIt);
  ASSERT_EQ(Decode[0].Growth.size(), 1u);
  EXPECT_EQ(Decode[0].Growth[0].Line, 5u); // after the two #include lines
  EXPECT_EQ(Decode[0].Growth[0].Column, 3u);
  EXPECT_EQ(Decode[1].Index, 2u);
  EXPECT_EQ(Decode[0].Function,
            "decode int (class std::vector<int> &, const class "
            "std::basic_string<char> &, class std::basic_string<char> &)")
      << "the key names the function and its type";

  std::vector<ParameterFill> Lower = factsOf("lower");
  ASSERT_EQ(Lower.size(), 1u);
  EXPECT_FALSE(Lower[0].Fills);
  EXPECT_TRUE(Lower[0].ReturnsIt);
  EXPECT_TRUE(Lower[0].Growth.empty());

  EXPECT_TRUE(factsOf("keep").empty()) << "keeps the address: no record";
}

TEST_F(ParameterFillsTest, OnlyFunctionsOtherUnitsCanCall) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
static void hidden(std::vector<int> &Out) { Out.push_back(1); }
namespace { void anonymous(std::vector<int> &Out) { Out.push_back(1); } }
inline void everywhere(std::vector<int> &Out) { Out.push_back(1); }
template <class T> void generic(std::vector<T> &Out) { Out.push_back(T()); }
struct Filler {
  void inClass(std::vector<int> &Out) { Out.push_back(1); }
  void outside(std::vector<int> &Out) const;
};
void Filler::outside(std::vector<int> &Out) const { Out.push_back(2); }
void use() {
  std::vector<int> V;
  hidden(V); anonymous(V); everywhere(V); generic(V);
}
)cpp"));
  for (const char *Name :
       {"hidden", "anonymous", "everywhere", "generic", "inClass"}) {
    const FunctionDecl *F = test::findFunction(ctx(), Name);
    ASSERT_TRUE(F) << Name;
    EXPECT_EQ(parameterKey(*F), "") << Name;
  }
  std::vector<ParameterFill> Outside = factsOf("outside");
  ASSERT_EQ(Outside.size(), 1u);
  EXPECT_EQ(Outside[0].Function,
            "Filler::outside void (class std::vector<int> &) const");
}

/// Records of functions "defined elsewhere", by name.
class FakeElsewhere : public ParameterFillsElsewhere {
public:
  const ParameterFill *find(const FunctionDecl &Callee,
                            unsigned Index) const override {
    for (const ParameterFill &P : Records)
      if (P.Function == parameterKey(Callee) && P.Index == Index)
        return &P;
    return nullptr;
  }
  std::vector<ParameterFill> Records;
};

TEST_F(ParameterFillsTest, CallsIntoOtherUnitsAreJudgedByTheirRecords) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
int decode(std::vector<int> &Out, const std::string &In);
std::vector<int> &lower(std::vector<int> &Out);
void clean(std::vector<int> &Out, const std::string &In) {
  Out.clear();
  decode(Out, In);
}
int f(const std::string &In) {
  std::vector<int> Buffer;
  clean(Buffer, In);
  lower(Buffer);
  return static_cast<int>(Buffer.size());
}
int g(const std::string &In) {
  std::vector<int> Buffer;
  decode(Buffer, In);
  std::vector<int> &Kept = lower(Buffer);
  return static_cast<int>(Kept.size());
}
)cpp"));
  const VarDecl *Buffer = test::findVar(ctx(), "Buffer");
  ASSERT_TRUE(Buffer);
  const FunctionDecl *F = test::findFunction(ctx(), "f");
  std::optional<LoopContainerShape> Shape = loopContainerShape(Buffer, ctx());
  ASSERT_TRUE(Shape);
  // Without records: the call is an escape, as in a unit run alone.
  LoopContainerUses Alone =
      judgeCallContainerUses(Buffer, F->getBody(), *Shape, true, ctx());
  EXPECT_EQ(Alone.Escape,
            "passed by non-const reference to a function defined elsewhere");

  // Declared only: found among the unit's declarations.
  auto Declared = [&](llvm::StringRef Name) -> const FunctionDecl * {
    for (const Decl *D : ctx().getTranslationUnitDecl()->decls())
      if (const auto *F = dyn_cast<FunctionDecl>(D);
          F && F->getDeclName().isIdentifier() && F->getName() == Name)
        return F;
    return nullptr;
  };
  FakeElsewhere Records;
  const FunctionDecl *Decode = Declared("decode");
  const FunctionDecl *Lower = Declared("lower");
  ASSERT_TRUE(Decode && Lower);
  ParameterFill DecodeFills{
      parameterKey(*Decode), {{"/src/decode.cpp", 12, 3, 12, 25}}, 0, true};
  Records.Records.push_back(DecodeFills);
  // lower() alone has no record: still an escape, through clean() too.
  LoopContainerUses Partial = judgeCallContainerUses(
      Buffer, F->getBody(), *Shape, true, ctx(), &Records);
  EXPECT_FALSE(Partial.Escape.empty());

  ParameterFill LowerReturns{parameterKey(*Lower), {}, 0, false, true};
  Records.Records.push_back(LowerReturns);
  LoopContainerUses Judged = judgeCallContainerUses(
      Buffer, F->getBody(), *Shape, true, ctx(), &Records);
  EXPECT_EQ(Judged.Escape, "");
  ASSERT_EQ(Judged.Fills.size(), 1u); // clean(), which calls decode()
  ASSERT_EQ(Judged.Fills[0].CalleeGrowthElsewhere.size(), 1u);
  EXPECT_EQ(Judged.Fills[0].CalleeGrowthElsewhere[0], DecodeFills.Growth[0]);

  // g() keeps the reference lower() returns.
  const FunctionDecl *G = test::findFunction(ctx(), "g");
  const VarDecl *GBuffer = nullptr;
  for (const Decl *D : G->decls())
    if (const auto *V = dyn_cast<VarDecl>(D); V && V->getName() == "Buffer")
      GBuffer = V;
  ASSERT_TRUE(GBuffer);
  LoopContainerUses Kept = judgeCallContainerUses(GBuffer, G->getBody(), *Shape,
                                                  true, ctx(), &Records);
  EXPECT_EQ(Kept.Escape, "the reference 'lower' returns is kept");
}

TEST_F(ParameterFillsTest, SpansOfAnotherFileBecomeRangesOfTheUnit) {
  ASSERT_NO_FATAL_FAILURE(parse("int x;"));
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("parameter-fills", Dir));
  std::string Path = (Dir + "/other.cpp").str();
  {
    std::error_code EC;
    llvm::raw_fd_ostream Out(Path, EC);
    ASSERT_FALSE(EC);
    Out << "void f(std::vector<int> &V) {\n  V.resize(3);\n}\n";
  }
  SourceManager &SM = ctx().getSourceManager();
  SourceRange R = rangeOf({Path, 2, 3, 2, 13}, SM);
  ASSERT_TRUE(R.isValid());
  EXPECT_EQ(SM.getSpellingLineNumber(R.getBegin()), 2u);
  EXPECT_EQ(SM.getSpellingColumnNumber(R.getEnd()), 13u);
  std::optional<CodeSpan> Back = codeSpanOf(R, SM);
  ASSERT_TRUE(Back);
  EXPECT_EQ(Back->Line, 2u);
  EXPECT_EQ(Back->EndColumn, 13u);
  // A line the file no longer has, or no file: no range.
  EXPECT_FALSE(rangeOf({Path, 9, 1, 9, 4}, SM).isValid());
  EXPECT_FALSE(rangeOf({Path + ".gone", 1, 1, 1, 2}, SM).isValid());
  EXPECT_FALSE(llvm::sys::fs::remove_directories(Dir));
}

class BufferReuseTest : public test::SnippetTest {
protected:
  BufferReuseTest() : SnippetTest(Preamble) {}

  /// Why 'Buf' in C::f could be met by a call that starts again (the
  /// snippets' lines count from 3: the preamble has two).
  std::string why() {
    const VarDecl *Var = test::findVar(ctx(), "Buf");
    const auto *Method =
        dyn_cast_or_null<CXXMethodDecl>(test::findFunction(ctx(), "f"));
    if (!Var || !Method) {
      ADD_FAILURE() << "want C::f declaring Buf";
      return "";
    }
    std::string Whole;
    std::optional<std::vector<ReentryPoint>> Points =
        reentryPoints(*Method, ctx(), Whole);
    if (!Points)
      return "whole: " + Whole;
    return whyReentryMeetsBuffer(*Var, *Method->getBody(), *Points, ctx());
  }
};

TEST_F(BufferReuseTest, ReentryAfterTheLastUseIsFree) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
struct C {
  int f(int N) {
    std::vector<int> Buf;
    Buf.push_back(N);
    int Size = static_cast<int>(Buf.size());
    if (N > 0)
      return f(N - 1) + Size;
    return Size;
  }
};
)cpp"));
  EXPECT_EQ(why(), "");
}

TEST_F(BufferReuseTest, ReentryBeforeAUseOrInALoopIsNot) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
struct C {
  int f(int N) {
    std::vector<int> Buf;
    Buf.push_back(N);
    int Inner = N > 0 ? g(N - 1) : 0;
    return Inner + static_cast<int>(Buf.size());
  }
  int g(int N) { return f(N); }
};
)cpp"));
  EXPECT_EQ(why(), "it may run again from line 8 (it calls itself), before "
                   "its last use of 'Buf'");
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
struct C {
  int f(int N) {
    std::vector<int> Buf;
    int Sum = 0;
    while (N-- > 0) {
      Buf.push_back(N);
      Sum += f(N / 2);
    }
    return Sum;
  }
};
)cpp"));
  EXPECT_EQ(why(), "it may run again from line 10 (it calls itself), in a "
                   "loop that uses 'Buf'");
}

TEST_F(BufferReuseTest, WhatRefersIntoTheBufferUsesIt) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
struct C {
  int f(int N) {
    std::vector<int> Buf(3);
    int *P = nullptr;
    P = Buf.data();
    int Inner = N > 0 ? f(N - 1) : 0;
    return Inner + *P;
  }
};
)cpp"));
  EXPECT_EQ(why(), "it may run again from line 9 (it calls itself), before "
                   "its last use of 'Buf'");
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
struct C {
  int *Last = nullptr;
  int f(int N) {
    std::vector<int> Buf(3);
    Last = Buf.data();
    return N > 0 ? f(N - 1) : 0;
  }
};
)cpp"));
  EXPECT_EQ(why(), "a reference into 'Buf' is kept outside the function's "
                   "locals");
}

TEST_F(BufferReuseTest, NoPointsNoQuestion) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
int helper(int N);
struct C {
  int f(int N) {
    std::vector<int> Buf;
    Buf.push_back(helper(N));
    return static_cast<int>(Buf.size());
  }
};
)cpp"));
  EXPECT_EQ(why(), "");
}

TEST_F(ParameterFillsTest, RecordsPointerParameters) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
bool readWord(std::string *Out, const char *In) {
  if (!Out)
    return false;
  while (*In && *In != ' ')
    Out->push_back(*In++);
  return !Out->empty();
}
static std::string *Kept;
void keep(std::string *Out) { Kept = Out; }
int size(const std::string *In) { return static_cast<int>(In->size()); }
)cpp"));
  std::vector<ParameterFill> Read = factsOf("readWord");
  ASSERT_EQ(Read.size(), 1u); // Out, not the char pointer In
  EXPECT_EQ(Read[0].Index, 0u);
  EXPECT_TRUE(Read[0].Fills);
  ASSERT_EQ(Read[0].Growth.size(), 1u);
  EXPECT_EQ(Read[0].Growth[0].Line, 8u);
  EXPECT_TRUE(factsOf("keep").empty());
  EXPECT_TRUE(factsOf("size").empty()); // a pointer to const only reads
}

} // namespace
} // namespace alloc_tidy
