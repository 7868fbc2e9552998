//===--- CallBufferPlan.cpp -----------------------------------------------===//

#include "lib/analysis/decisions/CallBufferPlan.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/decisions/HoistPlan.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/ImplementationObject.h"
#include "lib/analysis/facts/IncludeGraph.h"
#include "lib/analysis/facts/MemberFacts.h"
#include "lib/analysis/facts/RecordAbi.h"
#include "lib/analysis/facts/WrittenType.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace alloc_tidy {

std::string memberNameFor(StringRef Local, llvm::ArrayRef<StringRef> Fields) {
  size_t Trailing = 0, Prefixed = 0, MPrefixed = 0;
  for (StringRef F : Fields) {
    if (F.size() > 1 && F.ends_with("_"))
      ++Trailing;
    else if (F.size() > 2 && F.starts_with("m_"))
      ++Prefixed;
    else if (F.size() > 1 && F[0] == 'm' && llvm::isUpper(F[1]))
      ++MPrefixed;
  }
  size_t Styled = std::max({Trailing, Prefixed, MPrefixed});
  if (Styled > 0 && 2 * Styled >= Fields.size()) {
    if (Styled == Trailing)
      return Local.str() + "_";
    if (Styled == Prefixed)
      return "m_" + Local.str();
    std::string Name = Local.str();
    Name[0] = llvm::toUpper(Name[0]);
    return "m" + Name;
  }
  if (!Local.empty() && llvm::isUpper(Local[0]))
    return Local.str() + "Buffer";
  return Local.str() + (Local.contains('_') ? "_buffer" : "Buffer");
}

/// Whether \p T names a type declared in a function: it cannot be named in
/// the class.
static bool namesLocalType(QualType T, unsigned Depth = 0) {
  if (T.isNull() || Depth > 8)
    return false;
  if (const auto *Typedef = T->getAs<TypedefType>();
      Typedef && Typedef->getDecl()->getParentFunctionOrMethod())
    return true;
  T = T.getCanonicalType();
  while (T->isPointerType() || T->isReferenceType() || T->isArrayType())
    T = T->isArrayType() ? QualType(T->getArrayElementTypeNoTypeQual(), 0)
                         : T->getPointeeType();
  const auto *Record = T->getAsCXXRecordDecl();
  if (!Record)
    return false;
  if (Record->getParentFunctionOrMethod() || Record->isLambda() ||
      !Record->getIdentifier())
    return true;
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Record))
    for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray())
      if (Arg.getKind() == TemplateArgument::Type &&
          namesLocalType(Arg.getAsType(), Depth + 1))
        return true;
  return false;
}

/// A defaulted comparison compares every member, the new one too.
static bool hasDefaultedComparison(const CXXRecordDecl &Class) {
  auto IsDefaultedComparison = [](const FunctionDecl *F) {
    OverloadedOperatorKind Op = F ? F->getOverloadedOperator() : OO_None;
    return F && F->isDefaulted() &&
           (Op == OO_EqualEqual || Op == OO_ExclaimEqual || Op == OO_Less ||
            Op == OO_Spaceship);
  };
  for (const CXXMethodDecl *M : Class.methods())
    if (IsDefaultedComparison(M))
      return true;
  for (const FriendDecl *Friend : Class.friends())
    if (IsDefaultedComparison(
            dyn_cast_or_null<FunctionDecl>(Friend->getFriendDecl())))
      return true;
  return false;
}

/// Whether a member initializer (in the class, or in a constructor's list)
/// calls a member function: it could run before a member declared last is
/// constructed.
static bool callsMembersWhileConstructing(const CXXRecordDecl &Class) {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
      const Expr *Object = Call->getImplicitObjectArgument();
      Found |= Object && isa<CXXThisExpr>(Object->IgnoreParenImpCasts());
      return !Found;
    }
    bool Found = false;
  } F;
  for (const FieldDecl *Field : Class.fields())
    if (Field->hasInClassInitializer() && Field->getInClassInitializer())
      F.TraverseStmt(Field->getInClassInitializer());
  for (const CXXConstructorDecl *Ctor : Class.ctors())
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->isWritten() && Init->getInit())
        F.TraverseStmt(Init->getInit());
  return F.Found;
}

