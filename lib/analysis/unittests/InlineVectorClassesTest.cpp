//===--- InlineVectorClassesTest.cpp - the tables against the headers -----===//
//
// The Boost and LLVM tables are checked against the real headers: a C++20
// program asks, with a requires-expression per entry, which of std::vector's
// members (in every form the entry stands for) and constructions the class
// has, runs std::vector's meaning of each one it has, and prints what it
// found. The table must match exactly: a member it lists must be there, and
// a member the class has must be listed, so the table cannot go stale
// silently when a header changes.
//
//===----------------------------------------------------------------------===//

#include "lib/analysis/facts/InlineVectorClasses.h"
#include "lib/layout/unittests/LayoutTestUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "gtest/gtest.h"
#include <iterator>
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {
namespace {

// The parameters every requires-expression of the probe may use.
constexpr const char *ProbeParameters =
    "V v, V w, const V cv, typename V::iterator i, "
    "typename V::const_iterator ci, const int x, const int *p, "
    "std::list<int>::iterator li, std::array<int, 2> r";

struct Probe {
  /// The entry's name in vectorMemberNames(), or the construction's.
  const char *Name;
  /// The requirements (in a requires-expression over ProbeParameters).
  const char *Requires;
  /// Statements that check std::vector's meaning when the class has the
  /// member; expect(Condition, "what") reports a difference.
  const char *Semantics;
};

// One probe per entry of vectorMemberNames(): each form the entry stands
// for, with the return types code commonly relies on.
const Probe MemberProbes[] = {
    {"assign",
     "v.assign(std::size_t(3), x); v.assign(3, 1); v.assign(p, p); "
     "v.assign(li, li); v.assign({1, 2});",
     R"cpp(
      V v{1, 2, 3};
      v.assign(std::size_t(2), 7);
      expect(S(v) == L{7, 7}, "assign(n, x)");
      v.assign(3, 1);
      expect(S(v) == L{1, 1, 1}, "assign(int, int)");
      int a[] = {4, 5};
      v.assign(a, a + 2);
      expect(S(v) == L{4, 5}, "assign(first, last)");
      std::list<int> l{6, 7, 8};
      v.assign(l.begin(), l.end());
      expect(S(v) == L{6, 7, 8}, "assign(list iterators)");
      v.assign({9});
      expect(S(v) == L{9}, "assign({...})");)cpp"},
    {"get_allocator", "cv.get_allocator();", ""},
    {"at",
     "{ v.at(0) } -> std::same_as<int &>; "
     "{ cv.at(0) } -> std::same_as<const int &>;",
     R"cpp(
      V v{1, 2};
      expect(v.at(1) == 2, "at");
      bool Threw = false;
      try {
        (void)v.at(2);
      } catch (const std::out_of_range &) {
        Threw = true;
      }
      expect(Threw, "at() throws std::out_of_range");)cpp"},
    {"operator[]",
     "{ v[0] } -> std::same_as<int &>; "
     "{ cv[0] } -> std::same_as<const int &>;",
     R"cpp(
      V v{1, 2};
      v[0] = 5;
      expect(S(v) == L{5, 2}, "operator[]");)cpp"},
    {"front",
     "{ v.front() } -> std::same_as<int &>; "
     "{ cv.front() } -> std::same_as<const int &>;",
     R"cpp(expect(V{1, 2}.front() == 1, "front");)cpp"},
    {"back",
     "{ v.back() } -> std::same_as<int &>; "
     "{ cv.back() } -> std::same_as<const int &>;",
     R"cpp(expect(V{1, 2}.back() == 2, "back");)cpp"},
    {"data",
     "{ v.data() } -> std::same_as<int *>; "
     "{ cv.data() } -> std::same_as<const int *>;",
     R"cpp(
      V v{1, 2};
      expect(v.data() == &v[0] && v.data()[1] == 2, "data");)cpp"},
    {"begin",
     "{ *v.begin() } -> std::same_as<int &>; "
     "{ *cv.begin() } -> std::same_as<const int &>;",
     R"cpp(expect(*V{1, 2}.begin() == 1, "begin");)cpp"},
    {"cbegin",
     "{ *v.cbegin() } -> std::same_as<const int &>; "
     "{ *cv.cbegin() } -> std::same_as<const int &>;",
     R"cpp(
      V v{1, 2};
      expect(v.cbegin() == v.begin(), "cbegin");)cpp"},
    {"end", "{ v.end() } -> std::same_as<typename V::iterator>; cv.end();",
     R"cpp(
      V v{1, 2};
      expect(v.end() - v.begin() == 2, "end");)cpp"},
    {"cend",
     "{ v.cend() } -> std::same_as<typename V::const_iterator>; cv.cend();",
     R"cpp(
      V v{1, 2};
      expect(v.cend() - v.cbegin() == 2, "cend");)cpp"},
    {"rbegin",
     "{ *v.rbegin() } -> std::same_as<int &>; "
     "{ *cv.rbegin() } -> std::same_as<const int &>;",
     R"cpp(
      V v{1, 2};
      expect(L(v.rbegin(), v.rend()) == L{2, 1}, "rbegin");)cpp"},
    {"crbegin", "{ *v.crbegin() } -> std::same_as<const int &>;",
     R"cpp(
      V v{1, 2};
      expect(L(v.crbegin(), v.crend()) == L{2, 1}, "crbegin");)cpp"},
    {"rend", "v.rend(); cv.rend();", ""},
    {"crend", "{ *v.crend() } -> std::same_as<const int &>;", ""},
    {"empty", "{ cv.empty() } -> std::convertible_to<bool>;",
     R"cpp(expect(V().empty() && !V{1}.empty(), "empty");)cpp"},
    {"size", "{ cv.size() } -> std::convertible_to<std::size_t>;",
     R"cpp(expect(V().size() == 0 && V{1, 2}.size() == 2, "size");)cpp"},
    {"max_size", "{ cv.max_size() } -> std::convertible_to<std::size_t>;",
     R"cpp(expect(V().max_size() >= 1000, "max_size");)cpp"},
    {"reserve", "v.reserve(std::size_t(8));",
     R"cpp(
      V v{1};
      v.reserve(100);
      expect(v.capacity() >= 100 && S(v) == L{1}, "reserve");)cpp"},
    {"capacity", "{ cv.capacity() } -> std::convertible_to<std::size_t>;",
     R"cpp(expect(V().capacity() >= 8, "capacity() covers the inline elements");)cpp"},
    {"shrink_to_fit", "v.shrink_to_fit();",
     R"cpp(
      V v{1, 2};
      v.shrink_to_fit();
      expect(S(v) == L{1, 2}, "shrink_to_fit");)cpp"},
    {"clear", "v.clear();",
     R"cpp(
      V v{1, 2};
      v.clear();
      expect(v.empty(), "clear");)cpp"},
    {"insert",
     "{ v.insert(ci, x) } -> std::convertible_to<typename V::iterator>; "
     "v.insert(ci, 1); v.insert(ci, std::size_t(2), x); v.insert(ci, 2, 5); "
     "v.insert(ci, p, p); v.insert(ci, li, li); v.insert(ci, {1, 2}); "
     "v.insert(i, x); v.insert(i, 1); v.insert(i, std::size_t(2), x); "
     "v.insert(i, 2, 5); v.insert(i, p, p); v.insert(i, li, li); "
     "v.insert(i, {1, 2});",
     R"cpp(
      V v{1, 2};
      const V &c = v;
      auto It = v.insert(c.begin() + 1, 9);
      expect(S(v) == L{1, 9, 2} && *It == 9, "insert(const_iterator, x)");
      v.insert(c.begin(), 2, 5);
      expect(S(v) == L{5, 5, 1, 9, 2}, "insert(const_iterator, int, int)");
      v.insert(c.end(), {7, 8});
      expect(S(v) == L{5, 5, 1, 9, 2, 7, 8}, "insert(const_iterator, {...})");)cpp"},
    {"insert(iterator)",
     "{ v.insert(i, x) } -> std::convertible_to<typename V::iterator>; "
     "v.insert(i, 1); v.insert(i, std::size_t(2), x); v.insert(i, 2, 5); "
     "v.insert(i, p, p); v.insert(i, li, li); v.insert(i, {1, 2});",
     R"cpp(
      V v{1, 2};
      auto It = v.insert(v.begin() + 1, 9);
      expect(S(v) == L{1, 9, 2} && *It == 9, "insert(pos, x)");
      const int Seven = 7;
      v.insert(v.end(), Seven);
      expect(S(v) == L{1, 9, 2, 7}, "insert(pos, lvalue)");
      v.insert(v.begin(), 2, 5);
      expect(S(v) == L{5, 5, 1, 9, 2, 7}, "insert(pos, int, int)");
      v.clear();
      v.insert(v.begin(), std::size_t(2), Seven);
      expect(S(v) == L{7, 7}, "insert(pos, n, x)");
      int a[] = {3, 4};
      v.insert(v.begin() + 1, a, a + 2);
      expect(S(v) == L{7, 3, 4, 7}, "insert(pos, first, last)");
      std::list<int> l{1};
      v.insert(v.end(), l.begin(), l.end());
      expect(S(v) == L{7, 3, 4, 7, 1}, "insert(pos, list iterators)");
      v.insert(v.begin(), {0});
      expect(S(v) == L{0, 7, 3, 4, 7, 1}, "insert(pos, {...})");)cpp"},
    {"emplace",
     "{ v.emplace(ci, 1) } -> std::convertible_to<typename V::iterator>; "
     "v.emplace(i, 1); v.emplace(ci);",
     R"cpp(
      V v{1, 2};
      auto It = v.emplace(v.begin() + 1, 9);
      expect(S(v) == L{1, 9, 2} && *It == 9, "emplace");)cpp"},
    {"erase",
     "{ v.erase(ci) } -> std::convertible_to<typename V::iterator>; "
     "{ v.erase(ci, ci) } -> std::convertible_to<typename V::iterator>; "
     "{ v.erase(i) } -> std::convertible_to<typename V::iterator>; "
     "{ v.erase(i, i) } -> std::convertible_to<typename V::iterator>;",
     R"cpp(
      V v{1, 2, 3, 4};
      auto It = v.erase(v.begin() + 1);
      expect(S(v) == L{1, 3, 4} && *It == 3, "erase(pos)");
      It = v.erase(v.begin(), v.begin() + 2);
      expect(S(v) == L{4} && *It == 4, "erase(first, last)");)cpp"},
    {"push_back", "v.push_back(x); v.push_back(1);",
     R"cpp(
      V v;
      const int One = 1;
      v.push_back(One);
      v.push_back(2);
      expect(S(v) == L{1, 2}, "push_back");)cpp"},
    {"emplace_back",
     "{ v.emplace_back(1) } -> std::same_as<int &>; v.emplace_back();",
     R"cpp(
      V v{1};
      int &Ref = v.emplace_back(2);
      v.emplace_back();
      expect(S(v) == L{1, 2, 0} && &Ref == &v[1], "emplace_back");)cpp"},
    {"pop_back", "v.pop_back();",
     R"cpp(
      V v{1, 2};
      v.pop_back();
      expect(S(v) == L{1}, "pop_back");)cpp"},
    {"resize", "v.resize(std::size_t(3)); v.resize(3, x);",
     R"cpp(
      V v{7, 7, 7, 7};
      v.resize(1);
      v.resize(4);
      expect(S(v) == L{7, 0, 0, 0}, "resize(n) value-initializes");
      v.resize(6, 3);
      expect(S(v) == L{7, 0, 0, 0, 3, 3}, "resize(n, x)");
      v.resize(2);
      expect(S(v) == L{7, 0}, "resize(n) shrinks");)cpp"},
    {"swap", "v.swap(w);",
     R"cpp(
      V a{1}, b{2, 3};
      a.swap(b);
      expect(S(a) == L{2, 3} && S(b) == L{1}, "swap");)cpp"},
    {"operator=",
     "{ v = cv } -> std::same_as<V &>; { v = std::move(w) } -> "
     "std::same_as<V &>; { v = {1, 2} } -> std::same_as<V &>;",
     R"cpp(
      V a{1}, b{2, 3};
      a = b;
      expect(S(a) == L{2, 3}, "copy assignment");
      a = V{4};
      expect(S(a) == L{4}, "move assignment");
      a = {5, 6};
      expect(S(a) == L{5, 6}, "operator=({...})");)cpp"},
    {"operator==", "{ cv == cv } -> std::convertible_to<bool>;",
     R"cpp(expect(V{1, 2} == V{1, 2} && !(V{1} == V{1, 2}), "operator==");)cpp"},
    {"operator!=", "{ cv != cv } -> std::convertible_to<bool>;",
     R"cpp(expect(V{1} != V{2} && !(V{1} != V{1}), "operator!=");)cpp"},
    {"operator<", "{ cv < cv } -> std::convertible_to<bool>;",
     R"cpp(expect(V{1} < V{1, 2} && V{1, 2} < V{2} && !(V{2} < V{1, 5}),
                  "operator< is lexicographical");)cpp"},
    {"operator<=", "{ cv <= cv } -> std::convertible_to<bool>;",
     R"cpp(expect(V{1} <= V{1} && !(V{2} <= V{1, 5}), "operator<=");)cpp"},
    {"operator>", "{ cv > cv } -> std::convertible_to<bool>;",
     R"cpp(expect(V{2} > V{1, 5} && !(V{1} > V{1}), "operator>");)cpp"},
    {"operator>=", "{ cv >= cv } -> std::convertible_to<bool>;",
     R"cpp(expect(V{1} >= V{1} && !(V{1} >= V{1, 2}), "operator>=");)cpp"},
    {"operator<=>", "cv <=> cv;",
     R"cpp(expect((V{1, 2} <=> V{1, 3}) < 0, "operator<=>");)cpp"},
    {"append_range", "v.append_range(r);",
     R"cpp(
      V v{1};
      v.append_range(std::array<int, 2>{2, 3});
      expect(S(v) == L{1, 2, 3}, "append_range");)cpp"},
    {"insert_range", "v.insert_range(ci, r);",
     R"cpp(
      V v{1};
      v.insert_range(v.begin(), std::array<int, 2>{2, 3});
      expect(S(v) == L{2, 3, 1}, "insert_range");)cpp"},
    {"assign_range", "v.assign_range(r);",
     R"cpp(
      V v{1};
      v.assign_range(std::array<int, 2>{2, 3});
      expect(S(v) == L{2, 3}, "assign_range");)cpp"},
};

// One probe per VectorConstruction, in the enum's order.
const Probe ConstructionProbes[] = {
    {"Default", "requires std::default_initializable<V>; V(); V{};",
     R"cpp(
      V v;
      expect(v.empty(), "V v;");)cpp"},
    {"Count", "V(std::size_t(3)); V(3);",
     // Over bytes that are not zero, so value-initialization shows.
     R"cpp(
      alignas(V) unsigned char Bytes[sizeof(V)];
      std::memset(Bytes, 0xff, sizeof(Bytes));
      V *v = new (Bytes) V(3);
      expect(S(*v) == L{0, 0, 0}, "V(n) value-initializes");
      v->~V();)cpp"},
    {"CountValue", "V(std::size_t(3), x); V(3, 5);",
     R"cpp(
      expect(S(V(3, 5)) == L{5, 5, 5}, "V(int, int)");
      const int Seven = 7;
      expect(S(V(std::size_t(2), Seven)) == L{7, 7}, "V(n, x)");)cpp"},
    {"Range", "V(p, p); V(li, li);",
     R"cpp(
      int a[] = {1, 2, 3};
      expect(S(V(a, a + 3)) == L{1, 2, 3}, "V(first, last)");
      std::list<int> l{4, 5};
      expect(S(V(l.begin(), l.end())) == L{4, 5}, "V(list iterators)");)cpp"},
    {"InitializerList",
     "requires std::convertible_to<std::initializer_list<int>, V>; V{1, 2};",
     R"cpp(
      V v{2};
      expect(S(v) == L{2}, "V{n} is a list of one element");
      V w = {3, 4};
      expect(S(w) == L{3, 4}, "V w = {...}");)cpp"},
    {"Copy", "requires std::convertible_to<const V &, V>; V(cv);",
     R"cpp(
      V a{1, 2};
      V b(a);
      V c = a;
      expect(S(b) == L{1, 2} && S(c) == L{1, 2}, "copy construction");)cpp"},
    {"Move", "requires std::convertible_to<V &&, V>; V(std::move(w));",
     R"cpp(
      V a{1, 2};
      V b(std::move(a));
      expect(S(b) == L{1, 2}, "move construction");)cpp"},
};

// Free functions code uses with vectors: Expected is whether they work.
struct FreeProbe {
  const char *Name;
  const char *Requires;
  bool Expected;
};
const FreeProbe FreeProbes[] = {
    {"std::begin/end/cbegin",
     "std::begin(v); std::end(v); std::cbegin(cv); std::cend(cv);", true},
    {"std::size", "{ std::size(cv) } -> std::convertible_to<std::size_t>;",
     true},
    {"std::ssize", "{ std::ssize(cv) } -> std::signed_integral;", true},
    {"std::data", "std::data(v); std::data(cv);", true},
    {"std::empty", "{ std::empty(cv) } -> std::convertible_to<bool>;", true},
    {"std::swap", "std::swap(v, w);", true},
    // Overloaded for the standard containers only.
    {"std::erase", "std::erase(v, 1);", false},
    {"std::erase_if", "std::erase_if(v, [](int) { return true; });", false},
};

/// The probe program for \p Class<int, 8> (see the file comment).
std::string probeProgram(const InlineVectorClass &Class) {
  std::string Code = "#include " + Class.Header.str() + "\n";
  Code += R"cpp(#include <array>
#include <compare>
#include <concepts>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <list>
#include <new>
#include <stdexcept>
#include <utility>
#include <vector>
using L = std::vector<int>;
template <class C> L S(const C &c) { return L(c.begin(), c.end()); }
void expect(bool Ok, const char *What) {
  if (!Ok)
    std::printf("bad %s\n", What);
}
)cpp";
  Code += "using Probed = " + Class.spell("int", 8) + ";\n";
  auto AddRequires = [&](llvm::StringRef Prefix, size_t Index,
                         llvm::StringRef Requires) {
    Code += "template <class V> constexpr bool " + Prefix.str() +
            std::to_string(Index) + " = requires(" + ProbeParameters + ") { " +
            Requires.str() + " };\n";
  };
  for (size_t I = 0; I < std::size(MemberProbes); ++I)
    AddRequires("Member", I, MemberProbes[I].Requires);
  for (size_t I = 0; I < std::size(ConstructionProbes); ++I)
    AddRequires("Construction", I, ConstructionProbes[I].Requires);
  for (size_t I = 0; I < std::size(FreeProbes); ++I)
    AddRequires("Free", I, FreeProbes[I].Requires);

  // std::vector's meaning, for what the class has (discarded otherwise).
  Code += "template <class V> void semantics() {\n";
  auto AddSemantics = [&](llvm::StringRef Prefix, size_t Index,
                          llvm::StringRef Semantics) {
    if (Semantics.empty())
      return;
    Code += "  if constexpr (" + Prefix.str() + std::to_string(Index) +
            "<V>) {\n    " + Semantics.str() + "\n  }\n";
  };
  for (size_t I = 0; I < std::size(MemberProbes); ++I)
    AddSemantics("Member", I, MemberProbes[I].Semantics);
  for (size_t I = 0; I < std::size(ConstructionProbes); ++I)
    AddSemantics("Construction", I, ConstructionProbes[I].Semantics);
  Code += "}\nint main() {\n";
  auto AddReport = [&](llvm::StringRef Kind, llvm::StringRef Prefix,
                       size_t Index, llvm::StringRef Name) {
    Code += "  std::printf(\"" + Kind.str() + " %d " + Name.str() +
            "\\n\", int(" + Prefix.str() + std::to_string(Index) +
            "<Probed>));\n";
  };
  for (size_t I = 0; I < std::size(MemberProbes); ++I)
    AddReport("member", "Member", I, MemberProbes[I].Name);
  for (size_t I = 0; I < std::size(ConstructionProbes); ++I)
    AddReport("construction", "Construction", I, ConstructionProbes[I].Name);
  for (size_t I = 0; I < std::size(FreeProbes); ++I)
    AddReport("free", "Free", I, FreeProbes[I].Name);
  Code += "  semantics<Probed>();\n}\n";
  return Code;
}

