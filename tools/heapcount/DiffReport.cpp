//===- DiffReport.cpp - heapcount diff: read a report strictly ------------===//
//
// A report `heapcount diff` compares is read strictly: a count that is not
// a whole number from 0 to 2^63 - 1 written as a JSON number (a negative
// one, one of 2^63 or more, a fraction, a string) or a report of another
// format version is refused, never read modulo 2^64 or as hexadecimal: a
// corrupt report must not pass a budget. See Diff.h.
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/Diff.h"
#include "tools/heapcount/JsonReader.h"

#include <cstdint>

namespace heapcount {

namespace {

// The largest count: the changes are signed 64-bit numbers.
constexpr std::uint64_t MaxCount = 0x7fffffffffffffffULL;

const char *kindName(JsonValue::KindType Kind) {
  switch (Kind) {
  case JsonValue::Null:
    return "null";
  case JsonValue::Bool:
    return "a boolean";
  case JsonValue::Number:
    return "a number";
  case JsonValue::String:
    return "a string";
  case JsonValue::Array:
    return "an array";
  case JsonValue::Object:
    return "an object";
  }
  return "a value";
}

/// Reads the count \p Where (its place in the report, "total.allocs") into
/// \p Out; false with \p Error saying what it is instead.
bool readCount(const JsonValue *Value, const std::string &Where,
               std::uint64_t &Out, std::string &Error) {
  if (!Value) {
    Error = "it has no " + Where;
    return false;
  }
  if (Value->Kind != JsonValue::Number) {
    Error = "its " + Where + " is " + kindName(Value->Kind) +
            (Value->Kind == JsonValue::String ? " (\"" + Value->Text + "\")"
                                              : std::string()) +
            ", not a number";
    return false;
  }
  const std::string &Text = Value->Text;
  bool Digits = !Text.empty() &&
                Text.find_first_not_of("0123456789") == std::string::npos &&
                (Text.size() == 1 || Text[0] != '0');
  std::uint64_t Count = 0;
  bool Fits = Digits && Text.size() <= 19;
  for (std::size_t I = 0; Fits && I < Text.size(); ++I) {
    Count = Count * 10 + static_cast<std::uint64_t>(Text[I] - '0');
    Fits = Count <= MaxCount;
  }
  if (!Fits) {
    Error = "its " + Where + " is " + Text +
            ", not a count (a whole number from 0 to 9223372036854775807)";
    return false;
  }
  Out = Count;
  return true;
}

/// The counts of the object \p Object (the total, or a scope) at \p Where.
bool readCounts(const JsonValue *Object, const std::string &Where,
                ScopeCounts &Out, bool WithPeak, std::string &Error) {
  if (!Object || Object->Kind != JsonValue::Object) {
    Error = Object ? "its " + Where + " is " + kindName(Object->Kind) +
                         ", not an object"
                   : "it has no " + Where;
    return false;
  }
  Out.Present = true;
  if (!readCount(Object->get("allocs"), Where + ".allocs", Out.Allocs, Error) ||
      !readCount(Object->get("frees"), Where + ".frees", Out.Frees, Error) ||
      !readCount(Object->get("bytes"), Where + ".bytes", Out.Bytes, Error))
    return false;
  if (WithPeak && Object->get("peak_live_bytes")) {
    Out.HasPeak = true;
    return readCount(Object->get("peak_live_bytes"), Where + ".peak_live_bytes",
                     Out.Peak, Error);
  }
  return true;
}

/// A member that must be a string when it is there.
bool readString(const JsonValue *Value, const std::string &Where,
                std::string &Out, std::string &Error) {
  if (!Value)
    return true;
  if (Value->Kind != JsonValue::String) {
    Error = "its " + Where + " is " + kindName(Value->Kind) + ", not a string";
    return false;
  }
  Out = Value->Text;
  return true;
}

bool readReport(const JsonValue &Root, DiffReport &Report, std::string &Error) {
  const JsonValue *Version = Root.get("version");
  if (!Version || !Root.get("total")) {
    Error = "not a heapcount report: no \"version\" or \"total\"";
    return false;
  }
  if (Version->Kind != JsonValue::Number) {
    Error = std::string("its \"version\" is ") + kindName(Version->Kind) +
            ", not a number";
    return false;
  }
  if (Version->Text != "1") {
    Error = "a report of format version " + Version->Text +
            "; this heapcount reads version 1";
    return false;
  }
  if (!readCounts(Root.get("total"), "total", Report.Total, /*WithPeak=*/true,
                  Error) ||
      !readString(Root.get("platform"), "platform", Report.Platform, Error))
    return false;
  if (const JsonValue *Scopes = Root.get("scopes")) {
    if (Scopes->Kind != JsonValue::Object) {
      Error = std::string("its scopes are ") + kindName(Scopes->Kind) +
              ", not an object";
      return false;
    }
    for (const auto &Member : Scopes->Members)
      if (!readCounts(&Member.second, "scope '" + Member.first + "'",
                      Report.Scopes[Member.first], false, Error))
        return false;
  }
  if (const JsonValue *Counting = Root.get("counting")) {
    if (const JsonValue *Started = Counting->get("started")) {
      if (Started->Kind != JsonValue::Bool) {
        Error = std::string("its counting.started is ") +
                kindName(Started->Kind) + ", not true or false";
        return false;
      }
      Report.Started = Started->Text == "true";
    }
    if (!readString(Counting->get("problem"), "counting.problem",
                    Report.Problem, Error))
      return false;
  }
  if (const JsonValue *Process = Root.get("process")) {
    std::uint64_t Signal = 0;
    if (!readString(Process->get("end"), "process.end", Report.End, Error) ||
        !readString(Process->get("exception"), "process.exception",
                    Report.Exception, Error) ||
        (Process->get("signal") &&
         !readCount(Process->get("signal"), "process.signal", Signal, Error)))
      return false;
    Report.Signal = static_cast<int>(Signal & 0x7fffffff);
  }
  if (const JsonValue *Run = Root.get("run")) {
    Report.HasRun = true;
    if (!readString(Run->get("program"), "run.program", Report.Program,
                    Error) ||
        !readString(Run->get("heapcount_version"), "run.heapcount_version",
                    Report.Version, Error))
      return false;
    if (const JsonValue *Arguments = Run->get("arguments")) {
      for (const JsonValue &A : Arguments->Items) {
        Report.Arguments.emplace_back();
        if (!readString(&A, "run.arguments", Report.Arguments.back(), Error))
          return false;
      }
    }
  }
  return true;
}

} // namespace

bool readDiffReport(const std::string &Path, const std::string &Json,
                    DiffReport &Report, std::string &Error) {
  Report.Path = Path;
  JsonValue Root;
  JsonParser Parser(Json);
  if (!Parser.parse(Root) || Root.Kind != JsonValue::Object) {
    Error = Json.empty() ? "the file is empty"
                         : "not JSON, or cut short (at byte " +
                               std::to_string(Parser.offset()) + ")";
    return false;
  }
  return readReport(Root, Report, Error);
}

} // namespace heapcount