std::string whyHeaderClassKeepsItsMembers(const CXXRecordDecl &Class,
                                          const CXXMethodDecl &Method,
                                          QualType Type,
                                          const IncludeGraph *Includes,
                                          std::set<std::string> &Needed,
                                          ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Name = "'" + Class.getNameAsString() + "'";
  // Every unit that includes the header would make the same change to a
  // function defined there, each naming the member in its own way.
  if (!Method.hasBody() ||
      !SM.isInMainFile(SM.getExpansionLoc(Method.getBody()->getBeginLoc())))
    return "'" + Method.getNameAsString() +
           "' is defined in a header, which every unit that includes it "
           "compiles";
  if (std::string Why = libraryInterfaceReason(Class, Ctx); !Why.empty())
    return Why;
  // Code in the class's scope looks the new name up first: only code this
  // unit sees may be in that scope.
  ClassCode Code = classCodeIn(Class);
  if (Code.HasFriendClasses)
    return Name + " has friend classes, whose code in other units would see "
                  "the new member";
  for (const std::string &Function : Code.Declared)
    if (!llvm::is_contained(Code.Defined, Function))
      return "'" + StringRef(Function).split('(').first.str() +
             "' is defined in another unit, whose code would see the new "
             "member";
  if (!Class.hasAttr<FinalAttr>() && Class.isPolymorphic())
    return Name + " is made to be derived from; a derived class in another "
                  "unit could name the new member";
  if (Class.isTriviallyCopyable())
    return Name + " is trivially copyable: other units may copy it byte for "
                  "byte, which the new member does not allow";
  if (!Includes)
    return Name + " is defined in a header, and this unit's includes are "
                  "not known";
  SourceLocation ClassEnd = Class.getBraceRange().getEnd();
  HeaderNeeds Needs = headerNeedsFor(Type, ClassEnd, *Includes, Ctx);
  if (Needs.Unseen)
    return "'" + Needs.Unseen->getQualifiedNameAsString() +
           "' is not declared in '" +
           llvm::sys::path::filename(SM.getFilename(ClassEnd)).str() +
           "' or in the files it includes, which other units that include "
           "it may not see";
  Needed = std::move(Needs.StandardHeaders);
  return "";
}

/// Whether \p Class names \p Other a friend.
static bool befriends(const CXXRecordDecl &Class, const CXXRecordDecl &Other) {
  for (const FriendDecl *Friend : Class.friends())
    if (const TypeSourceInfo *Type = Friend->getFriendType())
      if (const CXXRecordDecl *Record = Type->getType()->getAsCXXRecordDecl();
          Record && Record->getCanonicalDecl() == Other.getCanonicalDecl())
        return true;
  return false;
}

/// Why the statement that clears the buffer cannot follow \p Decl, or empty:
/// it is the init-statement of an 'if' or a 'switch' ("if (std::string S;
/// ...)"), which has room for no second statement.
static std::string whyNoStatementAfter(const DeclStmt &Decl, ASTContext &Ctx) {
  if (parentOf(DynTypedNode::create(Decl), Ctx).get<CompoundStmt>())
    return "";
  return "it is declared in the init-statement of an 'if' or a 'switch', "
         "where no statement can clear it";
}

