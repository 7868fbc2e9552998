// The records of lib/layout's model, for project-headers.test.
#include "lib/layout/LayoutModel.h"
