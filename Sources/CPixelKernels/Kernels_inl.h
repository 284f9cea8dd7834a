// The pixel kernels, written once over a vector of N lanes (clang vector extensions) and included by one translation
// unit per instruction set (kernels_baseline.c, kernels_avx2.c, kernels_avx512.c), which define before including it:
//
//   HDRK_LANES   N, lanes per vector: 8, or 16 for AVX-512
//   HDRK_NAME(x) the translation unit's name for x (x ## _avx2 …), for the one exported symbol, the kernel table
//   HDRK_AVX2 or HDRK_AVX512 (x86-64) to use that instruction set's gathers, half conversions and streaming stores;
//   without either, the generic code below (with NEON's half conversions on arm64).
//
// Same bytes on every instruction set: only IEEE operations that round once (+, −, ×, ÷, conversions of exact
// integers, comparisons and selects), never contracted into fused multiply-adds, in the order written, and the same
// order as the float64-checked semantics each op documents. Float → integer conversions only ever see exact small
// integers (their out-of-range results differ between x86-64 and arm64), and half conversions round to nearest even
// with the NaN rule of F16C and ARM FCVT (quiet bit set, top payload bits kept).

#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)
// Vectors wider than the baseline's registers pass between helpers that are always inlined: no ABI is involved.
#pragma clang diagnostic ignored "-Wpsabi"

#include <stdint.h>
#include <string.h>

#include "CPixelKernels.h"

#define N HDRK_LANES
#define SI static inline __attribute__((always_inline))

typedef float F __attribute__((ext_vector_type(N)));
typedef int32_t I32 __attribute__((ext_vector_type(N)));
typedef uint32_t U32 __attribute__((ext_vector_type(N)));
typedef uint64_t U64 __attribute__((ext_vector_type(N)));
typedef uint16_t U16 __attribute__((ext_vector_type(N)));
typedef uint8_t U8 __attribute__((ext_vector_type(N)));

// MARK: Primitives

SI F load_f(const float *p) {
    F v;
    memcpy(&v, p, sizeof v);
    return v;
}

SI void store_f(float *p, F v) { memcpy(p, &v, sizeof v); }

SI F to_f(U32 v) { return __builtin_convertvector((I32)v, F); }  // exact for values below 2^24

SI F bits_f(U32 v) { return (F)v; }  // a bit cast: vectors of the same size

SI U32 bits_u(F v) { return (U32)v; }

/// Any lane of a comparison mask set.
SI int any(I32 mask) { return __builtin_reduce_or(mask) != 0; }
/// Every lane of a comparison mask set.
SI int every(I32 mask) { return __builtin_reduce_and(mask) != 0; }

/// a > b ? a : b and a < b ? a : b, lane by lane: SSE/AVX max and min (the second operand when either is NaN).
SI F max_f(F a, F b) { return a > b ? a : b; }
SI F min_f(F a, F b) { return a < b ? a : b; }

/// `values[index]` for each lane.
SI F gather_f(const float *values, U32 index) {
#if defined(HDRK_AVX512)
    return (F)_mm512_i32gather_ps((__m512i)index, values, 4);
#else
    // Scalar loads: gather instructions are slower on AMD cores and on Intel cores with the Gather Data Sampling
    // mitigation.
    F v;
    for (int k = 0; k < N; k++) v[k] = values[index[k]];
    return v;
#endif
}

/// The pairs (p[2i], p[2i + 1]) at each lane's index i, as two vectors.
SI void gather_pairs(const float *p, U32 index, F *first, F *second) {
#if defined(HDRK_AVX512)
    const __m512i i = (__m512i)index;
    const __m512 low = (__m512)_mm512_i32gather_pd(_mm512_castsi512_si256(i), (const double *)p, 8);
    const __m512 high = (__m512)_mm512_i32gather_pd(_mm512_extracti64x4_epi64(i, 1), (const double *)p, 8);
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i odd = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    *first = (F)_mm512_permutex2var_ps(low, even, high);
    *second = (F)_mm512_permutex2var_ps(low, odd, high);
#elif defined(HDRK_AVX2)
    // One 64-bit load per lane, two indices per vector-to-integer transfer; lanes 0 1 4 5 and 2 3 6 7 shuffle back.
    const __m256i index256 = (__m256i)index;
    const __m128i lo = _mm256_castsi256_si128(index256), hi = _mm256_extracti128_si256(index256, 1);
    uint64_t i01 = (uint64_t)_mm_cvtsi128_si64(lo), i23 = (uint64_t)_mm_extract_epi64(lo, 1);
    uint64_t i45 = (uint64_t)_mm_cvtsi128_si64(hi), i67 = (uint64_t)_mm_extract_epi64(hi, 1);
    // Opaque to the optimiser, which would otherwise extract the upper halves one lane at a time.
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
    *first = (F)_mm256_shuffle_ps(g0, g1, _MM_SHUFFLE(2, 0, 2, 0));
    *second = (F)_mm256_shuffle_ps(g0, g1, _MM_SHUFFLE(3, 1, 3, 1));
#else
    F a, b;
    for (int k = 0; k < N; k++) {
        a[k] = p[2 * index[k]];
        b[k] = p[2 * index[k] + 1];
    }
    *first = a;
    *second = b;
#endif
}

// MARK: Half floats

