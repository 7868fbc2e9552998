// A library's public header: installed for its users, who compile against
// this layout.
#define MYLIB_EXPORT
class MYLIB_EXPORT Cell {
public:
  Cell() : Bold(false), Code(0), Dim(false) {}

private:
  bool Bold;
  double Code;
  bool Dim;
};

// Not exported: a class of the header that the library does not promise.
struct Scratch {
  char Tag;
  double Value;
  char Kind;
};
