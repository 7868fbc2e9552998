/* Runs the rest of its command line, unchanged, and prints the exit status
   of what it ran on stdout, "status: N (0xHEX)": under Wine, a Unix parent
   sees only its low 8 bits, and heapcount must forward all 32 (an exception
   code such as 0xC0000005). */
#include <stdio.h>
#include <windows.h>

int main(void) {
  const wchar_t *Line = GetCommandLineW();
  /* Skip this program's name, quoted or not, and the blanks after it. */
  if (*Line == L'"') {
    for (++Line; *Line && *Line != L'"'; ++Line)
      ;
    if (*Line)
      ++Line;
  } else {
    while (*Line && *Line != L' ' && *Line != L'\t')
      ++Line;
  }
  while (*Line == L' ' || *Line == L'\t')
    ++Line;
  wchar_t *Command = _wcsdup(Line);
  STARTUPINFOW Startup = {sizeof(Startup)};
  PROCESS_INFORMATION Process;
  if (!CreateProcessW(NULL, Command, NULL, NULL, TRUE, 0, NULL, NULL, &Startup,
                      &Process)) {
    printf("run_status: cannot run %ls (error %lu)\n", Command, GetLastError());
    return 1;
  }
  WaitForSingleObject(Process.hProcess, INFINITE);
  DWORD Code = 0;
  GetExitCodeProcess(Process.hProcess, &Code);
  fflush(stderr);
  printf("status: %lu (0x%08lX)\n", Code, Code);
  return 0;
}
