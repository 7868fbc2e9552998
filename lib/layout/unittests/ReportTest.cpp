//===--- ReportTest.cpp - renderers, JSON reader and diff -----------------===//
//
// The renderers are tested on layouts built by hand, so that a change in the
// builder cannot hide a change in the wording, and the JSON round trip on the
// same layouts with every kind of entry.
//
//===----------------------------------------------------------------------===//

#include "lib/layout/Report.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"
#include <algorithm>
#include <string>

using namespace alloc_tidy::layout;

namespace {

LayoutEntry field(std::string Name, std::string Type, uint64_t Offset,
                  uint64_t Size, uint64_t Align) {
  LayoutEntry E;
  E.Kind = EntryKind::Field;
  E.Name = std::move(Name);
  E.Type = std::move(Type);
  E.Offset = Offset;
  E.Size = Size;
  E.Align = Align;
  return E;
}

LayoutEntry bitField(std::string Name, uint64_t BitOffset, uint64_t Width) {
  LayoutEntry E = field(std::move(Name), "unsigned int", BitOffset / 8,
                        (BitOffset + Width + 7) / 8 - BitOffset / 8, 4);
  E.IsBitField = true;
  E.BitOffset = BitOffset;
  E.BitWidth = Width;
  return E;
}

/// struct ns::Mixed { int a; double b; unsigned f : 3, g : 2; } on x86_64,
/// with g placed one bit after f to have a bit-level hole too.
RecordLayout mixed() {
  RecordLayout L;
  L.Name = "Mixed";
  L.QualifiedName = "ns::Mixed";
  L.Kind = "struct";
  L.File = "mixed.h";
  L.Line = 3;
  L.Size = 24;
  L.DataSize = 17;
  L.Align = 8;
  L.Entries = {field("a", "int", 0, 4, 4), field("b", "double", 8, 8, 8),
               bitField("f", 128, 3), bitField("g", 132, 2)};
  L.Entries[1].File = "mixed.h";
  L.Entries[1].Line = 5;
  L.Holes = {{0, 4, 4, 0}, {2, 16, 0, 1}};
  L.TailPadding = 7;
  L.PaddingBytes = 11;
  L.CacheLines = 1;
  L.Optimal = ReorderResult{{"b", "a", "f", "g"}, 16};
  return L;
}

/// class Derived : Base { virtual ...; char c; } with a vptr, a base, and a
/// virtual base, as an Itanium layout.
RecordLayout derived() {
  RecordLayout L;
  L.Name = "Derived";
  L.QualifiedName = "Derived";
  L.Kind = "class";
  L.File = "derived.h";
  L.Line = 10;
  L.Size = 24;
  L.DataSize = 20;
  L.Align = 8;
  L.IsDynamic = true;
  LayoutEntry VPtr = field("__vptr", "void *", 0, 8, 8);
  VPtr.Kind = EntryKind::VPtr;
  LayoutEntry Empty = field("Empty", "Empty", 8, 0, 1);
  Empty.Kind = EntryKind::Base;
  Empty.IsEmpty = true;
  LayoutEntry Base = field("Base", "Base", 8, 4, 4);
  Base.Kind = EntryKind::Base;
  LayoutEntry VBase = field("V", "V", 16, 4, 4);
  VBase.Kind = EntryKind::VirtualBase;
  L.Entries = {VPtr, Empty, Base, field("c", "char", 12, 1, 1), VBase};
  L.Holes = {{3, 13, 3, 0}};
  L.TailPadding = 4;
  L.PaddingBytes = 7;
  L.CacheLines = 1;
  return L;
}

RecordLayout tight() {
  RecordLayout L;
  L.Name = L.QualifiedName = "Tight";
  L.Kind = "struct";
  L.File = "tight.h";
  L.Line = 1;
  L.Size = L.DataSize = 8;
  L.Align = 4;
  L.Entries = {field("x", "int", 0, 4, 4), field("y", "int", 4, 4, 4)};
  L.CacheLines = 1;
  return L;
}

Report report() {
  Report R;
  R.Target = "x86_64-pc-linux-gnu";
  R.Abi = "itanium";
  R.TranslationUnits = 2;
  R.Records = {mixed(), derived(), tight()};
  return R;
}

std::string text(const Report &R, RenderOptions Options = {}) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  renderText(R, OS, Options);
  return S;
}

