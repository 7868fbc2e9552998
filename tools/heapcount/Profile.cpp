//===- Profile.cpp - heapcount --profile: container growth by site --------===//
//
// Classifies the symbolized, size-keyed stacks of a lib/heapcount report
// into container growth by call site, finds the element sizes in the
// program's DWARF (llvm-dwarfdump) and writes the profile. See Profile.h and
// docs/heapcount.md ("Profiles").
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/Profile.h"
#include "tools/heapcount/Launch.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <tuple>

namespace heapcount {
namespace {

bool isWordChar(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '_' || C == '$';
}

bool isDigit(char C) { return C >= '0' && C <= '9'; }

std::string trim(const std::string &Text) {
  std::size_t First = Text.find_first_not_of(" \t");
  if (First == std::string::npos)
    return std::string();
  std::size_t Last = Text.find_last_not_of(" \t");
  return Text.substr(First, Last - First + 1);
}

std::string join(const std::vector<std::string> &Parts, std::size_t From,
                 std::size_t To, const char *Separator) {
  std::string Out;
  for (std::size_t I = From; I < To; ++I)
    Out += (I == From ? "" : Separator) + Parts[I];
  return Out;
}

const char *const Anonymous = "(anonymous namespace)";

// A namespace of the standard library's own: the inline ones of libstdc++
// and libc++ ("__cxx11", "__1", "__ndk1", "__8") and their detail ones.
bool isImplementationNamespace(const std::string &Name) {
  if (Name.size() < 3 || Name.size() > 10 || Name.compare(0, 2, "__") != 0)
    return false;
  return std::all_of(Name.begin() + 2, Name.end(), [](char C) {
    return (C >= 'a' && C <= 'z') || isDigit(C);
  });
}

bool isStandardNamespace(const std::string &Name) {
  static const char *const Known[] = {
      "std",         "__gnu_cxx", "__gnu_debug",  "chrono",       "filesystem",
      "pmr",         "ranges",    "views",        "experimental", "tr1",
      "this_thread", "literals",  "placeholders", "rel_ops",      "execution",
      "numbers",     "_V2",       "__cxx1998",    "__detail",     "__debug"};
  for (const char *K : Known)
    if (Name == K)
      return true;
  return isImplementationNamespace(Name);
}

// Parts[0, End) name the standard library's namespace: "std" or
// "__gnu_cxx", then inline namespaces ("std::__1", "std::__cxx11").
bool isStandardScope(const std::vector<std::string> &Parts, std::size_t End) {
  if (End == 0 || (Parts[0] != "std" && Parts[0] != "__gnu_cxx"))
    return false;
  for (std::size_t I = 1; I < End; ++I)
    if (!isImplementationNamespace(Parts[I]))
      return false;
  return true;
}

bool isStandardAllocatorClass(const std::string &Name) {
  return Name == "allocator" || Name == "__new_allocator" ||
         Name == "new_allocator";
}

// T of "std::allocator<T>" (or "std::__1::allocator<T>", ...), else "".
std::string elementOfStandardAllocator(const std::string &Type) {
  std::vector<std::string> Parts = splitQualifiedName(trim(Type));
  if (Parts.size() < 2 || !isStandardScope(Parts, Parts.size() - 1) ||
      !isStandardAllocatorClass(templateName(Parts.back())))
    return std::string();
  std::vector<std::string> Args = templateArguments(Parts.back());
  return Args.size() == 1 ? Args[0] : std::string();
}

// --- canonicalTypeName ---------------------------------------------------

bool isBuiltinWord(const std::string &Word) {
  static const char *const Words[] = {
      "unsigned", "signed",   "short",    "long",     "int",     "char",
      "double",   "float",    "bool",     "void",     "wchar_t", "char8_t",
      "char16_t", "char32_t", "__int128", "_Float16", "__bf16",  "__float128"};
  for (const char *W : Words)
    if (Word == W)
      return true;
  return false;
}

bool isCv(const std::string &Word) {
  return Word == "const" || Word == "volatile";
}

// "long unsigned int" -> "unsigned long"; "signed char" stays.
std::string canonicalBuiltin(const std::vector<std::string> &Words) {
  bool Unsigned = false, Signed = false;
  unsigned Shorts = 0, Longs = 0;
  std::string Base;
  for (const std::string &W : Words) {
    if (W == "unsigned")
      Unsigned = true;
    else if (W == "signed")
      Signed = true;
    else if (W == "short")
      ++Shorts;
    else if (W == "long")
      ++Longs;
    else if (W != "int")
      Base = W;
  }
  if (Base == "char")
    return Unsigned ? "unsigned char" : Signed ? "signed char" : "char";
  if (Base == "double")
    return Longs ? "long double" : "double";
  if (Base == "__int128")
    return Unsigned ? "unsigned __int128" : "__int128";
  if (!Base.empty())
    return Base;
  std::string Int = Shorts      ? "short"
                    : Longs > 1 ? "long long"
                    : Longs     ? "long"
                                : "int";
  return Unsigned ? "unsigned " + Int : Int;
}

// The matching '>' of the '<' at Open (angle brackets inside parentheses
// are operators), or npos.
std::size_t closingAngle(const std::string &Text, std::size_t Open) {
  int Angles = 0, Parens = 0;
  for (std::size_t I = Open; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '(' || C == '[')
      ++Parens;
    else if ((C == ')' || C == ']') && Parens > 0)
      --Parens;
    else if (C == '<' && Parens == 0)
      ++Angles;
    else if (C == '>' && Parens == 0 && --Angles == 0)
      return I;
  }
  return std::string::npos;
}

// Splits at the commas outside brackets of any kind.
std::vector<std::string> splitArguments(const std::string &Text) {
  std::vector<std::string> Args;
  int Depth = 0;
  std::size_t Start = 0;
  for (std::size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '<' || C == '(' || C == '[' || C == '{')
      ++Depth;
    else if ((C == '>' || C == ')' || C == ']' || C == '}') && Depth > 0)
      --Depth;
    else if (C == ',' && Depth == 0) {
      Args.push_back(trim(Text.substr(Start, I - Start)));
      Start = I + 1;
    }
  }
  Args.push_back(trim(Text.substr(Start)));
  return Args;
}

