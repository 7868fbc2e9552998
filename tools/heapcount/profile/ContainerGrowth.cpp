//===- ContainerGrowth.cpp - heapcount --profile: which stacks grow containers
//===//
//
// classifyStack: whether a symbolized stack is a standard container's
// growth, of what element, at which of the user's sites. See Profile.h
// ("Container growth").
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/Profile.h"

namespace heapcount {

// --- Container growth ----------------------------------------------------

// std::back_inserter(V) grows V: the iterator's frame is the outermost
// standard one when code writes through it, but the container is V.
static bool isInsertIterator(const std::string &Class) {
  std::vector<std::string> Parts = splitQualifiedName(Class);
  std::string Name = Parts.empty() ? std::string() : templateName(Parts.back());
  return Name == "back_insert_iterator" || Name == "front_insert_iterator" ||
         Name == "insert_iterator";
}

ContainerGrowth classifyStack(const StackReport &Report, const StackInfo &Stack,
                              const SymbolTable &Symbols) {
  StackWalk Walk = walkStack(Report, Stack, Symbols);
  ContainerGrowth Growth;
  Growth.ReachedUserCode = Walk.ReachedUserCode;
  Growth.Function = Walk.Site.Function;
  Growth.Site = Walk.Site.Site;
  if (Walk.HasLocation) {
    Growth.File = normalizePath(Walk.Location.File);
    Growth.Line = Walk.Location.Line;
    Growth.Column = Walk.Location.Column;
  }
  for (const SourceLocation &L : Walk.Callers)
    Growth.Callers.push_back(
        SiteCaller{normalizePath(L.File), L.Line, L.Column, 0, {}});
  Growth.CallersCut = Walk.CallersCut;
  std::uint64_t Frame = Walk.SiteFrame;
  if (!Walk.ReachedUserCode && !Stack.Frames.empty()) {
    Frame = Stack.Frames.front();
    if (!Walk.Passed.empty())
      Growth.InnermostFunction = Walk.Passed.front().Function;
  }
  if (Frame) {
    FrameAddress Where = locateFrame(Report, Frame);
    Growth.FrameModule = Where.Module;
    Growth.FrameOffset = Where.Module >= 0 ? Where.Offset : Frame;
  }
  for (const PassedLevel &Level : Walk.Passed) {
    std::string Element = allocatorElementType(Level.Function);
    if (!Element.empty()) {
      Growth.Element = Element;
      Growth.ElementModule = Level.Module;
      break;
    }
  }
  // libstdc++.so's and libc++.so's std::string: their inlined allocator
  // frames are not in the symbol table, the innermost frame is the string's.
  if (Growth.Element.empty() && !Walk.Passed.empty() &&
      Walk.Passed.front().InSystemModule) {
    std::string Class = standardClassOf(Walk.Passed.front().Function);
    std::vector<std::string> Parts = splitQualifiedName(Class);
    if (!Class.empty() && templateName(Parts.back()) == "basic_string") {
      std::vector<std::string> Args = templateArguments(Parts.back());
      if (!Args.empty()) {
        Growth.Element = Args[0];
        Growth.ElementModule = Walk.Passed.front().Module;
      }
    }
  }
  if (Growth.Element.empty()) {
    for (const PassedLevel &Level : Walk.Passed)
      if (!Level.InSystemModule &&
          (Level.Function == "allocate" || Level.Function == "_M_allocate" ||
           Level.Function == "allocate_at_least" ||
           Level.Function == "__allocate_at_least"))
        Growth.UnqualifiedAllocator = true;
    return Growth;
  }
  Growth.IsGrowth = true;
  Growth.Element = spaceTemplateClosers(Growth.Element);
  for (const PassedLevel &Level : Walk.Passed) {
    std::string Class = standardClassOf(Level.Function);
    if (!Class.empty() && !isInsertIterator(Class))
      Growth.Container = Class;
  }
  Growth.Container = spaceTemplateClosers(Growth.Container);
  return Growth;
}

} // namespace heapcount
