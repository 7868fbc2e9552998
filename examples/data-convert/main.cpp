// Loop-heavy data conversion code, modelled on the import and export paths
// of a data logger's desktop tool: samples from a few sensors are converted
// between units, resampled, regrouped by sensor and hour, and written out as
// text and hex, each step filling a fresh container in a loop whose trip
// count is known before it starts and none reserving it. Each function has
// one of the loop shapes docs/checks/alloc-reserve-in-loop.md lists (named
// in its comment); a few also build a container anew on every iteration
// (alloc-container-in-loop).
//
//   data-convert [SAMPLES]    SAMPLES: how many samples to generate (6000)
//
// Every step prints a checksum of what it made, so that a change of
// behaviour shows.
#include "heapcount/heapcount.h"

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace {

constexpr int Sensors = 4;
constexpr int Hours = 24;

struct Sample {
  int32_t TimeMs;
  int32_t MilliCelsius;
  uint16_t Humidity; // per mille
  uint8_t Sensor;
};

// FNV-1a over a sequence of integers.
class Checksum {
public:
  void add(int64_t V) {
    Hash ^= static_cast<uint64_t>(V);
    Hash *= 1099511628211ull;
  }
  template <typename Range> void addAll(const Range &Values) {
    for (const auto &V : Values)
      add(static_cast<int64_t>(V));
  }
  unsigned long long value() const { return Hash; }

private:
  uint64_t Hash = 14695981039346656037ull;
};

void report(const char *Step, std::size_t Count, const Checksum &C) {
  std::printf("%-14s %6zu %016llx\n", Step, Count, C.value());
}

// for over an integer counter, bound a parameter.
std::vector<Sample> generate(int Count) {
  std::vector<Sample> Out;
  uint32_t State = 7;
  for (int I = 0; I < Count; ++I) {
    State = State * 1664525u + 1013904223u;
    Out.push_back({I * 250, 18000 + static_cast<int32_t>(State >> 20) % 9000,
                   static_cast<uint16_t>(300 + (State >> 8) % 500),
                   static_cast<uint8_t>(I % Sensors)});
  }
  return Out;
}

// range-for over a parameter.
std::vector<int32_t> toMilliFahrenheit(const std::vector<Sample> &In) {
  std::vector<int32_t> Out;
  for (const Sample &S : In)
    Out.push_back(S.MilliCelsius * 9 / 5 + 32000);
  return Out;
}

// unsigned counter from a start other than 0.
std::vector<int32_t> timesFrom(const std::vector<Sample> &In,
                               std::size_t First) {
  std::vector<int32_t> Out;
  for (std::size_t I = First; I < In.size(); ++I)
    Out.push_back(In[I].TimeMs - In[First].TimeMs);
  return Out;
}

// a stride: += c.
std::vector<Sample> decimate(const std::vector<Sample> &In) {
  std::vector<Sample> Out;
  const int Count = static_cast<int>(In.size());
  for (int I = 0; I < Count; I += 4)
    Out.push_back(In[I]);
  return Out;
}

// counting down: >= and --.
std::vector<int32_t> reversedHumidity(const std::vector<Sample> &In) {
  std::vector<int32_t> Out;
  const int Count = static_cast<int>(In.size());
  for (int I = Count - 1; I >= 0; --I)
    Out.push_back(In[I].Humidity);
  return Out;
}

// counting down by a step: > and -= c.
std::vector<int32_t> pairDifferences(const std::vector<int32_t> &Values) {
  std::vector<int32_t> Out;
  const int Count = static_cast<int>(Values.size());
  for (int I = Count - 1; I > 0; I -= 2)
    Out.push_back(Values[I] - Values[I - 1]);
  return Out;
}

// <= from 1.
std::vector<int32_t> hourStarts(int Count) {
  std::vector<int32_t> Out;
  for (int Hour = 1; Hour <= Count; ++Hour)
    Out.push_back(Hour * 3600 * 1000);
  return Out;
}

// != with the bound in a second for-init variable.
std::vector<int32_t> kelvinTenths(const std::vector<Sample> &In) {
  std::vector<int32_t> Out;
  for (std::size_t I = 0, E = In.size(); I != E; ++I)
    Out.push_back(In[I].MilliCelsius / 100 + 2732);
  return Out;
}

// the counter declared before the loop.
std::vector<uint8_t> sensorIds(const std::vector<Sample> &In) {
  std::vector<uint8_t> Out;
  std::size_t I;
  for (I = 0; I < In.size(); ++I)
    Out.push_back(In[I].Sensor);
  return Out;
}

// no init statement: the counter starts before the loop.
std::vector<int32_t> tail(const std::vector<int32_t> &Values, int Skip) {
  std::vector<int32_t> Out;
  const int Count = static_cast<int>(Values.size());
  int I = Skip;
  for (; I < Count; ++I)
    Out.push_back(Values[I]);
  return Out;
}

// a cast in the bound, as code that avoids comparing signed and unsigned
// writes it.
std::vector<int32_t> percentOfFirst(const std::vector<int32_t> &Values) {
  std::vector<int32_t> Out;
  for (int I = 0; I < static_cast<int>(Values.size()); ++I)
    Out.push_back(Values[I] * 100 / Values[0]);
  return Out;
}

// range-for over an array.
std::vector<int32_t> thresholdCounts(const std::vector<Sample> &In) {
  static const int32_t Thresholds[] = {19000, 21000, 23000, 25000, 27000};
  std::vector<int32_t> Out;
  for (int32_t T : Thresholds) {
    int32_t Above = 0;
    for (const Sample &S : In)
      Above += S.MilliCelsius > T;
    Out.push_back(Above);
  }
  return Out;
}

// range-for over an initializer list.
std::vector<std::string> unitNames() {
  std::vector<std::string> Out;
  for (const char *Unit :
       {"degrees Celsius", "degrees Fahrenheit", "kelvin", "per mille"})
    Out.push_back(Unit);
  return Out;
}

// range-for over a std::array.
std::vector<int32_t> calibrated(const std::array<int32_t, Sensors> &Offsets,
                                int32_t Base) {
  std::vector<int32_t> Out;
  for (int32_t Offset : Offsets)
    Out.push_back(Base + Offset);
  return Out;
}

// One sensor's values, with range-for loops over a member and over a getter
// that returns a reference.
class Channel {
public:
  explicit Channel(std::vector<int32_t> Values) : Values(std::move(Values)) {}
  const std::vector<int32_t> &values() const { return Values; }

  // range-for over a member.
  std::vector<int32_t> scaled(int32_t Numerator, int32_t Denominator) const {
    std::vector<int32_t> Out;
    for (int32_t V : Values)
      Out.push_back(V * Numerator / Denominator);
    return Out;
  }

private:
  std::vector<int32_t> Values;
};

// range-for over a getter.
std::vector<int32_t> clamped(const Channel &C, int32_t Low, int32_t High) {
  std::vector<int32_t> Out;
  for (int32_t V : C.values())
    Out.push_back(V < Low ? Low : V > High ? High : V);
  return Out;
}

// an iterator loop from begin() to end().
std::vector<int32_t> deltas(const std::vector<int32_t> &Values) {
  std::vector<int32_t> Out;
  int32_t Previous = 0;
  for (auto It = Values.begin(); It != Values.end(); ++It) {
    Out.push_back(*It - Previous);
    Previous = *It;
  }
  return Out;
}

// a loop between two pointers.
std::vector<int32_t> widen(const uint8_t *Begin, const uint8_t *End) {
  std::vector<int32_t> Out;
  for (const uint8_t *P = Begin; P != End; ++P)
    Out.push_back(*P * 1000);
  return Out;
}

// a while loop whose last statement steps the counter.
std::vector<int32_t> movingAverage(const std::vector<int32_t> &Values) {
  std::vector<int32_t> Out;
  std::size_t I = 3;
  while (I < Values.size()) {
    Out.push_back((Values[I] + Values[I - 1] + Values[I - 2] + Values[I - 3]) /
                  4);
    ++I;
  }
  return Out;
}

// a do loop.
std::vector<int32_t> powersOfTwo(int Count) {
  std::vector<int32_t> Out;
  int I = 0;
  do {
    Out.push_back(1 << (I % 31));
    ++I;
  } while (I < Count);
  return Out;
}

// while (n--).
std::vector<int32_t> countdown(int Seconds) {
  std::vector<int32_t> Out;
  int Left = Seconds;
  while (Left--)
    Out.push_back(Left * 1000);
  return Out;
}

// nested loops: the counts multiply, one reserve before the outer loop.
std::vector<int32_t> hourlyGrid(const std::vector<Sample> &In) {
  std::vector<int32_t> Out;
  for (int S = 0; S < Sensors; ++S)
    for (int H = 0; H < Hours; ++H)
      Out.push_back(In[(S * Hours + H) % In.size()].MilliCelsius);
  return Out;
}

// a container built in the outer loop's body: its reserve goes before the
// inner loop, and it is built anew on every iteration.
std::vector<std::vector<int32_t>> bySensor(const std::vector<Sample> &In) {
  std::vector<std::vector<int32_t>> Out;
  const int PerSensor = static_cast<int>(In.size()) / Sensors;
  for (int S = 0; S < Sensors; ++S) {
    std::vector<int32_t> Row;
    for (int I = 0; I < PerSensor; ++I)
      Row.push_back(In[I * Sensors + S].MilliCelsius);
    Out.push_back(Row);
  }
  return Out;
}

std::string join(const std::vector<std::string> &Fields) {
  std::string Out;
  for (const std::string &F : Fields)
    Out += (Out.empty() ? "" : ";") + F;
  return Out;
}

// straight-line appends to a new vector, once per export (cold).
std::string csvHeader() {
  std::vector<std::string> Columns;
  Columns.push_back("time_ms");
  Columns.push_back("sensor");
  Columns.push_back("milli_celsius");
  Columns.push_back("humidity_per_mille");
  return join(Columns);
}

// a string: two characters per iteration.
std::string toHex(const std::vector<uint8_t> &Bytes) {
  static const char Digits[] = "0123456789abcdef";
  std::string Out;
  for (uint8_t B : Bytes) {
    Out += Digits[B >> 4];
    Out += Digits[B & 15];
  }
  return Out;
}

// a string: a literal and append(k, ch) per iteration.
std::string ruler(int Columns) {
  std::string Out;
  for (int C = 0; C < Columns; ++C) {
    Out += "|";
    Out.append(7, '-');
  }
  return Out;
}

// unordered containers: emplace, try_emplace and insert of distinct keys.
std::size_t indexByTime(const std::vector<Sample> &In) {
  std::unordered_map<int32_t, std::size_t> ByTime;
  for (std::size_t I = 0; I < In.size(); ++I)
    ByTime.emplace(In[I].TimeMs, I);
  std::unordered_map<int32_t, int32_t> Hourly;
  for (int H = 0; H < Hours; ++H)
    Hourly.try_emplace(H, H * 3600);
  std::unordered_set<int32_t> Seen;
  for (const Sample &S : In)
    Seen.insert(S.TimeMs / 1000);
  return ByTime.size() + Hourly.size() + Seen.size();
}

// operator[] counts as an insertion on every iteration (an upper bound: most
// of them find the key).
std::vector<int32_t> lastSeen(const std::vector<Sample> &In) {
  std::unordered_map<int, int32_t> Last;
  for (const Sample &S : In)
    Last[S.Sensor] = S.TimeMs;
  std::vector<int32_t> Out;
  for (int S = 0; S < Sensors; ++S)
    Out.push_back(Last[S]);
  return Out;
}

// several containers filled by one loop.
void splitColumns(const std::vector<Sample> &In, Checksum &C) {
  std::vector<int32_t> Times;
  std::vector<int32_t> Values;
  std::vector<int32_t> Humidity;
  for (const Sample &S : In) {
    Times.push_back(S.TimeMs);
    Values.push_back(S.MilliCelsius);
    Humidity.push_back(S.Humidity);
  }
  C.addAll(Times);
  C.addAll(Values);
  C.addAll(Humidity);
}

// a text line built anew for every sample (alloc-container-in-loop): the
// fields make it longer than a string's inline buffer.
std::size_t csvBody(const std::vector<Sample> &In, Checksum &C) {
  std::size_t Bytes = 0;
  for (const Sample &S : In) {
    std::string Line;
    const int32_t Fields[] = {S.TimeMs, S.Sensor, S.MilliCelsius, S.Humidity};
    for (int32_t F : Fields) {
      if (!Line.empty())
        Line += ';';
      Line += std::to_string(F);
    }
    Bytes += Line.size();
    C.add(static_cast<int64_t>(Line.size()) * 131 + Line.back());
  }
  return Bytes;
}

// the reverse mistake: reserve(size() + k) in a loop reallocates on every
// iteration (reported without a fix-it).
std::vector<int32_t>
concatenate(const std::vector<std::vector<int32_t>> &Rows) {
  std::vector<int32_t> Out;
  for (const std::vector<int32_t> &Row : Rows) {
    Out.reserve(Out.size() + Row.size());
    Out.insert(Out.end(), Row.begin(), Row.end());
  }
  return Out;
}

} // namespace

