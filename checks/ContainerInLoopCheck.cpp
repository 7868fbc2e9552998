//===--- ContainerInLoopCheck.cpp -----------------------------------------===//
//
// A vector or string declared in a loop body starts empty on every iteration
// and allocates again as it is filled. Declared before the loop and cleared
// where it was declared, it keeps the capacity it grew to.
//
// The check follows every use of such a variable in the loop body. A use
// that hands its buffer over (a move, a swap, an assignment from another
// container) makes hoisting useless; one the analysis cannot follow (a
// non-const reference, its address) may do the same. Either keeps the check
// silent. The fix-it is offered only when the hoisted declaration means the
// same thing before the loop and nothing observable changes.
//
//===----------------------------------------------------------------------===//

#include "checks/ContainerInLoopCheck.h"
#include "checks/CompileErrors.h"
#include "checks/OptionValues.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "lib/analysis/AstWalk.h"
#include "lib/analysis/ContainerUses.h"
#include "lib/analysis/Guards.h"
#include "lib/analysis/ParentIndex.h"
#include "lib/analysis/TripCount.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/AST/TypeLoc.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/Version.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include <optional>
#include <string>

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {
namespace {

const char DefaultVectorLikeClasses[] =
    "::boost::container::vector;::boost::container::small_vector;"
    "::llvm::SmallVector;::absl::InlinedVector";

/// The most bytes of characters a std::basic_string keeps in its inline
/// buffer on any of the three standard libraries (libc++: 22 chars;
/// libstdc++ and the MSVC STL: 15). Longer contents always allocate.
constexpr uint64_t MaxInlineStringBytes = 22;

/// What kind of container the variable is, as far as allocation goes.
struct Shape {
  const CXXRecordDecl *Record = nullptr;
  QualType Element;
  bool IsString = false;
  /// Elements held without allocating (a string's inline buffer, a small
  /// vector's N); nullopt when the first element allocates.
  std::optional<uint64_t> InlineElements;
};

/// A use that allocates.
struct Fill {
  const Expr *Site = nullptr;
  /// Always allocates when it runs on the freshly constructed container.
  bool Definite = false;
};

std::optional<uint64_t> constantCount(const Expr *E, const ASTContext &Ctx) {
  if (E->isValueDependent())
    return std::nullopt;
  Expr::EvalResult Result;
  if (!E->EvaluateAsInt(Result, Ctx) || Result.Val.getInt().isNegative())
    return std::nullopt;
  return Result.Val.getInt().getLimitedValue();
}

/// Constructed with no arguments ("T v;", "T v{};", "T v = T();"): any
/// other initial content would be lost by hoisting.
bool isDefaultConstructed(const VarDecl *Var) {
  const Expr *Init = Var->getInit();
  while (Init) {
    Init = Init->IgnoreImplicit();
    if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(Init)) {
      Init = Cast->getSubExpr();
      continue;
    }
    const auto *Construct = dyn_cast<CXXConstructExpr>(Init);
    if (!Construct)
      return false;
    if (Construct->isElidable() && Construct->getNumArgs() == 1) {
      Init = Construct->getArg(0);
      continue;
    }
    return llvm::all_of(Construct->arguments(), [](const Expr *Arg) {
      return isa<CXXDefaultArgExpr>(Arg);
    });
  }
  return false;
}

/// Standard class templates whose destructor only releases memory and
/// destroys what their type arguments name.
bool isQuietStdTemplate(StringRef Name) {
  static const llvm::StringSet<> Names = {"basic_string",
                                          "basic_string_view",
                                          "vector",
                                          "deque",
                                          "list",
                                          "forward_list",
                                          "map",
                                          "multimap",
                                          "set",
                                          "multiset",
                                          "unordered_map",
                                          "unordered_multimap",
                                          "unordered_set",
                                          "unordered_multiset",
                                          "pair",
                                          "tuple",
                                          "array",
                                          "optional",
                                          "variant",
                                          "unique_ptr",
                                          "default_delete",
                                          "allocator",
                                          "char_traits",
                                          "less",
                                          "greater",
                                          "equal_to",
                                          "hash",
                                          "monostate",
                                          "bitset",
                                          "complex",
                                          "span",
                                          "valarray"};
  return Names.contains(Name);
}

bool destroysQuietly(QualType T, const ASTContext &Ctx,
                     llvm::SmallPtrSetImpl<const CXXRecordDecl *> &Seen);

bool argumentDestroysQuietly(
    const TemplateArgument &Arg, const ASTContext &Ctx,
    llvm::SmallPtrSetImpl<const CXXRecordDecl *> &Seen) {
  if (Arg.getKind() == TemplateArgument::Type)
    return destroysQuietly(Arg.getAsType(), Ctx, Seen);
  if (Arg.getKind() == TemplateArgument::Pack)
    return llvm::all_of(Arg.pack_elements(), [&](const TemplateArgument &A) {
      return argumentDestroysQuietly(A, Ctx, Seen);
    });
  return true;
}

/// Whether destroying a \p T runs no code of the user's: then destroying
/// the elements at the next clear() instead of at the end of the iteration
/// cannot be observed.
bool destroysQuietly(QualType T, const ASTContext &Ctx,
                     llvm::SmallPtrSetImpl<const CXXRecordDecl *> &Seen) {
  T = Ctx.getBaseElementType(T).getCanonicalType();
  const CXXRecordDecl *Record = T->getAsCXXRecordDecl();
  if (!Record)
    return T.isDestructedType() == QualType::DK_none;
  Record = Record->getDefinition();
  if (!Record)
    return false;
  if (Record->hasTrivialDestructor() || !Seen.insert(Record).second)
    return true;
  if (isWithinStd(Record)) {
    const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Record);
    if (!Spec || !isQuietStdTemplate(Record->getName()))
      return false;
    const TemplateArgumentList &Args = Spec->getTemplateArgs();
    // A custom deleter runs the user's code.
    if (Record->getName() == "unique_ptr") {
      const CXXRecordDecl *Deleter =
          Args.size() > 1 && Args[1].getKind() == TemplateArgument::Type
              ? Args[1].getAsType()->getAsCXXRecordDecl()
              : nullptr;
      if (!Deleter || Deleter->getName() != "default_delete" ||
          !isWithinStd(Deleter))
        return false;
    }
    return llvm::all_of(Args.asArray(), [&](const TemplateArgument &Arg) {
      return argumentDestroysQuietly(Arg, Ctx, Seen);
    });
  }
  if (const CXXDestructorDecl *Dtor = Record->getDestructor();
      Dtor && Dtor->isUserProvided())
    return false;
  for (const CXXBaseSpecifier &Base : Record->bases())
    if (!destroysQuietly(Base.getType(), Ctx, Seen))
      return false;
  for (const CXXBaseSpecifier &Base : Record->vbases())
    if (!destroysQuietly(Base.getType(), Ctx, Seen))
      return false;
  return llvm::all_of(Record->fields(), [&](const FieldDecl *Field) {
    return destroysQuietly(Field->getType(), Ctx, Seen);
  });
}

