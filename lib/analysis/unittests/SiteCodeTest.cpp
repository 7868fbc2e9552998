//===--- SiteCodeTest.cpp - what the code at a profile site does ----------===//

#include "lib/analysis/profile/SiteCode.h"
#include "AnalysisTestUtils.h"
#include "clang/Basic/SourceManager.h"
#include "gtest/gtest.h"

using namespace clang;

namespace alloc_tidy {
namespace {

const char *const Vector = "std::vector<int, std::allocator<int> >";

/// What the code does at the site on the line of \p Code that holds
/// "SITE", at the column of \p At on that line (0: none given).
std::optional<SiteCode> siteCode(llvm::StringRef Code, llvm::StringRef At,
                                 llvm::StringRef Container = Vector) {
  std::string Source = "#include <string>\n#include <vector>\n" + Code.str();
  auto AST = test::parseCode(Source);
  if (!AST || test::hasErrors(*AST)) {
    ADD_FAILURE() << "the snippet does not compile";
    return std::nullopt;
  }
  llvm::StringRef Text(Source);
  size_t Mark = Text.find("SITE");
  size_t LineStart = Text.rfind('\n', Mark) + 1;
  unsigned Line = Text.take_front(Mark).count('\n') + 1;
  unsigned Column = 0;
  if (!At.empty())
    Column = Text.find(At, LineStart) - LineStart + 1;
  ASTContext &Ctx = AST->getASTContext();
  return describeSiteCode(Ctx.getSourceManager().getMainFileID(), Line, Column,
                          Container, Ctx);
}

/// The reason siteCode() gives, when it gives one.
std::optional<std::string> describe(llvm::StringRef Code, llvm::StringRef At,
                                    llvm::StringRef Container = Vector) {
  if (std::optional<SiteCode> Found = siteCode(Code, At, Container))
    return Found->Reason;
  return std::nullopt;
}

/// What the site's memory is for, when siteCode() describes the site.
std::optional<SiteMemory> memoryOf(llvm::StringRef Code, llvm::StringRef At,
                                   llvm::StringRef Container = Vector) {
  if (std::optional<SiteCode> Found = siteCode(Code, At, Container))
    return Found->Memory;
  return std::nullopt;
}

/// Whether the site's allocation is the memory of what the code makes.
bool resultMemory(llvm::StringRef Code, llvm::StringRef At,
                  llvm::StringRef Container = Vector) {
  return memoryOf(Code, At, Container) == SiteMemory::Result;
}

TEST(SiteCodeTest, AContainerFilledThroughAReferenceParameter) {
  auto Why = describe(R"cpp(
void fill(std::vector<int> &Out, int N) {
  Out.push_back(N); // SITE
}
)cpp",
                      "push_back");
  ASSERT_TRUE(Why);
  EXPECT_EQ(*Why, "filled by a callee through its reference parameter 'Out' "
                  "(in 'fill'): the caller's container grows one call at a "
                  "time");
  // A resize gives it its size in one step.
  auto Sized = describe(R"cpp(
void widen(std::vector<int> &Out, int N) {
  Out.resize(N); // SITE
}
)cpp",
                        "resize");
  ASSERT_TRUE(Sized);
  EXPECT_EQ(*Sized, "sized by a callee through its reference parameter 'Out' "
                    "(in 'widen'): the caller's container gets its memory "
                    "here, once per call; a container the caller keeps would "
                    "reuse it");
}

TEST(SiteCodeTest, AConstReferenceIsNotFilled) {
  // Only read: a copy, whose site this is not, would be another pattern.
  EXPECT_FALSE(describe(R"cpp(
int first(const std::vector<int> &In) {
  return In.front(); // SITE
}
)cpp",
                        "front"));
}

TEST(SiteCodeTest, ACopyAndAnAssignment) {
  // A copy is avoidable: not the memory of what the code makes, nor a
  // container's growth.
  auto Copy = siteCode(R"cpp(
std::vector<int> keep(const std::vector<int> &In) {
  std::vector<int> Kept(In); // SITE
  return Kept;
}
)cpp",
                       "Kept");
  ASSERT_TRUE(Copy);
  EXPECT_EQ(Copy->Reason, "a copy of a 'std::vector<int>' (in 'keep'): a "
                          "move, a reference or a view would not allocate");
  EXPECT_EQ(Copy->Memory, SiteMemory::Unneeded);
  auto Assigned = siteCode(R"cpp(
std::vector<int> Last;
void remember(const std::vector<int> &In) {
  Last = In; // SITE
}
)cpp",
                           "=");
  ASSERT_TRUE(Assigned);
  EXPECT_EQ(Assigned->Reason,
            "a copy of a 'std::vector<int>' (an assignment in "
            "'remember'): a move or a reference would not allocate");
  EXPECT_EQ(Assigned->Memory, SiteMemory::Unneeded);
}

