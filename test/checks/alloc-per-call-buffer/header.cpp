// A class defined in a header gets the member there when nothing another
// unit that includes the header does can change meaning: every function of
// the class is defined in this unit, no friend class, not made to be
// derived from, not trivially copyable, not a library's interface, and the
// header sees every type the member names (the standard header of the
// container is added). The fixed header is compiled by this unit and by
// another that includes it alone.
// RUN: rm -rf %t %t.plugin && mkdir -p %t %t.plugin
// RUN: cp %s %t/header.cpp && cp %S/Inputs/headers/* %t/
// RUN: cp %s %t.plugin/header.cpp && cp %S/Inputs/headers/* %t.plugin/
// RUN: %alloc_tidy %t/header.cpp -fix -header-filter='.*' -checks='-*,alloc-per-call-buffer' -config="{CheckOptions: {alloc-per-call-buffer.WithoutProfile: true}}" -- -std=c++17 -I%t 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: FileCheck %s --check-prefix=HEADER --input-file=%t/tokenizer.h
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/header.cpp
// RUN: diff %S/Inputs/headers/kept.h %t/kept.h
// RUN: %clangxx -fsyntax-only -std=c++17 -I%t %t/header.cpp
// RUN: %clangxx -fsyntax-only -std=c++17 -I%t %t/other.cpp
// The plugin reports the same.
// RUN: %clang_tidy_plugin %t.plugin/header.cpp -header-filter='.*' -checks='-*,alloc-per-call-buffer' -config="{CheckOptions: {alloc-per-call-buffer.WithoutProfile: true}}" -- -std=c++17 -I%t.plugin 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'

// word.h comes first here, so the include guard skips it when tokenizer.h
// includes it: tokenizer.h still sees Word in every unit.
#include "word.h"
#include "extra.h"
#include "kept.h"
// This unit's using-declaration comes before tokenizer.h, but another
// unit's need not: the member tokenizer.h gets names std::vector.
#include <vector>
using std::vector;
#include "tokenizer.h"
#include <string>

size_t Tokenizer::countWords() {
  std::vector<std::string> parts;
  // CHECK: header.cpp:[[@LINE-1]]:28: warning: 'parts' is constructed and filled on every call of 'countWords', allocating each time; kept in a member of 'Tokenizer' and cleared here, it would keep its capacity between calls [alloc-per-call-buffer]
  // CHECK: tokenizer.h:20:1: note: the member 'parts_' holds the capacity as long as the 'Tokenizer' lives
  // FIXED: {{^}}  std::vector<std::string> &parts = parts_;{{$}}
  // FIXED-NEXT: {{^}}  parts.clear();{{$}}
  size_t Begin = 0;
  for (size_t I = 0; I <= text_.size(); ++I)
    if (I == text_.size() || text_[I] == ' ') {
      parts.push_back(text_.substr(Begin, I - Begin));
      Begin = I + 1;
    }
  return parts.size();
}

size_t Tokenizer::longest() {
  std::vector<Word> words;
  // CHECK: header.cpp:[[@LINE-1]]:21: warning: 'words' is constructed and filled on every call of 'longest'
  // CHECK: tokenizer.h:20:1: note: the member 'words_' holds the capacity
  // FIXED: {{^}}  std::vector<Word> &words = words_;{{$}}
  int Begin = 0;
  for (int I = 0; I <= static_cast<int>(text_.size()); ++I)
    if (I == static_cast<int>(text_.size()) || text_[I] == ' ') {
      words.push_back(Word{Begin, I});
      Begin = I + 1;
    }
  size_t Best = 0;
  for (const Word &W : words)
    if (static_cast<size_t>(W.End - W.Begin) > Best)
      Best = W.End - W.Begin;
  pos_ = Best;
  return Best;
}

size_t Tokenizer::widest() {
  vector<int> widths;
  // CHECK: header.cpp:[[@LINE-1]]:15: warning: 'widths' is constructed and filled on every call of 'widest'
  // CHECK: tokenizer.h:20:1: note: the member 'widths_' holds the capacity
  // FIXED: {{^}}  vector<int> &widths = widths_;{{$}}
  int Begin = 0;
  for (int I = 0; I <= static_cast<int>(text_.size()); ++I)
    if (I == static_cast<int>(text_.size()) || text_[I] == ' ') {
      widths.push_back(I - Begin);
      Begin = I + 1;
    }
  pos_ = widths.size();
  return widths.size();
}

