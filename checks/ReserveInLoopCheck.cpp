//===--- ReserveInLoopCheck.cpp -------------------------------------------------===//

#include "checks/ReserveInLoopCheck.h"