TEST(SiteCodeTest, ACopyKeptToPutBack) {
  // Saved before calls that may change the member, put back after them:
  // the copy is what undoes the change, so it is what the code makes.
  const char *const Swapped = R"cpp(
struct Printer {
  std::vector<int> Flags;
  void emit();
  void nested() {
    auto Saved = Flags; // SITE
    emit();
    Flags.swap(Saved);
  }
};
)cpp";
  auto Kept = siteCode(Swapped, "Flags");
  ASSERT_TRUE(Kept);
  EXPECT_EQ(Kept->Reason,
            "a copy of a 'std::vector<int>' (in 'Printer::nested') kept in "
            "'Saved' to put back at line 10: the code between may change the "
            "original, and the copy is what undoes that; a move or a "
            "reference would not keep it");
  EXPECT_EQ(Kept->Memory, SiteMemory::Result);
  // A copy of 'Flags' saved before a call, then \p After.
  auto SavedThen = [](llvm::StringRef After) {
    return R"cpp(
#include <utility>
std::vector<int> Flags, Other;
void emit();
void nested() {
  std::vector<int> Saved = Flags; // SITE
  emit();
  )cpp" + After.str() +
           "\n}\n";
  };
  // std::swap either way round, and an assignment back (moved or not).
  for (const char *Restore :
       {"std::swap(Saved, Flags);", "std::swap(Flags, Saved);",
        "Flags = Saved;", "Flags = std::move(Saved);", "Saved.swap(Flags);"})
    EXPECT_TRUE(resultMemory(SavedThen(Restore), "Flags")) << Restore;
  // Not put back: a copy that a move, a reference or a view avoids.
  for (const char *Other :
       {"Saved.swap(Other);", "Other = Saved;", "Flags.push_back(1);"})
    EXPECT_EQ(memoryOf(SavedThen(Other), "Flags"), SiteMemory::Unneeded)
        << Other;
  // Put back before the copy is made: that restores something else.
  EXPECT_EQ(memoryOf(R"cpp(
std::vector<int> Flags;
void emit();
void twice(std::vector<int> &Earlier) {
  Flags.swap(Earlier);
  std::vector<int> Saved = Flags; // SITE
  emit();
}
)cpp",
                     "Flags"),
            SiteMemory::Unneeded);
}

TEST(SiteCodeTest, ACopyThatCopiesItsOwner) {
  // The class copies itself member by member: the copies of the class are
  // what to look at, not this assignment.
  auto Set = describe(R"cpp(
struct Text {
  std::vector<int> Chars;
  Text() = default;
  Text(const Text &O) { set(O); }
  void set(const Text &O) {
    Chars = O.Chars; // SITE
  }
};
)cpp",
                      "=");
  ASSERT_TRUE(Set);
  // Text declares its copy constructor: it has no move constructor.
  EXPECT_EQ(*Set, "a copy of a 'std::vector<int>' made when a 'Text' is "
                  "copied (in 'Text::set', member by member): the copies of "
                  "'Text' are where to look; 'Text' has no move constructor, "
                  "so moving it copies too until it gets one");
  auto Movable = siteCode(R"cpp(
struct Text {
  std::vector<int> Chars;
  void set(const Text &O) {
    Chars = O.Chars; // SITE
  }
};
)cpp",
                          "=");
  ASSERT_TRUE(Movable);
  EXPECT_EQ(Movable->Reason,
            "a copy of a 'std::vector<int>' made when a 'Text' is "
            "copied (in 'Text::set', member by member): the copies "
            "of 'Text' are where to look; moving the whole object "
            "would not allocate");
  EXPECT_EQ(Movable->Memory, SiteMemory::Unneeded);
  auto Constructed = describe(R"cpp(
struct Row {
  std::vector<int> Cells;
  Row(const Row *O) : Cells(O->Cells) {} // SITE
};
)cpp",
                              "Cells(");
  ASSERT_TRUE(Constructed);
  EXPECT_EQ(Constructed->rfind("a copy of a 'std::vector<int>' made when a "
                               "'Row' is copied (in 'Row::Row'",
                               0),
            0u)
      << *Constructed;
  // Another class's member, or a member of this object: a plain copy.
  auto Other = describe(R"cpp(
struct Source { std::vector<int> Items; };
struct Sink {
  std::vector<int> Items;
  void take(const Source &S) {
    Items = S.Items; // SITE
  }
};
)cpp",
                        "=");
  ASSERT_TRUE(Other);
  EXPECT_EQ(Other->rfind("a copy of a 'std::vector<int>' (an assignment", 0),
            0u)
      << *Other;
}