CallBufferPlan planCallBuffer(const VarDecl &Var, const DeclStmt &Decl,
                              const CXXMethodDecl &Method, QualType Element,
                              ASTContext &Ctx, const CallBufferUnit &Unit,
                              const ImplementationObject *Impl) {
  CallBufferPlan Plan;
  const SourceManager &SM = Ctx.getSourceManager();
  const CXXRecordDecl &Class = Impl ? *Impl->Class : *Method.getParent();
  auto NoFix = [&](std::string Why, SourceLocation Loc) {
    Plan.NoFix = std::move(Why);
    Plan.NoFixLoc = Loc;
    return Plan;
  };
  // A member keeps the capacity the last call reached, where a local
  // started each call with none ('capacity() != 0' for "anything added").
  if (const CXXMemberCallExpr *Capacity = capacityRead(&Var, Method.getBody()))
    return NoFix("the function asks for '" + Var.getNameAsString() +
                     "''s capacity(), which a buffer kept between calls "
                     "would change",
                 Capacity->getBeginLoc());
  SourceLocation ClassEnd = Class.getBraceRange().getEnd();
  IncludeGraph NoIncludes; // a class of the main file needs none
  const IncludeGraph &Includes = Unit.Includes ? *Unit.Includes : NoIncludes;
  if (ClassEnd.isInvalid() || ClassEnd.isMacroID())
    return NoFix("the class's closing brace comes from a macro",
                 Class.getLocation());
  // Another unit that includes the class sees the new member but not this
  // analysis.
  if (!SM.isInMainFile(ClassEnd)) {
    std::string Why = whyHeaderClassKeepsItsMembers(
        Class, Method, Var.getType(), Unit.Includes, Plan.HeaderIncludes, Ctx);
    if (!Why.empty())
      return NoFix(Why, Class.getLocation());
    Plan.IncludeInto = SM.getFileID(ClassEnd);
  } else {
    // The member is declared at the class's closing brace: a type the
    // function names may be declared later in the file.
    HeaderNeeds Needs = headerNeedsFor(Var.getType(), ClassEnd, Includes, Ctx);
    if (Needs.Unseen)
      return NoFix("'" + Needs.Unseen->getQualifiedNameAsString() +
                       "' is declared after '" + Class.getNameAsString() +
                       "', where the member would name it",
                   Var.getLocation());
  }
  if (Class.isAggregate() || hasDefaultedComparison(Class))
    return NoFix("'" + Class.getNameAsString() +
                     "' is an aggregate or compares all its members; a new "
                     "member would change what its initializers or "
                     "comparisons mean",
                 Class.getLocation());
  if (callsMembersWhileConstructing(Class))
    return NoFix("a member initializer of '" + Class.getNameAsString() +
                     "' calls a member function, which could use the new "
                     "member before it is constructed",
                 Class.getLocation());
  llvm::SmallPtrSet<const CXXRecordDecl *, 8> Seen;
  if (!destroysQuietly(Element, Ctx, Seen))
    return NoFix("its elements would be destroyed at the next call instead "
                 "of at the end of this one",
                 Var.getLocation());
  if (!Decl.isSingleDecl() || Decl.getBeginLoc().isMacroID() ||
      Decl.getEndLoc().isMacroID())
    return NoFix("the declaration declares more than this variable, or comes "
                 "from a macro",
                 Var.getLocation());
  if (namesLocalType(Var.getType()))
    return NoFix("its type is declared in the function", Var.getLocation());
  if (std::string Why = whyNoStatementAfter(Decl, Ctx); !Why.empty())
    return NoFix(Why, Var.getLocation());

  // The member's name: in the class's style, and new to the whole unit, so
  // that no name the class's code uses now finds the member instead.
  llvm::SmallVector<StringRef, 8> Fields;
  for (const FieldDecl *Field : Class.fields())
    if (Field->getIdentifier())
      Fields.push_back(Field->getName());
  std::string Name = memberNameFor(Var.getName(), Fields);
  auto Taken = [&](const std::string &Candidate) {
    return Ctx.Idents.find(Candidate) != Ctx.Idents.end() ||
           (Unit.Taken && Unit.Taken->contains(Candidate));
  };
  for (unsigned Attempt = 0; Taken(Name); ++Attempt) {
    if (Attempt == 3)
      return NoFix("no name for the member is free", Var.getLocation());
    Name = memberNameFor(Name, {});
  }
  Plan.Member = Name;

  // The type as the user wrote it where it means the same in the class;
  // otherwise every name qualified (and every template argument spelled).
  std::string Type;
  if (std::optional<std::string> Written =
          writtenTypeForMember(Var, Method, Class, Includes, Ctx)) {
    Type = std::move(*Written);
  } else {
    PrintingPolicy Policy = Ctx.getPrintingPolicy();
    Policy.SuppressScope = false;
    Policy.SuppressUnwrittenScope = true;
    Policy.SuppressInlineNamespace = true;
    Type = TypeName::getFullyQualifiedName(Var.getType().getUnqualifiedType(),
                                           Ctx, Policy);
  }

  // Before the closing brace, in a private section; in an implementation
  // object's class, where the method's class can use it.
  AccessSpecifier Wanted =
      Impl && !befriends(Class, *Method.getParent()) ? AS_public : AS_private;
  AccessSpecifier Last = Class.isClass() ? AS_private : AS_public;
  SourceLocation LastMember;
  for (const clang::Decl *D : Class.decls()) {
    if (D->isImplicit())
      continue;
    Last = D->getAccess() == AS_none ? Last : D->getAccess();
    if (isa<FieldDecl, VarDecl, FunctionDecl, CXXRecordDecl, TypedefNameDecl,
            FunctionTemplateDecl>(D))
      LastMember = D->getBeginLoc();
  }
  std::string Indent = LastMember.isValid() && !LastMember.isMacroID()
                           ? indentationAt(LastMember, SM)
                           : "  ";
  std::string ClosingIndent = indentationAt(ClassEnd, SM);
  bool BraceStartsLine =
      llvm::all_of(ClosingIndent, llvm::isSpace) &&
      SM.getSpellingColumnNumber(ClassEnd) == ClosingIndent.size() + 1;
  std::string Label = Wanted == AS_public ? "public:" : "private:";
  bool NeedsLabel = Last != Wanted;
  std::string Text = (NeedsLabel ? ClosingIndent + Label + "\n" : "") + Indent +
                     Type + " " + Name + ";\n";
  if (BraceStartsLine) {
    Plan.MemberAt =
        ClassEnd.getLocWithOffset(-static_cast<int>(ClosingIndent.size()));
    Plan.MemberText = Text;
  } else {
    Plan.MemberAt = ClassEnd;
    Plan.MemberText =
        (NeedsLabel ? Label + " " : "") + Type + " " + Name + "; ";
  }
  Plan.DeclRange =
      CharSourceRange::getTokenRange(Var.getLocation(), Decl.getEndLoc());
  Plan.DeclText = "&" + Var.getNameAsString() + " = " +
                  (Impl ? Impl->PointerText + "->" : "") + Name + ";\n" +
                  indentationAt(Decl.getBeginLoc(), SM) +
                  Var.getNameAsString() + ".clear();";
  return Plan;
}

