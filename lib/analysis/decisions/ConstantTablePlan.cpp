//===--- ConstantTablePlan.cpp - a constant table as a sorted array ------===//

#include "lib/analysis/decisions/ConstantTablePlan.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/RecordAbi.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Type.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <variant>

using namespace clang;

namespace alloc_tidy {

namespace {

/// The template arguments of \p Var's type as its declaration spells them
/// (uint32_t, not unsigned int), else the specialization's.
llvm::SmallVector<QualType, 2> spelledArguments(const VarDecl &Var) {
  llvm::SmallVector<QualType, 2> Args;
  QualType Written = Var.getTypeSourceInfo()
                         ? Var.getTypeSourceInfo()->getType()
                         : Var.getType();
  if (const auto *Spec =
          Written.getUnqualifiedType()->getAs<TemplateSpecializationType>())
    for (const TemplateArgument &Arg : Spec->template_arguments()) {
      if (Arg.getKind() != TemplateArgument::Type)
        break;
      Args.push_back(Arg.getAsType());
    }
  return Args;
}

std::string elementSpelling(QualType T, const ASTContext &Ctx) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  if (Spec && Spec->isInStdNamespace() && Spec->getName() == "basic_string" &&
      Spec->getTemplateArgs()[0].getAsType()->isCharType())
    return Ctx.getLangOpts().CPlusPlus17 ? "std::string_view" : "const char *";
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = true;
  return T.getUnqualifiedType().getAsString(Policy);
}

bool isStd(QualType T, StringRef Template) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  return Spec && Spec->isInStdNamespace() && Spec->getName() == Template &&
         Spec->getTemplateArgs()[0].getAsType()->isCharType();
}

bool isStdString(QualType T) { return isStd(T, "basic_string"); }

/// A std::string_view: the array holds it as it is.
bool isStdStringView(QualType T) { return isStd(T, "basic_string_view"); }

/// "find_to_upper" for 'to_upper', "findToUpper" for 'ToUpper'.
std::string functionName(llvm::StringRef Verb, llvm::StringRef Table) {
  bool Camel = !Table.contains('_') && llvm::any_of(Table, llvm::isUpper);
  if (!Camel)
    return (Verb + "_" + Table).str();
  return (Verb + Twine(llvm::toUpper(Table.front())) + Table.drop_front())
      .str();
}

/// An element's key as the compiler orders it.
using KeyValue = std::variant<llvm::APSInt, std::string>;

/// The key of element \p E of a table: the first of a pair's two.
const Expr *keyOf(const Expr *E, bool Keyed) {
  E = stripTransparent(E);
  if (!Keyed)
    return E;
  if (const auto *List = dyn_cast<InitListExpr>(E))
    return List->getNumInits() == 2 ? List->getInit(0) : nullptr;
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E))
    return Construct->getNumArgs() == 2 ? Construct->getArg(0) : nullptr;
  return nullptr;
}

/// The mapped value of element \p E of a map: the second of a pair's two.
const Expr *mappedOf(const Expr *E) {
  E = stripTransparent(E);
  if (const auto *List = dyn_cast<InitListExpr>(E))
    return List->getNumInits() == 2 ? List->getInit(1) : nullptr;
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E))
    return Construct->getNumArgs() == 2 ? Construct->getArg(1) : nullptr;
  return nullptr;
}

/// Whether two mapped values are the same constant: integers or
/// enumerators of equal value, or the address of the same declaration.
/// Anything else (a call, a floating-point value, a string literal, whose
/// copies need not share an address) is taken to differ.
bool sameMappedValue(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  if (!A || !B)
    return false;
  A = A->IgnoreParenImpCasts();
  B = B->IgnoreParenImpCasts();
  if (A->getType()->isIntegralOrEnumerationType() &&
      B->getType()->isIntegralOrEnumerationType()) {
    Expr::EvalResult X, Y;
    if (!A->EvaluateAsInt(X, Ctx) || !B->EvaluateAsInt(Y, Ctx))
      return false;
    return llvm::APSInt::isSameValue(X.Val.getInt(), Y.Val.getInt());
  }
  auto Referenced = [](const Expr *E) -> const ValueDecl * {
    if (const auto *Address = dyn_cast<UnaryOperator>(E);
        Address && Address->getOpcode() == UO_AddrOf)
      E = Address->getSubExpr()->IgnoreParenImpCasts();
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    return Ref ? cast<ValueDecl>(Ref->getDecl()->getCanonicalDecl()) : nullptr;
  };
  const ValueDecl *X = Referenced(A);
  return X && X == Referenced(B) &&
         (isa<FunctionDecl>(X) || A->getType()->isPointerType());
}

