// A stand-in for llvm::SmallVector and absl::InlinedVector: a vector-like
// class with an inline buffer of N elements and reserve().
#include <cstddef>
#include <vector>

namespace llvm {
template <typename T, unsigned N = 4> class SmallVector {
public:
  void push_back(const T &X) { Items.push_back(X); }
  template <typename... Args> T &emplace_back(Args &&...A) {
    return Items.emplace_back(static_cast<Args &&>(A)...);
  }
  void reserve(std::size_t Count) { Items.reserve(Count); }
  std::size_t size() const { return Items.size(); }

private:
  std::vector<T> Items;
};
} // namespace llvm

namespace mine {
// A vector-like class without reserve(): nothing to propose.
template <typename T> class Pile {
public:
  void push_back(const T &X) { Items.push_back(X); }
  std::size_t size() const { return Items.size(); }

private:
  std::vector<T> Items;
};
// One with reserve(), named in the VectorLikeClasses option by a test.
template <typename T> class Buffer {
public:
  void push_back(const T &X) { Items.push_back(X); }
  void reserve(std::size_t Count) { Items.reserve(Count); }
  std::size_t size() const { return Items.size(); }

private:
  std::vector<T> Items;
};
} // namespace mine