std::optional<Shape> shapeOf(const VarDecl *Var, const ASTContext &Ctx) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Var->getType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return std::nullopt;
  Shape S;
  S.Record = Spec;
  S.Element = Spec->getTemplateArgs()[0].getAsType();
  S.IsString = Spec->getName() == "basic_string" && isWithinStd(Spec);
  if (S.IsString) {
    if (S.Element->isIncompleteType() || S.Element->isDependentType())
      return std::nullopt;
    uint64_t CharSize = Ctx.getTypeSizeInChars(S.Element).getQuantity();
    S.InlineElements = MaxInlineStringBytes / std::max<uint64_t>(CharSize, 1);
    return S;
  }
  // A vector-like class with a number among its arguments (SmallVector<T,
  // N>) keeps that many elements inline.
  for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray()) {
    if (Arg.getKind() == TemplateArgument::Integral) {
      uint64_t N = Arg.getAsIntegral().getLimitedValue();
      if (N > 0)
        S.InlineElements = N;
      break;
    }
  }
  return S;
}

/// Collects the references to a variable in a loop body. A lambda's body is
/// not searched: a by-copy capture works on its own copy, and a capture by
/// reference is recorded as such.
class ReferenceCollector : public RecursiveASTVisitor<ReferenceCollector> {
public:
  explicit ReferenceCollector(const VarDecl *Var) : Var(Var) {}
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (Ref->getDecl() == Var)
      Refs.push_back(Ref);
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *Lambda) {
    for (const LambdaCapture &Capture : Lambda->captures()) {
      if (!Capture.capturesVariable())
        continue;
      const ValueDecl *Captured = Capture.getCapturedVar();
      if (Captured == Var && Capture.getCaptureKind() == LCK_ByRef)
        CapturedByReference = true;
      // [w = std::move(v)] names it in the initializer.
      if (const auto *Init = dyn_cast<VarDecl>(Captured);
          Init && Init->isInitCapture() && Init->getInit())
        TraverseStmt(const_cast<Expr *>(Init->getInit()));
    }
    return true;
  }

  const VarDecl *Var;
  std::vector<const DeclRefExpr *> Refs;
  bool CapturedByReference = false;
};

/// Where the variable's name is written as a reference to it: everywhere in
/// the loop body, lambdas included.
class MentionCollector : public RecursiveASTVisitor<MentionCollector> {
public:
  MentionCollector(const VarDecl *Var, const SourceManager &SM)
      : Var(Var), SM(SM) {}
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (Ref->getDecl() == Var)
      add(Ref->getLocation());
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *Lambda) {
    for (const LambdaCapture &Capture : Lambda->explicit_captures())
      if (Capture.capturesVariable() && Capture.getCapturedVar() == Var)
        add(Capture.getLocation());
    return true;
  }
  void add(SourceLocation Loc) {
    Offsets.insert(SM.getFileOffset(SM.getSpellingLoc(Loc)));
  }

  const VarDecl *Var;
  const SourceManager &SM;
  llvm::DenseSet<unsigned> Offsets;
};

/// Decides, use by use, whether the container is filled with allocating
/// calls and whether anything takes its buffer away or may keep it.
class UseAnalysis {
public:
  UseAnalysis(const Stmt *Loop, const Shape &S, bool UnboundedStrings,
              ASTContext &Ctx)
      : Loop(Loop), S(S), Ctx(Ctx), UnboundedStrings(UnboundedStrings) {}

  void classify(const Expr *E, unsigned Depth = 0);

  std::vector<Fill> Fills;
  /// Why hoisting would not help or cannot be shown safe; empty if it can.
  std::string Escape;

private:
  void escape(std::string Why) {
    if (Escape.empty())
      Escape = std::move(Why);
  }
  void memberCall(StringRef Method, const CallExpr *Call, unsigned Depth);
  void operatorCall(const CXXOperatorCallExpr *Op, const Expr *Child,
                    unsigned Depth);
  void construct(const CXXConstructExpr *Construct, const Expr *Child);
  void argument(const FunctionDecl *Callee, unsigned Index, const Expr *Call);
  void followResult(const Expr *Call, unsigned Depth);
  void growth(StringRef Method, const Expr *Site, const FunctionDecl *Callee,
              llvm::ArrayRef<const Expr *> Args);
  bool isContainer(QualType T) const {
    return isContainerRecord(T.getNonReferenceType()->getAsCXXRecordDecl());
  }
  bool isContainerRecord(const CXXRecordDecl *Record) const;
  bool isInNestedLoop(const Stmt *Site) const;
  /// Whether a string is judged by the characters it provably holds: the
  /// default. Contents of unknown length (a line, a token, a count that is
  /// not a constant) are mostly short and stay in the inline buffer.
  bool provenStringsOnly() const { return S.IsString && !UnboundedStrings; }
  void knownAppend(const Expr *Site, std::optional<uint64_t> Length);
  bool appendsOneCharacter(StringRef Method,
                           llvm::ArrayRef<const Expr *> Args) const;

