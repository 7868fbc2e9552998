//===--- ReportHtml.cpp - one self-contained HTML page --------------------===//
//
// The page must open from a CI artifact or a mail attachment with no network
// and no server, so the styles and the script are inline and nothing is
// fetched. The bars are plain HTML (they show without JavaScript); the table
// of the most wasteful records is built by the script from a JSON island so
// that sorting it is a matter of re-rendering rows.
//
//===----------------------------------------------------------------------===//

#include "lib/layout/Report.h"
#include "lib/layout/ReportUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include <algorithm>

namespace alloc_tidy {
namespace layout {

/// Text or attribute value safe inside HTML: every character with a meaning
/// in markup becomes an entity, quotes included, so the same function serves
/// element text and double- or single-quoted attributes.
static std::string htmlEscape(llvm::StringRef Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (char C : Text) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&#39;";
      break;
    case '\n':
      // Line breaks of hover titles, kept out of the markup's own lines.
      Out += "&#10;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

/// JSON placed inside a <script> element: "</script>" or "<!--" in a type
/// name must not end or confuse the element, and '<' only occurs inside JSON
/// strings, where \u003c means the same.
static std::string scriptSafeJson(const llvm::json::Value &V) {
  std::string Raw = llvm::formatv("{0}", V).str();
  std::string Out;
  Out.reserve(Raw.size());
  for (char C : Raw) {
    if (C == '<')
      Out += "\\u003c";
    else
      Out += C;
  }
  return Out;
}

namespace {
/// A run of bytes drawn as one box of the bar.
struct Segment {
  uint64_t Begin = 0, End = 0;
  std::string Class; ///< CSS class: field, base, vptr, pad, tail
  std::string Title; ///< hover text
  std::string Label; ///< text inside the box when it fits
};
} // namespace

static std::string entryClass(const LayoutEntry &E) {
  switch (E.Kind) {
  case EntryKind::VPtr:
  case EntryKind::VBPtr:
  case EntryKind::VtorDisp:
    return "vptr";
  case EntryKind::Base:
  case EntryKind::VirtualBase:
    return "base";
  case EntryKind::Field:
    break;
  }
  return "field";
}

static std::vector<Segment> segments(const RecordLayout &L) {
  std::vector<Segment> Members;
  for (const LayoutEntry &E : L.Entries) {
    if (E.Size == 0)
      continue;
    std::string Title = entryNameText(E) + ": " + entryTypeText(E) +
                        "\noffset " + std::to_string(E.Offset) + ", size " +
                        std::to_string(E.Size);
    if (E.IsBitField)
      Title += ", " + bitsText(E);
    // Fields and ABI pointers by name, bases by their class.
    std::string Label =
        E.Kind == EntryKind::Base || E.Kind == EntryKind::VirtualBase
            ? entryTypeText(E)
            : E.Name;
    // Bit-fields sharing bytes and union members overlap: one box lists
    // them all rather than boxes drawn over each other.
    if (!Members.empty() && E.Offset < Members.back().End) {
      Segment &Last = Members.back();
      Last.End = std::max(Last.End, E.Offset + E.Size);
      Last.Title += "\n" + Title;
      Last.Label += ", " + Label;
      continue;
    }
    Members.push_back(
        {E.Offset, E.Offset + E.Size, entryClass(E), Title, Label});
  }
  for (const Hole &H : L.Holes)
    if (H.Size)
      Members.push_back({H.Offset, H.Offset + H.Size, "pad",
                         plural(H.Size, "byte", "bytes") + " hole at offset " +
                             std::to_string(H.Offset),
                         ""});
  if (L.TailPadding && L.TailPadding <= L.Size)
    Members.push_back({L.Size - L.TailPadding, L.Size, "tail",
                       plural(L.TailPadding, "byte", "bytes") +
                           " tail padding at offset " +
                           std::to_string(L.Size - L.TailPadding),
                       ""});
  // By offset; members were pushed before padding, so a tie (a zero-sized
  // neighbour cannot make one) keeps that order through the index.
  std::vector<std::pair<uint64_t, size_t>> Order;
  Order.reserve(Members.size());
  for (size_t I = 0; I < Members.size(); ++I)
    Order.emplace_back(Members[I].Begin, I);
  llvm::sort(Order);
  std::vector<Segment> Sorted;
  Sorted.reserve(Order.size());
  for (const auto &[Begin, I] : Order)
    Sorted.push_back(std::move(Members[I]));
  return Sorted;
}

static std::string percent(uint64_t Part, uint64_t Whole) {
  return llvm::formatv("{0:F3}%", 100.0 * static_cast<double>(Part) /
                                      static_cast<double>(Whole))
      .str();
}

static void renderRecord(const RecordLayout &L, size_t Index,
                         llvm::raw_ostream &OS) {
  OS << "<section class=\"record\" id=\"r" << Index << "\">\n<h3>"
     << htmlEscape(L.Kind.empty() ? "struct" : L.Kind) << " <code>"
     << htmlEscape(L.QualifiedName.empty() ? L.Name : L.QualifiedName)
     << "</code>";
  if (!L.File.empty())
    OS << " <span class=\"loc\">" << htmlEscape(location(L)) << "</span>";
  OS << "</h3>\n";
  if (L.Size > 0) {
    OS << "<div class=\"bar\">";
    for (const Segment &S : segments(L))
      OS << "<div class=\"seg " << S.Class
         << "\" style=\"left:" << percent(S.Begin, L.Size)
         << ";width:" << percent(S.End - S.Begin, L.Size) << "\" title=\""
         << htmlEscape(S.Title) << "\"><span>" << htmlEscape(S.Label)
         << "</span></div>";
    // Cache-line boundaries inside the record.
    for (uint64_t Line = L.CacheLineSize; L.CacheLineSize && Line < L.Size;
         Line += L.CacheLineSize)
      OS << "<div class=\"cl\" style=\"left:" << percent(Line, L.Size)
         << "\" title=\"cache line boundary at " << Line << "\"></div>";
    OS << "</div>\n<div class=\"scale\"><span>0</span><span>" << L.Size
       << "</span></div>\n";
  }
  OS << "<p class=\"summary\">" << htmlEscape(summaryText(L));
  if (const ReorderResult *Better = betterOrder(L))
    OS << "<br>better order: <code>"
       << htmlEscape(llvm::join(Better->FieldOrder, ", ")) << "</code> -> "
       << Better->Size << " bytes (saves " << reorderSavings(L) << ")";
  OS << "</p>\n</section>\n";
}

static const char *const Style = R"css(
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;max-width:1100px}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.5em}h3{font-size:1em;margin:0 0 .3em}
code{font-family:ui-monospace,monospace}
.loc{color:#666;font-weight:normal;font-size:.9em}
.record{margin:1em 0 1.4em}
.bar{position:relative;height:28px;background:#eee;border:1px solid #999}
.seg{position:absolute;top:0;bottom:0;box-sizing:border-box;border-right:1px solid #fff;overflow:hidden;white-space:nowrap;font-size:11px;line-height:28px;color:#fff;text-align:center;min-width:1px}
.seg span{padding:0 2px}
.field{background:#3b73b9}.base{background:#3c8d5a}.vptr{background:#7b4fa0}
.pad{background:repeating-linear-gradient(45deg,#d9534f 0 4px,#f3b2b0 4px 8px)}
.tail{background:repeating-linear-gradient(45deg,#e08e28 0 4px,#f6d19f 4px 8px)}
.cl{position:absolute;top:-4px;bottom:-4px;width:0;border-left:2px dashed #000}
.scale{display:flex;justify-content:space-between;font-size:11px;color:#666}
.summary{margin:.3em 0;font-size:.9em}
.legend span{display:inline-block;padding:0 .6em;margin-right:.4em;color:#fff;font-size:12px}
.legend .pad,.legend .tail{color:#000;text-shadow:0 0 3px #fff,0 0 3px #fff}
table{border-collapse:collapse}th,td{border:1px solid #bbb;padding:3px 8px}
th{background:#f0f0f0;cursor:pointer;user-select:none}th.num,td.num{text-align:right}
th[aria-sort=ascending]::after{content:" \25B2"}th[aria-sort=descending]::after{content:" \25BC"}
)css";

// Builds the rows of the wasteful-records table from the JSON island and
// sorts them when a header is clicked (a second click reverses the order).
static const char *const Script = R"js(
(function () {
  var rows = JSON.parse(document.getElementById('wasteful-data').textContent);
  var body = document.getElementById('wasteful-body');
  var heads = document.querySelectorAll('#wasteful th');
  function render() {
    body.textContent = '';
    rows.forEach(function (r) {
      var tr = document.createElement('tr');
      var link = document.createElement('a');
      link.href = '#r' + r.index;
      link.textContent = r.name;
      var cells = [link, r.size, r.padding, r.optimal === null ? '' : r.optimal,
                   r.savings, r.location];
      cells.forEach(function (c, i) {
        var td = document.createElement('td');
        if (typeof c === 'object' && c !== null) td.appendChild(c);
        else td.textContent = String(c);
        if (i >= 1 && i <= 4) td.className = 'num';
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
  }
  heads.forEach(function (th) {
    th.addEventListener('click', function () {
      var key = th.getAttribute('data-key');
      // First click: numbers largest first, text A to Z; then reverse.
      var cur = th.getAttribute('aria-sort');
      var text = key === 'name' || key === 'location';
      var dir = cur ? (cur === 'ascending' ? -1 : 1) : (text ? 1 : -1);
      heads.forEach(function (h) { h.removeAttribute('aria-sort'); });
      th.setAttribute('aria-sort', dir < 0 ? 'descending' : 'ascending');
      rows.sort(function (a, b) {
        var x = a[key] === null ? -1 : a[key], y = b[key] === null ? -1 : b[key];
        return x < y ? -dir : x > y ? dir : a.index - b.index;
      });
      render();
    });
  });
  render();
  // A link can ask for an order: report.html#sort=size or #sort=name:desc.
  var want = /^#sort=(\w+)(?::(asc|desc))?$/.exec(location.hash);
  var th = want && document.querySelector('#wasteful th[data-key="' + want[1] + '"]');
  if (th) {
    th.click();
    if (want[2] && (th.getAttribute('aria-sort') === 'ascending') !== (want[2] === 'asc'))
      th.click();
  }
  document.body.setAttribute('data-table', 'built');
})();
)js";

void renderHtml(const Report &R, llvm::raw_ostream &OS,
                const RenderOptions &Options) {
  OS << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
        "charset=\"utf-8\">\n"
     << "<title>alloc-layout: record layouts</title>\n<style>" << Style
     << "</style>\n</head>\n<body>\n<h1>Record layouts</h1>\n<p>"
     << plural(R.Records.size(), "record", "records") << " from "
     << plural(R.TranslationUnits, "translation unit", "translation units");
  if (!R.Target.empty())
    OS << ", target <code>" << htmlEscape(R.Target) << "</code>";
  if (!R.Abi.empty())
    OS << " (" << htmlEscape(abiTitle(R.Abi)) << ")";
  OS << "; " << plural(totalPaddingBytes(R), "padding byte", "padding bytes")
     << " in all.</p>\n";

  std::vector<size_t> Top = mostWasteful(R, Options.TopN);
  llvm::json::Array Rows;
  for (size_t I : Top) {
    const RecordLayout &L = R.Records[I];
    const ReorderResult *Better = betterOrder(L);
    Rows.push_back(llvm::json::Object{
        {"index", static_cast<int64_t>(I)},
        {"name", L.QualifiedName.empty() ? L.Name : L.QualifiedName},
        {"size", L.Size},
        {"padding", L.PaddingBytes},
        {"optimal",
         Better ? llvm::json::Value(Better->Size) : llvm::json::Value(nullptr)},
        {"savings", reorderSavings(L)},
        {"location", location(L)}});
  }
  if (!Top.empty()) {
    OS << "<h2>Most padding</h2>\n"
       << "<table id=\"wasteful\"><thead><tr>"
       << "<th data-key=\"name\">Record</th>"
       << "<th class=\"num\" data-key=\"size\">Size</th>"
       << "<th class=\"num\" data-key=\"padding\" "
          "aria-sort=\"descending\">Padding</th>"
       << "<th class=\"num\" data-key=\"optimal\">Reordered size</th>"
       << "<th class=\"num\" data-key=\"savings\">Savings</th>"
       << "<th data-key=\"location\">Defined at</th>"
       << "</tr></thead><tbody id=\"wasteful-body\"></tbody></table>\n"
       << "<noscript><p>The table needs JavaScript; the records are "
          "below.</p></noscript>\n";
  }
  OS << "<h2>Records</h2>\n<p class=\"legend\">"
     << "<span class=\"field\">field</span><span class=\"base\">base</span>"
     << "<span class=\"vptr\">vtable pointer</span>"
     << "<span class=\"pad\">hole</span><span class=\"tail\">tail "
        "padding</span> dashed line: cache-line boundary</p>\n";
  for (size_t I = 0; I < R.Records.size(); ++I)
    renderRecord(R.Records[I], I, OS);
  OS << "<script type=\"application/json\" id=\"wasteful-data\">"
     << scriptSafeJson(llvm::json::Value(std::move(Rows))) << "</script>\n";
  if (!Top.empty())
    OS << "<script>" << Script << "</script>\n";
  OS << "</body>\n</html>\n";
}

} // namespace layout
} // namespace alloc_tidy