// Template arguments, each canonical, separated by commas.
std::string canonicalArguments(const std::string &Inside) {
  std::string Args;
  for (const std::string &A : splitArguments(Inside))
    Args += (Args.empty() ? "" : ",") + canonicalTypeName(A);
  return Args;
}

struct Token {
  std::string Text;
  bool Word = false; // An identifier, possibly with template arguments.
  bool Name = false; // A plain identifier that is not builtin or cv.
};

std::vector<Token> tokenize(const std::string &Type) {
  std::vector<Token> Tokens;
  std::size_t I = 0, Size = Type.size();
  const std::size_t AnonymousLength = std::strlen(Anonymous);
  while (I < Size) {
    char C = Type[I];
    if (C == ' ' || C == '\t') {
      ++I;
    } else if (Type.compare(I, AnonymousLength, Anonymous) == 0) {
      Tokens.push_back(Token{Anonymous, true, true});
      I += AnonymousLength;
    } else if (isDigit(C)) {
      std::size_t Start = I;
      while (I < Size && (isWordChar(Type[I]) || Type[I] == '.'))
        ++I;
      std::string Number = Type.substr(Start, I - Start);
      bool Hex = Number.size() > 1 && (Number[1] == 'x' || Number[1] == 'X');
      if (Hex) {
        for (char &D : Number)
          D = static_cast<char>(D >= 'A' && D <= 'Z' ? D - 'A' + 'a' : D);
      }
      // An integer's suffix: "3ul", "3UL" and "3" are one value here.
      std::size_t End = Number.find_last_not_of("uUlL");
      if (Number.find_first_of(".eE", Hex ? 2 : 0) == std::string::npos || Hex)
        Number.erase(End + 1);
      Tokens.push_back(Token{Number, true, false});
    } else if (isWordChar(C)) {
      std::size_t Start = I;
      while (I < Size && isWordChar(Type[I]))
        ++I;
      std::string Word = Type.substr(Start, I - Start);
      bool Plain = !isBuiltinWord(Word) && !isCv(Word);
      std::size_t Next = Type.find_first_not_of(" \t", I);
      if (Plain && Next != std::string::npos && Type[Next] == '<') {
        std::size_t Close = closingAngle(Type, Next);
        if (Close != std::string::npos) {
          Word += "<" +
                  canonicalArguments(Type.substr(Next + 1, Close - Next - 1)) +
                  ">";
          I = Close + 1;
        }
      }
      Tokens.push_back(Token{Word, true, Plain});
    } else if (C == '\'') {
      std::size_t Close = Type.find('\'', I + 1);
      std::size_t End = Close == std::string::npos ? Size : Close + 1;
      Tokens.push_back(Token{Type.substr(I, End - I), true, true});
      I = End;
    } else if (C == ':' && I + 1 < Size && Type[I + 1] == ':') {
      Tokens.push_back(Token{"::", false, false});
      I += 2;
    } else {
      Tokens.push_back(Token{std::string(1, C), false, false});
      ++I;
    }
  }
  return Tokens;
}

