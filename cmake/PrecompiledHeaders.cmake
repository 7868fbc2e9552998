# Build time: a unit of lib/ or checks/ spends about 5 s parsing clang's AST
# headers before its own code, and a unit test as much again for gtest and
# clang's frontend. Two builds (LLVM 22 and 19) run in CI on two cores, so
# each target parses them once, into a precompiled header. Only LLVM's and
# gtest's headers go in: the project's own headers stay ordinary includes,
# which self-lint's header filter checks.

# The clang headers that most of the analysis and the checks include.
set(ALLOC_TIDY_CLANG_AST_HEADERS
  <clang/AST/ASTContext.h>
  <clang/AST/DeclCXX.h>
  <clang/AST/DeclTemplate.h>
  <clang/AST/ExprCXX.h>
  <clang/AST/RecursiveASTVisitor.h>
  <clang/AST/StmtCXX.h>
  <clang/Basic/SourceManager.h>
  <llvm/ADT/SmallVector.h>
  <llvm/ADT/StringSet.h>)

# alloc_tidy_precompile(TARGET HEADER...): TARGET's units start from a
# precompiled header of the clang AST headers and HEADER...
function(alloc_tidy_precompile target)
  if(ALLOC_TIDY_PRECOMPILED_HEADERS)
    target_precompile_headers(${target} PRIVATE
      ${ALLOC_TIDY_CLANG_AST_HEADERS} ${ARGN})
  endif()
endfunction()

# alloc_tidy_unit_tests(TARGET): a GoogleTest binary. Its own code is thin
# (the analysis it tests is compiled optimised in the libraries it links), so
# it is compiled without optimisation: a third of its compile time.
function(alloc_tidy_unit_tests target)
  target_compile_options(${target} PRIVATE -O0)
  alloc_tidy_precompile(${target} <gtest/gtest.h> <clang/Frontend/ASTUnit.h>)
endfunction()
