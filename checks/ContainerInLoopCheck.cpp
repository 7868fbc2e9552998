//===--- ContainerInLoopCheck.cpp -------------------------------------------------===//

#include "checks/ContainerInLoopCheck.h"