// --- DWARF ---------------------------------------------------------------

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

std::string hex16(std::uint64_t Value) {
  char Text[24];
  std::snprintf(Text, sizeof(Text), "%016llx",
                static_cast<unsigned long long>(Value));
  return Text;
}

std::string readWholeFile(const std::string &Path, bool &Ok) {
  std::ifstream In(Path, std::ios::binary);
  Ok = static_cast<bool>(In);
  std::string Data((std::istreambuf_iterator<char>(In)),
                   std::istreambuf_iterator<char>());
  Ok = Ok && !In.bad();
  return Data;
}

} // namespace

// --- Names ---------------------------------------------------------------

std::string stripAbiTags(const std::string &Name) {
  std::string Out;
  std::size_t I = 0;
  while (I < Name.size()) {
    if (Name.compare(I, 5, "[abi:") == 0) {
      std::size_t Close = Name.find(']', I);
      if (Close != std::string::npos) {
        I = Close + 1;
        continue;
      }
    }
    Out += Name[I++];
  }
  return Out;
}

std::vector<std::string> splitQualifiedName(const std::string &Name) {
  std::vector<std::string> Parts;
  int Depth = 0;
  std::size_t Start = 0;
  for (std::size_t I = 0; I < Name.size(); ++I) {
    char C = Name[I];
    if (C == '<' || C == '(' || C == '[' || C == '{')
      ++Depth;
    else if ((C == '>' || C == ')' || C == ']' || C == '}') && Depth > 0)
      --Depth;
    else if (C == ':' && Depth == 0 && I + 1 < Name.size() &&
             Name[I + 1] == ':') {
      Parts.push_back(Name.substr(Start, I - Start));
      Start = I + 2;
      ++I;
    }
  }
  Parts.push_back(Name.substr(Start));
  // A leading "::" (the global namespace) names nothing.
  if (Parts.size() > 1 && Parts.front().empty())
    Parts.erase(Parts.begin());
  return Parts;
}

std::string templateName(const std::string &Component) {
  return trim(Component.substr(0, Component.find('<')));
}

std::vector<std::string> templateArguments(const std::string &Component) {
  std::size_t Open = Component.find('<');
  if (Open == std::string::npos)
    return {};
  std::size_t Close = closingAngle(Component, Open);
  if (Close == std::string::npos)
    return {};
  std::string Inside = Component.substr(Open + 1, Close - Open - 1);
  if (trim(Inside).empty())
    return {};
  return splitArguments(Inside);
}

std::string allocatorElementType(const std::string &Function) {
  std::vector<std::string> Parts =
      splitQualifiedName(qualifiedName(stripAbiTags(Function)));
  if (Parts.size() < 3 || !isStandardScope(Parts, Parts.size() - 2))
    return std::string();
  const std::string &Member = Parts.back();
  const std::string &Class = Parts[Parts.size() - 2];
  std::string Name = templateName(Class);
  std::vector<std::string> Args = templateArguments(Class);
  if (Member == "allocate" || Member == "allocate_at_least") {
    if (isStandardAllocatorClass(Name) && Args.size() == 1)
      return Args[0];
    if (Name == "allocator_traits" && Args.size() == 1)
      return elementOfStandardAllocator(Args[0]);
  }
  if (Member == "_M_allocate" && Name == "_Vector_base" && !Args.empty())
    return Args[0];
  return std::string();
}

std::string standardClassOf(const std::string &Function) {
  std::vector<std::string> Parts =
      splitQualifiedName(qualifiedName(stripAbiTags(Function)));
  if (Parts.size() < 3 || (Parts[0] != "std" && Parts[0] != "__gnu_cxx" &&
                           Parts[0] != "__gnu_debug"))
    return std::string();
  const std::string &Scope = Parts[Parts.size() - 2];
  bool Class =
      !Scope.empty() && (Scope.back() == '>' || !isStandardNamespace(Scope));
  return Class ? join(Parts, 0, Parts.size() - 1, "::") : std::string();
}

