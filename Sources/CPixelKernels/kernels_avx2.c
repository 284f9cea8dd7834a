// AVX2/F16C row kernels. See CPixelKernels.h: every kernel repeats the portable Swift kernel's float operations in
// the same order, and fused multiply-adds are forbidden, so both give the same bits.
#include "CPixelKernels.h"

#pragma STDC FP_CONTRACT OFF
#if defined(__clang__)
#pragma clang fp contract(off)
#endif

#if defined(__x86_64__) || defined(_M_X64)

#include <cpuid.h>
#include <immintrin.h>

#define HDRK_TARGET __attribute__((target("avx2,f16c")))

void hdrk_store_fence(void) { _mm_sfence(); }

void hdrk_prefetch(const void *address, long bytes) {
    const char *p = (const char *)address;
    for (long offset = 0; offset < bytes; offset += 64) _mm_prefetch(p + offset, _MM_HINT_T0);
}

int hdrk_has_avx2_f16c(void) {
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const unsigned int osxsave = 1u << 27, avx = 1u << 28, f16c = 1u << 29;
    if ((c & (osxsave | avx | f16c)) != (osxsave | avx | f16c)) return 0;
    unsigned int xcr0_low, xcr0_high;
    __asm__ volatile("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    if ((xcr0_low & 6u) != 6u) return 0;  // the OS saves XMM and YMM state
    if (__get_cpuid_max(0, 0) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return (b & (1u << 5)) ? 1 : 0;  // AVX2
}

/// An affine map's coefficients as broadcast vectors: m[0 … 8] the matrix, m[9 … 11] the offset.
HDRK_TARGET static inline void hdrk_affine_registers(const HDRKAffine *k, __m256 m[12]) {
    for (int j = 0; j < 9; j++) m[j] = _mm256_set1_ps(k->m[j]);
    for (int j = 0; j < 3; j++) m[9 + j] = _mm256_set1_ps(k->o[j]);
}

/// (a, b, c) ↦ M·(a, b, c) + o, each output ((m·a + m·b) + m·c) + o, as hdrk_affine_avx2.
HDRK_TARGET static inline __attribute__((always_inline)) void hdrk_affine3(const __m256 m[12], __m256 *a, __m256 *b,
                                                                           __m256 *c) {
    const __m256 x = *a, y = *b, z = *c;
    const __m256 r0 = _mm256_add_ps(_mm256_mul_ps(m[0], x), _mm256_mul_ps(m[1], y));
    const __m256 r1 = _mm256_add_ps(_mm256_mul_ps(m[3], x), _mm256_mul_ps(m[4], y));
    const __m256 r2 = _mm256_add_ps(_mm256_mul_ps(m[6], x), _mm256_mul_ps(m[7], y));
    *a = _mm256_add_ps(_mm256_add_ps(r0, _mm256_mul_ps(m[2], z)), m[9]);
    *b = _mm256_add_ps(_mm256_add_ps(r1, _mm256_mul_ps(m[5], z)), m[10]);
    *c = _mm256_add_ps(_mm256_add_ps(r2, _mm256_mul_ps(m[8], z)), m[11]);
}

HDRK_TARGET void hdrk_affine_avx2(const HDRKAffine *k, float *p0, float *p1, float *p2, long n) {
    __m256 m[12];
    hdrk_affine_registers(k, m);
    for (long i = 0; i < n; i += 8) {
        __m256 a = _mm256_loadu_ps(p0 + i), b = _mm256_loadu_ps(p1 + i), c = _mm256_loadu_ps(p2 + i);
        hdrk_affine3(m, &a, &b, &c);
        _mm256_storeu_ps(p0 + i, a);
        _mm256_storeu_ps(p1 + i, b);
        _mm256_storeu_ps(p2 + i, c);
    }
}

/// The table's constants in registers.
typedef struct {
    __m256i low, highMinusOne, toe, signBit, magnitudeMask, one, fractionMask;
    __m128i shift, fractionShift;
    __m256 toeOffset, toeSlope, clampLow, clampHigh, floor, unit;
    int clamps, unmirrored;
} HDRKTableRegisters;

HDRK_TARGET static inline HDRKTableRegisters hdrk_table_registers(const HDRKTableLayout *l) {
    HDRKTableRegisters r;
    r.low = _mm256_set1_epi32((int)l->lowBits);
    r.highMinusOne = _mm256_set1_epi32((int)(l->highBits - 1));
    r.toe = _mm256_set1_epi32((int)l->toeBits);
    r.signBit = _mm256_set1_epi32((int)0x80000000u);
    r.magnitudeMask = _mm256_set1_epi32(0x7FFFFFFF);
    r.one = _mm256_set1_epi32(0x3F800000);
    r.fractionMask = _mm256_set1_epi32(0x007FFFFF);
    r.shift = _mm_cvtsi32_si128((int)l->shift);
    r.fractionShift = _mm_cvtsi32_si128((int)l->fractionShift);
    r.toeOffset = _mm256_set1_ps(l->toeOffset);
    r.toeSlope = _mm256_set1_ps(l->toeSlope);
    r.clampLow = _mm256_set1_ps(l->clampLow);
    r.clampHigh = _mm256_set1_ps(l->clampHigh);
    r.floor = _mm256_set1_ps(l->floor);
    r.unit = _mm256_set1_ps(1.0f);
    r.clamps = l->clamps != 0;
    r.unmirrored = l->unmirrored != 0;
    return r;
}

// Features a table may need; the loops are instantiated per combination so that unused work vanishes.
enum {
    HDRK_CLAMP = 1,  // inputs are clamped first
    HDRK_SIGNED = 2,  // negative inputs are the sign-mirror of positive ones
    HDRK_NEGATIVE_OUTSIDE = 4,  // negative inputs are outside the table
    HDRK_FLOOR = 8,  // interpolated values are kept at or above a floor
};

/// The features of a layout. Clamping to a range that starts at 0 or above leaves no negative input (but NaN, which
/// is outside anyway), so such tables need no sign handling.
static int hdrk_table_features(const HDRKTableLayout *l) {
    const int nonNegative = l->clamps && l->clampLow >= 0.0f;
    int features = 0;
    if (l->clamps) features |= HDRK_CLAMP;
    if (!nonNegative) features |= l->unmirrored ? HDRK_NEGATIVE_OUTSIDE : HDRK_SIGNED;
    if (l->floor > -__builtin_inff()) features |= HDRK_FLOOR;
    return features;
}

/// The pairs (p[2i], p[2i + 1]) at the eight indices, as two vectors: one 64-bit load per lane (faster than gather
/// instructions on AMD cores and on Intel cores with the Gather Data Sampling mitigation), as lanes 0 1 4 5 and
/// 2 3 6 7, whose even and odd elements shuffle back into lane order.
HDRK_TARGET static inline __attribute__((always_inline)) void hdrk_load_pairs(
    const float *p, __m256i index, __m256 *first, __m256 *second) {
    // Two indices per 64-bit move to a general register: half the vector-to-integer transfers of one per lane.
    const __m128i low = _mm256_castsi256_si128(index), high = _mm256_extracti128_si256(index, 1);
    uint64_t i01 = (uint64_t)_mm_cvtsi128_si64(low), i23 = (uint64_t)_mm_extract_epi64(low, 1);
    uint64_t i45 = (uint64_t)_mm_cvtsi128_si64(high), i67 = (uint64_t)_mm_extract_epi64(high, 1);
    // Opaque to the optimiser, which would otherwise turn the upper halves back into one extraction per lane.
    __asm__("" : "+r"(i01), "+r"(i23), "+r"(i45), "+r"(i67));
    const double *pairs = (const double *)p;
#define HDRK_PAIR(i, half) _mm_castpd_si128(_mm_load_sd(pairs + (uint32_t)((i) >> (32 * (half)))))
    const __m128i p01 = _mm_unpacklo_epi64(HDRK_PAIR(i01, 0), HDRK_PAIR(i01, 1));
    const __m128i p23 = _mm_unpacklo_epi64(HDRK_PAIR(i23, 0), HDRK_PAIR(i23, 1));
    const __m128i p45 = _mm_unpacklo_epi64(HDRK_PAIR(i45, 0), HDRK_PAIR(i45, 1));
    const __m128i p67 = _mm_unpacklo_epi64(HDRK_PAIR(i67, 0), HDRK_PAIR(i67, 1));
#undef HDRK_PAIR
    const __m256 g0 = _mm256_castsi256_ps(_mm256_inserti128_si256(_mm256_castsi128_si256(p01), p45, 1));
    const __m256 g1 = _mm256_castsi256_ps(_mm256_inserti128_si256(_mm256_castsi128_si256(p23), p67, 1));
    *first = _mm256_shuffle_ps(g0, g1, _MM_SHUFFLE(2, 0, 2, 0));
    *second = _mm256_shuffle_ps(g0, g1, _MM_SHUFFLE(3, 1, 3, 1));
}

/// PiecewiseLinearTable.clamped, outside and interpolate for eight lanes, for the features `f` (a constant at every
/// call, so the compiler drops what a table does not need). `*outsideMask` gets all-ones lanes for inputs the table
/// does not cover.
HDRK_TARGET static inline __attribute__((always_inline)) __m256 hdrk_table_eval(
    const HDRKTableRegisters *r, const float *table, __m256 x, __m256i *outsideMask, const int f) {
    if (f & HDRK_CLAMP) {
        // max(low, x) is x < low ? low : x and min(high, x) is x > high ? high : x, NaN and signed zeros included
        // (each returns its second operand unless the comparison holds).
        x = _mm256_max_ps(r->clampLow, x);
        x = _mm256_min_ps(r->clampHigh, x);
    }
    const __m256i bits = _mm256_castps_si256(x);
    __m256i magnitude = _mm256_and_si256(bits, r->magnitudeMask);
    // Magnitudes are below 2^31, so signed comparisons order them as unsigned ones do.
    __m256i outside = _mm256_cmpgt_epi32(magnitude, r->highMinusOne);
    __m256i sign = _mm256_setzero_si256();
    if (f & (HDRK_SIGNED | HDRK_NEGATIVE_OUTSIDE)) {
        const __m256i zeroMagnitude = _mm256_cmpeq_epi32(magnitude, _mm256_setzero_si256());
        const __m256i negative = _mm256_andnot_si256(zeroMagnitude, _mm256_cmpgt_epi32(_mm256_setzero_si256(), bits));
        if (f & HDRK_NEGATIVE_OUTSIDE) outside = _mm256_or_si256(outside, negative);
        if (f & HDRK_SIGNED) sign = _mm256_and_si256(negative, r->signBit);
    }
    *outsideMask = outside;
    magnitude = _mm256_min_epu32(magnitude, r->highMinusOne);
    const __m256i offset = _mm256_sub_epi32(_mm256_max_epu32(magnitude, r->low), r->low);
    const __m256i index = _mm256_srl_epi32(offset, r->shift);
    const __m256 fraction = _mm256_sub_ps(
        _mm256_castsi256_ps(
            _mm256_or_si256(r->one, _mm256_and_si256(_mm256_sll_epi32(offset, r->fractionShift), r->fractionMask))),
        r->unit);
    __m256 y0, y1;
    hdrk_load_pairs(table, index, &y0, &y1);
    __m256 interpolated = _mm256_add_ps(y0, _mm256_mul_ps(_mm256_sub_ps(y1, y0), fraction));
    if (f & HDRK_FLOOR) {
        interpolated = _mm256_blendv_ps(interpolated, r->floor, _mm256_cmp_ps(interpolated, r->floor, _CMP_LT_OQ));
    }
    const __m256 toe = _mm256_add_ps(r->toeOffset, _mm256_mul_ps(r->toeSlope, _mm256_castsi256_ps(magnitude)));
    const __m256 y = _mm256_blendv_ps(interpolated, toe, _mm256_castsi256_ps(_mm256_cmpgt_epi32(r->toe, magnitude)));
    if (!(f & HDRK_SIGNED)) return y;
    return _mm256_castsi256_ps(_mm256_xor_si256(_mm256_castps_si256(y), sign));
}

/// Appends the lanes of `mask` below `n` to `outside`.
static inline long hdrk_record(int mask, long base, long n, int32_t *outside, long count) {
    while (mask) {
        const int lane = __builtin_ctz((unsigned)mask);
        if (base + lane < n) outside[count++] = (int32_t)(base + lane);
        mask &= mask - 1;
    }
    return count;
}

#define HDRK_FEATURE_CASES(BODY) \
    switch (features) { \
    case 0: BODY(0) break; case 1: BODY(1) break; case 2: BODY(2) break; case 3: BODY(3) break; \
    case 4: BODY(4) break; case 5: BODY(5) break; case 6: BODY(6) break; case 7: BODY(7) break; \
    case 8: BODY(8) break; case 9: BODY(9) break; case 10: BODY(10) break; case 11: BODY(11) break; \
    case 12: BODY(12) break; case 13: BODY(13) break; case 14: BODY(14) break; default: BODY(15) break; \
    }

HDRK_TARGET long hdrk_table_avx2(const HDRKTableLayout *layout, const float *table, float *v, long n,
                                 int32_t *outside) {
    const HDRKTableRegisters r = hdrk_table_registers(layout);
    const int features = hdrk_table_features(layout);
    long count = 0;
#define HDRK_TABLE_LOOP(F) \
    for (long i = 0; i < n; i += 8) { \
        const __m256 x = _mm256_loadu_ps(v + i); \
        __m256i outsideMask; \
        const __m256 y = hdrk_table_eval(&r, table, x, &outsideMask, F); \
        const int mask = _mm256_movemask_ps(_mm256_castsi256_ps(outsideMask)); \
        if (mask) { \
            _mm256_storeu_ps(v + i, _mm256_blendv_ps(y, x, _mm256_castsi256_ps(outsideMask))); \
            count = hdrk_record(mask, i, n, outside, count); \
        } else { \
            _mm256_storeu_ps(v + i, y); \
        } \
    }
    HDRK_FEATURE_CASES(HDRK_TABLE_LOOP)
#undef HDRK_TABLE_LOOP
    return count;
}

HDRK_TARGET long hdrk_luminance_gain_avx2(const float w[3], const HDRKTableLayout *layout, const float *table,
                                          float *p0, float *p1, float *p2, long n, int32_t *outside) {
    const HDRKTableRegisters r = hdrk_table_registers(layout);
    const int features = hdrk_table_features(layout);
    const __m256 w0 = _mm256_set1_ps(w[0]), w1 = _mm256_set1_ps(w[1]), w2 = _mm256_set1_ps(w[2]);
    long count = 0;
#define HDRK_GAIN_LOOP(F) \
    for (long i = 0; i < n; i += 8) { \
        const __m256 a = _mm256_loadu_ps(p0 + i), b = _mm256_loadu_ps(p1 + i), c = _mm256_loadu_ps(p2 + i); \
        const __m256 luminance = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(w0, a), _mm256_mul_ps(w1, b)), \
                                               _mm256_mul_ps(w2, c)); \
        __m256i outsideMask; \
        const __m256 gain = hdrk_table_eval(&r, table, luminance, &outsideMask, F); \
        const __m256 keep = _mm256_castsi256_ps(outsideMask); \
        _mm256_storeu_ps(p0 + i, _mm256_blendv_ps(_mm256_mul_ps(a, gain), a, keep)); \
        _mm256_storeu_ps(p1 + i, _mm256_blendv_ps(_mm256_mul_ps(b, gain), b, keep)); \
        _mm256_storeu_ps(p2 + i, _mm256_blendv_ps(_mm256_mul_ps(c, gain), c, keep)); \
        const int mask = _mm256_movemask_ps(keep); \
        if (mask) count = hdrk_record(mask, i, n, outside, count); \
    }
    HDRK_FEATURE_CASES(HDRK_GAIN_LOOP)
#undef HDRK_GAIN_LOOP
    return count;
}