struct ProbeResult {
  llvm::StringMap<bool> Members, Constructions, Free;
  std::vector<std::string> Differences;
};

/// Compiles and runs the probe for \p Class; nullopt (after a test
/// failure) when that fails.
std::optional<ProbeResult> runProbe(const InlineVectorClass &Class,
                                    const std::vector<std::string> &Args) {
  std::string Error;
  std::vector<std::string> AllArgs = {"-std=c++20"};
  AllArgs.insert(AllArgs.end(), Args.begin(), Args.end());
  std::optional<std::string> Out =
      layout::test::compileAndRun(probeProgram(Class), Error, AllArgs);
  if (!Out) {
    ADD_FAILURE() << Class.Name.str() << ": " << Error;
    return std::nullopt;
  }
  ProbeResult Result;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  llvm::StringRef(*Out).split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Line : Lines) {
    auto [Kind, Rest] = Line.split(' ');
    if (Kind == "bad") {
      Result.Differences.push_back(Rest.str());
      continue;
    }
    auto [Found, Name] = Rest.split(' ');
    llvm::StringMap<bool> *Map = Kind == "member" ? &Result.Members
                                 : Kind == "construction"
                                     ? &Result.Constructions
                                 : Kind == "free" ? &Result.Free
                                                  : nullptr;
    if (!Map || (Found != "0" && Found != "1")) {
      ADD_FAILURE() << "unexpected output line: " << Line.str();
      return std::nullopt;
    }
    (*Map)[Name] = Found == "1";
  }
  return Result;
}

