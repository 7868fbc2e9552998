//===- ProfileSummary.cpp - heapcount --profile: the summary on stderr
//------===//
//
// formatProfile: the warnings and the lines heapcount prints about a
// profile (its sites with most allocations, what was left out and why).
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/Profile.h"
#include "tools/heapcount/profile/ProfileHelpers.h"

#include <algorithm>
#include <cstdio>

namespace heapcount {

using profile::hexNumber;

namespace {

std::string siteText(const ProfileSite &S) {
  std::string Text = S.File + ":" + std::to_string(S.Line);
  if (S.Column)
    Text += ":" + std::to_string(S.Column);
  return Text;
}

// "no line: Row::Row(int) (prog+0x4ff)", "no size for Cell:
// /src/row.cpp:14:35 Row::Row(int)".
std::string unattributedText(const UnattributedGroup &G) {
  std::string Text;
  if (G.Reason == "no_user_frame")
    Text = "stack ends in the standard library: ";
  else if (G.Reason == "no_line")
    Text = "no line: ";
  else if (G.Reason == "no_element_size")
    Text = "no size for " + G.Element + ": ";
  else if (G.Reason == "not_multiple")
    Text = "not a multiple of the element: ";
  else if (G.Reason == "not_by_size")
    Text = "not keyed by size: ";
  else if (G.Reason == "unqualified_allocator")
    Text = "allocator without its class: ";
  else if (G.Reason == "source_changed")
    Text = "source changed: ";
  else
    Text = G.Reason + ": ";
  if (!G.File.empty()) {
    Text += G.File + ":" + std::to_string(G.Line);
    if (G.Column)
      Text += ":" + std::to_string(G.Column);
    if (!G.Function.empty())
      Text += "  " + G.Function;
    return Text;
  }
  std::string Module = G.Module;
  std::size_t Slash = Module.find_last_of('/');
  if (Slash != std::string::npos)
    Module = Module.substr(Slash + 1);
  std::string Address = (Module.empty() ? std::string("0x") : Module + "+0x") +
                        hexNumber(G.Offset);
  return Text +
         (G.Function.empty() ? Address : G.Function + " (" + Address + ")");
}

// "1 x100, 2 x10, 4 x10": the most common counts (at most six), ascending.
std::string countsText(const std::map<std::uint64_t, std::uint64_t> &Counts) {
  constexpr std::size_t Shown = 6;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> Top(Counts.begin(),
                                                           Counts.end());
  if (Top.size() > Shown) {
    std::sort(Top.begin(), Top.end(), [](const auto &A, const auto &B) {
      return A.second != B.second ? A.second > B.second : A.first < B.first;
    });
    Top.resize(Shown);
    std::sort(Top.begin(), Top.end());
  }
  std::string Text;
  for (const auto &Count : Top)
    Text += (Text.empty() ? "" : ", ") + std::to_string(Count.first) + " x" +
            std::to_string(Count.second);
  if (Counts.size() > Top.size())
    Text += ", ... (" + std::to_string(Counts.size() - Top.size()) + " more)";
  return Text;
}

} // namespace

std::string formatProfile(const Profile &P, unsigned Top,
                          const std::string &Path) {
  std::string Out;
  auto Warn = [&](const std::string &Text) {
    Out += "heapcount: warning: profile: " + Text + "\n";
  };
  auto Allocations = [](std::uint64_t N) {
    return std::to_string(N) + (N == 1 ? " allocation" : " allocations");
  };
  if (P.NoUserFrame.Allocations)
    Warn(Allocations(P.NoUserFrame.Allocations) +
         " by container growth whose stacks end in the standard library "
         "left out (a larger --stacks=DEPTH reaches the user's code)");
  if (P.NoLine.Allocations)
    Warn(Allocations(P.NoLine.Allocations) +
         " by container growth at call sites without line information left "
         "out (" +
         (P.ByAddr2line ? "addr2line can lose inlined frames: use "
                          "llvm-symbolizer, and build the program with -g"
                        : "build the program with -g") +
         ")");
  for (const auto &Entry : P.NoElementSize)
    Warn("no size for element type '" + Entry.first +
         "': " + Entry.second.second + "; " +
         Allocations(Entry.second.first.Allocations) + " left out");
  if (P.NotMultiple.Allocations)
    Warn(Allocations(P.NotMultiple.Allocations) +
         " by container growth of a size that is not a multiple of the "
         "element's left out");
  if (P.NoSize.Allocations)
    Warn(Allocations(P.NoSize.Allocations) +
         " left out: the report's stacks are not keyed by size");
  if (P.Unqualified.Allocations)
    Warn(Allocations(P.Unqualified.Allocations) +
         " through an inlined allocation function named without its class "
         "('allocate': built with -gline-tables-only?) not recognized as "
         "container growth and left out (build the program with -g)");
  if (P.Changed.Allocations)
    Warn(Allocations(P.Changed.Allocations) +
         " by container growth at sites whose source file changed between "
         "the profiles left out");
  if (P.Dropped)
    Warn(Allocations(P.Dropped) +
         " found no room in the stack table and are not in the profile");

  char Line[200];
  std::size_t Groups = std::min<std::size_t>(Top, P.Unattributed.size());
  if (Groups) {
    Out += "heapcount: left out, most allocations:\n";
    for (std::size_t I = 0; I < Groups; ++I) {
      const UnattributedGroup &G = P.Unattributed[I];
      std::snprintf(Line, sizeof(Line),
                    "heapcount:   %10llu allocs %12llu bytes  ",
                    static_cast<unsigned long long>(G.Allocations),
                    static_cast<unsigned long long>(G.Bytes));
      Out += Line + unattributedText(G) + "\n";
    }
  }

  std::snprintf(Line, sizeof(Line),
                "heapcount: profile: %zu container site%s, %llu of %llu "
                "allocations",
                P.Sites.size(), P.Sites.size() == 1 ? "" : "s",
                static_cast<unsigned long long>(P.Profiled),
                static_cast<unsigned long long>(P.Allocations));
  Out += Line;
  if (P.Processes > 1)
    Out += " in " + std::to_string(P.Processes) + " processes";
  Out += "; written to " + Path + "\n";
  std::vector<const ProfileSite *> Sorted;
  Sorted.reserve(P.Sites.size());
  for (const ProfileSite &S : P.Sites)
    Sorted.push_back(&S);
  // Most allocations first, then most bytes, then in the profile's order.
  std::sort(Sorted.begin(), Sorted.end(),
            [](const ProfileSite *A, const ProfileSite *B) {
              if (A->Allocations != B->Allocations)
                return A->Allocations > B->Allocations;
              if (A->Bytes != B->Bytes)
                return A->Bytes > B->Bytes;
              return A < B;
            });
  std::size_t Count = std::min<std::size_t>(Top, Sorted.size());
  if (Count == 0)
    return Out;
  std::size_t Width = 0;
  for (std::size_t I = 0; I < Count; ++I)
    Width = std::max(Width, siteText(*Sorted[I]).size());
  Width = std::min<std::size_t>(Width, 60);
  Out += "heapcount: most allocations:\n";
  for (std::size_t I = 0; I < Count; ++I) {
    const ProfileSite &S = *Sorted[I];
    std::snprintf(Line, sizeof(Line),
                  "heapcount:   %10llu allocs %12llu bytes  ",
                  static_cast<unsigned long long>(S.Allocations),
                  static_cast<unsigned long long>(S.Bytes));
    std::string Site = siteText(S);
    Out += Line + Site;
    Out.append(Width > Site.size() ? Width - Site.size() : 0, ' ');
    Out += "  " + S.Element + " (" + std::to_string(S.ElementSize) +
           (S.ElementSize == 1 ? " byte" : " bytes") +
           "): " + countsText(S.Counts) + "\n";
  }
  return Out;
}

} // namespace heapcount
