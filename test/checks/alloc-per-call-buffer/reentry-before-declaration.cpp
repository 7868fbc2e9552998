// A call from which the function may run again on its object is also fine
// when it ends before the buffer is declared: the nested call is over, and
// done with the member, before this call clears and fills it. A parser
// checks a token (a member function of a base class, defined in another
// unit) and only then declares what it reads. The negatives run such a call
// between two uses, or in a loop, or beside a goto, or in a lambda written
// before the declaration and called after it. The fixed file is
// compiled.
// RUN: %check_alloc_tidy %s alloc-per-call-buffer %t -- \
// RUN:   -config="{CheckOptions: {alloc-per-call-buffer.WithoutProfile: true}}" -- -std=c++17

#include <string>
#include <vector>

struct Lexer {
  // Defined in the unit: it only fills the string.
  bool readIdent(std::string *Out) {
    Out->assign("name");
    return true;
  }
  bool peek(int Token);
};

struct Parser {
  Lexer Lex;
  // Defined in another unit: it could call a virtual function of the object.
  bool expect(int Token, std::string *Err);
  virtual ~Parser();
};

class EdgeParser : public Parser {
public:
  // The token is checked before 'Names' is declared.
  bool parseNames(std::string *Err) {
    if (!expect(1, Err))
      return false;
    std::vector<std::string> Names;
    // CHECK-NOTES: :[[@LINE-1]]:30: warning: 'Names' is constructed and filled on every call of 'parseNames', allocating each time; kept in a member of 'EdgeParser' and cleared here, it would keep its capacity between calls [alloc-per-call-buffer]
    // CHECK-NOTES: :[[@LINE-4]]:10: note: 'parseNames' may run again on the object from here (it calls 'Parser::expect', defined in another unit), before it declares 'Names': the member is not in use yet
    // CHECK-NOTES: :[[@LINE+94]]:1: note: the member 'NamesBuffer' holds the capacity as long as the 'EdgeParser' lives
    // CHECK-FIXES: {{^}}    std::vector<std::string> &Names = NamesBuffer;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    Names.clear();{{$}}
    std::string Name;
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'Name' is constructed and filled on every call of 'parseNames', allocating each time; kept in a member of 'EdgeParser' and cleared here, it would keep its capacity between calls [alloc-per-call-buffer]
    // CHECK-NOTES: :[[@LINE-10]]:10: note: 'parseNames' may run again on the object from here (it calls 'Parser::expect', defined in another unit), before it declares 'Name': the member is not in use yet
    // CHECK-NOTES: :[[@LINE+88]]:1: note: the member 'NameBuffer' holds the capacity as long as the 'EdgeParser' lives
    // CHECK-FIXES: {{^}}    std::string &Name = NameBuffer;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    Name.clear();{{$}}
    while (Lex.peek(2) && Lex.readIdent(&Name))
      Names.push_back(Name);
    Count += Names.size();
    return true;
  }

  // Before the declaration and after the last use: both are fine.
  bool parseKey(std::string *Err) {
    if (!expect(1, Err))
      return false;
    std::string Key;
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'Key' is constructed and filled on every call of 'parseKey', allocating each time; kept in a member of 'EdgeParser' and cleared here, it would keep its capacity between calls [alloc-per-call-buffer]
    // CHECK-NOTES: :[[@LINE-4]]:10: note: 'parseKey' may run again on the object from here (it calls 'Parser::expect', defined in another unit), before it declares 'Key': the member is not in use yet
    // CHECK-NOTES: :[[@LINE+5]]:12: note: 'parseKey' may run again on the object from here (it calls 'Parser::expect', defined in another unit), after its last use of 'Key': the member is free again by then
    // CHECK-NOTES: :[[@LINE+71]]:1: note: the member 'KeyBuffer' holds the capacity as long as the 'EdgeParser' lives
    if (!Lex.readIdent(&Key))
      return false;
    Count += Key.size();
    return expect(3, Err);
  }

  // The call initializes a local before the declaration.
  bool parseValue(std::string *Err) {
    bool Ok = expect(8, Err);
    std::string Value;
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'Value' is constructed and filled on every call of 'parseValue', allocating each time; kept in a member of 'EdgeParser' and cleared here, it would keep its capacity between calls [alloc-per-call-buffer]
    // CHECK-NOTES: :[[@LINE-3]]:15: note: 'parseValue' may run again on the object from here (it calls 'Parser::expect', defined in another unit), before it declares 'Value': the member is not in use yet
    // CHECK-NOTES: :[[@LINE+58]]:1: note: the member 'ValueBuffer' holds the capacity as long as the 'EdgeParser' lives
    // CHECK-FIXES: {{^}}    std::string &Value = ValueBuffer;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    Value.clear();{{$}}
    Lex.readIdent(&Value);
    Count += Value.size();
    return Ok;
  }

  // The call comes between the buffer's fill and its use.
  bool between(std::string *Err) {
    std::string Key;
    if (!Lex.readIdent(&Key))
      return false;
    if (!expect(4, Err))
      return false;
    Count += Key.size();
    return true;
  }

  // A loop runs the call, and the buffer is declared in the loop's body:
  // not a buffer of the call (alloc-container-in-loop's).
  bool looped(std::string *Err) {
    while (expect(5, Err)) {
      std::string Key;
      Lex.readIdent(&Key);
      Count += Key.size();
    }
    return true;
  }

  // A goto can bring control back from after the declaration to the call.
  bool jumps(std::string *Err) {
    int Round = 0;
  again:
    if (!expect(6, Err))
      return false;
    {
      std::string Key;
      Lex.readIdent(&Key);
      Count += Key.size();
    }
    if (++Round < 2)
      goto again;
    return true;
  }

  // A lambda written before the declaration runs the call after it.
  bool deferred(std::string *Err) {
    auto Check = [&] { return expect(7, Err); };
    std::string Key;
    Lex.readIdent(&Key);
    bool Ok = Check();
    Count += Key.size();
    return Ok;
  }

private:
  size_t Count = 0;
};

size_t run(EdgeParser &P) {
  std::string Err;
  return P.parseNames(&Err) + P.parseKey(&Err) + P.between(&Err) +
         P.looped(&Err) + P.jumps(&Err) + P.deferred(&Err) +
         P.parseValue(&Err);
}
