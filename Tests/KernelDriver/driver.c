// The kernels' cross-architecture check (make test-arm64): runs every op of the op list (in the program shapes the
// plan compiler builds) and every row kernel on fixed pseudo-random inputs, with NaN, infinities, subnormals and
// values past the tables mixed in, over widths across block edges and row tails, and prints one FNV-1a hash of the
// output bytes per case. Every instruction set this CPU runs must print the same lines (checked here, exit 1
// otherwise); `make test-arm64` compares the lines of the x86-64 build with those of the arm64 build under qemu.
//
// Build: clang -O2 -I Sources/CPixelKernels/include Tests/KernelDriver/driver.c Sources/CPixelKernels/*.c
// (any target: x86-64 natively, --target=aarch64-linux-gnu for arm64). Not part of the Swift package.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CPixelKernels.h"

// MARK: Inputs

static uint64_t state;

static uint32_t next32(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (uint32_t)(state >> 11);
}

static float bits_f(uint32_t u) {
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint32_t f_bits(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/// Mostly colour-like values in [−0.25, 12), with specials: NaN (two payloads, both signs), ±∞, ±0, subnormals,
/// huge values, values just around the tables' edges.
static float random_value(void) {
    const uint32_t r = next32();
    switch (r % 29) {
    case 0: return bits_f(0x7FC00000u);
    case 1: return bits_f(0xFFC12345u);
    case 2: return INFINITY;
    case 3: return -INFINITY;
    case 4: return -0.0f;
    case 5: return bits_f(next32() & 0x007FFFFFu);
    case 6: return 1e30f * (float)(next32() % 7);
    case 7: return 16.0f + (float)(next32() % 100) / 7.0f;
    case 8: return 1.0f;
    case 9: return bits_f(0x3A800000u + (next32() % 64));  // 2^-10 and just above
    default: return (float)(next32() % 1000000) / 1000000.0f * 12.25f - 0.25f;
    }
}

/// Bytes: random, except that every fifth 16-bit word is a special half (NaN with payload, ±∞, subnormal, 65504).
static void random_bytes(uint8_t *p, long n) {
    static const uint16_t specials[] = {0x7E01, 0xFC00, 0x7C00, 0x0001, 0x03FF, 0x7BFF, 0x8000, 0x7D55, 0x3C00};
    for (long i = 0; i < n; i++) p[i] = (uint8_t)next32();
    for (long i = 0; i + 1 < n; i += 10) {
        const uint16_t h = specials[next32() % (sizeof specials / sizeof specials[0])];
        memcpy(p + i, &h, 2);
    }
}

// MARK: Hashes

static uint64_t fnv(uint64_t h, const void *p, long n) {
    const uint8_t *b = p;
    for (long i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001B3ull;
    return h;
}

#define FNV_START 0xCBF29CE484222325ull

// Which NaN an operation with several NaN operands (or an invalid operation) gives is not the same on every CPU
// (IEEE 754 leaves it open; x86-64's default NaN is negative, arm64's positive), so hashes see every NaN output as
// one canonical NaN, except in the cases marked `exactNaN`, whose pixels hold at most one NaN and no infinities: there
// the NaN's sign and payload must come through on every build, as PixelConverter documents.
static int canonicalNaN;

static void canonical_halves(void *p, long bytes) {
    if (!canonicalNaN) return;
    uint16_t *h = p;
    for (long i = 0; i < bytes / 2; i++) {
        if ((h[i] & 0x7C00) == 0x7C00 && (h[i] & 0x03FF)) h[i] = 0x7E00;
    }
}

static void canonical_floats(float *f, long n) {
    if (!canonicalNaN) return;
    for (long i = 0; i < n; i++) {
        if (f[i] != f[i]) f[i] = NAN;
    }
}

// MARK: Op arguments

static float exact_curve(const void *context, float x) {
    (void)context;
    return x == x ? x * 0.5f + 1.0f : x;  // deterministic; only the uncovered lanes reach it
}

static void host_apply(const void *context, float *r, float *g, float *b, long n) {
    (void)context;
    for (long i = 0; i < n; i++) {
        const float t = r[i];
        r[i] = g[i] * 0.75f;
        g[i] = b[i] + 0.125f;
        b[i] = t;
    }
}

enum { TABLE_NODES = 14 * 64 + 2, CELLS = 8 * 32 };
static float pairs[2 * TABLE_NODES], cells[2 * CELLS], codeTable[1 << 16];

/// A table of x^(1/2.4) over [2^-10, 16), 64 segments per octave, a linear toe below, mirrored negatives.
static HDRKTableLayout table_layout(int clamps, int unmirrored) {
    HDRKTableLayout l;
    memset(&l, 0, sizeof l);
    l.lowBits = 117u << 23;
    l.highBits = 131u << 23;
    l.toeBits = l.lowBits;
    l.shift = 17;
    l.fractionShift = 6;
    l.clamps = (uint32_t)clamps;
    l.unmirrored = (uint32_t)unmirrored;
    l.toeSlope = sqrtf(bits_f(l.lowBits)) / bits_f(l.lowBits);
    l.toeOffset = 0.0f;
    l.clampLow = clamps ? 0.0f : 0.0f;
    l.clampHigh = clamps ? 12.0f : 0.0f;
    l.floor = unmirrored ? 0.0f : -INFINITY;
    return l;
}

static void make_tables(void) {
    float nodes[TABLE_NODES];
    for (int i = 0; i < TABLE_NODES; i++) nodes[i] = sqrtf(bits_f((117u << 23) + ((uint32_t)i << 17)));
    for (int i = 0; i < TABLE_NODES; i++) {
        pairs[2 * i] = nodes[i];
        pairs[2 * i + 1] = nodes[i + 1 < TABLE_NODES ? i + 1 : i];
    }
    for (int i = 0; i < CELLS; i++) {
        const float x = bits_f((119u << 23) + ((uint32_t)i << 18));
        cells[2 * i] = floorf(sqrtf(x) * 1023.0f);
        cells[2 * i + 1] = x * 1.001f;
    }
    for (int i = 0; i < (1 << 16); i++) codeTable[i] = (float)i / 65535.0f * 1.5f - 0.1f;
}

static HDRKCurve curve_arguments(int clamps, int unmirrored) {
    HDRKCurve c;
    memset(&c, 0, sizeof c);
    c.layout = table_layout(clamps, unmirrored);
    c.pairs = pairs;
    c.exact = exact_curve;
    c.weights[0] = 0.2627f;
    c.weights[1] = 0.678f;
    c.weights[2] = 0.0593f;
    return c;
}

static HDRKInterleaved interleaved(float maxCode, int swap, const float *table) {
    HDRKInterleaved s;
    memset(&s, 0, sizeof s);
    s.table = table;
    for (int c = 0; c < 4; c++) {
        s.scale[c] = maxCode == 0 ? 1.0f : maxCode * (c == 1 ? 0.875f : 1.0f);
        s.bias[c] = c == 1 && maxCode > 0 ? maxCode / 16.0f : 0.0f;
        s.maxCode[c] = maxCode;
    }
    s.swapsRedAndBlue = swap;
    return s;
}

// MARK: Cases

static int isaCount;
static const HDRKKernels *kernels[3];
static const char *isaNames[] = {"baseline", "avx2", "avx512"};
static int failures;
static FILE *out;

static const long widths[] = {1, 7, 15, 16, 17, 31, 33, 37, 300, 517};
#define WIDTHS (long)(sizeof widths / sizeof widths[0])
#define MAX_W 517
#define PADDED 528

/// Prints the first differing pixel of two destinations and the planes' values there.
static void debug_difference(const uint8_t *a, const uint8_t *b, long size, int bytesPerPixel, float planes[4][528],
                             long offset) {
    for (long i = 0; i < size; i++) {
        if (a[i] == b[i]) continue;
        const long pixel = bytesPerPixel ? (i - offset) / bytesPerPixel : -1;
        fprintf(stderr, "  byte %ld pixel %ld:", i, pixel);
        for (int c = 0; c < 8 && bytesPerPixel; c++) fprintf(stderr, " %02x/%02x", a[offset + pixel * bytesPerPixel + c], b[offset + pixel * bytesPerPixel + c]);
        if (pixel >= 0) {
            for (int p = 0; p < 3; p++) fprintf(stderr, " %a(%08x)", planes[p][pixel], f_bits(planes[p][pixel]));
        }
        fprintf(stderr, "\n");
        return;
    }
}

/// Runs `program` on every instruction set over every width, source bytes random (or planes of random values), and
/// prints the hash of the destination bytes (or planes).
static void program_case(const char *name, const HDRKInstruction *program, int sourceBytesPerPixel,
                         int destinationBytesPerPixel, int exactNaN) {
    static float planes[4][PADDED], planesCopy[4][PADDED];
    static uint8_t source[8 * PADDED + 64], destination[3][8 * PADDED + 128];
    const HDRKInstruction *last = program;
    while (last->op < HDRK_OP_store_planes) last++;
    const int halfDestination = last->op == HDRK_OP_store_rgba_half;
    for (long w = 0; w < WIDTHS; w++) {
        const long n = widths[w];
        state = 0x9E3779B97F4A7C15ull ^ (uint64_t)(n * 131 + (long)strlen(name));
        random_bytes(source, sizeof source);
        for (int p = 0; p < 4; p++) {
            for (long i = 0; i < PADDED; i++) planes[p][i] = random_value();
        }
        canonicalNaN = !exactNaN;
        if (exactNaN) {  // at most one NaN per pixel, no infinities
            for (long i = 0; i < PADDED; i++) {
                int seen = 0;
                for (int p = 0; p < 3; p++) {
                    if (planes[p][i] == INFINITY || planes[p][i] == -INFINITY) planes[p][i] = 3.0f;
                    if (planes[p][i] != planes[p][i] && seen++) planes[p][i] = 0.5f;
                }
            }
        }
        uint64_t hashes[3];
        for (int k = 0; k < isaCount; k++) {
            memcpy(planesCopy, planes, sizeof planes);
            memset(destination[k], 0xA5, sizeof destination[k]);
            // Offsets 0 or 64 (aligned: streaming stores) and 8 (unaligned), by width.
            const long offset = (n % 3 == 0) ? 8 : (n % 3 == 1 ? 0 : 64);
            HDRKIO io;
            io.source = source + (sourceBytesPerPixel ? (n % 2) * sourceBytesPerPixel : 0);
            io.destination = destination[k] + offset;
            for (int p = 0; p < 4; p++) io.planes[p] = planesCopy[p];
            // load_ycbcr: chroma rows of random values (planes the program does not store to), odd starts by width.
            io.chroma[0] = planes[1];
            io.chroma[1] = planes[2];
            io.column = n % 2;
            kernels[k]->run(program, &io, n);
            hdrk_store_fence();
            uint64_t h = FNV_START;
            if (destinationBytesPerPixel) {
                if (halfDestination) canonical_halves(destination[k], sizeof destination[k]);
                h = fnv(h, destination[k], sizeof destination[k]);
            } else {
                for (int p = 0; p < 4; p++) {
                    canonical_floats(planesCopy[p], n);
                    h = fnv(h, planesCopy[p], n * 4);
                }
            }
            hashes[k] = h;
            if (hashes[k] != hashes[0]) {
                fprintf(stderr, "%s width %ld: %s differs from %s\n", name, n, isaNames[kernels[k]->isa],
                        isaNames[kernels[0]->isa]);
                if (getenv("HDRK_DRIVER_DEBUG")) debug_difference(destination[0], destination[k], sizeof destination[k],
                                                                   destinationBytesPerPixel, planes, offset);
                failures++;
            }
        }
        fprintf(out, "%s w%ld %016llx\n", name, n, (unsigned long long)hashes[0]);
    }
}

#define INSTR(o, a) ((HDRKInstruction){HDRK_OP_##o, (a)})

static void program_cases(void) {
    const HDRKCurve curve = curve_arguments(0, 0), clampedCurve = curve_arguments(1, 0),
                    unmirrored = curve_arguments(0, 1);
    HDRKAffine affine = {{0.6274f, 0.3293f, 0.0433f, 0.0691f, 0.9195f, 0.0114f, 0.0164f, 0.088f, 0.8956f},
                         {0.01f, -0.02f, 0.003f}};
    HDRKAffine yuv = {{1.1678f, 0.0f, 1.6836f, 1.1678f, -0.1879f, -0.6523f, 1.1678f, 2.1481f, 0.0f},
                      {-0.0729f, 0.0313f, -0.0917f}};
    const float clamp[2] = {0.0f, 1.0f};
    const float fit[6] = {0.2290f, 0.6917f, 0.0793f, 2.0f, 2.0002f, 0.0f};
    const float fitLow[6] = {0.2627f, 0.678f, 0.0593f, 0.5f, 0.50005f, 1.0f};
    const float shoulder[2] = {0.8f, 1.0f};
    const float compress[6] = {0.2627f, 0.678f, 0.0593f, 0.7f, 1.0f / (1.2f * 1.2f), 4.0f};
    const HDRKInterleaved rgba8 = interleaved(255, 0, 0), bgra8Table = interleaved(255, 1, codeTable),
                          rgba16 = interleaved(65535, 0, 0), rgba16Table = interleaved(65535, 0, codeTable),
                          half = interleaved(0, 0, 0), bgraHalf = interleaved(0, 1, 0),
                          bgra16 = interleaved(1023, 1, 0);
    HDRKInterleaved codes16 = interleaved(65535, 0, 0);
    for (int c = 0; c < 3; c++) codes16.scale[c] = 1, codes16.bias[c] = 0;
    HDRKQuantized quantized;
    memset(&quantized, 0, sizeof quantized);
    quantized.layout.lowBits = 119u << 23;
    quantized.layout.highBits = 127u << 23;
    quantized.layout.shift = 18;
    quantized.layout.lastCell = CELLS - 1;
    quantized.layout.lowCode = 64;
    quantized.layout.highCode = 940;
    quantized.layout.nanCode = 64;
    quantized.layout.scale = 876;
    quantized.layout.bias = 64;
    quantized.cells = cells;
    const HDRKHost host = {host_apply, 0};

    // Y′CbCr loads: 10-bit codes in 16-bit containers and 8-bit codes, each upsampling filter, both chroma phases.
    const HDRKYCbCrLoad ycbcrCentred = {HDRK_CONTAINER_U16, 6, 0x3FF, 2}, ycbcrCosited = {HDRK_CONTAINER_U8, 0, 0xFF, 1},
                        ycbcrNearest = {HDRK_CONTAINER_U16, 0, 0x3FF, 0};
    const HDRKInstruction centred[] = {INSTR(load_ycbcr, &ycbcrCentred), INSTR(affine, &yuv), INSTR(curve, &curve),
                                       INSTR(affine, &affine), INSTR(store_rgba_half, &half)};
    program_case("ycbcr16-centred-affine-curve-affine-half", centred, 2, 8, 0);
    const HDRKInstruction cosited[] = {INSTR(load_ycbcr, &ycbcrCosited), INSTR(store_planes, 0)};
    program_case("ycbcr8-cosited-planes", cosited, 1, 0, 0);
    const HDRKInstruction nearest[] = {INSTR(load_ycbcr, &ycbcrNearest), INSTR(affine, &affine),
                                       INSTR(store_planes, 0)};
    program_case("ycbcr16-nearest-affine-planes", nearest, 2, 0, 0);

    // Dolby Vision reshaping of 10-bit codes: Y′ in three polynomial pieces, Cb one MMR piece of order 3, Cr an MMR
    // piece of order 1 below code 512 and a polynomial above.
    static float reshape[1 + 3 * 195];
    memset(reshape, 0, sizeof reshape);
    reshape[0] = 1.0f / 1023.0f;
    for (int c = 0; c < 3; c++) {
        float *k = reshape + 1 + 195 * c;
        for (int i = 0; i < 8; i++) k[3 + i] = __builtin_inff();
        k[1] = 16.0f / 1023.0f;
        k[2] = 1.0f;
        for (int j = 0; j < 22; j++) k[19 + j] = 0.05f * (float)((j * 7 + c * 3) % 11) - 0.25f;
    }
    reshape[1] = 3, reshape[1 + 3] = 300, reshape[1 + 4] = 700;  // Y′: pieces [0, 300), [300, 700), [700, ∞)
    for (int p = 1; p < 3; p++)
        for (int j = 0; j < 3; j++) reshape[1 + 19 + 22 * p + j] = 0.1f * (float)(p + j) - 0.2f;
    reshape[1 + 195] = 1, reshape[1 + 195 + 11] = 3;                          // Cb: MMR order 3
    reshape[1 + 390] = 2, reshape[1 + 390 + 3] = 512, reshape[1 + 390 + 11] = 1;  // Cr: MMR order 1, polynomial
    const HDRKInstruction dolbyVision[] = {INSTR(load_ycbcr, &ycbcrCentred), INSTR(reshape, reshape),
                                           INSTR(affine, &affine), INSTR(curve, &curve), INSTR(affine, &yuv),
                                           INSTR(store_rgba_half, &half)};
    program_case("ycbcr16-reshape-affine-curve-affine-half", dolbyVision, 2, 8, 0);

    // The S1 shape, and the planar store.
    const HDRKInstruction s1[] = {INSTR(load_planes, 0), INSTR(affine, &yuv), INSTR(curve, &curve),
                                  INSTR(affine, &affine), INSTR(store_rgba_half, &half)};
    program_case("planes-affine-curve-affine-half", s1, 0, 8, 0);
    const HDRKInstruction planar[] = {INSTR(load_planes, 0), INSTR(affine, &affine), INSTR(curve, &unmirrored),
                                      INSTR(store_planes, 0)};
    program_case("planes-affine-curve-planes", planar, 0, 0, 0);
    // Light metering: A = max(R, G, B) of the finite components above 0 (NaN, ±∞ and negatives among them).
    static const float meterScale[] = {49.2611f};
    const HDRKInstruction metered[] = {INSTR(load_planes, 0), INSTR(affine, &affine), INSTR(meter, meterScale),
                                       INSTR(store_planes, 0)};
    program_case("planes-affine-meter-planes", metered, 0, 0, 0);
    // Tone mapping: luminance gain, headroom fit (two headrooms).
    const HDRKInstruction tone[] = {INSTR(load_planes, 0),      INSTR(affine, &yuv),
                                    INSTR(curve, &curve),       INSTR(luminance_gain, &curve),
                                    INSTR(affine, &affine),     INSTR(headroom_fit, fit),
                                    INSTR(headroom_fit, fitLow), INSTR(store_rgba_half, &bgraHalf)};
    program_case("tone-gain-fit-half", tone, 0, 8, 0);
    // Soft clip and clip.
    const HDRKInstruction soft[] = {INSTR(load_rgba_half, &half),    INSTR(affine, &affine),
                                    INSTR(highlight_shoulder, shoulder), INSTR(gamut_compress, compress),
                                    INSTR(curve, &clampedCurve),      INSTR(store_rgba8, &rgba8)};
    program_case("half-shoulder-compress-8", soft, 8, 4, 0);
    const HDRKInstruction clip[] = {INSTR(load_rgba_half, &bgraHalf), INSTR(clamp, clamp), INSTR(curve, &curve),
                                    INSTR(store_rgba16, &rgba16)};
    program_case("bgrahalf-clamp-curve-16", clip, 8, 8, 0);
    // Integer loads through a table and normalised.
    const HDRKInstruction eight[] = {INSTR(load_rgba8, &bgra8Table), INSTR(affine, &affine), INSTR(curve, &curve),
                                     INSTR(store_rgba8, &rgba8)};
    program_case("bgra8table-affine-curve-8", eight, 4, 4, 0);
    const HDRKInstruction sixteen[] = {INSTR(load_rgba16, &rgba16Table), INSTR(affine, &affine),
                                       INSTR(store_rgba_half, &half)};
    program_case("rgba16table-affine-half", sixteen, 8, 8, 0);
    const HDRKInstruction normalised[] = {INSTR(load_rgba16, &bgra16), INSTR(curve, &unmirrored),
                                          INSTR(store_rgba16, &bgra16)};
    program_case("bgra16-curve-16", normalised, 8, 8, 0);
    const HDRKInstruction eightNormalised[] = {INSTR(load_rgba8, &rgba8), INSTR(affine, &yuv),
                                               INSTR(store_planes, 0)};
    program_case("rgba8-affine-planes", eightNormalised, 4, 0, 0);
    // Quantised curve into codes, and a host operator.
    const HDRKInstruction codes[] = {INSTR(load_planes, 0), INSTR(affine, &affine), INSTR(quantized_curve, &quantized),
                                     INSTR(store_rgba16, &codes16)};
    program_case("planes-quantized-16", codes, 0, 8, 0);
    const HDRKInstruction hosted[] = {INSTR(load_planes, 0), INSTR(host, &host), INSTR(affine, &affine),
                                      INSTR(store_rgba_half, &half)};
    program_case("planes-host-affine-half", hosted, 0, 8, 0);
    // A pixel's single NaN keeps its sign and payload (matrices without zeros: no 0·∞).
    const HDRKInstruction single[] = {INSTR(load_planes, 0), INSTR(affine, &affine), INSTR(curve, &curve),
                                      INSTR(luminance_gain, &curve), INSTR(headroom_fit, fit),
                                      INSTR(store_rgba_half, &half)};
    program_case("single-nan-half", single, 0, 8, 1);
    const HDRKInstruction singleKept[] = {INSTR(load_planes, 0), INSTR(affine, &affine), INSTR(curve, &curve),
                                          INSTR(luminance_gain, &curve), INSTR(headroom_fit, fitLow),
                                          INSTR(store_rgba_half, &half)};
    program_case("single-nan-chromaticity-fit-half", singleKept, 0, 8, 1);
    const HDRKInstruction singlePlanes[] = {INSTR(load_planes, 0), INSTR(affine, &affine),
                                            INSTR(highlight_shoulder, shoulder), INSTR(store_planes, 0)};
    program_case("single-nan-planes", singlePlanes, 0, 0, 1);
}

/// Row kernels: every container and decoding, chroma resampling, blends.
static void row_cases(void) {
    static uint8_t row[16 * PADDED + 64], rows[3][16 * PADDED + 64];
    static float values[PADDED + 8], results[3][4][PADDED + 8];
    static const struct {
        HDRKContainer container;
        int bigEndian;
        long offset, stride;
        uint32_t shift, mask;
        float scale, bias, maxCode;
        const char *name;
    } layouts[] = {
        {HDRK_CONTAINER_U8, 0, 1, 4, 0, 0xFF, 255, 0, 255, "u8x4"},
        {HDRK_CONTAINER_U8, 0, 0, 1, 0, 0xFF, 219, 16, 255, "u8"},
        {HDRK_CONTAINER_U16, 0, 0, 1, 6, 0x3FF, 876, 64, 1023, "u16-p010"},
        {HDRK_CONTAINER_U16, 0, 2, 4, 0, 0xFFFF, 65535, 0, 65535, "u16x4"},
        {HDRK_CONTAINER_U16, 1, 0, 1, 0, 0xFFFF, 65535, 0, 65535, "u16be"},
        {HDRK_CONTAINER_U32, 0, 0, 1, 10, 0x3FF, 1023, 0, 1023, "u32-2101010"},
        {HDRK_CONTAINER_U32, 1, 0, 1, 22, 0x3FF, 876, 64, 1023, "u32be-r10k"},
        {HDRK_CONTAINER_HALF, 0, 1, 4, 0, 0, 1, 0, 0, "halfx4"},
        {HDRK_CONTAINER_HALF, 0, 0, 1, 0, 0, 1, 0, 0, "half"},
        {HDRK_CONTAINER_FLOAT, 0, 3, 4, 0, 0, 1, 0, 0, "floatx4"},
    };
    char name[96];
    canonicalNaN = 1;
    for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; l++) {
        HDRKSamples s;
        memset(&s, 0, sizeof s);
        s.container = layouts[l].container;
        s.bigEndian = layouts[l].bigEndian;
        s.offset = layouts[l].offset;
        s.stride = layouts[l].stride;
        s.shift = layouts[l].shift;
        s.mask = layouts[l].mask;
        s.scale = layouts[l].scale;
        s.bias = layouts[l].bias;
        s.maxCode = layouts[l].maxCode;
        for (long w = 0; w < WIDTHS; w++) {
            const long n = widths[w], x0 = n % 5;
            state = 0x1234567ull + (uint64_t)(n * 977 + (long)l);
            random_bytes(row, sizeof row);
            for (long i = 0; i < PADDED; i++) values[i] = random_value() * (i % 3 ? 1.0f : 0.1f);
            const int decodings = s.container <= HDRK_CONTAINER_U32 ? 3 : 1;
            for (int d = 0; d < decodings; d++) {
                uint64_t first = 0;
                for (int k = 0; k < isaCount; k++) {
                    memset(results[k][0], 0, sizeof results[k][0]);
                    kernels[k]->read_samples(&s, row, x0, n, (HDRKDecoding)d, codeTable, results[k][0]);
                    canonical_floats(results[k][0], n);
                    const uint64_t h = fnv(FNV_START, results[k][0], n * 4);
                    if (k == 0) first = h;
                    if (h != first) fprintf(stderr, "read %s: %s differs\n", layouts[l].name, isaNames[k]), failures++;
                }
                snprintf(name, sizeof name, "read-%s-decoding%d w%ld", layouts[l].name, d, n);
                fprintf(out, "%s %016llx\n", name, (unsigned long long)first);
            }
            uint64_t first = 0;
            for (int k = 0; k < isaCount; k++) {
                memcpy(rows[k], row, sizeof row);
                kernels[k]->write_samples(&s, values, n, rows[k], x0);
                if (s.container == HDRK_CONTAINER_HALF) canonical_halves(rows[k], sizeof rows[k]);
                if (s.container == HDRK_CONTAINER_FLOAT) canonical_floats((float *)rows[k], sizeof rows[k] / 4);
                const uint64_t h = fnv(FNV_START, rows[k], sizeof rows[k]);
                if (k == 0) first = h;
                if (h != first) fprintf(stderr, "write %s: %s differs\n", layouts[l].name, isaNames[k]), failures++;
            }
            fprintf(out, "write-%s w%ld %016llx\n", layouts[l].name, n, (unsigned long long)first);
            if (l == 2 || l == 4) {  // interleaved chroma code pairs
                first = 0;
                for (int k = 0; k < isaCount; k++) {
                    kernels[k]->read_code_pairs(&s, row, x0, n, results[k][0], results[k][1]);
                    const uint64_t h = fnv(fnv(FNV_START, results[k][0], n * 4), results[k][1], n * 4);
                    if (k == 0) first = h;
                    if (h != first) fprintf(stderr, "pairs %s: %s differs\n", layouts[l].name, isaNames[k]), failures++;
                }
                fprintf(out, "pairs-%s w%ld %016llx\n", layouts[l].name, n, (unsigned long long)first);
            }
        }
    }
    // Chroma and blends on finite values (as the converter gives them).
    for (long w = 0; w < WIDTHS; w++) {
        const long n = widths[w];
        state = 0xABCDEFull + (uint64_t)n;
        for (long i = 0; i < PADDED + 8; i++) values[i] = (float)(next32() % 100000) / 7919.0f - 3.0f;
        static float other[PADDED + 8], third[PADDED + 8];
        for (long i = 0; i < PADDED + 8; i++) other[i] = (float)(next32() % 100000) / 4099.0f;
        for (long i = 0; i < PADDED + 8; i++) third[i] = (float)(next32() % 1000) / 3.0f;
        uint64_t first = 0;
        for (int k = 0; k < isaCount; k++) {
            memset(results[k], 0, sizeof results[k]);
            kernels[k]->blend(values, other, 0.3f, 0.7f, results[k][3], n);
            uint64_t h = fnv(FNV_START, results[k], sizeof results[k]);
            memset(results[k], 0, sizeof results[k]);
            kernels[k]->downsample_chroma(values + 1, 1, n + 1, 1, n / 2, 1, results[k][0]);
            kernels[k]->downsample_chroma(values, 0, n, 0, (n + 1) / 2, 0, results[k][1]);
            kernels[k]->average_rows(values, other, third, 1, results[k][2], n);
            kernels[k]->average_rows(values, other, third, 0, results[k][3], n);
            h = fnv(h, results[k], sizeof results[k]);
            float maximum = 0.0f;
            uint64_t sum = 0;
            kernels[k]->meter_row(other, n, &maximum, &sum);
            h = fnv(fnv(h, &maximum, sizeof maximum), &sum, sizeof sum);
            if (k == 0) first = h;
            if (h != first) fprintf(stderr, "chroma w%ld: %s differs\n", n, isaNames[k]), failures++;
        }
        fprintf(out, "chroma-blend w%ld %016llx\n", n, (unsigned long long)first);
    }
}

int main(int argc, char **argv) {
    out = stdout;
    if (argc > 1 && strcmp(argv[1], "--isa") == 0) {  // the instruction sets this CPU runs, one a line
        for (int isa = HDRK_ISA_BASELINE; isa <= HDRK_ISA_AVX512; isa++) {
            if (hdrk_kernels((HDRKISA)isa) && hdrk_isa_supported((HDRKISA)isa)) printf("%s\n", isaNames[isa]);
        }
        return 0;
    }
    for (int isa = HDRK_ISA_BASELINE; isa <= HDRK_ISA_AVX512; isa++) {
        if (hdrk_kernels((HDRKISA)isa) && hdrk_isa_supported((HDRKISA)isa)) kernels[isaCount++] = hdrk_kernels((HDRKISA)isa);
    }
    make_tables();
    program_cases();
    row_cases();
    fprintf(stderr, "%d instruction set(s) compared:", isaCount);
    for (int k = 0; k < isaCount; k++) fprintf(stderr, " %s", isaNames[kernels[k]->isa]);
    fprintf(stderr, "; %d difference(s)\n", failures);
    return failures ? 1 : 0;
}
