// A word index, modelled on the case of a program that built a large hash
// map from strings to counts (a Rust HashMap<String, _>) and then dropped
// it: on Windows under a debugger, the drop took minutes, because the debug
// heap checks the whole heap on every free, and a map of strings is one
// free per node and one per key too long for the string's inline buffer.
// Here the map is a std::unordered_map<std::string, int> built over a few
// generated documents, queried, then dropped.
//
//   word-index
//
// The program generates a vocabulary and documents drawn from it (a few
// words are far more common than the rest, as in text), splits and
// normalises the words, counts them, prints the most common ones and a
// checksum, and drops the index.
#include "heapcount/heapcount.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace {

constexpr int VocabularySize = 24000;
constexpr int DocumentCount = 12;
constexpr int WordsPerDocument = 16000;

// A small deterministic generator, so that the documents are the same on
// every platform.
class Random {
public:
  unsigned next(unsigned Bound) {
    State = State * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<unsigned>(State >> 33) % Bound;
  }

private:
  uint64_t State = 42;
};

const char *const Syllables[] = {
    "al", "be",  "con", "de", "el",   "fra",  "gi",   "ho",  "in",  "ju", "ka",
    "lo", "men", "no",  "or", "pre",  "qua",  "ri",   "sto", "tu",  "un", "ver",
    "wa", "xi",  "yo",  "ze", "tion", "ment", "able", "ous", "ing", "er"};

std::string makeWord(Random &Rng) {
  std::string Word;
  int Parts = 1 + static_cast<int>(Rng.next(5)) + (Rng.next(8) == 0 ? 3 : 0);
  for (int I = 0; I < Parts; ++I)
    Word += Syllables[Rng.next(sizeof(Syllables) / sizeof(Syllables[0]))];
  return Word;
}

// Sentences of vocabulary words, the first capitalised, with commas and full
// stops; low indexes (common words) are drawn far more often.
std::string makeDocument(Random &Rng, const std::vector<std::string> &Vocab) {
  std::string Text;
  bool SentenceStart = true;
  for (int I = 0; I < WordsPerDocument; ++I) {
    unsigned Rank = Rng.next(VocabularySize);
    unsigned Index = Rank * Rng.next(VocabularySize) / VocabularySize;
    std::string Word = Vocab[Index];
    if (SentenceStart && Word[0] >= 'a' && Word[0] <= 'z')
      Word[0] = static_cast<char>(Word[0] - 'a' + 'A');
    Text += Word;
    unsigned Mark = Rng.next(16);
    SentenceStart = Mark == 0;
    Text += Mark == 0 ? ". " : Mark == 1 ? ", " : " ";
  }
  return Text;
}

std::vector<std::string> split(const std::string &Text) {
  std::vector<std::string> Words;
  std::string Word;
  for (char C : Text) {
    if (C != ' ') {
      Word += C;
    } else if (!Word.empty()) {
      Words.push_back(Word);
      Word.clear();
    }
  }
  if (!Word.empty())
    Words.push_back(Word);
  return Words;
}

char lower(char C) {
  return C >= 'A' && C <= 'Z' ? static_cast<char>(C - 'A' + 'a') : C;
}

using Index = std::unordered_map<std::string, int>;

// Counts the words of Text in Counts, lower-cased and without punctuation,
// leaving out the stop words.
void addDocument(const std::string &Text,
                 const std::unordered_set<std::string> &StopWords,
                 Index &Counts) {
  for (const std::string &Raw : split(Text)) {
    std::string Key;
    for (char C : Raw)
      if (C != ',' && C != '.')
        Key += lower(C);
    if (StopWords.count(Key) == 0)
      ++Counts[Key];
  }
}

std::unordered_set<std::string> stopWords() {
  std::unordered_set<std::string> Words;
  for (const char *Word : {"al", "be", "de", "el", "in", "no", "or", "un"})
    Words.insert(Word);
  return Words;
}

uint64_t fnv(const std::string &Text) {
  uint64_t H = 14695981039346656037ull;
  for (char C : Text) {
    H ^= static_cast<unsigned char>(C);
    H *= 1099511628211ull;
  }
  return H;
}

} // namespace

int main() {
  std::vector<std::string> Vocab;
  std::vector<std::string> Documents;
  {
    heapcount::Scope Generate("generate");
    Random Rng;
    for (int I = 0; I < VocabularySize; ++I)
      Vocab.push_back(makeWord(Rng));
    for (int D = 0; D < DocumentCount; ++D)
      Documents.push_back(makeDocument(Rng, Vocab));
  }
  Index Counts;
  {
    heapcount::Scope Build("build");
    std::unordered_set<std::string> StopWords = stopWords();
    for (const std::string &Text : Documents)
      addDocument(Text, StopWords, Counts);
  }
  {
    heapcount::Scope Query("query");
    std::vector<std::pair<std::string, int>> Entries;
    for (const auto &Entry : Counts)
      Entries.push_back(Entry);
    std::sort(Entries.begin(), Entries.end(),
              [](const std::pair<std::string, int> &A,
                 const std::pair<std::string, int> &B) {
                return A.second != B.second ? A.second > B.second
                                            : A.first < B.first;
              });
    long long Total = 0;
    int Once = 0;
    int Long = 0;
    uint64_t Checksum = 0;
    for (const auto &Entry : Entries) {
      Total += Entry.second;
      Once += Entry.second == 1;
      Long += Entry.first.size() > 15;
      Checksum += fnv(Entry.first) * static_cast<uint64_t>(Entry.second);
    }
    std::printf("%zu distinct words (%d longer than 15 characters, %d seen "
                "once) in %lld words of %d documents\n",
                Entries.size(), Long, Once, Total, DocumentCount);
    for (std::size_t I = 0; I < 8 && I < Entries.size(); ++I)
      std::printf("%2zu. %-20s %d\n", I + 1, Entries[I].first.c_str(),
                  Entries[I].second);
    std::printf("checksum %016llx\n",
                static_cast<unsigned long long>(Checksum));
  }
  {
    heapcount::Scope Drop("drop");
    Index().swap(Counts);
  }
  return 0;
}
