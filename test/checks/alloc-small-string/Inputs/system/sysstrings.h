// A system header: its strings are not the user's to change.
#include <string>
inline std::size_t systemLabel() {
  std::string Label = "a label in a system header, long";
  return Label.size();
}
class SystemString {
public:
  SystemString(const char *S);
private:
  char *Data;
  unsigned Length;
};
inline SystemString::SystemString(const char *S) : Data(new char[8]), Length(0) {
  (void)S;
}
