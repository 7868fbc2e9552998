/* Stands in for llvm-symbolizer in the Windows tests (there is no Windows
   llvm-symbolizer under Wine): for each line '"MODULE" 0xOFFSET' of its
   standard input it prints one line of llvm-symbolizer's JSON output, with
   the function "site_in_<module file name>" at C:\src\fake.c, line = the
   number of the request. It checks its options as llvm-symbolizer would get
   them. */
#include <stdio.h>
#include <string.h>

int main(int Argc, char **Argv) {
  if (Argc != 4 || strcmp(Argv[1], "--output-style=JSON") ||
      strcmp(Argv[2], "--inlines") || strcmp(Argv[3], "--demangle")) {
    fprintf(stderr, "fake_symbolizer: unexpected options\n");
    return 1;
  }
  char Line[4096];
  int Request = 0;
  while (fgets(Line, sizeof(Line), stdin)) {
    char *Open = strchr(Line, '"');
    char *Close = Open ? strchr(Open + 1, '"') : NULL;
    if (!Close)
      continue;
    *Close = '\0';
    char *Name = Open + 1;
    for (char *P = Name; *P; ++P)
      if (*P == '\\' || *P == '/')
        Name = P + 1;
    ++Request;
    printf("{\"Address\":\"%s\",\"ModuleName\":\"fake\",\"Symbol\":[{"
           "\"Column\":3,\"FileName\":\"C:\\\\src\\\\fake.c\","
           "\"FunctionName\":\"site_in_%s\",\"Line\":%d}]}\n",
           strtok(Close + 2, "\r\n"), Name, Request);
  }
  return 0;
}
