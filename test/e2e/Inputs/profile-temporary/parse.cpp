// A parser that checks each instruction's operand against a list of the
// names it accepts, which it only reads to report an error: the list is
// built from constants on every call (2,000 instructions).
#include <cstdio>
#include <string>
#include <vector>

static int Errors = 0;

__attribute__((noinline)) static bool
expectOneOf(const std::string &Operand,
            const std::vector<std::string> &Accepted) {
  for (const std::string &Name : Accepted)
    if (Operand == Name)
      return true;
  ++Errors;
  return false;
}

static int parseInstruction(const std::string &Operand) {
  if (!expectOneOf(Operand, {"register-operand", "immediate-operand",
                             "memory-operand-with-offset"}))
    return 0;
  return static_cast<int>(Operand.size());
}

int main() {
  std::vector<std::string> Operands;
  for (int I = 0; I < 2000; ++I)
    Operands.push_back(I % 3 == 0 ? "register-operand" : "immediate-operand");
  int Total = 0;
  for (const std::string &Operand : Operands)
    Total += parseInstruction(Operand);
  std::printf("%d %d\n", Total, Errors);
}
