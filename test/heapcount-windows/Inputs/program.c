/* The program heapcount.exe runs in its tests:
     program args ARGS...   prints each argument in brackets
     program exit N         exits with N
     program crash          writes through a null pointer
     program noreport       empties the report file (HEAPCOUNT_OUTPUT)
     program second         calls into second.dll (linked with it) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

#ifdef WITH_SECOND
__declspec(dllimport) int second_value(void);
#endif

int main(int Argc, char **Argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  printf("main: %s\n", Argc > 1 ? Argv[1] : "(nothing)");
  if (Argc > 1 && !strcmp(Argv[1], "args")) {
    for (int I = 2; I < Argc; ++I)
      printf("[%s]\n", Argv[I]);
    return 0;
  }
  if (Argc > 2 && !strcmp(Argv[1], "exit"))
    return atoi(Argv[2]);
  if (Argc > 1 && !strcmp(Argv[1], "crash")) {
    volatile int *Null = NULL;
    *Null = 1;
    return 0;
  }
  if (Argc > 1 && !strcmp(Argv[1], "noreport")) {
    const char *Report = getenv("HEAPCOUNT_OUTPUT");
    FILE *File = Report ? fopen(Report, "w") : NULL;
    if (File)
      fclose(File);
    return 0;
  }
#ifdef WITH_SECOND
  if (Argc > 1 && !strcmp(Argv[1], "second")) {
    printf("second_value: %d\n", second_value());
    return 0;
  }
#endif
  return 0;
}
