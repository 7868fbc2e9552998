//===--- StringUsesTest.cpp - what code does with a string ----------------===//

#include "lib/analysis/facts/StringUses.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/facts/StringFacts.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "gtest/gtest.h"
#include <map>

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Prelude = "#include <ostream>\n"
                            "#include <string>\n"
                            "#include <tuple>\n"
                            "#include <utility>\n"
                            "#include <vector>\n"
                            "void take(const std::string &);\n"
                            "void takeMut(std::string &);\n"
                            "void byValue(std::string);\n"
                            "std::string keep;\n";

class StringUsesTest : public test::SnippetTest {
protected:
  StringUsesTest() : SnippetTest(Prelude) {}

  /// The classification of the first reference to 's' in \p Function.
  StringUse firstUse(llvm::StringRef Function) {
    std::vector<const Expr *> Refs = test::findRefsByName(ctx(), Function, "s");
    EXPECT_FALSE(Refs.empty()) << Function.str();
    return Refs.empty() ? StringUse{} : classifyStringUse(Refs.front(), ctx());
  }
  void expectUse(llvm::StringRef Function, StringUseKind Kind,
                 bool ViewWorks = false) {
    SCOPED_TRACE(Function.str());
    StringUse Use = firstUse(Function);
    EXPECT_EQ(Use.Kind, Kind);
    if (Kind == StringUseKind::Reads)
      EXPECT_EQ(Use.ViewWorks, ViewWorks);
  }
  /// The local 's' of \p Function and that function's body.
  std::pair<const VarDecl *, const Stmt *> local(llvm::StringRef Function) {
    const FunctionDecl *F = test::findFunction(ctx(), Function);
    EXPECT_TRUE(F != nullptr) << Function.str();
    std::vector<const Expr *> Refs = test::findRefsByName(ctx(), Function, "s");
    EXPECT_FALSE(Refs.empty()) << Function.str();
    if (!F || Refs.empty())
      return {nullptr, nullptr};
    return {cast<VarDecl>(cast<DeclRefExpr>(Refs.front())->getDecl()),
            F->getBody()};
  }
};

TEST_F(StringUsesTest, ReadsThatAViewServes) {
  ASSERT_NO_FATAL_FAILURE(parse(
      "void size() { std::string s; (void)s.size(); }\n"
      "void compared() { std::string s; (void)(s == \"x\"); }\n"
      "void subscript() { std::string s; char c = s[0]; (void)c; }\n"
      "void data() { std::string s; const char *p = s.data(); (void)p; }\n"
      "void loop() { std::string s; for (char c : s) (void)c; }\n"
      "void discarded() { std::string s; (void)s; }\n"
      "void streamed(std::ostream &os) { std::string s; os << s; }\n"
      "void captured() { std::string s; auto l = [s] { return 1; }; }\n"));
  expectUse("size", StringUseKind::Reads, true);
  expectUse("compared", StringUseKind::Reads, true);
  expectUse("subscript", StringUseKind::Reads, true);
  expectUse("data", StringUseKind::Reads, true);
  expectUse("loop", StringUseKind::Reads, true);
  expectUse("discarded", StringUseKind::Reads, true);
  expectUse("streamed", StringUseKind::Reads, true);
  expectUse("captured", StringUseKind::Reads, true);
}

TEST_F(StringUsesTest, ReadsThatNeedAString) {
  ASSERT_NO_FATAL_FAILURE(parse(
      "void cstr() { std::string s; (void)s.c_str(); }\n"
      "void substr() { std::string s; (void)s.substr(1); }\n"
      "void passed() { std::string s; take(s); }\n"
      "void byCopy() { std::string s; byValue(s); }\n"
      "void copied() { std::string s; std::string t = s; (void)t; }\n"
      "void constRef() { std::string s; const std::string &r = s; (void)r; }\n"
      "void ternary(bool b) { std::string s, t; (void)(b ? s : t).size(); }\n"
      "void emplaced() { std::vector<std::string> v; std::string s;\n"
      "  v.emplace_back(s); }\n"));
  expectUse("cstr", StringUseKind::Reads);
  expectUse("substr", StringUseKind::Reads);
  expectUse("passed", StringUseKind::Reads);
  expectUse("byCopy", StringUseKind::Reads);
  expectUse("copied", StringUseKind::Reads);
  expectUse("constRef", StringUseKind::Reads);
  expectUse("ternary", StringUseKind::Reads);
  expectUse("emplaced", StringUseKind::Reads);
}