std::string markdown(const Report &R, RenderOptions Options = {}) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  renderMarkdown(R, OS, Options);
  return S;
}

std::string json(const Report &R) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  renderJson(R, OS);
  return S;
}

std::string html(const Report &R) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  renderHtml(R, OS);
  return S;
}

/// Position of \p Needle in \p Hay, failing the test when it is missing.
size_t at(const std::string &Hay, const std::string &Needle) {
  size_t Pos = Hay.find(Needle);
  EXPECT_NE(Pos, std::string::npos) << "missing: " << Needle << "\nin:\n"
                                    << Hay;
  return Pos;
}

//===----------------------------------------------------------------------===//
// Totals
//===----------------------------------------------------------------------===//

TEST(ReportTotals, PaddingAndMostWasteful) {
  Report R = report();
  EXPECT_EQ(totalPaddingBytes(R), 18u);
  // Tight has no padding, so it is not wasteful at all.
  EXPECT_EQ(mostWasteful(R, 10), (std::vector<size_t>{0, 1}));
  EXPECT_EQ(mostWasteful(R, 1), (std::vector<size_t>{0}));
  EXPECT_TRUE(mostWasteful(R, 0).empty());
}

TEST(ReportTotals, TiesAreBrokenByName) {
  Report R;
  R.Records = {tight(), tight()};
  R.Records[0].QualifiedName = "Zeta";
  R.Records[1].QualifiedName = "Alpha";
  R.Records[0].PaddingBytes = R.Records[1].PaddingBytes = 4;
  EXPECT_EQ(mostWasteful(R, 10), (std::vector<size_t>{1, 0}));
}

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

TEST(ReportText, HeaderMembersAndHolesInOrder) {
  std::string S = text(report());
  at(S, "// alloc-layout: 3 records from 2 translation units, target "
        "x86_64-pc-linux-gnu (Itanium C++ ABI)");
  size_t Header = at(S, "struct ns::Mixed {  // mixed.h:3");
  size_t A = at(S, "int          a;");
  size_t Hole = at(S, "/* XXX 4 bytes hole, try to pack */");
  size_t B = at(S, "double       b;");
  EXPECT_LT(Header, A);
  EXPECT_LT(A, Hole);
  EXPECT_LT(Hole, B);
  // Offset and size columns.
  at(S, "a;     /*      0     4 */");
  at(S, "b;     /*      8     8 */");
}

TEST(ReportText, BitFieldsShowByteBitAndWidth) {
  std::string S = text(report());
  at(S, "unsigned int f : 3; /*   16:0     1  bits 128-130 */");
  at(S, "unsigned int g : 2; /*   16:4     1  bits 132-133 */");
  // The spare bit between f and g is a hole of bits, not bytes, and no
  // packing advice: bits cannot be reordered away like bytes.
  size_t BitHole = at(S, "/* XXX 1 bit hole */");
  EXPECT_LT(S.find("f : 3"), BitHole);
  EXPECT_LT(BitHole, S.find("g : 2"));
}

TEST(ReportText, OneBitAndZeroBits) {
  Report R;
  R.Records = {tight()};
  R.Records[0].Entries = {bitField("flag", 9, 1), bitField("none", 10, 0)};
  std::string S = text(R);
  at(S, "unsigned int flag : 1; /*    1:1     1  bit 9 */");
  at(S, "unsigned int none : 0; /*    1:2     1  no bits */");
}

