/* A DLL the program imports: it says when it is initialised, which must be
   after heapcount.dll. */
#include <windows.h>

__declspec(dllexport) int second_value(void) { return 42; }

BOOL WINAPI DllMain(HINSTANCE Instance, DWORD Reason, LPVOID Reserved) {
  if (Reason == DLL_PROCESS_ATTACH) {
    DWORD Wrote;
    WriteFile(GetStdHandle(STD_OUTPUT_HANDLE), "second.dll: attached\n", 21,
              &Wrote, NULL);
  }
  return TRUE;
}
