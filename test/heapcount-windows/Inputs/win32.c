/* The Windows-only interfaces, one case per argument:
     private-heap  a heap of its own: 3 HeapAlloc, 2 HeapFree, HeapDestroy
                   (which takes the third block with it)
     late-dll      loads late.dll after start-up and calls it
     debug-heap    sets the NT global flags a debugger would (heap tail and
                   free checking, parameter validation) in its own PEB
     mapping       VirtualAlloc/VirtualFree and a mapped view of a file
     rtl           ntdll's RtlAllocateHeap/RtlFreeHeap on the process heap
   Output goes through no stdio buffer. */
#include <stdio.h>
#include <string.h>
#include <windows.h>
#include <winternl.h>

static int privateHeap(void) {
  HANDLE heap = HeapCreate(0, 0, 0);
  void *a = HeapAlloc(heap, 0, 24);
  void *b = HeapAlloc(heap, HEAP_ZERO_MEMORY, 40);
  void *c = HeapAlloc(heap, 0, 1000);
  b = HeapReAlloc(heap, 0, b, 80);
  HeapFree(heap, 0, a);
  HeapFree(heap, 0, b);
  HeapFree(heap, 0, NULL);
  (void)c;
  HeapDestroy(heap);
  printf("private heap destroyed\n");
  return 0;
}

static int lateDll(void) {
  HMODULE late = LoadLibraryA("late.dll");
  if (!late) {
    printf("cannot load late.dll (%lu)\n", GetLastError());
    return 1;
  }
  int (*work)(void) = (int (*)(void))(void *)GetProcAddress(late, "late_work");
  printf("late.dll kept %d blocks\n", work());
  return 0;
}

static int debugHeap(void) {
  /* PEB.NtGlobalFlag, at 0xbc in a 64-bit process. */
  char *peb = (char *)NtCurrentTeb()->ProcessEnvironmentBlock;
  ULONG flags;
  memcpy(&flags, peb + 0xbc, sizeof(flags));
  flags |= 0x70;
  memcpy(peb + 0xbc, &flags, sizeof(flags));
  printf("global flags set\n");
  return 0;
}

static int mapping(void) {
  void *pages = VirtualAlloc(NULL, 65536, MEM_RESERVE | MEM_COMMIT,
                             PAGE_READWRITE);
  VirtualFree(pages, 0, MEM_RELEASE);
  HANDLE section = CreateFileMappingA(INVALID_HANDLE_VALUE, NULL,
                                      PAGE_READWRITE, 0, 8192, NULL);
  void *view = MapViewOfFile(section, FILE_MAP_WRITE, 0, 0, 8192);
  UnmapViewOfFile(view);
  CloseHandle(section);
  printf("mapped and unmapped\n");
  return 0;
}

NTSYSAPI PVOID NTAPI RtlAllocateHeap(PVOID, ULONG, SIZE_T);
NTSYSAPI BOOLEAN NTAPI RtlFreeHeap(PVOID, ULONG, PVOID);

static int rtl(void) {
  void *p = RtlAllocateHeap(GetProcessHeap(), 0, 48);
  RtlFreeHeap(GetProcessHeap(), 0, p);
  printf("rtl done\n");
  return 0;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  const char *what = argc > 1 ? argv[1] : "";
  if (!strcmp(what, "private-heap"))
    return privateHeap();
  if (!strcmp(what, "late-dll"))
    return lateDll();
  if (!strcmp(what, "debug-heap"))
    return debugHeap();
  if (!strcmp(what, "mapping"))
    return mapping();
  if (!strcmp(what, "rtl"))
    return rtl();
  printf("usage: win32 private-heap|late-dll|debug-heap|mapping|rtl\n");
  return 2;
}
