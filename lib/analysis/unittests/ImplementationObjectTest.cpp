//===--- ImplementationObjectTest.cpp - a buffer handed to a pimpl --------===//

#include "lib/analysis/facts/ImplementationObject.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/facts/Reentry.h"
#include "clang/AST/DeclCXX.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Preamble = "#include <memory>\n"
                             "#include <string>\n"
                             "#include <vector>\n"
                             "using Words = std::vector<std::string>;\n";

class ImplementationObjectTest : public test::SnippetTest {
protected:
  ImplementationObjectTest() : SnippetTest(Preamble) {}

  /// The object 'Api::run' hands its local 'buf' to.
  std::optional<ImplementationObject> handedTo() {
    const VarDecl *Buf = test::findVar(ctx(), "buf");
    const auto *Run =
        dyn_cast_or_null<CXXMethodDecl>(test::findFunction(ctx(), "run"));
    const DeclStmt *Decl = nullptr;
    if (Buf)
      for (const DynTypedNode &Parent : parentsOf(*Buf, ctx()))
        if (!Decl)
          Decl = Parent.get<DeclStmt>();
    if (!Run || !Decl) {
      ADD_FAILURE() << "want a member function run that declares buf";
      return std::nullopt;
    }
    return bufferHandedToImplementation(*Buf, *Decl, *Run, ctx());
  }
};

const char *const Impl = R"cpp(
class Impl {
public:
  bool check(const std::string &W, Words &Stack) {
    Stack.push_back(W);
    bool Ok = W.size() < 2 || check(W.substr(1), Stack);
    Stack.pop_back();
    return Ok;
  }
  int count(const Words &Stack) const { return Stack.size(); }
};
)cpp";

TEST_F(ImplementationObjectTest, APointerToAClassOfThisFile) {
  ASSERT_NO_FATAL_FAILURE(parse(std::string(Impl) + R"cpp(
class Api {
public:
  bool run(const std::string &W) {
    Words buf;
    return P->check(W, buf);
  }
private:
  Impl *P;
};
)cpp"));
  std::optional<ImplementationObject> Object = handedTo();
  ASSERT_TRUE(Object);
  EXPECT_EQ(Object->Pointer->getName(), "P");
  EXPECT_EQ(Object->Class->getName(), "Impl");
  EXPECT_EQ(Object->PointerText, "P");
}

TEST_F(ImplementationObjectTest, AUniquePtrAndSeveralCalls) {
  ASSERT_NO_FATAL_FAILURE(parse(std::string(Impl) + R"cpp(
class Api {
public:
  int run(const std::string &W) {
    Words buf;
    this->P->check(W, buf);
    return P->count(buf);
  }
private:
  std::unique_ptr<Impl> P;
};
)cpp"));
  std::optional<ImplementationObject> Object = handedTo();
  ASSERT_TRUE(Object);
  EXPECT_EQ(Object->PointerText, "this->P");
}

TEST_F(ImplementationObjectTest, NotWhenTheBufferIsUsedOtherwise) {
  ASSERT_NO_FATAL_FAILURE(parse(std::string(Impl) + R"cpp(
class Api {
public:
  int run(const std::string &W) {
    Words buf;
    P->check(W, buf);
    return buf.size();
  }
private:
  Impl *P;
};
)cpp"));
  EXPECT_FALSE(handedTo());
}

TEST_F(ImplementationObjectTest, NotWhenThePointerMayNotBeDereferenced) {
  ASSERT_NO_FATAL_FAILURE(parse(std::string(Impl) + R"cpp(
class Api {
public:
  bool run(const std::string &W) {
    Words buf;
    if (!P)
      return false;
    return P->check(W, buf);
  }
private:
  Impl *P;
};
)cpp"));
  EXPECT_FALSE(handedTo());
}

TEST_F(ImplementationObjectTest, NotThroughConstSharedOrTwoPointers) {
  for (const char *Members :
       {"const Impl *P; Impl *Q;", "std::shared_ptr<Impl> P; Impl *Q;",
        "Impl *P; Impl *Q;"}) {
    ASSERT_NO_FATAL_FAILURE(parse(std::string(Impl) + R"cpp(
class Api {
public:
  int run(const std::string &W) {
    Words buf;
    Q->check(W, buf);
    return P->count(buf);
  }
private:
  )cpp" + Members + "\n};\n"));
    EXPECT_FALSE(handedTo()) << Members;
  }
}

TEST_F(ImplementationObjectTest, NotAnObjectOfItsOwnClass) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
class Api {
public:
  bool run(const std::string &W) {
    Words buf;
    return Next->fill(W, buf);
  }
  bool fill(const std::string &W, Words &Out) { Out.push_back(W); return true; }
private:
  Api *Next;
};
)cpp"));
  EXPECT_FALSE(handedTo());
}

/// An implementation that knows its owner; \p Body is the rest of the body
/// of 'Impl::check' after it fills the buffer.
std::string withOwner(llvm::StringRef Body) {
  return R"cpp(
class Api;
class Impl {
public:
  bool check(const std::string &W, Words &Stack);
  Api *Owner;
};
class Api {
public:
  bool run(const std::string &W) {
    Words buf;
    return P->check(W, buf);
  }
  Impl *P;
  std::unique_ptr<Impl> Q;
};
bool Impl::check(const std::string &W, Words &Stack) {
  Stack.push_back(W);
  )cpp" + Body.str() +
         "\n}\n";
}

TEST_F(ImplementationObjectTest, ReentryFollowsTheImplementation) {
  ASSERT_NO_FATAL_FAILURE(
      parse(withOwner("return W.size() < 2 || Owner->run(W.substr(1));")));
  std::optional<ImplementationObject> Object = handedTo();
  ASSERT_TRUE(Object);
  const auto *Run = cast<CXXMethodDecl>(test::findFunction(ctx(), "run"));
  // The method alone does not reach itself; through the object it does.
  EXPECT_EQ(whyMayReenter(*Run, ctx()), "");
  EXPECT_EQ(whyMayReenter(*Run, ctx(), Object->Class), "it calls itself");
}

TEST_F(ImplementationObjectTest, ReentryFollowsWhatReplacesTheObject) {
  // The buffer lives in the object: code that deletes or replaces it while
  // the call runs would leave the method with a dangling reference.
  for (const char *Replace : {"delete Owner->P; Owner->P = nullptr;",
                              "Owner->P = nullptr;", "Owner->Q.reset();"}) {
    ASSERT_NO_FATAL_FAILURE(
        parse(withOwner(std::string(Replace) + "\n  return true;")));
    std::optional<ImplementationObject> Object = handedTo();
    ASSERT_TRUE(Object) << Replace;
    const auto *Run = cast<CXXMethodDecl>(test::findFunction(ctx(), "run"));
    EXPECT_EQ(whyMayReenter(*Run, ctx()), "") << Replace;
    EXPECT_NE(whyMayReenter(*Run, ctx(), Object->Class), "") << Replace;
  }
}

} // namespace
} // namespace alloc_tidy
