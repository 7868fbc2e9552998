//===--- QuickFixFilter.cpp - one code action per fix ---------------------===//

#include "tools/alloc-clangd/QuickFixFilter.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <cerrno>
#include <cstdio>
#ifndef _WIN32
#include <unistd.h>
#endif

namespace alloc_tidy {

namespace {
constexpr llvm::StringLiteral Header = "Content-Length:";

/// Whether every element of \p Result is a code action or a command: an
/// object with a "title".
bool isCodeActionList(const llvm::json::Array &Result) {
  return !Result.empty() &&
         llvm::all_of(Result, [](const llvm::json::Value &V) {
           const llvm::json::Object *O = V.getAsObject();
           return O && O->getString("title");
         });
}
} // namespace

std::string withoutRepeatedCodeActions(llvm::StringRef Message) {
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Message);
  if (!Parsed) {
    llvm::consumeError(Parsed.takeError());
    return Message.str();
  }
  llvm::json::Object *Response = Parsed->getAsObject();
  llvm::json::Array *Result = Response ? Response->getArray("result") : nullptr;
  if (!Result || !isCodeActionList(*Result))
    return Message.str();
  llvm::json::Array Kept;
  llvm::StringSet<> Seen;
  for (llvm::json::Value &Action : *Result) {
    // The same fix, whichever diagnostic of the request it answers.
    llvm::json::Object Key = *Action.getAsObject();
    Key.erase("diagnostics");
    Key.erase("isPreferred");
    std::string Text;
    llvm::raw_string_ostream(Text) << llvm::json::Value(std::move(Key));
    if (Seen.insert(Text).second)
      Kept.push_back(std::move(Action));
  }
  if (Kept.size() == Result->size())
    return Message.str();
  *Result = std::move(Kept);
  std::string Out;
  llvm::raw_string_ostream(Out) << *Parsed;
  return Out;
}

std::string filterLspOutput(std::string &Pending, bool AtEnd) {
  std::string Out;
  size_t Pos = 0;
  while (Pos < Pending.size()) {
    llvm::StringRef Rest = llvm::StringRef(Pending).drop_front(Pos);
    if (!Rest.starts_with(Header)) {
      // Not a message (or the start of one still to come): as it is, up to
      // the next message.
      if (!AtEnd && Header.starts_with(Rest))
        break;
      size_t Next = Rest.find(Header, 1);
      Out += Rest.take_front(Next);
      Pos += std::min(Next, Rest.size());
      continue;
    }
    size_t End = Rest.find("\r\n\r\n");
    if (End == llvm::StringRef::npos) {
      if (AtEnd)
        Out += Rest;
      Pos = AtEnd ? Pending.size() : Pos;
      break;
    }
    unsigned long long Length = 0;
    if (Rest.take_front(Rest.find_first_of("\r\n"))
            .drop_front(Header.size())
            .trim()
            .getAsInteger(10, Length)) {
      // A header we do not understand: passed on, and the rest after it.
      Out += Rest.take_front(End + 4);
      Pos += End + 4;
      continue;
    }
    if (Rest.size() < End + 4 + Length) {
      if (AtEnd) {
        Out += Rest;
        Pos = Pending.size();
      }
      break;
    }
    std::string Body = withoutRepeatedCodeActions(Rest.substr(End + 4, Length));
    if (Body.size() == Length)
      Out += Rest.take_front(End + 4 + Length);
    else
      Out += std::string(Header) + " " + std::to_string(Body.size()) +
             "\r\n\r\n" + Body;
    Pos += End + 4 + Length;
  }
  Pending.erase(0, Pos);
  return Out;
}

#ifndef _WIN32
namespace {
void writeAll(int FD, llvm::StringRef Data) {
  while (!Data.empty()) {
    ssize_t N = ::write(FD, Data.data(), Data.size());
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return;
    Data = Data.drop_front(N);
  }
}
} // namespace

void QuickFixFilter::start() {
  int Pipe[2];
  if (::pipe(Pipe))
    return;
  std::fflush(stdout);
  RealOut = ::dup(STDOUT_FILENO);
  if (RealOut < 0 || ::dup2(Pipe[1], STDOUT_FILENO) < 0) {
    ::close(Pipe[0]);
    ::close(Pipe[1]);
    if (RealOut >= 0)
      ::close(RealOut);
    RealOut = -1;
    return;
  }
  ::close(Pipe[1]);
  PipeRead = Pipe[0];
  Thread = std::thread([this] {
    std::string Pending;
    char Chunk[1 << 16];
    for (;;) {
      ssize_t N = ::read(PipeRead, Chunk, sizeof(Chunk));
      if (N < 0 && errno == EINTR)
        continue;
      if (N <= 0)
        break;
      Pending.append(Chunk, N);
      writeAll(RealOut, filterLspOutput(Pending, /*AtEnd=*/false));
    }
    writeAll(RealOut, filterLspOutput(Pending, /*AtEnd=*/true));
  });
}

void QuickFixFilter::stop() {
  if (RealOut < 0)
    return;
  llvm::outs().flush();
  std::fflush(stdout);
  // The pipe's last writer goes: the thread reads to its end.
  ::dup2(RealOut, STDOUT_FILENO);
  Thread.join();
  ::close(PipeRead);
  ::close(RealOut);
  RealOut = PipeRead = -1;
}
#else
void QuickFixFilter::start() {}
void QuickFixFilter::stop() {}
#endif

} // namespace alloc_tidy
