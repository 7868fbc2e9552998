//===- TypeNames.cpp - heapcount --profile: C++ type names
//------------------===//
//
// The names of the standard library's allocators and containers as a
// symbolizer prints them, and a canonical spelling of a type in which the
// demangler's and the DWARF's spellings agree; sizes of builtin types.
// See Profile.h ("Names").
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/Profile.h"
#include "tools/heapcount/profile/ProfileHelpers.h"

#include <cstring>
#include <unordered_map>

namespace heapcount {

using profile::AnonymousNamespace;
using profile::isWordChar;
using profile::trim;

namespace {

bool isDigit(char C) { return C >= '0' && C <= '9'; }

std::string join(const std::vector<std::string> &Parts, std::size_t From,
                 std::size_t To, const char *Separator) {
  std::string Out;
  for (std::size_t I = From; I < To; ++I)
    Out += (I == From ? "" : Separator) + Parts[I];
  return Out;
}

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
  const std::size_t AnonymousLength = std::strlen(AnonymousNamespace);
  while (I < Size) {
    char C = Type[I];
    if (C == ' ' || C == '\t') {
      ++I;
    } else if (Type.compare(I, AnonymousLength, AnonymousNamespace) == 0) {
      Tokens.push_back(Token{AnonymousNamespace, true, true});
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

/// \p Compute's answer for \p Function, computed once per name: these run
/// for every level of every stack, over names thousands of characters long,
/// and a profile repeats a few thousand names over hundreds of thousands of
/// stacks. heapcount folds its reports on one thread. The map's nodes stay
/// where they are, so the answer can be returned by reference.
template <typename Fn>
static const std::string &
rememberedAnswer(std::unordered_map<std::string, std::string> &Known,
                 const std::string &Function, Fn Compute) {
  auto Found = Known.find(Function);
  if (Found != Known.end())
    return Found->second;
  // Computed before it is stored: the computation may remember other names
  // (a type's arguments), which can rehash the map under an iterator.
  std::string Answer = Compute(Function);
  return Known.emplace(Function, std::move(Answer)).first->second;
}

static std::string computeAllocatorElementType(const std::string &Function) {
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

std::string allocatorElementType(const std::string &Function) {
  static std::unordered_map<std::string, std::string> Known;
  return rememberedAnswer(Known, Function, computeAllocatorElementType);
}

static std::string computeStandardClassOf(const std::string &Function) {
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

std::string standardClassOf(const std::string &Function) {
  static std::unordered_map<std::string, std::string> Known;
  return rememberedAnswer(Known, Function, computeStandardClassOf);
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

static std::string computeCanonicalTypeName(const std::string &Type) {
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

std::string canonicalTypeName(const std::string &Type) {
  // Asked for every type of a module's debug information, per site.
  static std::unordered_map<std::string, std::string> Known;
  return rememberedAnswer(Known, Type, computeCanonicalTypeName);
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

} // namespace heapcount