// MARK: Headroom fit

/// A headroom fit's constants in registers.
typedef struct {
    __m256 w0, w1, w2, h, limit, invH, zero, one, knee, span;
} HDRKFitRegisters;

HDRK_TARGET static inline HDRKFitRegisters hdrk_fit_registers(const float w[3], float h, float limit) {
    HDRKFitRegisters f;
    f.w0 = _mm256_set1_ps(w[0]);
    f.w1 = _mm256_set1_ps(w[1]);
    f.w2 = _mm256_set1_ps(w[2]);
    f.h = _mm256_set1_ps(h);
    f.limit = _mm256_set1_ps(limit);
    f.invH = _mm256_set1_ps(1.0f / h);
    f.zero = _mm256_setzero_ps();
    f.one = _mm256_set1_ps(1.0f);
    f.knee = _mm256_set1_ps(0.75f);
    f.span = _mm256_set1_ps(4.0f);
    return f;
}

/// One component of the fit (see hdrk_fit3).
HDRK_TARGET static inline __attribute__((always_inline)) __m256 hdrk_fit1(const HDRKFitRegisters *f, __m256 c,
                                                                          __m256 y, __m256 s, __m256 k, __m256 blend,
                                                                          __m256 full, __m256 clip, __m256 fitted) {
    const __m256 d = _mm256_add_ps(y, _mm256_mul_ps(s, _mm256_sub_ps(c, y)));
    const __m256 scaled = _mm256_mul_ps(c, k);
    __m256 t = _mm256_add_ps(d, _mm256_mul_ps(blend, _mm256_sub_ps(scaled, d)));
    t = _mm256_min_ps(_mm256_blendv_ps(t, scaled, full), f->h);
    const __m256 clipped = _mm256_min_ps(c, f->h);
    return _mm256_blendv_ps(_mm256_blendv_ps(c, clipped, clip), t, fitted);
}

