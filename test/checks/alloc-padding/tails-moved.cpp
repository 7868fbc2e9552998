// A record whose only smaller order moves its variable-length tail: the
// advice would break it, so by default it is not reported, even with many
// instances. ReportAll reports it, without a fix-it, and says why.
// RUN: %check_alloc_tidy %s alloc-padding %t -check-suffix=DEFAULT -- -config="{CheckOptions: {alloc-padding.ReorderFixIt: true}}" -- --target=x86_64-pc-linux-gnu
// RUN: %check_alloc_tidy %s alloc-padding %t -check-suffix=ALL -- -config="{CheckOptions: {alloc-padding.ReorderFixIt: true, alloc-padding.ReportAll: true}}" -- --target=x86_64-pc-linux-gnu

// The base is not a POD: the Itanium ABI lays the derived fields out in its
// tail padding (after 'C'). Only 'Kind' and 'Data' fit there, and 'Data'
// must stay last. Silent by default: the saving needs 'Data' moved.
struct NonPod {
  NonPod();
  double D;
  char C;
};
struct Message : NonPod {
  double Stamp;
  char Kind;
  char Data[1];
};
// CHECK-NOTES-ALL: :[[@LINE-5]]:8: warning: 'Message' has {{[0-9]+}} bytes of padding; reordering its fields makes it 24 bytes instead of 32 (-8) [alloc-padding]
// CHECK-NOTES-ALL: :[[@LINE+4]]:9: note: saves 8 bytes per element, 64 bytes for the 8 elements of the array 'Messages' at {{.*}}:[[@LINE+4]]
// CHECK-NOTES-ALL: :[[@LINE-7]]:8: note: in the order 'Kind', 'Data', 'Stamp' it takes 24 bytes; now it has {{.*}}
// CHECK-NOTES-ALL: :[[@LINE-5]]:8: note: no fix-it: 'Data' is a trailing array of 1 element, the start of a variable-length tail, and every smaller order moves it
NonPod::NonPod() : D(0), C(0) {}
Message Messages[8];
