// A function that can run again on its object (it calls itself, or a member
// that calls it) keeps its buffer in a member only when every call from
// which it can start again comes after its last use of the buffer: the
// inner call then clears and refills a member the outer call is done with.
// Each negative here uses the buffer, or something that refers into it,
// after such a call. A callee that returns the reference it takes is no
// escape when the caller drops the result. The fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-per-call-buffer %t -- \
// RUN:   -config="{CheckOptions: {alloc-per-call-buffer.WithoutProfile: true}}" -- -std=c++17

#include <string>
#include <vector>

void consume(const std::vector<int> &V);

// Letters as codes; returns what it was given, as the standard library's
// own in-place helpers do.
static std::vector<int> &lowerCodes(std::vector<int> &Codes,
                                    const std::string &Word) {
  Codes.resize(Word.size());
  for (size_t I = 0; I < Word.size(); ++I)
    Codes[I] = Word[I] | 0x20;
  return Codes;
}

class Matcher {
public:
  // Recursion after the last use: the positive.
  bool known(const std::string &Word) {
    std::vector<int> Codes;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Codes' is constructed and filled on every call of 'known', allocating each time; kept in a member of 'Matcher' and cleared here, it would keep its capacity between calls [alloc-per-call-buffer]
    // CHECK-NOTES: :[[@LINE+9]]:14: note: 'known' may run again on the object from here (it calls itself), after its last use of 'Codes': the member is free again by then
    // CHECK-NOTES: :[[@LINE+97]]:1: note: the member 'CodesBuffer' holds the capacity as long as the 'Matcher' lives
    // CHECK-FIXES: {{^}}    std::vector<int> &Codes = CodesBuffer;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    Codes.clear();{{$}}
    lowerCodes(Codes, Word);
    int Sum = 0;
    for (int C : Codes)
      Sum += C;
    if (Sum % 7 == 0 && Word.size() > 1)
      return known(Word.substr(1));
    return Sum % 2 == 0;
  }

  // Through another member, on one branch, after the last use.
  int split(const std::string &Word) {
    std::vector<int> Parts;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Parts' is constructed and filled on every call of 'split', allocating each time; kept in a member of 'Matcher' and cleared here, it would keep its capacity between calls [alloc-per-call-buffer]
    // CHECK-NOTES: :[[@LINE+7]]:14: note: 'split' may run again on the object from here (it calls itself), after its last use of 'Parts': the member is free again by then
    // CHECK-NOTES: :[[@LINE+80]]:1: note: the member 'PartsBuffer' holds the capacity as long as the 'Matcher' lives
    for (char C : Word)
      if (C == '-')
        Parts.push_back(C);
    size_t Count = Parts.size();
    if (Count > 1)
      return again(Word.substr(1));
    return static_cast<int>(Count);
  }

  // Used after the recursive call.
  int after(const std::string &Word) {
    std::vector<int> Codes;
    lowerCodes(Codes, Word);
    int Inner = Word.size() > 1 ? after(Word.substr(1)) : 0;
    return Inner + static_cast<int>(Codes.size());
  }

  // A loop runs the recursive call and a use again.
  int looped(const std::string &Word) {
    std::vector<int> Codes;
    int Sum = 0;
    for (size_t I = 0; I < Word.size(); ++I) {
      Codes.push_back(Word[I]);
      if (Word[I] == '-')
        Sum += looped(Word.substr(I + 1));
    }
    return Sum;
  }

  // A reference into the buffer outlives the recursive call.
  int element(const std::string &Word) {
    std::vector<int> Codes;
    lowerCodes(Codes, Word);
    const int &First = Codes[0];
    int Inner = Word.size() > 1 ? element(Word.substr(1)) : 0;
    return Inner + First;
  }

  // So does an iterator.
  int iterator(const std::string &Word) {
    std::vector<int> Codes;
    lowerCodes(Codes, Word);
    std::vector<int>::iterator It = Codes.begin();
    int Inner = Word.size() > 1 ? iterator(Word.substr(1)) : 0;
    return Inner + *It;
  }

  // The recursive call takes the buffer.
  int handed(const std::string &Word, int Depth) {
    std::vector<int> Codes;
    lowerCodes(Codes, Word);
    if (Depth > 0)
      return handed(Word, Depth - 1) + take(Codes);
    return 0;
  }

  // A goto can bring control back to a use.
  int jumps(const std::string &Word) {
    std::vector<int> Codes;
    int Round = 0;
  again:
    lowerCodes(Codes, Word);
    consume(Codes);
    if (Round++ < 2 && jumps(Word.substr(1)) > 0)
      goto again;
    return Round;
  }

  // The reference the callee returns is kept.
  int kept(const std::string &Word) {
    std::vector<int> Codes;
    std::vector<int> &Lower = lowerCodes(Codes, Word);
    return static_cast<int>(Lower.size());
  }

private:
  int again(const std::string &Word) { return split(Word); }
  int take(const std::vector<int> &Codes) { return static_cast<int>(Codes.size()); }
  int Calls = 0;
};

int main() {
  Matcher M;
  return M.known("Word") + M.split("a-b-c") + M.after("xy") + M.looped("a-b") +
                 M.element("ab") + M.iterator("ab") + M.handed("ab", 1) +
                 M.jumps("ab") + M.kept("ab") >
         0;
}
