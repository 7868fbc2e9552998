// The MSVC STL is recognised by its own macro: on Windows targets the notes
// quote its capacity without a TargetSTL option. wchar_t has two bytes there,
// so a std::wstring keeps 7 characters inline. (Inputs/msvc/string stands in
// for the real header.)
// RUN: %check_alloc_tidy %s alloc-small-string %t -- -- --target=x86_64-pc-windows-msvc -nostdinc++ -isystem %S/Inputs/msvc

#include <string>

int put(const char *Text);
int put(const wchar_t *Text);

int render() {
  std::string Title = "sixteen chars...";
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Title' is a std::string built from a string literal too long for its inline buffer, so every run of its declaration allocates; declared 'static const' it would allocate only once [alloc-small-string]
  // CHECK-NOTES: :[[@LINE-2]]:23: note: the literal has 16 characters; the MSVC STL keeps at most 15 inline, so each construction allocates once
  // CHECK-NOTES: :[[@LINE-4]]:5: note: it runs once per call of 'render'
  // CHECK-NOTES: :[[@LINE+9]]:14: note: not a std::string_view: this use needs a std::string
  // CHECK-FIXES: {{^}}  static const std::string Title = "sixteen chars...";{{$}}
  std::wstring Path = L"C:\\Temp";
  std::wstring Long = L"C:\\Windows";
  // CHECK-NOTES: :[[@LINE-1]]:16: warning: 'Long' is a std::wstring built
  // CHECK-NOTES: :[[@LINE-2]]:23: note: the literal has 10 characters; the MSVC STL keeps at most 7 inline, so each construction allocates once
  // CHECK-NOTES: :[[@LINE-11]]:5: note: it runs once per call of 'render'
  // CHECK-NOTES: :[[@LINE+2]]:55: note: not a std::wstring_view: this use needs a std::wstring
  // CHECK-FIXES: {{^}}  static const std::wstring Long = L"C:\\Windows";{{$}}
  return put(Title.c_str()) + put(Path.c_str()) + put(Long.c_str());
}
