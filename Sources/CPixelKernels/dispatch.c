// Which instruction sets this CPU runs, the kernel tables, and the op list's names.
#include "CPixelKernels.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <cpuid.h>
#include <immintrin.h>
#define HDRK_X86 1
#endif

extern const HDRKKernels hdrk_kernels_baseline;
#if HDRK_X86
extern const HDRKKernels hdrk_kernels_avx2;
extern const HDRKKernels hdrk_kernels_avx512;
#endif

#if HDRK_X86
/// The XCR0 register: which register states the operating system saves.
static unsigned long long hdrk_xcr0(void) {
    unsigned int low, high;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    return ((unsigned long long)high << 32) | low;
}
#endif

int hdrk_isa_supported(HDRKISA isa) {
    switch (isa) {
    case HDRK_ISA_BASELINE: return 1;
#if HDRK_X86
    case HDRK_ISA_AVX2:
    case HDRK_ISA_AVX512: {
        unsigned int a, b, c, d;
        if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
        // Every feature the builds' target attributes name (kernels_avx2.c, kernels_avx512.c): the compiler may use
        // any of them (it emits BMI2's SHLX, for one), and a virtual machine can offer AVX2 without them.
        const unsigned int fma = 1u << 12, popcnt = 1u << 23, osxsave = 1u << 27, avx = 1u << 28, f16c = 1u << 29;
        if ((c & (fma | popcnt | osxsave | avx | f16c)) != (fma | popcnt | osxsave | avx | f16c)) return 0;
        const unsigned long long xcr0 = hdrk_xcr0();
        if ((xcr0 & 0x6) != 0x6) return 0;  // XMM and YMM state
        if (__get_cpuid_max(0, 0) < 7) return 0;
        __cpuid_count(7, 0, a, b, c, d);
        const unsigned int bmi1 = 1u << 3, avx2 = 1u << 5, bmi2 = 1u << 8;
        if ((b & (bmi1 | avx2 | bmi2)) != (bmi1 | avx2 | bmi2)) return 0;
        if (isa == HDRK_ISA_AVX2) return 1;
        const unsigned int f = 1u << 16, dq = 1u << 17, bw = 1u << 30, vl = 1u << 31;
        if ((b & (f | dq | bw | vl)) != (f | dq | bw | vl)) return 0;
        return (xcr0 & 0xE0) == 0xE0;  // opmask and ZMM state
    }
#endif
    default: return 0;
    }
}

int hdrk_isa_lanes(HDRKISA isa) { return isa == HDRK_ISA_AVX512 ? 16 : 8; }

const HDRKKernels *hdrk_kernels(HDRKISA isa) {
    switch (isa) {
    case HDRK_ISA_BASELINE: return &hdrk_kernels_baseline;
#if HDRK_X86
    case HDRK_ISA_AVX2: return &hdrk_kernels_avx2;
    case HDRK_ISA_AVX512: return &hdrk_kernels_avx512;
#endif
    default: return 0;
    }
}

const char *hdrk_op_name(HDRKOp op) {
    switch (op) {
#define HDRK_OP_NAME(name, arguments, summary) \
    case HDRK_OP_##name: return #name;
        HDRK_OPS(HDRK_OP_NAME)
#undef HDRK_OP_NAME
    default: return "unknown";
    }
}

const char *hdrk_op_summary(HDRKOp op) {
    switch (op) {
#define HDRK_OP_SUMMARY(name, arguments, summary) \
    case HDRK_OP_##name: return summary;
        HDRK_OPS(HDRK_OP_SUMMARY)
#undef HDRK_OP_SUMMARY
    default: return "";
    }
}

void hdrk_prefetch(const void *address, long bytes) {
    const char *p = (const char *)address;
    for (long offset = 0; offset < bytes; offset += 64) __builtin_prefetch(p + offset);
}

void hdrk_store_fence(void) {
#if HDRK_X86
    _mm_sfence();
#elif defined(__aarch64__)
    __asm__ volatile("dmb ishst" ::: "memory");  // STNP: ordered by barriers like any store
#endif
}