TEST(SiteCodeTest, ATemporaryForAnArgument) {
  auto Found =
      siteCode(R"cpp(
int find(const std::vector<std::string> &Names, const std::string &Key);
int op(const std::string &Key) {
  return find({"add", "sub"}, Key); // SITE
}
)cpp",
               "{", "std::vector<std::string, std::allocator<std::string> >");
  ASSERT_TRUE(Found);
  EXPECT_EQ(Found->Reason,
            "a temporary 'std::vector<std::string>' built for an "
            "argument of 'find' on every call: a std::initializer_list, "
            "std::span or view parameter, or a static const argument, "
            "would not allocate");
  EXPECT_EQ(Found->Memory, SiteMemory::Unneeded);
}

TEST(SiteCodeTest, AStringRebuiltFromItsCharacters) {
  auto Found = siteCode(R"cpp(
int count(const std::string &Word);
int total(const std::string &Text) {
  return count(Text.c_str()); // SITE
}
)cpp",
                        "Text.c_str",
                        "std::__cxx11::basic_string<char, "
                        "std::char_traits<char>, std::allocator<char> >");
  ASSERT_TRUE(Found);
  EXPECT_EQ(Found->Reason,
            "a copy of 'Text' rebuilt from its c_str() for an argument "
            "of 'count': 'Text' itself would bind it without allocating");
  EXPECT_EQ(Found->Memory, SiteMemory::Unneeded);
}

TEST(SiteCodeTest, ATemporaryThatHandsItsMemoryOver) {
  // Moved into the member or taken by the callee: its allocation is the
  // result's, and no other parameter type would save it.
  for (const char *Code : {R"cpp(
struct Text {
  Text() { Log = std::vector<char>{'x'}; } // SITE
  std::vector<char> Log;
};
)cpp",
                           R"cpp(
void keep(std::vector<char> &&Log);
void f() { keep(std::vector<char>{'x'}); } // SITE
)cpp",
                           R"cpp(
void keep(std::vector<char> Log);
void f() { keep(std::vector<char>{'x'}); } // SITE
)cpp"}) {
    auto Why = describe(Code, "std::vector",
                        "std::vector<char, std::allocator<char> >");
    ASSERT_TRUE(Why) << Code;
    EXPECT_NE(Why->find("built and handed to"), std::string::npos)
        << Code << *Why;
    EXPECT_NE(Why->find("which keeps its memory: the allocation holds the "
                        "value"),
              std::string::npos)
        << Code << *Why;
    EXPECT_TRUE(resultMemory(Code, "std::vector",
                             "std::vector<char, std::allocator<char> >"))
        << Code;
  }
}

TEST(SiteCodeTest, AnEmptyDeque) {
  const char *Deque = "std::deque<int, std::allocator<int> >";
  // A member the constructor does not name: the site is the constructor's.
  auto Member = describe(R"cpp(
#include <deque>
struct Text {
  Text(); // the declaration
  std::deque<int> Chars;
  int Size;
};
Text::Text() : Size(0) {} // SITE
)cpp",
                         "Text()", Deque);
  ASSERT_TRUE(Member);
  EXPECT_EQ(*Member, "an empty std::deque built (the member 'Chars' of "
                     "'Text'): libstdc++'s deque allocates its map and first "
                     "block when it is constructed, even if it never holds "
                     "an element; a std::vector allocates nothing until it "
                     "does");
  auto Local = describe(R"cpp(
#include <deque>
#include <stack>
int depth() {
  std::stack<int> Pending; // SITE
  return Pending.size();
}
)cpp",
                        "Pending", Deque);
  ASSERT_TRUE(Local);
  EXPECT_EQ(Local->substr(0, 45),
            "an empty std::stack built ('Pending'): libstd");
  // As heapcount names it: the stack's frames are the outermost standard
  // ones.
  auto Stack = describe(R"cpp(
#include <deque>
#include <stack>
int depth() {
  std::stack<int> Pending; // SITE
  return Pending.size();
}
)cpp",
                        "Pending",
                        "std::stack<int, std::deque<int, std::allocator<int> "
                        "> >");
  ASSERT_TRUE(Stack);
  EXPECT_EQ(Stack->substr(0, 45),
            "an empty std::stack built ('Pending'): libstd");
  // Built with elements: the allocation holds them.
  auto Sized = describe(R"cpp(
#include <deque>
int count() {
  std::deque<int> Q(64); // SITE
  return Q.size();
}
)cpp",
                        "Q", Deque);
  EXPECT_TRUE(!Sized || Sized->find("empty") == std::string::npos) << *Sized;
}