void expectTableMatchesHeader(const InlineVectorClass &Class,
                              const std::vector<std::string> &Args) {
  SCOPED_TRACE(Class.Name.str());
  std::optional<ProbeResult> Found = runProbe(Class, Args);
  ASSERT_TRUE(Found.has_value());
  for (llvm::StringRef Member : vectorMemberNames()) {
    auto It = Found->Members.find(Member);
    ASSERT_NE(It, Found->Members.end()) << "no probe for " << Member.str();
    EXPECT_EQ(Class.hasMember(Member), It->second)
        << Member.str() << ": the table says "
        << (Class.hasMember(Member) ? "yes" : "no") << ", the header "
        << (It->second ? "has it" : "does not have it (in every form)");
  }
  for (unsigned I = 0; I < NumVectorConstructions; ++I) {
    const char *Name = ConstructionProbes[I].Name;
    auto It = Found->Constructions.find(Name);
    ASSERT_NE(It, Found->Constructions.end()) << Name;
    EXPECT_EQ(Class.hasConstruction(static_cast<VectorConstruction>(I)),
              It->second)
        << "construction " << Name;
  }
  for (const FreeProbe &Free : FreeProbes)
    EXPECT_EQ(Found->Free.lookup(Free.Name), Free.Expected) << Free.Name;
  // Every member and construction the class has means what it means for
  // std::vector.
  for (const std::string &Difference : Found->Differences)
    ADD_FAILURE() << "differs from std::vector: " << Difference;
}

