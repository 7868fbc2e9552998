//===--- FieldReorder.cpp - can the fields of a record be reordered? ------===//

#include "lib/analysis/decisions/FieldReorder.h"
#include "lib/analysis/ast/AstWalk.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>

using namespace clang;

namespace alloc_tidy {

namespace {

std::optional<ReorderBlocker> blocker(SourceLocation Loc, std::string Why) {
  return ReorderBlocker{Loc, std::move(Why)};
}

bool usesThis(const Stmt *S) {
  if (!S)
    return false;
  if (isa<CXXThisExpr>(S))
    return true;
  return llvm::any_of(S->children(), usesThis);
}

/// A class whose destructor does something: the order fields are destroyed
/// in may matter to it.
bool hasNonTrivialDestructor(QualType T, const ASTContext &Ctx) {
  const Type *Base = Ctx.getBaseElementType(T).getTypePtr();
  const auto *Class = Base->getAsCXXRecordDecl();
  return Class && Class->hasDefinition() && !Class->hasTrivialDestructor();
}

bool isRelationalOperator(OverloadedOperatorKind Op) {
  return Op == OO_Spaceship || Op == OO_Less || Op == OO_Greater ||
         Op == OO_LessEqual || Op == OO_GreaterEqual;
}

/// A field declaration's source, as whole lines: from the first comment line
/// right above it to the end of its line (with a trailing comment).
struct Slot {
  unsigned Begin = 0;
  unsigned End = 0;
};

StringRef trimmedLine(StringRef Buffer, unsigned Begin, unsigned End) {
  return Buffer.slice(Begin, End).trim(" \t\r");
}

/// Where a field's line begins when only whitespace precedes it there.
std::optional<unsigned> lineStart(StringRef Buffer, unsigned Offset) {
  while (Offset > 0 &&
         (Buffer[Offset - 1] == ' ' || Buffer[Offset - 1] == '\t'))
    --Offset;
  if (Offset > 0 && Buffer[Offset - 1] != '\n')
    return std::nullopt;
  return Offset;
}

/// The end of the line after \p Offset, past its newline, when nothing but
/// whitespace and a comment follow.
std::optional<unsigned> lineEnd(StringRef Buffer, unsigned Offset) {
  auto SkipBlanks = [&] {
    while (Offset < Buffer.size() &&
           (Buffer[Offset] == ' ' || Buffer[Offset] == '\t' ||
            Buffer[Offset] == '\r'))
      ++Offset;
  };
  SkipBlanks();
  if (Buffer.substr(Offset).starts_with("/*")) {
    size_t Close = Buffer.find("*/", Offset + 2);
    size_t Newline = Buffer.find('\n', Offset);
    if (Close == StringRef::npos || Close > Newline)
      return std::nullopt;
    Offset = Close + 2;
    SkipBlanks();
  }
  if (Buffer.substr(Offset).starts_with("//"))
    Offset = std::min(Buffer.find('\n', Offset), Buffer.size());
  if (Offset == Buffer.size())
    return Offset;
  if (Buffer[Offset] != '\n')
    return std::nullopt;
  return Offset + 1;
}

} // namespace

std::string fieldDisplayName(const FieldDecl &F) {
  if (!F.getName().empty())
    return F.getName().str();
  return F.isBitField() ? "(unnamed bit-field)" : "(anonymous)";
}

std::optional<ReorderBlocker>
reorderChangesMeaning(const RecordDecl &RD,
                      llvm::ArrayRef<const FieldDecl *> Order,
                      const ASTContext &Ctx) {
  const auto *Class = dyn_cast<CXXRecordDecl>(&RD);
  std::vector<const FieldDecl *> Fields(RD.field_begin(), RD.field_end());
  llvm::DenseMap<const FieldDecl *, size_t> NewIndex;
  for (size_t I = 0; I < Order.size(); ++I)
    NewIndex[Order[I]] = I;

  if (Class) {
    // A base with fields is laid out and initialised together with ours;
    // the check leaves such hierarchies to a person.
    for (const CXXBaseSpecifier &B : Class->bases())
      if (const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl();
          Base && !Base->isEmpty())
        return blocker(B.getBeginLoc(), "base class '" +
                                            Base->getNameAsString() +
                                            "' has data members");
    // Fields are initialised in declaration order; an initialiser that
    // reads the object may read a field that is not initialised yet once
    // the order changes.
    for (const CXXConstructorDecl *Ctor : Class->ctors()) {
      if (Ctor->isImplicit() || Ctor->isDeleted() || Ctor->isDefaulted())
        continue;
      const FunctionDecl *Def = nullptr;
      if (!Ctor->isDefined(Def))
        return blocker(Ctor->getLocation(),
                       "this constructor is defined in another file, where "
                       "its initialisers may depend on the order of the "
                       "fields");
      // The written member initialisers, in the order they are written,
      // must stay in declaration order, or -Wreorder-ctor fires.
      std::vector<const CXXCtorInitializer *> Written;
      for (const CXXCtorInitializer *Init :
           cast<CXXConstructorDecl>(Def)->inits()) {
        if (!Init->isWritten())
          continue;
        if (usesThis(Init->getInit()))
          return blocker(Init->getSourceLocation(),
                         "this initialiser reads the object, whose fields "
                         "would be initialised in another order");
        if (Init->isMemberInitializer())
          Written.push_back(Init);
      }
      llvm::sort(Written,
                 [](const CXXCtorInitializer *A, const CXXCtorInitializer *B) {
                   return A->getSourceOrder() < B->getSourceOrder();
                 });
      for (size_t I = 1; I < Written.size(); ++I)
        if (NewIndex.lookup(Written[I - 1]->getMember()) >
            NewIndex.lookup(Written[I]->getMember()))
          return blocker(Written[I]->getSourceLocation(),
                         "this constructor's member initialisers would no "
                         "longer follow the order of the fields");
    }
    for (const FieldDecl *Field : Fields)
      if (usesThis(Field->getInClassInitializer()))
        return blocker(Field->getLocation(),
                       "the initialiser of '" + fieldDisplayName(*Field) +
                           "' reads the object, whose fields would be "
                           "initialised in another order");
    // operator<=> = default compares the fields in declaration order.
    for (const Decl *D : Class->decls()) {
      const FunctionDecl *Fn = nullptr;
      if (const auto *Friend = dyn_cast<FriendDecl>(D))
        Fn = dyn_cast_or_null<FunctionDecl>(Friend->getFriendDecl());
      else
        Fn = dyn_cast<FunctionDecl>(D);
      if (Fn && Fn->isDefaulted() &&
          isRelationalOperator(Fn->getOverloadedOperator()))
        return blocker(Fn->getLocation(),
                       "this defaulted comparison compares the fields in "
                       "declaration order");
    }
  }

  // Destructors run in reverse declaration order.
  {
    std::vector<const FieldDecl *> Before, After;
    for (const FieldDecl *Field : Fields)
      if (hasNonTrivialDestructor(Field->getType(), Ctx))
        Before.push_back(Field);
    for (const FieldDecl *Field : Order)
      if (hasNonTrivialDestructor(Field->getType(), Ctx))
        After.push_back(Field);
    for (size_t I = 0; I < Before.size(); ++I)
      if (Before[I] != After[I])
        return blocker(After[I]->getLocation(),
                       "'" + fieldDisplayName(*After[I]) + "' and '" +
                           fieldDisplayName(*Before[I]) +
                           "' have destructors, which would run in another "
                           "order");
  }

  return std::nullopt;
}

FieldMoves fieldMoves(const RecordDecl &RD,
                      llvm::ArrayRef<const FieldDecl *> Order,
                      const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LangOpts = Ctx.getLangOpts();
  std::vector<const FieldDecl *> Fields(RD.field_begin(), RD.field_end());
  FieldMoves Out;
  auto Blocked = [&](SourceLocation Loc, std::string Why) {
    Out.Blocker = ReorderBlocker{SM.getExpansionLoc(Loc), std::move(Why)};
    Out.Edits.clear();
    return Out;
  };
  if (Fields.size() != Order.size() || Fields.empty())
    return Blocked(RD.getLocation(), "the order is not one of its fields");

  // The text: every field on lines of its own, in one region of one access
  // specifier, with nothing but methods and comments between the fields.
  llvm::DenseMap<const FieldDecl *, unsigned> Region;
  {
    unsigned Current = 0;
    bool Started = false;
    const FieldDecl *Last = Fields.back();
    for (const Decl *D : RD.decls()) {
      if (D->isImplicit())
        continue;
      if (const auto *Field = dyn_cast<FieldDecl>(D)) {
        Region[Field] = Current;
        Started = true;
        if (Field == Last)
          break;
        continue;
      }
      if (isa<AccessSpecDecl>(D)) {
        ++Current;
        continue;
      }
      // struct { ... } Pos; and anonymous unions: the type and the field
      // are one piece of text.
      if (const auto *Tag = dyn_cast<TagDecl>(D);
          Tag && Tag->isEmbeddedInDeclarator())
        return Blocked(D->getLocation(), "a field declares its type in place");
      if (const auto *Nested = dyn_cast<RecordDecl>(D);
          Nested && Nested->isAnonymousStructOrUnion())
        return Blocked(D->getLocation(), "a field declares its type in place");
      if (!Started || isa<CXXMethodDecl, FunctionTemplateDecl, FriendDecl>(D))
        continue;
      return Blocked(D->getLocation(),
                     "this declaration between the fields may be used by "
                     "them");
    }
  }
  for (size_t I = 0; I < Fields.size(); ++I)
    if (Region[Fields[I]] != Region[Order[I]])
      return Blocked(Order[I]->getLocation(),
                     "'" + fieldDisplayName(*Order[I]) +
                         "' would move across an access specifier");

  std::vector<Slot> Slots;
  FileID File;
  StringRef Buffer;
  for (const FieldDecl *Field : Fields) {
    SourceLocation Begin = Field->getBeginLoc();
    for (const Attr *A : Field->attrs())
      if (!A->isImplicit() && A->getLocation().isValid() &&
          SM.isBeforeInTranslationUnit(A->getRange().getBegin(), Begin))
        Begin = A->getRange().getBegin();
    if (Begin.isMacroID() || Field->getLocation().isMacroID() ||
        Field->getEndLoc().isMacroID())
      return Blocked(Field->getLocation(), "'" + fieldDisplayName(*Field) +
                                               "' is declared by a macro");
    if (!Slots.empty() && Begin == Fields[Slots.size() - 1]->getBeginLoc())
      return Blocked(Field->getLocation(),
                     "'" + fieldDisplayName(*Field) +
                         "' is declared together with another field");
    const auto [FieldFile, BeginOffset] = SM.getDecomposedLoc(Begin);
    if (File.isInvalid()) {
      File = FieldFile;
      bool Invalid = false;
      Buffer = SM.getBufferData(File, &Invalid);
      if (Invalid)
        return Blocked(Field->getLocation(), "its source is not available");
    } else if (FieldFile != File) {
      return Blocked(Field->getLocation(),
                     "the fields are declared in more than one file");
    }
    SourceLocation AfterSemi = Lexer::findLocationAfterToken(
        Field->getEndLoc(), tok::semi, SM, LangOpts,
        /*SkipTrailingWhitespaceAndNewLine=*/false);
    if (AfterSemi.isInvalid() || AfterSemi.isMacroID())
      return Blocked(Field->getLocation(),
                     "'" + fieldDisplayName(*Field) +
                         "' is declared together with another field");
    std::optional<unsigned> Start = lineStart(Buffer, BeginOffset);
    std::optional<unsigned> End = lineEnd(Buffer, SM.getFileOffset(AfterSemi));
    if (!Start || !End)
      return Blocked(Field->getLocation(),
                     "'" + fieldDisplayName(*Field) +
                         "' shares its line with other code");
    // Comment lines right above a field belong to it.
    unsigned Top = *Start;
    while (Top > 0) {
      const size_t Previous = Buffer.rfind('\n', Top - 1);
      const unsigned PrevStart =
          Previous == StringRef::npos ? 0 : static_cast<unsigned>(Previous + 1);
      StringRef Line = trimmedLine(Buffer, PrevStart, Top - 1);
      if (!Line.starts_with("//") && !Line.starts_with("/*") &&
          !Line.starts_with("*"))
        break;
      Top = PrevStart;
    }
    if (!Slots.empty() && Top < Slots.back().End)
      return Blocked(Field->getLocation(),
                     "'" + fieldDisplayName(*Field) +
                         "' shares its line with other code");
    Slots.push_back({Top, *End});
  }
  // A preprocessor directive between the fields may select some of them.
  {
    StringRef Text = Buffer.slice(Slots.front().Begin, Slots.back().End);
    llvm::SmallVector<StringRef, 16> Lines;
    Text.split(Lines, '\n');
    for (StringRef Line : Lines)
      if (Line.ltrim(" \t").starts_with("#"))
        return Blocked(Fields.front()->getLocation(),
                       "preprocessor directives are mixed with the fields");
  }

  llvm::DenseMap<const FieldDecl *, size_t> IndexOf;
  for (size_t I = 0; I < Fields.size(); ++I)
    IndexOf[Fields[I]] = I;
  const SourceLocation FileStart = SM.getLocForStartOfFile(File);
  for (size_t I = 0; I < Fields.size(); ++I) {
    if (Order[I] == Fields[I])
      continue;
    const Slot &Into = Slots[I];
    const Slot &From = Slots[IndexOf[Order[I]]];
    Out.Edits.push_back(
        {CharSourceRange::getCharRange(FileStart.getLocWithOffset(Into.Begin),
                                       FileStart.getLocWithOffset(Into.End)),
         Buffer.slice(From.Begin, From.End).str()});
  }
  return Out;
}

llvm::ArrayRef<llvm::StringRef> byteIoFunctions() {
  static const llvm::StringRef Names[] = {
      "fwrite", "fread",  "write",    "read",   "pwrite",  "pread", "send",
      "recv",   "sendto", "recvfrom", "memcpy", "memmove", "memcmp"};
  return Names;
}

std::vector<LayoutUse> layoutUsesIn(const Stmt &S, ASTContext &Ctx) {
  std::vector<LayoutUse> Uses;
  auto Note = [&](const RecordDecl *RD, SourceLocation Loc, std::string Why) {
    if (RD)
      Uses.push_back({RD, Loc, std::move(Why)});
  };
  if (const auto *Init = dyn_cast<InitListExpr>(&S)) {
    // Value-initialisation ({}) names no field; a list with one element
    // does, by position.
    if (llvm::any_of(Init->inits(), [](const Expr *E) {
          return E && !isa<ImplicitValueInitExpr>(E);
        }))
      Note(recordBehind(Init->getType()), Init->getBeginLoc(),
           "its fields are initialised by position here");
  } else if (const auto *List = dyn_cast<CXXParenListInitExpr>(&S)) {
    Note(recordBehind(List->getType()), List->getBeginLoc(),
         "its fields are initialised by position here");
  } else if (const auto *Call = dyn_cast<CallExpr>(&S)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() ||
        !llvm::is_contained(byteIoFunctions(), Callee->getName()))
      return Uses;
    std::string Name = Callee->getName().str();
    for (const Expr *Arg : Call->arguments()) {
      const RecordDecl *RD = nullptr;
      if (const auto *Size =
              dyn_cast<UnaryExprOrTypeTraitExpr>(Arg->IgnoreParenImpCasts()))
        RD = recordBehind(Size->getTypeOfArgument());
      else
        RD = recordBehind(Arg->IgnoreParenCasts()->getType());
      Note(RD, Call->getBeginLoc(),
           "its bytes go through '" + Name +
               "' here and may be stored or shared");
    }
  } else if (const auto *Cast = dyn_cast<ExplicitCastExpr>(&S)) {
    // reinterpret_cast, and C casts between unrelated pointers, look at
    // the bytes. A C cast of malloc's result (void *) does not.
    const bool Reinterpret = isa<CXXReinterpretCastExpr>(Cast);
    const bool CBitCast = isa<CStyleCastExpr>(Cast) &&
                          Cast->getCastKind() == CK_BitCast &&
                          !Cast->getSubExpr()
                               ->IgnoreParenImpCasts()
                               ->getType()
                               ->isVoidPointerType();
    if (!Reinterpret && !CBitCast)
      return Uses;
    const RecordDecl *To = recordBehind(Cast->getType());
    const RecordDecl *From = recordBehind(Cast->getSubExpr()->getType());
    if (To == From)
      return Uses;
    Note(To, Cast->getBeginLoc(), "other bytes are read as it here");
    Note(From, Cast->getBeginLoc(), "its bytes are read as another type here");
  } else if (const auto *Offset = dyn_cast<OffsetOfExpr>(&S)) {
    Note(recordBehind(Offset->getTypeSourceInfo()->getType()),
         Offset->getBeginLoc(), "offsetof() depends on its layout here");
  }
  return Uses;
}

std::vector<LayoutUse> layoutUsesIn(const Decl &D) {
  std::vector<LayoutUse> Uses;
  if (const auto *Bindings = dyn_cast<DecompositionDecl>(&D)) {
    if (const RecordDecl *RD = recordBehind(Bindings->getType()))
      Uses.push_back({RD, Bindings->getLocation(),
                      "a structured binding takes its fields by position "
                      "here"});
  } else if (const auto *Assert = dyn_cast<StaticAssertDecl>(&D)) {
    // static_assert(sizeof(T) == 40) would fail after the reorder.
    llvm::SmallVector<const Stmt *, 8> Work{Assert->getAssertExpr()};
    while (!Work.empty()) {
      const Stmt *S = Work.pop_back_val();
      if (!S)
        continue;
      if (const auto *Size = dyn_cast<UnaryExprOrTypeTraitExpr>(S))
        if (const RecordDecl *RD = recordBehind(Size->getTypeOfArgument()))
          Uses.push_back({RD, Assert->getLocation(),
                          "a static_assert checks its layout here"});
      llvm::append_range(Work, S->children());
    }
  }
  return Uses;
}

} // namespace alloc_tidy