  const Stmt *Loop;
  const Shape &S;
  ASTContext &Ctx;
  /// Characters that the appends of one iteration add, counting only those
  /// of known length; a string longer than its inline buffer allocates.
  uint64_t KnownStringLength = 0;
  bool UnboundedStrings;
  bool KnownLengthBeyond = false;
};

bool UseAnalysis::isContainerRecord(const CXXRecordDecl *Record) const {
  return Record &&
         (Record->getCanonicalDecl() == S.Record->getCanonicalDecl() ||
          S.Record->isDerivedFrom(Record));
}

void UseAnalysis::classify(const Expr *E, unsigned Depth) {
  if (!Escape.empty())
    return;
  if (Depth > 8)
    return escape("a long chain of calls");
  const Expr *Child = nullptr;
  DynTypedNode Parent = meaningfulParent(E, Ctx, Child, Transparency::Value,
                                         /*PreferInitialization=*/true);

  if (const auto *Op = Parent.get<CXXOperatorCallExpr>())
    return operatorCall(Op, Child, Depth);
  if (Parent.get<MemberExpr>() || Parent.get<UnresolvedMemberExpr>() ||
      Parent.get<CXXDependentScopeMemberExpr>()) {
    ContainerUse Use = classifyContainerUse(E, Ctx);
    if (Use.Kind == UseKind::Linked)
      return escape("swapped");
    if (Use.Kind != UseKind::Call)
      return escape(Use.Why);
    return memberCall(Use.Method, cast<CallExpr>(Use.Site), Depth);
  }
  if (const auto *Call = Parent.get<CallExpr>()) {
    // An argument: a call on the container has a member expression above.
    llvm::SmallVector<const Expr *, 4> Args(Call->arguments());
    unsigned Index = argumentIndex(Args, Child);
    if (Index == Args.size())
      return escape("called");
    return argument(Call->getDirectCallee(), Index, Call);
  }
  if (const auto *Construct = Parent.get<CXXConstructExpr>())
    return construct(Construct, Child);
  // In a template, an operator with a dependent operand is resolved only at
  // instantiation: "s += T()" still appends.
  if (const auto *Op = Parent.get<BinaryOperator>();
      Op && Op->getOpcode() == BO_AddAssign && Op->getLHS() == Child &&
      Op->isTypeDependent()) {
    growth("operator+=", Op, nullptr, {Op->getRHS()});
    return;
  }
  // A lambda capture: the collector has judged how it captures.
  if (Parent.get<LambdaExpr>())
    return;
  if (const auto *Var = Parent.get<VarDecl>()) {
    if (Var->isImplicit()) {
      // The hidden range variable of "for (x : v)".
      ContainerUse Use = classifyContainerUse(E, Ctx);
      if (Use.Kind != UseKind::RangeFor)
        escape(Use.Why);
      return;
    }
    QualType T = Var->getType();
    if (T->isLValueReferenceType() &&
        T.getNonReferenceType().isConstQualified() && Var->hasLocalStorage())
      return;
    return escape("bound to the reference '" + Var->getNameAsString() + "'");
  }
  // The result of a chained call, thrown away: "s.append(a).append(b);".
  if (const auto *Statement = Parent.get<Stmt>();
      Depth > 0 && Statement && !isa<Expr>(Statement) &&
      !isa<ReturnStmt, CoreturnStmt>(Statement))
    return;
  if (const auto *Op = Parent.get<UnaryOperator>();
      Op && Op->getOpcode() == UO_AddrOf)
    return escape("its address is taken");
  if (Parent.get<ReturnStmt>())
    return escape("returned");
  return escape("used where the analysis does not follow it");
}

void UseAnalysis::memberCall(StringRef Method, const CallExpr *Call,
                             unsigned Depth) {
  // Hands the memory back on every iteration: hoisting would keep nothing.
  if (Method == "shrink_to_fit")
    return escape("shrink_to_fit()");
  if (Method.starts_with("operator="))
    return escape("assigned");
  const auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
  llvm::SmallVector<const Expr *, 4> Args(Call->arguments());
  growth(Method, Call, Member ? Member->getMethodDecl() : nullptr, Args);
  followResult(Call, Depth);
}

/// Calls that return the container itself ("s.append(x)") are followed on.
void UseAnalysis::followResult(const Expr *Call, unsigned Depth) {
  if (Call->isGLValue() && !Call->isTypeDependent() &&
      isContainer(Call->getType()))
    classify(Call, Depth + 1);
}