TEST_F(StringUsesTest, ChangesAndKeeps) {
  ASSERT_NO_FATAL_FAILURE(parse(
      "void append() { std::string s; s.append(\"x\"); }\n"
      "void plusEqual() { std::string s; s += \"x\"; }\n"
      "void mutRef() { std::string s; std::string &r = s; (void)r; }\n"
      "void passedMut() { std::string s; takeMut(s); }\n"
      "void written() { std::string s; s[0] = 'x'; }\n"
      "void mutData() { std::string s; char *p = s.data(); (void)p; }\n"
      "void address() { std::string s; std::string *p = &s; (void)p; }\n"
      "void loopWrite() { std::string s; for (char &c : s) c = 'x'; }\n"
      "void swapped() { std::string s, t; std::swap(s, t); }\n"
      "void tied() { std::string s; int i = 0; auto t = std::tie(s, i); }\n"
      "void moved() { std::string s; keep = std::move(s); }\n"
      "std::string returned() { std::string s; return s; }\n"
      "void thrown() { std::string s; throw s; }\n"));
  expectUse("append", StringUseKind::Changes);
  expectUse("plusEqual", StringUseKind::Changes);
  expectUse("mutRef", StringUseKind::Changes);
  expectUse("passedMut", StringUseKind::Changes);
  expectUse("written", StringUseKind::Changes);
  expectUse("mutData", StringUseKind::Changes);
  expectUse("address", StringUseKind::Changes);
  expectUse("loopWrite", StringUseKind::Changes);
  expectUse("swapped", StringUseKind::Changes);
  expectUse("tied", StringUseKind::Changes);
  expectUse("moved", StringUseKind::Keeps);
  expectUse("returned", StringUseKind::Keeps);
  expectUse("thrown", StringUseKind::Keeps);
}

TEST_F(StringUsesTest, DependentCallsAreUnknown) {
  ASSERT_NO_FATAL_FAILURE(parse("template <class T> void dependent(T t) {\n"
                                "  std::string s; t.use(s); }\n"));
  expectUse("dependent", StringUseKind::Unknown);
}

TEST_F(StringUsesTest, FindsReferencesAndNamedCaptures) {
  ASSERT_NO_FATAL_FAILURE(
      parse("void named() { std::string s; (void)s.size();\n"
            "  auto l = [s] { return s.size(); }; }\n"
            "void implicit() { std::string s; (void)s.size();\n"
            "  auto l = [&] { return s.size(); }; }\n"
            "void none() { std::string t; std::string s; (void)t.size(); }\n"));
  auto [Named, NamedBody] = local("named");
  ASSERT_TRUE(Named && NamedBody);
  VarReferences InNamed = findVarReferences(*Named, *NamedBody);
  EXPECT_GE(InNamed.Refs.size(), 2u);
  for (const DeclRefExpr *Ref : InNamed.Refs)
    EXPECT_EQ(Ref->getDecl(), Named);
  ASSERT_TRUE(InNamed.NamedCapture.isValid());
  EXPECT_EQ(
      ctx().getSourceManager().getSpellingColumnNumber(InNamed.NamedCapture),
      13u);

  auto [Implicit, ImplicitBody] = local("implicit");
  ASSERT_TRUE(Implicit && ImplicitBody);
  VarReferences InImplicit = findVarReferences(*Implicit, *ImplicitBody);
  EXPECT_EQ(InImplicit.Refs.size(), 2u);
  EXPECT_FALSE(InImplicit.NamedCapture.isValid());
}

TEST_F(StringUsesTest, JudgesAllUsesOfALocal) {
  ASSERT_NO_FATAL_FAILURE(
      parse("void viewOnly() { std::string s = \"x\";\n"
            "  (void)s.size(); (void)(s == \"y\"); }\n"
            "void needsString() { std::string s = \"x\";\n"
            "  (void)s.size(); (void)s.c_str(); take(s); }\n"
            "void changed() { std::string s = \"x\";\n"
            "  (void)s.c_str(); s += \"y\"; }\n"
            "void captured() { std::string s = \"x\";\n"
            "  auto l = [s] { return s.size(); }; (void)l; }\n"));
  auto Judge = [&](llvm::StringRef Function) {
    auto [Var, Body] = local(Function);
    EXPECT_TRUE(Var && Body);
    return Var && Body ? judgeLocalStringUses(*Var, *Body, ctx())
                       : LocalStringUses{};
  };
  LocalStringUses ViewOnly = Judge("viewOnly");
  EXPECT_TRUE(ViewOnly.OnlyRead);
  EXPECT_EQ(ViewOnly.NeedsString, nullptr);

  LocalStringUses NeedsString = Judge("needsString");
  EXPECT_TRUE(NeedsString.OnlyRead);
  // The first use a view does not serve: c_str(), not take(s).
  std::vector<const Expr *> Refs =
      test::findRefsByName(ctx(), "needsString", "s");
  ASSERT_EQ(Refs.size(), 3u);
  EXPECT_EQ(NeedsString.NeedsString, Refs[1]);

  LocalStringUses Changed = Judge("changed");
  EXPECT_FALSE(Changed.OnlyRead);

  LocalStringUses Captured = Judge("captured");
  EXPECT_TRUE(Captured.OnlyRead);
  EXPECT_TRUE(Captured.NamedCapture.isValid());
}

