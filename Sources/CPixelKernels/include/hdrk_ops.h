// The op list of HDRColor's pixel kernels, declared once. A conversion is a program of these ops, run over blocks of
// pixels held in registers (R, G, B, A: 8 lanes on baseline x86-64, NEON and AVX2, 16 on AVX-512): one load, any
// number of stages, one store. The list makes the C enum HDRKOp (which PixelConversion's plan compiler imports), the
// names the plan prints (hdrk_op_name), and the cases of the interpreter in Kernels_inl.h.
//
// HDRK_OP(name, arguments, summary): `arguments` is the type an instruction's `arguments` pointer points to; for
// `float` ops it is the listed parameters, in order.
#ifndef HDRK_OPS_H
#define HDRK_OPS_H

#define HDRK_OPS(HDRK_OP) \
    /* Loads: the first op of a program. */ \
    HDRK_OP(load_planes, void, "R, G, B, A from the chunk's four float planes") \
    HDRK_OP(load_rgba8, HDRKInterleaved, "interleaved 8-bit RGBA / BGRA: codes through a table or normalised") \
    HDRK_OP(load_rgba16, HDRKInterleaved, "interleaved 16-bit RGBA / BGRA: codes through a table or normalised") \
    HDRK_OP(load_rgba_half, HDRKInterleaved, "interleaved binary16 RGBA / BGRA (swapsRedAndBlue only)") \
    HDRK_OP(load_ycbcr, HDRKYCbCrLoad, \
            "Y′ codes from 8- or 16-bit samples; Cb, Cr codes from the reader's chroma rows, upsampled ×2 in registers") \
    /* Stages: R, G, B in place (A passes through). */ \
    HDRK_OP(clamp, float, "[low, high]: v < low ? low : v, then v > high ? high : v (NaN kept)") \
    HDRK_OP(affine, HDRKAffine, "v ↦ M·v + o, each output ((m·a + m·b) + m·c) + o") \
    HDRK_OP(curve, HDRKCurve, "a piecewise-linear table per channel, the exact function outside it") \
    HDRK_OP(luminance_gain, HDRKCurve, \
            "v ↦ v·gain(Y), Y = (w0·R + w1·G) + w2·B, gain a table (exact outside; 1 below unityBelow)") \
    HDRK_OP(quantized_curve, HDRKQuantized, "the last curve and the writer's rounding: each value becomes its code") \
    HDRK_OP(headroom_fit, float, "[w0, w1, w2, h, limit, f]: ToneMapping's HeadroomFit, max(R, G, B) ≤ h, hue kept") \
    HDRK_OP(highlight_shoulder, float, "[knee, ceiling]: max(R, G, B) above the knee rolls onto the ceiling") \
    HDRK_OP(gamut_compress, float, \
            "[w0, w1, w2, knee, 1/end², ceiling]: GamutMapper's soft compression towards grey, clipped to [0, ceiling]") \
    HDRK_OP(reshape, float, \
            "Dolby Vision reshaping of Y′, Cb, Cr codes: per component the piece its code falls in, a polynomial or MMR") \
    HDRK_OP(meter, float, \
            "[scale]: A = min(max(R, G, B), 10³⁰)·scale of the components finite and above 0 (else 0): the light a " \
            "metering run sums") \
    HDRK_OP(host, HDRKHost, "a Swift operator over the block's R, G, B (custom tone mapping)") \
    /* Stores: the last op of a program. */ \
    HDRK_OP(store_planes, void, "R, G, B, A into the chunk's four float planes") \
    HDRK_OP(store_rgba8, HDRKInterleaved, "interleaved 8-bit RGBA / BGRA codes, rounded half up and clamped") \
    HDRK_OP(store_rgba16, HDRKInterleaved, "interleaved 16-bit RGBA / BGRA codes, rounded half up and clamped") \
    HDRK_OP(store_rgba_half, HDRKInterleaved, "interleaved binary16 RGBA / BGRA, round to nearest even")

#endif