void UseAnalysis::operatorCall(const CXXOperatorCallExpr *Op, const Expr *Child,
                               unsigned Depth) {
  llvm::SmallVector<const Expr *, 4> Args(Op->arguments());
  unsigned Index = argumentIndex(Args, Child);
  const FunctionDecl *Callee = Op->getDirectCallee();
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
  if (Index == 0 && (Method || !Callee)) {
    // The container's own operator.
    const Expr *Peer = Args.size() > 1 ? Args[1] : nullptr;
    switch (Op->getOperator()) {
    case OO_Subscript:
      return;
    case OO_PlusEqual:
      growth("operator+=", Op, Callee, llvm::ArrayRef(Args).drop_front());
      return followResult(Op, Depth);
    case OO_Equal: {
      // From another container, or a temporary one: its buffer replaces
      // ours. From a literal, a string_view or an initializer list, the
      // contents are copied into the capacity we have.
      if (!Peer || Peer->isTypeDependent())
        return escape("assigned from what a template parameter decides");
      const CXXRecordDecl *From = Peer->getType()->getAsCXXRecordDecl();
      if (From &&
          !(isWithinStd(From) && (From->getName() == "initializer_list" ||
                                  From->getName() == "basic_string_view")))
        return escape("assigned from another container");
      growth("operator=", Op, Callee, llvm::ArrayRef(Args).drop_front());
      return followResult(Op, Depth);
    }
    default:
      if (Method && Method->isConst())
        return;
      return escape("operand of a non-const operator");
    }
  }
  if (Index == Args.size())
    return escape("operand of an operator");
  // An argument of another object's operator (out[i] = v, os << v) or of a
  // free operator (a + v).
  if (Method)
    --Index;
  argument(Callee, Index, Op);
}

void UseAnalysis::construct(const CXXConstructExpr *Construct,
                            const Expr *Child) {
  const CXXConstructorDecl *Ctor = Construct->getConstructor();
  if (Ctor->isCopyOrMoveConstructor() && isContainerRecord(Ctor->getParent())) {
    // Only an rvalue selects the move constructor: std::move, or the
    // implicit move of "return v;" and "throw v;".
    if (Ctor->isMoveConstructor())
      return escape("moved");
    const Expr *Copy = nullptr;
    DynTypedNode Holder =
        meaningfulParent(Construct, Ctx, Copy, Transparency::Value,
                         /*PreferInitialization=*/true);
    if (Holder.get<ReturnStmt>() || Holder.get<CXXThrowExpr>())
      return escape("returned");
    return; // A copy allocates whether this one is hoisted or not.
  }
  llvm::SmallVector<const Expr *, 4> Args(Construct->arguments());
  unsigned Index = argumentIndex(Args, Child);
  if (Index == Args.size())
    return escape("converted");
  argument(Ctor, Index, Construct);
}

void UseAnalysis::argument(const FunctionDecl *Callee, unsigned Index,
                           const Expr *Call) {
  if (!Callee)
    return escape("passed to a call the analysis cannot resolve");
  bool Std = isWithinStd(Callee);
  StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
  static const llvm::StringSet<> Takers = {
      "move", "forward", "move_if_noexcept", "swap", "exchange", "iter_swap"};
  if (Std && Takers.contains(Name))
    return escape("moved or swapped");
  if (Index >= Callee->getNumParams())
    return escape("passed through '...'");
  QualType Param = Callee->getParamDecl(Index)->getType();
  if (!Param->isReferenceType() || Param->isDependentType())
    return; // By value: a copy (a move would show as std::move above).
  if (Param->isRValueReferenceType())
    return escape("moved");
  if (Param.getNonReferenceType().isConstQualified())
    return; // Read, or copied: a copy allocates either way.
  if (!Std)
    return escape("passed by non-const reference to '" +
                  Callee->getNameAsString() + "'");
  if (Name == "getline") {
    if (S.IsString && !provenStringsOnly())
      Fills.push_back({Call, /*Definite=*/false});
    return;
  }
  if (Name == "back_inserter" || Name == "front_inserter" ||
      Name == "inserter") {
    // Filled through the iterator, if it goes straight to an algorithm.
    const Expr *Below = nullptr;
    DynTypedNode Parent = meaningfulParent(
        Call, Ctx, Below, Transparency::Value, /*PreferInitialization=*/true);
    if (!Parent.get<CallExpr>() && !Parent.get<CXXConstructExpr>())
      return escape("an inserter is kept");
    // A range of unknown length: see growth().
    if (!S.InlineElements || (isInNestedLoop(Call) && !provenStringsOnly()))
      Fills.push_back({Call, /*Definite=*/false});
    return;
  }
  // Functions that modify it in place, or read it from a stream.
  static const llvm::StringSet<> InPlace = {
      "begin", "end",         "rbegin",  "rend",    "cbegin", "cend",
      "size",  "ssize",       "empty",   "data",    "erase",  "erase_if",
      "sort",  "stable_sort", "reverse", "shuffle", "unique"};
  if (InPlace.contains(Name) ||
      Callee->getOverloadedOperator() == OO_GreaterGreater)
    return;
  // emplace_back(v) and make_pair(v, x) forward it to a copy; tie, ref,
  // forward_as_tuple and invoke hand the reference itself on.
  static const llvm::StringSet<> KeepReference = {
      "tie",    "ref",   "cref",  "forward_as_tuple",
      "invoke", "apply", "visit", "invoke_r"};
  if (!KeepReference.contains(Name) && isForwardingReference(Callee, Index))
    return;
  escape("passed by non-const reference to 'std::" + Name.str() + "'");
}

