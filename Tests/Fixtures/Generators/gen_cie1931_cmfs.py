#!/usr/bin/env python3
"""The CIE 1931 2° colour-matching functions as a Swift table, for the report's spectral locus.

Writes Sources/HTMLReport/SpectralLocus+Table.swift: x̄, ȳ, z̄ from 360 to 700 nm in 1 nm steps, as
tabulated by the CIE (CIE 015:2018, ISO/CIE 11664-1; the CVRL table "CIE 1931 2-deg, XYZ CMFs", which is
colour-science's MSDS_CMFS['CIE 1931 2 Degree Standard Observer']). The values are copied from colour-science's data
as printed there (12 decimals, trailing zeros dropped); nothing is interpolated or rounded. The Swift code computes
the chromaticities from them. Runs standalone (`python3 gen_cie1931_cmfs.py`) or from generate.py.
"""

import pathlib
import warnings

warnings.filterwarnings("ignore")
from colour.colorimetry.datasets.cmfs import DATA_CMFS_STANDARD_OBSERVER  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parents[3] / "Sources/HTMLReport/SpectralLocus+Table.swift"
FIRST, LAST = 360, 700  # the locus the report draws; beyond 700 nm the chromaticity no longer moves


def number(value: float) -> str:
    text = f"{value:.12f}".rstrip("0")
    return text + "0" if text.endswith(".") else text


def main() -> None:
    data = DATA_CMFS_STANDARD_OBSERVER["CIE 1931 2 Degree Standard Observer"]
    rows = [
        f"        ({wavelength}, {number(data[wavelength][0])}, {number(data[wavelength][1])}, "
        f"{number(data[wavelength][2])}),"
        for wavelength in range(FIRST, LAST + 1)
    ]
    OUT.write_text(
        "// Written by Tests/Fixtures/Generators/gen_cie1931_cmfs.py; do not edit.\n\n"
        "extension SpectralLocus {\n"
        "    /// The CIE 1931 2° standard observer's colour-matching functions (x̄, ȳ, z̄) from 360 to 700 nm in 1 nm\n"
        "    /// steps, as the CIE tabulates them (CIE 015:2018, ISO/CIE 11664-1; the CVRL table \"CIE 1931 2-deg, XYZ\n"
        "    /// CMFs\", colour-science's `MSDS_CMFS['CIE 1931 2 Degree Standard Observer']`).\n"
        "    static let colorMatchingFunctions: [(wavelength: Int, x: Double, y: Double, z: Double)] = [\n"
        + "\n".join(rows)
        + "\n    ]\n}\n"
    )
    print(f"wrote {OUT} ({len(rows)} wavelengths)")


if __name__ == "__main__":
    main()
