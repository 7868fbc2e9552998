//===--- ViewParameters.h - string parameters a view would serve -*- C++
//-*-===//
//
// void checkName(const std::string &Name, const std::string &Allowed) called
// as checkName(Name, "abcdefghijklmnopqrstuvwxyz_") builds a std::string from
// the characters on every call, only for the function to search it. Taken as
// a std::string_view, the same call allocates nothing. The facts here: which
// const std::basic_string & parameter its function only reads in ways a view
// serves with the same meaning; what each reference to the function in a
// unit passes for it (characters, a string, or something a view does not
// take), or whether it takes the function's address; and the records that
// carry those answers to the unit that defines the function.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_VIEWPARAMETERS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_VIEWPARAMETERS_H

#include "lib/analysis/facts/ParameterFills.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

/// The std::basic_string \p T is a const lvalue reference to, with the
/// standard traits and allocator (a view of those characters is a
/// std::basic_string_view); null for any other type.
const clang::ClassTemplateSpecializationDecl *
constStringReference(clang::QualType T);

/// Why no parameter of \p F may change type, whatever its body does: a
/// virtual function, a template, an operator, a constructor, an overloaded
/// name, main or an extern "C" function. Empty when one may.
std::string viewFunctionSilence(const clang::FunctionDecl &F);

/// Why parameter \p Index of \p Definition (a function with a body) cannot
/// be a std::basic_string_view: it is not a const std::basic_string &, or a
/// use in the body needs the string (passed on as one, copied, captured by a
/// lambda, its c_str() or iterators taken...). Empty when every use is one
/// a view serves with the same meaning and the same result type.
std::string viewParameterSilence(const clang::FunctionDecl &Definition,
                                 unsigned Index, clang::ASTContext &Ctx);

/// What a call passes for a const std::basic_string & parameter.
enum class StringArgumentKind {
  /// Characters (a literal, a const Char *, an array) from which the call
  /// builds a temporary string: a view of them allocates nothing.
  Characters,
  /// A string (a variable, a temporary one): a view of it serves as well.
  String,
  /// Anything else (a braced list, a class that converts to a string): a
  /// view parameter may not accept it.
  Other,
};

struct StringArgument {
  StringArgumentKind Kind = StringArgumentKind::Other;
  /// For Characters: the expression the string is built from, and the
  /// number of characters when it is a literal.
  const clang::Expr *Source = nullptr;
  std::optional<uint64_t> Length;
};

/// What \p Argument, bound to a const std::basic_string & parameter (a
/// default argument included), passes.
StringArgument classifyStringArgument(const clang::Expr &Argument);

/// How the references of one unit to a function use one of its parameters.
struct ViewParameterCalls {
  /// Whether every reference is a call whose argument a view accepts.
  bool Fits = true;
  /// When not: why, and where.
  std::string Why;
  clang::SourceLocation WhyAt;
  /// The arguments that build a string from characters, in source order.
  llvm::SmallVector<const clang::Expr *, 4> Building;
  /// Their number that are literals short enough for \p InlineCapacity
  /// (they allocate nothing either way).
  unsigned Short = 0;
};

/// Judges parameter \p Index of a function over \p References, the
/// expressions of a unit that name it (as the callee of a call, or anything
/// else).
ViewParameterCalls
viewParameterCalls(unsigned Index,
                   llvm::ArrayRef<const clang::Expr *> References,
                   uint64_t InlineCapacity, clang::ASTContext &Ctx);

/// The name that identifies \p F across units (its qualified name and
/// type); empty when only its own unit can name it (internal linkage, a
/// local class) or for a template.
std::string viewParameterKey(const clang::FunctionDecl &F);

/// What one unit says about a parameter of a function other units may
/// define or call: whether its references fit a view, and the files that
/// declare the function.
struct ViewArgumentRecord {
  /// viewParameterKey() of the function.
  std::string Function;
  /// The real paths of the files of its declarations, sorted.
  std::vector<std::string> DeclarationFiles;
  /// The arguments of the unit's calls that build a string from characters
  /// (outside code known to be cold), and whether a loop runs one: the
  /// defining unit reports them and measures them in a profile.
  std::vector<CodeSpan> Building;
  unsigned Index = 0;
  bool Fits = true;
  bool BuildingInLoop = false;

  bool operator==(const ViewArgumentRecord &Other) const {
    return Function == Other.Function && Index == Other.Index &&
           Fits == Other.Fits && DeclarationFiles == Other.DeclarationFiles &&
           Building == Other.Building && BuildingInLoop == Other.BuildingInLoop;
  }
};

/// The real paths of the files of every declaration of \p F the unit sees,
/// sorted, without repeats; empty when one has no file.
std::vector<std::string> declarationFiles(const clang::FunctionDecl &F,
                                          const clang::SourceManager &SM);

} // namespace alloc_tidy

#endif
