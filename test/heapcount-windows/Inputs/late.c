/* A DLL the program loads after start-up. It allocates in its DllMain (its
   imports must be counted before it runs) and in late_work: 1 + 4 mallocs,
   3 frees, 2 blocks kept. */
#include <stdlib.h>
#include <windows.h>

static void *volatile Kept[2];

BOOL WINAPI DllMain(HINSTANCE instance, DWORD reason, LPVOID reserved) {
  if (reason == DLL_PROCESS_ATTACH)
    Kept[0] = malloc(111);
  return TRUE;
}

__declspec(dllexport) int late_work(void) {
  void *a = malloc(222);
  void *b = calloc(1, 333);
  void *c = malloc(444);
  free(a);
  free(b);
  free(Kept[0]);
  Kept[0] = c;
  Kept[1] = malloc(555);
  return 2;
}
