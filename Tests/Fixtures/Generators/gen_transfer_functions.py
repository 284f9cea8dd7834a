#!/usr/bin/env python3
"""Float64 reference sweeps of every transfer function, from colour-science.

(TransferFunction.linear, the identity, has no fixture: the tests check it bit-exactly on every other fixture's inputs.)

Writes Tests/Fixtures/transfer-functions/<name>.csv, one file per function, rows `x,toLinear(x),fromLinear(x)`:
- x is a float32 written as its shortest text (parse it as a Float), so the same inputs serve the Double and the
  Float tests;
- each output is colour-science's float64 value (repr, round-trip exact) in HDRColor's normalisation;
- an empty cell means "not compared": colour-science's convention differs there (the header says where and why).

Every file has at least 10 000 compared values per column, dense around segment boundaries (the boundary itself and
its float32 neighbours), with uniform and log-uniform sweeps in between.
"""
import math
import pathlib
import warnings

import numpy as np

warnings.filterwarnings("ignore")
import colour  # noqa: E402
from colour.utilities import Structure  # noqa: E402

M = colour.models
OUT = pathlib.Path(__file__).resolve().parent.parent / "transfer-functions"
SEED = 20261122
MINIMUM = 10_000  # compared values per column and file

# BT.2100 HLG with c = 0.5 − a·ln(4a) exactly (colour-science's default c is the rounded 0.55991073, which moves
# results by ~3e-9 relative; BT.2100 defines c by the formula).
HLG_A = 0.17883277
HLG_CONSTANTS = Structure(a=HLG_A, b=1 - 4 * HLG_A, c=0.5 - HLG_A * math.log(4 * HLG_A))


def f64(x):
    return np.asarray(x, dtype=np.float64)


def mirrored(function):
    """sign(x)·function(|x|): our `extended` policy for curves where colour-science has no negative branch."""
    return lambda x: np.sign(x) * function(np.abs(x))


class Curve:
    def __init__(self, name, swift, code, to_linear, from_linear, boundaries, note,
                 low=-1.5, high=4.0, to_agrees=None, from_agrees=None):
        self.name, self.swift, self.code = name, swift, code
        self.to_linear, self.from_linear = to_linear, from_linear
        self.boundaries, self.note = boundaries, note
        self.low, self.high = low, high
        self.to_agrees = to_agrees or (lambda x: np.ones_like(x, dtype=bool))
        self.from_agrees = from_agrees or (lambda x: np.ones_like(x, dtype=bool))


def bt709_like(alpha, beta, slope, oetf, inverse, colour_switch, name, swift, code, note_extra=""):
    """BT.709-family curves. With the published (rounded) constants the OETF's segments do not meet at β: its power
    segment starts at oetf(β) = α·β^0.45 − (α − 1) ≠ slope·β. HDRColor decodes on the linear segment below slope·β
    and on the power segment (at least β, so monotone) above; colour decodes on the linear segment below
    `colour_switch`. Between the two switch points the conventions differ and values are not compared.
    Negative values: colour continues the linear segment, HDRColor mirrors (tested as properties)."""
    points = [slope * beta, float(colour_switch)]
    low, high = min(points), max(points)
    return Curve(
        name, swift, code,
        to_linear=inverse, from_linear=oetf,
        boundaries=[beta, slope * beta, float(alpha * beta ** 0.45 - (alpha - 1)), float(colour_switch)],
        low=0.0,
        to_agrees=lambda x: ~((x > low) & (x < high)),
        note=f"toLinear not compared on ({low!r}, {high!r}): with the published constants the OETF's segments do "
             f"not meet at β = {beta!r}; colour switches segments at {float(colour_switch)!r}, HDRColor at "
             f"{slope * beta!r} (monotone). Negative values: colour continues the linear segment, HDRColor mirrors "
             f"(tested as properties)." + note_extra)


