// A project's own inline-buffer vector, named by SmallVectorClass and
// SmallVectorHeader. Only what the test uses.
#include <cstddef>
namespace mine {
template <typename T, std::size_t N> class InlineVec {
public:
  InlineVec() = default;
  explicit InlineVec(std::size_t Count) : Size(Count) {}
  void push_back(const T &Value) { Items[Size++] = Value; }
  T &operator[](std::size_t I) { return Items[I]; }
  std::size_t size() const { return Size; }
  T *begin() { return Items; }
  T *end() { return Items + Size; }

private:
  T Items[N] = {};
  std::size_t Size = 0;
};
} // namespace mine
