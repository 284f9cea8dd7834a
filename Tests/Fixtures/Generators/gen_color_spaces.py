#!/usr/bin/env python3
"""Float64 reference fixtures for the ColorSpaces tests, computed with colour-science.

Writes Tests/Fixtures/color-spaces/*.csv. Runs standalone (`python3 gen_color_spaces.py`) or from generate.py.
Each file starts with `# source:` provenance lines; values are printed with repr() (shortest round-trip float64).
Primaries, white points and Kr/Kb are restated here from the standards (ITU-T H.273 Table 2 and 4, ITU-R BT.709,
BT.2020, BT.2100, SMPTE RP 431-2, EG 432-1, ST 2065-1, ISO 22028-2) so that the fixtures do not depend on colour's
own rounding of them; colour-science supplies the algorithms.
"""

import os
import warnings

warnings.filterwarnings("ignore")

import numpy as np  # noqa: E402
import colour  # noqa: E402
from colour.adaptation import matrix_chromatic_adaptation_VonKries  # noqa: E402
from colour.models.rgb.transfer_functions import (  # noqa: E402
    eotf_BT2100_HLG,
    eotf_inverse_BT2100_HLG,
    eotf_inverse_ST2084,
    eotf_ST2084,
    eotf_inverse_sRGB,
    eotf_sRGB,
    oetf_BT709,
    oetf_inverse_BT709,
)

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "color-spaces")
SOURCE = f"# source: colour-science {colour.__version__} (float64), Tests/Fixtures/Generators/gen_color_spaces.py"

# Names match the Swift statics (WhitePoint.*, RGBPrimaries.*).
WHITES = {
    "d65": (0.3127, 0.3290),
    "d50": (0.3457, 0.3585),
    "dci": (0.314, 0.351),
    "c": (0.310, 0.316),
    "e": (1 / 3, 1 / 3),
    "aces": (0.32168, 0.33767),
}
PRIMARIES = {
    "bt709": ((0.640, 0.330), (0.300, 0.600), (0.150, 0.060), "d65"),
    "bt470M": ((0.67, 0.33), (0.21, 0.71), (0.14, 0.08), "c"),
    "bt470BG": ((0.64, 0.33), (0.29, 0.60), (0.15, 0.06), "d65"),
    "smpte170M": ((0.630, 0.340), (0.310, 0.595), (0.155, 0.070), "d65"),
    "smpte240M": ((0.630, 0.340), (0.310, 0.595), (0.155, 0.070), "d65"),
    "genericFilm": ((0.681, 0.319), (0.243, 0.692), (0.145, 0.049), "c"),
    "bt2020": ((0.708, 0.292), (0.170, 0.797), (0.131, 0.046), "d65"),
    "dciP3": ((0.680, 0.320), (0.265, 0.690), (0.150, 0.060), "dci"),
    "displayP3": ((0.680, 0.320), (0.265, 0.690), (0.150, 0.060), "d65"),
    "ebu3213": ((0.630, 0.340), (0.295, 0.605), (0.155, 0.077), "d65"),
    "adobeRGB": ((0.640, 0.330), (0.210, 0.710), (0.150, 0.060), "d65"),
    "proPhoto": ((0.7347, 0.2653), (0.1596, 0.8404), (0.0366, 0.0001), "d50"),
    "acesAP0": ((0.7347, 0.2653), (0.0, 1.0), (0.0001, -0.0770), "aces"),
    "acesAP1": ((0.713, 0.293), (0.165, 0.830), (0.128, 0.044), "aces"),
}  # "xyz" (ST 428-1, blue at y = 0) is left out: colour's xy → XYZ divides by y; the Swift tests check it exactly.
TRANSFORMS = {"bradford": "Bradford", "cat02": "CAT02", "vonKries": "Von Kries", "xyzScaling": "XYZ Scaling"}
KRKB = {
    "bt601": (0.299, 0.114),
    "bt709": (0.2126, 0.0722),
    "fcc": (0.30, 0.11),
    "smpte240m": (0.212, 0.087),
    "bt2020NonConstantLuminance": (0.2627, 0.0593),
}

RNG = np.random.default_rng(20261122)


def fmt(values):
    return ",".join(repr(float(v)) for v in np.ravel(values))


