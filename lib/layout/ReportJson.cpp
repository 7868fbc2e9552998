//===--- ReportJson.cpp - the JSON report and its reader ------------------===//
//
// The schema is documented in docs/layout.md. Entries are split by kind
// (abiPointers, bases, fields) for consumers that want only the fields, and
// each carries its "index" in the record's layout order: several entries can
// share an offset (an empty base and the first field, a vptr and an empty
// base), so sorting by offset alone could not restore the order the holes
// refer to.
//
// The reader is strict: a report is read to compare it with another one in a
// CI gate, and a field silently read as 0 would make a wrong verdict.
//
//===----------------------------------------------------------------------===//

#include "lib/layout/Report.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include <optional>

namespace alloc_tidy {
namespace layout {

namespace json = llvm::json;

//===----------------------------------------------------------------------===//
// Writer
//===----------------------------------------------------------------------===//

static json::Object entryCommon(const LayoutEntry &E, size_t Index) {
  json::Object O{{"index", static_cast<int64_t>(Index)},
                 {"name", E.Name},
                 {"type", E.Type},
                 {"offset", E.Offset},
                 {"size", E.Size},
                 {"align", E.Align}};
  if (!E.File.empty()) {
    O["file"] = E.File;
    O["line"] = E.Line;
  }
  return O;
}

static json::Value recordToJson(const RecordLayout &L) {
  json::Array AbiPointers, Bases, Fields, Holes;
  for (size_t I = 0; I < L.Entries.size(); ++I) {
    const LayoutEntry &E = L.Entries[I];
    json::Object O = entryCommon(E, I);
    switch (E.Kind) {
    case EntryKind::VPtr:
    case EntryKind::VBPtr:
    case EntryKind::VtorDisp:
      O["kind"] = E.Kind == EntryKind::VPtr    ? "vptr"
                  : E.Kind == EntryKind::VBPtr ? "vbptr"
                                               : "vtordisp";
      AbiPointers.push_back(std::move(O));
      break;
    case EntryKind::Base:
    case EntryKind::VirtualBase:
      O["virtual"] = E.Kind == EntryKind::VirtualBase;
      O["primary"] = E.IsPrimaryBase;
      O["empty"] = E.IsEmpty;
      Bases.push_back(std::move(O));
      break;
    case EntryKind::Field:
      if (E.IsBitField) {
        O["bitOffset"] = E.BitOffset;
        O["bitWidth"] = E.BitWidth;
      }
      if (E.IsEmpty)
        O["empty"] = true;
      if (E.IsNoUniqueAddress)
        O["noUniqueAddress"] = true;
      Fields.push_back(std::move(O));
      break;
    }
  }
  for (const Hole &H : L.Holes) {
    json::Object O{{"offset", H.Offset},
                   {"size", H.Size},
                   {"after", static_cast<int64_t>(H.AfterEntry)}};
    if (H.Bits)
      O["bits"] = H.Bits;
    Holes.push_back(std::move(O));
  }
  json::Object O{{"name", L.Name},
                 {"qualifiedName", L.QualifiedName},
                 {"kind", L.Kind},
                 {"file", L.File},
                 {"line", L.Line},
                 {"size", L.Size},
                 {"align", L.Align},
                 {"dataSize", L.DataSize},
                 {"packed", L.IsPacked},
                 {"union", L.IsUnion},
                 {"dynamic", L.IsDynamic},
                 {"abiPointers", std::move(AbiPointers)},
                 {"bases", std::move(Bases)},
                 {"fields", std::move(Fields)},
                 {"holes", std::move(Holes)},
                 {"tailPadding", L.TailPadding},
                 {"paddingBytes", L.PaddingBytes},
                 {"cacheLines", L.CacheLines},
                 {"cacheLineSize", L.CacheLineSize}};
  if (L.Optimal) {
    O["optimalSize"] = L.Optimal->Size;
    json::Array Order;
    for (const std::string &Name : L.Optimal->FieldOrder)
      Order.push_back(Name);
    O["optimalOrder"] = std::move(Order);
  } else {
    O["optimalSize"] = nullptr;
    O["optimalOrder"] = nullptr;
  }
  return O;
}

void renderJson(const Report &R, llvm::raw_ostream &OS,
                const RenderOptions &Options) {
  json::Array Records, Wasteful;
  for (const RecordLayout &L : R.Records)
    Records.push_back(recordToJson(L));
  for (size_t I : mostWasteful(R, Options.TopN)) {
    const RecordLayout &L = R.Records[I];
    Wasteful.push_back(json::Object{{"qualifiedName", L.QualifiedName},
                                    {"file", L.File},
                                    {"line", L.Line},
                                    {"size", L.Size},
                                    {"paddingBytes", L.PaddingBytes},
                                    {"savings", reorderSavings(L)}});
  }
  json::Object Top{
      {"version", ReportJsonVersion},
      {"target", R.Target},
      {"abi", R.Abi},
      {"translationUnits", R.TranslationUnits},
      {"failedUnits", json::Array(R.FailedUnits)},
      {"records", std::move(Records)},
      {"totals",
       json::Object{{"records", static_cast<int64_t>(R.Records.size())},
                    {"paddingBytes", totalPaddingBytes(R)},
                    {"wastefulRecords", std::move(Wasteful)}}}};
  OS << llvm::formatv("{0:2}", json::Value(std::move(Top))) << "\n";
}

//===----------------------------------------------------------------------===//
// Reader
//===----------------------------------------------------------------------===//

namespace {

/// Reads values while remembering where it is, so that the first error
/// names its place: "records[2].fields[0].offset: expected ...".
class Reader {
public:
  std::string Error;