/// The fit on eight pixels, as the portable HeadroomFit.fit: _mm256_max_ps(a, b) is a > b ? a : b and
/// _mm256_min_ps(a, b) is a < b ? a : b, the Swift expressions; lanes not over the headroom keep their values, lanes
/// at most `limit` are clipped at the headroom, the others blend the desaturated and the scaled pixel.
HDRK_TARGET static inline __attribute__((always_inline)) void hdrk_fit3(const HDRKFitRegisters *f, __m256 *r,
                                                                        __m256 *g, __m256 *b) {
    const __m256 m = _mm256_max_ps(_mm256_max_ps(*r, *g), *b);
    const __m256 over = _mm256_cmp_ps(m, f->h, _CMP_GT_OQ);
    if (_mm256_movemask_ps(over) == 0) return;
    const __m256 y = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(f->w0, *r), _mm256_mul_ps(f->w1, *g)),
                                   _mm256_mul_ps(f->w2, *b));
    const __m256 valid = _mm256_cmp_ps(y, y, _CMP_EQ_OQ);
    const __m256 s = _mm256_div_ps(_mm256_sub_ps(f->h, y), _mm256_sub_ps(m, y));
    const __m256 k = _mm256_div_ps(f->h, m);
    __m256 blend = _mm256_mul_ps(_mm256_sub_ps(_mm256_mul_ps(y, f->invH), f->knee), f->span);
    blend = _mm256_min_ps(_mm256_max_ps(blend, f->zero), f->one);
    const __m256 full = _mm256_cmp_ps(blend, f->one, _CMP_GE_OQ);
    const __m256 clip = _mm256_and_ps(over, valid);
    const __m256 fitted = _mm256_and_ps(_mm256_cmp_ps(m, f->limit, _CMP_GT_OQ), valid);
    *r = hdrk_fit1(f, *r, y, s, k, blend, full, clip, fitted);
    *g = hdrk_fit1(f, *g, y, s, k, blend, full, clip, fitted);
    *b = hdrk_fit1(f, *b, y, s, k, blend, full, clip, fitted);
}

HDRK_TARGET void hdrk_headroom_fit_avx2(const float w[3], float h, float limit, float *p0, float *p1, float *p2,
                                        long n) {
    const HDRKFitRegisters f = hdrk_fit_registers(w, h, limit);
    for (long i = 0; i < n; i += 8) {
        __m256 r = _mm256_loadu_ps(p0 + i), g = _mm256_loadu_ps(p1 + i), b = _mm256_loadu_ps(p2 + i);
        hdrk_fit3(&f, &r, &g, &b);
        _mm256_storeu_ps(p0 + i, r);
        _mm256_storeu_ps(p1 + i, g);
        _mm256_storeu_ps(p2 + i, b);
    }
}

HDRK_TARGET void hdrk_clamp_avx2(float low, float high, float *v, long n) {
    const __m256 lo = _mm256_set1_ps(low), hi = _mm256_set1_ps(high);
    for (long i = 0; i < n; i += 8) {
        _mm256_storeu_ps(v + i, _mm256_min_ps(hi, _mm256_max_ps(lo, _mm256_loadu_ps(v + i))));  // see hdrk_table_eval
    }
}

// MARK: Quantised curves

/// A quantised curve's constants in registers.
typedef struct {
    __m256i low, highMinusOne, lastCell, magnitudeMask;
    __m128i shift;
    __m256 lowCode, highCode, nanCode, one;
} HDRKQuantizedRegisters;

HDRK_TARGET static inline HDRKQuantizedRegisters hdrk_quantized_registers(const HDRKQuantizedLayout *l) {
    HDRKQuantizedRegisters r;
    r.low = _mm256_set1_epi32((int)l->lowBits);
    r.highMinusOne = _mm256_set1_epi32((int)l->highBits - 1);
    r.lastCell = _mm256_set1_epi32((int)l->lastCell);
    r.magnitudeMask = _mm256_set1_epi32(0x7FFFFFFF);
    r.shift = _mm_cvtsi32_si128((int)l->shift);
    r.lowCode = _mm256_set1_ps(l->lowCode);
    r.highCode = _mm256_set1_ps(l->highCode);
    r.nanCode = _mm256_set1_ps(l->nanCode);
    r.one = _mm256_set1_ps(1.0f);
    return r;
}

/// The codes of eight values (see HDRKQuantizedLayout); NaN lanes get nanCode.
HDRK_TARGET static inline __attribute__((always_inline)) __m256 hdrk_quantized_codes(
    const HDRKQuantizedRegisters *r, const float *cells, __m256 x) {
    const __m256i bits = _mm256_castps_si256(x);
    const __m256i magnitude = _mm256_and_si256(bits, r->magnitudeMask);
    __m256i index = _mm256_srl_epi32(_mm256_sub_epi32(_mm256_max_epu32(magnitude, r->low), r->low), r->shift);
    index = _mm256_min_epu32(index, r->lastCell);
    __m256 code, threshold;  // cell pairs (code, threshold)
    hdrk_load_pairs(cells, index, &code, &threshold);
    __m256 result = _mm256_add_ps(code, _mm256_and_ps(_mm256_cmp_ps(x, threshold, _CMP_GE_OQ), r->one));
    // Magnitudes are below 2^31, so signed comparisons order them as unsigned ones do.
    const __m256i high = _mm256_cmpgt_epi32(magnitude, r->highMinusOne);
    result = _mm256_blendv_ps(result, r->highCode, _mm256_castsi256_ps(high));
    const __m256i below = _mm256_or_si256(_mm256_cmpgt_epi32(r->low, magnitude), bits);  // sign bit: negative
    result = _mm256_blendv_ps(result, r->lowCode, _mm256_castsi256_ps(below));
    return _mm256_blendv_ps(result, r->nanCode, _mm256_cmp_ps(x, x, _CMP_UNORD_Q));
}

/// The code of one value (tails).
static inline float hdrk_quantized_code(const HDRKQuantizedLayout *l, const float *cells, float x) {
    if (x != x) return l->nanCode;
    uint32_t bits;
    __builtin_memcpy(&bits, &x, 4);
    const uint32_t magnitude = bits & 0x7FFFFFFFu;
    if ((bits >> 31) != 0 || magnitude < l->lowBits) return l->lowCode;
    if (magnitude >= l->highBits) return l->highCode;
    uint32_t cell = (magnitude - l->lowBits) >> l->shift;
    if (cell > l->lastCell) cell = l->lastCell;
    return cells[2 * cell] + (x >= cells[2 * cell + 1] ? 1.0f : 0.0f);
}

HDRK_TARGET void hdrk_quantized_curve_avx2(const HDRKQuantizedLayout *layout, const float *cells, float *v, long n) {
    const HDRKQuantizedRegisters r = hdrk_quantized_registers(layout);
    const __m256 bias = _mm256_set1_ps(layout->bias), scale = _mm256_set1_ps(layout->scale);
    for (long i = 0; i < n; i += 8) {
        const __m256 x = _mm256_loadu_ps(v + i);
        const __m256 signal = _mm256_div_ps(_mm256_sub_ps(hdrk_quantized_codes(&r, cells, x), bias), scale);
        _mm256_storeu_ps(v + i, _mm256_blendv_ps(signal, x, _mm256_cmp_ps(x, x, _CMP_UNORD_Q)));
    }
}

