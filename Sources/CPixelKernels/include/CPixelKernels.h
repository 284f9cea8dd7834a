// CPixelKernels: the SIMD row kernels of HDRColor's PixelConversion, for x86-64 with AVX2 and F16C.
//
// Each kernel is compiled for AVX2/F16C with a per-function target attribute and chosen at run time
// (hdrk_has_avx2_f16c), so the package needs no compiler flags and still builds for baseline x86-64 and arm64, where
// every function is a stub and PixelConversion runs its portable Swift kernels. The kernels repeat the Swift
// kernels' float operations in the same order, without fused multiply-adds, so both paths give the same bytes.
//
// Counts are in elements; "padded" buffers may be processed in whole vectors of 8 beyond `n` (their owner reserves
// the room), others are processed exactly.
#ifndef CPIXELKERNELS_H
#define CPIXELKERNELS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The layout of a piecewise-linear table (TransferFunctions' PiecewiseLinearTable.Layout).
typedef struct {
    uint32_t lowBits;
    uint32_t highBits;
    uint32_t toeBits;
    uint32_t shift;
    uint32_t fractionShift;
    uint32_t clamps;
    uint32_t unmirrored;
    float toeOffset;
    float toeSlope;
    float clampLow;
    float clampHigh;
    float floor;
} HDRKTableLayout;

/// A curve followed by quantisation to integer codes (PixelConversion's QuantizedCurve). Negative values, −0 and
/// magnitudes below `lowBits` take `lowCode`; magnitudes from `highBits` on (with +∞) take `highCode`; NaN takes
/// `nanCode`; any other value x takes the code of its cell, cell = min((bits(x) − lowBits) >> shift, lastCell), from
/// `cells` holding pairs (code, threshold): the code, plus 1 where x ≥ threshold.
typedef struct {
    uint32_t lowBits;
    uint32_t highBits;
    uint32_t shift;
    uint32_t lastCell;
    float lowCode;
    float highCode;
    float nanCode;
    /// The destination's quantisation: the signal of code k is (k − bias) / scale.
    float bias;
    float scale;
} HDRKQuantizedLayout;

/// An affine map of three channels: row-major 3×3 matrix, then the offset.
typedef struct {
    float m[9];
    float o[3];
} HDRKAffine;

/// Hints that `bytes` bytes from `address` will be read soon (one prefetch per cache line; a no-op elsewhere).
void hdrk_prefetch(const void *address, long bytes);

/// 1 when the CPU and the operating system support AVX2 and F16C, else 0.
int hdrk_has_avx2_f16c(void);

/// v ↦ M·v + o on three padded planes, each output ((m·a + m·b) + m·c) + o.
void hdrk_affine_avx2(const HDRKAffine *k, float *p0, float *p1, float *p2, long n);

/// Evaluates a table in place on a padded plane. `pairs` holds the table as node pairs (y[i], y[i + 1]), so one
/// 64-bit gather fetches both ends of a segment. Values the table does not cover are left unchanged and their indices
/// (< n) written to `outside`; returns how many.
long hdrk_table_avx2(const HDRKTableLayout *layout, const float *pairs, float *v, long n, int32_t *outside);

/// v ↦ v·table(w·v) on three padded planes (`pairs` as for hdrk_table_avx2); pixels whose luminance the table does
/// not cover are left unchanged and their indices (< n) written to `outside`; returns how many.
long hdrk_luminance_gain_avx2(const float w[3], const HDRKTableLayout *layout, const float *pairs, float *p0, float *p1,
                              float *p2, long n, int32_t *outside);

/// ToneMapping's HeadroomFit on three padded planes (linear RGB), as PixelConversion's portable kernel: with
/// m = max(max(R, G), B) > h and Y = (w0·R + w1·G) + w2·B, each value becomes min(Y + s·(v − Y), h),
/// s = (h − Y)/(m − Y), when Y < h, and h when Y ≥ h; other pixels (and NaN luminance) are left unchanged.
void hdrk_headroom_fit_avx2(const float w[3], float h, float limit, float *p0, float *p1, float *p2, long n);

/// A quantised curve in place on a padded plane: each value becomes the signal of its code, (code − bias) / scale;
/// NaN stays NaN.
void hdrk_quantized_curve_avx2(const HDRKQuantizedLayout *layout, const float *cells, float *v, long n);

/// A whole 8-bit RGBA / BGRA conversion in one pass: n pixels of `src`, the colour channels through `table` (code →
/// value), then `affine` (NULL for none) and the quantised curve, into `dst`, alpha copied. Gives the bytes of the
/// plan's separate steps (hdrk_read_rgba_avx2, hdrk_affine_avx2, hdrk_quantized_curve_avx2, hdrk_pack_rgba_avx2).
/// `…SwapsRedAndBlue` is 1 for BGRA. Exactly n pixels; streaming stores where `dst` is 32-byte aligned.
void hdrk_matrix_shaper_rgba8_avx2(const uint8_t *src, int srcSwapsRedAndBlue, const float *table,
                                   const HDRKAffine *affine, const HDRKQuantizedLayout *layout, const float *cells,
                                   uint8_t *dst, int dstSwapsRedAndBlue, long n);

/// Clamps a padded plane to [low, high], keeping NaN.
void hdrk_clamp_avx2(float low, float high, float *v, long n);

/// Four planes → n interleaved binary16 pixels (round to nearest even), exactly n written. Where `dst` is 32-byte
/// aligned the stores stream past the caches (large frames are not read back soon); call hdrk_store_fence() before
/// the destination is handed back.
void hdrk_interleave_half_f16c(const float *c0, const float *c1, const float *c2, const float *c3, uint16_t *dst, long n);

