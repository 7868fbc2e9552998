//===--- RecordInstancesTest.cpp - where a unit makes many of a record ----===//

#include "lib/analysis/facts/RecordInstances.h"
#include "AnalysisTestUtils.h"
#include "gtest/gtest.h"

namespace alloc_tidy {
namespace {

using Kind = InstanceEvidence::Kind;
using test::findRecord;
using test::parseCode;

struct Parsed {
  std::unique_ptr<clang::ASTUnit> AST;
  RecordInstances Instances;
};

Parsed parse(llvm::StringRef Code) {
  std::unique_ptr<clang::ASTUnit> AST = parseCode(Code);
  EXPECT_TRUE(AST);
  EXPECT_FALSE(test::hasErrors(*AST));
  RecordInstances Instances = RecordInstances::collect(AST->getASTContext());
  return {std::move(AST), std::move(Instances)};
}

std::vector<InstanceEvidence> evidence(Parsed &P, llvm::StringRef Record) {
  const clang::CXXRecordDecl *RD = findRecord(P.AST->getASTContext(), Record);
  EXPECT_TRUE(RD) << Record.str();
  std::vector<InstanceEvidence> Out;
  if (RD)
    for (const LocatedEvidence &E : P.Instances.evidenceFor(*RD))
      Out.push_back(E.Evidence);
  return Out;
}

TEST(RecordInstancesTest, ContainersAndArrays) {
  Parsed P = parse(R"cc(
#include <array>
#include <map>
#include <vector>
    struct Row { char A; double B; char C; };
    struct Key { int K; };
    struct Value { double V; };
    struct Fixed { int X; };
    struct Plain { int X; };
    struct Entry { int X; };
    struct Cell { int X; };
    std::vector<Row> Rows;
    std::map<Key, std::pair<int, Value>> Index;
    std::array<Fixed, 16> Slots;
    Plain Table[4][8];
    Plain One[1];
    const Entry Entries[] = {{1}, {2}, {3}};
    void f() { static const Entry Local[2] = {}; Entry Mutable[2]; }
    const std::array<Cell, 2> Cells = {};
    std::array<Cell, 3> MutableCells;
    int countCells(const std::array<Cell, 2> &View, const Cell (*Raw)[2]);
    bool operator<(const Key &A, const Key &B) { return A.K < B.K; }
  )cc");
  auto Rows = evidence(P, "Row");
  ASSERT_EQ(Rows.size(), 1u);
  EXPECT_EQ(Rows[0].What, Kind::ContainerElement);
  EXPECT_EQ(Rows[0].Via, "std::vector<Row>");
  EXPECT_EQ(Rows[0].Where, "input.cc:12");
  EXPECT_FALSE(Rows[0].Count);
  EXPECT_EQ(evidence(P, "Key").size(), 1u);
  auto Values = evidence(P, "Value");
  ASSERT_EQ(Values.size(), 1u);
  EXPECT_EQ(Values[0].What, Kind::ContainerElement);
  auto Fixed = evidence(P, "Fixed");
  ASSERT_EQ(Fixed.size(), 1u);
  EXPECT_EQ(Fixed[0].Count, 16u);
  auto Plain = evidence(P, "Plain");
  ASSERT_EQ(Plain.size(), 1u); // Table; an array of one is not many
  EXPECT_EQ(Plain[0].What, Kind::ArrayElement);
  EXPECT_EQ(Plain[0].Via, "Table");
  EXPECT_EQ(Plain[0].Count, 32u);
  EXPECT_FALSE(Plain[0].ConstantTable);
  // Constant arrays of static storage are tables; a local array is not.
  auto Entries = evidence(P, "Entry");
  ASSERT_EQ(Entries.size(), 3u);
  EXPECT_EQ(Entries[0].Via, "Entries");
  EXPECT_EQ(Entries[0].Count, 3u);
  EXPECT_TRUE(Entries[0].ConstantTable);
  EXPECT_EQ(Entries[1].Via, "Local");
  EXPECT_TRUE(Entries[1].ConstantTable);
  EXPECT_EQ(Entries[2].Via, "Mutable");
  EXPECT_FALSE(Entries[2].ConstantTable);
  // A constant std::array of static storage is a table too; a reference or
  // pointer to a constant fixed array (countCells) makes no instances.
  auto Cells = evidence(P, "Cell");
  ASSERT_EQ(Cells.size(), 2u);
  EXPECT_EQ(Cells[0].What, Kind::ContainerElement);
  EXPECT_EQ(Cells[0].Count, 2u);
  EXPECT_TRUE(Cells[0].ConstantTable);
  EXPECT_EQ(Cells[1].Count, 3u);
  EXPECT_FALSE(Cells[1].ConstantTable);
}

TEST(RecordInstancesTest, UserContainersAndTemplates) {
  Parsed P = parse(R"cc(
    template <typename T> struct Bag {
      void insert(const T &);
    };
    template <typename T> struct Base { void push_back(const T &); };
    template <typename T> struct Derived : Base<T> {};
    template <typename T> struct Holder {
      T Only;
      template <typename... A> void emplace(A &&...);
    };
    struct A { int X; };
    struct B { int X; };
    struct C { int X; };
    Bag<A> As;
    Derived<B> Bs;
    Holder<C> Cs;
  )cc");
  EXPECT_EQ(evidence(P, "A").size(), 1u);
  EXPECT_EQ(evidence(P, "B").size(), 1u);
  // Holder holds one value (emplace replaces it): one C, not many.
  EXPECT_TRUE(evidence(P, "C").empty());
}

TEST(RecordInstancesTest, Allocations) {
  Parsed P = parse(R"cc(
#include <memory>
    struct Node { int X; };
    struct Single { int X; };
    struct Shared { int X; };
    struct Many { int X; };
    template <int Size> Many *inTemplate() { return new Many[Size]; }
    void build(int N) {
      for (int I = 0; I < N; ++I) {
        new Node;
        std::make_shared<Shared>();
      }
      std::unique_ptr<Single> S = std::make_unique<Single>();
      Many *M = new Many[N];
      delete[] M;
    }
  )cc");
  auto Nodes = evidence(P, "Node");
  ASSERT_EQ(Nodes.size(), 1u);
  EXPECT_EQ(Nodes[0].What, Kind::LoopAllocation);
  EXPECT_EQ(Nodes[0].Via, "new Node");
  auto Shared = evidence(P, "Shared");
  ASSERT_EQ(Shared.size(), 1u);
  EXPECT_EQ(Shared[0].What, Kind::LoopAllocation);
  EXPECT_FALSE(Shared[0].ExactChunk);
  auto Single = evidence(P, "Single");
  ASSERT_EQ(Single.size(), 1u);
  EXPECT_EQ(Single[0].What, Kind::HeapAllocation);
  EXPECT_EQ(Single[0].Via, "std::make_unique<Single>");
  // In the template the size depends on its argument: not evaluated.
  auto Many = evidence(P, "Many");
  ASSERT_EQ(Many.size(), 2u);
  EXPECT_EQ(Many[0].What, Kind::ArrayNew);
  EXPECT_EQ(Many[0].Via, "new Many[n]");
  EXPECT_EQ(Many[1].Via, "new Many[n]");
}

TEST(RecordInstancesTest, MembersOfManyAreMany) {
  Parsed P = parse(R"cc(
    struct Cell { int X; };
    struct Base { int Y; };
    struct Row : Base { Cell One; Cell *Pointed; };
    struct Other { Cell C; };
    Row Rows[8];
    Other JustOne;
  )cc");
  auto Cells = evidence(P, "Cell");
  ASSERT_EQ(Cells.size(), 1u);
  EXPECT_EQ(Cells[0].What, Kind::MemberOf);
  EXPECT_EQ(Cells[0].Via, "Row");
  ASSERT_EQ(Cells[0].Inner.size(), 1u);
  EXPECT_EQ(Cells[0].Inner[0].Via, "Rows");
  EXPECT_EQ(evidence(P, "Base").size(), 1u);
  EXPECT_TRUE(evidence(P, "Other").empty());
}

TEST(RecordInstancesTest, Tails) {
  Parsed P = parse(R"cc(
#include <cstdlib>
#include <cstddef>
    struct Flexible { int N; char Data[]; };
    struct One { int N; char Data[1]; };
    struct Addressed { int N; double Last; };
    struct Sized { int N; char Data[4]; };
    struct Offset { int N; char Data[4]; };
    struct Normal { int N; char Data[4]; };
    double at(Addressed *A, int I) { return (&A->Last)[I]; }
    Sized *make(int N) { return (Sized *)malloc(sizeof(Sized) + N); }
    Offset *make2(int N) {
      return (Offset *)malloc(offsetof(Offset, Data) + N);
    }
    char get(Normal *N, int I) { return N->Data[I]; }
  )cc");
  auto Tail = [&](llvm::StringRef Name) {
    return P.Instances.tailReason(*findRecord(P.AST->getASTContext(), Name));
  };
  EXPECT_EQ(Tail("Flexible"), "'Data' is a flexible array member");
  EXPECT_EQ(Tail("One"), "'Data' is a trailing array of 1 element, the start "
                         "of a variable-length tail");
  EXPECT_EQ(Tail("Addressed"), "the address of 'Last' is used past it at "
                               "input.cc:10, the start of a variable-length "
                               "tail");
  EXPECT_EQ(Tail("Sized"), "it is allocated with room past its end at "
                           "input.cc:11, for more elements of its last field "
                           "'Data'");
  EXPECT_NE(Tail("Offset"), "");
  EXPECT_EQ(Tail("Normal"), "");
}

} // namespace
} // namespace alloc_tidy
