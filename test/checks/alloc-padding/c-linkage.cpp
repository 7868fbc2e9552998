// A record declared in an extern "C" context describes a layout shared with
// C code, which has its own copy of the declaration: by default silent, even
// where there are many of it. WarnCRecords reports it (without a fix-it).
// RUN: %check_alloc_tidy %s alloc-padding %t -- -- --target=x86_64-pc-linux-gnu
// RUN: %check_alloc_tidy %s alloc-padding %t -check-suffix=WARN -- -config="{CheckOptions: {alloc-padding.WarnCRecords: true}}" -- --target=x86_64-pc-linux-gnu
// ReportAll does not bring it back: the ABI is the reason, not the count.
// RUN: %check_alloc_tidy %s alloc-padding %t -- -config="{CheckOptions: {alloc-padding.ReportAll: true}}" -- --target=x86_64-pc-linux-gnu

// Silent by default: shared with C code (extern "C" block).
extern "C" {
struct CRecord {
  char Tag;
  double Value;
  char Kind;
};
// CHECK-MESSAGES-WARN: :[[@LINE-5]]:8: warning: 'CRecord' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
}
CRecord Records[64];

// Silent by default: the extern "C" linkage specification without braces
// and a nested record count too.
extern "C" struct COuter {
  struct CInner {
    char Tag;
    double Value;
    char Kind;
  } Inner;
  long Id;
} Outers[16];
// CHECK-MESSAGES-WARN: :[[@LINE-7]]:10: warning: 'COuter::CInner' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