std::optional<KeyValue> keyValue(const Expr *Key, const ASTContext &Ctx) {
  if (!Key)
    return std::nullopt;
  Key = stripTransparent(Key);
  // A std::string made from a literal.
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Key)) {
    if (Construct->getNumArgs() == 0 ||
        !llvm::all_of(llvm::drop_begin(Construct->arguments()),
                      [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); }))
      return std::nullopt;
    Key = stripTransparent(Construct->getArg(0));
  }
  // A string, a view or a C string made from a literal ends at its first
  // null character.
  if (const auto *Literal = dyn_cast<StringLiteral>(Key->IgnoreParenImpCasts()))
    return Literal->isOrdinary()
               ? std::optional<KeyValue>(
                     Literal->getString()
                         .take_until([](char C) { return C == 0; })
                         .str())
               : std::nullopt;
  Expr::EvalResult Result;
  if (Key->getType()->isIntegralOrEnumerationType() &&
      Key->EvaluateAsInt(Result, Ctx))
    return KeyValue(Result.Val.getInt());
  return std::nullopt;
}

/// -1, 0 or 1 as \p A is before, equal to or after \p B in the order of
/// the key type (\p Signed for integers).
int compareKeys(const KeyValue &A, const KeyValue &B, bool Signed) {
  if (const auto *S = std::get_if<std::string>(&A)) {
    // std::string_view orders by unsigned characters, as StringRef does.
    return llvm::StringRef(*S).compare(std::get<std::string>(B));
  }
  llvm::APSInt X = std::get<llvm::APSInt>(A), Y = std::get<llvm::APSInt>(B);
  X = X.extend(128);
  Y = Y.extend(128);
  X.setIsSigned(Signed);
  Y.setIsSigned(Signed);
  return X < Y ? -1 : (Y < X ? 1 : 0);
}

} // namespace

TableLookupFunction tableLookupFunction(const VarDecl &Var,
                                        const ASTContext &Ctx) {
  TableLookupFunction F;
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Var.getType()->getAsCXXRecordDecl());
  if (!Spec) {
    F.NoFix = "its type is not a standard container";
    return F;
  }
  StringRef Template = Spec->getName();
  F.Keyed = Template.ends_with("map");
  F.Ordered = !Template.starts_with("unordered_");
  if (Template.contains("multi")) {
    F.NoFix = "a key can be there more than once";
    return F;
  }
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  llvm::SmallVector<QualType, 2> Spelled = spelledArguments(Var);
  QualType Key = Args[0].getAsType();
  std::string KeyText;
  if (isStdString(Key) || isStdStringView(Key)) {
    if (!Ctx.getLangOpts().CPlusPlus17) {
      F.NoFix = "its keys are strings, which a constant array holds as "
                "'std::string_view' from C++17 on";
      return F;
    }
    KeyText = "std::string_view";
    F.KeyChangesType = isStdString(Key);
    F.Includes.emplace_back("<string_view>");
  } else if (CStringKeys CStrings = cStringKeys(*Spec, Ctx);
             CStrings == CStringKeys::ByCharacters) {
    if (!Ctx.getLangOpts().CPlusPlus17) {
      F.NoFix = "its keys are C strings compared by their characters, which "
                "a constant array holds as 'std::string_view' from C++17 on";
      return F;
    }
    KeyText = "std::string_view";
    F.KeyChangesType = true;
    F.Includes.emplace_back("<string_view>");
  } else if (Key->isIntegralOrEnumerationType()) {
    KeyText = elementSpelling(Spelled.empty() ? Key : Spelled[0], Ctx);
  } else if (CStrings == CStringKeys::ByAddress) {
    F.NoFix = "its keys are C strings, which its comparison compares by "
              "address";
    return F;
  } else if (CStrings == CStringKeys::Unknown) {
    F.NoFix = "its keys are C strings, and its comparison is not one that "
              "compares their characters as strcmp does";
    return F;
  } else {
    F.NoFix = "its keys are neither integers, enumerators nor strings";
    return F;
  }
  F.KeyType = KeyText;
  std::string Element = KeyText;
  if (F.Keyed) {
    QualType Mapped = Args[1].getAsType();
    if ((!Mapped->isScalarType() || Mapped->isMemberPointerType()) &&
        !isStdStringView(Mapped)) {
      F.NoFix = "its mapped values are objects that a pointer to a constant "
                "element gives differently";
      return F;
    }
    Element = "std::pair<" + KeyText + ", " +
              elementSpelling(Spelled.size() > 1 ? Spelled[1] : Mapped, Ctx) +
              ">";
    F.Includes.emplace_back("<utility>");
  }
  F.Element = Element;
  StringRef Name = Var.getName();
  F.Name = functionName(F.Keyed ? "find" : "contains", Name);
  F.Signature =
      F.Keyed ? "const " + Element + " *" + F.Name + "(" + KeyText + " Key)"
              : "bool " + F.Name + "(" + KeyText + " Key)";
  return F;
}