TEST(ReportText, SummaryTailPaddingAndBetterOrder) {
  std::string S = text(report());
  at(S, "/* XXX 7 bytes tail padding */");
  at(S, "/* size: 24, align: 8, members: 4, holes: 2 (4 bytes), padding: 11 "
        "bytes + 1 bit, cache lines: 1 */");
  at(S, "/* better order: b, a, f, g -> 16 bytes (saves 8) */");
  // Tight needs none of it.
  size_t TightStart = at(S, "struct Tight {");
  std::string TightText =
      S.substr(TightStart, S.find("};", TightStart) - TightStart);
  EXPECT_EQ(TightText.find("XXX"), std::string::npos) << TightText;
  EXPECT_EQ(TightText.find("better order"), std::string::npos) << TightText;
}

TEST(ReportText, BasesAndPointers) {
  std::string S = text(report());
  at(S, "class Derived {  // derived.h:10");
  at(S, "void * __vptr;         /*      0     8 */");
  at(S, "Empty  <base>;         /*      8     0  empty */");
  at(S, "Base   <base>;         /*      8     4 */");
  at(S, "V      <virtual base>; /*     16     4 */");
  at(S, "/* XXX 3 bytes hole, try to pack */");
}

TEST(ReportText, TotalsAndTopN) {
  std::string S = text(report());
  at(S, "// total: 18 bytes of padding in 3 records");
  size_t Mixed = at(S, "//      11 of 24    ns::Mixed (reordered: 16)  "
                       "mixed.h:3");
  size_t Derived = at(S, "//       7 of 24    Derived  derived.h:10");
  EXPECT_LT(Mixed, Derived);
  RenderOptions None;
  None.TopN = 0;
  EXPECT_EQ(text(report(), None).find("most padding"), std::string::npos);
}

TEST(ReportText, EmptyReport) {
  Report R;
  EXPECT_EQ(text(R), "// alloc-layout: 0 records from 0 translation units\n"
                     "\n// total: 0 bytes of padding in 0 records\n");
}

//===----------------------------------------------------------------------===//
// Markdown
//===----------------------------------------------------------------------===//

TEST(ReportMarkdown, TablePerRecordWithPaddingRows) {
  std::string S = markdown(report());
  at(S, "# Record layouts\n\n3 records from 2 translation units, target "
        "`x86_64-pc-linux-gnu` (Itanium C++ ABI); 18 padding bytes in all.");
  at(S, "## struct `ns::Mixed`\n\nDefined at `mixed.h:3`.\n\n"
        "| Offset | Member | Type | Size |\n|---:|---|---|---:|\n"
        "| 0 | `a` | `int` | 4 |\n"
        "| 4 | *padding* | | **4** |\n"
        "| 8 | `b` | `double` | 8 |\n"
        "| 16 (bit 0) | `f : 3` | `unsigned int` | 1 (3 bits) |\n"
        "| 16 | *padding (1 bit)* | | |\n"
        "| 16 (bit 4) | `g : 2` | `unsigned int` | 1 (2 bits) |\n"
        "| 17 | *tail padding* | | **7** |\n\n"
        "Size 24 bytes, align 8, 4 members, 2 holes, 11 padding bytes, 1 "
        "cache line.\n"
        "A better order gives 16 bytes (saves 8): `b`, `a`, `f`, `g`.\n");
  at(S, "| 8 | `<base>` | `Base` | 4 |");
  at(S, "## Most padding\n\n"
        "| Record | Size | Padding | Reordered size | Defined at |\n"
        "|---|---:|---:|---:|---|\n"
        "| `ns::Mixed` | 24 | 11 | 16 | `mixed.h:3` |\n"
        "| `Derived` | 24 | 7 |  | `derived.h:10` |\n");
}

TEST(ReportMarkdown, PipesInTypesDoNotSplitCells) {
  Report R;
  R.Records = {tight()};
  R.Records[0].Entries[0].Type = "Flags<A | B>";
  at(markdown(R), "| 0 | `x` | `Flags<A \\| B>` | 4 |");
}

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