/// hdrk_matrix_shaper_rgba8_avx2's vector loop, for `hasAffine` constant at each call.
HDRK_TARGET static inline __attribute__((always_inline)) long hdrk_matrix_shaper_loop(
    const uint8_t *src, int sr, int sb, const float *table, const HDRKAffine *k, const int hasAffine,
    const HDRKQuantizedRegisters *q, const float *cells, uint8_t *dst, int dr, int db, long n) {
    const int streaming = ((uintptr_t)dst & 31) == 0;  // see hdrk_interleave_half_f16c
    const __m256i alphaMask = _mm256_set1_epi32((int)0xFF000000u);
    const __m128i dstRed = _mm_cvtsi32_si128(dr), dstBlue = _mm_cvtsi32_si128(db);
    __m256 m[12];
    hdrk_affine_registers(k, m);
    long i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m256i words = _mm256_loadu_si256((const __m256i *)(src + 4 * i));
        // Table lookups by scalar loads: gather instructions are slower on AMD cores, and on Intel cores with the
        // Gather Data Sampling mitigation (measured here: the kernel takes 20 % longer with vgatherdps).
        const uint8_t *p = src + 4 * i;
        const int ro = sr / 8, bo = sb / 8;
#define HDRK_LOOKUP(o) _mm256_setr_ps(table[p[o]], table[p[4 + o]], table[p[8 + o]], table[p[12 + o]], \
                                      table[p[16 + o]], table[p[20 + o]], table[p[24 + o]], table[p[28 + o]])
        __m256 r = HDRK_LOOKUP(ro), g = HDRK_LOOKUP(1), b = HDRK_LOOKUP(bo);
#undef HDRK_LOOKUP
        if (hasAffine) hdrk_affine3(m, &r, &g, &b);
        const __m256i kr = _mm256_cvttps_epi32(hdrk_quantized_codes(q, cells, r));
        const __m256i kg = _mm256_cvttps_epi32(hdrk_quantized_codes(q, cells, g));
        const __m256i kb = _mm256_cvttps_epi32(hdrk_quantized_codes(q, cells, b));
        __m256i out = _mm256_or_si256(_mm256_sll_epi32(kr, dstRed), _mm256_slli_epi32(kg, 8));
        out = _mm256_or_si256(_mm256_or_si256(out, _mm256_sll_epi32(kb, dstBlue)), _mm256_and_si256(words, alphaMask));
        if (streaming) {
            _mm256_stream_si256((__m256i *)(dst + 4 * i), out);
        } else {
            _mm256_storeu_si256((__m256i *)(dst + 4 * i), out);
        }
    }
    return i;
}

HDRK_TARGET void hdrk_matrix_shaper_rgba8_avx2(const uint8_t *src, int srcSwapsRedAndBlue, const float *table,
                                               const HDRKAffine *affine, const HDRKQuantizedLayout *layout,
                                               const float *cells, uint8_t *dst, int dstSwapsRedAndBlue, long n) {
    const int sr = srcSwapsRedAndBlue ? 16 : 0, sb = srcSwapsRedAndBlue ? 0 : 16;
    const int dr = dstSwapsRedAndBlue ? 16 : 0, db = dstSwapsRedAndBlue ? 0 : 16;
    const HDRKQuantizedRegisters q = hdrk_quantized_registers(layout);
    const HDRKAffine identity = {{1, 0, 0, 0, 1, 0, 0, 0, 1}, {0, 0, 0}};
    const long done = affine
        ? hdrk_matrix_shaper_loop(src, sr, sb, table, affine, 1, &q, cells, dst, dr, db, n)
        : hdrk_matrix_shaper_loop(src, sr, sb, table, &identity, 0, &q, cells, dst, dr, db, n);
    for (long i = done; i < n; i++) {
        const uint8_t *p = src + 4 * i;
        float r = table[p[sr / 8]], g = table[p[1]], b = table[p[sb / 8]];
        if (affine) {
            const float *m = affine->m, *o = affine->o;
            const float r0 = ((m[0] * r + m[1] * g) + m[2] * b) + o[0];
            const float g0 = ((m[3] * r + m[4] * g) + m[5] * b) + o[1];
            const float b0 = ((m[6] * r + m[7] * g) + m[8] * b) + o[2];
            r = r0, g = g0, b = b0;
        }
        uint8_t *out = dst + 4 * i;
        out[dr / 8] = (uint8_t)hdrk_quantized_code(layout, cells, r);
        out[1] = (uint8_t)hdrk_quantized_code(layout, cells, g);
        out[db / 8] = (uint8_t)hdrk_quantized_code(layout, cells, b);
        out[3] = p[3];
    }
}

/// Eight pixels of four channels as interleaved binary16 (round to nearest even) at `dst`: streaming stores when
/// `streaming` (dst 32-byte aligned), else ordinary ones.
HDRK_TARGET static inline __attribute__((always_inline)) void hdrk_store_half8(
    __m256 c0, __m256 c1, __m256 c2, __m256 c3, uint16_t *dst, int streaming) {
    const __m128i h0 = _mm256_cvtps_ph(c0, _MM_FROUND_TO_NEAREST_INT);
    const __m128i h1 = _mm256_cvtps_ph(c1, _MM_FROUND_TO_NEAREST_INT);
    const __m128i h2 = _mm256_cvtps_ph(c2, _MM_FROUND_TO_NEAREST_INT);
    const __m128i h3 = _mm256_cvtps_ph(c3, _MM_FROUND_TO_NEAREST_INT);
    const __m128i a01l = _mm_unpacklo_epi16(h0, h1), a01h = _mm_unpackhi_epi16(h0, h1);
    const __m128i a23l = _mm_unpacklo_epi16(h2, h3), a23h = _mm_unpackhi_epi16(h2, h3);
    const __m256i first = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_unpacklo_epi32(a01l, a23l)), _mm_unpackhi_epi32(a01l, a23l), 1);
    const __m256i second = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_unpacklo_epi32(a01h, a23h)), _mm_unpackhi_epi32(a01h, a23h), 1);
    __m256i *out = (__m256i *)dst;
    if (streaming) {
        _mm256_stream_si256(out, first);
        _mm256_stream_si256(out + 1, second);
    } else {
        _mm256_storeu_si256(out, first);
        _mm256_storeu_si256(out + 1, second);
    }
}

/// The first `count` (< 8) of eight half pixels, by ordinary stores.
HDRK_TARGET static inline void hdrk_store_half_partial(__m256 c0, __m256 c1, __m256 c2, __m256 c3, uint16_t *dst,
                                                      long count) {
    uint16_t pixels[32];
    hdrk_store_half8(c0, c1, c2, c3, pixels, 0);
    __builtin_memcpy(dst, pixels, (size_t)count * 8);
}

HDRK_TARGET void hdrk_interleave_half_f16c(const float *c0, const float *c1, const float *c2, const float *c3,
                                           uint16_t *dst, long n) {
    const int streaming = ((uintptr_t)dst & 31) == 0;
    long i = 0;
    for (; i + 8 <= n; i += 8) {
        hdrk_store_half8(_mm256_loadu_ps(c0 + i), _mm256_loadu_ps(c1 + i), _mm256_loadu_ps(c2 + i),
                         _mm256_loadu_ps(c3 + i), dst + 4 * i, streaming);
    }
    for (; i < n; i++) {
        dst[4 * i + 0] = _cvtss_sh(c0[i], _MM_FROUND_TO_NEAREST_INT);
        dst[4 * i + 1] = _cvtss_sh(c1[i], _MM_FROUND_TO_NEAREST_INT);
        dst[4 * i + 2] = _cvtss_sh(c2[i], _MM_FROUND_TO_NEAREST_INT);
        dst[4 * i + 3] = _cvtss_sh(c3[i], _MM_FROUND_TO_NEAREST_INT);
    }
}