std::string spaceTemplateClosers(const std::string &Name) {
  std::string Out;
  Out.reserve(Name.size() + 8);
  int Parens = 0;
  for (std::size_t I = 0; I < Name.size(); ++I) {
    char C = Name[I];
    if (C == '(')
      ++Parens;
    else if (C == ')' && Parens > 0)
      --Parens;
    Out += C;
    if (C == '>' && Parens == 0 && I + 1 < Name.size() && Name[I + 1] == '>')
      Out += ' ';
  }
  return Out;
}

std::string canonicalTypeName(const std::string &Type) {
  std::vector<Token> Tokens = tokenize(Type);
  if (!Tokens.empty() && Tokens[0].Text == "::")
    Tokens.erase(Tokens.begin());
  std::vector<std::string> Out;
  std::vector<std::string> Words;
  std::size_t I = 0;
  while (I < Tokens.size()) {
    const Token &T = Tokens[I];
    bool Builtin = T.Word && isBuiltinWord(T.Text);
    if (!Builtin && !(T.Word && isCv(T.Text))) {
      Out.push_back(T.Text);
      ++I;
      continue;
    }
    // A run of builtin words and cv-qualifiers: "const unsigned long",
    // "long unsigned int const".
    Words.clear();
    bool Const = false, Volatile = false;
    for (; I < Tokens.size() && Tokens[I].Word &&
           (isBuiltinWord(Tokens[I].Text) || isCv(Tokens[I].Text));
         ++I) {
      if (Tokens[I].Text == "const")
        Const = true;
      else if (Tokens[I].Text == "volatile")
        Volatile = true;
      else
        Words.push_back(Tokens[I].Text);
    }
    if (Words.empty() && I < Tokens.size() && Tokens[I].Name) {
      // West const on a class name: "const std::vector<int> *" ->
      // "std::vector<int> const *".
      Out.push_back(Tokens[I++].Text);
      while (I + 1 < Tokens.size() && Tokens[I].Text == "::" &&
             Tokens[I + 1].Name) {
        Out.emplace_back("::");
        Out.push_back(Tokens[I + 1].Text);
        I += 2;
      }
    } else if (!Words.empty()) {
      Out.push_back(canonicalBuiltin(Words));
    }
    if (Const)
      Out.emplace_back("const");
    if (Volatile)
      Out.emplace_back("volatile");
  }
  std::string Text;
  for (const std::string &Piece : Out) {
    if (!Text.empty() && isWordChar(Text.back()) && isWordChar(Piece[0]))
      Text += ' ';
    Text += Piece;
  }
  return Text;
}

std::uint64_t builtinTypeSize(const std::string &Type) {
  std::string Canonical = canonicalTypeName(Type);
  // The type itself may be cv-qualified: "char const* const".
  for (const char *Cv : {"const", "volatile"}) {
    std::size_t Length = std::strlen(Cv);
    if (Canonical.size() > Length &&
        Canonical.compare(Canonical.size() - Length, Length, Cv) == 0 &&
        !isWordChar(Canonical[Canonical.size() - Length - 1]))
      Canonical.erase(Canonical.size() - Length);
  }
  while (!Canonical.empty() && Canonical.back() == ' ')
    Canonical.pop_back();
  if (Canonical.empty())
    return 0;
  if (Canonical.back() == '*')
    return 8; // Also a pointer to a data member ("int Foo::*").
  if (Canonical.back() == ')') {
    if (Canonical.find("::*)") != std::string::npos)
      return 16; // A pointer to a member function (Itanium C++ ABI).
    if (Canonical.find("(*)") != std::string::npos)
      return 8; // A pointer to a function.
    return 0;
  }
  static const std::pair<const char *, std::uint64_t> Sizes[] = {
      {"bool", 1},
      {"char", 1},
      {"signed char", 1},
      {"unsigned char", 1},
      {"char8_t", 1},
      {"char16_t", 2},
      {"char32_t", 4},
      {"wchar_t", 4},
      {"short", 2},
      {"unsigned short", 2},
      {"int", 4},
      {"unsigned int", 4},
      {"long", 8},
      {"unsigned long", 8},
      {"long long", 8},
      {"unsigned long long", 8},
      {"__int128", 16},
      {"unsigned __int128", 16},
      {"_Float16", 2},
      {"__bf16", 2},
      {"float", 4},
      {"double", 8},
      {"long double", 16},
      {"__float128", 16},
      {"decltype(nullptr)", 8},
      {"std::nullptr_t", 8}};
  for (const auto &Entry : Sizes)
    if (Canonical == Entry.first)
      return Entry.second;
  return 0;
}

