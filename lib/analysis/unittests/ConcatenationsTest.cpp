//===--- ConcatenationsTest.cpp - concatenations appended to strings ------===//

#include "lib/analysis/facts/Concatenations.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/decisions/AppendSplit.h"
#include "lib/analysis/decisions/ReservedConcatenation.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Preamble = "#include <string>\n"
                             "struct R { std::string Name; int Line; };\n"
                             "std::string other();\n";

class ConcatenationsTest : public test::SnippetTest {
protected:
  ConcatenationsTest() : SnippetTest(Preamble) {}

  /// The facts of the first '+=' (or else append()) in \p Function.
  std::optional<AppendedConcatenation> factsIn(llvm::StringRef Function) {
    const CallExpr *Call = test::findCall(ctx(), Function, "operator+=");
    if (!Call)
      Call = test::findCall(ctx(), Function, "append");
    if (!Call) {
      ADD_FAILURE() << "no append in " << Function.str();
      return std::nullopt;
    }
    return appendedConcatenation(*Call, ctx());
  }
};

TEST_F(ConcatenationsTest, PiecesKindsAndOperators) {
  ASSERT_NO_FATAL_FAILURE(
      parse("void f(std::string &S, const R &X, char C) {\n"
            "  S += \"(\" + X.Name + C + std::to_string(X.Line);\n"
            "}\n"));
  std::optional<AppendedConcatenation> Facts = factsIn("f");
  ASSERT_TRUE(Facts.has_value());
  ASSERT_EQ(Facts->Pieces.size(), 4u);
  EXPECT_EQ(Facts->Pieces[0].Kind, PieceKind::Characters);
  EXPECT_EQ(Facts->Pieces[1].Kind, PieceKind::String);
  EXPECT_EQ(Facts->Pieces[2].Kind, PieceKind::Character);
  EXPECT_EQ(Facts->Pieces[3].Kind, PieceKind::String);
  EXPECT_EQ(Facts->Operators.size(), 3u);
  // X.Name is a string reached through a reference parameter: it may be S.
  EXPECT_EQ(Facts->Pieces[1].Reads, PieceReads::OutsideValues);
  // A character, a number: appending to S changes neither.
  EXPECT_EQ(Facts->Pieces[2].Reads, PieceReads::OwnValues);
  EXPECT_EQ(Facts->Pieces[3].Reads, PieceReads::OwnValues);
  EXPECT_FALSE(Facts->TargetIsPrivate);
  EXPECT_FALSE(literalLength(*Facts).has_value());

  AppendSplit Plan = planAppendSplit(*Facts, ctx());
  EXPECT_TRUE(Plan.Replacement.empty());
  EXPECT_NE(Plan.NoFix.find("'X.Name'"), std::string::npos);
}

TEST_F(ConcatenationsTest, APrivateLocalTakesOutsideValues) {
  ASSERT_NO_FATAL_FAILURE(parse("std::string f(const R &X) {\n"
                                "  std::string S;\n"
                                "  S += \"(\" + X.Name + ')';\n"
                                "  return S;\n"
                                "}\n"
                                "void g(const R &X) {\n"
                                "  std::string S;\n"
                                "  std::string *P = &S;\n"
                                "  S += \"(\" + X.Name;\n"
                                "}\n"
                                "void h(std::string S) {\n"
                                "  S.append(std::string(\"ab\") + \"cd\");\n"
                                "}\n"
                                "void k(std::string S) {\n"
                                "  S += \"x\" + other();\n"
                                "}\n"
                                "void n(std::string S) {\n"
                                "  S += \"a\\0b\" + std::string(\"cd\\0e\");\n"
                                "}\n"));
  std::optional<AppendedConcatenation> F = factsIn("f");
  ASSERT_TRUE(F.has_value());
  EXPECT_TRUE(F->TargetIsPrivate); // returned by value: no reference kept
  EXPECT_EQ(planAppendSplit(*F, ctx()).Replacement,
            "S.append(\"(\").append(X.Name).append(1, ')')");

  std::optional<AppendedConcatenation> G = factsIn("g");
  ASSERT_TRUE(G.has_value());
  EXPECT_FALSE(G->TargetIsPrivate); // its address is taken
  EXPECT_TRUE(planAppendSplit(*G, ctx()).Replacement.empty());

  std::optional<AppendedConcatenation> H = factsIn("h");
  ASSERT_TRUE(H.has_value());
  EXPECT_TRUE(H->TargetIsPrivate); // a value parameter
  EXPECT_EQ(literalLength(*H), 4u);
  // Both pieces are read up to their first null character.
  std::optional<AppendedConcatenation> Nul = factsIn("n");
  ASSERT_TRUE(Nul.has_value());
  EXPECT_EQ(literalLength(*Nul), 3u);
  std::optional<AppendedConcatenation> Call = factsIn("k");
  ASSERT_TRUE(Call.has_value());
  EXPECT_EQ(Call->Pieces[1].Reads, PieceReads::Unknown); // a call
}