HDRK_TARGET void hdrk_deinterleave_half_f16c(const uint16_t *src, float *c0, float *c1, float *c2, float *c3, long n) {
    long i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m128i *in = (const __m128i *)(src + 4 * i);
        const __m128i q0 = _mm_loadu_si128(in + 0), q1 = _mm_loadu_si128(in + 1);  // pixels 0-1, 2-3
        const __m128i q2 = _mm_loadu_si128(in + 2), q3 = _mm_loadu_si128(in + 3);  // pixels 4-5, 6-7
        // Transpose 8 pixels × 4 channels of 16 bits.
        const __m128i t0 = _mm_unpacklo_epi16(q0, q1), t1 = _mm_unpackhi_epi16(q0, q1);
        const __m128i t2 = _mm_unpacklo_epi16(q2, q3), t3 = _mm_unpackhi_epi16(q2, q3);
        const __m128i u0 = _mm_unpacklo_epi16(t0, t1), u1 = _mm_unpackhi_epi16(t0, t1);
        const __m128i u2 = _mm_unpacklo_epi16(t2, t3), u3 = _mm_unpackhi_epi16(t2, t3);
        // u0: c0 of pixels 0..3, c1 of 0..3; u1: c2, c3 of 0..3; u2, u3 the same for pixels 4..7.
        _mm256_storeu_ps(c0 + i, _mm256_cvtph_ps(_mm_unpacklo_epi64(u0, u2)));
        _mm256_storeu_ps(c1 + i, _mm256_cvtph_ps(_mm_unpackhi_epi64(u0, u2)));
        _mm256_storeu_ps(c2 + i, _mm256_cvtph_ps(_mm_unpacklo_epi64(u1, u3)));
        _mm256_storeu_ps(c3 + i, _mm256_cvtph_ps(_mm_unpackhi_epi64(u1, u3)));
    }
    for (; i < n; i++) {
        c0[i] = _cvtsh_ss(src[4 * i + 0]);
        c1[i] = _cvtsh_ss(src[4 * i + 1]);
        c2[i] = _cvtsh_ss(src[4 * i + 2]);
        c3[i] = _cvtsh_ss(src[4 * i + 3]);
    }
}

HDRK_TARGET void hdrk_read_codes_u16_avx2(const uint16_t *src, long stride, uint32_t shift, uint32_t mask, float *dst,
                                          long n) {
    const __m128i s = _mm_cvtsi32_si128((int)shift);
    const __m256i m = _mm256_set1_epi32((int)mask);
    long i = 0;
    if (stride == 1) {
        for (; i + 8 <= n; i += 8) {
            const __m256i w = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(src + i)));
            _mm256_storeu_ps(dst + i, _mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srl_epi32(w, s), m)));
        }
    } else if (stride == 2) {
        const __m256i low16 = _mm256_set1_epi32(0xFFFF);
        // A vector loads 16 samples (src[2i] … src[2i + 15]) for 8 values, the last of them one past value i + 7; for
        // the second channel of an interleaved pair (Cr) that sample lies beyond the row, so the last 8 values go to
        // the scalar loop (i + 8 < n, not <=): the load never passes src[2(n − 1)].
        for (; i + 8 < n; i += 8) {
            const __m256i w = _mm256_and_si256(_mm256_loadu_si256((const __m256i *)(src + 2 * i)), low16);
            _mm256_storeu_ps(dst + i, _mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srl_epi32(w, s), m)));
        }
    }
    for (; i < n; i++) dst[i] = (float)(int32_t)(((uint32_t)src[i * stride] >> shift) & mask);
}

HDRK_TARGET void hdrk_read_code_pairs_u16_avx2(const uint16_t *src, uint32_t shift, uint32_t mask, float *a, float *b,
                                               long n) {
    const __m128i s = _mm_cvtsi32_si128((int)shift);
    const __m256i m = _mm256_set1_epi32((int)mask), low16 = _mm256_set1_epi32(0xFFFF);
    long i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m256i w = _mm256_loadu_si256((const __m256i *)(src + 2 * i));
        const __m256i first = _mm256_and_si256(w, low16), second = _mm256_srli_epi32(w, 16);
        _mm256_storeu_ps(a + i, _mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srl_epi32(first, s), m)));
        _mm256_storeu_ps(b + i, _mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srl_epi32(second, s), m)));
    }
    for (; i < n; i++) {
        a[i] = (float)(int32_t)(((uint32_t)src[2 * i] >> shift) & mask);
        b[i] = (float)(int32_t)(((uint32_t)src[2 * i + 1] >> shift) & mask);
    }
}

HDRK_TARGET void hdrk_upsample_chroma_avx2(const float *ext, float *out, long n, int mode) {
    const long pairs = (n + 1) / 2;
    const __m256 half = _mm256_set1_ps(0.5f), threeQuarters = _mm256_set1_ps(0.75f), quarter = _mm256_set1_ps(0.25f);
    long i = 0;
    for (; i + 8 <= pairs && 2 * (i + 8) <= n; i += 8) {
        const __m256 previous = _mm256_loadu_ps(ext + i), current = _mm256_loadu_ps(ext + i + 1);
        const __m256 next = _mm256_loadu_ps(ext + i + 2);
        __m256 even, odd;
        if (mode == 0) {
            even = current;
            odd = current;
        } else if (mode == 1) {
            even = current;
            odd = _mm256_add_ps(_mm256_mul_ps(current, half), _mm256_mul_ps(next, half));
        } else {
            const __m256 centre = _mm256_mul_ps(current, threeQuarters);
            even = _mm256_add_ps(centre, _mm256_mul_ps(previous, quarter));
            odd = _mm256_add_ps(centre, _mm256_mul_ps(next, quarter));
        }
        const __m256 lo = _mm256_unpacklo_ps(even, odd), hi = _mm256_unpackhi_ps(even, odd);
        _mm256_storeu_ps(out + 2 * i, _mm256_permute2f128_ps(lo, hi, 0x20));
        _mm256_storeu_ps(out + 2 * i + 8, _mm256_permute2f128_ps(lo, hi, 0x31));
    }
    for (long x = 2 * i; x < n; x++) {
        const long k = x >> 1;
        const float c = ext[k + 1];
        if (mode == 0) {
            out[x] = c;
        } else if (mode == 1) {
            out[x] = (x & 1) ? c * 0.5f + ext[k + 2] * 0.5f : c;
        } else {
            out[x] = c * 0.75f + ext[(x & 1) ? k + 2 : k] * 0.25f;
        }
    }
}

/// The integer codes of eight values: round-half-up(clamp(v·scale + bias, 0, maxCode)), NaN as 0 (Kernels.code).
HDRK_TARGET static inline __m256i hdrk_codes(__m256 x, __m256 scale, __m256 bias, __m256 top) {
    const __m256 half = _mm256_set1_ps(0.5f), magic = _mm256_set1_ps(8388608.0f);
    x = _mm256_and_ps(x, _mm256_cmp_ps(x, x, _CMP_ORD_Q));  // NaN → 0
    x = _mm256_add_ps(_mm256_mul_ps(x, scale), bias);
    x = _mm256_max_ps(x, _mm256_setzero_ps());  // x > 0 ? x : 0
    x = _mm256_min_ps(x, top);  // x < maxCode ? x : maxCode
    const __m256 t = _mm256_add_ps(x, half);
    const __m256 sum = _mm256_add_ps(t, magic);
    const __m256 rounded = _mm256_sub_ps(sum, magic);
    const __m256i k = _mm256_sub_epi32(_mm256_castps_si256(sum), _mm256_set1_epi32(0x4B000000));
    return _mm256_add_epi32(k, _mm256_castps_si256(_mm256_cmp_ps(rounded, t, _CMP_GT_OQ)));  // − 1 where rounded up
}

/// The same for one value (tails).
static inline uint32_t hdrk_code(float x, float scale, float bias, float maxCode) {
    x = x == x ? x : 0.0f;
    x = x * scale + bias;
    x = x > 0 ? x : 0.0f;
    x = x < maxCode ? x : maxCode;
    const float t = x + 0.5f;
    const float sum = t + 8388608.0f;
    const float rounded = sum - 8388608.0f;
    uint32_t bits;
    __builtin_memcpy(&bits, &sum, 4);
    uint32_t k = bits - 0x4B000000u;
    if (rounded > t) k -= 1;
    return k;
}

