// Classes declared in a header: their members are diagnosed only when this
// translation unit sees every function that can touch them.
#include <deque>

class Complete {
public:
  Complete();
  void add(int V);
  int last() const;

private:
  std::deque<int> Values;
};

class Incomplete {
public:
  void add(int V);
  int last() const; // defined in another translation unit

private:
  std::deque<int> Values;
};

class Exposed {
public:
  std::deque<int> Values; // anyone can use the front
  void add(int V);
};

class WithFriend {
  friend class Spy; // Spy's members can use the front
  std::deque<int> Values;

public:
  void add(int V);
};

// A private member alias: only the class's own code can name it.
class Aliased {
  using Stack = std::deque<int>;
  Stack Items;

public:
  void add(int V);
  int last() const;
};

// A namespace-scope alias in a header: any translation unit can name it.
using SharedQueue = std::deque<int>;
class UsesShared {
  SharedQueue Items;

public:
  void add(int V);
};
