//===--- TypeMatchersTest.cpp - a type's class template in one matcher
//-----===//

#include "lib/analysis/ast/TypeMatchers.h"
#include "AnalysisTestUtils.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace alloc_tidy {
namespace {

// Each way a declaration's type can spell, hide or resemble a
// specialization of std::vector or std::basic_string.
const char *const Code = R"cpp(
#include <string>
#include <vector>

template <typename T> using Vec = std::vector<T>;
typedef std::vector<int> Ints;
struct Derived : std::vector<int> {};
template <typename T> struct Holder {
  std::vector<T> Dependent;
  Holder *Self;
};
struct Fields {
  std::string Name;
  const std::vector<int> Constant;
  std::vector<int> *Pointer;
  Ints Typedefed;
  Vec<char> Aliased;
  Derived Base;
  Holder<int> Outer;
  int Plain;
};

void use(const std::string &Ref, std::vector<std::string> Copy) {
  std::string Local = "x";
  volatile std::vector<int> Qualified;
  auto Deduced = Copy;
  decltype(Local) Same = Local;
  std::wstring Wide;
  Holder<long> H;
  int Other = 0;
}
)cpp";

TEST(TypeMatchersTest, IsSpecializationOfAnswersAsTheNestedMatchers) {
  auto AST = test::parseCode(Code);
  ASSERT_TRUE(AST && !test::hasErrors(*AST));
  ASTContext &Ctx = AST->getASTContext();
  auto Names = hasAnyName("::std::vector", "::std::basic_string");
  auto Nested = qualType(hasUnqualifiedDesugaredType(
      recordType(hasDeclaration(classTemplateSpecializationDecl(Names)))));
  auto OneMatcher = matchers::isSpecializationOf(Names);
  unsigned Decls = 0, Specializations = 0;
  for (const BoundNodes &Bound :
       match(valueDecl(isExpansionInMainFile()).bind("decl"), Ctx)) {
    const auto *D = Bound.getNodeAs<ValueDecl>("decl");
    bool Expected = !match(valueDecl(hasType(Nested)), *D, Ctx).empty();
    EXPECT_EQ(!match(valueDecl(hasType(OneMatcher)), *D, Ctx).empty(), Expected)
        << D->getNameAsString() << ": " << D->getType().getAsString();
    ++Decls;
    Specializations += Expected;
  }
  // Both answers occur.
  EXPECT_GT(Specializations, 8u);
  EXPECT_GT(Decls - Specializations, 5u);
}

} // namespace
} // namespace alloc_tidy
