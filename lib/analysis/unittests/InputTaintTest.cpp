//===--- InputTaintTest.cpp - values that come from input -----------------===//

#include "lib/analysis/facts/InputTaint.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Preamble =
    "#include <cstdint>\n"
    "#include <cstdio>\n"
    "#include <istream>\n"
    "#include <string>\n"
    "#include <vector>\n"
    "long read(int fd, void *buf, unsigned long n);\n"
    "std::uint32_t load32(const unsigned char *p);\n"
    "void getU32(const unsigned char *p, std::uint32_t *out);\n"
    "void encode(unsigned char *p, std::uint32_t v);\n"
    "void sink(int);\n";

/// Whether 'n' in function 'f' comes from input when the call to 'sink'
/// starts; input calls are those named read, fread or ending in "read".
bool derived(llvm::StringRef Code) {
  std::unique_ptr<ASTUnit> AST =
      test::parseCode(std::string(Preamble) + Code.str());
  if (!AST || test::hasErrors(*AST)) {
    ADD_FAILURE() << "could not parse:\n" << Code.str();
    return false;
  }
  ASTContext &Ctx = AST->getASTContext();
  const FunctionDecl *F = test::findFunction(Ctx, "f");
  const CallExpr *Sink = test::findCall(Ctx, "f", "sink");
  std::vector<const Expr *> Refs = test::findRefsByName(Ctx, "f", "n");
  if (!F || !Sink || Refs.empty()) {
    ADD_FAILURE() << "want f, a call to sink and a variable n";
    return false;
  }
  const auto *N = cast<VarDecl>(cast<DeclRefExpr>(Refs.front())->getDecl());
  auto IsInput = [](const CallExpr *Call) {
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call))
      return Op->getOperator() == OO_GreaterGreater;
    const FunctionDecl *Callee = Call->getDirectCallee();
    return Callee && Callee->getIdentifier() &&
           Callee->getName().ends_with("read");
  };
  return isInputDerived(N, Sink, F->getBody(), IsInput, Ctx);
}

TEST(InputTaintTest, ReadDirectly) {
  EXPECT_TRUE(derived("void f(std::FILE *in) {\n"
                      "  int n; std::fread(&n, sizeof n, 1, in); sink(n);\n"
                      "}\n"));
  EXPECT_TRUE(derived("void f(std::istream &in) {\n"
                      "  int n = 0; in >> n; sink(n);\n"
                      "}\n"));
}

TEST(InputTaintTest, DecodedFromABufferThatAReadFilled) {
  // Shifts and ors of the bytes.
  EXPECT_TRUE(derived("void f(std::FILE *in) {\n"
                      "  unsigned char b[4]; std::fread(b, 1, 4, in);\n"
                      "  int n = b[0] | b[1] << 8; sink(n);\n"
                      "}\n"));
  // A helper of any name, through a pointer into the buffer.
  EXPECT_TRUE(
      derived("void f(std::istream &in) {\n"
              "  std::string s(8, ' '); in.read(&s[0], 8);\n"
              "  const unsigned char *p =\n"
              "      reinterpret_cast<const unsigned char *>(s.data());\n"
              "  std::uint32_t n = load32(p + 4); sink(n);\n"
              "}\n"));
  // A vector's data(), then a cast; assigned rather than initialised.
  EXPECT_TRUE(
      derived("void f(int fd) {\n"
              "  std::vector<unsigned char> b(8); read(fd, b.data(), 8);\n"
              "  std::uint32_t n = 0;\n"
              "  n = *reinterpret_cast<const std::uint32_t *>(b.data());\n"
              "  sink(n);\n"
              "}\n"));
  // An out-argument of a decoder that takes the buffer.
  EXPECT_TRUE(derived("void f(std::FILE *in) {\n"
                      "  unsigned char b[8]; std::fread(b, 1, 8, in);\n"
                      "  std::uint32_t n = 0; getU32(b + 4, &n); sink(n);\n"
                      "}\n"));
}

TEST(InputTaintTest, TrustedValues) {
  // The size of what was read is memory already held.
  EXPECT_FALSE(
      derived("void f(std::FILE *in) {\n"
              "  std::vector<char> b(8); std::fread(b.data(), 1, 8, in);\n"
              "  std::size_t n = b.size(); sink(n);\n"
              "}\n"));
  // A buffer the program fills itself.
  EXPECT_FALSE(derived("void f(std::uint32_t v) {\n"
                       "  unsigned char b[4]; encode(b, v);\n"
                       "  int n = b[0] | b[1] << 8; sink(n);\n"
                       "}\n"));
  // Passed by value to a read call: it says how much to read.
  EXPECT_FALSE(derived("void f(std::FILE *in, std::size_t n) {\n"
                       "  char b[64]; std::fread(b, 1, n, in); sink(n);\n"
                       "}\n"));
  // Read after the point asked about.
  EXPECT_FALSE(
      derived("void f(std::FILE *in) {\n"
              "  int n = 0; sink(n); std::fread(&n, sizeof n, 1, in);\n"
              "}\n"));
}

} // namespace
} // namespace alloc_tidy
