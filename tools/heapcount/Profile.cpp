//===- Profile.cpp - heapcount --profile: container growth by site --------===//
//
// Classifies the symbolized, size-keyed stacks of a lib/heapcount report
// into container growth by call site, finds the element sizes in the
// program's DWARF (llvm-dwarfdump) and writes the profile. See Profile.h and
// docs/heapcount.md ("Profiles").
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/Profile.h"
#include "tools/heapcount/JsonReader.h"
#include "tools/heapcount/Launch.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <sys/stat.h>
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

std::string hexNumber(std::uint64_t Value) {
  char Text[24];
  std::snprintf(Text, sizeof(Text), "%llx",
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
  Growth.ReachedUserCode = Walk.ReachedUserCode;
  Growth.Function = Walk.Site.Function;
  Growth.Site = Walk.Site.Site;
  if (Walk.HasLocation) {
    Growth.File = normalizePath(Walk.Location.File);
    Growth.Line = Walk.Location.Line;
    Growth.Column = Walk.Location.Column;
  }
  std::uint64_t Frame = Walk.SiteFrame;
  if (!Walk.ReachedUserCode && !Stack.Frames.empty()) {
    Frame = Stack.Frames.front();
    if (!Walk.Passed.empty())
      Growth.InnermostFunction = Walk.Passed.front().Function;
  }
  if (Frame) {
    FrameAddress Where = locateFrame(Report, Frame);
    Growth.FrameModule = Where.Module;
    Growth.FrameOffset = Where.Module >= 0 ? Where.Offset : Frame;
  }
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
  if (Growth.Element.empty()) {
    for (const PassedLevel &Level : Walk.Passed)
      if (!Level.InSystemModule &&
          (Level.Function == "allocate" || Level.Function == "_M_allocate" ||
           Level.Function == "allocate_at_least" ||
           Level.Function == "__allocate_at_least"))
        Growth.UnqualifiedAllocator = true;
    return Growth;
  }
  Growth.IsGrowth = true;
  Growth.Element = spaceTemplateClosers(Growth.Element);
  for (const PassedLevel &Level : Walk.Passed) {
    std::string Class = standardClassOf(Level.Function);
    if (!Class.empty())
      Growth.Container = Class;
  }
  Growth.Container = spaceTemplateClosers(Growth.Container);
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

namespace {

auto allocationSiteKey(const AllocationSite &S) {
  return std::tie(S.File, S.Line, S.Column, S.Function);
}

auto unattributedKey(const UnattributedGroup &G) {
  return std::tie(G.Reason, G.Element, G.File, G.Line, G.Column, G.Function,
                  G.Module, G.Offset);
}

} // namespace

std::vector<AllocationSite>
mergeAllocationSites(std::vector<AllocationSite> Sites) {
  std::sort(Sites.begin(), Sites.end(),
            [](const AllocationSite &A, const AllocationSite &B) {
              return allocationSiteKey(A) < allocationSiteKey(B);
            });
  std::vector<AllocationSite> Merged;
  for (AllocationSite &S : Sites) {
    if (!Merged.empty() &&
        allocationSiteKey(Merged.back()) == allocationSiteKey(S)) {
      AllocationSite &Into = Merged.back();
      Into.Allocations += S.Allocations;
      Into.Bytes += S.Bytes;
      for (const auto &Size : S.Sizes)
        Into.Sizes[Size.first] += Size.second;
      continue;
    }
    Merged.push_back(std::move(S));
  }
  return Merged;
}

std::vector<UnattributedGroup>
mergeUnattributed(std::vector<UnattributedGroup> Groups) {
  std::sort(Groups.begin(), Groups.end(),
            [](const UnattributedGroup &A, const UnattributedGroup &B) {
              return unattributedKey(A) < unattributedKey(B);
            });
  std::vector<UnattributedGroup> Merged;
  for (UnattributedGroup &G : Groups) {
    if (!Merged.empty() &&
        unattributedKey(Merged.back()) == unattributedKey(G)) {
      Merged.back().Allocations += G.Allocations;
      Merged.back().Bytes += G.Bytes;
      continue;
    }
    Merged.push_back(std::move(G));
  }
  std::sort(Merged.begin(), Merged.end(),
            [](const UnattributedGroup &A, const UnattributedGroup &B) {
              if (A.Allocations != B.Allocations)
                return A.Allocations > B.Allocations;
              if (A.Bytes != B.Bytes)
                return A.Bytes > B.Bytes;
              return unattributedKey(A) < unattributedKey(B);
            });
  return Merged;
}

std::uint64_t Profile::leftOut() const {
  std::uint64_t Sum = NoUserFrame.Allocations + NoLine.Allocations +
                      NotMultiple.Allocations + NoSize.Allocations +
                      Unqualified.Allocations + Changed.Allocations +
                      LeftOutUnknown;
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
  if (!P.Program.empty())
    P.Programs.insert(P.Program);
  std::vector<ProfileSite> Sites;
  std::vector<AllocationSite> Allocating;
  std::vector<UnattributedGroup> Unattributed;
  std::map<std::string, SourceFile> Used;
  auto SourceOf = [&](const std::string &DebugPath) {
    auto File = Files.find(DebugPath);
    SourceFile Source =
        File == Files.end() ? SourceFile{DebugPath, false, 0, 0} : File->second;
    Used[Source.Path] = Source;
    return Source.Path;
  };
  auto Add = [&](LeftOut &Out, const StackInfo &Stack, const ContainerGrowth &G,
                 const char *Reason) {
    Out.Allocations += Stack.Calls;
    ++Out.Stacks;
    UnattributedGroup Group;
    Group.Reason = Reason;
    Group.Allocations = Stack.Calls;
    Group.Bytes = Stack.Bytes;
    if (G.ReachedUserCode && !G.File.empty() && G.Line) {
      auto Known = Files.find(G.File);
      Group.File = Known == Files.end() ? G.File : Known->second.Path;
      Group.Line = G.Line;
      Group.Column = G.Column;
      Group.Function = G.Function;
    } else {
      Group.Function = G.ReachedUserCode ? G.Function : G.InnermostFunction;
      if (G.FrameModule >= 0 &&
          static_cast<std::size_t>(G.FrameModule) < Report.Modules.size())
        Group.Module =
            Report.Modules[static_cast<std::size_t>(G.FrameModule)].Path;
      Group.Offset = G.FrameOffset;
    }
    if (std::string(Reason) == "no_element_size")
      Group.Element = G.Element;
    Unattributed.push_back(std::move(Group));
  };
  for (std::size_t I = 0; I < Report.Stacks.size() && I < Growth.size(); ++I) {
    const ContainerGrowth &G = Growth[I];
    const StackInfo &Stack = Report.Stacks[I];
    if (Stack.Calls == 0)
      continue;
    if (!G.IsGrowth && G.UnqualifiedAllocator) {
      Add(P.Unqualified, Stack, G, "unqualified_allocator");
      continue;
    }
    if (!G.IsGrowth) {
      // Not a container's growth: an allocation site of the user's code.
      if (!Report.BySize || !G.ReachedUserCode || G.File.empty() || G.Line == 0)
        continue;
      AllocationSite Site;
      Site.File = SourceOf(G.File);
      Site.Line = G.Line;
      Site.Column = G.Column;
      Site.Function = G.Function;
      Site.Allocations = Stack.Calls;
      Site.Bytes = Stack.Bytes;
      Site.Sizes[Stack.Size] = Stack.Calls;
      Allocating.push_back(std::move(Site));
      continue;
    }
    if (!Report.BySize) {
      Add(P.NoSize, Stack, G, "not_by_size");
      continue;
    }
    if (!G.ReachedUserCode) {
      Add(P.NoUserFrame, Stack, G, "no_user_frame");
      continue;
    }
    if (G.File.empty() || G.Line == 0) {
      Add(P.NoLine, Stack, G, "no_line");
      continue;
    }
    std::uint64_t ElementSize = builtinTypeSize(G.Element);
    if (ElementSize == 0) {
      auto Found = Sizes.find({G.ElementModule, G.Element});
      if (Found == Sizes.end() || Found->second.Bytes == 0) {
        auto &Entry = P.NoElementSize[G.Element];
        Add(Entry.first, Stack, G, "no_element_size");
        if (Entry.second.empty())
          Entry.second =
              Found == Sizes.end() ? "not looked up" : Found->second.Why;
        continue;
      }
      ElementSize = Found->second.Bytes;
    }
    if (Stack.Size % ElementSize != 0) {
      Add(P.NotMultiple, Stack, G, "not_multiple");
      continue;
    }
    ProfileSite Site;
    std::string Path = SourceOf(G.File);
    Site.File = Path;
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
  P.AllocationSites = mergeAllocationSites(std::move(Allocating));
  P.Unattributed = mergeUnattributed(std::move(Unattributed));
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
  Out += "],\n\"allocation_sites\":[";
  for (std::size_t I = 0; I < P.AllocationSites.size(); ++I) {
    const AllocationSite &S = P.AllocationSites[I];
    Out += I ? ",\n{\"file\":" : "\n{\"file\":";
    appendJsonString(Out, S.File);
    Out += ",\"line\":" + std::to_string(S.Line) +
           ",\"column\":" + std::to_string(S.Column) + ",\"function\":";
    appendJsonString(Out, S.Function);
    Out += ",\"allocations\":" + std::to_string(S.Allocations) +
           ",\"bytes\":" + std::to_string(S.Bytes) + ",\"sizes\":[";
    bool First = true;
    for (const auto &Size : S.Sizes) {
      Out += First ? "[" : ",[";
      Out +=
          std::to_string(Size.first) + "," + std::to_string(Size.second) + "]";
      First = false;
    }
    Out += "]}";
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

namespace {

bool sameContents(const SourceFile &A, const SourceFile &B) {
  return A.Exists == B.Exists &&
         (!A.Exists || (A.Size == B.Size && A.Hash == B.Hash));
}

} // namespace

Profile
mergeProfiles(std::vector<Profile> Inputs,
              const std::function<SourceFile(const std::string &)> &Current,
              std::vector<std::string> &Warnings) {
  Profile Out;
  Out.Processes = 0;
  if (!Inputs.empty())
    Out.Program = Inputs.front().Program;
  // Each file's descriptions in the inputs: which inputs keep its sites.
  std::map<std::string, std::vector<std::pair<std::size_t, SourceFile>>>
      Described;
  for (std::size_t I = 0; I < Inputs.size(); ++I)
    for (const SourceFile &F : Inputs[I].Files)
      Described[F.Path].emplace_back(I, F);
  std::set<std::pair<std::size_t, std::string>> Dropped;
  for (const auto &File : Described) {
    const std::string &Path = File.first;
    const auto &Entries = File.second;
    bool Agree =
        std::all_of(Entries.begin(), Entries.end(), [&](const auto &E) {
          return sameContents(E.second, Entries.front().second);
        });
    if (Agree) {
      Out.Files.push_back(Entries.front().second);
      continue;
    }
    SourceFile Now = Current(Path);
    std::size_t Kept = 0;
    for (const auto &Entry : Entries) {
      if (Now.Exists && sameContents(Entry.second, Now))
        ++Kept;
      else
        Dropped.insert({Entry.first, Path});
    }
    std::uint64_t Lost = 0;
    for (const auto &Entry : Entries)
      if (Dropped.count({Entry.first, Path}))
        for (const ProfileSite &S : Inputs[Entry.first].Sites)
          if (S.File == Path)
            Lost += S.Allocations;
    std::string Left =
        std::to_string(Lost) + (Lost == 1 ? " allocation" : " allocations");
    std::string Warning = Path;
    if (Kept) {
      Out.Files.push_back(Now);
      Warning += " differs between the profiles: kept the sites of the ";
      Warning += std::to_string(Kept);
      Warning += " of ";
      Warning += std::to_string(Entries.size());
      Warning += " that match it as it is now; ";
      Warning += Left;
      Warning += " of the others left out";
    } else {
      Warning += " differs between the profiles and none matches it as it "
                 "is now: its sites are left out (";
      Warning += Left;
      Warning += ")";
    }
    Warnings.push_back(std::move(Warning));
  }
  std::vector<ProfileSite> Sites;
  std::vector<AllocationSite> Allocating;
  std::vector<UnattributedGroup> Unattributed;
  for (std::size_t I = 0; I < Inputs.size(); ++I) {
    Profile &In = Inputs[I];
    auto IsDropped = [&](const std::string &File) {
      return Dropped.count({I, File}) != 0;
    };
    for (ProfileSite &S : In.Sites) {
      if (!IsDropped(S.File)) {
        Sites.push_back(std::move(S));
        continue;
      }
      Out.Changed.Allocations += S.Allocations;
      ++Out.Changed.Stacks;
      UnattributedGroup Group;
      Group.Reason = "source_changed";
      Group.File = S.File;
      Group.Line = S.Line;
      Group.Column = S.Column;
      Group.Function = S.Function;
      Group.Allocations = S.Allocations;
      Group.Bytes = S.Bytes;
      Unattributed.push_back(std::move(Group));
    }
    for (AllocationSite &S : In.AllocationSites)
      if (!IsDropped(S.File))
        Allocating.push_back(std::move(S));
    for (UnattributedGroup &G : In.Unattributed)
      Unattributed.push_back(std::move(G));
    Out.Allocations += In.Allocations;
    Out.Processes += In.Processes;
    if (In.Programs.empty() && !In.Program.empty())
      In.Programs.insert(In.Program);
    Out.Programs.insert(In.Programs.begin(), In.Programs.end());
    auto AddOut = [](LeftOut &Into, const LeftOut &From) {
      Into.Allocations += From.Allocations;
      Into.Stacks += From.Stacks;
    };
    AddOut(Out.NoUserFrame, In.NoUserFrame);
    AddOut(Out.NoLine, In.NoLine);
    AddOut(Out.NotMultiple, In.NotMultiple);
    AddOut(Out.NoSize, In.NoSize);
    AddOut(Out.Changed, In.Changed);
    AddOut(Out.Unqualified, In.Unqualified);
    for (const auto &Entry : In.NoElementSize) {
      auto &Into = Out.NoElementSize[Entry.first];
      AddOut(Into.first, Entry.second.first);
      if (Into.second.empty())
        Into.second = Entry.second.second;
    }
    Out.LeftOutUnknown += In.LeftOutUnknown;
    Out.Dropped += In.Dropped;
    Out.ByAddr2line = Out.ByAddr2line || In.ByAddr2line;
  }
  Out.Sites = mergeSites(std::move(Sites));
  Out.AllocationSites = mergeAllocationSites(std::move(Allocating));
  Out.Unattributed = mergeUnattributed(std::move(Unattributed));
  for (const ProfileSite &S : Out.Sites)
    Out.Profiled += S.Allocations;
  return Out;
}

namespace {

std::string siteText(const ProfileSite &S) {
  std::string Text = S.File + ":" + std::to_string(S.Line);
  if (S.Column)
    Text += ":" + std::to_string(S.Column);
  return Text;
}

// "no line: Row::Row(int) (prog+0x4ff)", "no size for Cell:
// /src/row.cpp:14:35 Row::Row(int)".
std::string unattributedText(const UnattributedGroup &G) {
  std::string Text;
  if (G.Reason == "no_user_frame")
    Text = "stack ends in the standard library: ";
  else if (G.Reason == "no_line")
    Text = "no line: ";
  else if (G.Reason == "no_element_size")
    Text = "no size for " + G.Element + ": ";
  else if (G.Reason == "not_multiple")
    Text = "not a multiple of the element: ";
  else if (G.Reason == "not_by_size")
    Text = "not keyed by size: ";
  else if (G.Reason == "unqualified_allocator")
    Text = "allocator without its class: ";
  else if (G.Reason == "source_changed")
    Text = "source changed: ";
  else
    Text = G.Reason + ": ";
  if (!G.File.empty()) {
    Text += G.File + ":" + std::to_string(G.Line);
    if (G.Column)
      Text += ":" + std::to_string(G.Column);
    if (!G.Function.empty())
      Text += "  " + G.Function;
    return Text;
  }
  std::string Module = G.Module;
  std::size_t Slash = Module.find_last_of('/');
  if (Slash != std::string::npos)
    Module = Module.substr(Slash + 1);
  std::string Address = (Module.empty() ? std::string("0x") : Module + "+0x") +
                        hexNumber(G.Offset);
  return Text +
         (G.Function.empty() ? Address : G.Function + " (" + Address + ")");
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
  if (P.Unqualified.Allocations)
    Warn(Allocations(P.Unqualified.Allocations) +
         " through an inlined allocation function named without its class "
         "('allocate': built with -gline-tables-only?) not recognized as "
         "container growth and left out (build the program with -g)");
  if (P.Changed.Allocations)
    Warn(Allocations(P.Changed.Allocations) +
         " by container growth at sites whose source file changed between "
         "the profiles left out");
  if (P.Dropped)
    Warn(Allocations(P.Dropped) +
         " found no room in the stack table and are not in the profile");

  char Line[200];
  std::size_t Groups = std::min<std::size_t>(Top, P.Unattributed.size());
  if (Groups) {
    Out += "heapcount: left out, most allocations:\n";
    for (std::size_t I = 0; I < Groups; ++I) {
      const UnattributedGroup &G = P.Unattributed[I];
      std::snprintf(Line, sizeof(Line),
                    "heapcount:   %10llu allocs %12llu bytes  ",
                    static_cast<unsigned long long>(G.Allocations),
                    static_cast<unsigned long long>(G.Bytes));
      Out += Line + unattributedText(G) + "\n";
    }
  }

  std::snprintf(Line, sizeof(Line),
                "heapcount: profile: %zu container site%s, %llu of %llu "
                "allocations",
                P.Sites.size(), P.Sites.size() == 1 ? "" : "s",
                static_cast<unsigned long long>(P.Profiled),
                static_cast<unsigned long long>(P.Allocations));
  Out += Line;
  if (P.Processes > 1)
    Out += " in " + std::to_string(P.Processes) + " processes";
  Out += "; written to " + Path + "\n";
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

namespace {

// The profile of one process, from its symbolized stacks (null when it
// left no report); \p Why says why it has no sites when it has none. The
// source files are described once, in \p Files, for every process.
Profile processProfile(const SymbolizedStacks *Stacks,
                       std::map<std::string, SourceFile> &Files,
                       std::string &Why) {
  Profile P;
  if (!Stacks)
    Why = "the program left no report";
  else if (!Stacks->HaveStacks)
    Why = Stacks->Error;
  else if (!Stacks->Warning.empty())
    Why = Stacks->Warning;
  if (!Why.empty()) {
    if (Stacks)
      P.Allocations = Stacks->Report.TotalAllocs;
    return P;
  }
  const StackReport &Report = Stacks->Report;
  std::vector<ContainerGrowth> Growth;
  Growth.reserve(Report.Stacks.size());
  // The element types to look up, by module, and the source files.
  std::map<int, std::set<std::string>> Needed;
  for (const StackInfo &Stack : Report.Stacks) {
    Growth.push_back(classifyStack(Report, Stack, Stacks->Symbols));
    const ContainerGrowth &G = Growth.back();
    if (G.File.empty() || !G.ReachedUserCode)
      continue;
    if (G.IsGrowth && builtinTypeSize(G.Element) == 0)
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
  return P;
}

void setProgram(Profile &P, const std::string &Program) {
  if (std::string Real = realPath(Program); !Real.empty())
    P.Program = Real;
  else
    P.Program = Program;
  P.Programs.clear();
  if (!P.Program.empty())
    P.Programs.insert(P.Program);
}

// Writes \p Text to \p Path through a temporary file beside it, renamed
// into place once complete; false with errno set when it cannot.
bool writeWholeFile(const std::string &Path, const std::string &Text) {
  std::string Partial = Path + ".partial." + std::to_string(currentProcessId());
  std::FILE *File = std::fopen(Partial.c_str(), "wb");
  bool Written =
      File && std::fwrite(Text.data(), 1, Text.size(), File) == Text.size();
  if (File && std::fclose(File) != 0)
    Written = false;
  if (Written && replaceFile(Partial, Path))
    return true;
  int Saved = errno;
  std::remove(Partial.c_str());
  errno = Saved;
  return false;
}

} // namespace

void reportProfile(const SymbolizedStacks *Stacks,
                   const std::vector<std::string> &ChildReports,
                   const std::string &Program, unsigned Top,
                   const std::string &Path) {
  std::map<std::string, SourceFile> Files;
  std::string Why;
  Profile P = processProfile(Stacks, Files, Why);
  if (!Why.empty() && ChildReports.empty())
    std::fprintf(stderr,
                 "heapcount: warning: profile: %s: the profile has no "
                 "sites\n",
                 Why.c_str());
  else if (!Why.empty())
    std::fprintf(stderr,
                 "heapcount: warning: profile: %s: the program's own "
                 "allocations are not in the profile\n",
                 Why.c_str());
  setProgram(P, P.Program.empty() ? Program : P.Program);

  if (!ChildReports.empty()) {
    // Each process started by the program, symbolized against its own
    // program and libraries, then all merged.
    std::vector<Profile> All;
    All.reserve(ChildReports.size() + 1);
    All.push_back(std::move(P));
    std::map<std::string, std::size_t> Failed; // Why -> processes.
    for (const std::string &Report : ChildReports) {
      bool Ok = false;
      SymbolizedStacks Child = readAndSymbolize(readWholeFile(Report, Ok));
      std::string ChildWhy;
      Profile C = processProfile(&Child, Files, ChildWhy);
      if (!ChildWhy.empty())
        ++Failed[ChildWhy];
      setProgram(C, C.Program);
      All.push_back(std::move(C));
    }
    for (const auto &[Cause, Count] : Failed)
      std::fprintf(stderr,
                   "heapcount: warning: profile: %zu process%s the program "
                   "started: %s: %s not in the profile\n",
                   Count, Count == 1 ? "" : "es", Cause.c_str(),
                   Count == 1 ? "its allocations are"
                              : "their allocations "
                                "are");
    std::vector<std::string> Warnings;
    P = mergeProfiles(std::move(All), describeSourceFile, Warnings);
    for (const std::string &Warning : Warnings)
      std::fprintf(stderr, "heapcount: warning: profile: %s\n",
                   Warning.c_str());
  }

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

namespace {

[[noreturn]] void mergeError(const std::string &What) {
  std::fprintf(stderr, "heapcount: error: %s\n", What.c_str());
  std::exit(2);
}

const char *const MergeUsage =
    "usage: heapcount merge-profiles OUT.json IN.json...";

} // namespace

int runMergeProfiles(const std::vector<std::string> &Args) {
  std::vector<std::string> Paths;
  bool Options = true;
  for (const std::string &Arg : Args) {
    if (Options && Arg == "--") {
      Options = false;
      continue;
    }
    if (Options && (Arg == "--help" || Arg == "-h")) {
      std::printf("%s\nMerges profiles of heapcount --profile taken in "
                  "separate runs into OUT.json\n(docs/heapcount.md, "
                  "\"Merging profiles\").\n",
                  MergeUsage);
      return 0;
    }
    if (Options && Arg.size() > 1 && Arg[0] == '-')
      mergeError("unknown option '" + Arg + "' (" + MergeUsage + ")");
    Paths.push_back(Arg);
  }
  if (Paths.size() < 2)
    mergeError(
        std::string(Paths.empty() ? "no output file" : "no profile to merge") +
        " (" + MergeUsage + ")");
  const std::string &OutPath = Paths.front();
  std::vector<Profile> Inputs;
  Inputs.reserve(Paths.size() - 1);
  for (std::size_t I = 1; I < Paths.size(); ++I) {
    if (realPath(Paths[I]) == realPath(OutPath) && !realPath(OutPath).empty())
      mergeError("the output '" + OutPath + "' is also an input");
    struct stat Info;
    if (stat(Paths[I].c_str(), &Info) == 0 && S_ISDIR(Info.st_mode))
      mergeError("cannot read '" + Paths[I] + "' (a directory)");
    bool Ok = false;
    std::string Json = readWholeFile(Paths[I], Ok);
    if (!Ok)
      mergeError("cannot read '" + Paths[I] + "' (" + std::strerror(errno) +
                 ")");
    Profile P;
    std::string Error;
    if (!readProfile(Json, P, Error))
      mergeError("cannot merge '" + Paths[I] + "' (" + Error + ")");
    Inputs.push_back(std::move(P));
  }
  std::size_t Count = Inputs.size();
  std::vector<std::string> Warnings;
  Profile Merged =
      mergeProfiles(std::move(Inputs), describeSourceFile, Warnings);
  for (const std::string &Warning : Warnings)
    std::fprintf(stderr, "heapcount: warning: merge-profiles: %s\n",
                 Warning.c_str());
  if (!writeWholeFile(OutPath, profileJson(Merged)))
    mergeError("cannot write '" + OutPath + "' (" + std::strerror(errno) + ")");
  std::fprintf(stderr,
               "heapcount: merge-profiles: %zu profiles (%llu processes): "
               "%zu container site%s, %llu of %llu allocations, %zu "
               "allocation site%s; written to %s\n",
               Count, static_cast<unsigned long long>(Merged.Processes),
               Merged.Sites.size(), Merged.Sites.size() == 1 ? "" : "s",
               static_cast<unsigned long long>(Merged.Profiled),
               static_cast<unsigned long long>(Merged.Allocations),
               Merged.AllocationSites.size(),
               Merged.AllocationSites.size() == 1 ? "" : "s", OutPath.c_str());
  return 0;
}

} // namespace heapcount