TEST(SiteCodeTest, APointerParameterAnotherObjectsMemberAndACallee) {
  auto Pointer = describe(R"cpp(
void read(std::string *Out, const char *Begin, const char *End) {
  Out->assign(Begin, End); // SITE
}
)cpp",
                          "assign", "std::__cxx11::basic_string<char>");
  ASSERT_TRUE(Pointer);
  // An assign sizes the caller's string at once.
  EXPECT_EQ(*Pointer, "sized by a callee through its pointer parameter "
                      "'Out' (in 'read'): the caller's container gets its "
                      "memory here, once per call; a container the caller "
                      "keeps would reuse it");
  auto Other = describe(R"cpp(
struct Edge { std::vector<int> Outputs; };
void link(Edge *E, unsigned N) {
  E->Outputs.reserve(N); // SITE
}
)cpp",
                        "reserve");
  ASSERT_TRUE(Other);
  EXPECT_EQ(*Other, "a member of another object ('Outputs') grown by "
                    "'reserve' (in 'link')");
  // The allocation is in add(), whose frame the profile lost: the line of
  // the call is named, and the callee with it; the innermost call wins.
  auto Callee = describe(R"cpp(
struct Text {
  void add(const char *S) { Data.append(S); }
  std::string Data;
};
const char *word(const char *S) { return S; }
void fill(Text *T) {
  T->add(word("a long piece of text")); // SITE
}
)cpp",
                         "add", "std::__cxx11::basic_string<char>");
  ASSERT_TRUE(Callee);
  EXPECT_EQ(Callee->substr(0, 46),
            "made inside 'Text::add', called here: its own ");
  // Nothing of the user's at the site: no reason.
  EXPECT_FALSE(describe(R"cpp(
int count(const std::vector<int> &V) {
  return static_cast<int>(V.size()); // SITE
}
)cpp",
                        "size"));
}

// A message built on every call for the branch that reports an error.
TEST(SiteCodeTest, ALocalOnlyOneBranchReads) {
  auto ErrorPath = describe(R"cpp(
void report(const char *);
int at(const std::vector<int> &V, int I) {
  std::string Msg = "index " + std::to_string(I);
  Msg += ", size ";
  if (V.empty()) {
    Msg += "0";
  } else {
    Msg.append(std::to_string(V.size())); // SITE
  }
  if (I < 0 || I >= static_cast<int>(V.size())) {
    report(Msg.c_str());
    return 0;
  }
  return V[I];
}
)cpp",
                            "append", "std::__cxx11::basic_string<char>");
  ASSERT_TRUE(ErrorPath);
  EXPECT_EQ(*ErrorPath,
            "a local container built on every call (in 'at') that only the "
            "branch at line 13 reads: built inside that branch, it would "
            "allocate only when the branch runs");
  // Read outside the branch too: a buffer kept between calls.
  auto AlsoRead = describe(R"cpp(
void report(const char *);
int at(const std::vector<int> &V, int I) {
  std::string Msg = "index " + std::to_string(I);
  Msg.append(std::to_string(V.size())); // SITE
  if (I < 0)
    report(Msg.c_str());
  report(Msg.c_str());
  return 0;
}
)cpp",
                           "append", "std::__cxx11::basic_string<char>");
  ASSERT_TRUE(AlsoRead);
  EXPECT_EQ(AlsoRead->rfind("a local container built on every call (in "
                            "'at'): a buffer",
                            0),
            0u);
  // Grown inside the branch (only when the branch runs), or read by the
  // condition: not one branch's alone.
  for (const char *Code : {R"cpp(
void report(const char *);
int at(int I) {
  std::string Msg = "index ";
  if (I < 0) {
    Msg.append(std::to_string(I)); // SITE
    report(Msg.c_str());
  }
  return 0;
}
)cpp",
                           R"cpp(
void report(const char *);
int at(int I) {
  std::string Msg = "index ";
  Msg.append(std::to_string(I)); // SITE
  if (Msg.size() > 20)
    report(Msg.c_str());
  return 0;
}
)cpp"}) {
    auto Why = describe(Code, "append", "std::__cxx11::basic_string<char>");
    ASSERT_TRUE(Why);
    EXPECT_EQ(Why->find("only the branch"), std::string::npos) << Code;
  }
}