  bool failed() const { return !Error.empty(); }

  void fail(llvm::StringRef Where, const llvm::Twine &What) {
    if (Error.empty())
      Error = (Where + ": " + What).str();
  }

  const json::Object *object(const json::Value *V, llvm::StringRef Where) {
    if (!V) {
      fail(Where, "missing");
      return nullptr;
    }
    const json::Object *O = V->getAsObject();
    if (!O)
      fail(Where, "expected an object");
    return O;
  }

  const json::Array *array(const json::Object &O, llvm::StringRef Key,
                           llvm::StringRef Where, bool Optional = false) {
    const json::Value *V = O.get(Key);
    if (!V) {
      if (!Optional)
        fail(path(Where, Key), "missing");
      return nullptr;
    }
    const json::Array *A = V->getAsArray();
    if (!A)
      fail(path(Where, Key), "expected an array");
    return A;
  }

  uint64_t unsignedInt(const json::Object &O, llvm::StringRef Key,
                       llvm::StringRef Where, bool Optional = false,
                       uint64_t Default = 0) {
    const json::Value *V = O.get(Key);
    if (!V) {
      if (!Optional)
        fail(path(Where, Key), "missing");
      return Default;
    }
    if (std::optional<uint64_t> N = V->getAsUINT64())
      return *N;
    fail(path(Where, Key), "expected an unsigned integer");
    return Default;
  }

  int64_t signedInt(const json::Object &O, llvm::StringRef Key,
                    llvm::StringRef Where) {
    const json::Value *V = O.get(Key);
    if (!V) {
      fail(path(Where, Key), "missing");
      return 0;
    }
    if (std::optional<int64_t> N = V->getAsInteger())
      return *N;
    fail(path(Where, Key), "expected an integer");
    return 0;
  }

  std::string string(const json::Object &O, llvm::StringRef Key,
                     llvm::StringRef Where, bool Optional = false) {
    const json::Value *V = O.get(Key);
    if (!V) {
      if (!Optional)
        fail(path(Where, Key), "missing");
      return "";
    }
    if (std::optional<llvm::StringRef> S = V->getAsString())
      return S->str();
    fail(path(Where, Key), "expected a string");
    return "";
  }

  bool boolean(const json::Object &O, llvm::StringRef Key,
               llvm::StringRef Where) {
    const json::Value *V = O.get(Key);
    if (!V)
      return false;
    if (std::optional<bool> B = V->getAsBoolean())
      return *B;
    fail(path(Where, Key), "expected true or false");
    return false;
  }

  static std::string path(llvm::StringRef Where, llvm::StringRef Key) {
    return Where.empty() ? Key.str() : (Where + "." + Key).str();
  }
  static std::string index(llvm::StringRef Where, size_t I) {
    return (Where + "[" + llvm::Twine(I) + "]").str();
  }

