#include <set>

// A unit with no local container and no container parameter
// (explain-reach.test): no matcher of alloc-container-in-loop but the
// unit's own fires in it. Its site copies a whole std::set: one node per
// element, and none of them needed, since a reference would do.
struct Registry {
  std::set<int> Ids;
};
Registry Current;

std::set<int> snapshot() {
  return Current.Ids; // site(snap@Current)
}
