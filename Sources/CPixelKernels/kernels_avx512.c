// The kernels for x86-64 with AVX-512 F, BW, DQ and VL (16 lanes), through a pushed target attribute as for AVX2.
#if defined(__x86_64__) || defined(_M_X64)
#pragma clang attribute push( \
    __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,f16c,bmi,bmi2,popcnt"))), apply_to = function)
#include <immintrin.h>
#define HDRK_LANES 16
#define HDRK_ISA HDRK_ISA_AVX512
#define HDRK_NAME(x) x##_avx512
#define HDRK_AVX512 1
#include "Kernels_inl.h"
#pragma clang attribute pop
#else
typedef int hdrk_no_avx512;  // not x86-64: no AVX-512 build
#endif
