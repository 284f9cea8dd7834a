// CPixelKernels: the pixel kernels of HDRColor's PixelConversion, written once (Kernels_inl.h) and compiled for each
// instruction set: baseline (SSE2 on x86-64, NEON on arm64), AVX2 + F16C + FMA and AVX-512 (F, BW, DQ, VL) on x86-64,
// through per-function target attributes (no compiler flags). hdrk_kernels() hands out one instruction set's kernels;
// PixelConversion picks the best the CPU supports once per process (hdrk_isa_supported).
//
// Every build does the same IEEE operations in the same order, without contraction into fused multiply-adds, and
// rounds to half with round-to-nearest-even, so every instruction set writes the same bytes.
//
// A conversion is a program of ops (hdrk_ops.h) run by `run` over blocks of pixels in registers; the row kernels
// around it (samples in and out of float planes, chroma filtering) need neighbouring pixels or rows and work on
// planes. Counts are in pixels or values.
#ifndef CPIXELKERNELS_H
#define CPIXELKERNELS_H

#include <stdint.h>

#include "hdrk_ops.h"

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Instruction sets

/// An instruction set with its own build of the kernels.
typedef enum {
    /// Any CPU of the architecture: SSE2 on x86-64, NEON (with its half conversions) on arm64.
    HDRK_ISA_BASELINE = 0,
    /// x86-64 with AVX2, F16C and FMA, and BMI1, BMI2 and POPCNT, which the build may use (CPUs with AVX2 have them; a
    /// virtual machine may hide them).
    HDRK_ISA_AVX2 = 1,
    /// x86-64 with AVX-512 F, BW, DQ and VL (and everything HDRK_ISA_AVX2 needs).
    HDRK_ISA_AVX512 = 2,
} HDRKISA;

/// 1 when this CPU and operating system run `isa`'s kernels (CPUID and XGETBV on x86-64), else 0.
int hdrk_isa_supported(HDRKISA isa);

/// Lanes per block of a program on `isa`: 8, or 16 for AVX-512.
int hdrk_isa_lanes(HDRKISA isa);

// MARK: Programs

/// The ops of hdrk_ops.h: HDRK_OP_load_planes, HDRK_OP_affine, …
typedef enum {
#define HDRK_OP_CASE(name, arguments, summary) HDRK_OP_##name,
    HDRK_OPS(HDRK_OP_CASE)
#undef HDRK_OP_CASE
        HDRK_OP_COUNT
} HDRKOp;

/// The op's name in the list, e.g. "affine".
const char *hdrk_op_name(HDRKOp op);

/// The op's summary in the list.
const char *hdrk_op_summary(HDRKOp op);

/// One op of a program and what it needs.
typedef struct {
    HDRKOp op;
    /// The op's arguments, of the type hdrk_ops.h names (NULL for none).
    const void *arguments;
} HDRKInstruction;

/// The memory a program reads and writes for one run of n pixels.
typedef struct {
    /// The first pixel of interleaved source samples (load_rgba8, load_rgba16, load_rgba_half).
    const void *source;
    /// The first pixel of interleaved destination samples (store_rgba8, store_rgba16, store_rgba_half).
    void *destination;
    /// The four float planes of load_planes and store_planes, each with room for n rounded up to whole blocks.
    float *planes[4];
    /// load_ycbcr: the Y′ samples of the first pixel are at `source`; the Cb and Cr rows (HDRKYCbCrLoad's `ext`)
    /// here.
    const float *chroma[2];
    /// The image column of the first pixel (load_ycbcr: its parity places the chroma samples).
    long column;
} HDRKIO;

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

/// The exact function of a curve, for the inputs its table does not cover (NaN, beyond the table, unmirrored
/// negatives); called for those values only.
typedef float (*HDRKExactFunction)(const void *context, float x);

/// A curve's table and exact function (curve, luminance_gain).
typedef struct {
    HDRKTableLayout layout;
    /// The table as segment pairs (y[i], y[i + 1] − y[i]) (the difference rounded to float as the interpolation
    /// would), so that one 64-bit load fetches a segment's start and rise.
    const float *pairs;
    HDRKExactFunction exact;
    const void *context;
    /// luminance_gain: the luminance weights.
    float weights[3];
    /// luminance_gain: the table gives exactly 1 for every luminance from +0 up to (not including) this one, so a
    /// block whose luminances all lie there (compared as bit patterns: negative values, −0 and NaN never do) takes the
    /// gain 1 without the lookup; +0 when the gain is 1 nowhere.
    float unityBelow;
} HDRKCurve;

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

/// quantized_curve: the layout and its cells (pairs of code and threshold).
typedef struct {
    HDRKQuantizedLayout layout;
    const float *cells;
} HDRKQuantized;

/// An affine map of three channels: row-major 3×3 matrix, then the offset.
typedef struct {
    float m[9];
    float o[3];
} HDRKAffine;

/// Interleaved four-channel samples, parameters in memory order: code = value·scale + bias.
typedef struct {
    /// Loads: code → value for memory channels 0 … 2 (NULL: normalise as (code − bias) / scale).
    const float *table;
    float scale[4];
    float bias[4];
    /// Stores: the largest code.
    float maxCode[4];
    /// BGRA: memory channels 0 and 2 are B and R.
    int32_t swapsRedAndBlue;
} HDRKInterleaved;

/// A Swift operator applied to a block: r, g, b hold n values each, changed in place.
typedef void (*HDRKHostFunction)(const void *context, float *r, float *g, float *b, long n);