  /// An entry of abiPointers, bases or fields, placed at its "index".
  void entry(const json::Value &V, llvm::StringRef Where, EntryKind Kind,
             std::vector<std::optional<LayoutEntry>> &Slots) {
    const json::Object *O = object(&V, Where);
    if (!O)
      return;
    LayoutEntry E;
    E.Kind = Kind;
    E.Name = string(*O, "name", Where);
    E.Type = string(*O, "type", Where);
    E.Offset = unsignedInt(*O, "offset", Where);
    E.Size = unsignedInt(*O, "size", Where);
    E.Align = unsignedInt(*O, "align", Where);
    E.File = string(*O, "file", Where, /*Optional=*/true);
    E.Line = static_cast<unsigned>(
        unsignedInt(*O, "line", Where, /*Optional=*/true));
    E.IsEmpty = boolean(*O, "empty", Where);
    if (Kind == EntryKind::VPtr) {
      std::string PointerKind = string(*O, "kind", Where);
      if (PointerKind == "vbptr")
        E.Kind = EntryKind::VBPtr;
      else if (PointerKind == "vtordisp")
        E.Kind = EntryKind::VtorDisp;
      else if (PointerKind != "vptr" && !failed())
        fail(path(Where, "kind"), "expected \"vptr\", \"vbptr\" or "
                                  "\"vtordisp\", not \"" +
                                      PointerKind + "\"");
    }
    if (Kind == EntryKind::Base) {
      if (boolean(*O, "virtual", Where))
        E.Kind = EntryKind::VirtualBase;
      E.IsPrimaryBase = boolean(*O, "primary", Where);
    }
    if (Kind == EntryKind::Field) {
      E.IsNoUniqueAddress = boolean(*O, "noUniqueAddress", Where);
      bool HasOffset = O->get("bitOffset"), HasWidth = O->get("bitWidth");
      if (HasOffset != HasWidth)
        fail(Where, "a bit-field needs both bitOffset and bitWidth");
      if (HasOffset && HasWidth) {
        E.IsBitField = true;
        E.BitOffset = unsignedInt(*O, "bitOffset", Where);
        E.BitWidth = unsignedInt(*O, "bitWidth", Where);
      }
    }
    uint64_t Index = unsignedInt(*O, "index", Where);
    if (failed())
      return;
    if (Index >= Slots.size()) {
      fail(path(Where, "index"), "index " + llvm::Twine(Index) +
                                     " is out of range (the record has " +
                                     llvm::Twine(Slots.size()) + " entries)");
      return;
    }
    if (Slots[Index]) {
      fail(path(Where, "index"),
           "index " + llvm::Twine(Index) + " is used twice");
      return;
    }
    Slots[Index] = std::move(E);
  }

