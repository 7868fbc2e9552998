//===--- ViewParametersTest.cpp - string parameters a view serves ---------===//

#include "lib/analysis/facts/ViewParameters.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/decisions/ViewParameterPlan.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Preamble = "#include <functional>\n"
                             "#include <iostream>\n"
                             "#include <map>\n"
                             "#include <string>\n"
                             "#include <string_view>\n"
                             "void consume(const std::string &S);\n"
                             "void look(std::string_view S);\n";

class ViewParametersTest : public test::SnippetTest {
protected:
  ViewParametersTest() : SnippetTest(Preamble) {}

  std::string silence(llvm::StringRef Function, unsigned Index = 0) {
    const FunctionDecl *F = test::findFunction(ctx(), Function);
    EXPECT_TRUE(F && F->getDefinition());
    return F ? viewParameterSilence(*F->getDefinition(), Index, ctx()) : "?";
  }

  /// What each call of \p Callee in \p Caller passes for parameter 0.
  std::vector<StringArgumentKind> kinds(llvm::StringRef Caller,
                                        llvm::StringRef Callee) {
    std::vector<StringArgumentKind> All;
    for (const CallExpr *Call : test::findCalls(ctx(), Caller, Callee))
      All.push_back(classifyStringArgument(*Call->getArg(0)).Kind);
    return All;
  }
};

TEST_F(ViewParametersTest, UsesAViewServesAndUsesItDoesNot) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
int reads(const std::string &S, const std::string &Other) {
  int N = S.size() + S.length() + S.empty() + S[0] + S.at(1) + S.front();
  for (char C : S)
    N += C;
  if (S == "x" || S != Other || S < Other)
    std::cout << S;
  look(S);
  return N + (S.find('a') != std::string::npos) + S.compare("y") +
         Other.find_first_not_of(S) + Other.compare(0, 2, S);
}
void appends(std::string &Out, const std::string &S) {
  Out += S;
  Out.append(S);
  Out.insert(0, S);
}
void passesOn(const std::string &S) { consume(S); }
const char *cString(const std::string &S) { return S.c_str(); }
std::string part(const std::string &S) { return S.substr(1); }
std::string::const_iterator first(const std::string &S) { return S.begin(); }
std::string joined(const std::string &S) { return S + "!"; }
std::string kept(const std::string &S) { return S; }
std::function<int()> later(const std::string &S) {
  return [&] { return (int)S.size(); };
}
int key(const std::map<std::string, int> &M, const std::string &S) {
  return M.count(S);
}
struct Text { operator std::string() const; };
int searchesForAClass(const std::string &S, const Text &T) {
  return S.find(T);
}
int notAString(int N) { return N; }
)cpp"));
  EXPECT_EQ(silence("reads"), "");
  EXPECT_EQ(silence("reads", 1), "");
  EXPECT_EQ(silence("appends", 1), "");
  for (const char *Needs : {"passesOn", "cString", "part", "first", "joined"})
    EXPECT_NE(silence(Needs), "") << Needs;
  EXPECT_EQ(silence("kept"),
            "the function keeps or passes on the string itself");
  EXPECT_EQ(silence("later"), "a lambda captures it");
  EXPECT_NE(silence("key", 1), "");
  EXPECT_EQ(silence("searchesForAClass"),
            "a member call passes an argument a view's member does not take");
  EXPECT_EQ(silence("notAString"), "not a const std::basic_string &");
}

TEST_F(ViewParametersTest, WhatACallPasses) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
struct Name { operator std::string() const; };
void take(const std::string &S);
void takeDefault(const std::string &S = "a default longer than the buffer");
const char *next();
void calls(const std::string &Known, char *Buffer, const Name &N) {
  char Array[32] = "characters";
  take("a literal");
  take(next());
  take(Buffer);
  take(Array);
  take(Known);
  take(Known + "!");
  take(std::string("spelled"));
  take(N);
  take({'a', 'b'});
  takeDefault();
}
)cpp"));
  using K = StringArgumentKind;
  EXPECT_EQ(kinds("calls", "take"),
            (std::vector<K>{K::Characters, K::Characters, K::Characters,
                            K::Characters, K::String, K::String, K::String,
                            K::Other, K::Other}));
  EXPECT_EQ(kinds("calls", "takeDefault"), std::vector<K>{K::Characters});
  const CallExpr *Literal = test::findCall(ctx(), "calls", "take");
  StringArgument First = classifyStringArgument(*Literal->getArg(0));
  ASSERT_TRUE(First.Length);
  EXPECT_EQ(*First.Length, 9u);
}

TEST_F(ViewParametersTest, CallsOfOneUnit) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
static int count(const std::string &S) { return S.size(); }
const char *next();
int calls(const std::string &Known) {
  return count("short") + count("a literal longer than the buffer") +
         count(next()) + count(Known);
}
int (*Address)(const std::string &) = count;
)cpp"));
  const FunctionDecl *Count = test::findFunction(ctx(), "count");
  std::vector<const Expr *> References = test::findRefs(ctx(), Count);
  ASSERT_EQ(References.size(), 5u);
  ViewParameterCalls Calls = viewParameterCalls(
      0, llvm::ArrayRef(References).take_front(4), 15, ctx());
  EXPECT_TRUE(Calls.Fits);
  EXPECT_EQ(Calls.Short, 1u);
  EXPECT_EQ(Calls.Building.size(), 2u);
  Calls = viewParameterCalls(0, References, 15, ctx());
  EXPECT_FALSE(Calls.Fits);
  EXPECT_EQ(Calls.Why,
            "its address is taken, or it is named other than in a call");
  EXPECT_EQ(ctx().getSourceManager().getSpellingLineNumber(Calls.WhyAt), 15u);
}