TEST(SiteCodeTest, ALocalAndAMember) {
  auto Local = describe(R"cpp(
int sum(int N) {
  std::vector<int> Parts;
  Parts.push_back(N); // SITE
  return static_cast<int>(Parts.size());
}
)cpp",
                        "push_back");
  ASSERT_TRUE(Local);
  EXPECT_EQ(*Local, "a local container built on every call (in 'sum'): a "
                    "buffer the caller (or a member) keeps would reuse its "
                    "capacity");
  auto Member = describe(R"cpp(
struct Log {
  std::vector<int> Lines;
  void add(int L) { Lines.push_back(L); } // SITE
};
)cpp",
                         "push_back");
  ASSERT_TRUE(Member);
  EXPECT_EQ(*Member, "a member grown by 'push_back' (in 'Log::add')");
  // Neither is what the code makes: a kept buffer would save them.
  EXPECT_FALSE(resultMemory(R"cpp(
int sum(int N) {
  std::vector<int> Parts;
  Parts.push_back(N); // SITE
  return static_cast<int>(Parts.size());
}
)cpp",
                            "push_back"));
}

TEST(SiteCodeTest, ALocalThatIsReturned) {
  // The function's result: a buffer the caller keeps would not be reused by
  // this interface, which makes a new container per call by design.
  const char *Returned = "a local container that its function returns (in "
                         "'names'): its memory becomes the caller's value; "
                         "only an interface that fills a container the "
                         "caller keeps would reuse it";
  auto Named = describe(R"cpp(
std::vector<int> names(int N) {
  std::vector<int> Out;
  Out.reserve(N); // SITE
  return Out;
}
)cpp",
                        "reserve");
  ASSERT_TRUE(Named);
  EXPECT_EQ(*Named, Returned);
  EXPECT_TRUE(resultMemory(R"cpp(
std::vector<int> names(int N) {
  std::vector<int> Out;
  Out.reserve(N); // SITE
  return Out;
}
)cpp",
                           "reserve"));
  // Two locals returned on two paths: no NRVO, still the result.
  auto EitherOne = describe(R"cpp(
std::vector<int> names(int N) {
  std::vector<int> Out, Other;
  Out.push_back(N); // SITE
  if (N > 3)
    return Other;
  return Out;
}
)cpp",
                            "push_back");
  ASSERT_TRUE(EitherOne);
  EXPECT_EQ(*EitherOne, Returned);
  // Returned by a lambda in it, or only used for the result: a buffer.
  for (const char *Code : {R"cpp(
int names(int N) {
  std::vector<int> Out;
  Out.push_back(N); // SITE
  auto Copy = [&] { return Out; };
  return static_cast<int>(Copy().size());
}
)cpp",
                           R"cpp(
int names(int N) {
  std::vector<int> Out;
  Out.push_back(N); // SITE
  return static_cast<int>(Out.size());
}
)cpp"}) {
    auto Buffer = describe(Code, "push_back");
    ASSERT_TRUE(Buffer);
    EXPECT_EQ(Buffer->rfind("a local container built on every call", 0), 0u)
        << *Buffer;
    EXPECT_FALSE(resultMemory(Code, "push_back")) << Code;
  }
}

TEST(SiteCodeTest, AContainerBuiltToBeReturned) {
  // A getter that wraps one value in a new vector on every call (OpenCC's
  // SingleValueDictEntry::Values): the result, not a buffer.
  const char *Code = R"cpp(
struct Entry {
  std::string Value;
  std::vector<std::string> values() const {
    return std::vector<std::string>{Value}; // SITE
  }
};
)cpp";
  auto Returned = describe(Code, "std::vector", "vector");
  ASSERT_TRUE(Returned);
  EXPECT_EQ(*Returned,
            "a 'std::vector<std::string>' built and returned on every call "
            "(in 'Entry::values'): its memory becomes the caller's value; "
            "only another interface (a reference to a container kept, a "
            "view, or one the caller fills) would avoid it");
  EXPECT_TRUE(resultMemory(Code, "std::vector", "vector"));
  // A copy returned is a copy: a move or a reference would do.
  auto Copy = describe(R"cpp(
struct Entry {
  std::vector<std::string> Values;
  std::vector<std::string> values() const {
    return Values; // SITE
  }
};
)cpp",
                       "Values;", "vector");
  ASSERT_TRUE(Copy);
  EXPECT_EQ(Copy->rfind("a copy of a", 0), 0u) << *Copy;
}

