// A library's interface: its layout is part of the library's binary
// interface, so it keeps its members; each class keeps its state behind a
// pointer to a class that only speller.cpp defines.
#ifndef SPELLER_H
#define SPELLER_H

#include <memory>
#include <string>
#include <vector>

#define SPELLER_API __attribute__((visibility("default")))

class SpellerImpl;
class SPELLER_API Speller {
public:
  Speller();
  ~Speller();
  bool check(const std::string &Word);
  int count(const std::string &Text);
  bool checkGuarded(const std::string &Word);
  bool checkConst(const std::string &Word);
  bool checkBack(const std::string &Word);

private:
  SpellerImpl *impl_;
  const SpellerImpl *view_;
};

struct CounterImpl;
class SPELLER_API Counter {
public:
  Counter();
  ~Counter();
  int add(const std::string &Text);

private:
  std::unique_ptr<CounterImpl> Impl;
};

class SharedImpl;
class SPELLER_API Shared {
public:
  bool check(const std::string &Word);

private:
  std::shared_ptr<SharedImpl> Impl;
};

// An implementation every unit sees: a member there is one they see too.
struct OpenImpl {
  bool check(const std::string &Word, std::vector<std::string> &Stack);
};
class SPELLER_API Open {
public:
  bool check(const std::string &Word);

private:
  OpenImpl *Impl;
};

#endif