SortedTable sortedTable(const ConstantTable &Table,
                        const ConstantTablePlan &Plan,
                        const TableLookupFunction &Function, ASTContext &Ctx) {
  SortedTable S;
  const VarDecl &Var = *Table.Var;
  const SourceManager &SM = Ctx.getSourceManager();
  const InitListExpr *List = Table.List;
  if (!List) {
    S.NoFix = "its elements are not a braced list";
    return S;
  }
  if (Var.getBeginLoc().isMacroID() || Var.getEndLoc().isMacroID() ||
      List->getBeginLoc().isMacroID()) {
    S.NoFix = "a macro writes it";
    return S;
  }
  bool Signed = Table.Key->isSignedIntegerOrEnumerationType();
  std::vector<std::pair<KeyValue, const Expr *>> Elements;
  for (const Expr *E : List->inits()) {
    if (E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID()) {
      S.NoFix = "a macro writes its elements";
      return S;
    }
    std::optional<KeyValue> Key = keyValue(keyOf(E, Table.Keyed), Ctx);
    if (!Key) {
      S.NoFix = "the value of a key is not known here";
      return S;
    }
    Elements.emplace_back(std::move(*Key), E);
  }
  std::vector<std::pair<KeyValue, const Expr *>> Sorted = Elements;
  // Of elements with equal keys, the first written comes first.
  llvm::sort(Sorted, [&](const auto &A, const auto &B) {
    if (int Order = compareKeys(A.first, B.first, Signed))
      return Order < 0;
    return SM.isBeforeInTranslationUnit(A.second->getBeginLoc(),
                                        B.second->getBeginLoc());
  });
  // A key written twice with the same value (a set's, or a map's equal
  // constants) is one element of the container: the array keeps one. With
  // different values, which one a map keeps is the library's choice.
  std::vector<std::pair<KeyValue, const Expr *>> Unique;
  for (auto &Element : Sorted) {
    if (!Unique.empty() &&
        compareKeys(Unique.back().first, Element.first, Signed) == 0) {
      if (Table.Keyed && !sameMappedValue(mappedOf(Unique.back().second),
                                          mappedOf(Element.second), Ctx)) {
        S.NoFix = "two of its elements have the same key and values that "
                  "may differ";
        return S;
      }
      S.Repeated.push_back(Element.second->getBeginLoc());
      continue;
    }
    Unique.push_back(std::move(Element));
  }
  Sorted = std::move(Unique);
  llvm::sort(S.Repeated, [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(A, B);
  });

  // The declaration up to the name becomes the array's.
  S.Edits.push_back(
      {CharSourceRange::getTokenRange(Var.getBeginLoc(), Var.getLocation()),
       arrayDeclaration(Plan, Var.getName())});
  bool InOrder =
      llvm::equal(Sorted, Elements, [](const auto &A, const auto &B) {
        return A.second == B.second;
      });
  // One element a line keeps that layout; else they stay on their lines.
  const Expr *First = List->getInit(0);
  const Expr *Last = List->getInit(List->getNumInits() - 1);
  bool OneALine =
      SM.getPresumedLineNumber(SM.getFileLoc(First->getBeginLoc())) !=
      SM.getPresumedLineNumber(SM.getFileLoc(List->getLBraceLoc()));
  std::string Indent =
      OneALine ? indentationAt(First->getBeginLoc(), SM) : std::string("  ");
  if (!InOrder) {
    std::string Text;
    for (const auto &[Key, E] : Sorted) {
      if (!Text.empty())
        Text += OneALine ? ",\n" + Indent : std::string(", ");
      Text += sourceText(E->getSourceRange(), Ctx);
    }
    S.Edits.push_back({CharSourceRange::getTokenRange(First->getBeginLoc(),
                                                      Last->getEndLoc()),
                       Text});
  }
  // The function that searches it, after the declaration's ';'.
  std::optional<Token> Semi = Lexer::findNextToken(
      Lexer::getLocForEndOfToken(Var.getEndLoc(), 0, SM, Ctx.getLangOpts())
          .getLocWithOffset(-1),
      SM, Ctx.getLangOpts());
  if (!Semi || !Semi->is(tok::semi)) {
    S.NoFix = "its declaration declares more than the table";
    return S;
  }
  std::string Name = Var.getName().str();
  std::string Linkage = Var.isExternallyVisible() ? "" : "static ";
  std::string Body;
  if (Function.Keyed) {
    const std::string &Element = Function.Element;
    const std::string &KeyType = Function.KeyType;
    std::string Twice = Indent + Indent;
    Body = Indent + "const " + Element + " *Found = std::lower_bound(\n" +
           Twice + "std::begin(" + Name + "), std::end(" + Name + "), Key,\n" +
           Twice + "[](const " + Element + " &Element, " + KeyType +
           " Wanted) {\n" + Twice + Indent +
           "return Element.first < Wanted;\n" + Twice + "});\n" + Indent +
           "return Found != std::end(" + Name +
           ") && Found->first == Key ? Found : nullptr;\n";
    S.Includes = {"<algorithm>", "<iterator>", "<utility>"};
  } else {
    Body = Indent + "return std::binary_search(std::begin(" + Name +
           "), std::end(" + Name + "), Key);\n";
    S.Includes = {"<algorithm>", "<iterator>"};
  }
  for (const std::string &Include : Function.Includes)
    if (!llvm::is_contained(S.Includes, Include))
      S.Includes.push_back(Include);
  S.Edits.push_back(
      {CharSourceRange::getCharRange(Semi->getEndLoc(), Semi->getEndLoc()),
       "\n\n" + Linkage + Function.Signature + " {\n" + Body + "}"});
  return S;
}

