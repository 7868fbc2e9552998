// A project's own small vector, as a project that builds without Boost
// writes one: std::vector with an allocator that names the capacity.
#pragma once
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace proj {
template <class T, std::size_t N> struct TaggedAllocator : std::allocator<T> {
  TaggedAllocator() = default;
  template <class U> TaggedAllocator(const TaggedAllocator<U, N> &) {}
  template <class U> struct rebind {
    using other = TaggedAllocator<U, N>;
  };
};

template <typename T, std::size_t N = 3>
class SmallVector : public std::vector<T, TaggedAllocator<T, N>> {
public:
  SmallVector() { this->reserve(N); }
};
} // namespace proj
