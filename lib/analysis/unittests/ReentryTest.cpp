//===--- ReentryTest.cpp - can a member function run again on its object ==//

#include "lib/analysis/facts/Reentry.h"
#include "AnalysisTestUtils.h"
#include "lib/analysis/decisions/CallBufferPlan.h"
#include "clang/AST/DeclCXX.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Preamble = "#include <functional>\n"
                             "#include <string>\n"
                             "#include <vector>\n";

class ReentryTest : public test::SnippetTest {
protected:
  ReentryTest() : SnippetTest(Preamble) {}

  /// Why 'C::run' may run again on its object.
  std::string why() {
    const auto *Run =
        dyn_cast_or_null<CXXMethodDecl>(test::findFunction(ctx(), "run"));
    if (!Run) {
      ADD_FAILURE() << "want a member function run";
      return "";
    }
    return whyMayReenter(*Run, ctx());
  }
};

TEST_F(ReentryTest, OwnMembersAndOtherObjectsAreFollowed) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
struct Value { explicit Value(const std::string &S); };
class C {
public:
  void run(int N) { Value V(text(N)); helper(N); }
private:
  std::string text(int N) { return std::string(N, 'x'); }
  void helper(int N) { Count += N; }
  int Count = 0;
};
)cpp"));
  EXPECT_EQ(why(), "");
}

TEST_F(ReentryTest, RecursionThroughAMember) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
class C {
public:
  void run(int N) { if (N) visit(N - 1); }
private:
  void visit(int N) { run(N); }
};
)cpp"));
  EXPECT_EQ(why(), "it calls itself");
}

TEST_F(ReentryTest, MemberDefinedElsewhere) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
class C {
public:
  void run(int N) { step(N); }
private:
  void step(int N);
};
)cpp"));
  EXPECT_EQ(why(), "it calls 'C::step', defined in another unit");
}

TEST_F(ReentryTest, ObjectHandedToAnotherUnit) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
class C;
void notify(std::vector<C *> &Listeners);
class C {
public:
  void run() { std::vector<C *> L{this}; notify(L); }
};
)cpp"));
  EXPECT_EQ(why(), "it calls 'notify', defined in another unit");
}

TEST_F(ReentryTest, CallbacksAndVirtualCalls) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
class C {
public:
  void run() { Done(); }
private:
  std::function<void()> Done;
};
)cpp"));
  EXPECT_EQ(why(), "it calls a std::function");
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
class C {
public:
  virtual ~C();
  virtual void step();
  void run() { step(); }
};
)cpp"));
  EXPECT_EQ(why(), "it makes a virtual call to 'C::step'");
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
void apply(void (*F)(int));
class C {
public:
  void run(void (*F)(int)) { F(1); }
};
)cpp"));
  EXPECT_EQ(why(), "it calls through a pointer or a callable");
}

TEST_F(ReentryTest, StaticStorageHoldingTheObject) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cpp(
class C {
public:
  void run() {}
  static C &instance() { static C Only; return Only; }
};
)cpp"));
  EXPECT_EQ(why(), "the variable 'Only' of static storage can hold a 'C'");
}

TEST(CallBufferPlanTest, MemberNamesFollowTheClass) {
  EXPECT_EQ(memberNameFor("decoded", {"input_", "last_"}), "decoded_");
  EXPECT_EQ(memberNameFor("Sorted", {"m_calls", "m_bins", "x"}), "m_Sorted");
  EXPECT_EQ(memberNameFor("rows", {"mCount", "mText"}), "mRows");
  EXPECT_EQ(memberNameFor("Rows", {"Count", "Text"}), "RowsBuffer");
  EXPECT_EQ(memberNameFor("row_text", {"count"}), "row_text_buffer");
  EXPECT_EQ(memberNameFor("rows", {}), "rowsBuffer");
}

} // namespace
} // namespace alloc_tidy