std::vector<TextEdit> lookupEdits(const TableLookups &Lookups,
                                  const TableLookupFunction &Function,
                                  llvm::ArrayRef<const VarDecl *> Declarations,
                                  ASTContext &Ctx) {
  std::vector<TextEdit> Edits;
  Edits.reserve(Lookups.Lookups.size() + Lookups.Ends.size() +
                Declarations.size());
  for (const TableLookup &L : Lookups.Lookups) {
    // A key a macro writes keeps the macro's name.
    const SourceManager &SM = Ctx.getSourceManager();
    std::string Call = (L.Qualifier + Function.Name + "(" +
                        Lexer::getSourceText(SM.getExpansionRange(L.Key), SM,
                                             Ctx.getLangOpts()) +
                        ")")
                           .str();
    std::string Text = Call;
    if (L.What == TableLookup::Membership && Function.Keyed) {
      Text = (Twine(L.Comparison ? "" : "(") + Call +
              (L.Negated ? " == " : " != ") + "nullptr" +
              (L.Comparison ? "" : ")"))
                 .str();
    } else if (L.What == TableLookup::Membership && L.Negated) {
      Text = "!" + Call;
    }
    Edits.push_back({CharSourceRange::getTokenRange(L.Range), Text});
  }
  for (SourceRange End : Lookups.Ends)
    Edits.push_back({CharSourceRange::getTokenRange(End), "nullptr"});
  for (const VarDecl *D : Declarations)
    Edits.push_back(
        {CharSourceRange::getTokenRange(D->getBeginLoc(), D->getLocation()),
         Function.Signature});
  return Edits;
}