/// Records \p Site as a fill when it allocates. A std::vector allocates on
/// its first element; a string or small vector only once it outgrows its
/// inline buffer, which the check claims only for a count argument it cannot
/// bound or one larger than the buffer, and for appends repeated by a nested
/// loop. A range of unknown length (two iterators, a *_range call) is no
/// such claim: strings and small vectors are often filled with short ones.
void UseAnalysis::growth(StringRef Method, const Expr *Site,
                         const FunctionDecl *Callee,
                         llvm::ArrayRef<const Expr *> Args) {
  static const llvm::StringSet<> Appends = {
      "push_back", "emplace_back", "append",       "insert",
      "emplace",   "append_range", "insert_range", "operator+="};
  static const llvm::StringSet<> Sized = {
      "resize",       "assign",   "reserve", "resize_for_overwrite",
      "assign_range", "operator="};
  bool IsAppend = Appends.contains(Method);
  if (!IsAppend && !Sized.contains(Method))
    return;

  // What the arguments say about the number of elements.
  bool UnknownCount = false;
  bool UnknownLength = Method.ends_with("_range");
  std::optional<uint64_t> LargestCount;
  auto Count = [&](uint64_t N) {
    LargestCount = std::max(LargestCount.value_or(0), N);
  };
  for (unsigned I = 0; I < Args.size(); ++I) {
    const Expr *Arg = Args[I]->IgnoreImplicit();
    QualType Param = Callee && I < Callee->getNumParams()
                         ? Callee->getParamDecl(I)->getType().getCanonicalType()
                         : QualType();
    if (const auto *Literal = dyn_cast<StringLiteral>(Arg)) {
      Count(Literal->getLength());
    } else if (const auto *List = dyn_cast<CXXStdInitializerListExpr>(Arg)) {
      const auto *Inits =
          dyn_cast<InitListExpr>(List->getSubExpr()->IgnoreImplicit());
      if (Inits)
        Count(Inits->getNumInits());
      else
        UnknownLength = true;
    } else if (const auto *Inits = dyn_cast<InitListExpr>(Arg);
               Inits && Method == "operator=") {
      Count(Inits->getNumInits());
    } else if (!Param.isNull() && Param->isIntegerType() &&
               Ctx.hasSameType(Param, Ctx.getSizeType())) {
      // A size_type parameter: a count or a position.
      if (std::optional<uint64_t> N = constantCount(Arg, Ctx))
        Count(*N);
      else
        UnknownCount = true;
    }
  }
  // Two iterators (or pointers) of the same type: a range of unknown length.
  // (emplace_back(a, b) forwards two arguments to one element.)
  if ((Method == "insert" || Method == "append" || Method == "assign") &&
      Callee && Callee->getPrimaryTemplate() && Args.size() >= 2 &&
      Ctx.hasSameType(Args[Args.size() - 1]->getType(),
                      Args[Args.size() - 2]->getType()) &&
      !Args.back()->getType()->isIntegerType())
    UnknownLength = true;

  if (!S.InlineElements) {
    bool Unknown = UnknownCount || UnknownLength;
    // resize(0), reserve(0) and assign(0, x) allocate nothing.
    if (!IsAppend && !Unknown && LargestCount == 0u)
      return;
    bool SingleElement =
        Method == "push_back" || Method == "emplace_back" ||
        (IsAppend && !Unknown && !LargestCount && Args.size() <= 2);
    Fills.push_back(
        {Site, !Unknown && (SingleElement || LargestCount.value_or(0) > 0)});
    return;
  }
  bool Beyond = LargestCount && *LargestCount > *S.InlineElements;
  if (S.IsString && IsAppend && !Beyond && !UnknownLength && !UnknownCount)
    knownAppend(Site, LargestCount ? LargestCount
                      : appendsOneCharacter(Method, Args)
                          ? std::optional<uint64_t>(1)
                          : std::nullopt);
  if (provenStringsOnly()) {
    if (Beyond)
      Fills.push_back({Site, /*Definite=*/true});
    return;
  }
  if (Beyond || UnknownCount || (IsAppend && isInNestedLoop(Site)))
    Fills.push_back({Site, Beyond});
}

/// push_back(c), s += c, append(c) or insert(pos, c): one character.
bool UseAnalysis::appendsOneCharacter(StringRef Method,
                                      llvm::ArrayRef<const Expr *> Args) const {
  if (Method == "push_back" || Method == "emplace_back")
    return true;
  if (Args.empty())
    return false;
  QualType Last = Args.back()->IgnoreImpCasts()->getType();
  return Ctx.hasSameUnqualifiedType(Last.getNonReferenceType(), S.Element);
}

/// Adds the \p Length characters that \p Site appends (nullopt: unknown, so
/// none proven; under a condition: maybe not run, so none proven) to what one
/// iteration provably appends, times the constant
/// trip counts of the loops nested between \p Site and the loop. Once that
/// exceeds the inline buffer, the string allocates on every iteration.
void UseAnalysis::knownAppend(const Expr *Site,
                              std::optional<uint64_t> Length) {
  if (!Length || KnownLengthBeyond || !S.InlineElements)
    return;
  // Only appends that run on every iteration prove a length: one under a
  // condition may not run, or run instead of another.
  for (DynTypedNode Node = DynTypedNode::create(*Site);;) {
    Node = parentOf(Node, Ctx, /*PreferInitialization=*/true);
    const auto *Parent = Node.get<Stmt>();
    if (!Parent || Parent == Loop)
      break;
    if (isa<IfStmt, SwitchStmt, AbstractConditionalOperator>(Parent))
      return;
    if (const auto *Op = dyn_cast<BinaryOperator>(Parent);
        Op && Op->isLogicalOp())
      return;
  }
  uint64_t Characters = *Length;
  for (const Stmt *Inner = enclosingLoop(Site, Ctx); Inner && Inner != Loop;
       Inner = enclosingLoop(Inner, Ctx)) {
    std::optional<TripCount> Trips = computeTripCount(Inner, Ctx);
    if (!Trips || !Trips->Value)
      return;
    Characters = *Trips->Value > 0 && Characters > UINT64_MAX / *Trips->Value
                     ? UINT64_MAX
                     : Characters * *Trips->Value;
  }
  KnownStringLength = Characters > UINT64_MAX - KnownStringLength
                          ? UINT64_MAX
                          : KnownStringLength + Characters;
  if (KnownStringLength > *S.InlineElements) {
    KnownLengthBeyond = true;
    Fills.push_back({Site, /*Definite=*/false});
  }
}

