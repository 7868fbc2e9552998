// Where the signature or the use cannot be rewritten, the warning comes with
// a note that says why, and no fix-it.
// RUN: %check_alloc_tidy %s alloc-copied-parameter %t

#include <string>
#include <vector>

std::vector<std::string> Names;

// A declaration written by a macro.
#define DECLARE_ADD void addDeclared(const std::string &S);
DECLARE_ADD
void addDeclared(const std::string &S) { Names.push_back(S); }
// CHECK-NOTES: :[[@LINE-1]]:37: warning: 'S' is copied into 'Names' on every call
// CHECK-NOTES: :[[@LINE-2]]:37: note: no fix-it: a declaration of the parameter is written by a macro
// CHECK-NOTES: :[[@LINE+24]]:15: note: this call passes a temporary for 'S'

// The copy written by a macro's body.
#define PUSH_S Names.push_back(S)
void addInMacro(const std::string &S) { PUSH_S; }
// CHECK-NOTES: :[[@LINE-1]]:36: warning: 'S' is copied into 'Names' on every call
// CHECK-NOTES: :[[@LINE-2]]:36: note: no fix-it: the copy is written by a macro
// CHECK-NOTES: :[[@LINE+18]]:14: note: this call passes a temporary for 'S'

// The type spelled through an alias of the reference.
using Text = const std::string &;
void addAliased(Text S) { Names.push_back(S); }
// CHECK-NOTES: :[[@LINE-1]]:22: warning: 'S' is copied into 'Names' on every call
// CHECK-NOTES: :[[@LINE-2]]:22: note: no fix-it: a declaration spells the parameter's type through an alias
// CHECK-NOTES: :[[@LINE+12]]:14: note: this call passes a temporary for 'S'

// A macro's argument is the user's: the fix-it keeps the macro.
#define PUSH(X) Names.push_back(X)
void addArgument(const std::string &S) { PUSH(S); }
// CHECK-NOTES: :[[@LINE-1]]:37: warning: 'S' is copied into 'Names' on every call
// CHECK-NOTES: :[[@LINE+7]]:15: note: this call passes a temporary for 'S'
// CHECK-FIXES: void addArgument(std::string S) { PUSH(std::move(S)); }

void calls() {
  addDeclared("a");
  addInMacro("a");
  addAliased("a");
  addArgument("a");
}