/// Binary16 bit patterns of N floats, round to nearest even; NaN quiet with its top payload bits.
SI U16 half_from_f(F x) {
#if defined(HDRK_AVX512)
    return (U16)_mm512_cvtps_ph((__m512)x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
#elif defined(HDRK_AVX2)
    return (U16)_mm256_cvtps_ph((__m256)x, _MM_FROUND_TO_NEAREST_INT);
#elif defined(__aarch64__)
    typedef _Float16 H16 __attribute__((ext_vector_type(N)));
    return (U16)__builtin_convertvector(x, H16);
#else
    // After M. Dukhan's FP16 library (MIT), as HalfFloat's SIMD kernels: |x|·2¹¹²·2⁻¹¹⁰ overflows to infinity exactly
    // from 65536 on; adding 2^(max(e, −14) + 15) rounds it once to 10 fraction bits (or the subnormal step) and leaves
    // the half's exponent and fraction in the sum's low bits. NaN propagates quiet with its payload.
    const U32 bits = bits_u(x), magnitude = bits & 0x7FFFFFFFu;
    const F scaled = bits_f(magnitude) * 0x1p112f * 0x1p-110f;
    const U32 exponent = bits_u(max_f(bits_f(magnitude & 0x7F800000u), (F)0x1p-14f));
    const U32 sum = bits_u(bits_f(exponent + 0x07800000u) + scaled);
    const U32 isNaN = (U32)((I32)magnitude > (I32)0x7F800000);
    const U32 half = ((sum >> 13) & 0x7FFFu) + (sum & 0x0FFFu & ~isNaN);
    return __builtin_convertvector(half | ((bits >> 16) & 0x8000u), U16);
#endif
}

/// Floats of N binary16 bit patterns (exact; NaN quiet with its payload).
SI F f_from_half(U16 h) {
#if defined(HDRK_AVX512)
    return (F)_mm512_cvtph_ps((__m256i)h);
#elif defined(HDRK_AVX2)
    return (F)_mm256_cvtph_ps((__m128i)h);
#elif defined(__aarch64__)
    typedef _Float16 H16 __attribute__((ext_vector_type(N)));
    return __builtin_convertvector((H16)h, F);
#else
    // After M. Dukhan: normal, infinite and NaN halves (w << 1 >> 4) + (224 << 23), scaled by 2⁻¹¹² (which quiets a
    // NaN and keeps its payload); subnormals float(m | bits(0.5)) − 0.5, exact.
    const U32 w = __builtin_convertvector(h, U32) << 16;
    const U32 twice = w + w;
    const U32 normal = bits_u(bits_f((twice >> 4) + 0x70000000u) * 0x1p-112f);
    const U32 magnitude = twice >> 17;
    const U32 subnormal = bits_u(bits_f(magnitude | 0x3F000000u) - 0.5f);
    const U32 value = (I32)magnitude < 0x0400 ? subnormal : normal;
    return bits_f(value | (w & 0x80000000u));
#endif
}

// MARK: Integer codes

/// round-half-up(clamp(v·scale + bias, 0, maxCode)), NaN as the code of 0 (PixelBuffers' RowKernels.code): the
/// magic-number rounding gives floor(t + 0.5) without a float → integer conversion.
SI U32 codes(F v, float scale, float bias, float maxCode) {
    F x = v == v ? v : (F)0.0f;
    x = x * scale + bias;
    x = x > 0.0f ? x : (F)0.0f;
    x = x < maxCode ? x : (F)maxCode;
    const F t = x + 0.5f;
    const F sum = t + 8388608.0f;
    const F rounded = sum - 8388608.0f;
    return (bits_u(sum) - 0x4B000000u) + (U32)(rounded > t);  // − 1 where rounded up
}

// MARK: Tables

/// What a table's layout asks beyond the interpolation, as constants for specialised copies of table_eval (the
/// interpreter picks the copy once per op and block: no per-lane work for what a table does not need).
enum {
    HDRK_TABLE_CLAMP = 1,  // clamp to [clampLow, clampHigh] first
    HDRK_TABLE_SIGNED = 2,  // negative inputs: the function mirrored (odd)
    HDRK_TABLE_NEGATIVE_OUTSIDE = 4,  // negative inputs: outside the table
    HDRK_TABLE_FLOOR = 8,  // interpolated values below `floor` become `floor`
    HDRK_TABLE_INSIDE = 16,  // with CLAMP alone: bounds ≥ +0 whose magnitudes the table covers, only NaN outside
};

SI int table_features(const HDRKTableLayout *l) {
    int f = l->clamps ? HDRK_TABLE_CLAMP : 0;
    if (!(l->clamps && l->clampLow >= 0.0f)) {  // negative inputs exist (NaN is outside anyway)
        f |= l->unmirrored ? HDRK_TABLE_NEGATIVE_OUTSIDE : HDRK_TABLE_SIGNED;
    }
    if (l->floor > -__builtin_inff()) f |= HDRK_TABLE_FLOOR;
    if (f == HDRK_TABLE_CLAMP || f == (HDRK_TABLE_CLAMP | HDRK_TABLE_FLOOR)) {
        uint32_t low, high;
        memcpy(&low, &l->clampLow, 4);
        memcpy(&high, &l->clampHigh, 4);
        if (low < 0x80000000u && high < l->highBits) f |= HDRK_TABLE_INSIDE;
    }
    return f;
}

/// PiecewiseLinearTable's clamp, outside test and interpolation (TransferFunctions), lane by lane, for the features
/// `f` of the layout (table_features). `*outside` gets the lanes the table does not cover; their results are
/// meaningless.
SI F table_eval(const HDRKTableLayout *l, const float *pairs, F x, I32 *outside, const int f) {
    U32 magnitude, sign = 0;
    if (f & HDRK_TABLE_INSIDE) {
        // The clamp keeps every number inside the table and sends NaN (the only outside input) to clampLow: the
        // second operand of x > low ? x : low. The result is never negative, so its bits are its magnitude.
        *outside = x != x;
        F c = x > l->clampLow ? x : (F)l->clampLow;
        c = c < l->clampHigh ? c : (F)l->clampHigh;
        magnitude = bits_u(c);
    } else {
        if (f & HDRK_TABLE_CLAMP) {
            x = max_f((F)l->clampLow, x);  // x < low ? low : x
            x = min_f((F)l->clampHigh, x);  // x > high ? high : x
        }
        const U32 bits = bits_u(x);
        magnitude = bits & 0x7FFFFFFFu;
        const U32 highMinusOne = l->highBits - 1;
        I32 out = (I32)magnitude > (I32)highMinusOne;  // magnitudes are below 2³¹
        if (f & (HDRK_TABLE_SIGNED | HDRK_TABLE_NEGATIVE_OUTSIDE)) {
            const I32 negative = (I32)bits < 0 & magnitude != 0;
            if (f & HDRK_TABLE_NEGATIVE_OUTSIDE) out |= negative;
            if (f & HDRK_TABLE_SIGNED) sign = (U32)negative & 0x80000000u;
        }
        *outside = out;
        magnitude = magnitude < highMinusOne ? magnitude : (U32)highMinusOne;
    }
    const U32 offset = (magnitude > l->lowBits ? magnitude : (U32)l->lowBits) - l->lowBits;
    const U32 index = offset >> l->shift;
    const F fraction = bits_f(0x3F800000u | ((offset << l->fractionShift) & 0x007FFFFFu)) - 1.0f;
    F start, rise;  // y0 and y1 − y0 as the table engine rounds them
    gather_pairs(pairs, index, &start, &rise);
    F y = start + rise * fraction;
    if (f & HDRK_TABLE_FLOOR) y = y < l->floor ? (F)l->floor : y;
    const F toe = l->toeOffset + l->toeSlope * bits_f(magnitude);
    y = magnitude < l->toeBits ? toe : y;
    if (!(f & HDRK_TABLE_SIGNED)) return y;
    return bits_f(bits_u(y) ^ sign);
}

/// y with the lanes `outside` (below `count`) replaced by the exact function of x: the rare inputs a table does not
/// cover, one call each.
__attribute__((noinline, cold)) static F exact_lanes(const HDRKCurve *c, F x, F y, I32 outside, long count) {
    for (int k = 0; k < count; k++) {
        if (outside[k]) y[k] = c->exact(c->context, x[k]);
    }
    return y;
}

/// One value per lane through a curve (luminance_gain's gain). Below `unityBelow` the gain is exactly 1 (compared as
/// bit patterns: negative values, −0 and NaN are above any positive bound): blocks there skip the lookup.
SI F curve1(const HDRKCurve *c, F x, long count, const int f) {
    if (every((I32)(bits_u(x) < bits_u((F)c->unityBelow)))) return (F)1.0f;
    I32 outside;
    const F y = table_eval(&c->layout, c->pairs, x, &outside, f);
    return any(outside) ? exact_lanes(c, x, y, outside, count) : y;
}

/// R, G, B through a curve: three independent lookups in one stretch of code (the core overlaps their loads), one
/// test for the lanes the table leaves to the exact function.
SI void curve3(const HDRKCurve *c, F *r, F *g, F *b, long count, const int f) {
    I32 o0, o1, o2;
    const F x0 = *r, x1 = *g, x2 = *b;
    F y0 = table_eval(&c->layout, c->pairs, x0, &o0, f);
    F y1 = table_eval(&c->layout, c->pairs, x1, &o1, f);
    F y2 = table_eval(&c->layout, c->pairs, x2, &o2, f);
    // Inside tables leave only NaN outside: one test of the sum (NaN when any input is; ∞ − ∞ only takes the exact
    // lanes' path for nothing).
    const F sum = (x0 + x1) + x2;
    if ((f & HDRK_TABLE_INSIDE) ? any(sum != sum) : any(o0 | o1 | o2)) {
        y0 = exact_lanes(c, x0, y0, o0, count);
        y1 = exact_lanes(c, x1, y1, o1, count);
        y2 = exact_lanes(c, x2, y2, o2, count);
    }
    *r = y0;
    *g = y1;
    *b = y2;
}

/// `BODY(f)` for the table features `features`, with f a constant in each copy.
#define HDRK_TABLE_CASES(features, BODY) \
    switch (features) { \
    case 0: BODY(0) break; \
    case 1: BODY(1) break; \
    case 2: BODY(2) break; \
    case 3: BODY(3) break; \
    case 4: BODY(4) break; \
    case 5: BODY(5) break; \
    case 8: BODY(8) break; \
    case 9: BODY(9) break; \
    case 10: BODY(10) break; \
    case 11: BODY(11) break; \
    case 12: BODY(12) break; \
    case 17: BODY(17) break; \
    case 25: BODY(25) break; \
    default: BODY(13) break; \
    }

/// QuantizedCurve's code of each lane (see HDRKQuantizedLayout).
SI F quantized_codes(const HDRKQuantized *q, F x) {
    const HDRKQuantizedLayout *l = &q->layout;
    const U32 bits = bits_u(x), magnitude = bits & 0x7FFFFFFFu;
    U32 index = ((magnitude > l->lowBits ? magnitude : (U32)l->lowBits) - l->lowBits) >> l->shift;
    index = index < l->lastCell ? index : (U32)l->lastCell;
    F code, threshold;  // cell pairs (code, threshold)
    gather_pairs(q->cells, index, &code, &threshold);
    F result = code + (x >= threshold ? (F)1.0f : (F)0.0f);
    result = (I32)magnitude > (I32)(l->highBits - 1) ? (F)l->highCode : result;
    result = ((I32)bits < 0 | magnitude < l->lowBits) ? (F)l->lowCode : result;
    return x != x ? (F)l->nanCode : result;
}

// MARK: Stages on three channels

SI void affine(const HDRKAffine *k, F *r, F *g, F *b) {
    const F x = *r, y = *g, z = *b;
    *r = ((k->m[0] * x + k->m[1] * y) + k->m[2] * z) + k->o[0];
    *g = ((k->m[3] * x + k->m[4] * y) + k->m[5] * z) + k->o[1];
    *b = ((k->m[6] * x + k->m[7] * y) + k->m[8] * z) + k->o[2];
}

/// HeadroomFit (ToneMapping) in the order of its portable SIMD kernel, p = [w0, w1, w2, h, limit, f]:
/// m = max(max(R, G), B); m ≤ h: unchanged; h < m ≤ limit: each value min(v, h); m > limit: with
/// Y = (w0·R + w1·G) + w2·B, s = (h − Y)/(m − Y), k = h/m, w = min(max((Y·(1/h) − 0.75)·4, f), 1),
/// D = Y + s·(v − Y), S = v·k: min(w ≥ 1 ? S : D + w·(S − D), h). NaN luminance: unchanged. f is 1 to keep
/// chromaticity (w = 1: S, computed directly with the one division k), 0 to keep luminance below ¾h.
SI void headroom_fit(const float *p, F *r, F *g, F *b) {
    const float h = p[3], limit = p[4], floor = p[5], inverseH = 1.0f / h;
    const F m = max_f(max_f(*r, *g), *b);
    const I32 over = m > h;
    if (!any(over)) return;
    const I32 fitted = m > limit;
    const F y = (p[0] * *r + p[1] * *g) + p[2] * *b;
    const I32 valid = y == y;
    if (floor >= 1.0f) {
        // Chromaticity kept (w = 1 for every lane): min(v·k, h) where fitted, min(v, h) where only clipped, which is
        // min(v·1, h): one division, the same bytes as the blend below with w = 1.
        const F k = fitted & valid ? (F)h / m : (F)1.0f;
        const I32 clip = over & valid;
        *r = clip ? min_f(*r * k, (F)h) : *r;
        *g = clip ? min_f(*g * k, (F)h) : *g;
        *b = clip ? min_f(*b * k, (F)h) : *b;
        return;
    }
    const F s = (h - y) / (m - y);
    const F k = h / m;
    F blend = (y * inverseH - 0.75f) * 4.0f;
    blend = blend > floor ? blend : (F)floor;
    blend = blend < 1.0f ? blend : (F)1.0f;
    const I32 full = blend >= 1.0f;
    const I32 clip = over & valid, fit = fitted & valid;
#define HDRK_FIT_CHANNEL(c) \
    do { \
        const F d = y + s * (c - y), scaled = c * k; \
        F t = full ? scaled : d + blend * (scaled - d); \
        t = t < h ? t : (F)h; \
        const F clipped = c < h ? c : (F)h; \
        c = fit ? t : (clip ? clipped : c); \
    } while (0)
    HDRK_FIT_CHANNEL(*r);
    HDRK_FIT_CHANNEL(*g);
    HDRK_FIT_CHANNEL(*b);
#undef HDRK_FIT_CHANNEL
}

/// With m = max(max(R, G), B) above the knee k and finite: scale by (k + (c − k)·t/(1 + t))/m, t = (m − k)/(c − k);
/// m = +∞: components equal to m become c, the others 0.
SI void highlight_shoulder(const float *p, F *r, F *g, F *b) {
    const float knee = p[0], ceiling = p[1], width = ceiling - knee;
    const F m = max_f(max_f(*r, *g), *b);
    const I32 over = m > knee;
    if (!any(over)) return;
    const I32 infinite = m == __builtin_inff();
    const F t = (m - knee) / width;
    const F scale = (knee + (width * t) / (1.0f + t)) / m;
    const I32 finite = over & ~infinite;
    *r = finite ? *r * scale : (infinite ? (*r == m ? (F)ceiling : (F)0.0f) : *r);
    *g = finite ? *g * scale : (infinite ? (*g == m ? (F)ceiling : (F)0.0f) : *g);
    *b = finite ? *b * scale : (infinite ? (*b == m ? (F)ceiling : (F)0.0f) : *b);
}

/// GamutMapper's soft compression (ToneMapping) after its matrix: with Y = (w0·R + w1·G) + w2·B > 0 and
/// δ = 1 − min(R, G, B)/Y above the knee k, v ↦ Y + (v − Y)·g/δ, g = min(k + (1 − k)·s((δ − k)/(1 − k)), 1),
/// s(τ) = τ·(1 + τ·e)/(1 + τ) (e = 1/end²); then each value clipped to [0, ceiling], NaN to 0.
SI void gamut_compress(const float *p, F *r, F *g, F *b) {
    const float knee = p[3], inverseEndSquared = p[4], ceiling = p[5];
    const F y = (p[0] * *r + p[1] * *g) + p[2] * *b;
    const F low = min_f(min_f(*r, *g), *b);
    const F delta = 1.0f - low / y;
    const I32 compress = (y > 0.0f) & (delta > knee);
    if (any(compress)) {
        const F t = (delta - knee) / (1.0f - knee);
        const F shoulder = (t * (1.0f + t * inverseEndSquared)) / (1.0f + t);
        const F mapped = min_f(knee + (1.0f - knee) * shoulder, (F)1.0f);
        const F s = mapped / delta;
        *r = compress ? y + (*r - y) * s : *r;
        *g = compress ? y + (*g - y) * s : *g;
        *b = compress ? y + (*b - y) * s : *b;
    }
    *r = *r > 0.0f ? (*r < ceiling ? *r : (F)ceiling) : (F)0.0f;
    *g = *g > 0.0f ? (*g < ceiling ? *g : (F)ceiling) : (F)0.0f;
    *b = *b > 0.0f ? (*b < ceiling ? *b : (F)ceiling) : (F)0.0f;
}

/// One piece of a Dolby Vision reshaping curve at coefficients `c`: a polynomial c0 + (c1 + c2·s)·s of the component's
/// own normalised code s (order 0), or an MMR of order 1…3: c0, then per order o the 7 weights of t1^o, t1 = (y, u, v,
/// y·u, y·v, u·v, (y·u)·v), each order's sum ((((((w0·t0 + w1·t1) + w2·t2) + …) + w6·t6) added to the total.
SI F reshape_piece(const float *c, int order, F own, const F *t1) {
    if (order == 0) return c[0] + (c[1] + c[2] * own) * own;
    F v = (F)c[0];
    F t[7];
    for (int j = 0; j < 7; j++) t[j] = t1[j];
    for (int o = 0; o < order; o++) {
        const float *w = c + 1 + 7 * o;
        v = v + ((((((w[0] * t[0] + w[1] * t[1]) + w[2] * t[2]) + w[3] * t[3]) + w[4] * t[4]) + w[5] * t[5]) +
                 w[6] * t[6]);
        for (int j = 0; j < 7; j++) t[j] = t[j] * t1[j];
    }
    return v;
}

/// Dolby Vision reshaping (DolbyVision's composer, ETSI GS CCM 001 / libplacebo's pl_shader_dovi_reshape) of the
/// block's Y′, Cb, Cr codes, p = [1/(2^depth − 1), then per component HDRK_RESHAPE_STRIDE values: piece count,
/// the first and last pivots (normalised), 8 inner pivots (codes, ascending, unused +∞), 8 piece orders, 8 × 22
/// coefficients]. s = min(max(code·p[0], 0), 1) for each component; each lane takes the piece its own code falls in
/// (inner pivot i − 1 ≤ code < inner pivot i: comparisons of codes, exact), evaluated for the pieces some lane needs;
/// the value is clamped to [first, last pivot].
#define HDRK_RESHAPE_STRIDE 195
SI void reshape(const float *p, F *r, F *g, F *b) {
    const F codes[3] = {*r, *g, *b};
    F s[3];
    for (int c = 0; c < 3; c++) s[c] = min_f(max_f(codes[c] * p[0], (F)0.0f), (F)1.0f);
    const F t1[7] = {s[0], s[1], s[2], s[0] * s[1], s[0] * s[2], s[1] * s[2], (s[0] * s[1]) * s[2]};
    F out[3];
    for (int c = 0; c < 3; c++) {
        const float *k = p + 1 + c * HDRK_RESHAPE_STRIDE;
        const int pieces = (int)k[0];
        F v = (F)0.0f;
        for (int piece = 0; piece < pieces; piece++) {
            I32 in = (I32)-1;  // every lane
            if (piece > 0) in &= codes[c] >= k[3 + piece - 1];
            if (piece < pieces - 1) in &= codes[c] < k[3 + piece];
            if (!any(in)) continue;
            const F value = reshape_piece(k + 19 + 22 * piece, (int)k[11 + piece], s[c], t1);
            v = in ? value : v;
        }
        out[c] = min_f(max_f(v, (F)k[1]), (F)k[2]);
    }
    *r = out[0];
    *g = out[1];
    *b = out[2];
}

/// The block's R, G, B through a Swift operator, by way of arrays (r, g, b themselves never have their address taken,
/// so they stay in registers in the interpreter).
__attribute__((noinline)) static void host_call(const HDRKHost *h, float *rs, float *gs, float *bs, long count) {
    h->apply(h->context, rs, gs, bs, count);
}

// MARK: Interleaved loads and stores

/// The bytes of `count` pixels of `bytes` bytes each at p, in a whole vector's worth (zeros past `count`).
#define HDRK_LOAD_PIXELS(type, p, bytes, count) \
    ({ \
        type v_; \
        if ((count) == N) { \
            memcpy(&v_, (p), sizeof v_); \
        } else { \
            unsigned char staged_[sizeof(type)] = {0}; \
            memcpy(staged_, (p), (size_t)((count) * (bytes))); \
            memcpy(&v_, staged_, sizeof v_); \
        } \
        v_; \
    })

/// Stores the first `count` pixels of `v` (pixels of `bytes` bytes). Whole blocks go by streaming stores (large
/// frames are not read back soon; hdrk_store_fence orders them): MOVNTDQ on x86-64, STNP on arm64, straight from the
/// vector registers. A block smaller than a 64-byte cache line streams when it is aligned to its own size, so that
/// the blocks sharing a line all stream and fill it together: a line written half by streaming and half by ordinary
/// stores is pulled into the cache and evicted again for every block (on AMD Zen 3 that made 8-bit RGBA output on
/// AVX2, 32-byte blocks, 5 to 7 times slower).
#define HDRK_STORE_PIXELS(p, v, bytes, count) \
    do { \
        if ((count) == N && ((uintptr_t)(p) & (sizeof(v) < 64 ? sizeof(v) - 1 : 63)) == 0) { \
            __builtin_nontemporal_store((v), (__typeof__(v) *)(p)); \
        } else if ((count) == N) { \
            memcpy((p), &(v), sizeof(v)); \
        } else { \
            memcpy((p), &(v), (size_t)((count) * (bytes))); \
        } \
    } while (0)

/// Values of one memory channel's codes: through the table (colour channels, when there is one) or normalised.
SI F channel_values(const HDRKInterleaved *s, int c, U32 code) {
    if (s->table && c < 3) return gather_f(s->table, code);
    return (to_f(code) - s->bias[c]) / s->scale[c];
}

SI void load_rgba8(const HDRKInterleaved *s, const void *p, long count, F *r, F *g, F *b, F *a) {
    const U32 w = HDRK_LOAD_PIXELS(U32, p, 4, count);
    const F m0 = channel_values(s, 0, w & 0xFF), m1 = channel_values(s, 1, (w >> 8) & 0xFF);
    const F m2 = channel_values(s, 2, (w >> 16) & 0xFF);
    *a = channel_values(s, 3, w >> 24);
    *g = m1;
    *r = s->swapsRedAndBlue ? m2 : m0;
    *b = s->swapsRedAndBlue ? m0 : m2;
}

SI U32 channel16(U64 w, int c) { return __builtin_convertvector((w >> (16 * c)) & 0xFFFF, U32); }

SI void load_rgba16(const HDRKInterleaved *s, const void *p, long count, F *r, F *g, F *b, F *a) {
    const U64 w = HDRK_LOAD_PIXELS(U64, p, 8, count);
    const F m0 = channel_values(s, 0, channel16(w, 0)), m1 = channel_values(s, 1, channel16(w, 1));
    const F m2 = channel_values(s, 2, channel16(w, 2));
    *a = channel_values(s, 3, channel16(w, 3));
    *g = m1;
    *r = s->swapsRedAndBlue ? m2 : m0;
    *b = s->swapsRedAndBlue ? m0 : m2;
}

SI void load_rgba_half(const HDRKInterleaved *s, const void *p, long count, F *r, F *g, F *b, F *a) {
    const U64 w = HDRK_LOAD_PIXELS(U64, p, 8, count);
    const F m0 = f_from_half(__builtin_convertvector(w & 0xFFFF, U16));
    const F m1 = f_from_half(__builtin_convertvector((w >> 16) & 0xFFFF, U16));
    const F m2 = f_from_half(__builtin_convertvector((w >> 32) & 0xFFFF, U16));
    *a = f_from_half(__builtin_convertvector(w >> 48, U16));
    *g = m1;
    *r = s->swapsRedAndBlue ? m2 : m0;
    *b = s->swapsRedAndBlue ? m0 : m2;
}

SI void store_rgba8(const HDRKInterleaved *s, void *p, long count, F r, F g, F b, F a) {
    const F m0 = s->swapsRedAndBlue ? b : r, m2 = s->swapsRedAndBlue ? r : b;
    const U32 w = codes(m0, s->scale[0], s->bias[0], s->maxCode[0])
                  | codes(g, s->scale[1], s->bias[1], s->maxCode[1]) << 8
                  | codes(m2, s->scale[2], s->bias[2], s->maxCode[2]) << 16
                  | codes(a, s->scale[3], s->bias[3], s->maxCode[3]) << 24;
    HDRK_STORE_PIXELS(p, w, 4, count);
}

SI void store_rgba16(const HDRKInterleaved *s, void *p, long count, F r, F g, F b, F a) {
    const F m0 = s->swapsRedAndBlue ? b : r, m2 = s->swapsRedAndBlue ? r : b;
    const U64 w = __builtin_convertvector(codes(m0, s->scale[0], s->bias[0], s->maxCode[0]), U64)
                  | __builtin_convertvector(codes(g, s->scale[1], s->bias[1], s->maxCode[1]), U64) << 16
                  | __builtin_convertvector(codes(m2, s->scale[2], s->bias[2], s->maxCode[2]), U64) << 32
                  | __builtin_convertvector(codes(a, s->scale[3], s->bias[3], s->maxCode[3]), U64) << 48;
    HDRK_STORE_PIXELS(p, w, 8, count);
}

typedef uint16_t U16x2 __attribute__((ext_vector_type(2 * N)));
typedef uint32_t U32x2 __attribute__((ext_vector_type(2 * N)));

/// Lanes of a and b alternating: a0 b0 a1 b1 … (unpack instructions).
#if N == 16
#define HDRK_ZIP(a, b) __builtin_shufflevector(a, b, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31)
#else
#define HDRK_ZIP(a, b) __builtin_shufflevector(a, b, 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15)
#endif

SI void store_rgba_half(const HDRKInterleaved *s, void *p, long count, F r, F g, F b, F a) {
    const F m0 = s->swapsRedAndBlue ? b : r, m2 = s->swapsRedAndBlue ? r : b;
    const U16x2 h01 = HDRK_ZIP(half_from_f(m0), half_from_f(g)), h23 = HDRK_ZIP(half_from_f(m2), half_from_f(a));
    U32 w01, w23;
    memcpy(&w01, &h01, sizeof w01);
    memcpy(&w23, &h23, sizeof w23);
    const U32x2 w = HDRK_ZIP(w01, w23);
    HDRK_STORE_PIXELS(p, w, 8, count);
}

// MARK: Y′CbCr loads

/// Chroma of N pixels from pixel i of a chunk whose first pixel has the column parity `phase` (HDRKYCbCrLoad): lane l
/// is pixel x = i + l + phase counted from the chunk's first even column (the chunk's first, or the one before it),
/// which takes ext[x/2 + 1] and, for the bilinear filters, its neighbour ext[x/2] or ext[x/2 + 2]. All of them come
/// from one vector at ext + i/2 (the lists below pick its lanes). Weights 0, ¼, ½, ¾: exact for codes below 2¹⁶.
#if N == 16
#define HDRK_CURRENT0(w) __builtin_shufflevector(w, w, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8)
#define HDRK_NEXT0(w) __builtin_shufflevector(w, w, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9)
#define HDRK_PREVIOUS0(w) __builtin_shufflevector(w, w, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7)
#define HDRK_CURRENT1(w) __builtin_shufflevector(w, w, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9)
#define HDRK_NEXT1(w) __builtin_shufflevector(w, w, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10)
#define HDRK_PREVIOUS1(w) __builtin_shufflevector(w, w, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8)
#else
#define HDRK_CURRENT0(w) __builtin_shufflevector(w, w, 1, 1, 2, 2, 3, 3, 4, 4)
#define HDRK_NEXT0(w) __builtin_shufflevector(w, w, 2, 2, 3, 3, 4, 4, 5, 5)
#define HDRK_PREVIOUS0(w) __builtin_shufflevector(w, w, 0, 0, 1, 1, 2, 2, 3, 3)
#define HDRK_CURRENT1(w) __builtin_shufflevector(w, w, 1, 2, 2, 3, 3, 4, 4, 5)
#define HDRK_NEXT1(w) __builtin_shufflevector(w, w, 2, 3, 3, 4, 4, 5, 5, 6)
#define HDRK_PREVIOUS1(w) __builtin_shufflevector(w, w, 0, 1, 1, 2, 2, 3, 3, 4)
#endif

SI F upsampled(const float *ext, long i, const int phase, const int mode) {
    const F w = load_f(ext + (i >> 1));
    I32 odd;
    for (int l = 0; l < N; l++) odd[l] = ((l + phase) & 1) ? -1 : 0;
    const F current = phase ? HDRK_CURRENT1(w) : HDRK_CURRENT0(w);
    if (mode == 0) return current;
    const F next = phase ? HDRK_NEXT1(w) : HDRK_NEXT0(w);
    if (mode == 1) return odd ? current * 0.5f + next * 0.5f : current;
    const F previous = phase ? HDRK_PREVIOUS1(w) : HDRK_PREVIOUS0(w);
    return current * 0.75f + (odd ? next : previous) * 0.25f;
}

SI void load_ycbcr(const HDRKYCbCrLoad *s, const HDRKIO *io, long i, long count, const int phase, const int mode,
                   F *y, F *cb, F *cr, F *a) {
    U32 raw;
    if (s->container == HDRK_CONTAINER_U16) {
        raw = __builtin_convertvector(HDRK_LOAD_PIXELS(U16, (const uint16_t *)io->source + i, 2, count), U32);
    } else {
        raw = __builtin_convertvector(HDRK_LOAD_PIXELS(U8, (const uint8_t *)io->source + i, 1, count), U32);
    }
    *y = to_f((raw >> s->shift) & s->mask);
    *cb = upsampled(io->chroma[0], i, phase, mode);
    *cr = upsampled(io->chroma[1], i, phase, mode);
    *a = 1.0f;
}

// MARK: The interpreter

/// The program over K blocks of N pixels from pixel i (the last of them holding `last` pixels, the others N): each op
/// runs on the K blocks in turn before the next op, so the core overlaps K independent chains (table lookups above
/// all), and the op's dispatch and constants are paid once per K blocks.
SI void run_blocks(const HDRKInstruction *program, const HDRKIO *io, long i, long last, const int K) {
    F r[K], g[K], b[K], a[K];
#if defined(HDRK_AVX512) || defined(HDRK_AVX2)
// Unrolled, the blocks' R, G, B, A stay in the 32 (16) vector registers from op to op instead of a stack array;
// baseline and NEON vectors are two registers each, too many to hold, and run faster as a loop.
#define HDRK_EACH _Pragma("clang loop unroll(full)") for (int k = 0; k < K; k++)
#else
#define HDRK_EACH for (int k = 0; k < K; k++)
#endif
#define HDRK_COUNT (k == K - 1 ? last : N)
#define HDRK_AT (i + (long)k * N)
    HDRK_EACH {
        r[k] = 0.0f;
        g[k] = 0.0f;
        b[k] = 0.0f;
        a[k] = 1.0f;
    }
    for (const HDRKInstruction *ip = program;; ip++) {
        const void *arguments = ip->arguments;
        switch (ip->op) {
        case HDRK_OP_load_planes:
            HDRK_EACH {
                r[k] = load_f(io->planes[0] + HDRK_AT);
                g[k] = load_f(io->planes[1] + HDRK_AT);
                b[k] = load_f(io->planes[2] + HDRK_AT);
                a[k] = load_f(io->planes[3] + HDRK_AT);
            }
            break;
        case HDRK_OP_load_rgba8:
            HDRK_EACH {
                load_rgba8(arguments, (const uint8_t *)io->source + 4 * HDRK_AT, HDRK_COUNT, &r[k], &g[k], &b[k], &a[k]);
            }
            break;
        case HDRK_OP_load_rgba16:
            HDRK_EACH {
                load_rgba16(arguments, (const uint8_t *)io->source + 8 * HDRK_AT, HDRK_COUNT, &r[k], &g[k], &b[k],
                            &a[k]);
            }
            break;
        case HDRK_OP_load_rgba_half:
            HDRK_EACH {
                load_rgba_half(arguments, (const uint8_t *)io->source + 8 * HDRK_AT, HDRK_COUNT, &r[k], &g[k], &b[k],
                               &a[k]);
            }
            break;
        case HDRK_OP_load_ycbcr: {
            const HDRKYCbCrLoad *s = arguments;
            // Phase and filter as constants: one copy of the loop each.
#define HDRK_YCBCR(phase, mode) \
    HDRK_EACH load_ycbcr(s, io, HDRK_AT, HDRK_COUNT, phase, mode, &r[k], &g[k], &b[k], &a[k]);
            const int phase = (int)(io->column & 1);
            switch (s->mode * 2 + phase) {
            case 0: HDRK_YCBCR(0, 0) break;
            case 1: HDRK_YCBCR(1, 0) break;
            case 2: HDRK_YCBCR(0, 1) break;
            case 3: HDRK_YCBCR(1, 1) break;
            case 4: HDRK_YCBCR(0, 2) break;
            default: HDRK_YCBCR(1, 2) break;
            }
#undef HDRK_YCBCR
            break;
        }
        case HDRK_OP_clamp: {
            const float *p = arguments;
            HDRK_EACH {
                r[k] = min_f((F)p[1], max_f((F)p[0], r[k]));
                g[k] = min_f((F)p[1], max_f((F)p[0], g[k]));
                b[k] = min_f((F)p[1], max_f((F)p[0], b[k]));
            }
            break;
        }
        case HDRK_OP_affine:
            HDRK_EACH affine(arguments, &r[k], &g[k], &b[k]);
            break;
        case HDRK_OP_curve: {
            const HDRKCurve *c = arguments;
#define HDRK_CURVE3(f) HDRK_EACH curve3(c, &r[k], &g[k], &b[k], HDRK_COUNT, f);
            HDRK_TABLE_CASES(table_features(&c->layout), HDRK_CURVE3)
#undef HDRK_CURVE3
            break;
        }
        case HDRK_OP_luminance_gain: {
            const HDRKCurve *c = arguments;
            F y[K], gain[K];
            HDRK_EACH y[k] = (c->weights[0] * r[k] + c->weights[1] * g[k]) + c->weights[2] * b[k];
#define HDRK_GAIN(f) HDRK_EACH gain[k] = curve1(c, y[k], HDRK_COUNT, f);
            HDRK_TABLE_CASES(table_features(&c->layout), HDRK_GAIN)
#undef HDRK_GAIN
            HDRK_EACH {
                r[k] = r[k] * gain[k];
                g[k] = g[k] * gain[k];
                b[k] = b[k] * gain[k];
            }
            break;
        }
        case HDRK_OP_quantized_curve:
            HDRK_EACH {
                r[k] = quantized_codes(arguments, r[k]);
                g[k] = quantized_codes(arguments, g[k]);
                b[k] = quantized_codes(arguments, b[k]);
            }
            break;
        case HDRK_OP_headroom_fit:
            HDRK_EACH headroom_fit(arguments, &r[k], &g[k], &b[k]);
            break;
        case HDRK_OP_highlight_shoulder:
            HDRK_EACH highlight_shoulder(arguments, &r[k], &g[k], &b[k]);
            break;
        case HDRK_OP_gamut_compress:
            HDRK_EACH gamut_compress(arguments, &r[k], &g[k], &b[k]);
            break;
        case HDRK_OP_reshape:
            HDRK_EACH reshape(arguments, &r[k], &g[k], &b[k]);
            break;
        case HDRK_OP_meter: {
            const float scale = *(const float *)arguments;
            HDRK_EACH {
                // Each component first, so that NaN (false in both comparisons) never meets max_f, whose NaN rule
                // differs between instruction sets; capped so that the scale keeps it finite.
                const F inf = (F)__builtin_inff(), zero = (F)0.0f;
                const F mr = ((r[k] > zero) & (r[k] < inf)) ? r[k] : zero;
                const F mg = ((g[k] > zero) & (g[k] < inf)) ? g[k] : zero;
                const F mb = ((b[k] > zero) & (b[k] < inf)) ? b[k] : zero;
                a[k] = min_f(max_f(max_f(mr, mg), mb), (F)1e30f) * scale;
            }
            break;
        }
        case HDRK_OP_host:
            HDRK_EACH {
                float rs[N], gs[N], bs[N];
                store_f(rs, r[k]);
                store_f(gs, g[k]);
                store_f(bs, b[k]);
                host_call(arguments, rs, gs, bs, HDRK_COUNT);
                r[k] = load_f(rs);
                g[k] = load_f(gs);
                b[k] = load_f(bs);
            }
            break;
        case HDRK_OP_store_planes:
            HDRK_EACH {
                store_f(io->planes[0] + HDRK_AT, r[k]);
                store_f(io->planes[1] + HDRK_AT, g[k]);
                store_f(io->planes[2] + HDRK_AT, b[k]);
                store_f(io->planes[3] + HDRK_AT, a[k]);
            }
            return;
        case HDRK_OP_store_rgba8:
            HDRK_EACH store_rgba8(arguments, (uint8_t *)io->destination + 4 * HDRK_AT, HDRK_COUNT, r[k], g[k], b[k], a[k]);
            return;
        case HDRK_OP_store_rgba16:
            HDRK_EACH {
                store_rgba16(arguments, (uint8_t *)io->destination + 8 * HDRK_AT, HDRK_COUNT, r[k], g[k], b[k], a[k]);
            }
            return;
        case HDRK_OP_store_rgba_half:
            HDRK_EACH {
                store_rgba_half(arguments, (uint8_t *)io->destination + 8 * HDRK_AT, HDRK_COUNT, r[k], g[k], b[k],
                                a[k]);
            }
            return;
        default:
            __builtin_unreachable();
        }
    }
#undef HDRK_EACH
#undef HDRK_COUNT
#undef HDRK_AT
}

/// Blocks per step of the interpreter (HDRK_WIDE·N pixels): a power of two.
#ifndef HDRK_WIDE
#define HDRK_WIDE 4
#endif

static void run(const HDRKInstruction *program, const HDRKIO *io, long n) {
    long i = 0;
    for (; n - i >= HDRK_WIDE * N; i += HDRK_WIDE * N) run_blocks(program, io, i, N, HDRK_WIDE);
    for (; i < n; i += N) run_blocks(program, io, i, n - i < N ? n - i : N, 1);
}

// MARK: Row kernels

SI uint32_t swap16(uint32_t v) { return ((v & 0xFF) << 8) | ((v >> 8) & 0xFF); }
SI uint32_t swap32(uint32_t v) { return __builtin_bswap32(v); }

/// Up to N floats from p as a vector (zeros past `count`).
SI F load_partial_f(const float *p, long count) {
    if (count == N) return load_f(p);
    float staged[N] = {0};
    memcpy(staged, p, (size_t)count * sizeof(float));
    return load_f(staged);
}

/// The first `count` lanes of v to p.
SI void store_partial_f(float *p, F v, long count) {
    if (count == N) return store_f(p, v);
    memcpy(p, &v, (size_t)count * sizeof(float));
}

/// The codes of N integer samples from sample k on, `stride` containers apart.
SI U32 sample_codes(const HDRKSamples *s, const void *row, long k, long count, const HDRKContainer container) {
    U32 raw = 0;
    if (container == HDRK_CONTAINER_U16 && s->stride == 1 && !s->bigEndian && count == N) {
        U16 w;
        memcpy(&w, (const uint16_t *)row + k, sizeof w);
        raw = __builtin_convertvector(w, U32);
    } else {
        for (int l = 0; l < count; l++) {
            const long at = k + l * s->stride;
            switch (container) {
            case HDRK_CONTAINER_U8: raw[l] = ((const uint8_t *)row)[at]; break;
            case HDRK_CONTAINER_U16: {
                const uint32_t v = ((const uint16_t *)row)[at];
                raw[l] = s->bigEndian ? swap16(v) : v;
                break;
            }
            default: {
                const uint32_t v = ((const uint32_t *)row)[at];
                raw[l] = s->bigEndian ? swap32(v) : v;
                break;
            }
            }
        }
    }
    return (raw >> s->shift) & s->mask;
}

/// read_samples for one container and decoding, as constants (the loop carries no test of them).
SI void read_samples_loop(const HDRKSamples *s, const void *row, long x0, long n, const HDRKDecoding decoding,
                          const float *table, float *out, const HDRKContainer container) {
    const long first = x0 * s->stride + s->offset;
    for (long i = 0; i < n; i += N) {
        const long count = n - i < N ? n - i : N, k = first + i * s->stride;
        F v;
        switch (container) {
        case HDRK_CONTAINER_HALF: {
            const uint16_t *p = (const uint16_t *)row;
            U16 h = 0;
            for (int l = 0; l < count; l++) h[l] = p[k + l * s->stride];
            v = f_from_half(h);
            break;
        }
        case HDRK_CONTAINER_FLOAT: {
            const float *p = (const float *)row;
            v = 0.0f;
            for (int l = 0; l < count; l++) v[l] = p[k + l * s->stride];
            break;
        }
        default: {
            const U32 code = sample_codes(s, row, k, count, container);
            switch (decoding) {
            case HDRK_DECODE_NORMALIZED: v = (to_f(code) - s->bias) / s->scale; break;
            case HDRK_DECODE_CODE: v = to_f(code); break;
            default: v = gather_f(table, code); break;
            }
            break;
        }
        }
        store_partial_f(out + i, v, count);
    }
}

static void read_samples(const HDRKSamples *s, const void *row, long x0, long n, HDRKDecoding decoding,
                         const float *table, float *out) {
#define HDRK_READ(container, decoding) read_samples_loop(s, row, x0, n, decoding, table, out, container)
#define HDRK_READ_INTEGER(container) \
    switch (decoding) { \
    case HDRK_DECODE_NORMALIZED: HDRK_READ(container, HDRK_DECODE_NORMALIZED); break; \
    case HDRK_DECODE_CODE: HDRK_READ(container, HDRK_DECODE_CODE); break; \
    default: HDRK_READ(container, HDRK_DECODE_TABLE); break; \
    }
    switch (s->container) {
    case HDRK_CONTAINER_HALF: HDRK_READ(HDRK_CONTAINER_HALF, HDRK_DECODE_CODE); break;
    case HDRK_CONTAINER_FLOAT: HDRK_READ(HDRK_CONTAINER_FLOAT, HDRK_DECODE_CODE); break;
    case HDRK_CONTAINER_U8: HDRK_READ_INTEGER(HDRK_CONTAINER_U8) break;
    case HDRK_CONTAINER_U16: HDRK_READ_INTEGER(HDRK_CONTAINER_U16) break;
    default: HDRK_READ_INTEGER(HDRK_CONTAINER_U32) break;
    }
#undef HDRK_READ_INTEGER
#undef HDRK_READ
}

static void read_code_pairs(const HDRKSamples *s, const void *row, long x0, long n, float *a, float *b) {
    const uint16_t *p = (const uint16_t *)row + 2 * x0;
    for (long i = 0; i < n; i += N) {
        const long count = n - i < N ? n - i : N;
        U32 w = 0;
        if (count == N) {
            memcpy(&w, p + 2 * i, sizeof w);
        } else {
            memcpy(&w, p + 2 * i, (size_t)count * 4);
        }
        if (s->bigEndian) w = ((w & 0x00FF00FFu) << 8) | ((w >> 8) & 0x00FF00FFu);
        store_partial_f(a + i, to_f(((w & 0xFFFF) >> s->shift) & s->mask), count);
        store_partial_f(b + i, to_f(((w >> 16) >> s->shift) & s->mask), count);
    }
}

static void write_samples(const HDRKSamples *s, const float *values, long n, void *row, long x0) {
    const long first = x0 * s->stride + s->offset;
    for (long i = 0; i < n; i += N) {
        const long count = n - i < N ? n - i : N, k = first + i * s->stride;
        const F v = load_partial_f(values + i, count);
        switch (s->container) {
        case HDRK_CONTAINER_HALF: {
            const U16 h = half_from_f(v);
            uint16_t *p = (uint16_t *)row;
            for (int l = 0; l < count; l++) p[k + l * s->stride] = h[l];
            break;
        }
        case HDRK_CONTAINER_FLOAT: {
            float *p = (float *)row;
            for (int l = 0; l < count; l++) p[k + l * s->stride] = v[l];
            break;
        }
        case HDRK_CONTAINER_U8: {
            const U8 c = __builtin_convertvector(codes(v, s->scale, s->bias, s->maxCode) << s->shift, U8);
            uint8_t *p = (uint8_t *)row;
            if (s->stride == 1 && count == N) {
                memcpy(p + k, &c, sizeof c);
            } else {
                for (int l = 0; l < count; l++) p[k + l * s->stride] = c[l];
            }
            break;
        }
        case HDRK_CONTAINER_U16: {
            U16 c = __builtin_convertvector(codes(v, s->scale, s->bias, s->maxCode) << s->shift, U16);
            if (s->bigEndian) c = (c << 8) | (c >> 8);
            uint16_t *p = (uint16_t *)row;
            if (s->stride == 1 && count == N) {
                memcpy(p + k, &c, sizeof c);
            } else {
                for (int l = 0; l < count; l++) p[k + l * s->stride] = c[l];
            }
            break;
        }
        default: {
            // Packed words: the channel's field merged into the word, the other bits kept.
            const U32 c = codes(v, s->scale, s->bias, s->maxCode) << s->shift;
            const uint32_t field = s->mask << s->shift;
            uint32_t *p = (uint32_t *)row;
            for (int l = 0; l < count; l++) {
                uint32_t word = p[k + l * s->stride];
                if (s->bigEndian) word = swap32(word);
                word = (word & ~field) | c[l];
                p[k + l * s->stride] = s->bigEndian ? swap32(word) : word;
            }
            break;
        }
        }
    }
}

static void blend(const float *a, const float *b, float s, float t, float *out, long n) {
    long i = 0;
    for (; i + N <= n; i += N) store_f(out + i, load_f(a + i) * s + load_f(b + i) * t);
    for (; i < n; i++) out[i] = a[i] * s + b[i] * t;
}

static void downsample_chroma(const float *v, long vStart, long width, long first, long n, int cosited, float *out) {
    const long last = width - 1;
#define HDRK_AT(x) v[((x) < 0 ? 0 : ((x) > last ? last : (x))) - vStart]
    // Outputs whose taps all lie inside the row need no clamping: that loop, with its stride-2 loads, vectorises.
    // Both loops compute (a·¼ + b·½) + c·¼ (or a·½ + b·½) in the same order, so every output is the same float.
    long inner0 = (cosited ? 1 : 0) - first, inner1 = (last - 1) / 2 + 1 - first;
    inner0 = inner0 < 0 ? 0 : (inner0 > n ? n : inner0);
    inner1 = inner1 < inner0 ? inner0 : (inner1 > n ? n : inner1);
    for (long k = 0; k < n; k++) {
        if (k == inner0 && inner1 > inner0) {
            const float *p = v + 2 * (first + k) - vStart;
            const long count = inner1 - inner0;
            if (cosited) {
                for (long j = 0; j < count; j++) out[k + j] = p[2 * j - 1] * 0.25f + p[2 * j] * 0.5f + p[2 * j + 1] * 0.25f;
            } else {
                for (long j = 0; j < count; j++) out[k + j] = p[2 * j] * 0.5f + p[2 * j + 1] * 0.5f;
            }
            k = inner1 - 1;
            continue;
        }
        const long i = first + k;
        if (cosited) {
            out[k] = HDRK_AT(2 * i - 1) * 0.25f + HDRK_AT(2 * i) * 0.5f + HDRK_AT(2 * i + 1) * 0.25f;
        } else {
            out[k] = HDRK_AT(2 * i) * 0.5f + HDRK_AT(2 * i + 1) * 0.5f;
        }
    }
#undef HDRK_AT
}

static void average_rows(const float *a, const float *b, const float *c, int threeTaps, float *out, long n) {
    long i = 0;
    if (threeTaps) {
        for (; i + N <= n; i += N) {
            store_f(out + i, load_f(a + i) * 0.25f + load_f(b + i) * 0.5f + load_f(c + i) * 0.25f);
        }
        for (; i < n; i++) out[i] = a[i] * 0.25f + b[i] * 0.5f + c[i] * 0.25f;
    } else {
        for (; i + N <= n; i += N) store_f(out + i, load_f(a + i) * 0.5f + load_f(b + i) * 0.5f);
        for (; i < n; i++) out[i] = a[i] * 0.5f + b[i] * 0.5f;
    }
}

static void meter_row(const float *v, long n, float *maximum, uint64_t *sum) {
    float m = *maximum;
    uint64_t total = 0;
    for (long i = 0; i < n; i++) {
        const float x = v[i];
        m = x > m ? x : m;
        total += (uint64_t)((x < HDRK_METER_CAP ? x : HDRK_METER_CAP) * HDRK_METER_SCALE + 0.5f);
    }
    *maximum = m;
    *sum += total;
}

const HDRKKernels HDRK_NAME(hdrk_kernels) = {
    HDRK_ISA, run, read_samples, read_code_pairs, write_samples, blend, downsample_chroma,
    average_rows, meter_row,
};
