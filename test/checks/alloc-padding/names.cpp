// Records are named fully qualified, as the compiler would name them
// (anonymous namespaces included): a project can have twenty 'Private'
// classes. Each record here is also an element of an array, so it is
// reported by default.
// RUN: %check_alloc_tidy %s alloc-padding %t -- -config="{CheckOptions: {alloc-padding.ReorderFixIt: true}}" -- --target=x86_64-pc-linux-gnu

namespace File {
struct FilePrivate {
  char Open;
  double Offset;
  char Mode;
};
// CHECK-MESSAGES: :[[@LINE-5]]:8: warning: 'File::FilePrivate' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
//      CHECK-FIXES: struct FilePrivate {
// CHECK-FIXES-NEXT:   double Offset;
// CHECK-FIXES-NEXT:   char Open;
// CHECK-FIXES-NEXT:   char Mode;
} // namespace File
File::FilePrivate Files[8];

namespace {
struct Hidden {
  char A;
  double B;
  char C;
};
// CHECK-MESSAGES: :[[@LINE-5]]:8: warning: '(anonymous namespace)::Hidden' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
//      CHECK-FIXES: struct Hidden {
// CHECK-FIXES-NEXT:   double B;
} // namespace
Hidden Hiddens[8];

// An out-of-line definition of a nested class: the qualifier 'NS::Outer::'
// between the class key and the name is not an export macro, so the
// fix-it stays.
namespace NS {
class Outer {
  class Private;
  Private *Impl[4];

public:
  Outer();
};
} // namespace NS
class NS::Outer::Private {
  char Flag;
  double Value;
  char Kind;
};
// CHECK-MESSAGES: :[[@LINE-5]]:18: warning: 'NS::Outer::Private' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
//      CHECK-FIXES: class NS::Outer::Private {
// CHECK-FIXES-NEXT:   double Value;
// CHECK-FIXES-NEXT:   char Flag;
// CHECK-FIXES-NEXT:   char Kind;
NS::Outer::Outer() {
  for (Private *&P : Impl)
    P = new Private[4];
}

// A template argument list in the qualifier is not a macro either.
template <typename T> struct Box {
  struct Item;
};
template <typename T> struct Box<T>::Item {
  char A;
  T B;
  char C;
};
// CHECK-MESSAGES: :[[@LINE-5]]:38: warning: 'Box<double>::Item' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
Box<double>::Item Items[4];
