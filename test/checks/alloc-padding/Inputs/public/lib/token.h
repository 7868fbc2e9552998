// A program's own library (cppcheck keeps its classes in lib/): exported for
// a DLL build, but no header of it is installed for other programs.
#define MYLIB_EXPORT
class MYLIB_EXPORT Token {
public:
  Token() : Flag(false), Value(0), Kind(0) {}

private:
  bool Flag;
  double Value;
  char Kind;
};
