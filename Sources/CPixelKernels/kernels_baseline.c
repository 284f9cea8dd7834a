// The kernels for any CPU of the architecture: SSE2 on x86-64 (half conversions by integer arithmetic), NEON on arm64
// (its FCVT half conversions). The portable path, and the reference the other builds are tested against.
#define HDRK_LANES 8
#define HDRK_ISA HDRK_ISA_BASELINE
#define HDRK_NAME(x) x##_baseline
#include "Kernels_inl.h"
