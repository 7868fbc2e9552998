//===- ProgramFile.h - heapcount on Linux: what a program file needs -----===//
//
// What heapcount must know of a program before it preloads the counting
// library into it, and to say why the library never started when it did
// not: whether the program has a dynamic loader at all (a statically linked
// one has none), whether it is setuid or setgid (the loader then ignores
// LD_PRELOAD paths), and whether it needs a sanitizer's runtime that must
// be loaded first (GCC's libasan refuses to run otherwise). Read from the
// ELF file's program headers and dynamic section, nothing else.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_TOOLS_HEAPCOUNT_PROGRAMFILE_H
#define ALLOC_TIDY_TOOLS_HEAPCOUNT_PROGRAMFILE_H

#include <string>
#include <vector>

namespace heapcount {

struct ProgramFile {
  /// A 64-bit ELF file whose headers could be read; nothing else is known
  /// otherwise (a script, another format).
  bool Elf = false;
  /// No PT_INTERP: no dynamic loader runs, nothing is preloaded.
  bool Static = false;
  /// Set-user-ID or set-group-ID.
  bool SetId = false;
  /// DT_NEEDED, in order.
  std::vector<std::string> Needed;
  /// The first of Needed that is a sanitizer's runtime ("libasan.so.8"), and
  /// the sanitizer's name ("AddressSanitizer"); empty when none.
  std::string SanitizerRuntime;
  std::string Sanitizer;
};

/// Reads \p Path; a file that is not a readable ELF64 file gives Elf false.
ProgramFile inspectProgram(const std::string &Path);

/// The GNU build id of the ELF64 file \p Path (its NT_GNU_BUILD_ID note) in
/// lower-case hex, or "" when it has none or cannot be read.
std::string readBuildId(const std::string &Path);

/// The sanitizer whose runtime \p Soname is ("libasan.so.8",
/// "libclang_rt.tsan-x86_64.so"), or "" when it is none.
std::string sanitizerOfRuntime(const std::string &Soname);

} // namespace heapcount

#endif // ALLOC_TIDY_TOOLS_HEAPCOUNT_PROGRAMFILE_H