/// The std::string("...") temporaries of the main file, by their literal.
class TemporaryFinder : public RecursiveASTVisitor<TemporaryFinder> {
public:
  explicit TemporaryFinder(ASTContext &Ctx) : Ctx(Ctx) {}
  bool VisitCXXFunctionalCastExpr(CXXFunctionalCastExpr *E) {
    if (!Ctx.getSourceManager().isInMainFile(E->getBeginLoc()))
      return true;
    if (std::optional<LiteralInit> Init = literalInit(E))
      Found[Init->Literal->getString().str()] = E;
    return true;
  }
  ASTContext &Ctx;
  std::map<std::string, const Expr *> Found;
};

class ConstStringArgumentTest : public StringUsesTest {
protected:
  std::map<std::string, const Expr *> Temporaries;

  void parseTemporaries(llvm::StringRef Code) {
    ASSERT_NO_FATAL_FAILURE(parse(Code));
    TemporaryFinder Finder(ctx());
    Finder.TraverseAST(ctx());
    Temporaries = std::move(Finder.Found);
  }
  std::optional<ConstStringArgument> argument(llvm::StringRef Literal) {
    const Expr *Temporary = Temporaries[Literal.str()];
    EXPECT_TRUE(Temporary != nullptr) << Literal.str();
    return Temporary ? asConstStringArgument(*Temporary, ctx()) : std::nullopt;
  }
  bool serves(llvm::StringRef Literal) {
    std::optional<ConstStringArgument> Argument = argument(Literal);
    EXPECT_TRUE(Argument.has_value()) << Literal.str();
    return Argument &&
           literalServesInstead(
               *Argument, *basicString(Temporaries[Literal.str()]->getType()));
  }
};

const char *const Calls =
    "struct Holder { Holder(const std::string &); };\n"
    "void cases(std::string s) {\n"
    "  take(std::string(\"a\"));\n"
    "  byValue(std::string(\"b\"));\n"
    "  (void)std::string(\"c\").size();\n"
    "  (void)(s == std::string(\"d\"));\n"
    "  (void)(std::string(\"e\") == std::string(\"f\"));\n"
    "  (void)s.find(std::string(\"g\"));\n"
    "  (void)s.find(std::string(\"h\"), 1);\n"
    "  (void)s.compare(0, 1, std::string(\"i\"));\n"
    "  s += std::string(\"j\");\n"
    "  Holder held(std::string(\"k\"));\n"
    "  (void)(s + std::string(\"l\"));\n"
    "  s.append(std::string(\"m\"), 0, 1);\n"
    "}\n";

TEST_F(ConstStringArgumentTest, FindsConstReferenceArguments) {
  ASSERT_NO_FATAL_FAILURE(parseTemporaries(Calls));
  std::optional<ConstStringArgument> A = argument("a");
  ASSERT_TRUE(A.has_value());
  EXPECT_EQ(A->Callee->getName(), "take");
  EXPECT_EQ(A->Index, 0u);
  EXPECT_EQ(A->Object, nullptr);

  std::optional<ConstStringArgument> D = argument("d");
  ASSERT_TRUE(D.has_value());
  EXPECT_EQ(D->Index, 1u);
  EXPECT_EQ(D->Args.size(), 2u);

  std::optional<ConstStringArgument> G = argument("g");
  ASSERT_TRUE(G.has_value());
  EXPECT_TRUE(G->Object != nullptr);
  EXPECT_EQ(G->Index, 0u);

  // A member operator: the left operand is the object, not an argument.
  std::optional<ConstStringArgument> J = argument("j");
  ASSERT_TRUE(J.has_value());
  EXPECT_TRUE(J->Object != nullptr);
  EXPECT_EQ(J->Index, 0u);
  EXPECT_EQ(J->Args.size(), 1u);

  std::optional<ConstStringArgument> K = argument("k");
  ASSERT_TRUE(K.has_value());
  EXPECT_TRUE(isa<CXXConstructorDecl>(K->Callee));
}

TEST_F(ConstStringArgumentTest, IgnoresOtherUses) {
  ASSERT_NO_FATAL_FAILURE(parseTemporaries(Calls));
  EXPECT_FALSE(argument("b").has_value()); // by value
  EXPECT_FALSE(argument("c").has_value()); // the object of a call
  // operator+ has an overload that takes the temporary by rvalue
  // reference.
  EXPECT_FALSE(argument("l").has_value());
}

TEST_F(ConstStringArgumentTest, LiteralServesInstead) {
  ASSERT_NO_FATAL_FAILURE(parseTemporaries(Calls));
  EXPECT_TRUE(serves("d"));
  EXPECT_TRUE(serves("g"));
  EXPECT_TRUE(serves("h"));
  EXPECT_TRUE(serves("j"));
  // Not a standard function; a temporary on the other side; the string is
  // not the first argument; more arguments than the pointer overload has.
  EXPECT_FALSE(serves("a"));
  EXPECT_FALSE(serves("e"));
  EXPECT_FALSE(serves("f"));
  EXPECT_FALSE(serves("i"));
  EXPECT_FALSE(serves("k"));
  EXPECT_FALSE(serves("m"));
}

} // namespace
} // namespace alloc_tidy