// --- Container growth ----------------------------------------------------

ContainerGrowth classifyStack(const StackReport &Report, const StackInfo &Stack,
                              const SymbolTable &Symbols) {
  StackWalk Walk = walkStack(Report, Stack, Symbols);
  ContainerGrowth Growth;
  for (const PassedLevel &Level : Walk.Passed) {
    std::string Element = allocatorElementType(Level.Function);
    if (!Element.empty()) {
      Growth.Element = Element;
      Growth.ElementModule = Level.Module;
      break;
    }
  }
  // libstdc++.so's and libc++.so's std::string: their inlined allocator
  // frames are not in the symbol table, the innermost frame is the string's.
  if (Growth.Element.empty() && !Walk.Passed.empty() &&
      Walk.Passed.front().InSystemModule) {
    std::string Class = standardClassOf(Walk.Passed.front().Function);
    std::vector<std::string> Parts = splitQualifiedName(Class);
    if (!Class.empty() && templateName(Parts.back()) == "basic_string") {
      std::vector<std::string> Args = templateArguments(Parts.back());
      if (!Args.empty()) {
        Growth.Element = Args[0];
        Growth.ElementModule = Walk.Passed.front().Module;
      }
    }
  }
  if (Growth.Element.empty())
    return Growth;
  Growth.IsGrowth = true;
  Growth.Element = spaceTemplateClosers(Growth.Element);
  for (const PassedLevel &Level : Walk.Passed) {
    std::string Class = standardClassOf(Level.Function);
    if (!Class.empty())
      Growth.Container = Class;
  }
  Growth.Container = spaceTemplateClosers(Growth.Container);
  Growth.ReachedUserCode = Walk.ReachedUserCode;
  Growth.Function = Walk.Site.Function;
  Growth.Site = Walk.Site.Site;
  if (Walk.HasLocation) {
    Growth.File = normalizePath(Walk.Location.File);
    Growth.Line = Walk.Location.Line;
    Growth.Column = Walk.Location.Column;
  }
  return Growth;
}

// --- Element sizes from DWARF --------------------------------------------

