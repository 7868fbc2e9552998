//===--- PmrLocalPlan.cpp - a local vector on a stack buffer -------------===//

#include "lib/analysis/decisions/PmrLocalPlan.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace alloc_tidy {

/// The members whose arguments and results never name the vector's type:
/// element access, size and growth. Iterators (begin, insert, erase) are
/// of another type for a std::pmr::vector, and so are swap and assignment.
static bool keepsToElements(const ContainerUse &Use) {
  static const llvm::StringSet<> Members = {
      "push_back", "emplace_back", "pop_back", "resize",   "clear",
      "reserve",   "size",         "empty",    "back",     "front",
      "at",        "data",         "capacity", "max_size", "shrink_to_fit"};
  switch (Use.Kind) {
  case UseKind::Subscript:
  case UseKind::RangeFor:
    return true;
  case UseKind::Call:
    return Members.contains(Use.Method);
  default:
    return false;
  }
}

/// What a use that keeps the rewrite from compiling is, for the note.
static std::string describeUse(const ContainerUse &Use) {
  switch (Use.Kind) {
  case UseKind::Call:
    return "its '" + Use.Method + "' names the vector's type";
  case UseKind::Captured:
    return "a lambda captures it";
  case UseKind::PassedToTemplate:
  case UseKind::PassedToFixedType:
    return "it is passed to a function";
  case UseKind::Linked:
    return "it is copied, assigned, swapped or compared with another "
           "container";
  default:
    return Use.Why.empty() ? "a use does more than reach its elements"
                           : Use.Why;
  }
}

/// The statement that declares \p Var alone, directly in a block; null
/// otherwise (a condition, a for-init, several declarators).
static const DeclStmt *soleDeclarationInBlock(const VarDecl &Var,
                                              ASTContext &Ctx) {
  for (const DynTypedNode &Parent : parentsOf(Var, Ctx)) {
    const auto *Decl = Parent.get<DeclStmt>();
    if (!Decl || !Decl->isSingleDecl())
      return nullptr;
    for (const DynTypedNode &Block : parentsOf(*Decl, Ctx))
      if (Block.get<CompoundStmt>())
        return Decl;
    return nullptr;
  }
  return nullptr;
}

/// "1 element", "4 elements".
static std::string elements(uint64_t N) {
  return std::to_string(N) + (N == 1 ? " element" : " elements");
}

PmrLocalPlan planPmrLocal(const VarDecl &Var, ArrayRef<ContainerUse> Uses,
                          CharSourceRange Type, StringRef Element,
                          uint64_t ElementBytes, uint64_t Capacity,
                          uint64_t MaxBufferBytes, ASTContext &Ctx) {
  PmrLocalPlan Plan;
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  const auto *Function =
      dyn_cast_or_null<FunctionDecl>(Var.getParentFunctionOrMethod());
  if (!LO.CPlusPlus17) {
    Plan.Why = "std::pmr needs C++17";
    return Plan;
  }
  if (!Function || !Var.hasLocalStorage() || isa<ParmVarDecl>(Var) ||
      Var.getDeclContext()->isDependentContext() || Capacity == 0) {
    Plan.Why = "it is not a local variable of a function that is no template";
    return Plan;
  }
  if (2 * Capacity * ElementBytes > MaxBufferBytes) {
    Plan.Why =
        "its buffer would take " + std::to_string(2 * Capacity * ElementBytes) +
        " bytes of the stack, more than " + std::to_string(MaxBufferBytes);
    return Plan;
  }
  for (const ContainerUse &Use : Uses)
    if (!keepsToElements(Use)) {
      Plan.Why = describeUse(Use);
      return Plan;
    }
  const DeclStmt *Decl = soleDeclarationInBlock(Var, Ctx);
  if (!Decl || Decl->getBeginLoc().isMacroID() ||
      Decl->getEndLoc().isMacroID()) {
    Plan.Why = "its declaration is not a statement of its own in a block";
    return Plan;
  }
  const Expr *Init = Var.getInit();
  if (const auto *Cleanups = dyn_cast_or_null<ExprWithCleanups>(Init))
    Init = Cleanups->getSubExpr();
  const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init);
  if (Var.getInitStyle() != VarDecl::CallInit)
    Construct = nullptr;
  // "T v;" has no parentheses, though its style is CallInit.
  bool Parens =
      Construct && Construct->getParenOrBraceRange().getEnd().isValid();
  if (!Construct || Construct->isListInitialization() ||
      Construct->getConstructor()->isCopyOrMoveConstructor() ||
      (!Parens && Construct->getNumArgs() != 0)) {
    Plan.Why = "it is initialized with braces, '=' or another vector";
    return Plan;
  }

  // The resource goes last among the constructor's arguments: every
  // constructor of std::vector that takes none of another vector has a
  // form with an allocator at the end.
  std::string Base = Var.getNameAsString();
  llvm::StringSet<> Taken;
  std::string Buffer = freeLocalName(Base + "Buffer", *Function, Ctx);
  Taken.insert(Buffer);
  std::string Arena = freeLocalName(Base + "Arena", *Function, Ctx, Taken);
  if (Buffer.empty() || Arena.empty()) {
    Plan.Why = "the names of its buffer and resource are taken";
    return Plan;
  }
  if (Parens) {
    SourceLocation Close = Construct->getParenOrBraceRange().getEnd();
    if (Close.isMacroID()) {
      Plan.Why = "its constructor's arguments come from a macro";
      return Plan;
    }
    Plan.Edits.push_back(
        {CharSourceRange::getCharRange(Close, Close), ", &" + Arena});
  } else {
    SourceLocation AfterName =
        Lexer::getLocForEndOfToken(Var.getLocation(), 0, SM, LO);
    Plan.Edits.push_back({CharSourceRange::getCharRange(AfterName, AfterName),
                          "(&" + Arena + ")"});
  }
  Plan.BufferElements = 2 * Capacity;
  SourceLocation Start = Decl->getBeginLoc();
  std::string Indent = indentationAt(Start, SM);
  std::string Before = "alignas(" + Element.str() + ") unsigned char " +
                       Buffer + "[sizeof(" + Element.str() + ") * " +
                       std::to_string(Plan.BufferElements) + "];\n" + Indent +
                       "std::pmr::monotonic_buffer_resource " + Arena + "(" +
                       Buffer + ", sizeof(" + Buffer + "));\n" + Indent;
  // Where the statement begins with the type, one edit does both.
  std::string TypeText = "std::pmr::vector<" + Element.str() + ">";
  if (Type.getBegin() == Start)
    TypeText = Before + TypeText;
  else
    Plan.Edits.push_back({CharSourceRange::getCharRange(Start, Start), Before});
  Plan.Edits.push_back({Type, TypeText});
  Plan.Note = "a buffer of " + elements(Plan.BufferElements) +
              " on the stack holds '" + Base + "' as it grows to " +
              elements(Capacity) +
              "; past it, the memory comes from the heap as before";
  return Plan;
}

} // namespace alloc_tidy