bool UseAnalysis::isInNestedLoop(const Stmt *Site) const {
  const Stmt *Inner = enclosingLoop(Site, Ctx);
  return Inner && Inner != Loop;
}

/// Finds, in \p Function, other declarations named like \p Var, and gotos.
class FunctionScan : public RecursiveASTVisitor<FunctionScan> {
public:
  FunctionScan(const VarDecl *Var, const FunctionDecl *Function)
      : Var(Var), Function(Function) {}
  bool shouldVisitImplicitCode() const { return false; }
  bool VisitNamedDecl(NamedDecl *D) {
    if (D != Var && D != Function && D->getDeclName().isIdentifier() &&
        D->getName() == Var->getName())
      SameName = D;
    return true;
  }
  bool VisitGotoStmt(GotoStmt *) { return HasGoto = true; }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return HasGoto = true; }

  const VarDecl *Var;
  const FunctionDecl *Function;
  const NamedDecl *SameName = nullptr;
  bool HasGoto = false;
};

/// Finds what a spelled type names that is declared inside the loop.
class TypeNameScan : public RecursiveASTVisitor<TypeNameScan> {
public:
  TypeNameScan(SourceRange Loop, const SourceManager &SM)
      : Loop(Loop), SM(SM) {}
  bool VisitTypeLoc(TypeLoc TL) {
    const Type *T = TL.getTypePtr();
    if (const auto *Typedef = dyn_cast<TypedefType>(T))
      check(Typedef->getDecl());
    else if (const auto *Tag = dyn_cast<TagType>(T))
      check(Tag->getDecl());
    else if (const auto *Spec = dyn_cast<TemplateSpecializationType>(T))
      check(Spec->getTemplateName().getAsTemplateDecl());
    else if (const auto *Using = dyn_cast<UsingType>(T))
#if CLANG_VERSION_MAJOR < 22
      check(Using->getFoundDecl());
#else
      check(Using->getDecl());
#endif
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    check(Ref->getDecl());
    return true;
  }
  void check(const NamedDecl *D) {
    if (!D || Inside)
      return;
    SourceLocation Loc = SM.getExpansionLoc(D->getLocation());
    if (!SM.isBeforeInTranslationUnit(Loc, Loop.getBegin()) &&
        SM.isBeforeInTranslationUnit(Loc, Loop.getEnd()))
      Inside = D;
  }

  SourceRange Loop;
  const SourceManager &SM;
  const NamedDecl *Inside = nullptr;
};

/// Whether the identifier \p Name occurs in [Begin, End) other than at
/// \p Allowed or right after '.', '->' or '::'. After hoisting, the
/// variable is in scope from the loop to the end of the block, where it
/// would capture any other meaning of its name.
bool nameUsedElsewhere(StringRef Name, SourceLocation Begin, SourceLocation End,
                       const llvm::DenseSet<unsigned> &Allowed,
                       const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto [File, BeginOffset] = SM.getDecomposedLoc(Begin);
  auto [EndFile, EndOffset] = SM.getDecomposedLoc(End);
  if (File != EndFile)
    return true;
  StringRef Buffer = SM.getBufferData(File);
  Lexer Lex(SM.getLocForStartOfFile(File), Ctx.getLangOpts(), Buffer.begin(),
            Buffer.begin() + BeginOffset, Buffer.end());
  Token Tok;
  tok::TokenKind Previous = tok::unknown;
  while (!Lex.LexFromRawLexer(Tok)) {
    unsigned Offset = SM.getFileOffset(Tok.getLocation());
    if (Offset >= EndOffset)
      break;
    if (Tok.is(tok::raw_identifier) && Tok.getRawIdentifier() == Name &&
        !Allowed.contains(Offset) && Previous != tok::period &&
        Previous != tok::arrow && Previous != tok::coloncolon)
      return true;
    Previous = Tok.getKind();
  }
  return false;
}

/// Finds, from \p From on, a reference to another declaration named like
/// \p Var that is not spelled in the file, e.g. written by a macro.
class OtherMeaningScan : public RecursiveASTVisitor<OtherMeaningScan> {
public:
  OtherMeaningScan(const VarDecl *Var, SourceLocation From,
                   const SourceManager &SM)
      : Var(Var), SM(SM), From(From) {}
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (Ref->getDecl() != Var && !Ref->hasQualifier())
      check(Ref->getDecl()->getDeclName(), Ref->getLocation());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *Member) {
    if (Member->isImplicitAccess())
      check(Member->getMemberDecl()->getDeclName(), Member->getMemberLoc());
    return true;
  }
  bool VisitOverloadExpr(OverloadExpr *Overload) {
    if (!Overload->getQualifier())
      check(Overload->getName(), Overload->getNameLoc());
    return true;
  }
  void check(DeclarationName Name, SourceLocation Loc) {
    if (Name.isIdentifier() &&
        Name.getAsIdentifierInfo()->getName() == Var->getName() &&
        !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Loc), From))
      Found = true;
  }

  const VarDecl *Var;
  const SourceManager &SM;
  SourceLocation From;
  bool Found = false;
};

struct FixPlan {
  /// Why there is no fix-it, and where; empty when there is one.
  std::string NoFix;
  std::string Hoisted;
  CharSourceRange DeclRange;
  SourceLocation NoFixLoc;
};

