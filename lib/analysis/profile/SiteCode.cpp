//===--- SiteCode.cpp - what the code at a profile site does --------------===//

#include "lib/analysis/profile/SiteCode.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/facts/BranchOnlyLocal.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/InsertIterators.h"
#include "lib/analysis/facts/RebuiltStrings.h"
#include "lib/analysis/facts/StlFacts.h"
#include "lib/analysis/profile/SiteCopies.h"
#include "lib/analysis/profile/SiteOwners.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/ErrorHandling.h"

using namespace clang;

namespace alloc_tidy {
namespace {

/// Member functions that grow a container or a string.
bool isGrowthMember(StringRef Name) {
  static const llvm::StringSet<> Names = {
      "push_back",     "emplace_back", "insert",  "emplace",
      "resize",        "append",       "assign",  "push_front",
      "emplace_front", "operator+=",   "reserve", "operator="};
  return Names.contains(Name);
}

/// "vector" for "std::vector<int, std::allocator<int> >", "basic_string"
/// for "std::__cxx11::basic_string<char, ...>".
StringRef className(StringRef Spelling) {
  StringRef Name = Spelling.take_until([](char C) { return C == '<'; });
  size_t Colon = Name.rfind(':');
  return Colon == StringRef::npos ? Name : Name.drop_front(Colon + 1);
}

class SiteFinder : public RecursiveASTVisitor<SiteFinder> {
public:
  SiteFinder(FileID File, unsigned Line, unsigned Column, StringRef Container,
             ASTContext &Ctx, CallIndex &Calls)
      : File(File), Line(Line), Column(Column), Container(className(Container)),
        Ctx(Ctx), SM(Ctx.getSourceManager()), Calls(Calls) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    // Only declarations whose text holds the line.
    if (D && !isa<TranslationUnitDecl>(D)) {
      SourceRange R = D->getSourceRange();
      SourceLocation B = SM.getExpansionLoc(R.getBegin());
      SourceLocation E = SM.getExpansionLoc(R.getEnd());
      if (B.isValid() && E.isValid() &&
          (SM.getFileID(B) != File || SM.getFileID(E) != File ||
           SM.getExpansionLineNumber(B) > Line ||
           SM.getExpansionLineNumber(E) < Line))
        return true;
    }
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  /// A call of the user's function at the site: with nothing more precise,
  /// the allocation was made inside it.
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    // std::copy(..., std::back_inserter(V)): the algorithm grows V.
    if (Callee && isWithinStd(Callee) && at(Call))
      for (const Expr *Arg : Call->arguments())
        if (const Expr *Grown = insertedContainer(Arg);
            Grown && ofContainer(Grown->getType()))
          consider(Call, grower(Grown, "push_back", Call));
    if (!Callee || !Callee->getIdentifier() || isWithinStd(Callee) ||
        SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation())) ||
        !at(Call))
      return true;
    unsigned Length = length(Call);
    if (InCallee && Length >= InCalleeLength)
      return true;
    InCallee = "made inside '" + Callee->getQualifiedNameAsString() +
               "', called here: its own frame was not on the stack (the "
               "compiler folded it into this function or left it by a tail "
               "call), so the profile names this line";
    InCalleeLength = Length;
    return true;
  }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    if (!Method || !Method->getIdentifier() ||
        !isGrowthMember(Method->getName()) || !at(Call))
      return true;
    if (!ofContainer(Call->getImplicitObjectArgument()->getType())) {
      // The element's copy, made inside push_back: the site of a string
      // appended to a vector of strings is the push_back.
      if (Call->getNumArgs() == 1 && Call->getArg(0)->isLValue() &&
          allocatingStdClass(Call->getArg(0)->getType()) &&
          ofContainer(Call->getArg(0)->getType()))
        consider(Call, unneeded("a copy of each " +
                                typeName(Call->getArg(0)->getType()) +
                                " appended by '" + Method->getNameAsString() +
                                "' (in '" + enclosingFunctionName(Call, Ctx) +
                                "'): moving it in would not allocate"));
      return true;
    }
    consider(Call, grower(Call->getImplicitObjectArgument(),
                          Method->getNameAsString(), Call));
    return true;
  }

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Call) {
    if (!at(Call) || Call->getNumArgs() < 1)
      return true;
    const auto *Method =
        dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
    if (!Method)
      return true;
    if (!ofContainer(Call->getArg(0)->getType())) {
      // '*Out = V' through an insert iterator appends V to its container.
      if (const Expr *Iterator = insertIteratorWrittenBy(Call->getArg(0));
          Iterator && Call->getOperator() == OO_Equal)
        consider(Call, throughInserter(*Iterator, Call));
      return true;
    }
    if (Method->isCopyAssignmentOperator() &&
        allocatingStdClass(Call->getArg(0)->getType())) {
      if (std::optional<std::string> Whole =
              copyWithItsOwner(Call->getArg(1), Call, Ctx))
        consider(Call, unneeded(std::move(*Whole)));
      else
        consider(
            Call,
            unneeded("a copy of a " + typeName(Call->getArg(0)->getType()) +
                     " (an assignment in '" + enclosingFunctionName(Call, Ctx) +
                     "'): a move or a reference would not allocate"));
      return true;
    }
    if (Call->getOperator() == OO_PlusEqual)
      consider(Call, grower(Call->getArg(0), "operator+=", Call));
    if (std::optional<unsigned> Listed = assignedListLength(Call);
        Listed && Call->getOperator() == OO_Equal)
      consider(Call, assignedList(Call->getArg(0), *Listed, Call));
    return true;
  }

  /// A member a constructor initializes without saying so: its
  /// construction is at the constructor's name.
  bool VisitCXXConstructorDecl(CXXConstructorDecl *Ctor) {
    if (!Ctor->doesThisDeclarationHaveABody() || !atName(Ctor->getLocation()))
      return true;
    for (const CXXCtorInitializer *Init : Ctor->inits()) {
      const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(
          Init->getInit() ? Init->getInit()->IgnoreImplicit() : nullptr);
      if (Init->isWritten() || !Init->getMember() || !Construct)
        continue;
      if (std::optional<std::string> Why = emptyDeque(
              *Construct, "the member '" + Init->getMember()->getName().str() +
                              "' of '" + Ctor->getParent()->getName().str() +
                              "'")) {
        // Below every expression at the site: its name is the site.
        if (!Found)
          Found = SiteCode{std::move(*Why)};
      }
    }
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *Construct) {
    if (at(Construct)) {
      std::string What = "one";
      for (const DynTypedNode &Parent : parentsOf(*Construct, Ctx))
        if (const auto *Var = Parent.get<VarDecl>())
          What = "'" + Var->getNameAsString() + "'";
      if (std::optional<std::string> Why = emptyDeque(*Construct, What)) {
        consider(Construct, std::move(Why));
        return true;
      }
    }
    if (!at(Construct) || !allocatingStdClass(Construct->getType()) ||
        !ofContainer(Construct->getType()))
      return true;
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    if (Ctor && Ctor->isCopyConstructor()) {
      if (std::optional<SiteCode> Kept = copyKeptToRestore(*Construct, Ctx))
        consider(Construct, std::move(Kept));
      else if (std::optional<std::string> Whole =
                   copyWithItsOwner(Construct->getArg(0), Construct, Ctx))
        consider(Construct, unneeded(std::move(*Whole)));
      else
        consider(Construct,
                 unneeded("a copy of a " + typeName(Construct->getType()) +
                          " (in '" + enclosingFunctionName(Construct, Ctx) +
                          "'): a move, a reference or a view would not "
                          "allocate"));
      return true;
    }
    // A temporary built for a parameter: f({"a", "b"}) for a const
    // std::vector<std::string> &. One bound to an rvalue reference or taken
    // by value (v = T{...}, push_back(T{...})) hands its memory over: that
    // allocation is the result's, not a waste.
    DynTypedNode Parent = parentOf(DynTypedNode::create(*Construct), Ctx);
    const Expr *Argument = Construct;
    const MaterializeTemporaryExpr *Temporary = nullptr;
    while (
        Parent.get<MaterializeTemporaryExpr>() ||
        Parent.get<CXXBindTemporaryExpr>() || Parent.get<ImplicitCastExpr>() ||
        Parent.get<CXXFunctionalCastExpr>() || Parent.get<ExprWithCleanups>()) {
      Argument = Parent.get<Expr>();
      if (!Temporary)
        Temporary = Parent.get<MaterializeTemporaryExpr>();
      Parent = parentOf(Parent, Ctx);
    }
    // f(S.c_str()) for a const std::string &: a copy of S.
    if (std::optional<RebuiltStringArgument> Rebuilt =
            Temporary ? rebuiltStringArgument(*Temporary, Ctx) : std::nullopt) {
      std::string Source = spellSource(*Rebuilt, Ctx);
      Source = Source.empty() ? "the string" : "'" + Source + "'";
      consider(Construct,
               unneeded("a copy of " + Source + " rebuilt from its " +
                        Rebuilt->Accessor + "() for an argument of '" +
                        Rebuilt->Call.Callee->getQualifiedNameAsString() +
                        "': " + Source +
                        " itself would bind it without allocating"));
      return true;
    }
    // ': Base(First, Last)', ': Member{X}': the new object's own contents.
    if (const CXXCtorInitializer *Init = initializerOf(Argument, Parent);
        Init && (Init->isMemberInitializer() || Init->isBaseInitializer())) {
      consider(Construct, builtByConstructor(*Init, *Construct, Ctx));
      return true;
    }
    // "return std::vector<std::string>{value()};": built for the result.
    if (Parent.get<ReturnStmt>()) {
      consider(Construct,
               SiteCode{"a " + typeName(Construct->getType()) +
                            " built and returned on every call (in '" +
                            enclosingFunctionName(Construct, Ctx) +
                            "'): its memory becomes the caller's value; only "
                            "another interface (a reference to a container "
                            "kept, a view, or one the caller fills) would "
                            "avoid it",
                        SiteMemory::Result});
      return true;
    }
    const auto *Call = Parent.get<CallExpr>();
    if (Call && !readOnlyArgument(*Call, Argument)) {
      if (Call->getDirectCallee())
        consider(
            Construct,
            SiteCode{"a " + typeName(Construct->getType()) +
                         " built and handed to '" +
                         Call->getDirectCallee()->getQualifiedNameAsString() +
                         "', which keeps its memory: the allocation "
                         "holds the value",
                     SiteMemory::Result});
      return true;
    }
    if (Call)
      consider(
          Construct,
          unneeded("a temporary " + typeName(Construct->getType()) +
                   " built for an argument of '" +
                   (Call->getDirectCallee()
                        ? Call->getDirectCallee()->getQualifiedNameAsString()
                        : std::string("a call")) +
                   "' on every call: a std::initializer_list, std::span "
                   "or view parameter, or a static const argument, "
                   "would not allocate"));
    else if (const auto *Construct2 = Parent.get<CXXConstructExpr>();
             Construct2 && Construct2 != Construct)
      consider(Construct,
               unneeded("a temporary " + typeName(Construct->getType()) +
                        " built for a constructor's argument"));
    return true;
  }

  std::optional<SiteCode> Found;
  /// The innermost call of the user's function at the site.
  std::optional<std::string> InCallee;

