//===- ProgramFile.cpp - heapcount on Linux: what a program file needs ----===//
//
// See ProgramFile.h.
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/ProgramFile.h"

#include <cstdio>
#include <cstring>
#include <elf.h>
#include <sys/stat.h>

namespace heapcount {

namespace {

class FileReader {
public:
  explicit FileReader(const std::string &Path)
      : File(std::fopen(Path.c_str(), "rb")) {}
  ~FileReader() {
    if (File)
      std::fclose(File);
  }
  FileReader(const FileReader &) = delete;
  FileReader &operator=(const FileReader &) = delete;

  bool read(unsigned long long Offset, void *Into, std::size_t Size) {
    return File && Offset <= 0x7fffffffffffffffULL &&
           fseeko(File, static_cast<off_t>(Offset), SEEK_SET) == 0 &&
           std::fread(Into, 1, Size, File) == Size;
  }

  /// The NUL-terminated string at \p Offset, at most \p Max bytes.
  std::string string(unsigned long long Offset, std::size_t Max) {
    std::string Text;
    if (!File || fseeko(File, static_cast<off_t>(Offset), SEEK_SET) != 0)
      return Text;
    for (int C; Text.size() < Max && (C = std::fgetc(File)) != EOF && C;)
      Text += static_cast<char>(C);
    return Text;
  }

private:
  std::FILE *File;
};

bool startsWith(const std::string &Text, const char *Prefix) {
  return Text.compare(0, std::strlen(Prefix), Prefix) == 0;
}

} // namespace

std::string sanitizerOfRuntime(const std::string &Soname) {
  static const struct {
    const char *Prefix;
    const char *Name;
  } Runtimes[] = {
      {"libasan.so", "AddressSanitizer"},
      {"libtsan.so", "ThreadSanitizer"},
      {"libhwasan.so", "HWAddressSanitizer"},
      {"liblsan.so", "LeakSanitizer"},
      {"libclang_rt.asan", "AddressSanitizer"},
      {"libclang_rt.tsan", "ThreadSanitizer"},
      {"libclang_rt.hwasan", "HWAddressSanitizer"},
      {"libclang_rt.msan", "MemorySanitizer"},
  };
  for (const auto &R : Runtimes)
    if (startsWith(Soname, R.Prefix))
      return R.Name;
  return "";
}

/// The program headers of a 64-bit ELF file; false for anything else.
static bool readSegments(FileReader &File, std::vector<Elf64_Phdr> &Segments) {
  Elf64_Ehdr Header;
  if (!File.read(0, &Header, sizeof(Header)) ||
      std::memcmp(Header.e_ident, ELFMAG, SELFMAG) != 0 ||
      Header.e_ident[EI_CLASS] != ELFCLASS64 ||
      Header.e_phentsize != sizeof(Elf64_Phdr) || Header.e_phnum > 4096)
    return false;
  Segments.resize(Header.e_phnum);
  return Segments.empty() || File.read(Header.e_phoff, Segments.data(),
                                       Segments.size() * sizeof(Elf64_Phdr));
}

ProgramFile inspectProgram(const std::string &Path) {
  ProgramFile Program;
  struct stat Info;
  if (stat(Path.c_str(), &Info) == 0)
    Program.SetId = (Info.st_mode & (S_ISUID | S_ISGID)) != 0;
  FileReader File(Path);
  std::vector<Elf64_Phdr> Segments;
  if (!readSegments(File, Segments))
    return Program;
  Program.Elf = true;
  Program.Static = true;
  const Elf64_Phdr *Dynamic = nullptr;
  for (const Elf64_Phdr &Segment : Segments) {
    if (Segment.p_type == PT_INTERP)
      Program.Static = false;
    if (Segment.p_type == PT_DYNAMIC)
      Dynamic = &Segment;
  }
  if (!Dynamic || Dynamic->p_filesz > (1u << 20))
    return Program;
  std::vector<Elf64_Dyn> Entries(Dynamic->p_filesz / sizeof(Elf64_Dyn));
  if (Entries.empty() || !File.read(Dynamic->p_offset, Entries.data(),
                                    Entries.size() * sizeof(Elf64_Dyn)))
    return Program;
  // The string table is given by its address: the file offset is that of
  // the loaded segment holding it.
  unsigned long long StringsAt = 0, StringsSize = 0;
  bool HaveStrings = false;
  for (const Elf64_Dyn &Entry : Entries) {
    if (Entry.d_tag == DT_STRTAB)
      for (const Elf64_Phdr &Segment : Segments)
        if (Segment.p_type == PT_LOAD && Entry.d_un.d_ptr >= Segment.p_vaddr &&
            Entry.d_un.d_ptr < Segment.p_vaddr + Segment.p_filesz) {
          StringsAt = Segment.p_offset + (Entry.d_un.d_ptr - Segment.p_vaddr);
          HaveStrings = true;
        }
    if (Entry.d_tag == DT_STRSZ)
      StringsSize = Entry.d_un.d_val;
  }
  if (!HaveStrings)
    return Program;
  for (const Elf64_Dyn &Entry : Entries) {
    if (Entry.d_tag == DT_NULL)
      break;
    if (Entry.d_tag != DT_NEEDED || Entry.d_un.d_val >= StringsSize)
      continue;
    std::string Name = File.string(StringsAt + Entry.d_un.d_val, 4096);
    if (Program.SanitizerRuntime.empty() && !sanitizerOfRuntime(Name).empty()) {
      Program.SanitizerRuntime = Name;
      Program.Sanitizer = sanitizerOfRuntime(Name);
    }
    Program.Needed.push_back(std::move(Name));
  }
  return Program;
}

std::string readBuildId(const std::string &Path) {
  FileReader File(Path);
  std::vector<Elf64_Phdr> Segments;
  if (!readSegments(File, Segments))
    return "";
  for (const Elf64_Phdr &Segment : Segments) {
    if (Segment.p_type != PT_NOTE || Segment.p_filesz > (1u << 16))
      continue;
    std::vector<unsigned char> Notes(Segment.p_filesz);
    if (Notes.empty() ||
        !File.read(Segment.p_offset, Notes.data(), Notes.size()))
      continue;
    // Each note: a header, then its name and its description, each padded
    // to 4 bytes.
    auto Padded = [](std::size_t Size) { return (Size + 3) & ~std::size_t{3}; };
    for (std::size_t At = 0; At + sizeof(Elf64_Nhdr) <= Notes.size();) {
      Elf64_Nhdr Note;
      std::memcpy(&Note, Notes.data() + At, sizeof(Note));
      std::size_t Name = At + sizeof(Note);
      std::size_t Description = Name + Padded(Note.n_namesz);
      if (Description + Note.n_descsz > Notes.size())
        break;
      if (Note.n_type == NT_GNU_BUILD_ID && Note.n_namesz == 4 &&
          std::memcmp(Notes.data() + Name, "GNU", 4) == 0) {
        static const char Hex[] = "0123456789abcdef";
        std::string Id;
        for (std::size_t I = 0; I < Note.n_descsz; ++I) {
          Id += Hex[Notes[Description + I] >> 4];
          Id += Hex[Notes[Description + I] & 15];
        }
        return Id;
      }
      At = Description + Padded(Note.n_descsz);
    }
  }
  return "";
}

} // namespace heapcount