def curves():
    g_hi = float(M.oetf_BT709(0.018))
    result = [
        Curve("srgb", ".srgb", 13, M.oetf_inverse_H273_IEC61966_2, M.oetf_H273_IEC61966_2,
              [0.04045, 0.0031308, 12.92 * 0.0031308, 1.0],
              to_agrees=lambda x: ~((np.abs(x) > 12.92 * 0.0031308) & (np.abs(x) <= 0.04045)),
              note="colour.models.oetf_inverse_H273_IEC61966_2 / oetf_H273_IEC61966_2 (IEC 61966-2-1, "
                   "sign-mirrored as H.273 code 13 defines for sYCC). toLinear not compared for |x| in "
                   f"({12.92 * 0.0031308!r}, 0.04045]: colour decodes above 12.92·0.0031308 on the power segment, "
                   "HDRColor uses IEC 61966-2-1's decoding threshold 0.04045 (the segments differ there by < 3e-9)."),
    ]
    for name, swift, code, exponent in [("gamma22", ".gamma22", 4, 2.2), ("gamma28", ".gamma28", 5, 2.8),
                                        ("adobergb", ".adobeRGB", None, 563 / 256)]:
        result.append(Curve(
            name, swift, code,
            lambda x, g=exponent: colour.gamma_function(x, g, "Mirror"),
            lambda x, g=exponent: colour.gamma_function(x, 1 / g, "Mirror"),
            [1.0], f"colour.gamma_function(x, {exponent!r}, 'Mirror') and exponent 1/{exponent!r}."))
    result += [
        bt709_like(1.099, 0.018, 4.5, M.oetf_BT709, M.oetf_inverse_BT709, M.oetf_BT709(0.018), "bt709", ".bt709", 1,
                   " colour.models.oetf_BT709 / oetf_inverse_BT709 (also H.273 6 and 14)."),
        bt709_like(1.0993, 0.0181, 4.5,
                   lambda x: M.oetf_BT2020(x, is_12_bits_system=True),
                   lambda x: M.oetf_inverse_BT2020(x, is_12_bits_system=True),
                   M.oetf_BT2020(0.0181),
                   "bt2020-12bit", ".bt2020TwelveBit", 15,
                   " colour.models.oetf_BT2020 / oetf_inverse_BT2020 with is_12_bits_system=True (whose segment "
                   "switch, oetf_BT2020(β), uses the 10-bit constants)."),
        bt709_like(1.1115, 0.0228, 4.0, M.oetf_SMPTE240M, M.eotf_SMPTE240M, M.oetf_SMPTE240M(0.0228),
                   "smpte240m", ".smpte240m", 7,
                   " colour.models.oetf_SMPTE240M / eotf_SMPTE240M (colour's name for the inverse OETF)."),
    ]
    b1886 = 0.1 ** (1 / 2.4) / (100 ** (1 / 2.4) - 0.1 ** (1 / 2.4))
    result += [
        Curve("bt1886", ".bt1886(whiteLuminance: 100, blackLuminance: 0.1)", None,
              lambda x: M.eotf_BT1886(x, L_B=0.1, L_W=100) / 100,
              lambda x: M.eotf_inverse_BT1886(x * 100, L_B=0.1, L_W=100),
              [-b1886, 0.0, 0.001, 1.0],
              low=-b1886, to_agrees=lambda x: x >= -b1886,
              note="colour.models.eotf_BT1886(V, L_B=0.1, L_W=100) / 100 and eotf_inverse_BT1886(100·L, ...) "
                   "(HDRColor's linear light is relative to L_W). toLinear not compared below V = −b "
                   f"= {-b1886!r}, where colour gives 0 and HDRColor mirrors the power law."),
        Curve("log100", ".log100", 9, M.oetf_inverse_H273_Log, M.oetf_H273_Log, [0.01, 0.0],
              low=0.0, to_agrees=lambda x: x > 0,
              note="colour.models.oetf_inverse_H273_Log / oetf_H273_Log. toLinear not compared at 0, which "
                   "colour decodes to 0.01 and HDRColor to 0 (nominal black). Negative values: colour gives 0, "
                   "HDRColor mirrors (tested as properties)."),
        Curve("log100sqrt10", ".log100Sqrt10", 10, M.oetf_inverse_H273_LogSqrt, M.oetf_H273_LogSqrt,
              [math.sqrt(10) / 1000, 0.0], low=0.0, to_agrees=lambda x: x > 0,
              note="colour.models.oetf_inverse_H273_LogSqrt / oetf_H273_LogSqrt; conventions as for log100."),
        Curve("iec61966-2-4", ".iec61966_2_4", 11,
              mirrored(M.oetf_inverse_BT709), mirrored(M.oetf_BT709),
              [0.018, 0.081, g_hi, -0.018, -0.081, -g_hi],
              to_agrees=lambda x: ~((np.abs(x) > 0.081) & (np.abs(x) < g_hi)),
              note="H.273 Table 3 code 11 is the BT.709 OETF extended point-symmetrically (colour-science 0.4.7 "
                   "maps code 11 to the sRGB curve instead), so the reference is sign(x)·colour.models.oetf_BT709(|x|)"
                   " and its inverse. toLinear not compared for |x| in (0.081, oetf(0.018)), as for bt709."),
        Curve("bt1361", ".bt1361", 12, M.oetf_inverse_BT1361, M.oetf_BT1361,
              [0.018, 0.081, g_hi, -0.0045, -0.02025, -g_hi / 4, -0.25, 1.33],
              to_agrees=lambda x: ~(((x > 0.081) & (x < g_hi)) | ((x > -g_hi / 4) & (x <= -0.02025))),
              note="colour.models.oetf_BT1361 / oetf_inverse_BT1361 (defined for every real value). toLinear not "
                   f"compared on (0.081, {g_hi!r}) and ({-g_hi / 4!r}, −0.02025], the gaps between the segments, "
                   "which colour decodes non-monotonically and HDRColor to ±β (resp. −β/4)."),
        Curve("st428", ".st428", 17, M.eotf_H273_ST428_1, M.eotf_inverse_H273_ST428_1, [0.0, 1.0, 48 / 52.37],
              note="colour.models.eotf_H273_ST428_1 / eotf_inverse_H273_ST428_1 (sign-preserving powers)."),
        Curve("pq", ".pq", 16, lambda x: M.eotf_ST2084(x) / 10000, lambda x: M.eotf_inverse_ST2084(x * 10000),
              [(3424 / 4096) ** (2523 / 32), 0.5806888810416109, 0.0203, 1.0],
              low=0.0, high=1.5,
              note="colour.models.eotf_ST2084(E′) / 10000 and eotf_inverse_ST2084(10000·Y) (HDRColor's linear 1.0 is "
                   "10 000 cd/m²). Compared on [0, 1.5]: towards the EOTF's pole at 1.9921 its denominator "
                   "c2 − c3·E′^(1/m2) cancels and float64 results of any implementation drift apart by more than "
                   "1e-12 relative. Negative values: colour clamps "
                   "(EOTF) or is not odd (inverse), HDRColor mirrors (tested as properties)."),
        Curve("hlg", ".hlg", 18,
              lambda x: M.oetf_inverse_BT2100_HLG(x, constants=HLG_CONSTANTS),
              lambda x: M.oetf_BT2100_HLG(x, constants=HLG_CONSTANTS),
              [1 / 12, 0.5, 1.0, -1 / 12, -0.5],
              low=-0.5, to_agrees=lambda x: x >= -0.5, from_agrees=lambda x: x >= -1 / 12,
              note="colour.models.oetf_inverse_BT2100_HLG / oetf_BT2100_HLG with constants a = 0.17883277, "
                   "b = 1 − 4a, c = 0.5 − a·ln(4a) (BT.2100's definition; colour's default c is rounded). "
                   "Negative values: colour mirrors only the square-root segment, so toLinear is compared for "
                   "x ≥ −0.5 and fromLinear for x ≥ −1/12."),
    ]
    return result