std::vector<std::string>
dwarfdumpNamePatterns(const std::set<std::string> &Types) {
  std::set<std::string> Patterns;
  for (const std::string &Type : Types) {
    std::vector<std::string> Parts = splitQualifiedName(stripAbiTags(Type));
    std::string Base = templateName(Parts.back());
    if (Base.empty() || !std::all_of(Base.begin(), Base.end(), isWordChar))
      continue;
    Patterns.insert(namePattern(Base));
  }
  return std::vector<std::string>(Patterns.begin(), Patterns.end());
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
          Name = Anonymous;
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
  std::set<std::uint64_t> Sizes;
  bool Declared = false;
  for (const DwarfType &T : Types) {
    if (T.Local || canonicalTypeName(T.QualifiedName) != Wanted)
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
  std::vector<std::string> Patterns = dwarfdumpNamePatterns(Types);
  std::vector<DwarfType> Found;
  if (!Patterns.empty()) {
    std::vector<std::string> Argv = {Dwarfdump, "--regex", "--show-parents"};
    Argv.reserve(Argv.size() + Patterns.size() + 1);
    for (const std::string &Pattern : Patterns)
      Argv.push_back("--name=" + Pattern);
    Argv.push_back(ModulePath);
    std::string Output;
    if (!runCapture(Argv, "", Output) ||
        Output.find("file format") == std::string::npos)
      return FailAll(Dwarfdump + " could not read " + ModulePath);
    Found = parseDwarfdumpTypes(Output);
  }
  for (const std::string &Type : Types)
    Sizes[Type] = typeSizeFromDwarf(Type, Found, ModulePath);
  return Sizes;
}

// --- The profile ---------------------------------------------------------

std::uint64_t fnv1a64(const std::string &Data) {
  std::uint64_t Hash = 0xcbf29ce484222325ULL;
  for (char C : Data) {
    Hash ^= static_cast<unsigned char>(C);
    Hash *= 0x100000001b3ULL;
  }
  return Hash;
}

SourceFile describeSourceFile(const std::string &DebugPath) {
  SourceFile File;
  std::string Real = realPath(DebugPath);
  if (Real.empty()) {
    File.Path = normalizePath(DebugPath);
    return File;
  }
  File.Path = Real;
  bool Ok = false;
  std::string Data = readWholeFile(Real, Ok);
  if (Ok) {
    File.Exists = true;
    File.Size = Data.size();
    File.Hash = fnv1a64(Data);
  }
  return File;
}

namespace {

auto siteKey(const ProfileSite &S) {
  return std::tie(S.File, S.Line, S.Column, S.Container, S.Function, S.Element);
}

} // namespace

std::vector<ProfileSite> mergeSites(std::vector<ProfileSite> Sites) {
  std::sort(Sites.begin(), Sites.end(),
            [](const ProfileSite &A, const ProfileSite &B) {
              return siteKey(A) < siteKey(B);
            });
  std::vector<ProfileSite> Merged;
  for (ProfileSite &S : Sites) {
    if (!Merged.empty() && siteKey(Merged.back()) == siteKey(S)) {
      ProfileSite &Into = Merged.back();
      Into.Allocations += S.Allocations;
      Into.Bytes += S.Bytes;
      for (const auto &Count : S.Counts)
        Into.Counts[Count.first] += Count.second;
      continue;
    }
    Merged.push_back(std::move(S));
  }
  return Merged;
}

std::uint64_t Profile::leftOut() const {
  std::uint64_t Sum = NoUserFrame.Allocations + NoLine.Allocations +
                      NotMultiple.Allocations + NoSize.Allocations;
  for (const auto &Entry : NoElementSize)
    Sum += Entry.second.first.Allocations;
  return Sum;
}

Profile buildProfile(const StackReport &Report,
                     const std::vector<ContainerGrowth> &Growth,
                     const ElementSizes &Sizes,
                     const std::map<std::string, SourceFile> &Files) {
  Profile P;
  P.Allocations = Report.TotalAllocs;
  P.Dropped = Report.Dropped;
  if (!Report.Modules.empty())
    P.Program = Report.Modules[0].Path;
  std::vector<ProfileSite> Sites;
  std::map<std::string, SourceFile> Used;
  auto Add = [](LeftOut &Out, const StackInfo &Stack) {
    Out.Allocations += Stack.Calls;
    ++Out.Stacks;
  };
  for (std::size_t I = 0; I < Report.Stacks.size() && I < Growth.size(); ++I) {
    const ContainerGrowth &G = Growth[I];
    const StackInfo &Stack = Report.Stacks[I];
    if (!G.IsGrowth || Stack.Calls == 0)
      continue;
    if (!Report.BySize) {
      Add(P.NoSize, Stack);
      continue;
    }
    if (!G.ReachedUserCode) {
      Add(P.NoUserFrame, Stack);
      continue;
    }
    if (G.File.empty() || G.Line == 0) {
      Add(P.NoLine, Stack);
      continue;
    }
    std::uint64_t ElementSize = builtinTypeSize(G.Element);
    if (ElementSize == 0) {
      auto Found = Sizes.find({G.ElementModule, G.Element});
      if (Found == Sizes.end() || Found->second.Bytes == 0) {
        auto &Entry = P.NoElementSize[G.Element];
        Add(Entry.first, Stack);
        if (Entry.second.empty())
          Entry.second =
              Found == Sizes.end() ? "not looked up" : Found->second.Why;
        continue;
      }
      ElementSize = Found->second.Bytes;
    }
    if (Stack.Size % ElementSize != 0) {
      Add(P.NotMultiple, Stack);
      continue;
    }
    ProfileSite Site;
    auto File = Files.find(G.File);
    SourceFile Source =
        File == Files.end() ? SourceFile{G.File, false, 0, 0} : File->second;
    Used[Source.Path] = Source;
    Site.File = Source.Path;
    Site.Line = G.Line;
    Site.Column = G.Column;
    Site.Function = G.Function;
    Site.Container = G.Container;
    Site.Element = G.Element;
    Site.ElementSize = ElementSize;
    Site.Allocations = Stack.Calls;
    Site.Bytes = Stack.Bytes;
    Site.Counts[Stack.Size / ElementSize] = Stack.Calls;
    Sites.push_back(std::move(Site));
  }
  P.Sites = mergeSites(std::move(Sites));
  for (const ProfileSite &S : P.Sites)
    P.Profiled += S.Allocations;
  for (auto &Entry : Used)
    P.Files.push_back(std::move(Entry.second));
  return P;
}

std::string profileJson(const Profile &P) {
  std::string Out = "{\"heapcount_profile\":1,\n\"program\":";
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
           ",\"bytes\":" + std::to_string(S.Bytes) + ",\"counts\":[";
    bool First = true;
    for (const auto &Count : S.Counts) {
      Out += First ? "[" : ",[";
      Out += std::to_string(Count.first) + "," + std::to_string(Count.second) +
             "]";
      First = false;
    }
    Out += "]}";
  }
  Out += "]}\n";
  return Out;
}