FixPlan planFix(const VarDecl *Var, const DeclStmt *Decl, const Stmt *Loop,
                const Shape &S, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LangOpts = Ctx.getLangOpts();
  FixPlan Plan;
  auto NoFix = [&](SourceLocation Loc, std::string Why) {
    Plan.NoFix = std::move(Why);
    Plan.NoFixLoc = Loc;
    return Plan;
  };
  std::string Name = Var->getNameAsString();
  SourceLocation VarLoc = Var->getLocation();

  if (!Decl->isSingleDecl())
    return NoFix(VarLoc, "the declaration declares other variables too");
  if (Var->hasAttrs())
    return NoFix(VarLoc, "the declaration has attributes");
  DynTypedNode DeclParent =
      parentOf(DynTypedNode::create(*Decl), Ctx, /*PreferInitialization=*/true);
  if (!DeclParent.get<CompoundStmt>())
    return NoFix(VarLoc, "the declaration is not a statement of a block");
  DynTypedNode LoopParent =
      parentOf(DynTypedNode::create(*Loop), Ctx, /*PreferInitialization=*/true);
  const auto *Block = LoopParent.get<CompoundStmt>();
  if (!Block)
    return NoFix(Loop->getBeginLoc(), "the loop is not a statement of a "
                                      "block, where a declaration could go");

  // The type, as spelled, must mean the same before the loop.
  TypeLoc TL = Var->getTypeSourceInfo()->getTypeLoc();
  TypeLoc Top = TL.getUnqualifiedLoc();
  if (TL.getType()->getContainedAutoType() || Top.getAs<DecltypeTypeLoc>())
    return NoFix(VarLoc, "the type is spelled with 'auto' or 'decltype'");
  TypeNameScan Names(SourceRange(SM.getExpansionLoc(Loop->getBeginLoc()),
                                 SM.getExpansionLoc(Loop->getEndLoc())),
                     SM);
  Names.TraverseTypeLoc(TL);
  if (Names.Inside)
    return NoFix(Names.Inside->getLocation(),
                 "the type names '" + Names.Inside->getNameAsString() +
                     "', which is declared inside the loop");
  CharSourceRange TypeRange = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(TL.getSourceRange()), SM, LangOpts);
  Plan.DeclRange = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Decl->getSourceRange()), SM, LangOpts);
  if (TypeRange.isInvalid() || Plan.DeclRange.isInvalid())
    return NoFix(VarLoc, "the declaration is written by a macro");

  // The hoisted name must not clash with, or hide, another one.
  const FunctionDecl *Function = enclosingFunction(Loop, Ctx);
  if (!Function)
    return NoFix(VarLoc, "the loop is not in a function");
  FunctionScan Scan(Var, Function);
  Scan.TraverseDecl(const_cast<FunctionDecl *>(Function));
  if (Scan.HasGoto)
    return NoFix(Loop->getBeginLoc(), "the function uses goto, which could "
                                      "jump past the hoisted declaration");
  if (Scan.SameName)
    return NoFix(Scan.SameName->getLocation(),
                 "'" + Name + "' is also declared here, in the same function");
  MentionCollector Mentions(Var, SM);
  Mentions.add(VarLoc);
  Mentions.TraverseStmt(const_cast<Stmt *>(loopBody(Loop)));
  if (nameUsedElsewhere(Name, SM.getExpansionLoc(Loop->getBeginLoc()),
                        SM.getExpansionLoc(Block->getRBracLoc()),
                        Mentions.Offsets, Ctx) ||
      [&] {
        OtherMeaningScan Other(Var, SM.getExpansionLoc(Loop->getBeginLoc()),
                               SM);
        Other.TraverseStmt(const_cast<CompoundStmt *>(Block));
        return Other.Found;
      }())
    return NoFix(VarLoc, "the name '" + Name +
                             "' means something else elsewhere in the "
                             "block that holds the loop");

  // clear() destroys the elements one iteration later than the end of the
  // scope did; only elements whose destruction runs no user code may wait.
  llvm::SmallPtrSet<const CXXRecordDecl *, 8> Seen;
  if (!destroysQuietly(S.Element, Ctx, Seen))
    return NoFix(VarLoc,
                 "destroying a '" +
                     S.Element.getAsString(Ctx.getPrintingPolicy()) +
                     "' may run code of yours, which clear() would delay "
                     "from the end of one iteration to the next");

  // A preprocessor conditional between the loop and the declaration could
  // leave the hoisted line in a branch that is not compiled.
  SourceLocation LoopLoc = SM.getExpansionLoc(Loop->getBeginLoc());
  auto [File, Offset] = SM.getDecomposedLoc(LoopLoc);
  auto [DeclFile, DeclOffset] = SM.getDecomposedLoc(Plan.DeclRange.getBegin());
  StringRef Buffer = SM.getBufferData(File);
  if (DeclFile != File || DeclOffset < Offset)
    return NoFix(VarLoc, "the declaration is written by a macro");
  llvm::SmallVector<StringRef, 16> Lines;
  Buffer.slice(Offset, DeclOffset).split(Lines, '\n');
  if (llvm::any_of(Lines,
                   [](StringRef L) { return L.ltrim().starts_with("#"); }))
    return NoFix(Loop->getBeginLoc(),
                 "a preprocessor directive stands between the loop and "
                 "the declaration");

  // The loop's indentation, for the line inserted above it.
  StringRef Line = Buffer.substr(0, Offset);
  Line = Line.substr(Line.find_last_of("\r\n") + 1);
  StringRef Indent =
      Line.take_while([](char C) { return C == ' ' || C == '\t'; });
  Plan.Hoisted = Lexer::getSourceText(TypeRange, SM, LangOpts).str() + " " +
                 Name + ";\n" + Indent.str();
  return Plan;
}

} // namespace

