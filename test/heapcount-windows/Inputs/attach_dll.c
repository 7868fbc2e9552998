/* A stand-in for heapcount.dll in the launcher's tests: it exports
   heapcount_attach (which heapcount.exe makes the program import), says on
   stdout when it is initialised, and writes a fixed report to
   HEAPCOUNT_OUTPUT right then, with the settings it was given. */
#include <stdio.h>
#include <string.h>
#include <windows.h>

__declspec(dllexport) void heapcount_attach(void) {}

static void say(const char *Text) {
  DWORD Wrote;
  WriteFile(GetStdHandle(STD_OUTPUT_HANDLE), Text, lstrlenA(Text), &Wrote,
            NULL);
}

/* Appends Text to Out as a JSON string. */
static void appendJsonString(char *Out, size_t Size, const char *Text) {
  size_t At = strlen(Out);
  if (At + 1 < Size)
    Out[At++] = '"';
  for (; *Text && At + 2 < Size; ++Text) {
    if (*Text == '"' || *Text == '\\')
      Out[At++] = '\\';
    Out[At++] = *Text;
  }
  if (At + 1 < Size)
    Out[At++] = '"';
  Out[At] = '\0';
}

/* {"path":...,"base":...,"start":...,"end":...} of a loaded module; base is
   the load bias (where it is minus where it was linked for), so that
   frame - base is the address in the file that a symbolizer takes. */
static void appendModule(char *Out, size_t Size, HMODULE Module) {
  char Path[MAX_PATH];
  GetModuleFileNameA(Module, Path, sizeof(Path));
  const unsigned char *Base = (const unsigned char *)Module;
  const IMAGE_NT_HEADERS64 *Nt =
      (const IMAGE_NT_HEADERS64 *)(Base +
                                   ((const IMAGE_DOS_HEADER *)Base)->e_lfanew);
  strcat(Out, "{\"path\":");
  appendJsonString(Out, Size, Path);
  snprintf(
      Out + strlen(Out), Size - strlen(Out),
      ",\"base\":\"0x%llx\",\"start\":\"0x%llx\",\"end\":\"0x%llx\"}",
      (unsigned long long)((ULONG_PTR)Base - Nt->OptionalHeader.ImageBase),
      (unsigned long long)(ULONG_PTR)Base,
      (unsigned long long)((ULONG_PTR)Base + Nt->OptionalHeader.SizeOfImage));
}

/* With HEAPCOUNT_STACKS: one stack of 3 allocations, from a frame in
   kernel32 (the system's: skipped) called from the program's entry point
   (the site). */
static void appendStacks(char *Out, size_t Size, const char *Depth) {
  HMODULE Program = GetModuleHandleA(NULL);
  HMODULE Kernel = GetModuleHandleA("kernel32.dll");
  const unsigned char *Base = (const unsigned char *)Program;
  const IMAGE_NT_HEADERS64 *Nt =
      (const IMAGE_NT_HEADERS64 *)(Base +
                                   ((const IMAGE_DOS_HEADER *)Base)->e_lfanew);
  snprintf(Out + strlen(Out), Size - strlen(Out),
           ",\n\"stacks\":{\"depth\":%s,\"dropped\":0,\"modules\":[", Depth);
  appendModule(Out, Size, Program);
  strcat(Out, ",\n");
  appendModule(Out, Size, Kernel);
  snprintf(Out + strlen(Out), Size - strlen(Out),
           "],\n\"list\":[{\"calls\":3,\"bytes\":24,\"frames\":"
           "[\"0x%llx\",\"0x%llx\"]}]}",
           (unsigned long long)((ULONG_PTR)Kernel + 0x1001),
           (unsigned long long)((ULONG_PTR)Base +
                                Nt->OptionalHeader.AddressOfEntryPoint + 1));
}

static void writeReport(void) {
  wchar_t Path[MAX_PATH * 2];
  char Start[256], Stacks[64], Root[64], Report[8192];
  if (!GetEnvironmentVariableW(L"HEAPCOUNT_OUTPUT", Path, MAX_PATH * 2)) {
    say("test heapcount.dll: no HEAPCOUNT_OUTPUT\n");
    return;
  }
  if (!GetEnvironmentVariableA("HEAPCOUNT_START", Start, sizeof(Start)))
    lstrcpyA(Start, "(unset)");
  if (!GetEnvironmentVariableA("HEAPCOUNT_STACKS", Stacks, sizeof(Stacks)))
    lstrcpyA(Stacks, "(unset)");
  if (!GetEnvironmentVariableA("HEAPCOUNT_ROOT_PID", Root, sizeof(Root)))
    lstrcpyA(Root, "(unset)");
  int Length = snprintf(Report, sizeof(Report),
                        "{\"version\":1,\"platform\":\"windows\",\n"
                        "\"total\":{\"allocs\":3,\"frees\":1,\"bytes\":24,"
                        "\"peak_live_bytes\":32,\"live_blocks_at_exit\":2,"
                        "\"live_bytes_at_exit\":16},\n"
                        "\"functions\":{\"malloc\":{\"calls\":3,\"bytes\":24},"
                        "\"free\":{\"calls\":1,\"bytes\":0}},\n"
                        "\"histogram\":[{\"le\":8,\"count\":3,\"share\":1}],\n"
                        "\"counting\":{\"from\":\"start\",\"started\":true},\n"
                        "\"test_settings\":{\"start\":\"%s\",\"stacks\":\"%s\","
                        "\"root_pid\":\"%s\"},\n"
                        "\"process\":{\"pid\":%lu,\"end\":\"attach\"}",
                        Start, Stacks, Root, GetCurrentProcessId());
  if (GetEnvironmentVariableA("HEAPCOUNT_STACKS", Stacks, sizeof(Stacks)))
    appendStacks(Report, sizeof(Report), Stacks);
  strcat(Report, "}\n");
  Length = (int)strlen(Report);
  HANDLE File = CreateFileW(Path, GENERIC_WRITE, FILE_SHARE_READ, NULL,
                            CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, NULL);
  if (File == INVALID_HANDLE_VALUE) {
    say("test heapcount.dll: cannot write HEAPCOUNT_OUTPUT\n");
    return;
  }
  DWORD Wrote;
  WriteFile(File, Report, (DWORD)Length, &Wrote, NULL);
  CloseHandle(File);
}

BOOL WINAPI DllMain(HINSTANCE Instance, DWORD Reason, LPVOID Reserved) {
  if (Reason == DLL_PROCESS_ATTACH) {
    say("test heapcount.dll: attached\n");
    writeReport();
  }
  return TRUE;
}
