#!/usr/bin/env python3
"""Float64 reference values for the ToneMapping tests, written from the Recommendations' text with numpy
(colour-science 0.4.7 has no BT.2390 EETF or BT.2446 tone mapper), independently of the Swift code.

Writes Tests/Fixtures/tone-mapping/:
- bt2390.csv: rows `case,input cd/m²,output cd/m²` for the ITU-R BT.2390-10 §5.4 EETF, applied to luminance, for
  case A (mastering [0, 1000] → target [0, 400]), B ([0.005, 4000] → [0.05, 1000]) and C (EDR: [0, 1000] → [0, 406],
  i.e. headroom 1000/203 → 2 at 203 cd/m²), on a log sweep plus the knee; the spec's knee KS = 1.5·maxLum − 0.5.
- bt2446a.csv: rows `r,g,b,R,G,B` for ITU-R BT.2446-1 §5.1.1 method A with L_HDR = 1000, L_SDR = 100: input linear
  BT.2020 RGB with 1.0 = 203 cd/m², output linear SDR RGB with 1.0 = SDR white.
"""
import pathlib

import numpy as np

OUT = pathlib.Path(__file__).resolve().parent.parent / "tone-mapping"
SEED = 20261122

M1, M2 = 2610 / 16384, 2523 / 4096 * 128
C1, C2, C3 = 3424 / 4096, 2413 / 4096 * 32, 2392 / 4096 * 32


def pq_inverse(luminance):
    y = np.power(np.asarray(luminance, dtype=np.float64) / 10000, M1)
    return np.power((C1 + C2 * y) / (1 + C3 * y), M2)


def pq_eotf(signal):
    p = np.power(np.asarray(signal, dtype=np.float64), 1 / M2)
    return 10000 * np.power(np.maximum(p - C1, 0) / (C2 - C3 * p), 1 / M1)


def eetf(luminance, lb, lw, lmin, lmax):
    """BT.2390-10 §5.4.1, steps 1-4, with E1 clamped to [0, 1]."""
    black, white = pq_inverse(lb), pq_inverse(lw)
    e1 = np.clip((pq_inverse(luminance) - black) / (white - black), 0, 1)
    min_lum = (pq_inverse(lmin) - black) / (white - black)
    max_lum = (pq_inverse(lmax) - black) / (white - black)
    ks = 1.5 * max_lum - 0.5
    t = (e1 - ks) / (1 - ks)
    p = (2 * t**3 - 3 * t**2 + 1) * ks + (t**3 - 2 * t**2 + t) * (1 - ks) + (-2 * t**3 + 3 * t**2) * max_lum
    e2 = np.where(e1 < ks, e1, p)
    e3 = e2 + min_lum * (1 - e2) ** 4
    return pq_eotf(e3 * (white - black) + black), pq_eotf(ks * (white - black) + black)


def bt2446a(rgb, l_hdr=1000.0, l_sdr=100.0, reference_white=203.0):
    """BT.2446-1 §5.1.1 method A on linear BT.2020 RGB (1.0 = reference white)."""
    rp, gp, bp = np.power(np.asarray(rgb, dtype=np.float64) * reference_white / l_hdr, 1 / 2.4)
    y = 0.2627 * rp + 0.6780 * gp + 0.0593 * bp
    rho_hdr = 1 + 32 * (l_hdr / 10000) ** (1 / 2.4)
    rho_sdr = 1 + 32 * (l_sdr / 10000) ** (1 / 2.4)
    yp = np.log(1 + (rho_hdr - 1) * y) / np.log(rho_hdr)
    if yp <= 0.7399:
        yc = 1.0770 * yp
    elif yp <= 0.9909:
        yc = -1.1510 * yp**2 + 2.7811 * yp - 0.6302
    else:
        yc = 0.5 * yp + 0.5
    y_sdr = (rho_sdr**yc - 1) / (rho_sdr - 1)
    f = y_sdr / (1.1 * y)
    cb, cr = f * (bp - y) / 1.8814, f * (rp - y) / 1.4746
    y_tmo = y_sdr - max(0.1 * cr, 0)
    r = y_tmo + 1.4746 * cr
    b = y_tmo + 1.8814 * cb
    g = (y_tmo - 0.2627 * r - 0.0593 * b) / 0.6780
    return [float(np.sign(v) * abs(v) ** 2.4) for v in (r, g, b)]


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    cases = {"A": (0, 1000, 0, 400), "B": (0.005, 4000, 0.05, 1000), "C": (0, 1000, 0, 406)}
    rows = []
    for name, (lb, lw, lmin, lmax) in cases.items():
        sweep = np.geomspace(max(lb, 1e-3), lw, 400)
        _, knee = eetf(np.array([1.0]), lb, lw, lmin, lmax)
        for x in np.concatenate([sweep, np.atleast_1d(knee)]):
            y, _ = eetf(np.array([x]), lb, lw, lmin, lmax)
            rows.append(f"{name},{float(x)!r},{float(y[0])!r}")
    assert abs(eetf(np.array([500.0]), 0, 1000, 0, 400)[0][0] - 376.786511) < 1e-6  # BT.2390 worked example
    with open(OUT / "bt2390.csv", "w") as f:
        f.write("# source: Tests/Fixtures/Generators/gen_tone_mapping.py, numpy, float64, from ITU-R BT.2390-10 §5.4.1\n")
        f.write("# cases: A [0,1000]->[0,400]; B [0.005,4000]->[0.05,1000]; C [0,1000]->[0,406] cd/m2; last row of each is the knee\n")
        f.write("# columns: case, input luminance cd/m2, output luminance cd/m2 (float64 repr)\n")
        f.write("\n".join(rows) + "\n")

    rng = np.random.default_rng(SEED)
    pixels = [(1, 1, 1), (1000 / 203, 1000 / 203, 1000 / 203), (0.18, 0.18, 0.18), (2, 1, 0.5), (0.1, 3, 0.2),
              (0.05, 0.05, 4), (4.9, 0.01, 0.01)]
    pixels += [tuple(rng.uniform(0.001, 1000 / 203, 3)) for _ in range(200)]
    with open(OUT / "bt2446a.csv", "w") as f:
        f.write("# source: Tests/Fixtures/Generators/gen_tone_mapping.py, numpy, float64, from ITU-R BT.2446-1 §5.1.1\n")
        f.write("# method A, L_HDR = 1000, L_SDR = 100; input linear BT.2020 RGB with 1.0 = 203 cd/m2\n")
        f.write("# columns: r, g, b (input), R, G, B (linear SDR output, 1.0 = SDR white), float64 repr\n")
        for p in pixels:
            out = bt2446a(p)
            f.write(",".join(repr(float(v)) for v in (*p, *out)) + "\n")


if __name__ == "__main__":
    main()
