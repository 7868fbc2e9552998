//===- JsonReader.h - heapcount: a small JSON reader ------------*- C++ -*-===//
//
// Enough for the library's report and llvm-symbolizer's output: objects,
// arrays, strings (with escapes), numbers kept as text, literals. Used by
// the call sites (CallSites.cpp) and `heapcount diff` (Diff.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_TOOLS_HEAPCOUNT_JSONREADER_H
#define ALLOC_TIDY_TOOLS_HEAPCOUNT_JSONREADER_H

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace heapcount {

struct JsonValue {
  enum KindType { Null, Bool, Number, String, Array, Object } Kind = Null;
  std::string Text; // A string's value, a number's or a literal's text.
  std::vector<JsonValue> Items;
  std::vector<std::pair<std::string, JsonValue>> Members;

  const JsonValue *get(const char *Key) const {
    for (const auto &Member : Members)
      if (Member.first == Key)
        return &Member.second;
    return nullptr;
  }
};

// A number, or a string holding a hexadecimal "0x..." address; 0 otherwise.
inline std::uint64_t toUnsigned(const JsonValue *Value) {
  if (!Value)
    return 0;
  if (Value->Kind == JsonValue::Number)
    return std::strtoull(Value->Text.c_str(), nullptr, 10);
  if (Value->Kind == JsonValue::String)
    return std::strtoull(Value->Text.c_str(), nullptr, 16);
  return 0;
}

inline std::string toString(const JsonValue *Value) {
  return Value && Value->Kind == JsonValue::String ? Value->Text : "";
}

class JsonParser {
public:
  explicit JsonParser(const std::string &Text) : Text(Text) {}

  /// Parses the whole text as one value.
  bool parse(JsonValue &Out) {
    skipSpace();
    if (!value(Out, 0))
      return false;
    skipSpace();
    return Pos == Text.size();
  }

  std::size_t offset() const { return Pos; }

  /// Reads an object member by member without keeping it: OnMember(Key)
  /// must read the member's value (with value() or members()/items()).
  template <typename Fn> bool members(Fn OnMember) {
    if (!consume('{'))
      return false;
    if (consume('}'))
      return true;
    do {
      std::string Key;
      if (!string(Key) || !consume(':') || !OnMember(Key))
        return false;
    } while (consume(','));
    return consume('}');
  }

  /// The same for an array: OnItem() reads one item.
  template <typename Fn> bool items(Fn OnItem) {
    if (!consume('['))
      return false;
    if (consume(']'))
      return true;
    do {
      if (!OnItem())
        return false;
    } while (consume(','));
    return consume(']');
  }

  bool value(JsonValue &Out) { return value(Out, 0); }

  /// After the last value: only white space is left.
  bool atEnd() {
    skipSpace();
    return Pos == Text.size();
  }

private:
  static constexpr unsigned MaxNesting = 64;
  const std::string &Text;
  std::size_t Pos = 0;

  void skipSpace() {
    while (Pos < Text.size() && (Text[Pos] == ' ' || Text[Pos] == '\n' ||
                                 Text[Pos] == '\r' || Text[Pos] == '\t'))
      ++Pos;
  }

  bool consume(char C) {
    skipSpace();
    if (Pos < Text.size() && Text[Pos] == C) {
      ++Pos;
      return true;
    }
    return false;
  }

  bool literal(const char *Word, JsonValue::KindType Kind, JsonValue &Out) {
    std::size_t Length = std::strlen(Word);
    if (Text.compare(Pos, Length, Word) != 0)
      return false;
    Pos += Length;
    Out.Kind = Kind;
    Out.Text = Word;
    return true;
  }

  static void appendUtf8(std::string &Out, unsigned long Code) {
    if (Code < 0x80) {
      Out += static_cast<char>(Code);
    } else if (Code < 0x800) {
      Out += static_cast<char>(0xC0 | (Code >> 6));
      Out += static_cast<char>(0x80 | (Code & 0x3F));
    } else if (Code < 0x10000) {
      Out += static_cast<char>(0xE0 | (Code >> 12));
      Out += static_cast<char>(0x80 | ((Code >> 6) & 0x3F));
      Out += static_cast<char>(0x80 | (Code & 0x3F));
    } else {
      Out += static_cast<char>(0xF0 | (Code >> 18));
      Out += static_cast<char>(0x80 | ((Code >> 12) & 0x3F));
      Out += static_cast<char>(0x80 | ((Code >> 6) & 0x3F));
      Out += static_cast<char>(0x80 | (Code & 0x3F));
    }
  }

  bool hex4(unsigned long &Code) {
    if (Pos + 4 > Text.size())
      return false;
    Code = 0;
    for (int I = 0; I < 4; ++I) {
      char C = Text[Pos++];
      int Digit = C >= '0' && C <= '9'   ? C - '0'
                  : C >= 'a' && C <= 'f' ? C - 'a' + 10
                  : C >= 'A' && C <= 'F' ? C - 'A' + 10
                                         : -1;
      if (Digit < 0)
        return false;
      Code = Code * 16 + static_cast<unsigned long>(Digit);
    }
    return true;
  }

  bool string(std::string &Out) {
    if (!consume('"'))
      return false;
    while (Pos < Text.size()) {
      char C = Text[Pos++];
      if (C == '"')
        return true;
      if (C != '\\') {
        Out += C;
        continue;
      }
      if (Pos >= Text.size())
        return false;
      char Escape = Text[Pos++];
      switch (Escape) {
      case 'n':
        Out += '\n';
        break;
      case 't':
        Out += '\t';
        break;
      case 'r':
        Out += '\r';
        break;
      case 'b':
        Out += '\b';
        break;
      case 'f':
        Out += '\f';
        break;
      case 'u': {
        unsigned long Code = 0;
        if (!hex4(Code))
          return false;
        // A surrogate pair.
        if (Code >= 0xD800 && Code < 0xDC00 &&
            Text.compare(Pos, 2, "\\u") == 0) {
          Pos += 2;
          unsigned long Low = 0;
          if (!hex4(Low))
            return false;
          Code = 0x10000 + ((Code - 0xD800) << 10) + (Low - 0xDC00);
        }
        appendUtf8(Out, Code);
        break;
      }
      default: // '"', '\\', '/'
        Out += Escape;
      }
    }
    return false;
  }

  bool value(JsonValue &Out, unsigned Nesting) {
    if (Nesting > MaxNesting)
      return false;
    skipSpace();
    if (Pos >= Text.size())
      return false;
    char C = Text[Pos];
    if (C == '{') {
      ++Pos;
      Out.Kind = JsonValue::Object;
      if (consume('}'))
        return true;
      do {
        std::pair<std::string, JsonValue> Member;
        if (!string(Member.first) || !consume(':') ||
            !value(Member.second, Nesting + 1))
          return false;
        Out.Members.push_back(std::move(Member));
      } while (consume(','));
      return consume('}');
    }
    if (C == '[') {
      ++Pos;
      Out.Kind = JsonValue::Array;
      if (consume(']'))
        return true;
      do {
        Out.Items.emplace_back();
        if (!value(Out.Items.back(), Nesting + 1))
          return false;
      } while (consume(','));
      return consume(']');
    }
    if (C == '"') {
      Out.Kind = JsonValue::String;
      return string(Out.Text);
    }
    if (C == 't')
      return literal("true", JsonValue::Bool, Out);
    if (C == 'f')
      return literal("false", JsonValue::Bool, Out);
    if (C == 'n')
      return literal("null", JsonValue::Null, Out);
    std::size_t Start = Pos;
    while (Pos < Text.size() && std::strchr("+-0123456789.eE", Text[Pos]))
      ++Pos;
    if (Pos == Start)
      return false;
    Out.Kind = JsonValue::Number;
    Out.Text = Text.substr(Start, Pos - Start);
    return true;
  }
};

} // namespace heapcount

#endif // ALLOC_TIDY_TOOLS_HEAPCOUNT_JSONREADER_H
