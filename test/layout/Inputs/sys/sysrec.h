// A record in a system header: alloc-layout must not report it.
struct SystemRecord {
  char Pad;
  long long Hidden;
};
