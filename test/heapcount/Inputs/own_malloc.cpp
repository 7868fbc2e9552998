// A program's own allocator, linked into it: its malloc answers every heap
// call before the counting library's
// (test/heapcount/budget-own-allocator.test). A bump allocator that never
// frees, with each block's size in front of it.
#include <cerrno>
#include <cstddef>
#include <cstring>

namespace {
alignas(16) char Pool[64 << 20];
std::size_t Used = 0;
} // namespace

extern "C" {
void *malloc(std::size_t Size) {
  std::size_t Need = (Size + 31) & ~std::size_t{15};
  if (Used + Need > sizeof(Pool)) {
    errno = ENOMEM;
    return nullptr;
  }
  char *Block = Pool + Used + 16;
  std::memcpy(Block - 16, &Size, sizeof(Size));
  Used += Need;
  return Block;
}
void free(void *) {}
void *calloc(std::size_t Count, std::size_t Size) {
  return malloc(Count * Size); // The pool is zero and never reused.
}
void *realloc(void *Old, std::size_t Size) {
  void *New = malloc(Size);
  if (Old && New) {
    std::size_t OldSize;
    std::memcpy(&OldSize, static_cast<char *>(Old) - 16, sizeof(OldSize));
    std::memcpy(New, Old, OldSize < Size ? OldSize : Size);
  }
  return New;
}
}
