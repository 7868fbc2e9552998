//===--- TextEdit.h - one edit of a fix-it, as a decision states it -*- C++
//-*-===//
//
// Decisions say how to change the code as plain edits; the checks turn
// them into clang-tidy's fix-its.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_TEXTEDIT_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_TEXTEDIT_H

#include "clang/Basic/SourceLocation.h"
#include <string>

namespace alloc_tidy {

/// Replace the text of Range (a character range) with Text; an empty range
/// at a location inserts.
struct TextEdit {
  clang::CharSourceRange Range;
  std::string Text;
};

} // namespace alloc_tidy

#endif