TEST(SiteCodeTest, AParameterFilledForACallerThatReturnsIt) {
  // zxing's FindValidSequence: a recursive search pushes to the caller's
  // stack, which the caller returns.
  const char *Search = R"cpp(
static bool extend(int Depth, std::vector<int> &Stack) {
  if (Depth == 0)
    return true;
  Stack.push_back(Depth); // SITE
  if (extend(Depth - 1, Stack))
    return true;
  Stack.pop_back();
  return false;
}
std::vector<int> search(int Depth) {
  std::vector<int> Stack;
  extend(Depth, Stack);
  return Stack;
}
)cpp";
  auto Returned = describe(Search, "push_back");
  ASSERT_TRUE(Returned);
  EXPECT_EQ(*Returned, "a local container that its function returns "
                       "('Stack' of 'search'), filled through its reference "
                       "parameter 'Stack' (in 'extend'): its memory becomes "
                       "the caller's value; only an interface that fills a "
                       "container the caller keeps would reuse it");
  EXPECT_TRUE(resultMemory(Search, "push_back"));
  // Through a pointer, sized.
  auto Sized = describe(R"cpp(
static void widen(std::vector<int> *Out, int N) {
  Out->resize(N); // SITE
}
std::vector<int> zeros(int N) {
  std::vector<int> Out;
  widen(&Out, N);
  return Out;
}
)cpp",
                        "resize");
  ASSERT_TRUE(Sized);
  EXPECT_EQ(Sized->rfind("a local container that its function returns "
                         "('Out' of 'zeros'), sized through its pointer "
                         "parameter 'Out' (in 'widen')",
                         0),
            0u)
      << *Sized;
  // One caller that keeps what it passes: the callee fills it.
  const char *Mixed = R"cpp(
static void fill(std::vector<int> &Out, int N) {
  Out.push_back(N); // SITE
}
std::vector<int> one(int N) {
  std::vector<int> Out;
  fill(Out, N);
  return Out;
}
struct Keeper {
  std::vector<int> Kept;
  void add(int N) { fill(Kept, N); }
};
)cpp";
  EXPECT_EQ(memoryOf(Mixed, "push_back"), SiteMemory::Growth);
  auto Filled = describe(Mixed, "push_back");
  ASSERT_TRUE(Filled);
  EXPECT_EQ(Filled->rfind("filled by a callee through its reference "
                          "parameter 'Out' (in 'fill')",
                          0),
            0u)
      << *Filled;
}

TEST(SiteCodeTest, AContainerGrownThroughAnInsertIterator) {
  // cppcheck's astFlatten: a template writes through its output iterator,
  // and its one caller returns the vector the iterator appends to.
  const char *Flatten = R"cpp(
#include <iterator>
struct Node { Node *Left = nullptr, *Right = nullptr; int Op = 0; };
template <class Out> static void flattenInto(Node *N, int Op, Out It) {
  if (!N)
    return;
  if (N->Op == Op) {
    flattenInto(N->Left, Op, It);
    flattenInto(N->Right, Op, It);
  } else {
    *It = N->Op; // SITE
    ++It;
  }
}
std::vector<int> flatten(Node *N, int Op) {
  std::vector<int> Result;
  flattenInto(N, Op, std::back_inserter(Result));
  return Result;
}
)cpp";
  auto Returned = describe(Flatten, "=");
  ASSERT_TRUE(Returned);
  EXPECT_EQ(*Returned,
            "a local container that its function returns ('Result' of "
            "'flatten'), filled through its output iterator parameter 'It' "
            "(a std::back_insert_iterator, in 'flattenInto'): its memory "
            "becomes the caller's value; only an interface that fills a "
            "container the caller keeps would reuse it");
  EXPECT_TRUE(resultMemory(Flatten, "="));
  // A caller that keeps its container: the callee fills it, a call at a
  // time ('*It++ =' writes through the same iterator).
  const char *Kept = R"cpp(
#include <iterator>
template <class Out> void twice(int X, Out It) {
  *It++ = X; // SITE
  *It++ = X;
}
struct Keeper {
  std::vector<int> Kept;
  void add(int X) { twice(X, std::back_inserter(Kept)); }
};
)cpp";
  auto Filled = describe(Kept, "=");
  ASSERT_TRUE(Filled);
  EXPECT_EQ(*Filled, "filled by a callee through its output iterator "
                     "parameter 'It' (a std::back_insert_iterator, in "
                     "'twice'): the caller's container grows one call at a "
                     "time");
  EXPECT_EQ(memoryOf(Kept, "="), SiteMemory::Growth);
  // A function whose address is taken has callers this unit does not see.
  const char *Escaping = R"cpp(