TEST(InlineVectorClassesTest, EveryEntryHasAProbe) {
  llvm::StringSet<> Probed;
  for (const Probe &P : MemberProbes)
    EXPECT_TRUE(Probed.insert(P.Name).second) << "two probes for " << P.Name;
  llvm::StringSet<> Named;
  for (llvm::StringRef Member : vectorMemberNames()) {
    EXPECT_TRUE(Named.insert(Member).second) << "named twice: " << Member.str();
    EXPECT_TRUE(Probed.contains(Member)) << "no probe for " << Member.str();
  }
  EXPECT_EQ(Named.size(), Probed.size());
  EXPECT_LE(vectorMemberNames().size(), 64u);
  EXPECT_EQ(std::size(ConstructionProbes), size_t(NumVectorConstructions));
}

TEST(InlineVectorClassesTest, BoostTableMatchesTheHeader) {
  const InlineVectorClass *Boost =
      findInlineVectorPreset("boost::container::small_vector");
  ASSERT_TRUE(Boost);
  expectTableMatchesHeader(*Boost, {});
}

TEST(InlineVectorClassesTest, LlvmTableMatchesTheHeader) {
  const InlineVectorClass *Llvm = findInlineVectorPreset("llvm::SmallVector");
  ASSERT_TRUE(Llvm);
  // SmallVector's growth is out of line, in libLLVM.
  expectTableMatchesHeader(*Llvm, {"-I" ALLOC_TIDY_LLVM_ROOT "/include",
                                   "-L" ALLOC_TIDY_LLVM_ROOT "/lib", "-lLLVM",
                                   "-Wl,-rpath," ALLOC_TIDY_LLVM_ROOT "/lib"});
}

