//===--- ColdCodeTest.cpp - code that runs only on error paths ------------===//

#include "lib/analysis/facts/ColdCode.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

/// Whether the variable named \p Var is declared in a cold function.
bool isVarInColdFunction(ASTContext &Ctx, llvm::StringRef Var,
                         ColdNames Names) {
  const VarDecl *D = test::findVar(Ctx, Var);
  EXPECT_TRUE(D) << Var.str();
  return D && isInColdFunction(*D, Names);
}

TEST(ColdCodeTest, NamesAttributesAndLambdas) {
  std::unique_ptr<ASTUnit> AST =
      test::parseCode("void arrayIndexError() { int InError = 0; }\n"
                      "void getStructuredErrors() { int InErrors = 0; }\n"
                      "void reportMissing() {\n"
                      "  auto L = [] { int InLambda = 0; };\n"
                      "}\n"
                      "[[gnu::cold]] void onCorrupt() { int InCold = 0; }\n"
                      "void usage() { int InUsage = 0; }\n"
                      "void formatRow() { int InHot = 0; }\n"
                      "void terror() { int InTerror = 0; }\n");
  ASSERT_TRUE(AST);
  ASSERT_FALSE(test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  NamePattern Pattern{DefaultColdFunctions};
  ColdNames Names{&Pattern, nullptr};
  auto Cold = [&](llvm::StringRef Var, ColdNames With) {
    return isVarInColdFunction(Ctx, Var, With);
  };
  EXPECT_TRUE(Cold("InError", Names));
  EXPECT_TRUE(Cold("InErrors", Names));
  EXPECT_TRUE(Cold("InLambda", Names));
  EXPECT_TRUE(Cold("InCold", Names));
  EXPECT_TRUE(Cold("InUsage", Names));
  EXPECT_FALSE(Cold("InHot", Names));
  // A substring, as the pattern says: 'terror' contains 'error'.
  EXPECT_TRUE(Cold("InTerror", Names));
  // Without a pattern only the attribute makes a function cold.
  EXPECT_FALSE(Cold("InError", ColdNames{}));
  EXPECT_TRUE(Cold("InCold", ColdNames{}));
  // The function itself, not only what it holds.
  const FunctionDecl *Report = test::findFunction(Ctx, "reportMissing");
  ASSERT_TRUE(Report);
  EXPECT_TRUE(isInColdFunction(*Report, Names));
  EXPECT_TRUE(isColdFunction(*Report, Names));
}

TEST(ColdCodeTest, ClassesAndDebugNames) {
  std::unique_ptr<ASTUnit> AST = test::parseCode(
      "struct Config { void setDirs() { int InConfig = 0; } };\n"
      "struct CmdLineParser { void load() { int InParser = 0; } "
      "};\n"
      "struct Configured { void run() { int InConfigured = 0; } "
      "};\n"
      "void debugMessage() { int InDebug = 0; }\n"
      "void parseCommandLine() { int InCommandLine = 0; }\n"
      "void debounce() { int InDebounce = 0; }\n");
  ASSERT_TRUE(AST);
  ASSERT_FALSE(test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  NamePattern Functions{DefaultColdFunctions};
  NamePattern Classes{DefaultColdClasses};
  ColdNames Both{&Functions, &Classes};
  auto Cold = [&](llvm::StringRef Var, ColdNames With) {
    return isVarInColdFunction(Ctx, Var, With);
  };
  EXPECT_TRUE(Cold("InConfig", Both));
  EXPECT_TRUE(Cold("InParser", Both));
  // The class pattern names the whole class, not a prefix of it.
  EXPECT_FALSE(Cold("InConfigured", Both));
  EXPECT_TRUE(Cold("InDebug", Both));
  EXPECT_TRUE(Cold("InCommandLine", Both));
  EXPECT_FALSE(Cold("InDebounce", Both));
  // Without the class pattern a member of Config is not cold.
  EXPECT_FALSE(Cold("InConfig", ColdNames{&Functions, nullptr}));
}

TEST(ColdCodeTest, CommandLineLoops) {
  std::unique_ptr<ASTUnit> AST = test::parseCode(
      "int getopt(int, const char *const *, const char *);\n"
      "int main(int argc, char **argv) {\n"
      "  for (int i = 1; i < argc; ++i) {}\n"
      "  return 0;\n"
      "}\n"
      "void options(int count, const char *const *args) {\n"
      "  int c;\n"
      "  while ((c = getopt(count, args, \"ab\")) != -1) {}\n"
      "}\n"
      "struct Args { char **B, **E; char **begin() const { return B; }\n"
      "  char **end() const { return E; } };\n"
      "Args all(char **argv);\n"
      "void ranged(char *argv[]) {\n"
      "  for (char *a : all(argv)) {}\n"
      "}\n"
      "void walked(char **argv) {\n"
      "  for (char **p = argv + 1; *p; ++p) {}\n"
      "}\n"
      "void lines(int n, char **text) {\n"
      "  for (int i = 0; i < n; ++i) {}\n"
      "}\n"
      "void body(int argc, char **argv) {\n"
      "  for (int i = 0; i < 100; ++i) { (void)argv[i % argc]; }\n"
      "}\n");
  ASSERT_TRUE(AST);
  ASSERT_FALSE(test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  auto Loop = [&](llvm::StringRef Function) {
    const Stmt *L = test::findFirstLoop(Ctx, Function);
    EXPECT_TRUE(L) << Function.str();
    return L && isCommandLineLoop(*L);
  };
  EXPECT_TRUE(Loop("main"));
  EXPECT_TRUE(Loop("options"));
  EXPECT_TRUE(Loop("ranged"));
  // The loop's variable starts at the arguments.
  EXPECT_TRUE(Loop("walked"));
  // An array of strings not named like the arguments: the lines of a file.
  EXPECT_FALSE(Loop("lines"));
  // The arguments read in the body, not in the condition: 100 iterations.
  EXPECT_FALSE(Loop("body"));
}

TEST(ColdCodeTest, OnlyPassedToColdCalls) {
  std::unique_ptr<ASTUnit> AST =
      test::parseCode("struct S { S(const char *); };\n"
                      "void reportError(int, const S &);\n"
                      "void emit(const S &);\n"
                      "void one() { S M(\"x\"); reportError(1, M); }\n"
                      "void two() { S N(\"x\"); reportError(1, N); emit(N); }\n"
                      "void none() { S O(\"x\"); }\n");
  ASSERT_TRUE(AST);
  ASSERT_FALSE(test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  auto IsReport = [](const FunctionDecl &F) {
    return F.getName() == "reportError";
  };
  auto Only = [&](llvm::StringRef Function, llvm::StringRef Var) {
    std::vector<const DeclRefExpr *> Refs;
    for (const Expr *E :
         test::findRefsIn(Ctx, test::findVar(Ctx, Var), Function))
      if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
        Refs.push_back(Ref);
    return onlyPassedToColdCalls(Refs, Ctx, IsReport);
  };
  EXPECT_TRUE(Only("one", "M"));
  EXPECT_FALSE(Only("two", "N"));
  // No use at all is not a message for a report.
  EXPECT_FALSE(Only("none", "O"));
}

TEST(ColdCodeTest, NamePatternAnswersAgainAsFirst) {
  NamePattern Pattern{"[Ee]rror|^[Uu]sage$"};
  // Each name twice: the kept answer is the first one, for a match and for
  // a miss alike, and one name's answer is not another's.
  for (int Round = 0; Round < 2; ++Round) {
    EXPECT_TRUE(Pattern.matches("reportError"));
    EXPECT_FALSE(Pattern.matches("formatRow"));
    EXPECT_TRUE(Pattern.matches("usage"));
    EXPECT_FALSE(Pattern.matches("usages"));
  }
}

TEST(ColdCodeTest, TopLevelAlternativesSplitOnlyOutsideGroups) {
  using V = std::vector<llvm::StringRef>;
  EXPECT_EQ(topLevelAlternatives("[Ee]rror|^[Uu]sage$"),
            (V{"[Ee]rror", "^[Uu]sage$"}));
  // Inside parentheses, inside brackets (a ']' first, a class name), or
  // escaped, a '|' is not a top-level alternative.
  EXPECT_EQ(topLevelAlternatives("^[Cc]onfig(a|b)?$|x"),
            (V{"^[Cc]onfig(a|b)?$", "x"}));
  EXPECT_EQ(topLevelAlternatives("[|]a|b"), (V{"[|]a", "b"}));
  EXPECT_EQ(topLevelAlternatives("[]|]a|b"), (V{"[]|]a", "b"}));
  EXPECT_EQ(topLevelAlternatives("[^]|]a|b"), (V{"[^]|]a", "b"}));
  EXPECT_EQ(topLevelAlternatives("[[:alpha:]|]x|y"), (V{"[[:alpha:]|]x", "y"}));
  EXPECT_EQ(topLevelAlternatives("a\\|b|c"), (V{"a\\|b", "c"}));
  // An empty alternative: the whole text, for llvm::Regex to judge.
  EXPECT_EQ(topLevelAlternatives("a||b"), (V{"a||b"}));
  EXPECT_EQ(topLevelAlternatives("a|"), (V{"a|"}));
  EXPECT_EQ(topLevelAlternatives("abc"), (V{"abc"}));
}

TEST(ColdCodeTest, NamePatternAnswersAsTheWholeExpression) {
  const char *Patterns[] = {DefaultColdFunctions,
                            DefaultColdClasses,
                            "^(get|set)[A-Z]|Impl$",
                            "[|]x|^y",
                            "[]|]a|b$",
                            "[[:upper:]|]rr|^q",
                            "a\\|b|^c$",
                            "^$|^_",
                            "(^a|b$)|[0-9]"};
  const char *Names[] = {"reportError",
                         "formatRow",
                         "usage",
                         "usages",
                         "Config",
                         "Configuration",
                         "ConfigFile",
                         "parseCommandLine",
                         "ArgsParser",
                         "getX",
                         "getx",
                         "FooImpl",
                         "|x",
                         "x",
                         "yes",
                         "]a",
                         "b",
                         "ab",
                         "Err",
                         "|rr",
                         "a|b",
                         "c",
                         "",
                         "_x",
                         "a",
                         "xb",
                         "9",
                         "debugDump",
                         "Debug",
                         "onFatalSignal"};
  for (const char *Text : Patterns) {
    std::string Error;
    llvm::Regex Whole(Text);
    ASSERT_TRUE(Whole.isValid(Error)) << Text << ": " << Error;
    NamePattern Pattern(Text);
    for (const char *Name : Names)
      EXPECT_EQ(Pattern.matches(Name), Whole.match(Name))
          << "pattern '" << Text << "', name '" << Name << "'";
  }
}

TEST(ColdCodeTest, ASharedPatternIsMadeOncePerText) {
  std::string Error;
  const NamePattern *First = sharedNamePattern("^[Ll]og", Error);
  ASSERT_TRUE(First) << Error;
  EXPECT_TRUE(Error.empty());
  EXPECT_EQ(sharedNamePattern("^[Ll]og", Error), First);
  EXPECT_NE(sharedNamePattern("^[Ll]ogs", Error), First);
  EXPECT_TRUE(First->matches("logLine"));
  EXPECT_FALSE(First->matches("catalog"));
  // An invalid expression: no pattern, the same error every time.
  EXPECT_FALSE(sharedNamePattern("([Ll]og", Error));
  EXPECT_FALSE(Error.empty());
  std::string Again;
  EXPECT_FALSE(sharedNamePattern("([Ll]og", Again));
  EXPECT_EQ(Again, Error);
}

} // namespace
} // namespace alloc_tidy
