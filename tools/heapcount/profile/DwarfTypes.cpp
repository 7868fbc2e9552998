//===- DwarfTypes.cpp - heapcount --profile: element sizes from DWARF
//-------===//
//
// Finds the sizes of element types in a module's debugging information by
// running llvm-dwarfdump --name over it and reading its output. See
// Profile.h ("Element sizes from DWARF").
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/Launch.h"
#include "tools/heapcount/Profile.h"
#include "tools/heapcount/profile/ProfileHelpers.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace heapcount {

using profile::AnonymousNamespace;
using profile::isWordChar;
using profile::trim;

namespace {

// The --regex pattern of an identifier with any template arguments.
std::string namePattern(const std::string &Identifier) {
  std::string Pattern = "^";
  for (char C : Identifier) {
    if (C == '$')
      Pattern += '\\';
    Pattern += C;
  }
  return Pattern + "(<.*)?$";
}

bool isTypeTag(const std::string &Tag) {
  return Tag == "DW_TAG_structure_type" || Tag == "DW_TAG_class_type" ||
         Tag == "DW_TAG_union_type" || Tag == "DW_TAG_enumeration_type" ||
         Tag == "DW_TAG_base_type";
}

bool isClassTag(const std::string &Tag) {
  return Tag == "DW_TAG_structure_type" || Tag == "DW_TAG_class_type" ||
         Tag == "DW_TAG_union_type";
}

/// \p Name without the parameter lists (and cv- and ref-qualifiers) of the
/// functions that enclose a local class: "f(int)::Row" -> "f::Row", as
/// the debugging information names the function. "(anonymous namespace)"
/// follows no name and stays.
std::string withoutParameterLists(const std::string &Name) {
  std::string Out;
  for (std::size_t I = 0; I < Name.size(); ++I) {
    char C = Name[I];
    if (C == '(' && !Out.empty() &&
        (isWordChar(Out.back()) || Out.back() == '>')) {
      int Depth = 0;
      std::size_t Close = I;
      for (; Close < Name.size(); ++Close) {
        Depth += Name[Close] == '(' ? 1 : Name[Close] == ')' ? -1 : 0;
        if (Depth == 0)
          break;
      }
      std::size_t Scope = Name.find("::", Close);
      if (Close < Name.size() && Scope != std::string::npos &&
          Name.find_first_not_of(" constvlai&", Close + 1) == Scope) {
        I = Scope - 1; // the qualifiers go too
        continue;
      }
    }
    Out += C;
  }
  return Out;
}

} // namespace

// --- Element sizes from DWARF --------------------------------------------

namespace {

// One type as clang writes it in a name: "int const" -> "const int",
// "char const*" -> "const char *", arguments spelled alike.
std::string spellType(std::string Type) {
  Type = trim(Type);
  if (!Type.empty() && Type.back() == '*')
    return spellType(Type.substr(0, Type.size() - 1)) + " *";
  const std::string Const = " const";
  if (Type.size() > Const.size() &&
      Type.compare(Type.size() - Const.size(), Const.size(), Const) == 0)
    return "const " + spellType(Type.substr(0, Type.size() - Const.size()));
  // Only a name with its arguments last ("std::pair<int, int>", not
  // "A<int>::B"): anything else is left as it is.
  std::vector<std::string> Parts = splitQualifiedName(Type);
  if (Parts.empty() || Parts.back().empty() || Parts.back().back() != '>' ||
      std::any_of(Parts.begin(), Parts.end() - 1, [](const std::string &P) {
        return P.find('<') != std::string::npos;
      }))
    return Type;
  std::string Out;
  for (std::size_t I = 0; I + 1 < Parts.size(); ++I)
    Out += Parts[I] + "::";
  Out += templateName(Parts.back()) + "<";
  std::vector<std::string> Arguments = templateArguments(Parts.back());
  for (std::size_t I = 0; I < Arguments.size(); ++I)
    Out += (I ? ", " : "") + spellType(Arguments[I]);
  if (Out.back() == '>')
    Out += ' ';
  return Out + ">";
}

} // namespace

std::string dwarfSpelling(const std::string &Type) {
  std::vector<std::string> Parts = splitQualifiedName(stripAbiTags(Type));
  return Parts.empty() ? std::string() : spellType(Parts.back());
}

