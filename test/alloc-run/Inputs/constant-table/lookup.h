#include <stdint.h>

namespace text {
uint32_t upper(uint32_t c);
bool has_upper(uint32_t c);
} // namespace text