/// Orders streaming stores before the stores that follow (an SFENCE; a no-op elsewhere).
void hdrk_store_fence(void);

/// n interleaved binary16 pixels → four planes (exact), exactly n read.
void hdrk_deinterleave_half_f16c(const uint16_t *src, float *c0, float *c1, float *c2, float *c3, long n);

/// Integer codes of 16-bit samples at `stride` (1 or 2) as floats: ((sample >> shift) & mask), exactly n read.
void hdrk_read_codes_u16_avx2(const uint16_t *src, long stride, uint32_t shift, uint32_t mask, float *dst, long n);

/// Interleaved 16-bit pairs (Cb Cr Cb Cr …) as two planes of integer codes ((sample >> shift) & mask), exactly n pairs.
void hdrk_read_code_pairs_u16_avx2(const uint16_t *src, uint32_t shift, uint32_t mask, float *a, float *b, long n);

/// Upsamples a chroma row ×2 horizontally: out[2i] and out[2i + 1] from ext[i], ext[i + 1], ext[i + 2] (ext holds the
/// chroma samples from one before the first, edges repeated): mode 0 nearest (ext[i + 1] twice), 1 co-sited
/// (ext[i + 1], ½·ext[i + 1] + ½·ext[i + 2]), 2 centred (¾·ext[i + 1] + ¼·ext[i], ¾·ext[i + 1] + ¼·ext[i + 2]). Exactly
/// n outputs. The arithmetic is exact for values that are multiples of 1/4 below 2^18.
void hdrk_upsample_chroma_avx2(const float *ext, float *out, long n, int mode);

/// n interleaved 4-channel pixels of 8-bit (`bytes` 1) or 16-bit (`bytes` 2) samples into four planes. Channels 0 … 2
/// go through `table` (code → value) when it is not NULL, else, like channel 3, normalise as (code − bias[c]) / scale[c].
/// Exactly n pixels read.
void hdrk_read_rgba_avx2(const void *src, int bytes, const float *table, const float scale[4], const float bias[4],
                         float *c0, float *c1, float *c2, float *c3, long n);

/// Four planes → n interleaved 4-channel pixels of 8-bit (`bytes` 1) or 16-bit (`bytes` 2) codes, each quantised as
/// hdrk_quantize_u16_avx2 does with its channel's scale, bias and maxCode. Exactly n pixels written; streaming stores
/// where `dst` is 32-byte aligned (see hdrk_interleave_half_f16c).
void hdrk_pack_rgba_avx2(const float *c0, const float *c1, const float *c2, const float *c3, const float scale[4],
                         const float bias[4], const float maxCode[4], void *dst, int bytes, long n);

/// Quantises n values to 16-bit codes at `stride`: code = round-half-up(clamp(v·scale + bias, 0, maxCode)), NaN as
/// 0, stored `<< shift`; exactly n written.
void hdrk_quantize_u16_avx2(const float *v, long n, float scale, float bias, float maxCode, uint32_t shift,
                            uint16_t *dst, long stride);

/// The steps between the colour values of a conversion to interleaved half-float RGBA and its writer, fused: a clamp
/// to [clampLow, clampHigh] as hdrk_clamp_avx2 (`hasClamp`), an affine map (`hasPre`), a curve (`pairs` not NULL: the
/// table of `layout` as node pairs, see hdrk_table_avx2), an affine map (`hasPost`), and a headroom fit with
/// `fitWeights`, `fitHeadroom` and `fitLimit` as hdrk_headroom_fit_avx2 (`hasFit`), in that order.
typedef struct {
    float clampLow;
    float clampHigh;
    int32_t hasClamp;
    HDRKAffine pre;
    HDRKAffine post;
    HDRKTableLayout layout;
    const float *pairs;
    int32_t hasPre;
    int32_t hasPost;
    float fitWeights[3];
    float fitHeadroom;
    float fitLimit;
    int32_t hasFit;
} HDRKHalfTail;

/// Runs `tail` on n pixels of three padded planes and writes them with alpha from `c3` as interleaved binary16 (R
/// and B swapped when `dstSwapsRedAndBlue`), giving the bytes of hdrk_affine_avx2, hdrk_table_avx2,
/// hdrk_headroom_fit_avx2 and hdrk_interleave_half_f16c in turn. Works in blocks of 64 pixels and stops before the first block holding a value
/// the curve does not cover; returns how many pixels it wrote (a multiple of 64, or n), exactly those, streaming where
/// `dst` is 32-byte aligned (see hdrk_interleave_half_f16c).
long hdrk_planes_to_half_avx2(const HDRKHalfTail *tail, const float *c0, const float *c1, const float *c2,
                              const float *c3, int dstSwapsRedAndBlue, uint16_t *dst, long n);

/// Reads n interleaved 8-bit (`bytes` 1) or 16-bit (`bytes` 2) RGBA / BGRA pixels as hdrk_read_rgba_avx2 does
/// (parameters in memory order), then continues as hdrk_planes_to_half_avx2, but stops before the first 8 pixels
/// holding a value the curve does not cover (returning a multiple of 8). Reads no pixel past n.
long hdrk_rgba_to_half_avx2(const void *src, int bytes, int srcSwapsRedAndBlue, const float *table,
                            const float scale[4], const float bias[4], const HDRKHalfTail *tail,
                            int dstSwapsRedAndBlue, uint16_t *dst, long n);

#ifdef __cplusplus
}
#endif

#endif