#include <iterator>
using Inserter = std::back_insert_iterator<std::vector<int>>;
static void put(int X, Inserter It) {
  *It = X; // SITE
}
std::vector<int> one(int X) {
  std::vector<int> Result;
  put(X, std::back_inserter(Result));
  return Result;
}
void (*Put)(int, Inserter) = put;
)cpp";
  EXPECT_EQ(memoryOf(Escaping, "="), SiteMemory::Growth);
  // An algorithm that appends to a local through std::back_inserter.
  const char *Copied = R"cpp(
#include <algorithm>
#include <iterator>
int count(const std::vector<int> &In) {
  std::vector<int> Odd;
  std::copy_if(In.begin(), In.end(), std::back_inserter(Odd), // SITE
               [](int X) { return X % 2; });
  return static_cast<int>(Odd.size());
}
)cpp";
  auto Algorithm = describe(Copied, "std::copy_if");
  ASSERT_TRUE(Algorithm);
  EXPECT_EQ(Algorithm->rfind("a local container built on every call (in "
                             "'count')",
                             0),
            0u)
      << *Algorithm;
  // Another output iterator: no container of the site's class grows.
  EXPECT_FALSE(describe(R"cpp(
#include <iterator>
#include <iostream>
void print(int X) {
  std::ostream_iterator<int> It(std::cout);
  *It = X; // SITE
}
)cpp",
                        "="));
}

TEST(SiteCodeTest, ABracedListAssignedAndAParameterTakenByValue) {
  // cppcheck's Interval: one-element vectors set on every new object.
  auto Member = describe(R"cpp(
struct Interval {
  std::vector<long> Min;
  void setMin(long X) {
    Min = {X}; // SITE
  }
};
)cpp",
                         "=");
  ASSERT_TRUE(Member);
  EXPECT_EQ(*Member, "a member assigned a braced list of 1 element (in "
                     "'Interval::setMin'): it allocates whenever the member "
                     "has less room, as in each new object; a buffer inside "
                     "the object for 1 element (a std::optional, when it "
                     "holds one or none) would not allocate");
  auto Local = describe(R"cpp(
int pair(int X) {
  std::vector<int> Two;
  Two = {X, X}; // SITE
  return Two[1];
}
)cpp",
                        "=");
  ASSERT_TRUE(Local);
  EXPECT_EQ(
      Local->rfind("a local container built on every call (in 'pair')", 0), 0u)
      << *Local;
  // A parameter taken by value, grown and returned: the caller's value.
  const char *Merged = R"cpp(
std::vector<int> merge(std::vector<int> X, const std::vector<int> &Y) {
  X.insert(X.end(), Y.begin(), Y.end()); // SITE
  return X;
}
)cpp";
  auto Returned = describe(Merged, "insert");
  ASSERT_TRUE(Returned);
  EXPECT_EQ(*Returned, "a parameter taken by value, grown and returned (in "
                       "'merge'): its memory becomes the caller's value; only "
                       "another interface would avoid it");
  EXPECT_TRUE(resultMemory(Merged, "insert"));
  const char *Grown = R"cpp(
int total(std::vector<int> X, int Y) {
  X.push_back(Y); // SITE
  return static_cast<int>(X.size());
}
)cpp";
  auto Copy = describe(Grown, "push_back");
  ASSERT_TRUE(Copy);
  EXPECT_EQ(*Copy, "a parameter taken by value, grown on every call (in "
                   "'total'): a container the caller keeps, passed by "
                   "reference, would reuse its capacity");
  EXPECT_EQ(memoryOf(Grown, "push_back"), SiteMemory::Growth);
}

TEST(SiteCodeTest, AContainerAConstructorBuilds) {
  // zxing's ByteArray, a std::vector<uint8_t> built from a string view.
  const char *Base = R"cpp(
#include <string_view>
struct Bytes : std::vector<unsigned char> {
  explicit Bytes(std::string_view S)
      : std::vector<unsigned char>(S.begin(), S.end()) {} // SITE
};
)cpp";
  const char *Bytes = "std::vector<unsigned char, std::allocator<unsigned "
                      "char> >";
  auto Contents = describe(Base, "std::vector", Bytes);
  ASSERT_TRUE(Contents);
  EXPECT_EQ(*Contents, "the contents of each new 'Bytes' (its base "
                       "'std::vector<unsigned char>', built by its "
                       "constructor): the memory of the object the code "
                       "makes; only another representation would avoid it");
  EXPECT_TRUE(resultMemory(Base, "std::vector", Bytes));
  const char *Sized = R"cpp(