// What the probes found, spelled out: what each preset lacks of
// std::vector.
TEST(InlineVectorClassesTest, WhatEachPresetLacks) {
  auto Lacks = [](llvm::StringRef Name) {
    std::vector<std::string> Missing;
    const InlineVectorClass *Class = findInlineVectorPreset(Name);
    if (!Class)
      return std::vector<std::string>{"(no such preset)"};
    for (llvm::StringRef Member : vectorMemberNames())
      if (!Class->hasMember(Member))
        Missing.push_back(Member.str());
    return Missing;
  };
  using Names = std::vector<std::string>;
  const Names Cxx20And23 = {"operator<=>", "append_range", "insert_range",
                            "assign_range"};
  EXPECT_EQ(Lacks("boost::container::small_vector"), Cxx20And23);
  EXPECT_EQ(Lacks("absl::InlinedVector"), Cxx20And23);
  EXPECT_EQ(Lacks("folly::small_vector"), Cxx20And23);
  EXPECT_EQ(Lacks("llvm::SmallVector"),
            (Names{"get_allocator", "at", "cbegin", "cend", "crbegin", "crend",
                   "shrink_to_fit", "insert", "emplace", "operator<=>",
                   "append_range", "insert_range", "assign_range"}));
  for (const InlineVectorClass &Class : inlineVectorPresets()) {
    EXPECT_TRUE(Class.Preset);
    for (unsigned I = 0; I < NumVectorConstructions; ++I)
      EXPECT_TRUE(Class.hasConstruction(static_cast<VectorConstruction>(I)))
          << Class.Name.str() << " " << I;
    EXPECT_TRUE(Class.hasMember("insert(iterator)")) << Class.Name.str();
  }
  ASSERT_FALSE(inlineVectorPresets().empty());
  EXPECT_EQ(inlineVectorPresets().front().Name,
            "boost::container::small_vector");
  EXPECT_FALSE(inlineVectorPresets().front().hasMember("ssize"));
  EXPECT_FALSE(inlineVectorPresets().front().hasMember("no_such_member"));
}

