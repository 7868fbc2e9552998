#include "checks/DequeAsArrayCheck.h"
