//===- Diff.cpp - heapcount diff: compare two reports ---------------------===//
//
// Reads two reports of lib/heapcount, refuses to compare unlike runs (a
// crashed one, one that never started counting, another program, arguments
// or platform), prints the change per scope and in total as text, Markdown
// or JSON, and checks the budgets given as options. See Diff.h.
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/Diff.h"
#include "tools/heapcount/CallSites.h"
#include "tools/heapcount/JsonReader.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>

namespace heapcount {

std::uint64_t ScopeCounts::get(Quantity Q) const {
  switch (Q) {
  case Quantity::Allocs:
    return Allocs;
  case Quantity::Frees:
    return Frees;
  case Quantity::Bytes:
    return Bytes;
  case Quantity::Peak:
    return Peak;
  }
  return 0;
}

namespace {

constexpr int BudgetExceeded = 1;
constexpr int Unusable = 2;

const Quantity AllQuantities[] = {Quantity::Allocs, Quantity::Frees,
                                  Quantity::Bytes, Quantity::Peak};

const char *quantityName(Quantity Q) {
  switch (Q) {
  case Quantity::Allocs:
    return "allocs";
  case Quantity::Frees:
    return "frees";
  case Quantity::Bytes:
    return "bytes";
  case Quantity::Peak:
    return "peak";
  }
  return "";
}

const char *quantityTitle(Quantity Q) {
  switch (Q) {
  case Quantity::Allocs:
    return "allocations";
  case Quantity::Frees:
    return "frees";
  case Quantity::Bytes:
    return "bytes allocated";
  case Quantity::Peak:
    return "peak live bytes";
  }
  return "";
}

std::string baseName(const std::string &Path) {
  std::size_t Slash = Path.find_last_of("/\\");
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

// The change in percent of Before; NaN when Before is 0 (no percentage).
double percent(std::uint64_t Before, std::uint64_t After) {
  if (Before == 0)
    return std::nan("");
  return (static_cast<double>(After) - static_cast<double>(Before)) * 100.0 /
         static_cast<double>(Before);
}

std::string signedNumber(std::int64_t Value) {
  return (Value > 0 ? "+" : "") + std::to_string(Value);
}

std::int64_t change(std::uint64_t Before, std::uint64_t After) {
  return static_cast<std::int64_t>(After - Before);
}

std::string percentText(std::uint64_t Before, std::uint64_t After) {
  if (Before == After)
    return "0%";
  double P = percent(Before, After);
  if (std::isnan(P))
    return "new";
  char Text[32];
  std::snprintf(Text, sizeof(Text), "%+.1f%%", P);
  return Text;
}

// 1234567 as "1,234,567", for Markdown.
std::string grouped(std::uint64_t Value) {
  std::string Digits = std::to_string(Value);
  std::string Out;
  for (std::size_t I = 0; I < Digits.size(); ++I) {
    if (I && (Digits.size() - I) % 3 == 0)
      Out += ',';
    Out += Digits[I];
  }
  return Out;
}

std::string groupedSigned(std::int64_t Value) {
  if (Value == 0)
    return "0";
  std::string Magnitude = grouped(static_cast<std::uint64_t>(
      Value < 0 ? -(Value + 1) + 1 : Value)); // no overflow at INT64_MIN
  return (Value < 0 ? "\u2212" : "+") + Magnitude;
}

// One row of the comparison: a scope ("total" first), and whether it is in
// each report.
struct Row {
  std::string Scope;
  ScopeCounts Before;
  ScopeCounts After;
};

std::vector<Row> rows(const DiffReport &Before, const DiffReport &After) {
  std::vector<Row> Rows;
  Rows.push_back(Row{"total", Before.Total, After.Total});
  std::set<std::string> Names;
  for (const auto &Scope : Before.Scopes)
    Names.insert(Scope.first);
  for (const auto &Scope : After.Scopes)
    Names.insert(Scope.first);
  Rows.reserve(Names.size() + 1);
  for (const std::string &Name : Names) {
    Row R{Name, {}, {}};
    auto B = Before.Scopes.find(Name);
    if (B != Before.Scopes.end())
      R.Before = B->second;
    auto A = After.Scopes.find(Name);
    if (A != After.Scopes.end())
      R.After = A->second;
    Rows.push_back(R);
  }
  return Rows;
}

// How much After is below Before, in percent of Before ("12.5%").
std::string decreaseText(std::uint64_t Before, std::uint64_t After) {
  char Text[32];
  std::snprintf(Text, sizeof(Text), "%.1f%%", -percent(Before, After));
  return Text;
}

// "allocs=90%", as the option is written.
std::string minDecreaseText(Quantity Q, double Percent) {
  char Text[48];
  std::snprintf(Text, sizeof(Text), "%s=%g%%", quantityName(Q), Percent);
  return Text;
}

bool hasQuantity(const Row &R, Quantity Q) {
  return Q != Quantity::Peak || (R.Before.HasPeak && R.After.HasPeak);
}

// The budgets, checked on the total or on the scopes named.
std::vector<std::string> checkBudgets(const std::vector<Row> &Rows,
                                      const DiffOptions &Options) {
  std::vector<std::string> Exceeded;
  // The total, or the scopes named (rows after the total).
  std::vector<const Row *> Checked;
  if (Options.Scopes.empty())
    Checked.push_back(&Rows.front());
  for (const std::string &Name : Options.Scopes)
    for (std::size_t I = 1; I < Rows.size(); ++I)
      if (Rows[I].Scope == Name)
        Checked.push_back(&Rows[I]);
  for (const Row *R : Checked) {
    const std::string &Name = R->Scope;
    std::string Where = R == &Rows.front() ? "total" : "scope '" + Name + "'";
    if (Options.HaveMaxAllocsIncrease) {
      std::int64_t Change = change(R->Before.Allocs, R->After.Allocs);
      if (Change > 0 &&
          static_cast<std::uint64_t>(Change) > Options.MaxAllocsIncrease)
        Exceeded.push_back(Where + ": allocations rose by " +
                           std::to_string(Change) + " (" +
                           std::to_string(R->Before.Allocs) + " to " +
                           std::to_string(R->After.Allocs) +
                           "), more than --max-allocs-increase " +
                           std::to_string(Options.MaxAllocsIncrease));
    }
    if (Options.HaveMaxIncreasePercent) {
      for (Quantity Q : {Quantity::Allocs, Quantity::Bytes, Quantity::Peak}) {
        if (!hasQuantity(*R, Q))
          continue;
        std::uint64_t B = R->Before.get(Q), A = R->After.get(Q);
        if (A <= B)
          continue;
        double P = percent(B, A);
        if (!std::isnan(P) && P <= Options.MaxIncreasePercent)
          continue;
        char Limit[32];
        std::snprintf(Limit, sizeof(Limit), "%g%%", Options.MaxIncreasePercent);
        Exceeded.push_back(Where + ": " + quantityTitle(Q) + " rose by " +
                           percentText(B, A) + " (" + std::to_string(B) +
                           " to " + std::to_string(A) +
                           "), more than --max-increase " + Limit);
      }
    }
    for (const auto &[Q, Wanted] : Options.MinDecrease) {
      // A scope has no peak: parseDiffArgs refuses peak with --scope.
      if (!hasQuantity(*R, Q))
        continue;
      std::uint64_t B = R->Before.get(Q), A = R->After.get(Q);
      double P = percent(B, A);
      if (!std::isnan(P) && -P >= Wanted)
        continue;
      std::string Counts =
          " (" + std::to_string(B) + " to " + std::to_string(A) + ")";
      std::string Text = Where + ": " + quantityTitle(Q);
      if (std::isnan(P)) {
        Text += " were 0 before, so they cannot drop";
      } else if (A > B) {
        Text += " rose by " + percentText(B, A);
        Text += Counts;
      } else if (A == B) {
        Text += " did not change" + Counts;
      } else {
        Text += " dropped by " + decreaseText(B, A);
        Text += Counts;
      }
      Text += ", less than --min-decrease " + minDecreaseText(Q, Wanted);
      Exceeded.push_back(Text);
    }
  }
  return Exceeded;
}

std::string budgetSummary(const DiffOptions &Options) {
  std::string Text;
  if (Options.HaveMaxAllocsIncrease)
    Text +=
        "--max-allocs-increase " + std::to_string(Options.MaxAllocsIncrease);
  if (Options.HaveMaxIncreasePercent) {
    char Limit[32];
    std::snprintf(Limit, sizeof(Limit), "%g%%", Options.MaxIncreasePercent);
    Text += std::string(Text.empty() ? "" : ", ") + "--max-increase " + Limit;
  }
  for (const auto &[Q, Percent] : Options.MinDecrease)
    Text += std::string(Text.empty() ? "" : ", ") + "--min-decrease " +
            minDecreaseText(Q, Percent);
  std::string On = "the total";
  if (!Options.Scopes.empty()) {
    On = "scope";
    On += Options.Scopes.size() > 1 ? "s " : " ";
    for (std::size_t I = 0; I < Options.Scopes.size(); ++I)
      On += (I ? ", '" : "'") + Options.Scopes[I] + "'";
  }
  return Text + " on " + On;
}

bool haveBudget(const DiffOptions &Options) {
  return Options.HaveMaxAllocsIncrease || Options.HaveMaxIncreasePercent ||
         !Options.MinDecrease.empty();
}

std::string renderText(const DiffReport &Before, const DiffReport &After,
                       const std::vector<Row> &Rows, const DiffOptions &Options,
                       const std::vector<std::string> &Exceeded) {
  std::string Out = "heapcount diff: " + Before.Path + " -> " + After.Path +
                    " (" + baseName(After.Program) + ", " + After.Platform +
                    ")\n";
  char Line[256];
  std::snprintf(Line, sizeof(Line), "%-20s %-7s %14s %14s %14s %9s\n", "scope",
                "", "before", "after", "change", "%");
  Out += Line;
  for (const Row &R : Rows) {
    bool First = true;
    for (Quantity Q : AllQuantities) {
      if (!hasQuantity(R, Q))
        continue;
      std::uint64_t B = R.Before.get(Q), A = R.After.get(Q);
      std::string Scope = First ? R.Scope : "";
      if (First && !R.Before.Present)
        Scope += " (new)";
      if (First && !R.After.Present)
        Scope += " (gone)";
      std::snprintf(
          Line, sizeof(Line), "%-20s %-7s %14llu %14llu %14s %9s\n",
          Scope.c_str(), quantityName(Q), static_cast<unsigned long long>(B),
          static_cast<unsigned long long>(A),
          signedNumber(change(B, A)).c_str(), percentText(B, A).c_str());
      Out += Line;
      First = false;
    }
  }
  if (haveBudget(Options)) {
    for (const std::string &E : Exceeded)
      Out += "heapcount diff: budget exceeded: " + E + "\n";
    if (Exceeded.empty())
      Out += "heapcount diff: within the budget (" + budgetSummary(Options) +
             ")\n";
  }
  return Out;
}

std::string renderMarkdown(const DiffReport &Before, const DiffReport &After,
                           const std::vector<Row> &Rows,
                           const DiffOptions &Options,
                           const std::vector<std::string> &Exceeded) {
  std::string Out = "### heapcount: heap calls of `" + baseName(After.Program) +
                    "`, before and after\n\n";
  Out += "| scope | | before | after | change |\n";
  Out += "|---|---|---:|---:|---:|\n";
  for (const Row &R : Rows) {
    bool First = true;
    for (Quantity Q : AllQuantities) {
      if (!hasQuantity(R, Q))
        continue;
      std::uint64_t B = R.Before.get(Q), A = R.After.get(Q);
      std::string Scope;
      if (First) {
        Scope = R.Scope == "total" ? "**total**" : "`" + R.Scope + "`";
        if (!R.Before.Present)
          Scope += " (new)";
        if (!R.After.Present)
          Scope += " (gone)";
      }
      std::string Change = groupedSigned(change(B, A));
      if (B != A)
        Change += " (" + percentText(B, A) + ")";
      Out += "| " + Scope + " | " + quantityTitle(Q) + " | " + grouped(B);
      Out += " | " + grouped(A) + " | " + Change + " |\n";
      First = false;
    }
  }
  if (haveBudget(Options)) {
    Out += "\n";
    if (Exceeded.empty())
      Out += ":white_check_mark: Within the budget (" + budgetSummary(Options) +
             ").\n";
    for (const std::string &E : Exceeded)
      Out += ":x: **Budget exceeded**: " + E + ".\n";
  }
  Out += "\n<sub>heapcount " + After.Version + ", " + After.Platform +
         "; before: `" + Before.Path + "`, after: `" + After.Path + "`</sub>\n";
  return Out;
}

void appendJson(std::string &Out, const std::string &Text) {
  appendJsonString(Out, Text);
}

std::string renderJson(const DiffReport &Before, const DiffReport &After,
                       const std::vector<Row> &Rows, const DiffOptions &Options,
                       const std::vector<std::string> &Exceeded) {
  std::string Out = "{\"before\":";
  appendJson(Out, Before.Path);
  Out += ",\"after\":";
  appendJson(Out, After.Path);
  Out += ",\"program\":";
  appendJson(Out, After.Program);
  Out += ",\"platform\":";
  appendJson(Out, After.Platform);
  Out += ",\n\"scopes\":[";
  for (std::size_t I = 0; I < Rows.size(); ++I) {
    const Row &R = Rows[I];
    Out += I ? ",\n" : "\n";
    Out += "{\"scope\":";
    appendJson(Out, R.Scope);
    Out += std::string(",\"in_before\":") +
           (R.Before.Present ? "true" : "false") +
           ",\"in_after\":" + (R.After.Present ? "true" : "false");
    for (Quantity Q : AllQuantities) {
      if (!hasQuantity(R, Q))
        continue;
      std::uint64_t B = R.Before.get(Q), A = R.After.get(Q);
      Out += ",\"" + std::string(quantityName(Q)) +
             "\":{\"before\":" + std::to_string(B) +
             ",\"after\":" + std::to_string(A) +
             ",\"change\":" + std::to_string(change(B, A)) + ",\"percent\":";
      double P = percent(B, A);
      if (std::isnan(P)) {
        Out += "null";
      } else {
        char Text[32];
        std::snprintf(Text, sizeof(Text), "%.2f", P);
        Out += Text;
      }
      Out += "}";
    }
    Out += "}";
  }
  Out += "],\n\"budget\":{";
  bool Sep = false;
  if (Options.HaveMaxAllocsIncrease) {
    Out +=
        "\"max_allocs_increase\":" + std::to_string(Options.MaxAllocsIncrease);
    Sep = true;
  }
  if (Options.HaveMaxIncreasePercent) {
    char Text[32];
    std::snprintf(Text, sizeof(Text), "%g", Options.MaxIncreasePercent);
    Out += std::string(Sep ? "," : "") + "\"max_increase_percent\":" + Text;
    Sep = true;
  }
  if (!Options.MinDecrease.empty()) {
    Out += std::string(Sep ? "," : "") + "\"min_decrease_percent\":{";
    for (std::size_t I = 0; I < Options.MinDecrease.size(); ++I) {
      char Text[48];
      std::snprintf(Text, sizeof(Text), "%s\"%s\":%g", I ? "," : "",
                    quantityName(Options.MinDecrease[I].first),
                    Options.MinDecrease[I].second);
      Out += Text;
    }
    Out += "}";
    Sep = true;
  }
  Out += std::string(Sep ? "," : "") + "\"scopes\":[";
  for (std::size_t I = 0; I < Options.Scopes.size(); ++I) {
    Out += I ? "," : "";
    appendJson(Out, Options.Scopes[I]);
  }
  Out += "],\"exceeded\":[";
  for (std::size_t I = 0; I < Exceeded.size(); ++I) {
    Out += I ? "," : "";
    appendJson(Out, Exceeded[I]);
  }
  Out +=
      std::string("],\"ok\":") + (Exceeded.empty() ? "true" : "false") + "}}\n";
  return Out;
}

[[noreturn]] void usageError(const std::string &What) {
  std::fprintf(stderr, "heapcount: error: %s\n", What.c_str());
  std::exit(Unusable);
}

const char *const DiffUsage =
    "usage: heapcount diff [--format text|markdown|json] "
    "[--max-allocs-increase N] [--max-increase P%] "
    "[--min-decrease allocs|bytes|peak=P%]... [--scope NAME]... "
    "[--allow-different-programs] BEFORE.json AFTER.json";

DiffOptions parseDiffArgs(const std::vector<std::string> &Args) {
  DiffOptions Options;
  std::vector<std::string> Files;
  for (std::size_t I = 0; I < Args.size(); ++I) {
    const std::string &Arg = Args[I];
    auto ValueOf = [&](const std::string &Flag) -> std::string {
      if (Arg.size() > Flag.size() &&
          Arg.compare(0, Flag.size() + 1, Flag + "=") == 0)
        return Arg.substr(Flag.size() + 1);
      if (I + 1 >= Args.size())
        usageError(Flag + " expects a value (" + DiffUsage + ")");
      return Args[++I];
    };
    auto Is = [&](const std::string &Flag) {
      return Arg == Flag || Arg.rfind(Flag + "=", 0) == 0;
    };
    if (Arg == "--help" || Arg == "-h") {
      std::printf("%s\n", DiffUsage);
      std::exit(0);
    }
    if (Is("--format")) {
      Options.Format = ValueOf("--format");
      if (Options.Format != "text" && Options.Format != "markdown" &&
          Options.Format != "json")
        usageError("--format expects text, markdown or json, not '" +
                   Options.Format + "'");
    } else if (Is("--max-allocs-increase")) {
      std::string Text = ValueOf("--max-allocs-increase");
      char *End = nullptr;
      errno = 0;
      unsigned long long Value = std::strtoull(Text.c_str(), &End, 10);
      if (Text.empty() || *End || errno || Text[0] == '-')
        usageError("--max-allocs-increase expects a number of allocations, "
                   "not '" +
                   Text + "'");
      Options.HaveMaxAllocsIncrease = true;
      Options.MaxAllocsIncrease = Value;
    } else if (Is("--max-increase")) {
      std::string Text = ValueOf("--max-increase");
      char *End = nullptr;
      errno = 0;
      double Value = std::strtod(Text.c_str(), &End);
      if (Text.empty() || End == Text.c_str() || std::string(End) != "%" ||
          errno || Value < 0 || std::isnan(Value) || Text[0] == '-')
        usageError("--max-increase expects a percentage such as 5%, not '" +
                   Text + "'");
      Options.HaveMaxIncreasePercent = true;
      Options.MaxIncreasePercent = Value;
    } else if (Is("--min-decrease")) {
      std::string Text = ValueOf("--min-decrease");
      std::size_t Equals = Text.find('=');
      std::string Name = Text.substr(0, Equals);
      Quantity Q = Quantity::Frees; // not allowed: marks a bad name
      for (Quantity Allowed :
           {Quantity::Allocs, Quantity::Bytes, Quantity::Peak})
        if (Name == quantityName(Allowed))
          Q = Allowed;
      std::string Percent =
          Equals == std::string::npos ? "" : Text.substr(Equals + 1);
      char *End = nullptr;
      errno = 0;
      double Value = std::strtod(Percent.c_str(), &End);
      if (Q == Quantity::Frees || Percent.empty() || End == Percent.c_str() ||
          std::string(End) != "%" || errno || std::isnan(Value) ||
          Percent[0] == '-' || Value > 100)
        usageError("--min-decrease expects allocs, bytes or peak and a "
                   "percentage from 0% to 100%, such as allocs=90%, not '" +
                   Text + "'");
      auto Same = std::find_if(
          Options.MinDecrease.begin(), Options.MinDecrease.end(),
          [&](const std::pair<Quantity, double> &M) { return M.first == Q; });
      if (Same != Options.MinDecrease.end())
        usageError("--min-decrease " + Name + " is given twice");
      Options.MinDecrease.emplace_back(Q, Value);
    } else if (Is("--scope")) {
      std::string Name = ValueOf("--scope");
      if (Name.empty())
        usageError("--scope expects a scope name");
      Options.Scopes.push_back(Name);
    } else if (Arg == "--allow-different-programs") {
      Options.AllowDifferentPrograms = true;
    } else if (Arg.size() > 1 && Arg[0] == '-') {
      usageError("unknown option '" + Arg + "' (" + DiffUsage + ")");
    } else {
      Files.push_back(Arg);
    }
  }
  for (const auto &M : Options.MinDecrease)
    if (M.first == Quantity::Peak && !Options.Scopes.empty())
      usageError("--min-decrease peak applies to the total only (a scope has "
                 "no peak), not to --scope " +
                 Options.Scopes.front());
  if (Files.size() != 2)
    usageError("diff expects two reports, BEFORE.json and AFTER.json, not " +
               std::to_string(Files.size()) + " (" + DiffUsage + ")");
  Options.BeforePath = Files[0];
  Options.AfterPath = Files[1];
  return Options;
}

std::string describeArguments(const std::vector<std::string> &Arguments) {
  std::string Text;
  for (std::size_t I = 1; I < Arguments.size(); ++I)
    Text += (I > 1 ? " " : "") + Arguments[I];
  return Text.empty() ? "no arguments" : "'" + Text + "'";
}

} // namespace

std::string whyNotComparable(const DiffReport &Before, const DiffReport &After,
                             const DiffOptions &Options) {
  for (const DiffReport *R : {&Before, &After}) {
    if (R->End == "signal" || R->End == "exception")
      return "'" + R->Path + "' is the report of a crashed run (" +
             (R->End == "signal" ? "signal " + std::to_string(R->Signal)
                                 : "exception " + R->Exception) +
             "): its counts stop where the program died";
    if (!R->Started)
      return "'" + R->Path +
             "' counted nothing: its start marker was never reached";
    if (!R->Problem.empty())
      return "'" + R->Path + "' counted nothing: " + R->Problem;
  }
  for (const std::string &Scope : Options.Scopes)
    if (!Before.Scopes.count(Scope) && !After.Scopes.count(Scope))
      return "the scope '" + Scope + "' is in neither report";
  if (Options.AllowDifferentPrograms)
    return "";
  for (const DiffReport *R : {&Before, &After})
    if (!R->HasRun)
      return "'" + R->Path +
             "' does not say which program it counted (a report of an older "
             "heapcount); --allow-different-programs compares it anyway";
  if (Before.Platform != After.Platform)
    return "the runs are on different platforms (" + Before.Platform + " and " +
           After.Platform +
           "); --allow-different-programs compares them anyway";
  if (baseName(Before.Program) != baseName(After.Program))
    return "the reports are of different programs ('" +
           baseName(Before.Program) + "' and '" + baseName(After.Program) +
           "'); --allow-different-programs compares them anyway";
  std::vector<std::string> BeforeArgs(Before.Arguments.begin() +
                                          (Before.Arguments.empty() ? 0 : 1),
                                      Before.Arguments.end());
  std::vector<std::string> AfterArgs(After.Arguments.begin() +
                                         (After.Arguments.empty() ? 0 : 1),
                                     After.Arguments.end());
  if (BeforeArgs != AfterArgs)
    return "the runs had different arguments (" +
           describeArguments(Before.Arguments) + " and " +
           describeArguments(After.Arguments) +
           "); --allow-different-programs compares them anyway";
  return "";
}

std::string renderDiff(const DiffReport &Before, const DiffReport &After,
                       const DiffOptions &Options,
                       std::vector<std::string> &Exceeded) {
  std::vector<Row> Rows = rows(Before, After);
  Exceeded = checkBudgets(Rows, Options);
  if (Options.Format == "markdown")
    return renderMarkdown(Before, After, Rows, Options, Exceeded);
  if (Options.Format == "json")
    return renderJson(Before, After, Rows, Options, Exceeded);
  return renderText(Before, After, Rows, Options, Exceeded);
}

int runDiff(const std::vector<std::string> &Args) {
  DiffOptions Options = parseDiffArgs(Args);
  DiffReport Reports[2];
  const std::string *Paths[2] = {&Options.BeforePath, &Options.AfterPath};
  for (int I = 0; I < 2; ++I) {
    std::ifstream In(*Paths[I], std::ios::binary);
    if (!In)
      usageError("cannot read '" + *Paths[I] + "' (" +
                 std::string(std::strerror(errno)) + ")");
    std::string Json((std::istreambuf_iterator<char>(In)),
                     std::istreambuf_iterator<char>());
    std::string Error;
    if (!readDiffReport(*Paths[I], Json, Reports[I], Error))
      usageError("cannot compare '" + *Paths[I] + "' (" + Error + ")");
  }
  std::string Why = whyNotComparable(Reports[0], Reports[1], Options);
  if (!Why.empty())
    usageError("cannot compare the reports (" + Why + ")");
  if (Reports[0].Version != Reports[1].Version)
    std::fprintf(stderr,
                 "heapcount: warning: the reports are of different heapcount "
                 "versions (%s and %s): what is counted may differ\n",
                 Reports[0].Version.c_str(), Reports[1].Version.c_str());
  std::vector<std::string> Exceeded;
  std::fputs(renderDiff(Reports[0], Reports[1], Options, Exceeded).c_str(),
             stdout);
  return Exceeded.empty() ? 0 : BudgetExceeded;
}

} // namespace heapcount