DwarfdumpNames dwarfdumpNames(const std::set<std::string> &Types) {
  std::set<std::string> Exact, Patterns;
  for (const std::string &Type : Types) {
    std::vector<std::string> Parts = splitQualifiedName(stripAbiTags(Type));
    std::string Base = templateName(Parts.back());
    if (Base.empty() || !std::all_of(Base.begin(), Base.end(), isWordChar))
      continue;
    if (Parts.back().find('<') == std::string::npos)
      Exact.insert(Base);
    else
      Patterns.insert(namePattern(Base));
  }
  return {std::vector<std::string>(Exact.begin(), Exact.end()),
          std::vector<std::string>(Patterns.begin(), Patterns.end())};
}

std::vector<DwarfType> parseDwarfdumpTypes(const std::string &Output) {
  struct Level {
    DwarfType Entry;
    std::string Name;
  };
  std::vector<Level> Chain;
  std::map<std::uint64_t, DwarfType> Found;
  auto Finish = [&] {
    if (Chain.empty())
      return;
    Level &Current = Chain.back();
    if (!isTypeTag(Current.Entry.Tag) || Current.Name.empty())
      return;
    std::string Qualified;
    bool Local = false;
    // Chain[0] is the compile unit.
    for (std::size_t I = 1; I + 1 < Chain.size(); ++I) {
      const Level &Parent = Chain[I];
      std::string Name = Parent.Name;
      if (Parent.Entry.Tag == "DW_TAG_namespace") {
        if (Name.empty())
          Name = AnonymousNamespace;
      } else if (!isClassTag(Parent.Entry.Tag) || Name.empty()) {
        Local = true; // In a function, or an unnamed class.
      }
      Qualified += Name + "::";
    }
    Current.Entry.QualifiedName = Qualified + Current.Name;
    Current.Entry.Local = Local;
    Found[Current.Entry.Offset] = Current.Entry;
  };
  std::stringstream Lines(Output);
  std::string Line;
  while (std::getline(Lines, Line)) {
    if (Line.compare(0, 2, "0x") == 0) {
      std::size_t Colon = Line.find(':');
      if (Colon == std::string::npos)
        continue;
      Finish();
      std::size_t TagStart = Line.find_first_not_of(' ', Colon + 1);
      if (TagStart == std::string::npos)
        continue;
      std::size_t Spaces = TagStart - Colon - 1;
      std::size_t Depth = Spaces > 0 ? (Spaces - 1) / 2 : 0;
      Level New;
      New.Entry.Offset = std::strtoull(Line.c_str(), nullptr, 16);
      New.Entry.Tag = trim(Line.substr(TagStart));
      if (Chain.size() > Depth)
        Chain.resize(Depth);
      // A parent that was not printed (it should be): keep the depth.
      while (Chain.size() < Depth)
        Chain.push_back(Level{});
      Chain.push_back(New);
      continue;
    }
    std::string Attribute = trim(Line);
    if (Chain.empty() || Attribute.compare(0, 6, "DW_AT_") != 0)
      continue;
    std::size_t NameEnd = Attribute.find_first_of(" \t");
    if (NameEnd == std::string::npos)
      continue;
    std::string Name = Attribute.substr(0, NameEnd);
    std::string Value = trim(Attribute.substr(NameEnd));
    Level &Current = Chain.back();
    if (Name == "DW_AT_name") {
      std::size_t Open = Value.find("(\"");
      std::size_t Close = Value.rfind("\")");
      if (Open != std::string::npos && Close != std::string::npos &&
          Close > Open)
        Current.Name = Value.substr(Open + 2, Close - Open - 2);
    } else if (Name == "DW_AT_byte_size") {
      Current.Entry.HasByteSize = true;
      Current.Entry.ByteSize =
          std::strtoull(Value.c_str() + (Value[0] == '(' ? 1 : 0), nullptr, 0);
    } else if (Name == "DW_AT_declaration") {
      Current.Entry.Declaration = Value.find("true") != std::string::npos;
    }
  }
  Finish();
  std::vector<DwarfType> Types;
  Types.reserve(Found.size());
  for (auto &Entry : Found)
    Types.push_back(std::move(Entry.second));
  return Types;
}