int main(int Argc, char **Argv) {
  int Count = Argc > 1 ? std::atoi(Argv[1]) : 6000;
  if (Count < 16 || Count > 1000000) {
    std::fprintf(stderr, "data-convert: bad sample count '%s'\n", Argv[1]);
    return 2;
  }
  std::vector<Sample> Samples;
  {
    heapcount::Scope Generate("generate");
    Samples = generate(Count);
  }
  heapcount::Scope Convert("convert");
  Checksum C;
  std::vector<int32_t> Fahrenheit = toMilliFahrenheit(Samples);
  C.addAll(Fahrenheit);
  report("fahrenheit", Fahrenheit.size(), C);
  std::vector<int32_t> Times = timesFrom(Samples, 10);
  C.addAll(Times);
  report("times", Times.size(), C);
  std::vector<Sample> Decimated = decimate(Samples);
  for (const Sample &S : Decimated)
    C.add(S.TimeMs);
  report("decimated", Decimated.size(), C);
  std::vector<int32_t> Humidity = reversedHumidity(Samples);
  C.addAll(Humidity);
  report("humidity", Humidity.size(), C);
  std::vector<int32_t> Pairs = pairDifferences(Fahrenheit);
  C.addAll(Pairs);
  report("pairs", Pairs.size(), C);
  std::vector<int32_t> Starts = hourStarts(Hours);
  C.addAll(Starts);
  report("hour starts", Starts.size(), C);
  std::vector<int32_t> Kelvin = kelvinTenths(Samples);
  C.addAll(Kelvin);
  report("kelvin", Kelvin.size(), C);
  std::vector<uint8_t> Ids = sensorIds(Samples);
  C.addAll(Ids);
  report("sensor ids", Ids.size(), C);
  std::vector<int32_t> Tail = tail(Kelvin, 100);
  C.addAll(Tail);
  report("tail", Tail.size(), C);
  std::vector<int32_t> Percent = percentOfFirst(Kelvin);
  C.addAll(Percent);
  report("percent", Percent.size(), C);
  std::vector<int32_t> Thresholds = thresholdCounts(Samples);
  C.addAll(Thresholds);
  report("thresholds", Thresholds.size(), C);
  std::vector<std::string> Units = unitNames();
  for (const std::string &U : Units)
    C.add(static_cast<int64_t>(U.size()));
  report("units", Units.size(), C);
  std::vector<int32_t> Calibrated = calibrated({-120, 35, 0, 210}, 20000);
  C.addAll(Calibrated);
  report("calibrated", Calibrated.size(), C);
  Channel First(Kelvin);
  std::vector<int32_t> Scaled = First.scaled(9, 5);
  C.addAll(Scaled);
  report("scaled", Scaled.size(), C);
  std::vector<int32_t> Clamped = clamped(First, 2900, 3000);
  C.addAll(Clamped);
  report("clamped", Clamped.size(), C);
  std::vector<int32_t> Deltas = deltas(Times);
  C.addAll(Deltas);
  report("deltas", Deltas.size(), C);
  std::vector<int32_t> Wide = widen(Ids.data(), Ids.data() + Ids.size());
  C.addAll(Wide);
  report("widened", Wide.size(), C);
  std::vector<int32_t> Average = movingAverage(Fahrenheit);
  C.addAll(Average);
  report("average", Average.size(), C);
  std::vector<int32_t> Powers = powersOfTwo(40);
  C.addAll(Powers);
  report("powers", Powers.size(), C);
  std::vector<int32_t> Countdown = countdown(90);
  C.addAll(Countdown);
  report("countdown", Countdown.size(), C);
  std::vector<int32_t> Grid = hourlyGrid(Samples);
  C.addAll(Grid);
  report("grid", Grid.size(), C);
  std::vector<std::vector<int32_t>> Rows = bySensor(Samples);
  for (const std::vector<int32_t> &Row : Rows)
    C.addAll(Row);
  report("by sensor", Rows.size(), C);
  std::string Header = csvHeader();
  C.addAll(Header);
  report("header", Header.size(), C);
  std::string Hex = toHex(Ids);
  C.addAll(Hex);
  report("hex", Hex.size(), C);
  std::string Ruler = ruler(12);
  C.addAll(Ruler);
  report("ruler", Ruler.size(), C);
  std::size_t Indexed = indexByTime(Samples);
  C.add(static_cast<int64_t>(Indexed));
  report("indexed", Indexed, C);
  std::vector<int32_t> Last = lastSeen(Samples);
  C.addAll(Last);
  report("last seen", Last.size(), C);
  splitColumns(Samples, C);
  report("columns", Samples.size(), C);
  std::size_t Body = csvBody(Samples, C);
  report("csv body", Body, C);
  std::vector<int32_t> All = concatenate(Rows);
  C.addAll(All);
  report("concatenated", All.size(), C);
  return 0;
}