ConstantTablePlan planConstantTable(const ConstantTable &Table,
                                    const ASTContext &Ctx) {
  ConstantTablePlan Plan;
  Plan.Container = "std::" + Table.Template;
  llvm::SmallVector<QualType, 2> Spelled = spelledArguments(*Table.Var);
  QualType Key = !Spelled.empty() ? Spelled[0] : Table.Key;
  std::string KeyText = elementSpelling(Key, Ctx);
  // C strings compared by their characters are held as strings are.
  if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
          Table.Var->getType()->getAsCXXRecordDecl());
      Spec && Ctx.getLangOpts().CPlusPlus17 &&
      cStringKeys(*Spec, Ctx) == CStringKeys::ByCharacters)
    KeyText = "std::string_view";
  if (Table.Keyed) {
    QualType Mapped = Spelled.size() > 1 ? Spelled[1] : Table.Mapped;
    Plan.Element =
        "std::pair<" + KeyText + ", " + elementSpelling(Mapped, Ctx) + ">";
  } else {
    Plan.Element = KeyText;
  }
  bool Multi = StringRef(Table.Template).contains("multi");
  Plan.Search = Multi ? "std::equal_range" : "std::lower_bound";
  Plan.Constexpr = Ctx.getLangOpts().CPlusPlus14;
  return Plan;
}

std::string arrayDeclaration(const ConstantTablePlan &Plan,
                             llvm::StringRef Name) {
  std::string Array = (Name + "[]").str();
  if (Plan.Constexpr)
    return "static constexpr " + Plan.Element + " " + Array;
  // 'const char *' points to constants; the array must be one too.
  if (StringRef(Plan.Element).ends_with("*"))
    return "static " + Plan.Element + "const " + Array;
  return "static const " + Plan.Element + " " + Array;
}

std::string lookupFunctionNoFix(const VarDecl &Var,
                                const TableLookupFunction &F,
                                const TableLookups &Lookups, ASTContext &Ctx) {
  if (!F.NoFix.empty())
    return F.NoFix;
  if (Var.isStaticDataMember())
    return "its class declares it, and would declare the function that "
           "searches it";
  const SourceManager &SM = Ctx.getSourceManager();
  // Every unit that includes a header defines its own copy, with lookups
  // this unit does not see.
  if (const VarDecl *Definition = Var.getDefinition();
      Definition &&
      !SM.isInMainFile(SM.getExpansionLoc(Definition->getLocation())))
    return "it is defined in a header, which other units include with "
           "lookups of their own";
  if (!Lookups.Unsupported.empty()) {
    PresumedLoc At = SM.getPresumedLoc(SM.getFileLoc(Lookups.UnsupportedAt));
    return "the code at " + llvm::sys::path::filename(At.getFilename()).str() +
           ":" + std::to_string(At.getLine()) + " " + Lookups.Unsupported;
  }
  for (const VarDecl *D : Var.redecls()) {
    if (D->getBeginLoc().isMacroID() || D->getLocation().isMacroID())
      return "a macro declares it";
    if (StringRef Header = publicHeaderOf(D->getLocation(), SM);
        !Header.empty())
      return "it is declared in '" + Header.str() +
             "', a public header (under 'include/'): code outside this "
             "project may use it";
  }
  const DeclContext *Scope = Var.getDeclContext()->getRedeclContext();
  if (!Scope->lookup(&Ctx.Idents.get(F.Name)).empty())
    return "the name '" + F.Name + "' is taken";
  return "";
}

} // namespace alloc_tidy