TEST_F(ViewParametersTest, FunctionsWhoseTypeMayNotChange) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
struct Base {
  virtual ~Base();
  virtual int put(const std::string &S) { return S.size(); }
  int plain(const std::string &S) { return S.size(); }
};
int overloaded(const std::string &S) { return S.size(); }
int overloaded(int N) { return N; }
extern "C" int fromC(const std::string &S) { return S.size(); }
int twice(const std::string &S);
int twice(const std::string &S) { return S.size(); }
)cpp"));
  for (const char *Name : {"put", "plain", "overloaded", "fromC", "twice"})
    ASSERT_TRUE(test::findFunction(ctx(), Name)) << Name;
  EXPECT_EQ(viewFunctionSilence(*test::findFunction(ctx(), "put")),
            "a virtual function: its overrides take the same parameter");
  EXPECT_EQ(viewFunctionSilence(*test::findFunction(ctx(), "plain")), "");
  EXPECT_EQ(viewFunctionSilence(*test::findFunction(ctx(), "overloaded")),
            "an overloaded name");
  EXPECT_EQ(viewFunctionSilence(*test::findFunction(ctx(), "fromC")),
            "an extern \"C\" function");
  // Redeclarations are one function.
  EXPECT_EQ(viewFunctionSilence(*test::findFunction(ctx(), "twice")), "");
  EXPECT_EQ(viewParameterKey(*test::findFunction(ctx(), "twice")),
            "twice int (const class std::basic_string<char> &)");
}

TEST_F(ViewParametersTest, PlanKeepsTheAliasAndEditsEveryDeclaration) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
namespace mu {
typedef std::string string_type;
struct Parser {
  void check(const string_type& Chars) const;
};
void Parser::check(const string_type &Chars) const { (void)Chars.size(); }
}
static int wide(const std::wstring &W);
static int wide(const std::wstring &W) { return W.size(); }
)cpp"));
  const SourceManager &SM = ctx().getSourceManager();
  auto Texts = [&](const ViewParameterPlan &Plan) {
    std::vector<std::string> All;
    All.reserve(Plan.Edits.size());
    for (const TextEdit &E : Plan.Edits)
      All.push_back(
          Lexer::getSourceText(E.Range, SM, ctx().getLangOpts()).str() +
          " -> " + E.Text);
    return All;
  };
  ViewParameterPlan Check =
      planViewParameter(*test::findFunction(ctx(), "check"), 0, ctx());
  EXPECT_EQ(Check.NoFix, "");
  EXPECT_EQ(Check.ViewType, "std::basic_string_view<string_type::value_type>");
  EXPECT_EQ(Texts(Check),
            (std::vector<std::string>{
                "const string_type & -> "
                "std::basic_string_view<string_type::value_type> ",
                "const string_type& -> "
                "std::basic_string_view<string_type::value_type>"}));
  ViewParameterPlan Wide =
      planViewParameter(*test::findFunction(ctx(), "wide"), 0, ctx());
  EXPECT_EQ(Wide.ViewType, "std::wstring_view");
  EXPECT_EQ(Texts(Wide), (std::vector<std::string>{
                             "const std::wstring & -> std::wstring_view ",
                             "const std::wstring & -> std::wstring_view "}));
  EXPECT_EQ(Wide.Files.size(), 1u);
}

TEST(ViewCallersVerdictTest, WhoseCallsDecide) {
  ViewParameterCalls Fits;
  ViewParameterCalls Breaks;
  Breaks.Fits = false;
  Breaks.Why = "a call passes an argument a view does not take";
  ViewCallersElsewhere Own;
  Own.OnlyThisUnit = true;
  Own.MainFile = "/p/a.cpp";
  Own.DeclarationFiles = {"/p/a.cpp"};
  EXPECT_EQ(viewCallersVerdict(Fits, Own), "");
  EXPECT_EQ(viewCallersVerdict(Breaks, Own), Breaks.Why);
  ViewCallersElsewhere InHeader = Own;
  InHeader.DeclarationFiles = {"/p/a.cpp", "/p/a.h"};
  EXPECT_NE(viewCallersVerdict(Fits, InHeader).find("'/p/a.h'"),
            std::string::npos);

  ViewCallersElsewhere Whole;
  Whole.MainFile = "/p/a.cpp";
  Whole.DeclarationFiles = {"/p/a.cpp", "/p/a.h"};
  EXPECT_NE(viewCallersVerdict(Fits, Whole).find("run alloc-run"),
            std::string::npos);
  Whole.WholeProgram = true;
  EXPECT_EQ(viewCallersVerdict(Fits, Whole),
            "the records of the other units do not name it");
  ViewArgumentRecord Everywhere{
      "f void (const std::string &)", {"/p/a.cpp", "/p/a.h"}, {}, 0, true};
  Whole.Everywhere = &Everywhere;
  EXPECT_NE(viewCallersVerdict(Fits, Whole).find("before C++17"),
            std::string::npos);
  Whole.EveryUnitHasViews = true;
  EXPECT_EQ(viewCallersVerdict(Fits, Whole), "");
  Everywhere.DeclarationFiles.emplace_back("/p/b.cpp");
  EXPECT_NE(viewCallersVerdict(Fits, Whole).find("'/p/b.cpp'"),
            std::string::npos);
  Everywhere.DeclarationFiles.pop_back();
  Everywhere.Fits = false;
  EXPECT_NE(viewCallersVerdict(Fits, Whole).find("another unit"),
            std::string::npos);
}

} // namespace
} // namespace alloc_tidy