/// The statements of \p Function, in the order of the source.
std::vector<const Stmt *> statementsOf(ASTContext &Ctx,
                                       llvm::StringRef Function) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::vector<const Stmt *> Found;
    bool VisitStmt(Stmt *S) {
      Found.push_back(S);
      return true;
    }
  } Find;
  if (const FunctionDecl *F = test::findFunction(Ctx, Function))
    Find.TraverseStmt(F->getBody());
  return Find.Found;
}

/// The statements of kind T in \p Function, in the order of the source.
template <typename T>
std::vector<const T *> statementsIn(ASTContext &Ctx, llvm::StringRef Function) {
  std::vector<const T *> Found;
  for (const Stmt *S : statementsOf(Ctx, Function))
    if (const auto *Node = dyn_cast<T>(S))
      Found.push_back(Node);
  return Found;
}

/// The value of the first return statement of \p Function.
const Expr *returnedIn(ASTContext &Ctx, llvm::StringRef Function) {
  std::vector<const ReturnStmt *> Returns =
      statementsIn<ReturnStmt>(Ctx, Function);
  return Returns.empty() ? nullptr : Returns.front()->getRetValue();
}

TEST_F(ConcatenationsTest, ANewStringReservesItsPiecesLengths) {
  ASSERT_NO_FATAL_FAILURE(
      parse("std::string f(const char *P, unsigned long N, const R &X) {\n"
            "  return std::string(\"<\") + std::string(P, N) + X.Name +\n"
            "         '>';\n"
            "}\n"
            "std::string g(const char *P, unsigned N) {\n"
            "  return std::string(N * 2, ' ') + P;\n"
            "}\n"
            "std::string h(const R &X) { return other() + X.Name + \"!\"; }\n"
            "std::string k(const std::string &A, unsigned N) {\n"
            "  return A + std::string(N++, '-');\n"
            "}\n"
            "std::string m(const std::string &A) { return A; }\n"));
  std::optional<AppendedConcatenation> F =
      builtConcatenation(*returnedIn(ctx(), "f"), ctx());
  ASSERT_TRUE(F.has_value());
  EXPECT_EQ(F->Target, nullptr);
  EXPECT_TRUE(F->TargetIsPrivate);
  ASSERT_EQ(F->Pieces.size(), 4u);
  EXPECT_EQ(F->Operators.size(), 3u);
  ReservedConcatenation PlanF = planReservedConcatenation(*F, ctx());
  EXPECT_EQ(PlanF.NoFix, "");
  EXPECT_EQ(PlanF.Length, "N + X.Name.size() + 2");
  EXPECT_EQ(PlanF.Appends,
            ".append(\"<\").append(P, N).append(X.Name).append(1, '>')");
  ASSERT_EQ(PlanF.Temporaries.size(), 1u); // std::string(P, N)

  std::optional<AppendedConcatenation> G =
      builtConcatenation(*returnedIn(ctx(), "g"), ctx());
  ASSERT_TRUE(G.has_value());
  ReservedConcatenation PlanG = planReservedConcatenation(*G, ctx());
  EXPECT_EQ(PlanG.Length, "(N * 2) + std::char_traits<char>::length(P)");
  EXPECT_EQ(PlanG.Appends, ".append(N * 2, ' ').append(P)");

  // A call has no length before it runs; N++ changes N when read again.
  std::optional<AppendedConcatenation> H =
      builtConcatenation(*returnedIn(ctx(), "h"), ctx());
  ASSERT_TRUE(H.has_value());
  ReservedConcatenation PlanH = planReservedConcatenation(*H, ctx());
  EXPECT_NE(PlanH.NoFix.find("'other()'"), std::string::npos);
  EXPECT_TRUE(PlanH.Appends.empty());
  std::optional<AppendedConcatenation> K =
      builtConcatenation(*returnedIn(ctx(), "k"), ctx());
  ASSERT_TRUE(K.has_value());
  EXPECT_FALSE(planReservedConcatenation(*K, ctx()).NoFix.empty());

  EXPECT_FALSE(builtConcatenation(*returnedIn(ctx(), "m"), ctx()).has_value());
}