TEST(InlineVectorClassesTest, WhetherAClassCanReplaceTheVector) {
  const InlineVectorClass *Llvm = findInlineVectorPreset("llvm::SmallVector");
  ASSERT_TRUE(Llvm);
  llvm::StringSet<> Indexing = {"push_back", "operator[]"};
  ReplacementFit Fit =
      fitOfReplacement(*Llvm, Indexing, {VectorConstruction::Count}, false);
  EXPECT_TRUE(Fit.Silence.empty());
  EXPECT_TRUE(Fit.NoFix.empty());
  // A member the class lacks: silent.
  llvm::StringSet<> At = {"at"};
  EXPECT_EQ(fitOfReplacement(*Llvm, At, {}, false).Silence,
            "the replacement lacks at");
  // A construction a class of the project's own may lack: the code chose
  // it, the advice stands without a fix-it; else silent.
  InlineVectorClass Own = *Llvm;
  Own.Name = "my::Vec";
  Own.Preset = false;
  Own.Constructions = 1u << unsigned(VectorConstruction::Default);
  std::vector<VectorConstruction> Built = {VectorConstruction::Count,
                                           VectorConstruction::Range};
  Fit = fitOfReplacement(Own, Indexing, Built, true);
  EXPECT_TRUE(Fit.Silence.empty());
  EXPECT_EQ(Fit.NoFix, "my::Vec is the project's own class, assumed to be "
                       "default-constructible only; construct it empty and "
                       "append");
  EXPECT_EQ(fitOfReplacement(Own, Indexing, Built, false).Silence,
            "the replacement cannot be constructed this way");
  EXPECT_TRUE(
      fitOfReplacement(Own, Indexing, {VectorConstruction::Default}, false)
          .NoFix.empty());
}

