//===--- HeapProfile.cpp - heapcount's container profile ------------------===//

#include "lib/analysis/profile/HeapProfile.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include <cmath>

using namespace llvm;

namespace alloc_tidy {

namespace {

Error malformed(const Twine &Where, const Twine &What) {
  return createStringError(inconvertibleErrorCode(), Where + ": " + What);
}

Expected<uint64_t> getCount(const json::Object &O, StringRef Key,
                            const Twine &Where) {
  const json::Value *V = O.get(Key);
  if (!V)
    return malformed(Where, "'" + Key + "' is missing");
  std::optional<int64_t> N = V->getAsInteger();
  if (!N || *N < 0)
    return malformed(Where, "'" + Key + "' is not a count");
  return static_cast<uint64_t>(*N);
}

Expected<StringRef> getString(const json::Object &O, StringRef Key,
                              const Twine &Where) {
  std::optional<StringRef> S = O.getString(Key);
  if (!S)
    return malformed(Where, "'" + Key + "' is missing or not a string");
  return *S;
}

/// The place of a site: its file, line, column and function.
Error parsePlace(const json::Object &O, const Twine &Where, ProfileSite &Site) {
  Expected<StringRef> File = getString(O, "file", Where);
  if (!File)
    return File.takeError();
  Site.File = File->str();
  Expected<uint64_t> Line = getCount(O, "line", Where);
  if (!Line)
    return Line.takeError();
  if (*Line == 0 || *Line > UINT32_MAX)
    return malformed(Where, "'line' is out of range");
  Site.Line = static_cast<unsigned>(*Line);
  if (O.get("column")) {
    Expected<uint64_t> Column = getCount(O, "column", Where);
    if (!Column)
      return Column.takeError();
    Site.Column = static_cast<unsigned>(std::min<uint64_t>(*Column, 0xffff));
  }
  Site.Function = O.getString("function").value_or("").str();
  return Error::success();
}

/// A histogram written as [[size, allocations], ...] under \p Key; the
/// allocations are added up into the site's. A size is at least
/// \p MinSize: 1 for a container's elements (a growth holds one at least),
/// 0 for bytes (`new char[0]` and `malloc(0)` are allocations too).
Error parseHistogram(const json::Object &O, StringRef Key, StringRef Pair,
                     int64_t MinSize, const Twine &Where, ProfileSite &Site) {
  const json::Array *Counts = O.getArray(Key);
  if (!Counts)
    return malformed(Where, "'" + Key + "' is missing or not an array");
  for (size_t I = 0; I < Counts->size(); ++I) {
    const json::Array *Entry = (*Counts)[I].getAsArray();
    std::optional<int64_t> Size =
        Entry && Entry->size() == 2 ? (*Entry)[0].getAsInteger() : std::nullopt;
    std::optional<int64_t> Allocations =
        Entry && Entry->size() == 2 ? (*Entry)[1].getAsInteger() : std::nullopt;
    if (!Size || !Allocations || *Size < MinSize || *Allocations < 0)
      return malformed(Where + "." + Key + "[" + Twine(I) + "]",
                       "not a pair of counts " + Pair);
    Site.Counts[static_cast<uint64_t>(*Size)] +=
        static_cast<uint64_t>(*Allocations);
    Site.Allocations += static_cast<uint64_t>(*Allocations);
  }
  return Error::success();
}

/// The processes of a site, added to the format later (optional): how many
/// allocated there ("processes") and, under \p Key, how many asked for
/// each count of its histogram ([count, processes] pairs).
Error parseProcesses(const json::Object &O, StringRef Key, const Twine &Where,
                     ProfileSite &Site) {
  if (!O.get("processes") && !O.get(Key))
    return Error::success();
  Expected<uint64_t> Processes = getCount(O, "processes", Where);
  if (!Processes)
    return Processes.takeError();
  if (*Processes == 0)
    return malformed(Where, "'processes' is 0");
  const json::Array *ByCount = O.getArray(Key);
  if (!ByCount)
    return malformed(Where, "'" + Key + "' is missing or not an array");
  for (size_t I = 0; I < ByCount->size(); ++I) {
    const json::Array *Entry = (*ByCount)[I].getAsArray();
    std::optional<int64_t> Count =
        Entry && Entry->size() == 2 ? (*Entry)[0].getAsInteger() : std::nullopt;
    std::optional<int64_t> Made =
        Entry && Entry->size() == 2 ? (*Entry)[1].getAsInteger() : std::nullopt;
    if (!Count || !Made || *Count < 0 || *Made < 0)
      return malformed(Where + "." + Key + "[" + Twine(I) + "]",
                       "not a pair of counts [count, processes]");
    Site.ProcessesByCount[static_cast<uint64_t>(*Count)] =
        static_cast<uint64_t>(*Made);
  }
  Site.Processes = *Processes;
  return Error::success();
}

/// A site's "callers" and "callers_cut", each with a histogram under
/// \p Key as the site's own; absent in a profile written before heapcount
/// recorded them.
Error parseCallers(const json::Object &O, StringRef Key, StringRef Pair,
                   int64_t MinSize, const Twine &Where, ProfileSite &Site) {
  const json::Value *Value = O.get("callers");
  if (!Value)
    return Error::success();
  const json::Array *Places = Value->getAsArray();
  if (!Places)
    return malformed(Where, "'callers' is not an array");
  Site.Callers.emplace();
  for (size_t I = 0; I < Places->size(); ++I) {
    std::string At = (Where + ".callers[" + Twine(I) + "]").str();
    const json::Object *Place = (*Places)[I].getAsObject();
    if (!Place)
      return malformed(At, "not an object");
    ProfileSite Read;
    if (Error E = parsePlace(*Place, At, Read))
      return E;
    if (Error E = parseHistogram(*Place, Key, Pair, MinSize, At, Read))
      return E;
    SiteCaller Caller{
        std::move(Read.File),   Read.Line,   Read.Column, Read.Allocations,
        std::move(Read.Counts), std::nullopt};
    if (std::optional<int64_t> Made = Place->getInteger("processes")) {
      if (*Made < 1)
        return malformed(At, "'processes' is not a positive count");
      Caller.Processes = static_cast<uint64_t>(*Made);
    }
    Site.Callers->push_back(std::move(Caller));
  }
  if (const json::Object *Cut = O.getObject("callers_cut")) {
    ProfileSite Read;
    if (Error E = parseHistogram(*Cut, Key, Pair, MinSize,
                                 Where + ".callers_cut", Read))
      return E;
    Site.CallersCut.Allocations = Read.Allocations;
    Site.CallersCut.Counts = std::move(Read.Counts);
  } else if (O.get("callers_cut")) {
    return malformed(Where, "'callers_cut' is not an object");
  }
  return Error::success();
}

Expected<ProfileSite> parseSite(const json::Object &O, const Twine &Where) {
  ProfileSite Site;
  if (Error E = parsePlace(O, Where, Site))
    return std::move(E);
  Site.Container = O.getString("container").value_or("").str();
  Expected<StringRef> Element = getString(O, "element", Where);
  if (!Element)
    return Element.takeError();
  Site.Element = Element->str();
  Expected<uint64_t> Size = getCount(O, "element_size", Where);
  if (!Size)
    return Size.takeError();
  if (*Size == 0)
    return malformed(Where, "'element_size' is 0");
  Site.ElementSize = *Size;
  if (Error E = parseHistogram(O, "counts", "[elements, allocations]", 1, Where,
                               Site))
    return std::move(E);
  if (Error E = parseProcesses(O, "processes_by_count", Where, Site))
    return std::move(E);
  if (Error E =
          parseCallers(O, "counts", "[elements, allocations]", 1, Where, Site))
    return std::move(E);
  return Site;
}

/// An allocation site: no container or element; its histogram counts bytes.
Expected<ProfileSite> parseAllocationSite(const json::Object &O,
                                          const Twine &Where) {
  ProfileSite Site;
  Site.ElementSize = 1;
  if (Error E = parsePlace(O, Where, Site))
    return std::move(E);
  if (Error E =
          parseHistogram(O, "sizes", "[bytes, allocations]", 0, Where, Site))
    return std::move(E);
  if (Error E = parseProcesses(O, "processes_by_size", Where, Site))
    return std::move(E);
  if (Error E =
          parseCallers(O, "sizes", "[bytes, allocations]", 0, Where, Site))
    return std::move(E);
  return Site;
}

} // namespace

Expected<HeapProfile> HeapProfile::parse(StringRef Json) {
  Expected<json::Value> Root = json::parse(Json);
  if (!Root)
    return malformed("not JSON", toString(Root.takeError()));
  const json::Object *O = Root->getAsObject();
  if (!O)
    return malformed("the profile", "not a JSON object");
  std::optional<int64_t> Version = O->getInteger("heapcount_profile");
  if (!Version)
    return malformed("the profile", "not a heapcount profile (no "
                                    "'heapcount_profile' version)");
  if (*Version != 1)
    return malformed("the profile", "format version " + Twine(*Version) +
                                        " is not supported (this reads 1)");
  // heapcount was stopped before the profile covered the whole run: its
  // numbers would pass for the run's.
  if (std::optional<StringRef> Incomplete = O->getString("incomplete"))
    return malformed("the profile", "incomplete (" + *Incomplete +
                                        "): take the profile again");

  HeapProfile Profile;
  Profile.Program = O->getString("program").value_or("").str();
  Profile.Allocations = static_cast<uint64_t>(
      std::max<int64_t>(0, O->getInteger("allocations").value_or(0)));
  if (const json::Array *Files = O->getArray("files")) {
    for (size_t I = 0; I < Files->size(); ++I) {
      const json::Object *F = (*Files)[I].getAsObject();
      std::string Where = "files[" + std::to_string(I) + "]";
      if (!F)
        return malformed(Where, "not an object");
      Expected<StringRef> Path = getString(*F, "path", Where);
      if (!Path)
        return Path.takeError();
      ProfiledFile &Entry = Profile.Files[*Path];
      if (std::optional<int64_t> Size = F->getInteger("size");
          Size && *Size >= 0)
        Entry.Size = static_cast<uint64_t>(*Size);
      if (std::optional<StringRef> Hash = F->getString("fnv1a64")) {
        uint64_t Value = 0;
        if (Hash->size() != 16 || Hash->getAsInteger(16, Value))
          return malformed(Where, "'fnv1a64' is not 16 hexadecimal digits");
        Entry.Hash = Value;
      }
      Entry.CallersOnly = F->getBoolean("callers_only").value_or(false);
    }
  }
  const json::Array *Sites = O->getArray("sites");
  if (!Sites)
    return malformed("the profile", "'sites' is missing or not an array");
  for (size_t I = 0; I < Sites->size(); ++I) {
    const json::Object *S = (*Sites)[I].getAsObject();
    std::string Where = "sites[" + std::to_string(I) + "]";
    if (!S)
      return malformed(Where, "not an object");
    Expected<ProfileSite> Site = parseSite(*S, Where);
    if (!Site)
      return Site.takeError();
    Profile.SitesByFile[Site->File].push_back(std::move(*Site));
  }
  // Added to the format later: optional.
  if (const json::Value *V = O->get("allocation_sites")) {
    const json::Array *Allocations = V->getAsArray();
    if (!Allocations)
      return malformed("the profile", "'allocation_sites' is not an array");
    for (size_t I = 0; I < Allocations->size(); ++I) {
      const json::Object *S = (*Allocations)[I].getAsObject();
      std::string Where = "allocation_sites[" + std::to_string(I) + "]";
      if (!S)
        return malformed(Where, "not an object");
      Expected<ProfileSite> Site = parseAllocationSite(*S, Where);
      if (!Site)
        return Site.takeError();
      Profile.AllocationSitesByFile[Site->File].push_back(std::move(*Site));
    }
  }
  return Profile;
}

Expected<HeapProfile> HeapProfile::load(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return createStringError(Buffer.getError(), Buffer.getError().message());
  return parse((*Buffer)->getBuffer());
}

HeapProfile::FileState HeapProfile::fileState(StringRef Path,
                                              StringRef Contents) const {
  auto It = Files.find(Path);
  if (It == Files.end())
    return FileState::Unknown;
  std::optional<uint64_t> Hash = It->second.Hash;
  std::optional<uint64_t> Size = It->second.Size;
  if (!Hash)
    return FileState::Unknown;
  if ((Size && *Size != Contents.size()) || *Hash != fnv1a64(Contents))
    return FileState::Changed;
  return FileState::Current;
}

uint64_t fnv1a64(StringRef Data) {
  uint64_t Hash = 0xcbf29ce484222325ULL;
  for (unsigned char C : Data) {
    Hash ^= C;
    Hash *= 0x100000001b3ULL;
  }
  return Hash;
}

std::optional<CapacityChoice> chooseCapacity(const ElementHistogram &Counts,
                                             double Coverage) {
  CapacityChoice Choice;
  for (const auto &[Elements, Allocations] : Counts) {
    Choice.Total += Allocations;
    if (Allocations)
      Choice.Largest = std::max(Choice.Largest, Elements);
  }
  if (Choice.Total == 0)
    return std::nullopt;
  // The share is compared in whole allocations, so that 0.9 of 10 needs 9
  // and floating-point rounding cannot ask for one more.
  uint64_t Needed = static_cast<uint64_t>(
      std::ceil(Coverage * static_cast<double>(Choice.Total) - 1e-9));
  Needed = std::clamp<uint64_t>(Needed, 1, Choice.Total);
  for (const auto &[Elements, Allocations] : Counts) {
    Choice.Covered += Allocations;
    Choice.Capacity = Elements;
    if (Choice.Covered >= Needed)
      break;
  }
  return Choice;
}

std::string normalizeTypeName(StringRef Name) {
  // Drop the words that clang and demanglers place or omit differently.
  SmallVector<StringRef, 8> Words;
  std::string Spaced;
  for (char C : Name) {
    if (isAlnum(C) || C == '_')
      Spaced += C;
    else {
      Spaced += ' ';
      Spaced += C;
      Spaced += ' ';
    }
  }
  SplitString(Spaced, Words, " ");
  std::string Result;
  bool Leading = true;
  for (size_t I = 0; I < Words.size(); ++I) {
    StringRef W = Words[I];
    if (W == "const" || W == "volatile" || W == "struct" || W == "class" ||
        W == "enum" || W == "union")
      continue;
    // Inline namespaces of the standard libraries: "std::__cxx11::",
    // "std::__1::".
    if ((W == "__cxx11" || W == "__1") && I + 2 < Words.size() &&
        Words[I + 1] == ":" && Words[I + 2] == ":") {
      I += 2;
      continue;
    }
    if (Leading && W == ":" && I + 1 < Words.size() && Words[I + 1] == ":") {
      ++I;
      continue;
    }
    Leading = false;
    Result += W;
  }
  return Result;
}

} // namespace alloc_tidy
