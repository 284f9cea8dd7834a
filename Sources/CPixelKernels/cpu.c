#include "CPixelKernels.h"
