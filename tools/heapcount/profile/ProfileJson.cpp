//===- ProfileJson.cpp - heapcount --profile: the JSON file
//-----------------===//
//
// Writes a profile as JSON (format version 1, docs/heapcount.md,
// "Profiles") and reads it back for heapcount merge-profiles.
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/JsonReader.h"
#include "tools/heapcount/Profile.h"
#include "tools/heapcount/profile/ProfileHelpers.h"
#include <algorithm>
#include <tuple>

namespace heapcount {

using profile::hex16;
using profile::hexNumber;

namespace {

/// [[n, allocations], ...] in ascending order of n.
void appendPairs(std::string &Out,
                 const std::map<std::uint64_t, std::uint64_t> &Pairs) {
  Out += "[";
  bool First = true;
  for (const auto &Pair : Pairs) {
    Out += First ? "[" : ",[";
    Out += std::to_string(Pair.first) + "," + std::to_string(Pair.second) + "]";
    First = false;
  }
  Out += "]";
}

/// A site's processes, when known: the member \p ByName gives them for each
/// count (or size).
void appendProcesses(std::string &Out, std::uint64_t Processes,
                     const std::map<std::uint64_t, std::uint64_t> &ByCount,
                     const char *ByName) {
  if (Processes == 0)
    return;
  Out += ",\"processes\":" + std::to_string(Processes) + ",\"" + ByName + "\":";
  appendPairs(Out, ByCount);
}

/// ,"callers":[...] and, when some stacks were cut, ,"callers_cut":{...};
/// each histogram named \p CountsName as the site's. Nothing when unknown.
void appendCallers(std::string &Out, const SiteCallers &Callers,
                   const char *CountsName) {
  if (!Callers.Known)
    return;
  Out += ",\"callers\":[";
  for (std::size_t I = 0; I < Callers.Places.size(); ++I) {
    const SiteCaller &C = Callers.Places[I];
    Out += I ? ",{\"file\":" : "{\"file\":";
    appendJsonString(Out, C.File);
    Out += ",\"line\":" + std::to_string(C.Line) +
           ",\"column\":" + std::to_string(C.Column) +
           ",\"allocations\":" + std::to_string(C.Allocations) + ",\"" +
           CountsName + "\":";
    appendPairs(Out, C.Counts);
    if (C.Processes)
      Out += ",\"processes\":" + std::to_string(C.Processes);
    Out += "}";
  }
  Out += "]";
  if (Callers.Cut.Allocations) {
    Out += ",\"callers_cut\":{\"allocations\":" +
           std::to_string(Callers.Cut.Allocations) + ",\"" + CountsName + "\":";
    appendPairs(Out, Callers.Cut.Counts);
    Out += "}";
  }
}

} // namespace

std::string profileJson(const Profile &P) {
  std::string Out = "{\"heapcount_profile\":1,\n";
  // Readers refuse a profile that is not the whole run.
  if (!P.Incomplete.empty()) {
    Out += "\"incomplete\":";
    appendJsonString(Out, P.Incomplete);
    Out += ",\n";
  }
  Out += "\"program\":";
  appendJsonString(Out, P.Program);
  Out += ",\n\"allocations\":" + std::to_string(P.Allocations);
  Out += ",\n\"profiled\":" + std::to_string(P.Profiled);
  Out += ",\n\"left_out\":" + std::to_string(P.leftOut());
  Out += ",\n\"files\":[";
  for (std::size_t I = 0; I < P.Files.size(); ++I) {
    const SourceFile &F = P.Files[I];
    Out += I ? ",\n{\"path\":" : "\n{\"path\":";
    appendJsonString(Out, F.Path);
    if (F.Exists)
      Out += ",\"size\":" + std::to_string(F.Size) + ",\"fnv1a64\":\"" +
             hex16(F.Hash) + "\"";
    if (F.CallersOnly)
      Out += ",\"callers_only\":true";
    Out += "}";
  }
  Out += "],\n\"sites\":[";
  for (std::size_t I = 0; I < P.Sites.size(); ++I) {
    const ProfileSite &S = P.Sites[I];
    Out += I ? ",\n{\"file\":" : "\n{\"file\":";
    appendJsonString(Out, S.File);
    Out += ",\"line\":" + std::to_string(S.Line) +
           ",\"column\":" + std::to_string(S.Column) + ",\"function\":";
    appendJsonString(Out, S.Function);
    Out += ",\"container\":";
    appendJsonString(Out, S.Container);
    Out += ",\"element\":";
    appendJsonString(Out, S.Element);
    Out += ",\"element_size\":" + std::to_string(S.ElementSize) +
           ",\"allocations\":" + std::to_string(S.Allocations) +
           ",\"bytes\":" + std::to_string(S.Bytes) + ",\"counts\":";
    appendPairs(Out, S.Counts);
    appendProcesses(Out, S.Processes, S.ProcessesByCount, "processes_by_count");
    appendCallers(Out, S.Callers, "counts");
    Out += "}";
  }
  Out += "],\n\"allocation_sites\":[";
  for (std::size_t I = 0; I < P.AllocationSites.size(); ++I) {
    const AllocationSite &S = P.AllocationSites[I];
    Out += I ? ",\n{\"file\":" : "\n{\"file\":";
    appendJsonString(Out, S.File);
    Out += ",\"line\":" + std::to_string(S.Line) +
           ",\"column\":" + std::to_string(S.Column) + ",\"function\":";
    appendJsonString(Out, S.Function);
    Out += ",\"allocations\":" + std::to_string(S.Allocations) +
           ",\"bytes\":" + std::to_string(S.Bytes) + ",\"sizes\":";
    appendPairs(Out, S.Sizes);
    appendProcesses(Out, S.Processes, S.ProcessesBySize, "processes_by_size");
    appendCallers(Out, S.Callers, "sizes");
    Out += "}";
  }
  Out += "],\n\"unattributed\":[";
  std::size_t Listed = std::min(P.Unattributed.size(), MaxUnattributedInFile);
  for (std::size_t I = 0; I < Listed; ++I) {
    const UnattributedGroup &G = P.Unattributed[I];
    Out += I ? ",\n{\"reason\":" : "\n{\"reason\":";
    appendJsonString(Out, G.Reason);
    if (!G.Element.empty()) {
      Out += ",\"element\":";
      appendJsonString(Out, G.Element);
    }
    Out += ",\"allocations\":" + std::to_string(G.Allocations) +
           ",\"bytes\":" + std::to_string(G.Bytes) + ",\"function\":";
    appendJsonString(Out, G.Function);
    if (!G.File.empty()) {
      Out += ",\"file\":";
      appendJsonString(Out, G.File);
      Out += ",\"line\":" + std::to_string(G.Line) +
             ",\"column\":" + std::to_string(G.Column);
    } else {
      Out += ",\"module\":";
      appendJsonString(Out, G.Module);
      Out += ",\"offset\":\"0x" + hexNumber(G.Offset) + "\"";
    }
    Out += "}";
  }
  Out +=
      "],\n\"processes\":" + std::to_string(P.Processes) + ",\n\"programs\":[";
  bool First = true;
  for (const std::string &Program : P.Programs) {
    Out += First ? "" : ",";
    appendJsonString(Out, Program);
    First = false;
  }
  Out += "]}\n";
  return Out;
}

// --- Reading and merging profiles ------------------------------------------

namespace {

bool isNumber(const JsonValue *V) {
  return V && V->Kind == JsonValue::Number && !V->Text.empty() &&
         V->Text[0] != '-' && V->Text.find_first_of(".eE") == std::string::npos;
}

unsigned toLine(const JsonValue *V) {
  return static_cast<unsigned>(toUnsigned(V));
}

// [[n, allocations], ...] into \p Out; false when malformed.
bool readPairs(const JsonValue *V,
               std::map<std::uint64_t, std::uint64_t> &Out) {
  if (!V || V->Kind != JsonValue::Array)
    return false;
  for (const JsonValue &Pair : V->Items) {
    if (Pair.Kind != JsonValue::Array || Pair.Items.size() != 2 ||
        !isNumber(&Pair.Items[0]) || !isNumber(&Pair.Items[1]))
      return false;
    Out[toUnsigned(&Pair.Items[0])] += toUnsigned(&Pair.Items[1]);
  }
  return true;
}

/// A site's "processes" and the member \p ByName that gives them for each
/// count (or size); both absent in a profile written before heapcount
/// counted them, and then unknown. False when malformed.
bool readProcesses(const JsonValue &Site, const char *ByName,
                   std::uint64_t &Processes,
                   std::map<std::uint64_t, std::uint64_t> &ByCount) {
  const JsonValue *Total = Site.get("processes");
  const JsonValue *Each = Site.get(ByName);
  if (!Total && !Each)
    return true;
  if (!isNumber(Total) || toUnsigned(Total) == 0 || !readPairs(Each, ByCount))
    return false;
  Processes = toUnsigned(Total);
  return true;
}

/// A site's "callers" and "callers_cut" (histograms named \p CountsName);
/// unknown when absent (a profile written before heapcount recorded them).
/// False when malformed.
bool readCallers(const JsonValue &Site, const char *CountsName,
                 SiteCallers &Callers) {
  const JsonValue *Places = Site.get("callers");
  if (!Places) {
    Callers.Known = false;
    return true;
  }
  if (Places->Kind != JsonValue::Array)
    return false;
  for (const JsonValue &Place : Places->Items) {
    SiteCaller C;
    C.File = toString(Place.get("file"));
    C.Line = toLine(Place.get("line"));
    C.Column = toLine(Place.get("column"));
    C.Allocations = toUnsigned(Place.get("allocations"));
    C.Processes = toUnsigned(Place.get("processes"));
    if (Place.Kind != JsonValue::Object || C.File.empty() ||
        !isNumber(Place.get("line")) ||
        !readPairs(Place.get(CountsName), C.Counts))
      return false;
    Callers.Places.push_back(std::move(C));
  }
  std::sort(Callers.Places.begin(), Callers.Places.end(),
            [](const SiteCaller &A, const SiteCaller &B) {
              return std::tie(A.File, A.Line, A.Column) <
                     std::tie(B.File, B.Line, B.Column);
            });
  if (const JsonValue *Cut = Site.get("callers_cut")) {
    Callers.Cut.Allocations = toUnsigned(Cut->get("allocations"));
    if (Cut->Kind != JsonValue::Object ||
        !readPairs(Cut->get(CountsName), Callers.Cut.Counts))
      return false;
  }
  return true;
}

} // namespace

bool readProfile(const std::string &Json, Profile &P, std::string &Error) {
  JsonValue Root;
  JsonParser Parser(Json);
  if (!Parser.parse(Root)) {
    Error = "not JSON (at offset " + std::to_string(Parser.offset()) + ")";
    return false;
  }
  if (Root.Kind != JsonValue::Object) {
    Error = "not a JSON object";
    return false;
  }
  const JsonValue *Version = Root.get("heapcount_profile");
  if (!isNumber(Version)) {
    Error = "not a heapcount profile (no 'heapcount_profile' version)";
    return false;
  }
  if (Version->Text != "1") {
    Error =
        "format version " + Version->Text + " is not supported (this reads 1)";
    return false;
  }
  if (const JsonValue *Incomplete = Root.get("incomplete")) {
    Error = "the profile is incomplete (" + toString(Incomplete) + ")";
    return false;
  }
  P = Profile();
  P.Program = toString(Root.get("program"));
  P.Allocations = toUnsigned(Root.get("allocations"));
  P.LeftOutUnknown = toUnsigned(Root.get("left_out"));
  if (const JsonValue *Processes = Root.get("processes"); isNumber(Processes))
    P.Processes = toUnsigned(Processes);
  if (const JsonValue *Programs = Root.get("programs");
      Programs && Programs->Kind == JsonValue::Array)
    for (const JsonValue &Program : Programs->Items)
      if (Program.Kind == JsonValue::String)
        P.Programs.insert(Program.Text);
  if (P.Programs.empty() && !P.Program.empty())
    P.Programs.insert(P.Program);
  if (const JsonValue *Files = Root.get("files")) {
    if (Files->Kind != JsonValue::Array) {
      Error = "'files' is not an array";
      return false;
    }
    for (std::size_t I = 0; I < Files->Items.size(); ++I) {
      const JsonValue &F = Files->Items[I];
      const JsonValue *Path = F.get("path");
      if (F.Kind != JsonValue::Object || !Path ||
          Path->Kind != JsonValue::String) {
        Error = "files[" + std::to_string(I) + "] has no 'path'";
        return false;
      }
      SourceFile Source;
      Source.Path = Path->Text;
      const JsonValue *Hash = F.get("fnv1a64");
      if (Hash && Hash->Kind == JsonValue::String) {
        if (Hash->Text.size() != 16 ||
            Hash->Text.find_first_not_of("0123456789abcdefABCDEF") !=
                std::string::npos) {
          Error = "files[" + std::to_string(I) +
                  "]: 'fnv1a64' is not 16 hexadecimal digits";
          return false;
        }
        Source.Exists = true;
        Source.Hash = std::strtoull(Hash->Text.c_str(), nullptr, 16);
        Source.Size = toUnsigned(F.get("size"));
      }
      const JsonValue *CallersOnly = F.get("callers_only");
      Source.CallersOnly = CallersOnly &&
                           CallersOnly->Kind == JsonValue::Bool &&
                           CallersOnly->Text == "true";
      P.Files.push_back(std::move(Source));
    }
  }
  const JsonValue *Sites = Root.get("sites");
  if (!Sites || Sites->Kind != JsonValue::Array) {
    Error = "'sites' is missing or not an array";
    return false;
  }
  for (std::size_t I = 0; I < Sites->Items.size(); ++I) {
    const JsonValue &S = Sites->Items[I];
    ProfileSite Site;
    Site.File = toString(S.get("file"));
    Site.Line = toLine(S.get("line"));
    Site.Column = toLine(S.get("column"));
    Site.Function = toString(S.get("function"));
    Site.Container = toString(S.get("container"));
    Site.Element = toString(S.get("element"));
    Site.ElementSize = toUnsigned(S.get("element_size"));
    Site.Allocations = toUnsigned(S.get("allocations"));
    Site.Bytes = toUnsigned(S.get("bytes"));
    if (S.Kind != JsonValue::Object || Site.File.empty() ||
        !isNumber(S.get("line")) || !readPairs(S.get("counts"), Site.Counts)) {
      Error = "sites[" + std::to_string(I) +
              "] is not a site (a 'file', a 'line' and 'counts')";
      return false;
    }
    if (!readProcesses(S, "processes_by_count", Site.Processes,
                       Site.ProcessesByCount)) {
      Error = "sites[" + std::to_string(I) +
              "]: 'processes' and 'processes_by_count' are not a count and "
              "[elements, processes] pairs";
      return false;
    }
    if (!readCallers(S, "counts", Site.Callers)) {
      Error = "sites[" + std::to_string(I) +
              "]: 'callers' is not a list of places (a 'file', a 'line' and "
              "'counts')";
      return false;
    }
    P.Sites.push_back(std::move(Site));
  }
  if (const JsonValue *Sites = Root.get("allocation_sites")) {
    for (std::size_t I = 0;
         Sites->Kind == JsonValue::Array && I < Sites->Items.size(); ++I) {
      const JsonValue &S = Sites->Items[I];
      AllocationSite Site;
      Site.File = toString(S.get("file"));
      Site.Line = toLine(S.get("line"));
      Site.Column = toLine(S.get("column"));
      Site.Function = toString(S.get("function"));
      Site.Allocations = toUnsigned(S.get("allocations"));
      Site.Bytes = toUnsigned(S.get("bytes"));
      if (S.Kind != JsonValue::Object || Site.File.empty() ||
          !readPairs(S.get("sizes"), Site.Sizes)) {
        Error = "allocation_sites[" + std::to_string(I) +
                "] is not a site (a 'file', a 'line' and 'sizes')";
        return false;
      }
      if (!readProcesses(S, "processes_by_size", Site.Processes,
                         Site.ProcessesBySize)) {
        Error = "allocation_sites[" + std::to_string(I) +
                "]: 'processes' and 'processes_by_size' are not a count and "
                "[bytes, processes] pairs";
        return false;
      }
      if (!readCallers(S, "sizes", Site.Callers)) {
        Error = "allocation_sites[" + std::to_string(I) +
                "]: 'callers' is not a list of places (a 'file', a 'line' "
                "and 'sizes')";
        return false;
      }
      P.AllocationSites.push_back(std::move(Site));
    }
  }
  if (const JsonValue *Groups = Root.get("unattributed");
      Groups && Groups->Kind == JsonValue::Array) {
    for (const JsonValue &G : Groups->Items) {
      UnattributedGroup Group;
      Group.Reason = toString(G.get("reason"));
      Group.Element = toString(G.get("element"));
      Group.Function = toString(G.get("function"));
      Group.File = toString(G.get("file"));
      Group.Line = toLine(G.get("line"));
      Group.Column = toLine(G.get("column"));
      Group.Module = toString(G.get("module"));
      Group.Offset = toUnsigned(G.get("offset"));
      Group.Allocations = toUnsigned(G.get("allocations"));
      Group.Bytes = toUnsigned(G.get("bytes"));
      P.Unattributed.push_back(std::move(Group));
    }
  }
  for (const ProfileSite &S : P.Sites)
    P.Profiled += S.Allocations;
  return true;
}

} // namespace heapcount