/// host: the operator and its context.
typedef struct {
    HDRKHostFunction apply;
    const void *context;
} HDRKHost;

// MARK: Row kernels

/// Sample containers.
typedef enum {
    HDRK_CONTAINER_U8 = 0,
    HDRK_CONTAINER_U16 = 1,
    HDRK_CONTAINER_U32 = 2,
    HDRK_CONTAINER_HALF = 3,
    HDRK_CONTAINER_FLOAT = 4,
} HDRKContainer;

/// What reading an integer sample gives.
typedef enum {
    /// (code − bias) / scale, correctly rounded.
    HDRK_DECODE_NORMALIZED = 0,
    /// The code itself.
    HDRK_DECODE_CODE = 1,
    /// table[code].
    HDRK_DECODE_TABLE = 2,
} HDRKDecoding;

/// One channel's samples in a row: the container, where the channel sits, and code = value·scale + bias.
typedef struct {
    HDRKContainer container;
    /// Big-endian containers ('R10k').
    int32_t bigEndian;
    /// The channel's container in a pixel, and containers per pixel.
    long offset;
    long stride;
    /// code = (container >> shift) & mask.
    uint32_t shift;
    uint32_t mask;
    float scale;
    float bias;
    float maxCode;
} HDRKSamples;

/// load_ycbcr: Y′ codes (sample >> shift) & mask of one 8- or 16-bit sample per pixel (little-endian) at
/// HDRKIO.source; Cb and Cr ×2 horizontally from rows of chroma codes `ext` (HDRKIO.chroma), whose element 0 is the
/// chroma sample before the one of the first pixel's even column (the first pixel's or the one before it), edges
/// repeated. Pixels 2i and 2i + 1 from that even column take, by `mode`: 0 nearest, ext[i + 1] twice; 1 co-sited,
/// ext[i + 1] and ½·ext[i + 1] + ½·ext[i + 2]; 2 centred, ¾·ext[i + 1] + ¼·ext[i] and ¾·ext[i + 1] + ¼·ext[i + 2].
/// Each chroma row holds a whole vector's worth of readable floats past the samples it needs.
typedef struct {
    /// HDRK_CONTAINER_U8 or HDRK_CONTAINER_U16.
    HDRKContainer container;
    uint32_t shift;
    uint32_t mask;
    /// 0 nearest, 1 co-sited, 2 centred.
    int32_t mode;
} HDRKYCbCrLoad;

/// One instruction set's kernels.
typedef struct {
    HDRKISA isa;
    /// Runs `program` (a load, stages, a store) over n pixels of `io`.
    void (*run)(const HDRKInstruction *program, const HDRKIO *io, long n);
    /// Samples of pixels x0 ..< x0 + n of `row` as floats: integers decoded as `decoding` says (`table` for
    /// HDRK_DECODE_TABLE), halves and floats as they are.
    void (*read_samples)(const HDRKSamples *samples, const void *row, long x0, long n, HDRKDecoding decoding,
                         const float *table, float *out);
    /// Interleaved 16-bit pairs (Cb Cr …) from pair x0 as two planes of codes ((sample >> shift) & mask).
    void (*read_code_pairs)(const HDRKSamples *samples, const void *row, long x0, long n, float *a, float *b);
    /// n values as samples of pixels x0 ..< x0 + n of `row`: integer codes round-half-up(clamp(v·scale + bias, 0,
    /// maxCode)), NaN as the code of 0, `<< shift`, merged into the other bits of a 32-bit word; halves rounded to
    /// nearest even; floats as they are.
    void (*write_samples)(const HDRKSamples *samples, const float *values, long n, void *row, long x0);
    /// out = a·s + b·t.
    void (*blend)(const float *a, const float *b, float s, float t, float *out, long n);
    /// Chroma columns first ..< first + n of a row `width` pixels wide from its values v (v[0] is pixel vStart),
    /// edges repeated: co-sited ¼·v(2i − 1) + ½·v(2i) + ¼·v(2i + 1), else ½·v(2i) + ½·v(2i + 1).
    void (*downsample_chroma)(const float *v, long vStart, long width, long first, long n, int cosited, float *out);
    /// Vertical 4:2:0 averaging: ¼·a + ½·b + ¼·c when `threeTaps`, else ½·a + ½·b.
    void (*average_rows)(const float *a, const float *b, const float *c, int threeTaps, float *out, long n);
    /// Light metering of n values v ≥ 0 (the meter op's A): `maximum` = max(`maximum`, v), `sum` += round-half-up(
    /// min(v, HDRK_METER_CAP)·HDRK_METER_SCALE), an integer sum so that every order of adding gives the same total.
    void (*meter_row)(const float *v, long n, float *maximum, uint64_t *sum);
} HDRKKernels;

/// meter_row's fixed point: units of 1/4096 of the metered value.
#define HDRK_METER_SCALE 4096.0f
/// meter_row's largest value counted in the sum: 10⁵ (500 000 times 203 cd/m²; 4.1·10⁸ units).
#define HDRK_METER_CAP 100000.0f

/// The kernels of `isa`, or NULL when this build has none for it (another architecture).
const HDRKKernels *hdrk_kernels(HDRKISA isa);

/// Hints that `bytes` bytes from `address` will be read soon (one prefetch per cache line).
void hdrk_prefetch(const void *address, long bytes);

/// Orders the streaming stores of the interleaved stores before the stores that follow (SFENCE on x86-64, DMB ISHST
/// on arm64, whose STNP stores are ordered by barriers). Call it before handing the destination back.
void hdrk_store_fence(void);

#ifdef __cplusplus
}
#endif

#endif