// HEADER: #include <vector>
// HEADER: class Tokenizer {
// HEADER: {{^}}  size_t pos_ = 0;{{$}}
// HEADER-DAG: {{^}}  std::vector<std::string> parts_;{{$}}
// HEADER-DAG: {{^}}  std::vector<Word> words_;{{$}}
// HEADER-DAG: {{^}}  std::vector<int> widths_;{{$}}
// HEADER: {{^}}};{{$}}

// The classes of kept.h: a warning, and a note that says why the header
// keeps its members.

size_t Split::run(int N) {
  std::vector<int> Values;
  // CHECK: header.cpp:[[@LINE-1]]:20: warning: 'Values' is constructed and filled on every call of 'run'
  // CHECK: kept.h:{{[0-9]+}}:7: note: no fix-it: 'Split::other' is defined in another unit, whose code would see the new member
  for (int I = 0; I < N; ++I)
    Values.push_back(I);
  return Values.size() + s_.size();
}

Shape::~Shape() = default;
size_t Shape::run(int N) {
  std::vector<int> Values;
  // CHECK: header.cpp:[[@LINE-1]]:20: warning: 'Values' is constructed and filled on every call of 'run'
  // CHECK: kept.h:{{[0-9]+}}:7: note: no fix-it: 'Shape' is made to be derived from; a derived class in another unit could name the new member
  for (int I = 0; I < N; ++I)
    Values.push_back(I);
  return Values.size() + name_.size();
}

size_t Counts::run(int N) {
  std::vector<int> Values;
  // CHECK: header.cpp:[[@LINE-1]]:20: warning: 'Values' is constructed and filled on every call of 'run'
  // CHECK: kept.h:{{[0-9]+}}:7: note: no fix-it: 'Counts' is trivially copyable: other units may copy it byte for byte, which the new member does not allow
  for (int I = 0; I < N; ++I)
    Values.push_back(I + n_);
  return Values.size();
}

size_t Befriended::run(int N) {
  std::vector<int> Values;
  // CHECK: header.cpp:[[@LINE-1]]:20: warning: 'Values' is constructed and filled on every call of 'run'
  // CHECK: kept.h:{{[0-9]+}}:7: note: no fix-it: 'Befriended' has friend classes, whose code in other units would see the new member
  for (int I = 0; I < N; ++I)
    Values.push_back(I);
  return Values.size() + s_.size();
}

size_t Exported::run(int N) {
  std::vector<int> Values;
  // CHECK: header.cpp:[[@LINE-1]]:20: warning: 'Values' is constructed and filled on every call of 'run'
  // CHECK: kept.h:{{[0-9]+}}:16: note: no fix-it: {{.+}} exports it from a shared library, so its layout is part of that library's binary interface
  for (int I = 0; I < N; ++I)
    Values.push_back(I);
  return Values.size() + s_.size();
}

// Declared in this file: another unit that includes kept.h has no Cell.
struct Cell {
  int Value;
};

size_t Celled::run(int N) {
  std::vector<Cell> Cells;
  // CHECK: header.cpp:[[@LINE-1]]:21: warning: 'Cells' is constructed and filled on every call of 'run'
  // CHECK: kept.h:{{[0-9]+}}:7: note: no fix-it: 'Cell' is not declared in 'kept.h' or in the files it includes, which other units that include it may not see
  for (int I = 0; I < N; ++I)
    Cells.push_back(Cell{I});
  return Cells.size() + s_.size();
}

// extra.h is included by this file, not by kept.h.
size_t Celled::more(int N) {
  std::vector<Extra> Extras;
  // CHECK: header.cpp:[[@LINE-1]]:22: warning: 'Extras' is constructed and filled on every call of 'more'
  // CHECK: kept.h:{{[0-9]+}}:7: note: no fix-it: 'Extra' is not declared in 'kept.h' or in the files it includes
  for (int I = 0; I < N; ++I)
    Extras.push_back(Extra{I});
  return Extras.size() + s_.size();
}

// Inline::run, defined in kept.h, is reported there.
// CHECK: kept.h:{{[0-9]+}}:22: warning: 'Values' is constructed and filled on every call of 'run'
// CHECK: kept.h:{{[0-9]+}}:7: note: no fix-it: 'run' is defined in a header, which every unit that includes it compiles
size_t useInline(int N) {
  Inline I;
  return I.run(N);
}