/// The calls in \p Function that are no operator, in the order of the
/// source.
std::vector<const CallExpr *> callsIn(ASTContext &Ctx,
                                      llvm::StringRef Function) {
  std::vector<const CallExpr *> Calls = statementsIn<CallExpr>(Ctx, Function);
  llvm::erase_if(Calls,
                 [](const CallExpr *C) { return isa<CXXOperatorCallExpr>(C); });
  return Calls;
}

TEST_F(ConcatenationsTest, AnArgumentBoundToAConstReference) {
  ASSERT_NO_FATAL_FAILURE(
      parse("void take(const std::string &Path);\n"
            "void copy(std::string Path);\n"
            "void two(const std::string &A, const std::string &B);\n"
            "void f(const R &X, std::wstring W) {\n"
            "  take(X.Name + \".\" + X.Name);\n"
            "  copy(X.Name + \".\" + X.Name);\n"
            "  two(X.Name + \".\", X.Name + \"!\");\n"
            "  take(X.Name);\n"
            "}\n"));
  std::vector<const CallExpr *> Calls = callsIn(ctx(), "f");
  ASSERT_EQ(Calls.size(), 4u);
  ConcatenatedArgument Take = concatenatedArgument(*Calls[0]);
  ASSERT_NE(Take.Argument, nullptr);
  EXPECT_EQ(Take.Param->getName(), "Path");
  std::optional<AppendedConcatenation> Facts =
      builtConcatenation(*Take.Argument, ctx());
  ASSERT_TRUE(Facts.has_value());
  EXPECT_EQ(standardStringName(Facts->Append->getType()), "std::string");
  EXPECT_FALSE(restHasSideEffects(*Calls[0], Take.Argument, ctx()));
  // By value; two of them; none.
  EXPECT_EQ(concatenatedArgument(*Calls[1]).Argument, nullptr);
  EXPECT_EQ(concatenatedArgument(*Calls[2]).Argument, nullptr);
  EXPECT_EQ(concatenatedArgument(*Calls[3]).Argument, nullptr);
  const FunctionDecl *F = test::findFunction(ctx(), "f");
  EXPECT_EQ(standardStringName(F->getParamDecl(1)->getType()), "std::wstring");
}