private:
  /// Whether \p Argument of \p Call binds to a `const T &` parameter.
  static bool readOnlyArgument(const CallExpr &Call, const Expr *Argument) {
    const FunctionDecl *Callee = Call.getDirectCallee();
    if (!Callee)
      return false;
    // An operator that is a member takes its object as argument 0.
    unsigned Shift =
        isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
    for (unsigned I = Shift; I < Call.getNumArgs(); ++I) {
      if (Call.getArg(I) != Argument)
        continue;
      if (I - Shift >= Callee->getNumParams())
        return false;
      QualType Param = Callee->getParamDecl(I - Shift)->getType();
      return Param->isLValueReferenceType() &&
             Param.getNonReferenceType().isConstQualified();
    }
    return false;
  }

  /// The reason of an allocation made where \p Construct builds an empty
  /// std::deque (or a std::stack or std::queue on one), \p What.
  std::optional<std::string> emptyDeque(const CXXConstructExpr &Construct,
                                        const std::string &What) const {
    const auto *Record = Construct.getType()->getAsCXXRecordDecl();
    if (!Record || !Record->isInStdNamespace() || !Record->getIdentifier())
      return std::nullopt;
    StringRef Name = Record->getName();
    QualType Deque = Construct.getType();
    if (const auto *Adaptor = dyn_cast<ClassTemplateSpecializationDecl>(Record);
        Adaptor && (Name == "stack" || Name == "queue") &&
        Adaptor->getTemplateArgs().size() == 2)
      Deque = Adaptor->getTemplateArgs()[1].getAsType();
    const auto *DequeRecord = Deque->getAsCXXRecordDecl();
    // heapcount names an adaptor's blocks by the adaptor (its frames are
    // the outermost standard ones), a deque's by the deque.
    if (!DequeRecord || !DequeRecord->isInStdNamespace() ||
        !DequeRecord->getIdentifier() || DequeRecord->getName() != "deque" ||
        !(ofContainer(Construct.getType()) || ofContainer(Deque)))
      return std::nullopt;
    // Built empty: by default, or from an allocator or an empty container.
    const CXXConstructorDecl *Ctor = Construct.getConstructor();
    if (!Ctor || Ctor->isCopyOrMoveConstructor() ||
        llvm::any_of(Construct.arguments(), [](const Expr *Arg) {
          return !isa<CXXDefaultArgExpr>(Arg);
        }))
      return std::nullopt;
    return "an empty std::" + Name.str() + " built (" + What +
           "): libstdc++'s deque allocates its map and first block when it "
           "is constructed, even if it never holds an element; a "
           "std::vector allocates nothing until it does";
  }

  /// Whether \p Loc, a declaration's name, is at the site.
  bool atName(SourceLocation Loc) const {
    Loc = SM.getExpansionLoc(Loc);
    return Loc.isValid() && SM.getFileID(Loc) == File &&
           SM.getExpansionLineNumber(Loc) == Line &&
           (Column == 0 || SM.getExpansionColumnNumber(Loc) == Column);
  }

  /// Whether \p T (or what it points to) is of the site's container class.
  bool ofContainer(QualType T) const {
    if (Container.empty())
      return true;
    T = T.getNonReferenceType();
    if (T->isPointerType())
      T = T->getPointeeType();
    const auto *Record = T->getAsCXXRecordDecl();
    return Record && Record->getName() == Container;
  }

  /// Whether \p E is at the site: on its line, and around its column.
  bool at(const Expr *E) const {
    SourceLocation B = SM.getExpansionLoc(E->getBeginLoc());
    SourceLocation End = SM.getExpansionLoc(E->getEndLoc());
    if (SM.getFileID(B) != File || SM.getExpansionLineNumber(B) > Line ||
        SM.getExpansionLineNumber(End) < Line)
      return false;
    if (Column == 0)
      return true;
    bool StartsBefore = SM.getExpansionLineNumber(B) < Line ||
                        SM.getExpansionColumnNumber(B) <= Column;
    bool EndsAfter = SM.getExpansionLineNumber(End) > Line ||
                     SM.getExpansionColumnNumber(End) >= Column;
    return StartsBefore && EndsAfter;
  }

  std::string typeName(QualType T) const { return quotedTypeName(T, Ctx); }

  /// What grows: a reference parameter, a member, a local.
  std::optional<SiteCode> grower(const Expr *Object, StringRef Member,
                                 const Expr *Call) const {
    if (!Object)
      return std::nullopt;
    Object = Object->IgnoreParenImpCasts();
    std::string Where = " (in '" + enclosingFunctionName(Call, Ctx) + "')";
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Object)) {
      const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
      // A resize or an assignment gives the caller's container its size
      // at once; an append grows it a call at a time.
      bool Sizes = Member == "resize" || Member == "reserve" ||
                   Member == "assign" || Member == "operator=";
      std::string Through = Sizes ? "sized by a callee through its "
                                  : "filled by a callee through its ";
      std::string Then =
          Sizes ? ": the caller's container gets its memory here, once per "
                  "call; a container the caller keeps would reuse it"
                : ": the caller's container grows one call at a time";
      StringRef Verb = Sizes ? "sized" : "filled";
      if (const auto *Param = dyn_cast_or_null<ParmVarDecl>(Var);
          Param && Param->getType()->isLValueReferenceType() &&
          !Param->getType().getNonReferenceType().isConstQualified()) {
        std::string Named =
            "reference parameter '" + Param->getNameAsString() + "'" + Where;
        std::vector<std::string> Returned =
            returnedByEveryCaller(*Param, Calls, Ctx, [](const Expr *Argument) {
              return Argument->IgnoreParenImpCasts();
            });
        if (!Returned.empty())
          return returnedThrough(Returned, Verb, "through its " + Named);
        return SiteCode{Through + Named + Then};
      }
      if (const auto *Param = dyn_cast_or_null<ParmVarDecl>(Var);
          Param && Param->getType()->isPointerType() &&
          !Param->getType()->getPointeeType().isConstQualified()) {
        std::string Named =
            "pointer parameter '" + Param->getNameAsString() + "'" + Where;
        std::vector<std::string> Returned =
            returnedByEveryCaller(*Param, Calls, Ctx, [](const Expr *Argument) {
              const auto *Address =
                  dyn_cast<UnaryOperator>(Argument->IgnoreParenImpCasts());
              return Address && Address->getOpcode() == UO_AddrOf
                         ? Address->getSubExpr()->IgnoreParenImpCasts()
                         : nullptr;
            });
        if (!Returned.empty())
          return returnedThrough(Returned, Verb, "through its " + Named);
        return SiteCode{Through + Named + Then};
      }
      // A parameter taken by value: each call's copy grows here.
      if (const auto *Param = dyn_cast_or_null<ParmVarDecl>(Var);
          Param && !Param->getType()->isReferenceType() &&
          !Param->getType()->isPointerType()) {
        if (returnedBy(*Param, enclosingFunction(Call, Ctx), Ctx))
          return SiteCode{"a parameter taken by value, grown and returned" +
                              Where +
                              ": its memory becomes the caller's value; only "
                              "another interface would avoid it",
                          SiteMemory::Result};
        return SiteCode{"a parameter taken by value, grown on every call" +
                        Where +
                        ": a container the caller keeps, passed by "
                        "reference, would reuse its capacity"};
      }
      if (Var && Var->hasLocalStorage() && !isa<ParmVarDecl>(Var)) {
        if (returnedBy(*Var, enclosingFunction(Call, Ctx), Ctx))
          return SiteCode{"a local container that its function returns" +
                              Where +
                              ": its memory becomes the caller's value; only "
                              "an interface that fills a container the "
                              "caller keeps would reuse it",
                          SiteMemory::Result};
        if (std::optional<unsigned> Branch = onlyBranchReading(*Var, Call))
          return SiteCode{"a local container built on every call" + Where +
                          " that only the branch at line " +
                          std::to_string(*Branch) +
                          " reads: built inside that branch, it would "
                          "allocate only when the branch runs"};
        return SiteCode{"a local container built on every call" + Where +
                        ": a buffer the caller (or a member) keeps would "
                        "reuse its capacity"};
      }
    }
    if (const auto *M = dyn_cast<MemberExpr>(Object);
        M && isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
      return SiteCode{"a member grown by '" + Member.str() + "'" + Where};
    if (const auto *M = dyn_cast<MemberExpr>(Object))
      return SiteCode{"a member of another object ('" +
                      M->getMemberDecl()->getName().str() + "') grown by '" +
                      Member.str() + "'" + Where};
    // A class derived from its container grows itself: 'reserve(N)'.
    if (isa<CXXThisExpr>(Object))
      return SiteCode{"the object itself (a '" +
                      Object->getType()->getPointeeType().getAsString(
                          Ctx.getPrintingPolicy()) +
                      "', derived from its container) grown by '" +
                      Member.str() + "'" + Where};
    // 'It->push_back(X)', 'Rows[I].push_back(X)': an element of another
    // container, reached through an iterator or an index.
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Object);
        Op && (Op->getOperator() == OO_Arrow || Op->getOperator() == OO_Star ||
               Op->getOperator() == OO_Subscript))
      return SiteCode{"an element of another container (reached through '" +
                      sourceText(Op->getArg(0)) + "') grown by '" +
                      Member.str() + "'" + Where};
    return std::nullopt;
  }

  /// The text of \p E as written, or "it" when it is not in one file.
  std::string sourceText(const Expr *E) const {
    CharSourceRange Range = CharSourceRange::getTokenRange(
        SM.getExpansionRange(E->getSourceRange()).getAsRange());
    StringRef Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts());
    return Text.empty() || Text.size() > 40 ? std::string("it") : Text.str();
  }

  /// The number of elements of the braced list that \p Assign, an
  /// assignment operator, assigns ('V = {X, Y}'); nullopt for any other.
  static std::optional<unsigned>
  assignedListLength(const CXXOperatorCallExpr *Assign) {
    if (Assign->getNumArgs() != 2)
      return std::nullopt;
    return bracedListLength(Assign->getArg(1));
  }

  /// A braced list of \p Length elements assigned to \p Object.
  std::optional<SiteCode> assignedList(const Expr *Object, unsigned Length,
                                       const Expr *Assign) const {
    const auto *M = dyn_cast<MemberExpr>(Object->IgnoreParenImpCasts());
    if (!M || !isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
      return grower(Object, "assign", Assign);
    return memberFromList("assigned", Length, Assign, Ctx);
  }

  /// A container grown through \p Iterator, an insert iterator, at \p At:
  /// the container it was made from here, or, for a parameter, what the
  /// function's callers in this unit pass.
  std::optional<SiteCode> throughInserter(const Expr &Iterator,
                                          const Expr *At) const {
    std::optional<QualType> Held = insertIteratorContainer(Iterator.getType());
    if (!Held || !ofContainer(*Held))
      return std::nullopt;
    if (const Expr *Grown = insertedContainer(&Iterator))
      return grower(Grown, "push_back", At);
    const auto *Ref = dyn_cast<DeclRefExpr>(Iterator.IgnoreParenImpCasts());
    const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
    if (!Param)
      return std::nullopt;
    std::string Kind = Iterator.getType()
                           .getNonReferenceType()
                           ->getAsCXXRecordDecl()
                           ->getName()
                           .str();
    std::string Through = "through its output iterator parameter '" +
                          Param->getNameAsString() + "' (a std::" + Kind +
                          ", in '" + enclosingFunctionName(At, Ctx) + "')";
    std::vector<std::string> Returned =
        returnedByEveryCaller(*Param, Calls, Ctx, [](const Expr *Argument) {
          return insertedContainer(Argument);
        });
    if (!Returned.empty())
      return returnedThrough(Returned, "filled", Through);
    return SiteCode{"filled by a callee " + Through +
                    ": the caller's container grows one call at a time"};
  }

  /// The statements around \p Node, up to the function.
  std::vector<const Stmt *> ancestorsOf(DynTypedNode Node) const {
    std::vector<const Stmt *> Found;
    for (unsigned Depth = 0; Depth < 256; ++Depth) {
      Node = parentOf(Node, Ctx);
      const auto *S = Node.get<Stmt>();
      if (!S)
        break;
      Found.push_back(S);
    }
    return Found;
  }

  /// The line of the 'if' whose one branch alone reads \p Var, built before
  /// it on every call (a message for an error path), unless \p Site is in
  /// that branch.
  std::optional<unsigned> onlyBranchReading(const VarDecl &Var,
                                            const Expr *Site) const {
    std::optional<BranchOnlyLocal> Local = branchOnlyLocal(Var, Ctx);
    // The site itself in the branch grows it only when the branch runs.
    if (!Local ||
        (Site && llvm::is_contained(ancestorsOf(DynTypedNode::create(*Site)),
                                    static_cast<const Stmt *>(Local->If))))
      return std::nullopt;
    return SM.getExpansionLineNumber(Local->If->getBeginLoc());
  }

  unsigned length(const Expr *E) const {
    return SM.getFileOffset(SM.getExpansionLoc(E->getEndLoc())) -
           SM.getFileOffset(SM.getExpansionLoc(E->getBeginLoc()));
  }

  /// A whole container made where none was needed (SiteMemory::Unneeded).
  static SiteCode unneeded(std::string Why) {
    return SiteCode{std::move(Why), SiteMemory::Unneeded};
  }

  void consider(const Expr *E, std::optional<std::string> Why) {
    if (Why)
      consider(E, SiteCode{std::move(*Why)});
  }

  void consider(const Expr *E, std::optional<SiteCode> Why) {
    if (!Why)
      return;
    // The innermost expression at the site says the most.
    unsigned Length = length(E);
    if (Found && Length >= FoundLength)
      return;
    Found = std::move(Why);
    FoundLength = Length;
  }

  FileID File;
  unsigned Line, Column;
  StringRef Container;
  ASTContext &Ctx;
  const SourceManager &SM;
  CallIndex &Calls;
  unsigned FoundLength = 0;
  unsigned InCalleeLength = 0;
};

} // namespace

StringRef siteMemoryName(SiteMemory Memory) {
  switch (Memory) {
  case SiteMemory::Growth:
    return "growth";
  case SiteMemory::Unneeded:
    return "unneeded";
  case SiteMemory::Result:
    return "result";
  }
  llvm_unreachable("a SiteMemory without a name");
}

std::optional<SiteCode> describeSiteCode(FileID File, unsigned Line,
                                         unsigned Column, StringRef Container,
                                         ASTContext &Ctx, CallIndex *Calls) {
  std::optional<CallIndex> Own;
  if (!Calls)
    Calls = &Own.emplace(Ctx);
  SiteFinder Finder(File, Line, Column, Container, Ctx, *Calls);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  if (Finder.Found)
    return Finder.Found;
  if (Finder.InCallee)
    return SiteCode{*Finder.InCallee};
  return std::nullopt;
}

} // namespace alloc_tidy
