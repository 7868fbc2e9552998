// Loops alloc-reserve-in-loop must leave alone: each function says why.
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -- -- -std=c++17

#include <list>
#include <map>
#include <string>
#include <vector>

bool keep(int);
int compute();
bool more();
void consume(std::vector<int> &);

// The author already reserved.
std::vector<int> alreadyReserved(int n) {
  std::vector<int> v;
  v.reserve(n);
  for (int i = 0; i < n; ++i)
    v.push_back(i);
  return v;
}

void alreadyReservedMember(std::vector<int> &out, const std::vector<int> &in) {
  out.reserve(out.size() + in.size());
  for (int x : in)
    out.push_back(x);
}

// Appends under a condition: the count is only an upper bound, and
// ConditionalAppends is 'Ignore' by default.
std::vector<int> filtered(const std::vector<int> &in) {
  std::vector<int> v;
  for (int x : in)
    if (keep(x))
      v.push_back(x);
  return v;
}

std::vector<int> ternary(const std::vector<int> &in, std::vector<int> &odd) {
  std::vector<int> even;
  for (int x : in)
    x % 2 ? odd.push_back(x) : even.push_back(x);
  return even;
}

std::vector<int> shortCircuit(const std::vector<int> &in) {
  std::vector<int> v;
  for (int x : in)
    (void)(keep(x) && (v.push_back(x), true));
  return v;
}

std::vector<int> inSwitch(const std::vector<int> &in) {
  std::vector<int> v;
  for (int x : in) {
    switch (x) {
    case 1:
      v.push_back(x);
      break;
    default:
      break;
    }
  }
  return v;
}

// Loops that may leave early.
std::vector<int> breaks(const std::vector<int> &in) {
  std::vector<int> v;
  for (int x : in) {
    if (x < 0)
      break;
    v.push_back(x);
  }
  return v;
}

std::vector<int> returns(const std::vector<int> &in) {
  std::vector<int> v;
  for (int x : in) {
    if (x < 0)
      return {};
    v.push_back(x);
  }
  return v;
}

std::vector<int> jumps(const std::vector<int> &in) {
  std::vector<int> v;
  for (int x : in) {
    if (x < 0)
      goto done;
    v.push_back(x);
  }
done:
  return v;
}

// The bound or the range changes inside the loop.
std::vector<int> boundChanges(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i) {
    v.push_back(i);
    if (i == 3)
      n += 2;
  }
  return v;
}

void rangeChanges(std::vector<int> &queue, std::vector<int> &out) {
  for (std::size_t i = 0; i < queue.size(); ++i) {
    out.push_back(queue[i]);
    if (queue[i] > 0)
      queue.push_back(queue[i] - 1);
  }
}

// The loop grows its own range: no count before the loop.
void selfGrowing(std::vector<int> &v) {
  for (std::size_t i = 0; i < v.size(); ++i)
    v.push_back(1);
}

// The container is cleared, resized, swapped, shrunk or passed on.
void cleared(const std::vector<int> &in, std::vector<int> &batch) {
  for (int x : in) {
    if (batch.size() > 16)
      batch.clear();
    batch.push_back(x);
  }
}

void resized(int n, std::vector<int> &v) {
  for (int i = 0; i < n; ++i) {
    v.push_back(i);
    v.resize(v.size() / 2);
  }
}

void swapped(int n, std::vector<int> &v, std::vector<int> &w) {
  for (int i = 0; i < n; ++i) {
    v.push_back(i);
    v.swap(w);
  }
}

void popped(int n, std::vector<int> &v) {
  for (int i = 0; i < n; ++i) {
    v.push_back(i);
    v.pop_back();
  }
}

void passedOn(int n, std::vector<int> &v) {
  for (int i = 0; i < n; ++i) {
    v.push_back(i);
    consume(v);
  }
}