/// The first lambda of \p Body that captures \p Var, explicitly or not.
static const LambdaExpr *lambdaCapturing(const VarDecl &Var, const Stmt *Body) {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    explicit Finder(const VarDecl &Var) : Var(Var) {}
    bool VisitLambdaExpr(LambdaExpr *Lambda) {
      for (const LambdaCapture &Capture : Lambda->captures())
        if (Capture.capturesVariable() && Capture.getCapturedVar() == &Var)
          Found = Lambda;
      return !Found;
    }
    const VarDecl &Var;
    const LambdaExpr *Found = nullptr;
  } Lambdas(Var);
  Lambdas.TraverseStmt(const_cast<Stmt *>(Body));
  return Lambdas.Found;
}

ThreadLocalBufferPlan planThreadLocalBuffer(const VarDecl &Var,
                                            const DeclStmt &Decl,
                                            const FunctionDecl &Function,
                                            QualType Element, ASTContext &Ctx) {
  ThreadLocalBufferPlan Plan;
  const SourceManager &SM = Ctx.getSourceManager();
  auto NoFix = [&](std::string Why, SourceLocation Loc) {
    Plan.NoFix = std::move(Why);
    Plan.NoFixLoc = Loc;
    return Plan;
  };
  std::string Name = Var.getNameAsString();
  if (const CXXMemberCallExpr *Capacity =
          capacityRead(&Var, Function.getBody()))
    return NoFix("the function asks for '" + Name +
                     "''s capacity(), which a buffer kept between calls "
                     "would change",
                 Capacity->getBeginLoc());
  llvm::SmallPtrSet<const CXXRecordDecl *, 8> Seen;
  if (!destroysQuietly(Element, Ctx, Seen))
    return NoFix("its elements would be destroyed at the next call instead "
                 "of at the end of this one",
                 Var.getLocation());
  if (Function.isConstexpr())
    return NoFix("'" + Function.getNameAsString() +
                     "' is constexpr, and cannot declare a thread_local "
                     "variable",
                 Function.getLocation());
  // "[Buf]" cannot name a thread_local variable, and "[=]" would stop
  // copying it.
  if (const LambdaExpr *Lambda = lambdaCapturing(Var, Function.getBody()))
    return NoFix("a lambda captures '" + Name +
                     "', which it could not do with a thread_local variable",
                 Lambda->getBeginLoc());
  SourceLocation TypeStart = Var.getTypeSpecStartLoc();
  if (!Decl.isSingleDecl() || Decl.getBeginLoc().isMacroID() ||
      Decl.getEndLoc().isMacroID() || TypeStart.isInvalid() ||
      TypeStart.isMacroID())
    return NoFix("the declaration declares more than this variable, or comes "
                 "from a macro",
                 Var.getLocation());
  if (std::string Why = whyNoStatementAfter(Decl, Ctx); !Why.empty())
    return NoFix(Why, Var.getLocation());
  Plan.SpecifierAt = TypeStart;
  Plan.ClearAt =
      Lexer::getLocForEndOfToken(Decl.getEndLoc(), 0, SM, Ctx.getLangOpts());
  Plan.ClearText =
      "\n" + indentationAt(Decl.getBeginLoc(), SM) + Name + ".clear();";
  return Plan;
}

} // namespace alloc_tidy