def write(name, header_lines, rows):
    path = os.path.join(OUT, name)
    with open(path, "w") as f:
        f.write(SOURCE + "\n")
        for line in header_lines:
            f.write("# " + line + "\n")
        for row in rows:
            f.write(row + "\n")
    print(f"wrote {os.path.relpath(path)} ({len(rows)} rows)")


def xyz_of(white):
    return colour.xy_to_XYZ(np.array(WHITES[white]))


def colourspace(name):
    r, g, b, w = PRIMARIES[name]
    return colour.RGB_Colourspace(name, np.array([r, g, b]), np.array(WHITES[w]), use_derived_matrix_RGB_to_XYZ=True,
                                  use_derived_matrix_XYZ_to_RGB=True)


def rgb_to_xyz():
    rows = []
    for name, (r, g, b, w) in PRIMARIES.items():
        m = colour.normalised_primary_matrix(np.array([r, g, b]), np.array(WHITES[w]))
        rows.append(f"{name},{fmt(m)}")
    write("rgb_to_xyz.csv",
          ["colour.normalised_primary_matrix (SMPTE RP 177-1993); primaries per ITU-T H.273 Table 2 and others",
           "primaries,m00,m01,m02,m10,m11,m12,m20,m21,m22 (row-major, white Y = 1)"], rows)


def chromatic_adaptation():
    rows = []
    for key, transform in TRANSFORMS.items():
        for src in WHITES:
            for dst in WHITES:
                if src == dst:
                    continue
                m = matrix_chromatic_adaptation_VonKries(xyz_of(src), xyz_of(dst), transform=transform)
                rows.append(f"{key},{src},{dst},{fmt(m)}")
    write("chromatic_adaptation.csv",
          ["colour.adaptation.matrix_chromatic_adaptation_VonKries (von Kries-type CAT, CIE 160:2004)",
           "transform,source white,destination white,m00..m22 (row-major XYZ -> XYZ)"], rows)


def rgb_to_rgb():
    rows = []
    for src in PRIMARIES:
        for dst in ("bt709", "bt2020", "displayP3", "proPhoto", "acesAP0"):
            if src == dst:
                continue
            m = colour.matrix_RGB_to_RGB(colourspace(src), colourspace(dst), chromatic_adaptation_transform="Bradford")
            rows.append(f"{src},{dst},{fmt(m)}")
    write("rgb_to_rgb.csv",
          ["colour.matrix_RGB_to_RGB with Bradford chromatic adaptation, every primaries to five destinations",
           "source primaries,destination primaries,m00..m22 (row-major linear RGB -> linear RGB)"], rows)


def samples(count, low=0.0, high=1.0):
    corners = np.array([[r, g, b] for r in (low, high) for g in (low, high) for b in (low, high)])
    return np.vstack([corners, RNG.uniform(low, high, size=(count, 3))])


def ycbcr():
    rows = []
    for name, k in KRKB.items():
        for rgb in samples(16, -0.1, 1.1):
            ycc = colour.RGB_to_YCbCr(rgb, K=np.array(k), in_legal=False, out_legal=False, out_int=False)
            rows.append(f"{name},{fmt(rgb)},{fmt(ycc)}")
    for rgb in samples(16, -0.1, 1.1):
        y, co, cg = colour.RGB_to_YCoCg(rgb)
        rows.append(f"ycgco,{fmt(rgb)},{fmt([y, cg, co])}")
    for name, twelve in (("bt2020ConstantLuminance", False), ("bt2020ConstantLuminance12", True)):
        for rgb in samples(16):
            ycc = colour.RGB_to_YcCbcCrc(rgb, out_legal=False, out_int=False, is_12_bits_system=twelve)
            rows.append(f"{name},{fmt(rgb)},{fmt(ycc)}")
    write("ycbcr.csv",
          ["colour.RGB_to_YCbCr (full range, float; ITU-R BT.601/709/2020, Kr/Kb per ITU-T H.273 Table 4),",
           "colour.RGB_to_YCoCg (output reordered to Y, Cg, Co as H.273 MatrixCoefficients 8 orders it),",
           "colour.RGB_to_YcCbcCrc (ITU-R BT.2020 constant luminance from linear RGB; '12' = 12-bit OETF constants)",
           "matrix,r,g,b,y,cb,cr"], rows)