/// The codes of channel `c` of eight interleaved pixels of `bytes`-byte samples at `p`, as 32-bit lanes.
HDRK_TARGET static inline __attribute__((always_inline)) __m256i hdrk_channel_codes(const void *p, const int bytes,
                                                                                    int c) {
    if (bytes == 1) {
        const __m256i words = _mm256_loadu_si256((const __m256i *)p);
        return _mm256_and_si256(_mm256_srli_epi32(words, 8 * c), _mm256_set1_epi32(0xFF));
    }
    // Pixels 0-3 and 4-7 hold the channel in the low 16 bits of each 64-bit lane after the shift; interleaving the
    // two halves gives pixels 0 4 1 5 2 6 3 7, which one permutation puts back in order.
    const __m256i low16 = _mm256_set1_epi64x(0xFFFF);
    const __m128i shift = _mm_cvtsi32_si128(16 * c);
    const __m256i first = _mm256_and_si256(_mm256_srl_epi64(_mm256_loadu_si256((const __m256i *)p), shift), low16);
    const __m256i second =
        _mm256_and_si256(_mm256_srl_epi64(_mm256_loadu_si256((const __m256i *)p + 1), shift), low16);
    return _mm256_permutevar8x32_epi32(_mm256_or_si256(first, _mm256_slli_epi64(second, 32)),
                                       _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7));
}

/// Channel `c` of eight interleaved pixels as values: channels 0 … 2 through `table` when it is not NULL (scalar
/// loads, see hdrk_matrix_shaper_loop), else, like channel 3, normalised as (code − bias) / scale.
HDRK_TARGET static inline __attribute__((always_inline)) __m256 hdrk_channel_values(
    const void *p, const int bytes, const float *table, int c, __m256 scale, __m256 bias) {
    if (!table || c == 3) {
        return _mm256_div_ps(_mm256_sub_ps(_mm256_cvtepi32_ps(hdrk_channel_codes(p, bytes, c)), bias), scale);
    }
    if (bytes == 1) {
        const uint8_t *q = (const uint8_t *)p + c;
        return _mm256_setr_ps(table[q[0]], table[q[4]], table[q[8]], table[q[12]], table[q[16]], table[q[20]],
                              table[q[24]], table[q[28]]);
    }
    const uint16_t *q = (const uint16_t *)p + c;
    return _mm256_setr_ps(table[q[0]], table[q[4]], table[q[8]], table[q[12]], table[q[16]], table[q[20]],
                          table[q[24]], table[q[28]]);
}

HDRK_TARGET void hdrk_read_rgba_avx2(const void *src, int bytes, const float *table, const float scale[4],
                                     const float bias[4], float *c0, float *c1, float *c2, float *c3, long n) {
    float *planes[4] = {c0, c1, c2, c3};
    __m256 sc[4], bi[4];
    for (int c = 0; c < 4; c++) {
        sc[c] = _mm256_set1_ps(scale[c]);
        bi[c] = _mm256_set1_ps(bias[c]);
    }
    const long pixelBytes = 4 * (long)bytes;
    long i = 0;
    if (bytes == 1) {
        for (; i + 8 <= n; i += 8) {
            for (int c = 0; c < 4; c++) {
                const __m256 v = hdrk_channel_values((const uint8_t *)src + pixelBytes * i, 1, table, c, sc[c], bi[c]);
                _mm256_storeu_ps(planes[c] + i, v);
            }
        }
    } else {
        for (; i + 8 <= n; i += 8) {
            for (int c = 0; c < 4; c++) {
                const __m256 v = hdrk_channel_values((const uint8_t *)src + pixelBytes * i, 2, table, c, sc[c], bi[c]);
                _mm256_storeu_ps(planes[c] + i, v);
            }
        }
    }
    for (; i < n; i++) {
        for (int c = 0; c < 4; c++) {
            const uint32_t code = bytes == 1 ? ((const uint8_t *)src)[4 * i + c] : ((const uint16_t *)src)[4 * i + c];
            planes[c][i] = (table && c < 3) ? table[code] : ((float)(int32_t)code - bias[c]) / scale[c];
        }
    }
}

HDRK_TARGET void hdrk_pack_rgba_avx2(const float *c0, const float *c1, const float *c2, const float *c3,
                                     const float scale[4], const float bias[4], const float maxCode[4], void *dst,
                                     int bytes, long n) {
    const float *planes[4] = {c0, c1, c2, c3};
    const int streaming = ((uintptr_t)dst & 31) == 0;  // see hdrk_interleave_half_f16c
    __m256 sc[4], bi[4], top[4];
    for (int c = 0; c < 4; c++) {
        sc[c] = _mm256_set1_ps(scale[c]);
        bi[c] = _mm256_set1_ps(bias[c]);
        top[c] = _mm256_set1_ps(maxCode[c]);
    }
    long i = 0;
    if (bytes == 1) {
        uint8_t *out = (uint8_t *)dst;
        for (; i + 8 <= n; i += 8) {
            __m256i word = hdrk_codes(_mm256_loadu_ps(c0 + i), sc[0], bi[0], top[0]);
            for (int c = 1; c < 4; c++) {
                const __m256i code = hdrk_codes(_mm256_loadu_ps(planes[c] + i), sc[c], bi[c], top[c]);
                word = _mm256_or_si256(word, _mm256_slli_epi32(code, 8 * c));
            }
            if (streaming) {
                _mm256_stream_si256((__m256i *)(out + 4 * i), word);
            } else {
                _mm256_storeu_si256((__m256i *)(out + 4 * i), word);
            }
        }
        for (; i < n; i++) {
            for (int c = 0; c < 4; c++) out[4 * i + c] = (uint8_t)hdrk_code(planes[c][i], scale[c], bias[c], maxCode[c]);
        }
    } else {
        uint16_t *out = (uint16_t *)dst;
        for (; i + 8 <= n; i += 8) {
            const __m256i r = hdrk_codes(_mm256_loadu_ps(c0 + i), sc[0], bi[0], top[0]);
            const __m256i g = hdrk_codes(_mm256_loadu_ps(c1 + i), sc[1], bi[1], top[1]);
            const __m256i b = hdrk_codes(_mm256_loadu_ps(c2 + i), sc[2], bi[2], top[2]);
            const __m256i a = hdrk_codes(_mm256_loadu_ps(c3 + i), sc[3], bi[3], top[3]);
            const __m256i rg = _mm256_or_si256(r, _mm256_slli_epi32(g, 16));  // pixel k: R | G << 16
            const __m256i ba = _mm256_or_si256(b, _mm256_slli_epi32(a, 16));
            const __m256i lo = _mm256_unpacklo_epi32(rg, ba), hi = _mm256_unpackhi_epi32(rg, ba);
            const __m256i first = _mm256_permute2x128_si256(lo, hi, 0x20), second = _mm256_permute2x128_si256(lo, hi, 0x31);
            if (streaming) {
                _mm256_stream_si256((__m256i *)(out + 4 * i), first);
                _mm256_stream_si256((__m256i *)(out + 4 * i + 16), second);
            } else {
                _mm256_storeu_si256((__m256i *)(out + 4 * i), first);
                _mm256_storeu_si256((__m256i *)(out + 4 * i + 16), second);
            }
        }
        for (; i < n; i++) {
            for (int c = 0; c < 4; c++) out[4 * i + c] = (uint16_t)hdrk_code(planes[c][i], scale[c], bias[c], maxCode[c]);
        }
    }
}

HDRK_TARGET void hdrk_quantize_u16_avx2(const float *v, long n, float scale, float bias, float maxCode, uint32_t shift,
                                        uint16_t *dst, long stride) {
    const __m256 sc = _mm256_set1_ps(scale), bi = _mm256_set1_ps(bias), top = _mm256_set1_ps(maxCode);
    const __m256 half = _mm256_set1_ps(0.5f), magic = _mm256_set1_ps(8388608.0f), zero = _mm256_setzero_ps();
    const __m256i magicBits = _mm256_set1_epi32(0x4B000000);
    const __m128i s = _mm_cvtsi32_si128((int)shift);
    long i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 x = _mm256_loadu_ps(v + i);
        x = _mm256_and_ps(x, _mm256_cmp_ps(x, x, _CMP_ORD_Q));  // NaN → 0
        x = _mm256_add_ps(_mm256_mul_ps(x, sc), bi);
        x = _mm256_max_ps(x, zero);  // x > 0 ? x : 0
        x = _mm256_min_ps(x, top);  // x < maxCode ? x : maxCode
        const __m256 t = _mm256_add_ps(x, half);
        const __m256 sum = _mm256_add_ps(t, magic);
        const __m256 rounded = _mm256_sub_ps(sum, magic);
        __m256i k = _mm256_sub_epi32(_mm256_castps_si256(sum), magicBits);
        k = _mm256_add_epi32(k, _mm256_castps_si256(_mm256_cmp_ps(rounded, t, _CMP_GT_OQ)));  // − 1 where rounded up
        k = _mm256_sll_epi32(k, s);
        uint32_t lanes[8];
        _mm256_storeu_si256((__m256i *)lanes, k);
        for (int l = 0; l < 8; l++) dst[(i + l) * stride] = (uint16_t)lanes[l];
    }
    for (; i < n; i++) {
        float x = v[i];
        x = x == x ? x : 0.0f;
        x = x * scale + bias;
        x = x > 0 ? x : 0.0f;
        x = x < maxCode ? x : maxCode;
        const float t = x + 0.5f;
        const float sum = t + 8388608.0f;
        const float rounded = sum - 8388608.0f;
        uint32_t bits;
        __builtin_memcpy(&bits, &sum, 4);
        uint32_t k = bits - 0x4B000000u;
        if (rounded > t) k -= 1;
        dst[i * stride] = (uint16_t)(k << shift);
    }
}