  RecordLayout record(const json::Value &V, llvm::StringRef Where) {
    RecordLayout L;
    const json::Object *O = object(&V, Where);
    if (!O)
      return L;
    L.Name = string(*O, "name", Where);
    L.QualifiedName = string(*O, "qualifiedName", Where);
    L.Kind = string(*O, "kind", Where);
    L.File = string(*O, "file", Where);
    L.Line = static_cast<unsigned>(unsignedInt(*O, "line", Where));
    L.Size = unsignedInt(*O, "size", Where);
    L.Align = unsignedInt(*O, "align", Where);
    L.DataSize = unsignedInt(*O, "dataSize", Where);
    L.IsPacked = boolean(*O, "packed", Where);
    L.IsUnion = boolean(*O, "union", Where);
    L.IsDynamic = boolean(*O, "dynamic", Where);
    L.TailPadding = unsignedInt(*O, "tailPadding", Where);
    L.PaddingBytes = unsignedInt(*O, "paddingBytes", Where);
    L.CacheLines = unsignedInt(*O, "cacheLines", Where);
    L.CacheLineSize = unsignedInt(*O, "cacheLineSize", Where,
                                  /*Optional=*/true, 64);

    const json::Array *Pointers =
        array(*O, "abiPointers", Where, /*Optional=*/true);
    const json::Array *Bases = array(*O, "bases", Where);
    const json::Array *Fields = array(*O, "fields", Where);
    const json::Array *Holes = array(*O, "holes", Where);
    if (failed())
      return L;
    size_t Count =
        (Pointers ? Pointers->size() : 0) + Bases->size() + Fields->size();
    std::vector<std::optional<LayoutEntry>> Slots(Count);
    if (Pointers)
      for (size_t I = 0; I < Pointers->size(); ++I)
        entry((*Pointers)[I], index(path(Where, "abiPointers"), I),
              EntryKind::VPtr, Slots);
    for (size_t I = 0; I < Bases->size(); ++I)
      entry((*Bases)[I], index(path(Where, "bases"), I), EntryKind::Base,
            Slots);
    for (size_t I = 0; I < Fields->size(); ++I)
      entry((*Fields)[I], index(path(Where, "fields"), I), EntryKind::Field,
            Slots);
    if (failed())
      return L;
    // Count distinct in-range indices were all placed, so every slot is set.
    for (std::optional<LayoutEntry> &E : Slots)
      if (E)
        L.Entries.push_back(std::move(*E));

    for (size_t I = 0; I < Holes->size(); ++I) {
      std::string HoleWhere = index(path(Where, "holes"), I);
      const json::Object *HO = object(&(*Holes)[I], HoleWhere);
      if (!HO)
        return L;
      Hole H;
      H.Offset = unsignedInt(*HO, "offset", HoleWhere);
      H.Size = unsignedInt(*HO, "size", HoleWhere);
      H.Bits = unsignedInt(*HO, "bits", HoleWhere, /*Optional=*/true);
      int64_t After = signedInt(*HO, "after", HoleWhere);
      if (!failed() &&
          (After < -1 || After >= static_cast<int64_t>(L.Entries.size())))
        fail(path(HoleWhere, "after"), "entry " + llvm::Twine(After) +
                                           " does not exist (the record has " +
                                           llvm::Twine(L.Entries.size()) +
                                           " entries)");
      H.AfterEntry = static_cast<int>(After);
      L.Holes.push_back(H);
    }

    const json::Value *OptimalSize = O->get("optimalSize");
    if (OptimalSize && !OptimalSize->getAsNull()) {
      ReorderResult Optimal;
      Optimal.Size = unsignedInt(*O, "optimalSize", Where);
      if (const json::Array *Order =
              array(*O, "optimalOrder", Where, /*Optional=*/true)) {
        for (size_t I = 0; I < Order->size(); ++I) {
          if (std::optional<llvm::StringRef> S = (*Order)[I].getAsString())
            Optimal.FieldOrder.push_back(S->str());
          else
            fail(index(path(Where, "optimalOrder"), I), "expected a string");
        }
      }
      L.Optimal = std::move(Optimal);
    }
    return L;
  }
};

} // namespace

llvm::Expected<Report> readJsonReport(llvm::StringRef Text) {
  llvm::Expected<json::Value> Parsed = json::parse(Text);
  if (!Parsed)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "not JSON: " +
                                       llvm::toString(Parsed.takeError()));
  Reader In;
  const json::Object *Top = In.object(&*Parsed, "(top level)");
  if (!Top)
    return llvm::createStringError(llvm::inconvertibleErrorCode(), In.Error);
  // The version first: a future report should say it is from the future,
  // not that some field it renamed is missing.
  const json::Value *Version = Top->get("version");
  if (!Version)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "version: missing (is this an alloc-layout JSON report?)");
  if (Version->getAsInteger() != ReportJsonVersion)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::formatv("version: this alloc-layout reads version {0}, the "
                      "report is version {1}",
                      ReportJsonVersion, *Version)
            .str());

  Report R;
  R.Target = In.string(*Top, "target", "");
  R.Abi = In.string(*Top, "abi", "");
  R.TranslationUnits = static_cast<unsigned>(
      In.unsignedInt(*Top, "translationUnits", "", /*Optional=*/true));
  if (const json::Value *Failed = Top->get("failedUnits")) {
    const json::Array *List = Failed->getAsArray();
    if (!List)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "failedUnits: expected an array");
    for (const json::Value &Unit : *List) {
      std::optional<llvm::StringRef> Name = Unit.getAsString();
      if (!Name)
        return llvm::createStringError(
            llvm::inconvertibleErrorCode(),
            "failedUnits: expected the names of translation units");
      R.FailedUnits.push_back(Name->str());
    }
  }
  if (const json::Array *Records = In.array(*Top, "records", ""))
    for (size_t I = 0; I < Records->size() && !In.failed(); ++I)
      R.Records.push_back(
          In.record((*Records)[I], Reader::index("records", I)));
  if (In.failed())
    return llvm::createStringError(llvm::inconvertibleErrorCode(), In.Error);
  return R;
}

} // namespace layout
} // namespace alloc_tidy