namespace {

std::string siteText(const ProfileSite &S) {
  std::string Text = S.File + ":" + std::to_string(S.Line);
  if (S.Column)
    Text += ":" + std::to_string(S.Column);
  return Text;
}

// "1 x100, 2 x10, 4 x10": the most common counts (at most six), ascending.
std::string countsText(const std::map<std::uint64_t, std::uint64_t> &Counts) {
  constexpr std::size_t Shown = 6;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> Top(Counts.begin(),
                                                           Counts.end());
  if (Top.size() > Shown) {
    std::sort(Top.begin(), Top.end(), [](const auto &A, const auto &B) {
      return A.second != B.second ? A.second > B.second : A.first < B.first;
    });
    Top.resize(Shown);
    std::sort(Top.begin(), Top.end());
  }
  std::string Text;
  for (const auto &Count : Top)
    Text += (Text.empty() ? "" : ", ") + std::to_string(Count.first) + " x" +
            std::to_string(Count.second);
  if (Counts.size() > Top.size())
    Text += ", ... (" + std::to_string(Counts.size() - Top.size()) + " more)";
  return Text;
}

} // namespace

std::string formatProfile(const Profile &P, unsigned Top,
                          const std::string &Path) {
  std::string Out;
  auto Warn = [&](const std::string &Text) {
    Out += "heapcount: warning: profile: " + Text + "\n";
  };
  auto Allocations = [](std::uint64_t N) {
    return std::to_string(N) + (N == 1 ? " allocation" : " allocations");
  };
  if (P.NoUserFrame.Allocations)
    Warn(Allocations(P.NoUserFrame.Allocations) +
         " by container growth whose stacks end in the standard library "
         "left out (a larger --stacks=DEPTH reaches the user's code)");
  if (P.NoLine.Allocations)
    Warn(Allocations(P.NoLine.Allocations) +
         " by container growth at call sites without line information left "
         "out (" +
         (P.ByAddr2line ? "addr2line can lose inlined frames: use "
                          "llvm-symbolizer, and build the program with -g"
                        : "build the program with -g") +
         ")");
  for (const auto &Entry : P.NoElementSize)
    Warn("no size for element type '" + Entry.first +
         "': " + Entry.second.second + "; " +
         Allocations(Entry.second.first.Allocations) + " left out");
  if (P.NotMultiple.Allocations)
    Warn(Allocations(P.NotMultiple.Allocations) +
         " by container growth of a size that is not a multiple of the "
         "element's left out");
  if (P.NoSize.Allocations)
    Warn(Allocations(P.NoSize.Allocations) +
         " left out: the report's stacks are not keyed by size");
  if (P.Dropped)
    Warn(Allocations(P.Dropped) +
         " found no room in the stack table and are not in the profile");

  char Line[200];
  std::snprintf(Line, sizeof(Line),
                "heapcount: profile: %zu container site%s, %llu of %llu "
                "allocations; written to ",
                P.Sites.size(), P.Sites.size() == 1 ? "" : "s",
                static_cast<unsigned long long>(P.Profiled),
                static_cast<unsigned long long>(P.Allocations));
  Out += Line + Path + "\n";
  std::vector<const ProfileSite *> Sorted;
  Sorted.reserve(P.Sites.size());
  for (const ProfileSite &S : P.Sites)
    Sorted.push_back(&S);
  // Most allocations first, then most bytes, then in the profile's order.
  std::sort(Sorted.begin(), Sorted.end(),
            [](const ProfileSite *A, const ProfileSite *B) {
              if (A->Allocations != B->Allocations)
                return A->Allocations > B->Allocations;
              if (A->Bytes != B->Bytes)
                return A->Bytes > B->Bytes;
              return A < B;
            });
  std::size_t Count = std::min<std::size_t>(Top, Sorted.size());
  if (Count == 0)
    return Out;
  std::size_t Width = 0;
  for (std::size_t I = 0; I < Count; ++I)
    Width = std::max(Width, siteText(*Sorted[I]).size());
  Width = std::min<std::size_t>(Width, 60);
  Out += "heapcount: most allocations:\n";
  for (std::size_t I = 0; I < Count; ++I) {
    const ProfileSite &S = *Sorted[I];
    std::snprintf(Line, sizeof(Line),
                  "heapcount:   %10llu allocs %12llu bytes  ",
                  static_cast<unsigned long long>(S.Allocations),
                  static_cast<unsigned long long>(S.Bytes));
    std::string Site = siteText(S);
    Out += Line + Site;
    Out.append(Width > Site.size() ? Width - Site.size() : 0, ' ');
    Out += "  " + S.Element + " (" + std::to_string(S.ElementSize) +
           (S.ElementSize == 1 ? " byte" : " bytes") +
           "): " + countsText(S.Counts) + "\n";
  }
  return Out;
}