def ictcp():
    rows = []
    for rgb in samples(16):
        value = colour.RGB_to_ICtCp(rgb * 10000, method="ITU-R BT.2100-2 PQ")
        rows.append(f"ictcpPQ,{fmt(rgb)},{fmt(value)}")
    for rgb in samples(16):
        value = colour.RGB_to_ICtCp(rgb, method="ITU-R BT.2100-2 HLG")
        rows.append(f"ictcpHLG,{fmt(rgb)},{fmt(value)}")
    write("ictcp.csv",
          ["colour.RGB_to_ICtCp, methods 'ITU-R BT.2100-2 PQ' and 'ITU-R BT.2100-2 HLG' (ITU-R BT.2100-2 Tables 6, 7)",
           "matrix,r,g,b (linear BT.2020; PQ: 1.0 = 10000 cd/m2, HLG: scene light),i,ct,cp"], rows)


def conversions():
    """Reference ColorSpace.Conversion results: 1.0 = 203 cd/m2, HLG display 1000 cd/m2, black 0, Bradford."""
    white = 203.0

    def matrix(src, dst):
        return colour.matrix_RGB_to_RGB(colourspace(src), colourspace(dst), chromatic_adaptation_transform="Bradford")

    def power(gamma):
        return lambda v: np.sign(v) * np.abs(v) ** gamma

    cases = [
        ("bt2100PQ", "extendedLinearDisplayP3", samples(16),
         lambda v: matrix("bt2020", "displayP3") @ (eotf_ST2084(v) / white)),
        ("bt2100HLG", "extendedLinearDisplayP3", samples(16),
         lambda v: matrix("bt2020", "displayP3") @ (eotf_BT2100_HLG(v, L_B=0, L_W=1000) / white)),
        ("extendedLinearDisplayP3", "bt2100PQ", samples(16, 0, 4),
         lambda v: eotf_inverse_ST2084(np.clip(matrix("displayP3", "bt2020") @ v * white, 0, 10000))),
        ("extendedLinearDisplayP3", "bt2100HLG", samples(16, 0, 4),
         lambda v: np.clip(eotf_inverse_BT2100_HLG(matrix("displayP3", "bt2020") @ v * white, L_B=0, L_W=1000), 0, 1)),
        ("sRGB", "displayP3", samples(16),
         lambda v: eotf_inverse_sRGB(np.clip(matrix("bt709", "displayP3") @ eotf_sRGB(v), 0, 1))),
        ("bt709", "bt2020", samples(16),
         lambda v: oetf_BT709(np.clip(matrix("bt709", "bt2020") @ oetf_inverse_BT709(v), 0, 1))),
        ("dciP3", "extendedLinearDisplayP3", samples(16),
         lambda v: matrix("dciP3", "displayP3") @ power(2.6)(v)),
        ("proPhoto", "extendedLinearSRGB", samples(16),
         lambda v: matrix("proPhoto", "bt709") @ power(1.8)(v)),
    ]
    rows = []
    for src, dst, inputs, convert in cases:
        for rgb in inputs:
            rows.append(f"{src},{dst},{fmt(rgb)},{fmt(convert(rgb))}")
    write("conversion.csv",
          ["ColorSpace.Conversion reference: decode (sRGB IEC 61966-2-1, BT.709 OETF inverse, gamma, PQ ST 2084,",
           "HLG BT.2100-2 EOTF with L_W = 1000, L_B = 0), / 203 cd/m2 reference white (BT.2408), colour.matrix_RGB_to_RGB",
           "(Bradford), encode; clamped destinations clamp: SDR linear light to [0, 1], PQ to [0, 10000] cd/m2,",
           "HLG the signal to [0, 1] (negative scene light after the inverse OOTF encodes as 0)",
           "source,destination,r,g,b,r',g',b'"], rows)


def main():
    os.makedirs(OUT, exist_ok=True)
    rgb_to_xyz()
    chromatic_adaptation()
    rgb_to_rgb()
    ycbcr()
    ictcp()
    conversions()


if __name__ == "__main__":
    main()
