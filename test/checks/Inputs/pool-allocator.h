// An allocator of its own, as a pool-based program has one (glslang's
// pool_allocator): the checks cannot know where its memory comes from.
#ifndef TEST_CHECKS_INPUTS_POOL_ALLOCATOR_H
#define TEST_CHECKS_INPUTS_POOL_ALLOCATOR_H

#include <cstddef>

template <class T> struct PoolAllocator {
  using value_type = T;
  PoolAllocator() = default;
  template <class U> PoolAllocator(const PoolAllocator<U> &) {}
  T *allocate(std::size_t N);
  void deallocate(T *P, std::size_t N);
  friend bool operator==(PoolAllocator, PoolAllocator) { return true; }
  friend bool operator!=(PoolAllocator, PoolAllocator) { return false; }
};

#endif