TypeSize typeSizeFromDwarf(const std::string &Type,
                           const std::vector<DwarfType> &Types,
                           const std::string &Module) {
  std::string Wanted = canonicalTypeName(stripAbiTags(Type));
  // A class local to a function is named through the function, which the
  // debugging information names without its parameters.
  std::string WantedLocal =
      canonicalTypeName(withoutParameterLists(stripAbiTags(Type)));
  std::set<std::uint64_t> Sizes;
  bool Declared = false;
  for (const DwarfType &T : Types) {
    if (canonicalTypeName(T.QualifiedName) != (T.Local ? WantedLocal : Wanted))
      continue;
    if (T.Declaration || !T.HasByteSize) {
      Declared = true;
      continue;
    }
    Sizes.insert(T.ByteSize);
  }
  TypeSize Result;
  if (Sizes.size() == 1 && *Sizes.begin() > 0) {
    Result.Bytes = *Sizes.begin();
  } else if (Sizes.size() > 1) {
    Result.Why = std::to_string(Sizes.size()) +
                 " definitions of different sizes in the debug information "
                 "of " +
                 Module;
  } else if (Declared) {
    Result.Why = "only a declaration in the debug information of " + Module;
  } else {
    Result.Why = "not in the debug information of " + Module +
                 " (built without -g, or with -gline-tables-only?)";
  }
  return Result;
}

std::string findDwarfdump(std::string &Why) {
  if (const char *Chosen = std::getenv("HEAPCOUNT_DWARFDUMP")) {
    std::string Path = Chosen;
    if (Path != "none" &&
        Path.find_first_of(PathSeparators) == std::string::npos)
      Path = findOnPath(Path);
    if (Path != "none" && isExecutable(Path))
      return Path;
    Why = std::string("no llvm-dwarfdump (HEAPCOUNT_DWARFDUMP is '") + Chosen +
          "')";
    return std::string();
  }
  for (const char *Name : {"llvm-dwarfdump", "llvm-dwarfdump-22"})
    if (std::string Path = findOnPath(Name); !Path.empty())
      return Path;
  if (isExecutable("/usr/lib/llvm-22/bin/llvm-dwarfdump"))
    return "/usr/lib/llvm-22/bin/llvm-dwarfdump";
  Why = "no llvm-dwarfdump found (llvm-dwarfdump, llvm-dwarfdump-22 or "
        "/usr/lib/llvm-22/bin/llvm-dwarfdump)";
  return std::string();
}

std::map<std::string, TypeSize>
lookUpTypeSizes(const std::string &Dwarfdump, const std::string &NoToolWhy,
                const std::string &ModulePath,
                const std::set<std::string> &Types) {
  std::map<std::string, TypeSize> Sizes;
  auto FailAll = [&](const std::string &Why) {
    for (const std::string &Type : Types)
      Sizes[Type] = TypeSize{0, Why};
    return Sizes;
  };
  if (Dwarfdump.empty())
    return FailAll(NoToolWhy);
  DwarfdumpNames Names = dwarfdumpNames(Types);
  std::vector<DwarfType> Found;
  // An exact --name is cheap and a pattern is not (--regex applies to every
  // --name of a run): the classes' names and the specializations' likely
  // spellings first, then patterns for the specializations not found.
  std::set<std::string> Specializations;
  std::vector<std::string> Exact = Names.Exact;
  for (const std::string &Type : Types)
    if (std::vector<std::string> Parts = splitQualifiedName(stripAbiTags(Type));
        !Parts.empty() && Parts.back().find('<') != std::string::npos) {
      Specializations.insert(Type);
      Exact.push_back(dwarfSpelling(Type));
    }
  auto Ask = [&](const std::vector<std::string> &Values, bool Regex) {
    if (Values.empty())
      return true;
    std::vector<std::string> Argv = {Dwarfdump, "--show-parents"};
    if (Regex)
      Argv.emplace_back("--regex");
    Argv.reserve(Argv.size() + Values.size() + 1);
    for (const std::string &Value : Values)
      Argv.push_back("--name=" + Value);
    Argv.push_back(ModulePath);
    std::string Output;
    if (!runCapture(Argv, "", Output) ||
        Output.find("file format") == std::string::npos)
      return false;
    std::vector<DwarfType> Part = parseDwarfdumpTypes(Output);
    Found.insert(Found.end(), Part.begin(), Part.end());
    return true;
  };
  std::string CannotRead = Dwarfdump;
  CannotRead.append(" could not read ").append(ModulePath);
  if (!Ask(Exact, false))
    return FailAll(CannotRead);
  std::set<std::string> Missing;
  for (const std::string &Type : Specializations)
    if (typeSizeFromDwarf(Type, Found, ModulePath).Bytes == 0)
      Missing.insert(Type);
  if (!Ask(dwarfdumpNames(Missing).Patterns, true))
    return FailAll(CannotRead);
  for (const std::string &Type : Types)
    Sizes[Type] = typeSizeFromDwarf(Type, Found, ModulePath);
  return Sizes;
}

} // namespace heapcount