void addressTaken(int n, std::vector<int> &v) {
  for (int i = 0; i < n; ++i) {
    v.push_back(i);
    std::vector<int> *p = &v;
    (void)p;
  }
}

// Range inserts and pieces of unknown length.
void ranges(const std::vector<std::vector<int>> &rows, std::vector<int> &all) {
  for (const auto &row : rows)
    all.insert(all.end(), row.begin(), row.end());
}

std::string joined(const std::vector<std::string> &words) {
  std::string s;
  for (const std::string &w : words)
    s += w;
  return s;
}

std::string appended(const std::vector<std::string> &words) {
  std::string s;
  for (const std::string &w : words)
    s.append(w);
  return s;
}

// Node containers have no reserve().
std::list<int> list(int n) {
  std::list<int> l;
  for (int i = 0; i < n; ++i)
    l.push_back(i);
  return l;
}

std::map<int, int> map(int n) {
  std::map<int, int> m;
  for (int i = 0; i < n; ++i)
    m[i] = i;
  return m;
}

// Fewer iterations than MinIterations (4).
std::vector<int> threeTimes() {
  std::vector<int> v;
  for (int i = 0; i < 3; ++i)
    v.push_back(i);
  return v;
}

// Fits in std::string's inline buffer: no allocation at all.
std::string shortString() {
  std::string s;
  for (int i = 0; i < 10; ++i)
    s += 'x';
  return s;
}

// Globals may be filled by any code.
std::vector<int> Global;
void global(int n) {
  for (int i = 0; i < n; ++i)
    Global.push_back(i);
}

void staticLocal(int n) {
  static std::vector<int> Seen;
  for (int i = 0; i < n; ++i)
    Seen.push_back(i);
}

// A count that cannot be evaluated before the loop.
std::vector<int> unknownCount() {
  std::vector<int> v;
  for (int i = 0; i < compute(); ++i)
    v.push_back(i);
  while (more())
    v.push_back(0);
  return v;
}

// Inside an outer loop of unknown count, the container keeps what earlier
// passes appended: reserve(size() + n) there would reallocate on every pass.
std::vector<int> outerUnknown(int n) {
  std::vector<int> v;
  while (more())
    for (int i = 0; i < n; ++i)
      v.push_back(i);
  return v;
}

// An append inside a lambda runs whenever the lambda is called.
std::vector<int> lambda(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i) {
    auto add = [&v](int x) { v.push_back(x); };
    if (i % 2)
      add(i);
  }
  return v;
}

// Template-dependent code: the element type and its container are not known
// until instantiation, and the fix would be written into the template.
template <typename T> std::vector<T> dependent(int n) {
  std::vector<T> v;
  for (int i = 0; i < n; ++i)
    v.push_back(T());
  return v;
}
template std::vector<int> dependent<int>(int);

// A loop written by a macro has no place for a reserve().
#define REPEAT(N, BODY)                                                        \
  for (int i_ = 0; i_ < (N); ++i_) {                                           \
    BODY;                                                                      \
  }
std::vector<int> macroLoop(int n) {
  std::vector<int> v;
  REPEAT(n, v.push_back(i_));
  return v;
}

// A 'continue' before the append can skip it: only an upper bound
// (cppcheck's valueflow.cpp filters tokens like this).
std::vector<int> continued(const std::vector<int> &in) {
  std::vector<int> v;
  for (int x : in) {
    if (!keep(x))
      continue;
    v.push_back(x);
  }
  return v;
}

// A bound that uses a for-init variable inside an expression: 'n' does not
// exist before the loop, so there is nothing to spell.
std::vector<int> initVarInBound(const std::vector<int> &in) {
  std::vector<int> out;
  for (int i = 0, n = static_cast<int>(in.size()); i < n - 1; ++i)
    out.push_back(in[i] + in[i + 1]);
  return out;
}

// Appending nothing.
std::string nothing(int n) {
  std::string s;
  for (int i = 0; i < n; ++i)
    s += "";
  return s;
}
