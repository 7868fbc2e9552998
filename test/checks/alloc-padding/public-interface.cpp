// An exported record in a public header (a directory named include/) is
// part of the library's binary interface: a reorder breaks every program
// built against it, so it is silent by default, however many instances the
// code makes; PublicInterfaceRecords reports it, without a fix-it. An
// exported record elsewhere, and a record of the public header that is not
// exported, are reported as usual.
// RUN: %check_alloc_tidy %s alloc-padding %t -- -header-filter='cell.h|token.h' -config="{CheckOptions: {alloc-padding.ReorderFixIt: true, alloc-padding.LayoutNotes: None}}" -- --target=x86_64-pc-linux-gnu -I %S/Inputs/public/include -I %S/Inputs/public/lib
// RUN: %check_alloc_tidy %s alloc-padding %t -check-suffix=PUBLIC -- -header-filter='cell.h|token.h' -config="{CheckOptions: {alloc-padding.ReorderFixIt: true, alloc-padding.LayoutNotes: None, alloc-padding.PublicInterfaceRecords: true}}" -- --target=x86_64-pc-linux-gnu -I %S/Inputs/public/include -I %S/Inputs/public/lib

#include "mylib/cell.h"
#include "token.h"
#include <vector>

std::vector<Cell> Screen(80 * 25);
std::vector<Scratch> Scratches(64);
std::vector<Token> Tokens(1000);

// CHECK-NOTES-NOT: warning: 'Cell'
// CHECK-NOTES-DAG: cell.h:15:8: warning: 'Scratch' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
// CHECK-NOTES-DAG: token.h:4:20: warning: 'Token' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
// CHECK-NOTES-DAG: token.h:4:20: note: no fix-it: 'MYLIB_EXPORT' in its declaration may export it from a library, and then its layout is part of that library's binary interface

// CHECK-NOTES-PUBLIC-DAG: cell.h:4:20: warning: 'Cell' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
// CHECK-NOTES-PUBLIC-DAG: cell.h:4:20: note: no fix-it: 'MYLIB_EXPORT' in its declaration may export it from a library, and then its layout is part of that library's binary interface
// CHECK-NOTES-PUBLIC-DAG: cell.h:15:8: warning: 'Scratch' has 14 bytes of padding
// CHECK-NOTES-PUBLIC-DAG: token.h:4:20: warning: 'Token' has 14 bytes of padding