void expectSameEntry(const LayoutEntry &A, const LayoutEntry &B) {
  EXPECT_EQ(A.Kind, B.Kind) << A.Name;
  EXPECT_EQ(A.Name, B.Name);
  EXPECT_EQ(A.Type, B.Type) << A.Name;
  EXPECT_EQ(A.Offset, B.Offset) << A.Name;
  EXPECT_EQ(A.Size, B.Size) << A.Name;
  EXPECT_EQ(A.Align, B.Align) << A.Name;
  EXPECT_EQ(A.IsBitField, B.IsBitField) << A.Name;
  EXPECT_EQ(A.BitOffset, B.BitOffset) << A.Name;
  EXPECT_EQ(A.BitWidth, B.BitWidth) << A.Name;
  EXPECT_EQ(A.IsPrimaryBase, B.IsPrimaryBase) << A.Name;
  EXPECT_EQ(A.IsEmpty, B.IsEmpty) << A.Name;
  EXPECT_EQ(A.IsNoUniqueAddress, B.IsNoUniqueAddress) << A.Name;
  EXPECT_EQ(A.File, B.File) << A.Name;
  EXPECT_EQ(A.Line, B.Line) << A.Name;
}

void expectSameLayout(const RecordLayout &A, const RecordLayout &B) {
  EXPECT_EQ(A.Name, B.Name);
  EXPECT_EQ(A.QualifiedName, B.QualifiedName);
  EXPECT_EQ(A.Kind, B.Kind);
  EXPECT_EQ(A.File, B.File);
  EXPECT_EQ(A.Line, B.Line);
  EXPECT_EQ(A.Size, B.Size);
  EXPECT_EQ(A.DataSize, B.DataSize);
  EXPECT_EQ(A.Align, B.Align);
  EXPECT_EQ(A.IsPacked, B.IsPacked);
  EXPECT_EQ(A.IsUnion, B.IsUnion);
  EXPECT_EQ(A.IsDynamic, B.IsDynamic);
  ASSERT_EQ(A.Entries.size(), B.Entries.size()) << A.Name;
  for (size_t I = 0; I < A.Entries.size(); ++I)
    expectSameEntry(A.Entries[I], B.Entries[I]);
  ASSERT_EQ(A.Holes.size(), B.Holes.size());
  for (size_t I = 0; I < A.Holes.size(); ++I) {
    EXPECT_EQ(A.Holes[I].AfterEntry, B.Holes[I].AfterEntry);
    EXPECT_EQ(A.Holes[I].Offset, B.Holes[I].Offset);
    EXPECT_EQ(A.Holes[I].Size, B.Holes[I].Size);
    EXPECT_EQ(A.Holes[I].Bits, B.Holes[I].Bits);
  }
  EXPECT_EQ(A.TailPadding, B.TailPadding);
  EXPECT_EQ(A.PaddingBytes, B.PaddingBytes);
  EXPECT_EQ(A.CacheLines, B.CacheLines);
  EXPECT_EQ(A.CacheLineSize, B.CacheLineSize);
  ASSERT_EQ(A.Optimal.has_value(), B.Optimal.has_value());
  if (A.Optimal && B.Optimal) {
    EXPECT_EQ(A.Optimal->Size, B.Optimal->Size);
    EXPECT_EQ(A.Optimal->FieldOrder, B.Optimal->FieldOrder);
  }
}