// MARK: Fused conversions to half-float RGBA

/// A half tail's constants in registers.
typedef struct {
    __m256 pre[12], post[12], clampLow, clampHigh;
    HDRKTableRegisters table;
    HDRKFitRegisters fit;
    const float *pairs;
    int hasClamp, hasPre, hasPost, hasFit;
} HDRKTailRegisters;

HDRK_TARGET static inline void hdrk_tail_registers(const HDRKHalfTail *tail, HDRKTailRegisters *t) {
    hdrk_affine_registers(&tail->pre, t->pre);
    hdrk_affine_registers(&tail->post, t->post);
    t->table = hdrk_table_registers(&tail->layout);
    t->pairs = tail->pairs;
    t->clampLow = _mm256_set1_ps(tail->clampLow);
    t->clampHigh = _mm256_set1_ps(tail->clampHigh);
    t->hasClamp = tail->hasClamp != 0;
    t->hasPre = tail->hasPre != 0;
    t->hasPost = tail->hasPost != 0;
    t->fit = hdrk_fit_registers(tail->fitWeights, tail->fitHeadroom, tail->fitLimit);
    t->hasFit = tail->hasFit != 0;
}

/// The tail's clamp on three vectors, as hdrk_clamp_avx2.
HDRK_TARGET static inline __attribute__((always_inline)) void hdrk_clamp3(const HDRKTailRegisters *t, __m256 *r,
                                                                          __m256 *g, __m256 *b) {
    *r = _mm256_min_ps(t->clampHigh, _mm256_max_ps(t->clampLow, *r));
    *g = _mm256_min_ps(t->clampHigh, _mm256_max_ps(t->clampLow, *g));
    *b = _mm256_min_ps(t->clampHigh, _mm256_max_ps(t->clampLow, *b));
}

/// The features the tail's curve needs (see hdrk_table_features), or −1 without a curve.
static int hdrk_tail_features(const HDRKHalfTail *tail) {
    return tail->pairs ? hdrk_table_features(&tail->layout) : -1;
}

/// The tail on eight pixels in registers, for curve features `f` (−1: no curve). Returns the lanes whose values the
/// curve does not cover (a movemask; their results are meaningless).
HDRK_TARGET static inline __attribute__((always_inline)) int hdrk_tail_eval(const HDRKTailRegisters *t, __m256 *r,
                                                                            __m256 *g, __m256 *b, const int f) {
    if (t->hasClamp) hdrk_clamp3(t, r, g, b);
    if (t->hasPre) hdrk_affine3(t->pre, r, g, b);
    int outside = 0;
    if (f >= 0) {
        __m256i o0, o1, o2;
        *r = hdrk_table_eval(&t->table, t->pairs, *r, &o0, f);
        *g = hdrk_table_eval(&t->table, t->pairs, *g, &o1, f);
        *b = hdrk_table_eval(&t->table, t->pairs, *b, &o2, f);
        outside = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_or_si256(_mm256_or_si256(o0, o1), o2)));
    }
    if (t->hasPost) hdrk_affine3(t->post, r, g, b);
    if (t->hasFit) hdrk_fit3(&t->fit, r, g, b);
    return outside;
}

/// Stores eight pixels (the first `count` of them), R and B swapped when `swaps`; 0 when some lane below `count` is
/// in `outside`, and then nothing is stored.
HDRK_TARGET static inline __attribute__((always_inline)) int hdrk_tail_store(__m256 r, __m256 g, __m256 b, __m256 a,
                                                                             int outside, int swaps, uint16_t *dst,
                                                                             long count, int streaming) {
    if (count < 8) outside &= (1 << count) - 1;
    if (outside) return 0;
    if (swaps) {
        const __m256 t = r;
        r = b;
        b = t;
    }
    if (count < 8) {
        hdrk_store_half_partial(r, g, b, a, dst, count);
    } else {
        hdrk_store_half8(r, g, b, a, dst, streaming);
    }
    return 1;
}

/// hdrk_planes_to_half_avx2 for features `f`. Blocks of 64 pixels go through three loops: the clamp and the first
/// affine map into a small buffer, the curve over it plane by plane, then the second map and the stores. Short
/// independent iterations, which the core overlaps better than one long dependency chain per vector (measured on S1:
/// about 4 % faster than one loop doing all).
HDRK_TARGET static inline __attribute__((always_inline)) long hdrk_planes_to_half_loop(
    const HDRKTailRegisters *t, const float *c0, const float *c1, const float *c2, const float *c3, int swaps,
    uint16_t *dst, long n, const int f) {
    enum { block = 64 };
    const int streaming = ((uintptr_t)dst & 31) == 0;
    float staged[3][block] __attribute__((aligned(32)));
    for (long start = 0; start < n; start += block) {
        const long end = n - start < block ? n : start + block;
        for (long i = start; i < end; i += 8) {
            __m256 r = _mm256_loadu_ps(c0 + i), g = _mm256_loadu_ps(c1 + i), b = _mm256_loadu_ps(c2 + i);
            if (t->hasClamp) hdrk_clamp3(t, &r, &g, &b);
            if (t->hasPre) hdrk_affine3(t->pre, &r, &g, &b);
            _mm256_store_ps(staged[0] + (i - start), r);
            _mm256_store_ps(staged[1] + (i - start), g);
            _mm256_store_ps(staged[2] + (i - start), b);
        }
        int outside = 0;
        if (f >= 0) {
            for (int c = 0; c < 3; c++) {
                for (long i = start; i < end; i += 8) {
                    __m256i o;
                    float *v = staged[c] + (i - start);
                    _mm256_store_ps(v, hdrk_table_eval(&t->table, t->pairs, _mm256_load_ps(v), &o, f));
                    int mask = _mm256_movemask_ps(_mm256_castsi256_ps(o));
                    if (end - i < 8) mask &= (1 << (end - i)) - 1;
                    outside |= mask;
                }
            }
        }
        if (outside) return start;
        for (long i = start; i < end; i += 8) {
            __m256 r = _mm256_load_ps(staged[0] + (i - start)), g = _mm256_load_ps(staged[1] + (i - start));
            __m256 b = _mm256_load_ps(staged[2] + (i - start));
            if (t->hasPost) hdrk_affine3(t->post, &r, &g, &b);
            if (t->hasFit) hdrk_fit3(&t->fit, &r, &g, &b);
            hdrk_tail_store(r, g, b, _mm256_loadu_ps(c3 + i), 0, swaps, dst + 4 * i, end - i < 8 ? end - i : 8,
                            streaming);
        }
    }
    return n;
}

#define HDRK_TAIL_CASES(BODY) \
    switch (features) { \
    case -1: BODY(-1) break; \
    case 0: BODY(0) break; case 1: BODY(1) break; case 2: BODY(2) break; case 3: BODY(3) break; \
    case 4: BODY(4) break; case 5: BODY(5) break; case 6: BODY(6) break; case 7: BODY(7) break; \
    case 8: BODY(8) break; case 9: BODY(9) break; case 10: BODY(10) break; case 11: BODY(11) break; \
    case 12: BODY(12) break; case 13: BODY(13) break; case 14: BODY(14) break; default: BODY(15) break; \
    }