struct Grid {
  std::vector<int> Cells;
  explicit Grid(int N) : Cells(N) {} // SITE
};
)cpp";
  auto Member = describe(Sized, "Cells(");
  ASSERT_TRUE(Member);
  EXPECT_EQ(Member->rfind("the contents of each new 'Grid' (the member "
                          "'Cells', built by its constructor)",
                          0),
            0u)
      << *Member;
  // zxing's BarcodeFormats: one element in a member vector, per object.
  const char *Listed = R"cpp(
struct Formats {
  std::vector<int> List;
  Formats(int F) : List{F} {} // SITE
};
)cpp";
  auto One = describe(Listed, "List{");
  ASSERT_TRUE(One);
  EXPECT_EQ(One->rfind("a member built from a braced list of 1 element (in "
                       "'Formats::Formats')",
                       0),
            0u)
      << *One;
  EXPECT_EQ(memoryOf(Listed, "List{"), SiteMemory::Growth);
  // A member copied from another object's is a copy, as before.
  auto Copy = describe(R"cpp(
struct Grid {
  std::vector<int> Cells;
  Grid(const Grid &Other, int) : Cells(Other.Cells) {} // SITE
};
)cpp",
                       "Cells(");
  ASSERT_TRUE(Copy);
  EXPECT_EQ(Copy->rfind("a copy of a 'std::vector<int>' made when a 'Grid' "
                        "is copied",
                        0),
            0u)
      << *Copy;
}

TEST(SiteCodeTest, TheObjectItselfAndAnElementOfAnother) {
  // zxing's Poly, a std::vector that reserves its own capacity.
  auto Itself = describe(R"cpp(
struct Poly : std::vector<int> {
  explicit Poly(unsigned N) { reserve(N); } // SITE
};
)cpp",
                         "reserve");
  ASSERT_TRUE(Itself);
  EXPECT_EQ(*Itself, "the object itself (a 'Poly', derived from its "
                     "container) grown by 'reserve' (in 'Poly::Poly')");
  // zxing's MicroPDF clusters: a vector in a list, through an iterator.
  const char *Clusters = R"cpp(
#include <list>
void add(std::list<std::vector<int>> &Clusters, int X) {
  for (auto It = Clusters.begin(); It != Clusters.end(); ++It)
    if (It->back() + 1 == X) {
      It->push_back(X); // SITE
      return;
    }
}
)cpp";
  auto Element = describe(Clusters, "push_back");
  ASSERT_TRUE(Element);
  EXPECT_EQ(*Element, "an element of another container (reached through "
                      "'It') grown by 'push_back' (in 'add')");
  EXPECT_EQ(memoryOf(Clusters, "push_back"), SiteMemory::Growth);
  auto Indexed = describe(R"cpp(
void add(std::vector<std::vector<int>> &Rows, unsigned I, int X) {
  Rows[I].push_back(X); // SITE
}
)cpp",
                          "push_back");
  ASSERT_TRUE(Indexed);
  EXPECT_EQ(*Indexed, "an element of another container (reached through "
                      "'Rows') grown by 'push_back' (in 'add')");
}

TEST(SiteCodeTest, OnlyTheSitesContainer) {
  // The string's copy on the same line (inside push_back) is not the
  // vector's growth; with the string's class, the copy is what the site is.
  const char *Code = R"cpp(
void fill(std::vector<std::string> &Out, const std::string &S) {
  Out.push_back(S); // SITE
}
)cpp";
  auto Growth =
      describe(Code, "push_back",
               "std::vector<std::string, std::allocator<std::string> >");
  ASSERT_TRUE(Growth);
  EXPECT_TRUE(llvm::StringRef(*Growth).starts_with("filled by a callee"));
  auto Copy = describe(Code, "push_back",
                       "std::__cxx11::basic_string<char, "
                       "std::char_traits<char>, std::allocator<char> >");
  ASSERT_TRUE(Copy);
  EXPECT_EQ(*Copy, "a copy of each 'std::string' appended by 'push_back' (in "
                   "'fill'): moving it in would not allocate");
  EXPECT_EQ(memoryOf(Code, "push_back",
                     "std::__cxx11::basic_string<char, "
                     "std::char_traits<char>, std::allocator<char> >"),
            SiteMemory::Unneeded);
  // The vector's growth through the reference is growth.
  EXPECT_EQ(memoryOf(Code, "push_back",
                     "std::vector<std::string, std::allocator<std::string> >"),
            SiteMemory::Growth);
  // Another line: nothing.
  EXPECT_FALSE(describe("int f(); // SITE\n", ""));
}

} // namespace
} // namespace alloc_tidy