def grid(curve, points):
    """float32-exact inputs: uniform and log-uniform sweeps plus each boundary and its float32 neighbours."""
    rng = np.random.default_rng(SEED)
    values = [rng.uniform(curve.low, curve.high, points),
              np.exp(rng.uniform(math.log(1e-7), math.log(curve.high), points))]
    if curve.low < 0:
        values.append(-np.exp(rng.uniform(math.log(1e-7), math.log(-curve.low), points // 2)))
    special = [0.0, 1.0, 0.5, 0.25, 0.75, 0.18]
    for boundary in curve.boundaries:
        b = np.float32(boundary)
        for sign in (1, -1):
            step = b
            for _ in range(6):
                special.append(float(step))
                step = np.nextafter(step, np.float32(sign * np.inf), dtype=np.float32)
        for delta in (1e-6, 1e-5, 1e-4, 1e-3, 1e-2):
            special += [boundary * (1 + delta), boundary * (1 - delta), boundary + delta, boundary - delta]
    values.append(np.array(special))
    x = np.unique(np.concatenate(values).astype(np.float32))
    return x[(x >= curve.low) & (x <= curve.high)]


def shortest_float32(x):
    """The shortest text that reads back as the float32 `x` (numpy's str() obeys print options colour changes)."""
    positional = np.format_float_positional(x, unique=True, trim="-")
    scientific = np.format_float_scientific(x, unique=True, trim="-")
    return positional if len(positional) <= len(scientific) else scientific


def cell(value, agrees):
    return repr(float(value)) if agrees else ""


def evaluate(curve, x32):
    x = x32.astype(np.float64)
    to_linear, from_linear = f64(curve.to_linear(x)), f64(curve.from_linear(x))
    to_ok = curve.to_agrees(x) & np.isfinite(to_linear)
    from_ok = curve.from_agrees(x) & np.isfinite(from_linear)
    return to_linear, to_ok, from_linear, from_ok


def write(curve):
    points = 3000
    while True:  # the smallest sweep that still gives MINIMUM compared values per column
        x32 = grid(curve, points)
        to_linear, to_ok, from_linear, from_ok = evaluate(curve, x32)
        if min(to_ok.sum(), from_ok.sum()) >= MINIMUM:
            break
        points += 50
    code = f"H.273 TransferCharacteristics {curve.code}" if curve.code else "no H.273 code"
    lines = [
        f"# source: Tests/Fixtures/Generators/gen_transfer_functions.py, colour-science {colour.__version__}, "
        f"numpy {np.__version__}, float64",
        f"# function: TransferFunction{curve.swift} ({code})",
        f"# reference: {curve.note}",
        f"# rows: {len(x32)} (toLinear compared: {int(to_ok.sum())}, fromLinear compared: {int(from_ok.sum())}); "
        "empty cell = not compared",
        "# columns: x (shortest float32 text: parse as Float), toLinear(x), fromLinear(x) (float64 repr)",
    ]
    for xi, t, tok, f, fok in zip(x32, to_linear, to_ok, from_linear, from_ok):
        lines.append(f"{shortest_float32(xi)},{cell(t, tok)},{cell(f, fok)}")
    path = OUT / f"{curve.name}.csv"
    path.write_text("\n".join(lines) + "\n")
    return path


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    total = 0
    for curve in curves():
        path = write(curve)
        total += path.stat().st_size
        print(f"{path.name}: {path.stat().st_size / 1e6:.2f} MB")
    print(f"total {total / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