TEST(ReportJson, RoundTrip) {
  Report R = report();
  // Every flag set somewhere, so that a flag the reader drops shows.
  R.Records[0].IsPacked = true;
  R.Records[0].Entries[0].IsNoUniqueAddress = true;
  R.Records[1].Entries[2].IsPrimaryBase = true;
  R.Records[1].Entries.back().Kind = EntryKind::VirtualBase;
  R.Records[2].IsUnion = true;
  R.Records[2].CacheLineSize = 128;
  LayoutEntry VBPtr = field("__vbptr", "void *", 8, 8, 8);
  VBPtr.Kind = EntryKind::VBPtr;
  R.Records[1].Entries.insert(R.Records[1].Entries.begin() + 1, VBPtr);

  llvm::Expected<Report> Back = readJsonReport(json(R));
  ASSERT_TRUE(static_cast<bool>(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(Back->Target, R.Target);
  EXPECT_EQ(Back->Abi, R.Abi);
  EXPECT_EQ(Back->TranslationUnits, R.TranslationUnits);
  ASSERT_EQ(Back->Records.size(), R.Records.size());
  for (size_t I = 0; I < R.Records.size(); ++I)
    expectSameLayout(R.Records[I], Back->Records[I]);
  // And the second generation prints the same.
  EXPECT_EQ(json(*Back), json(R));
}

TEST(ReportJson, Schema) {
  std::string S = json(report());
  at(S, "\"version\": 1\n}");
  at(S, "\"target\": \"x86_64-pc-linux-gnu\"");
  at(S, "\"abi\": \"itanium\"");
  // Bit-field keys only on bit-fields.
  size_t G = at(S, "\"name\": \"g\"");
  EXPECT_LT(S.rfind("\"bitWidth\": 2", S.find('}', G)), S.find('}', G));
  size_t A = at(S, "\"name\": \"a\"");
  EXPECT_GT(S.find("bitOffset", A), S.find('}', A));
  // Totals.
  at(S, "\"totals\": {\n    \"paddingBytes\": 18,\n    \"records\": 3,");
  at(S, "\"optimalSize\": null");
  at(S, "\"optimalOrder\": [\n        \"b\",");
}

std::string readError(llvm::StringRef Text) {
  llvm::Expected<Report> R = readJsonReport(Text);
  if (R)
    return "(no error)";
  return llvm::toString(R.takeError());
}

/// The report's JSON with the first \p From replaced by \p To.
std::string edited(llvm::StringRef From, llvm::StringRef To) {
  std::string S = json(report());
  size_t Pos = S.find(From.str());
  EXPECT_NE(Pos, std::string::npos) << From.str();
  if (Pos != std::string::npos)
    S.replace(Pos, From.size(), To.str());
  return S;
}

TEST(ReportJson, ReaderErrors) {
  EXPECT_EQ(readError("{\"version\": 1,"),
            "not JSON: [1:14, byte=14]: Expected object key");
  EXPECT_EQ(readError("[]"), "(top level): expected an object");
  EXPECT_EQ(readError("{\"records\": []}"),
            "version: missing (is this an alloc-layout JSON report?)");
  EXPECT_EQ(readError("{\"version\": 2, \"records\": []}"),
            "version: this alloc-layout reads version 1, the report is "
            "version 2");
  EXPECT_EQ(readError("{\"version\": 1, \"target\": \"\", \"abi\": \"\"}"),
            "records: missing");
  EXPECT_EQ(readError(edited("\"size\": 24", "\"size\": -1")),
            "records[0].size: expected an unsigned integer");
  EXPECT_EQ(readError(edited("\"size\": 24", "\"size\": \"24\"")),
            "records[0].size: expected an unsigned integer");
  EXPECT_EQ(readError(edited("\"qualifiedName\": \"ns::Mixed\",", "")),
            "records[0].qualifiedName: missing");
  EXPECT_EQ(readError(edited("\"type\": \"double\"", "\"type\": 7")),
            "records[0].fields[1].type: expected a string");
  EXPECT_EQ(readError(edited("\"bitWidth\": 3", "\"bitWidthX\": 3")),
            "records[0].fields[2]: a bit-field needs both bitOffset and "
            "bitWidth");
  EXPECT_EQ(readError(edited("\"index\": 1", "\"index\": 0")),
            "records[0].fields[1].index: index 0 is used twice");
  EXPECT_EQ(readError(edited("\"index\": 1", "\"index\": 9")),
            "records[0].fields[1].index: index 9 is out of range (the record "
            "has 4 entries)");
  EXPECT_EQ(readError(edited("\"after\": 0", "\"after\": 4")),
            "records[0].holes[0].after: entry 4 does not exist (the record "
            "has 4 entries)");
  EXPECT_EQ(readError(edited("\"kind\": \"vptr\"", "\"kind\": \"vtbl\"")),
            "records[1].abiPointers[0].kind: expected \"vptr\", \"vbptr\" or "
            "\"vtordisp\", not \"vtbl\"");
  EXPECT_EQ(readError(edited("\"dynamic\": true", "\"dynamic\": 1")),
            "records[1].dynamic: expected true or false");
  // A syntax error deep inside names its line and column.
  std::string S = json(report());
  size_t Line =
      1 + std::count(S.begin(), S.begin() + S.find("\"holes\": ["), '\n');
  std::string Error = readError(edited("\"holes\": [", "\"holes\": {["));
  EXPECT_EQ(Error.rfind("not JSON: [" + std::to_string(Line) + ":17,", 0), 0u)
      << Error;
}

//===----------------------------------------------------------------------===//
// HTML
//===----------------------------------------------------------------------===//

TEST(ReportHtml, SelfContainedAndEscaped) {
  Report R = report();
  R.Records[0].QualifiedName = "ns::Mixed<\"a\" & 'b'>";
  R.Records[0].Entries[0].Type = "T</script><script>alert(1)</script>";
  std::string S = html(R);
  at(S, "<!DOCTYPE html>");
  // Nothing is fetched from anywhere.
  EXPECT_EQ(S.find("src="), std::string::npos);
  EXPECT_EQ(S.find("http"), std::string::npos);
  EXPECT_EQ(S.find("<link"), std::string::npos);
  // Names are escaped in text and attributes, and cannot end a script.
  at(S, "<code>ns::Mixed&lt;&quot;a&quot; &amp; &#39;b&#39;&gt;</code>");
  at(S, "title=\"a: T&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
  EXPECT_EQ(S.find("alert(1)</script>"), std::string::npos);
  at(S, "\"name\":\"ns::Mixed\\u003c\\\"a\\\" & 'b'>\"");
}

TEST(ReportHtml, BarsColourMembersAndPadding) {
  std::string S = html(report());
  size_t Mixed = at(S, "<section class=\"record\" id=\"r0\">");
  // a: 4 of 24 bytes, then the 4-byte hole, then b.
  size_t A =
      at(S, "<div class=\"seg field\" style=\"left:0.000%;width:16.667%\" "
            "title=\"a: int&#10;offset 0, size 4\"><span>a</span></div>");
  (void)A;
  at(S, "<div class=\"seg pad\" style=\"left:16.667%;width:16.667%\" "
        "title=\"4 bytes hole at offset 4\">");
  at(S, "<div class=\"seg tail\" style=\"left:70.833%;width:29.167%\"");
  // f and g share byte 16: one box with both.
  at(S, "<span>f, g</span>");
  at(S, "class=\"seg vptr\"");
  at(S, "class=\"seg base\"");
  EXPECT_LT(Mixed, S.find("id=\"r1\""));
  // The table is built by the script from the data island.
  at(S, "<tbody id=\"wasteful-body\"></tbody>");
  at(S, "\"name\":\"ns::Mixed\"");
}

TEST(ReportHtml, CacheLineMarkers) {
  Report R;
  R.Records = {tight()};
  R.Records[0].Size = 200;
  std::string S = html(R);
  at(S, "title=\"cache line boundary at 64\"");
  at(S, "title=\"cache line boundary at 192\"");
  EXPECT_EQ(S.find("boundary at 256"), std::string::npos);
  // No wasteful record: no table, and no script that would look for it.
  EXPECT_EQ(S.find("<table"), std::string::npos);
  EXPECT_EQ(S.find("<script>"), std::string::npos);
}

//===----------------------------------------------------------------------===//
// Diff
//===----------------------------------------------------------------------===//

std::string diffText(const ReportDiff &D) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  renderDiff(D, OS);
  return S;
}

TEST(ReportDiff, SameReportNoChanges) {
  ReportDiff D = diffReports(report(), report(), 0);
  EXPECT_TRUE(D.Changes.empty());
  EXPECT_FALSE(D.GrewBeyondThreshold);
  EXPECT_EQ(diffText(D), "no layout changes\n");
}

TEST(ReportDiff, MovedRecordIsTheSameRecord) {
  Report New = report();
  New.Records[0].Line = 99;
  New.Records[0].File = "elsewhere.h";
  EXPECT_TRUE(diffReports(report(), New, 0).Changes.empty());
}

TEST(ReportDiff, GrownShrunkAddedRemoved) {
  Report Old = report(), New = report();
  // Mixed grows: b becomes 32 bytes wide.
  New.Records[0].Size = 48;
  New.Records[0].Align = 16;
  New.Records[0].Entries[1].Type = "long double";
  New.Records[0].Entries.push_back(field("extra", "int", 40, 4, 4));
  New.Records[0].Entries.erase(New.Records[0].Entries.begin() + 3);
  // Derived shrinks.
  New.Records[1].Size = 16;
  New.Records[1].PaddingBytes = 0;
  // Tight is removed, Fresh is added.
  New.Records[2].QualifiedName = "Fresh";

  ReportDiff D = diffReports(Old, New, 0);
  ASSERT_EQ(D.Changes.size(), 4u);
  EXPECT_TRUE(D.GrewBeyondThreshold);
  EXPECT_EQ(D.Changes[0].QualifiedName, "ns::Mixed");
  EXPECT_EQ(D.Changes[0].growth(), 24u);
  EXPECT_EQ(D.Changes[0].AddedFields, std::vector<std::string>{"extra"});
  EXPECT_EQ(D.Changes[0].RemovedFields, std::vector<std::string>{"g"});
  EXPECT_EQ(D.Changes[0].ChangedFields, std::vector<std::string>{"b"});
  EXPECT_EQ(diffText(D),
            "grown    ns::Mixed: size 24 -> 48 (+24), align 8 -> 16 (+8), "
            "padding 11  mixed.h:3\n"
            "         new fields: extra\n"
            "         removed fields: g\n"
            "         changed fields: b\n"
            "shrunk   Derived: size 24 -> 16 (-8), align 8, padding 7 -> 0 "
            "(-7)  derived.h:10\n"
            "added    Fresh: size 8, align 4, padding 0  tight.h:1\n"
            "removed  Tight: size 8  tight.h:1\n"
            "1 record grown, 1 otherwise changed, 1 added, 1 removed\n"
            "a record grew by more than 0 bytes\n");
}

TEST(ReportDiff, Threshold) {
  Report Old = report(), New = report();
  New.Records[0].Size = 32;
  EXPECT_TRUE(diffReports(Old, New, 0).GrewBeyondThreshold);
  EXPECT_TRUE(diffReports(Old, New, 7).GrewBeyondThreshold);
  // Growth of exactly the threshold passes.
  EXPECT_FALSE(diffReports(Old, New, 8).GrewBeyondThreshold);
  // A padding change alone is reported but is no growth.
  Report Padded = report();
  Padded.Records[1].PaddingBytes = 3;
  ReportDiff D = diffReports(Old, Padded, 0);
  ASSERT_EQ(D.Changes.size(), 1u);
  EXPECT_FALSE(D.GrewBeyondThreshold);
  EXPECT_EQ(diffText(D), "changed  Derived: size 24, align 8, padding 7 -> 3 "
                         "(-4)  derived.h:10\n"
                         "0 records grown, 1 otherwise changed, 0 added, 0 "
                         "removed\n");
}

TEST(ReportDiff, DuplicateNamesPairByFile) {
  // Two local classes named Impl in two files; only the one in b.cpp grew.
  Report Old;
  Old.Records = {tight(), tight()};
  Old.Records[0].QualifiedName = Old.Records[1].QualifiedName = "Impl";
  Old.Records[0].File = "a.cpp";
  Old.Records[1].File = "b.cpp";
  Report New = Old;
  std::swap(New.Records[0], New.Records[1]);
  New.Records[0].Size = 12;
  ReportDiff D = diffReports(Old, New, 0);
  ASSERT_EQ(D.Changes.size(), 1u);
  EXPECT_EQ(D.Changes[0].File, "b.cpp");
  EXPECT_EQ(D.Changes[0].growth(), 4u);
}

} // namespace