ContainerInLoopCheck::ContainerInLoopCheck(StringRef Name,
                                           ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      VectorLikeClasses(utils::options::parseStringList(
          Options.get("VectorLikeClasses", DefaultVectorLikeClasses))),
      ColdFunctions(*this, Options, Name),
      UnboundedStrings(
          readBoolOption(*this, Options, Name, "UnboundedStrings", false)),
      RareFills(readBoolOption(*this, Options, Name, "RareFills", false)) {}

void ContainerInLoopCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "VectorLikeClasses",
                utils::options::serializeStringList(VectorLikeClasses));
  Options.store(Opts, "UnboundedStrings", UnboundedStrings);
  Options.store(Opts, "RareFills", RareFills);
  ColdFunctions.store(Options, Opts);
}

void ContainerInLoopCheck::registerMatchers(MatchFinder *Finder) {
  std::vector<StringRef> Names = {"::std::vector", "::std::basic_string"};
  Names.insert(Names.end(), VectorLikeClasses.begin(), VectorLikeClasses.end());
  auto ContainerType = qualType(hasUnqualifiedDesugaredType(recordType(
      hasDeclaration(classTemplateSpecializationDecl(hasAnyName(Names))))));
  // Only non-dependent code: a pattern is judged once, for all its
  // instantiations, and instantiations are skipped.
  Finder->addMatcher(varDecl(hasLocalStorage(), unless(parmVarDecl()),
                             unless(isImplicit()), hasType(ContainerType),
                             unless(alloc_tidy::matchers::isInstantiatedDecl()))
                         .bind("var"),
                     this);
}

void ContainerInLoopCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  // Code with errors has lost expressions (an unfinished 'v.swap(' is
  // dropped), so a use that keeps the buffer could go unseen.
  if (Errors.occurred(Ctx.getDiagnostics()))
    return;
  const auto *Var = Result.Nodes.getNodeAs<VarDecl>("var");
  // Code that only runs to report an error is not worth a change.
  if (ColdFunctions.isCold(*Var))
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  QualType Type = Var->getType();
  // A variable a macro declares is the macro's business.
  if (Type.isConstQualified() || Type.isVolatileQualified() ||
      Var->isCXXForRangeDecl() || Var->getLocation().isMacroID())
    return;
  // Only a declaration statement can be moved before a loop (a condition's
  // variable cannot).
  const DeclStmt *Decl = nullptr;
  for (const DynTypedNode &Parent : alloc_tidy::parentsOf(*Var, Ctx))
    if (!Decl)
      Decl = Parent.get<DeclStmt>();
  if (!Decl)
    return;

  // The innermost loop, whose body (not its header) declares the variable.
  const Stmt *Loop = enclosingLoop(Decl, Ctx);
  if (!Loop || !isInLoopBody(Decl, Loop, Ctx))
    return;
  SourceLocation LoopLoc = Loop->getBeginLoc();
  if (LoopLoc.isMacroID() || SM.isInSystemHeader(SM.getExpansionLoc(LoopLoc)))
    return;
  // OpenMP runs the iterations on several threads, each with its own copy.
  DynTypedNode LoopParent =
      parentOf(DynTypedNode::create(*Loop), Ctx, /*PreferInitialization=*/true);
  if (LoopParent.get<CapturedStmt>() || LoopParent.get<CapturedDecl>() ||
      LoopParent.get<OMPExecutableDirective>())
    return;
  if (!isDefaultConstructed(Var) || runsAtMostOnce(Loop, Ctx))
    return;
  std::optional<Shape> S = shapeOf(Var, Ctx);
  if (!S)
    return;

  ReferenceCollector Collector(Var);
  Collector.TraverseStmt(const_cast<Stmt *>(loopBody(Loop)));
  if (Collector.CapturedByReference)
    return;
  UseAnalysis Uses(Loop, *S, UnboundedStrings, Ctx);
  for (const DeclRefExpr *Ref : Collector.Refs)
    Uses.classify(Ref);
  if (!Uses.Escape.empty() || Uses.Fills.empty())
    return;
  // Filled only past two or more conditions (nested ifs, a chain of
  // `continue` filters): usually empty, and an empty container allocates
  // nothing.
  if (!RareFills && llvm::all_of(Uses.Fills, [&](const Fill &F) {
        return alloc_tidy::conditionsSkipping(*F.Site, *loopBody(Loop), Decl,
                                              Ctx) >= 2;
      }))
    return;

  FixPlan Plan = planFix(Var, Decl, Loop, *S, Ctx);
  StringRef Name = Var->getName();
  {
    auto Diag = diag(Var->getLocation(),
                     "'%0' is constructed and filled on every iteration, "
                     "allocating each time; declared before the loop and "
                     "cleared here, it would keep its capacity")
                << Name;
    if (Plan.NoFix.empty())
      Diag << FixItHint::CreateInsertion(LoopLoc, Plan.Hoisted)
           << FixItHint::CreateReplacement(Plan.DeclRange,
                                           (Name + ".clear();").str());
  }

  // The cost, when every iteration surely allocates and the count is known.
  bool EveryIteration =
      ownContinues(Loop).empty() &&
      llvm::any_of(Uses.Fills, [&](const Fill &F) {
        return F.Definite &&
               runsOncePerIteration(fullStatementOf(F.Site, Ctx), Loop);
      });
  if (std::optional<TripCount> Count =
          EveryIteration ? computeTripCount(Loop, Ctx) : std::nullopt;
      Count && Count->Value)
    diag(LoopLoc,
         "this loop runs %0 times, so '%1' allocates at least %0 times; "
         "declared before it, '%1' allocates only when it outgrows its "
         "capacity",
         DiagnosticIDs::Note)
        << std::to_string(*Count->Value) << Name;
  if (!Plan.NoFix.empty())
    diag(Plan.NoFixLoc, "no fix-it: %0", DiagnosticIDs::Note) << Plan.NoFix;
}

} // namespace clang::tidy::alloc