TEST(InlineVectorClassesTest, FindPreset) {
  const InlineVectorClass *Boost =
      findInlineVectorPreset("::boost::container::small_vector");
  ASSERT_TRUE(Boost);
  EXPECT_EQ(Boost->Header, "<boost/container/small_vector.hpp>");
  const InlineVectorClass *Llvm = findInlineVectorPreset("llvm::SmallVector");
  ASSERT_TRUE(Llvm);
  EXPECT_EQ(Llvm->Header, "\"llvm/ADT/SmallVector.h\"");
  const InlineVectorClass *Absl = findInlineVectorPreset("absl::InlinedVector");
  ASSERT_TRUE(Absl);
  EXPECT_EQ(Absl->Header, "\"absl/container/inlined_vector.h\"");
  const InlineVectorClass *Folly =
      findInlineVectorPreset("folly::small_vector");
  ASSERT_TRUE(Folly);
  EXPECT_EQ(Folly->Header, "<folly/small_vector.h>");
  EXPECT_FALSE(findInlineVectorPreset("small_vector"));
  EXPECT_FALSE(findInlineVectorPreset("std::vector"));
  EXPECT_FALSE(findInlineVectorPreset(""));
}

TEST(InlineVectorClassesTest, Spell) {
  InlineVectorClass Class;
  std::string Error;
  ASSERT_TRUE(resolveInlineVectorClass("boost::container::small_vector", "",
                                       Class, Error));
  EXPECT_EQ(Class.spell("Cell", 120),
            "boost::container::small_vector<Cell, 120>");
  ASSERT_TRUE(
      resolveInlineVectorClass("::llvm::SmallVector", "", Class, Error));
  EXPECT_EQ(Class.spell("std::pair<int, int>", 4),
            "llvm::SmallVector<std::pair<int, int>, 4>");
  EXPECT_EQ(Class.spell("char", 18446744073709551615ull),
            "llvm::SmallVector<char, 18446744073709551615>");
}

