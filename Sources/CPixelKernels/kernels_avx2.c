// The kernels for x86-64 with AVX2, F16C and FMA, through a pushed target attribute (no compiler flags), so the
// package builds for any x86-64 and runs these only where hdrk_isa_supported says so. FMA is enabled for the
// compiler's instruction choice; contraction stays off (Kernels_inl.h), so no multiply-add is fused.
#if defined(__x86_64__) || defined(_M_X64)
#pragma clang attribute push(__attribute__((target("avx2,fma,f16c,bmi,bmi2,popcnt"))), apply_to = function)
#include <immintrin.h>
#define HDRK_LANES 8
#define HDRK_ISA HDRK_ISA_AVX2
#define HDRK_NAME(x) x##_avx2
#define HDRK_AVX2 1
#include "Kernels_inl.h"
#pragma clang attribute pop
#else
typedef int hdrk_no_avx2;  // not x86-64: no AVX2 build
#endif
