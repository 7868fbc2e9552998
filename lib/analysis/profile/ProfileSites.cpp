//===--- ProfileSites.cpp -------------------------------------------------===//

#include "lib/analysis/profile/ProfileSites.h"
#include "lib/analysis/facts/VectorSizes.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace alloc_tidy {

ProfiledUses profiledUsesOf(const ValueDecl &D, ArrayRef<ContainerUse> Uses,
                            const ASTContext &Ctx) {
  ProfiledUses P;
  auto Silence = [&](StringRef Why) {
    P.Silence = Why.str();
    return P;
  };
  const auto *Field = dyn_cast<FieldDecl>(&D);

  for (const ContainerUse &Use : Uses) {
    if (Use.Kind == UseKind::Call) {
      P.Members.insert(Use.Method);
      P.Anchors.emplace_back(Use.Site->getSourceRange(), Use.Function);
    } else if (std::optional<std::string> Why =
                   followOtherUse(Use, Field, P.Members, P.Constructions)) {
      return Silence(*Why);
    }
  }

  // How it is constructed: from nothing, a count, a range or a list, never
  // from another std::vector (the replacement cannot be).
  auto AddConstruction = [&](const Expr *Init, SourceRange Where,
                             const FunctionDecl *In) {
    std::optional<InitShape> Shape = shapeOf(Init, Ctx);
    if (!Shape || Shape->Form == VectorConstruction::Copy ||
        Shape->Form == VectorConstruction::Move) {
      Silence("initialised from another vector");
      return false;
    }
    P.Constructions.push_back(Shape->Form);
    P.Anchors.emplace_back(Where, In);
    return true;
  };
  if (const auto *Var = dyn_cast<VarDecl>(&D)) {
    AddConstruction(Var->getInit(), Var->getSourceRange(),
                    dyn_cast<FunctionDecl>(Var->getDeclContext()));
    return P;
  }
  const auto *Record = cast<CXXRecordDecl>(Field->getParent());
  if (Record->isAggregate())
    return Silence("aggregate initialisation can give it any size");
  for (const CXXConstructorDecl *Declared : Record->ctors()) {
    if (Declared->isDeleted() ||
        (Declared->isImplicit() && !Declared->isUsed()))
      continue;
    if (Declared->isCopyOrMoveConstructor()) {
      // The copies' allocations are at the class (an implicit one) or at
      // the constructor's initializer.
      P.Constructions.push_back(Declared->isMoveConstructor()
                                    ? VectorConstruction::Move
                                    : VectorConstruction::Copy);
      if (Declared->isImplicit())
        P.Anchors.emplace_back(SourceRange(Record->getLocation()), Declared);
      else if (const FunctionDecl *Def = Declared->getDefinition())
        P.Anchors.emplace_back(Def->getSourceRange(), Def);
      continue;
    }
    const CXXConstructorDecl *Ctor = constructorDefinition(Declared);
    if (!Ctor)
      return Silence("a constructor is defined elsewhere");
    const CXXCtorInitializer *Given = nullptr;
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->getMember() == Field)
        Given = Init;
    if (Given && Given->isWritten()) {
      if (!AddConstruction(Given->getInit(), Given->getSourceRange(), Ctor))
        return P;
    } else if (Field->hasInClassInitializer()) {
      if (!AddConstruction(Field->getInClassInitializer(),
                           Field->getInClassInitializer()->getSourceRange(),
                           Ctor))
        return P;
    }
  }
  return P;
}

bool siteIsInFunction(const ProfileSite &Site, const FunctionDecl *F) {
  if (!F || Site.Function.empty())
    return true;
  std::string Name = F->getNameAsString();
  return Name.empty() || StringRef(Site.Function).contains(Name);
}

StringRef lastComponent(StringRef Normalized) {
  StringRef Head = Normalized.take_until([](char C) { return C == '<'; });
  size_t Colon = Head.rfind("::");
  return Colon == StringRef::npos ? Head : Head.drop_front(Colon + 2);
}

/// Whether heapcount says the site grows a standard container that is no
/// vector: the string built from a vector's characters on the line that
/// reads them is not the vector's growth, whatever its element.
static bool growsAnotherStandardContainer(const ProfileSite &Site) {
  if (Site.Container.empty())
    return false;
  std::string Container = normalizeTypeName(Site.Container);
  return StringRef(Container).starts_with("std::") &&
         lastComponent(Container) != "vector";
}

