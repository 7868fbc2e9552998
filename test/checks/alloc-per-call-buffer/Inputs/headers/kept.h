#ifndef KEPT_H
#define KEPT_H

#include <string>
#include <vector>

// Classes that keep their members: a new one would mean something in
// another unit that this unit cannot see.

// Split::other is defined in another unit, whose code would see the name.
class Split {
public:
  size_t run(int N);
  size_t other();

private:
  std::string s_;
};

// Made to be derived from: a derived class elsewhere could name it.
class Shape {
public:
  virtual ~Shape();
  size_t run(int N);

private:
  std::string name_;
};

// Trivially copyable: other units may memcpy it.
class Counts {
public:
  size_t run(int N);

private:
  int n_ = 0;
};

// A friend class's code can be anywhere.
class Befriended {
  friend class Auditor;

public:
  size_t run(int N);

private:
  std::string s_;
};

// Exported from a shared library: its layout is a promise.
#define KEPT_API __attribute__((visibility("default")))
class KEPT_API Exported {
public:
  size_t run(int N);

private:
  std::string s_;
};

// run's buffer holds types this header does not see.
class Celled {
public:
  size_t run(int N);
  size_t more(int N);

private:
  std::string s_;
};

// Defined in the header: every unit that includes it compiles run.
class Inline {
public:
  size_t run(int N) {
    std::vector<int> Values;
    for (int I = 0; I < N; ++I)
      Values.push_back(I);
    return Values.size();
  }

private:
  std::string s_;
};

#endif
