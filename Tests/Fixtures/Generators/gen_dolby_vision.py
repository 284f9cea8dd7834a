#!/usr/bin/env python3
# source: the reference values of Dolby Vision profile 5 composition for DolbyVisionComposerTests
# (Tests/Fixtures/dolby-vision/dv-5-reference.json), from Tests/Fixtures/movies/dv-5-rpu.mp4 (gen_movies.py
# dolby-vision-5):
#   - "float64": per frame, base-layer code triples and the PQ-coded BT.2020 R'G'B' the published equations give in
#     float64 (`compose` below: libplacebo's pl_shader_dovi_reshape and pl_shader_decode_color maths in
#     src/shaders/colorspace.c, with the coefficient scales of FFmpeg's libavcodec/dovi_rpu.c; read, not copied);
#   - "libplacebo": per frame, pixels of the picture as FFmpeg 5.1's libplacebo filter renders it with
#     apply_dolbyvision on lavapipe (Mesa's software Vulkan device), with tone mapping, crosstalk, desaturation and
#     dithering off; only pixels whose chroma neighbourhood is flat (so that chroma upsampling filters agree) and whose
#     components lie in 0.05…0.95 (away from the gamut and black-point handling of its output stage), and none of
#     whose codes lies within 2 of an inner pivot (where the piece depends on the last bit of the upsampled value).
# Needs ffmpeg 5.1 built with libplacebo and a Vulkan device (Debian: libplacebo, mesa-vulkan-drivers). Python 3
# standard library. Deterministic for the same tool versions.
import json
import math
import os
import struct
import subprocess
import sys
import tempfile

import dovi_rpu
import gen_movies

PQ_M1, PQ_M2 = 2610 / 16384, 2523 / 4096 * 128
PQ_C1, PQ_C2, PQ_C3 = 3424 / 4096, 2413 / 4096 * 32, 2392 / 4096 * 32
# The inverse of the BT.2020-referred Hunt-Pointer-Estevez LMS matrix of IPT-PQ (Dolby Vision's LMS), rows of
# LMS -> R, G, B, as libplacebo hard-codes it for PL_COLOR_SYSTEM_DOLBYVISION.
LMS_TO_BT2020 = [[3.06441879, -2.16597676, 0.10155818],
                 [-0.65612108, 1.78554118, -0.12943749],
                 [0.01736321, -0.04725154, 1.03004253]]


def pq_eotf(e):
    p = max(e, 0.0) ** (1 / PQ_M2)
    return (max(p - PQ_C1, 0.0) / (PQ_C2 - PQ_C3 * p)) ** (1 / PQ_M1)


def pq_oetf(y):
    p = max(y, 0.0) ** PQ_M1
    return ((PQ_C1 + PQ_C2 * p) / (1 + PQ_C3 * p)) ** PQ_M2


def quantized(value, bits=23):
    """A coefficient as the RPU codes it (dovi_rpu._coefficient): integer part plus a 23-bit fraction."""
    integer = math.floor(value)
    fraction = round((value - integer) * (1 << bits))
    return integer + fraction / (1 << bits)


def reshape(curve, sig, component):
    """One component's reshaped value: the piece whose pivots enclose the component's own value, clamped to the
    curve's first and last pivots."""
    pivots = [p / 1023 for p in curve["pivots"]]
    s = sig[component]
    index = 0
    while index + 1 < len(curve["pieces"]) and s >= pivots[index + 1]:
        index += 1
    piece = curve["pieces"][index]
    if isinstance(piece, dovi_rpu.MMR):
        y, cb, cr = sig
        terms = [y, cb, cr, y * cb, y * cr, cb * cr, y * cb * cr]
        value = quantized(piece.constant)
        for order, weights in enumerate(piece.weights, start=1):
            value += sum(quantized(c) * t ** order for c, t in zip(weights, terms))
    else:
        value = sum(quantized(c) * s ** k for k, c in enumerate(piece.coefficients))
    return min(max(value, pivots[0]), pivots[-1])


def compose(curves, codes):
    """PQ-coded BT.2020 R'G'B' (0...1) of one pixel's 10-bit base-layer codes (Y, Cb, Cr) under a profile 5 RPU."""
    sig = [min(max(c / 1023, 0.0), 1.0) for c in codes]
    reshaped = [reshape(curves[c], sig, c) for c in range(3)]
    centred = [reshaped[i] - dovi_rpu.P5_YCC_OFFSETS[i] / (1 << 28) for i in range(3)]
    lms_pq = [sum(dovi_rpu.P5_YCC_TO_RGB[3 * r + k] / 8192 * centred[k] for k in range(3)) for r in range(3)]
    lms = [pq_eotf(v) for v in lms_pq]
    crosstalk = [sum(dovi_rpu.P5_RGB_TO_LMS[3 * r + k] / 16384 * lms[k] for k in range(3)) for r in range(3)]
    rgb = [sum(LMS_TO_BT2020[r][k] * crosstalk[k] for k in range(3)) for r in range(3)]
    return [pq_oetf(v) for v in rgb]