std::vector<SiteMatches> matchProfileSites(
    ArrayRef<ProfiledVector> Vectors,
    llvm::function_ref<const std::vector<ProfileSite> *(FileID)> SitesIn,
    const ASTContext &Ctx) {
  std::vector<SiteMatches> Matches(Vectors.size());
  const SourceManager &SM = Ctx.getSourceManager();
  struct Claim {
    size_t Vector;
    SourceLocation Loc;
    SourceRange Range;
  };
  llvm::MapVector<const ProfileSite *, std::vector<Claim>> Claims;
  for (size_t I = 0; I < Vectors.size(); ++I) {
    const ProfiledVector &V = Vectors[I];
    std::string Element = normalizeTypeName(
        V.Element.getCanonicalType().getAsString(Ctx.getPrintingPolicy()));
    uint64_t ElementSize = Ctx.getTypeSizeInChars(V.Element).getQuantity();
    for (const ProfileAnchor &A : V.Anchors) {
      SourceLocation Begin = SM.getExpansionLoc(A.Range.getBegin());
      SourceLocation End = SM.getExpansionLoc(A.Range.getEnd());
      if (Begin.isInvalid() || SM.getFileID(Begin) != SM.getFileID(End))
        continue;
      const std::vector<ProfileSite> *Sites = SitesIn(SM.getFileID(Begin));
      if (!Sites)
        continue;
      unsigned First = SM.getExpansionLineNumber(Begin);
      unsigned Last = SM.getExpansionLineNumber(End);
      for (const ProfileSite &Site : *Sites) {
        if (Site.Line < First || Site.Line > Last ||
            !siteIsInFunction(Site, A.Function) ||
            growsAnotherStandardContainer(Site))
          continue;
        std::string SiteElement = normalizeTypeName(Site.Element);
        bool SameName = SiteElement == Element ||
                        lastComponent(SiteElement) == lastComponent(Element);
        if (!SameName || Site.ElementSize != ElementSize) {
          // Another container on the same line, or a profile of another
          // program or target: only worth a note when the names agree.
          if (SameName)
            Matches[I].Mismatched.push_back({&Site, Begin});
          continue;
        }
        Claims[&Site].push_back({I, Begin, SourceRange(Begin, End)});
      }
    }
  }
  for (auto &Entry : Claims) {
    const ProfileSite *Site = Entry.first;
    std::vector<Claim> &Claimants = Entry.second;
    // Several vectors of one element type at one line: the column picks the
    // one whose code holds it, or the site stays unattributed.
    auto Distinct = [&] {
      llvm::SmallSet<size_t, 4> Seen;
      for (const Claim &Cl : Claimants)
        Seen.insert(Cl.Vector);
      return Seen.size();
    };
    if (Distinct() > 1 && Site->Column != 0)
      llvm::erase_if(Claimants, [&](const Claim &Cl) {
        unsigned Line = SM.getExpansionLineNumber(Cl.Range.getBegin());
        unsigned Begin = Line == Site->Line
                             ? SM.getExpansionColumnNumber(Cl.Range.getBegin())
                             : 1;
        unsigned End =
            SM.getExpansionLineNumber(Cl.Range.getEnd()) == Site->Line
                ? SM.getExpansionColumnNumber(Cl.Range.getEnd())
                : ~0U;
        return Site->Column < Begin || Site->Column > End;
      });
    if (Claimants.empty() || Distinct() > 1)
      continue;
    Matches[Claimants.front().Vector].Sites.push_back(
        {Site, Claimants.front().Loc});
  }
  return Matches;
}

ProfiledCapacity capacityFromProfile(ArrayRef<SiteMatch> Sites, double Coverage,
                                     uint64_t MinAllocations,
                                     uint64_t ElementSize, uint64_t MaxBytes) {
  ProfiledCapacity Result;
  ElementHistogram Counts;
  for (const SiteMatch &M : Sites)
    for (const auto &[Elements, Allocations] : M.Site->Counts)
      Counts[Elements] += Allocations;
  Result.Choice = chooseCapacity(Counts, Coverage);
  if (!Result.Choice) {
    Result.Silence = "the profile saw no allocation";
    return Result;
  }
  // An inline buffer enlarges every object, used or not: a handful of
  // allocations in the whole run is not worth that.
  if (Result.Choice->Covered < MinAllocations) {
    Result.Silence = "too few allocations saved";
    return Result;
  }
  Result.Capacity = Result.Choice->Capacity;
  if (*Result.Capacity * ElementSize > MaxBytes)
    Result.Silence = "too large for an inline buffer";
  return Result;
}

std::string profilePathOf(FileEntryRef File) {
  std::string Path = File.getFileEntry().tryGetRealPathName().str();
  if (!Path.empty())
    return Path;
  SmallString<256> Absolute(File.getName());
  if (llvm::sys::fs::make_absolute(Absolute))
    return "";
  llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  return std::string(Absolute);
}

FileSites profileSitesOf(const HeapProfile &Profile, FileEntryRef File,
                         StringRef Contents) {
  FileSites Found;
  Found.Path = profilePathOf(File);
  if (Found.Path.empty())
    return Found;
  auto Sites = Profile.SitesByFile.find(Found.Path);
  if (Sites == Profile.SitesByFile.end())
    return Found;
  Found.Sites = &Sites->second;
  Found.State = Profile.fileState(Found.Path, Contents);
  return Found;
}

} // namespace alloc_tidy