HDRK_TARGET long hdrk_planes_to_half_avx2(const HDRKHalfTail *tail, const float *c0, const float *c1, const float *c2,
                                          const float *c3, int dstSwapsRedAndBlue, uint16_t *dst, long n) {
    HDRKTailRegisters t;
    hdrk_tail_registers(tail, &t);
    const int features = hdrk_tail_features(tail);
    long done = 0;
#define HDRK_PLANES_TAIL(F) done = hdrk_planes_to_half_loop(&t, c0, c1, c2, c3, dstSwapsRedAndBlue != 0, dst, n, F);
    HDRK_TAIL_CASES(HDRK_PLANES_TAIL)
#undef HDRK_PLANES_TAIL
    return done;
}

/// hdrk_rgba_to_half_avx2 for sample size `bytes` and features `f`.
HDRK_TARGET static inline __attribute__((always_inline)) long hdrk_rgba_to_half_loop(
    const HDRKTailRegisters *t, const uint8_t *src, int srcSwaps, const float *table, const float scale[4],
    const float bias[4], int dstSwaps, uint16_t *dst, long n, const int bytes, const int f) {
    const int streaming = ((uintptr_t)dst & 31) == 0;
    __m256 sc[4], bi[4];
    for (int c = 0; c < 4; c++) {
        sc[c] = _mm256_set1_ps(scale[c]);
        bi[c] = _mm256_set1_ps(bias[c]);
    }
    for (long i = 0; i < n; i += 8) {
        const long count = n - i < 8 ? n - i : 8;
        const uint8_t *p = src + 4 * bytes * i;
        uint8_t staged[64];  // the last pixels of a row, padded with zeros to a whole vector
        if (count < 8) {
            __builtin_memset(staged, 0, sizeof staged);
            __builtin_memcpy(staged, p, (size_t)(4 * bytes * count));
            p = staged;
        }
        const __m256 m0 = hdrk_channel_values(p, bytes, table, 0, sc[0], bi[0]);
        const __m256 m1 = hdrk_channel_values(p, bytes, table, 1, sc[1], bi[1]);
        const __m256 m2 = hdrk_channel_values(p, bytes, table, 2, sc[2], bi[2]);
        const __m256 a = hdrk_channel_values(p, bytes, table, 3, sc[3], bi[3]);
        __m256 r = srcSwaps ? m2 : m0, g = m1, b = srcSwaps ? m0 : m2;
        const int outside = hdrk_tail_eval(t, &r, &g, &b, f);
        if (!hdrk_tail_store(r, g, b, a, outside, dstSwaps, dst + 4 * i, count, streaming)) return i;
    }
    return n;
}

HDRK_TARGET long hdrk_rgba_to_half_avx2(const void *src, int bytes, int srcSwapsRedAndBlue, const float *table,
                                        const float scale[4], const float bias[4], const HDRKHalfTail *tail,
                                        int dstSwapsRedAndBlue, uint16_t *dst, long n) {
    HDRKTailRegisters t;
    hdrk_tail_registers(tail, &t);
    const int features = hdrk_tail_features(tail);
    const int ss = srcSwapsRedAndBlue != 0, ds = dstSwapsRedAndBlue != 0;
    long done = 0;
    if (bytes == 1) {
#define HDRK_RGBA8_TAIL(F) \
    done = hdrk_rgba_to_half_loop(&t, (const uint8_t *)src, ss, table, scale, bias, ds, dst, n, 1, F);
        HDRK_TAIL_CASES(HDRK_RGBA8_TAIL)
#undef HDRK_RGBA8_TAIL
    } else {
#define HDRK_RGBA16_TAIL(F) \
    done = hdrk_rgba_to_half_loop(&t, (const uint8_t *)src, ss, table, scale, bias, ds, dst, n, 2, F);
        HDRK_TAIL_CASES(HDRK_RGBA16_TAIL)
#undef HDRK_RGBA16_TAIL
    }
    return done;
}

#else  // Not x86-64: PixelConversion never calls these (hdrk_has_avx2_f16c() is 0).

int hdrk_has_avx2_f16c(void) { return 0; }
void hdrk_store_fence(void) {}
void hdrk_prefetch(const void *address, long bytes) {
#if defined(__GNUC__) || defined(__clang__)
    const char *p = (const char *)address;
    for (long offset = 0; offset < bytes; offset += 64) __builtin_prefetch(p + offset);
#else
    (void)address; (void)bytes;
#endif
}
void hdrk_affine_avx2(const HDRKAffine *k, float *p0, float *p1, float *p2, long n) {
    (void)k; (void)p0; (void)p1; (void)p2; (void)n;
}
long hdrk_table_avx2(const HDRKTableLayout *l, const float *t, float *v, long n, int32_t *o) {
    (void)l; (void)t; (void)v; (void)n; (void)o;
    return 0;
}
long hdrk_luminance_gain_avx2(const float w[3], const HDRKTableLayout *l, const float *t, float *p0, float *p1,
                              float *p2, long n, int32_t *o) {
    (void)w; (void)l; (void)t; (void)p0; (void)p1; (void)p2; (void)n; (void)o;
    return 0;
}
void hdrk_clamp_avx2(float low, float high, float *v, long n) { (void)low; (void)high; (void)v; (void)n; }
void hdrk_headroom_fit_avx2(const float w[3], float h, float limit, float *p0, float *p1, float *p2, long n) {
    (void)w; (void)h; (void)limit; (void)p0; (void)p1; (void)p2; (void)n;
}
void hdrk_quantized_curve_avx2(const HDRKQuantizedLayout *l, const float *c, float *v, long n) {
    (void)l; (void)c; (void)v; (void)n;
}
void hdrk_matrix_shaper_rgba8_avx2(const uint8_t *s, int ss, const float *t, const HDRKAffine *a,
                                   const HDRKQuantizedLayout *l, const float *c, uint8_t *d, int ds, long n) {
    (void)s; (void)ss; (void)t; (void)a; (void)l; (void)c; (void)d; (void)ds; (void)n;
}
void hdrk_interleave_half_f16c(const float *c0, const float *c1, const float *c2, const float *c3, uint16_t *d, long n) {
    (void)c0; (void)c1; (void)c2; (void)c3; (void)d; (void)n;
}
void hdrk_deinterleave_half_f16c(const uint16_t *s, float *c0, float *c1, float *c2, float *c3, long n) {
    (void)s; (void)c0; (void)c1; (void)c2; (void)c3; (void)n;
}
void hdrk_read_codes_u16_avx2(const uint16_t *s, long st, uint32_t sh, uint32_t m, float *d, long n) {
    (void)s; (void)st; (void)sh; (void)m; (void)d; (void)n;
}
void hdrk_quantize_u16_avx2(const float *v, long n, float sc, float b, float mc, uint32_t sh, uint16_t *d, long st) {
    (void)v; (void)n; (void)sc; (void)b; (void)mc; (void)sh; (void)d; (void)st;
}
void hdrk_read_code_pairs_u16_avx2(const uint16_t *s, uint32_t sh, uint32_t m, float *a, float *b, long n) {
    (void)s; (void)sh; (void)m; (void)a; (void)b; (void)n;
}
void hdrk_upsample_chroma_avx2(const float *e, float *o, long n, int mode) { (void)e; (void)o; (void)n; (void)mode; }
void hdrk_read_rgba_avx2(const void *s, int b, const float *t, const float sc[4], const float bi[4], float *c0, float *c1,
                         float *c2, float *c3, long n) {
    (void)s; (void)b; (void)t; (void)sc; (void)bi; (void)c0; (void)c1; (void)c2; (void)c3; (void)n;
}
void hdrk_pack_rgba_avx2(const float *c0, const float *c1, const float *c2, const float *c3, const float sc[4],
                         const float bi[4], const float mc[4], void *d, int b, long n) {
    (void)c0; (void)c1; (void)c2; (void)c3; (void)sc; (void)bi; (void)mc; (void)d; (void)b; (void)n;
}

long hdrk_planes_to_half_avx2(const HDRKHalfTail *t, const float *c0, const float *c1, const float *c2,
                               const float *c3, int ds, uint16_t *d, long n) {
    (void)t; (void)c0; (void)c1; (void)c2; (void)c3; (void)ds; (void)d; (void)n;
    return 0;
}
long hdrk_rgba_to_half_avx2(const void *s, int b, int ss, const float *table, const float sc[4], const float bi[4],
                            const HDRKHalfTail *t, int ds, uint16_t *d, long n) {
    (void)s; (void)b; (void)ss; (void)table; (void)sc; (void)bi; (void)t; (void)ds; (void)d; (void)n;
    return 0;
}

#endif