bool prepareProfile(const std::string &Path, std::string &Error) {
  std::FILE *File = std::fopen(Path.c_str(), "wb");
  if (!File) {
    Error = "cannot write the profile to '" + Path + "' (" +
            std::strerror(errno) + ")";
    return false;
  }
  std::fclose(File);
  return true;
}

void reportProfile(const SymbolizedStacks *Stacks, const std::string &Program,
                   unsigned Top, const std::string &Path) {
  Profile P;
  std::string Why;
  if (!Stacks)
    Why = "the program left no report";
  else if (!Stacks->HaveStacks)
    Why = Stacks->Error;
  else if (!Stacks->Warning.empty())
    Why = Stacks->Warning;

  if (Why.empty()) {
    const StackReport &Report = Stacks->Report;
    std::vector<ContainerGrowth> Growth;
    Growth.reserve(Report.Stacks.size());
    // The element types to look up, by module, and the source files.
    std::map<int, std::set<std::string>> Needed;
    std::map<std::string, SourceFile> Files;
    for (const StackInfo &Stack : Report.Stacks) {
      Growth.push_back(classifyStack(Report, Stack, Stacks->Symbols));
      const ContainerGrowth &G = Growth.back();
      if (!G.IsGrowth || G.File.empty())
        continue;
      if (builtinTypeSize(G.Element) == 0)
        Needed[G.ElementModule].insert(G.Element);
      if (!Files.count(G.File))
        Files[G.File] = describeSourceFile(G.File);
    }
    ElementSizes Sizes;
    std::string NoToolWhy;
    std::string Dwarfdump = Needed.empty() ? "" : findDwarfdump(NoToolWhy);
    for (const auto &Entry : Needed) {
      if (Entry.first < 0 ||
          static_cast<std::size_t>(Entry.first) >= Report.Modules.size()) {
        for (const std::string &Type : Entry.second)
          Sizes[{Entry.first, Type}] =
              TypeSize{0, "the allocator's frame is in no module"};
        continue;
      }
      std::string Module =
          Report.Modules[static_cast<std::size_t>(Entry.first)].Path;
      for (auto &Size :
           lookUpTypeSizes(Dwarfdump, NoToolWhy, Module, Entry.second))
        Sizes[{Entry.first, Size.first}] = std::move(Size.second);
    }
    P = buildProfile(Report, Growth, Sizes, Files);
    P.ByAddr2line = Stacks->Used.Kind == Symbolizer::Addr2line;
  } else {
    if (Stacks)
      P.Allocations = Stacks->Report.TotalAllocs;
    std::fprintf(stderr,
                 "heapcount: warning: profile: %s: the profile has no "
                 "sites\n",
                 Why.c_str());
  }
  if (P.Program.empty())
    P.Program = Program;
  if (std::string Real = realPath(P.Program); !Real.empty())
    P.Program = Real;

  std::string Json = profileJson(P);
  std::FILE *File = std::fopen(Path.c_str(), "wb");
  bool Written =
      File && std::fwrite(Json.data(), 1, Json.size(), File) == Json.size();
  if (File && std::fclose(File) != 0)
    Written = false;
  if (!Written) {
    std::fprintf(stderr,
                 "heapcount: warning: cannot write the profile to '%s' (%s)\n",
                 Path.c_str(), std::strerror(errno));
    return;
  }
  std::fputs(formatProfile(P, Top, Path).c_str(), stderr);
}

} // namespace heapcount