HERE = os.path.dirname(os.path.abspath(__file__))
MOVIE = os.path.join(HERE, "..", "movies", "dv-5-rpu.mp4")
OUT = os.path.join(HERE, "..", "dolby-vision", "dv-5-reference.json")
SIZE = 64
LIBPLACEBO = ("hwupload,libplacebo=apply_dolbyvision=1:peak_detect=0:tonemapping=clip:gamut_mode=clip:"
              "tonemapping_crosstalk=0:colorspace=gbr:color_primaries=bt2020:color_trc=smpte2084:range=pc:"
              "format=gbrpf32le:dithering=none,hwdownload,format=gbrpf32le")


def run(command):
    return subprocess.run(command, check=True, capture_output=True).stdout


def main():
    work = tempfile.mkdtemp(prefix="gen-dolby-vision-")
    decoded = os.path.join(work, "decoded.yuv")
    rendered = os.path.join(work, "libplacebo.raw")
    run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", MOVIE, "-f", "rawvideo", "-pix_fmt",
         "yuv420p10le", decoded])
    libplacebo_command = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-init_hw_device", "vulkan", "-i",
                          MOVIE, "-vf", LIBPLACEBO, "-f", "rawvideo", rendered]
    run(libplacebo_command)
    yuv = open(decoded, "rb").read()
    rgb = open(rendered, "rb").read()
    frame_bytes = SIZE * SIZE * 3
    chroma = SIZE // 2

    def codes(frame, x, y):
        base = frame * frame_bytes
        luma = struct.unpack_from("<H", yuv, base + 2 * (y * SIZE + x))[0]
        def c(plane, i, j):
            offset = base + 2 * SIZE * SIZE + plane * 2 * chroma * chroma
            return struct.unpack_from("<H", yuv, offset + 2 * (j * chroma + i))[0]
        return luma, c(0, x // 2, y // 2), c(1, x // 2, y // 2), c

    def placebo(frame, x, y):
        base = frame * SIZE * SIZE * 12
        g, b, r = [struct.unpack_from("<f", rgb, base + p * SIZE * SIZE * 4 + 4 * (y * SIZE + x))[0] for p in range(3)]
        return [r, g, b]

    frames = []
    for frame, (curves, _, _, _) in enumerate(gen_movies.dolby_vision_5_shots()):
        grid = [[y, cb, cr] for y in (0, 64, 399, 400, 512, 700, 1023) for cb in (0, 300, 512, 599, 600, 1023)
                for cr in (100, 511, 512, 699, 700, 900)]
        samples = []
        for y in range(0, SIZE, 2):
            for x in range(0, SIZE, 2):
                luma, cb, cr, c = codes(frame, x, y)
                i, j = x // 2, y // 2
                flat = all(c(p, i + di, j + dj) == c(p, i, j) for p in (0, 1) for di in (-1, 0, 1)
                           for dj in (-1, 0, 1) if 0 <= i + di < chroma and 0 <= j + dj < chroma)
                expected = compose(curves, [luma, cb, cr])
                reference = placebo(frame, x, y)
                # A value at an inner pivot picks its piece by a hair: another upsampling filter may pick the other.
                near_pivot = any(abs(code - pivot) <= 2 for code, curve in zip((luma, cb, cr), curves)
                                 for pivot in curve["pivots"][1:-1])
                if flat and not near_pivot and all(0.05 <= v <= 0.95 for v in expected + reference):
                    samples.append({"x": x, "y": y, "codes": [luma, cb, cr], "rgb": [round(v, 6) for v in reference]})
        frames.append({
            "frame": frame,
            "float64": [{"codes": g, "rgb": compose(curves, g)} for g in grid],
            "libplacebo": samples,
        })
    ffmpeg_version = run(["ffmpeg", "-version"]).decode().splitlines()[0].split(" Copyright")[0]
    document = {
        "movie": "movies/dv-5-rpu.mp4",
        "producer": "Tests/Fixtures/Generators/gen_dolby_vision.py",
        "libplacebo": f"{ffmpeg_version} (libplacebo {libplacebo_version()}, lavapipe): "
                      + "ffmpeg " + " ".join(libplacebo_command[5:]).replace(MOVIE, "dv-5-rpu.mp4").replace(rendered, "out.raw"),
        "frames": frames,
    }
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        json.dump(document, f)
        f.write("\n")
    for entry in frames:
        worst = max((max(abs(a - b) for a, b in zip(s["rgb"], compose(
            gen_movies.dolby_vision_5_shots()[entry["frame"]][0], s["codes"]))) for s in entry["libplacebo"]), default=0)
        print(f"frame {entry['frame']}: {len(entry['libplacebo'])} libplacebo samples, largest difference from the "
              f"float64 reference {worst:.5f}")


def libplacebo_version():
    try:
        return run(["dpkg-query", "-W", "-f", "${Version}", "libplacebo208"]).decode() or "unknown"
    except Exception:
        return "unknown"


if __name__ == "__main__":
    sys.exit(main())