TEST_F(ConcatenationsTest, AStringAssignedInPlace) {
  ASSERT_NO_FATAL_FAILURE(
      parse("void keep(std::string &);\n"
            "void look(const char *);\n"
            "void f(const char *P, const R &X, const char *const *Names) {\n"
            "  std::string Own, Given, Peeked, Looked;\n"
            "  unsigned long N = std::char_traits<char>::length(Own.c_str());\n"
            "  keep(Given);\n"
            "  const char *Kept = Peeked.c_str();\n"
            "  look(Looked.data());\n"
            "  Own = std::string(P, N) + X.Name + \"!\" + Names[N];\n"
            "  Given = X.Name + std::string(\"<\") + Kept;\n"
            "}\n"));
  const FunctionDecl *F = test::findFunction(ctx(), "f");
  const Stmt &Body = *F->getBody();
  std::vector<const CXXOperatorCallExpr *> Assignments;
  for (const auto *Op : statementsIn<CXXOperatorCallExpr>(ctx(), "f"))
    if (Op->getOperator() == OO_Equal)
      Assignments.push_back(Op);
  ASSERT_EQ(Assignments.size(), 2u);

  // Own's only accessor result goes straight to a standard function.
  EXPECT_TRUE(
      isPrivateLocal(Assignments[0]->getArg(0), *Assignments[0], ctx()));
  EXPECT_FALSE(charactersMayBeKept(*test::findVar(ctx(), "Own"), Body, ctx()));
  // Given is handed to keep() by non-const reference.
  EXPECT_FALSE(
      isPrivateLocal(Assignments[1]->getArg(0), *Assignments[1], ctx()));
  // A pointer into Peeked is kept in a variable, one into Looked given to a
  // function of the program.
  EXPECT_TRUE(
      charactersMayBeKept(*test::findVar(ctx(), "Peeked"), Body, ctx()));
  EXPECT_TRUE(
      charactersMayBeKept(*test::findVar(ctx(), "Looked"), Body, ctx()));

  std::optional<AppendedConcatenation> Own =
      builtConcatenation(*Assignments[0]->getArg(1), ctx());
  ASSERT_TRUE(Own.has_value());
  ASSERT_EQ(Own->Pieces.size(), 4u);
  EXPECT_TRUE(Own->Pieces[0].ThroughPointer);  // std::string(P, N)
  EXPECT_FALSE(Own->Pieces[1].ThroughPointer); // X.Name
  EXPECT_FALSE(Own->Pieces[2].ThroughPointer); // "!"
  EXPECT_TRUE(Own->Pieces[3].ThroughPointer);  // Names[N]
  std::optional<AppendedConcatenation> Given =
      builtConcatenation(*Assignments[1]->getArg(1), ctx());
  ASSERT_TRUE(Given.has_value());
  ASSERT_EQ(Given->Pieces.size(), 3u);
  EXPECT_FALSE(Given->Pieces[1].ThroughPointer); // std::string("<")
  EXPECT_TRUE(Given->Pieces[2].ThroughPointer);  // Kept
}

TEST_F(ConcatenationsTest, PointersMissAStringWhoseCharactersNothingKeeps) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(const char *P, const R &X) {\n"
                                "  std::string S;\n"
                                "  S += X.Name + P;\n"
                                "}\n"
                                "void g(const char *P, const R &X) {\n"
                                "  std::string S;\n"
                                "  const char *Kept = S.c_str();\n"
                                "  S += X.Name + P + Kept;\n"
                                "}\n"
                                "void h(std::string &S, const char *P) {\n"
                                "  S += std::string(\"<\") + P;\n"
                                "}\n"));
  std::optional<AppendedConcatenation> F = factsIn("f");
  ASSERT_TRUE(F.has_value());
  ASSERT_EQ(F->Pieces.size(), 2u);
  EXPECT_TRUE(F->Pieces[1].ThroughPointer);
  EXPECT_EQ(F->Pieces[1].Reads, PieceReads::OwnValues);
  std::optional<AppendedConcatenation> G = factsIn("g");
  ASSERT_TRUE(G.has_value());
  ASSERT_EQ(G->Pieces.size(), 3u);
  EXPECT_EQ(G->Pieces[1].Reads, PieceReads::Unknown);
  // A reference parameter: P may point into it.
  std::optional<AppendedConcatenation> H = factsIn("h");
  ASSERT_TRUE(H.has_value());
  EXPECT_EQ(H->Pieces[1].Reads, PieceReads::Unknown);
}

TEST_F(ConcatenationsTest, NotAConcatenation) {
  ASSERT_NO_FATAL_FAILURE(parse("void f(std::string &S, const R &X) {\n"
                                "  S += X.Name;\n"
                                "}\n"));
  EXPECT_FALSE(factsIn("f").has_value());
}

} // namespace
} // namespace alloc_tidy