TEST(InlineVectorClassesTest, ResolvePresets) {
  InlineVectorClass Class;
  std::string Error;
  ASSERT_TRUE(resolveInlineVectorClass("llvm::SmallVector", "", Class, Error));
  EXPECT_EQ(Class.Name, "llvm::SmallVector");
  EXPECT_EQ(Class.Header, "\"llvm/ADT/SmallVector.h\"");
  EXPECT_TRUE(Class.Preset);
  EXPECT_FALSE(Class.hasMember("at"));
  EXPECT_TRUE(Error.empty());

  ASSERT_TRUE(resolveInlineVectorClass("::boost::container::small_vector", "",
                                       Class, Error));
  EXPECT_EQ(Class.Name, "boost::container::small_vector");
  EXPECT_TRUE(Class.hasMember("at"));

  // A header given with a preset replaces the preset's.
  ASSERT_TRUE(resolveInlineVectorClass(
      "llvm::SmallVector", "<llvm/ADT/SmallVector.h>", Class, Error));
  EXPECT_EQ(Class.Header, "<llvm/ADT/SmallVector.h>");
  EXPECT_TRUE(Class.Preset);
  // The preset table itself is untouched.
  EXPECT_EQ(findInlineVectorPreset("llvm::SmallVector")->Header,
            "\"llvm/ADT/SmallVector.h\"");
}

TEST(InlineVectorClassesTest, ResolveUserClass) {
  InlineVectorClass Class;
  std::string Error;
  EXPECT_FALSE(resolveInlineVectorClass("my::Vec", "", Class, Error));
  EXPECT_EQ(Error,
            "'my::Vec' is not a preset; give its header in SmallVectorHeader");

  Error.clear();
  ASSERT_TRUE(
      resolveInlineVectorClass("::my::Vec", "\"my/vec.h\"", Class, Error));
  EXPECT_EQ(Class.Name, "my::Vec");
  EXPECT_EQ(Class.Header, "\"my/vec.h\"");
  EXPECT_FALSE(Class.Preset);
  EXPECT_EQ(Class.spell("int", 3), "my::Vec<int, 3>");
  // The members every preset has, and no others.
  for (llvm::StringRef Member : vectorMemberNames()) {
    const bool InAll =
        llvm::all_of(inlineVectorPresets(), [&](const InlineVectorClass &P) {
          return P.hasMember(Member);
        });
    EXPECT_EQ(Class.hasMember(Member), InAll) << Member.str();
  }
  EXPECT_TRUE(Class.hasMember("push_back"));
  EXPECT_TRUE(Class.hasMember("insert(iterator)"));
  EXPECT_FALSE(Class.hasMember("insert"));
  EXPECT_FALSE(Class.hasMember("at"));
  EXPECT_TRUE(Class.hasConstruction(VectorConstruction::Range));

  // Bare and angled headers are taken as given.
  ASSERT_TRUE(resolveInlineVectorClass("Vec", "my/vec.h", Class, Error));
  EXPECT_EQ(Class.Header, "my/vec.h");
  ASSERT_TRUE(
      resolveInlineVectorClass("a::b::Vec_2", "<my/vec.h>", Class, Error));
  EXPECT_EQ(Class.Name, "a::b::Vec_2");
}

TEST(InlineVectorClassesTest, ResolveErrors) {
  const InlineVectorClass Untouched =
      *findInlineVectorPreset("folly::small_vector");
  const char *BadNames[] = {
      "",     "  ",     "::",       "my::",  "my:::Vec", "my::Vec<int>",
      "1Vec", "my Vec", "my::Vec*", "my.Vec"};
  for (const char *Name : BadNames) {
    InlineVectorClass Class = Untouched;
    std::string Error;
    EXPECT_FALSE(resolveInlineVectorClass(Name, "<vec.h>", Class, Error))
        << "'" << Name << "'";
    EXPECT_FALSE(Error.empty()) << "'" << Name << "'";
    EXPECT_EQ(Class.Name, Untouched.Name) << "left unchanged on error";
  }
  std::string Error;
  InlineVectorClass Class;
  EXPECT_FALSE(resolveInlineVectorClass("", "", Class, Error));
  EXPECT_EQ(Error, "the class name is empty");
  EXPECT_FALSE(resolveInlineVectorClass("my::Vec<int>", "<v.h>", Class, Error));
  EXPECT_EQ(Error, "'my::Vec<int>' is not a qualified class name like "
                   "my::Vector (without template arguments)");
  const char *BadHeaders[] = {"<my/vec.h", "\"my/vec.h", "<>",
                              "\"\"",      "my/vec.h>",  "<a> <b>"};
  for (const char *Header : BadHeaders) {
    Error.clear();
    EXPECT_FALSE(resolveInlineVectorClass("my::Vec", Header, Class, Error))
        << Header;
    EXPECT_NE(Error.find("is not a header name"), std::string::npos)
        << Header << ": " << Error;
    // Also for a preset: a malformed override is an error, not ignored.
    EXPECT_FALSE(
        resolveInlineVectorClass("llvm::SmallVector", Header, Class, Error))
        << Header;
  }
}

} // namespace
} // namespace alloc_tidy
