public import ColorSpaces

/// The CIE 1931 2° spectral locus: the chromaticity of monochromatic light, xy = (x̄, ȳ) ÷ (x̄ + ȳ + z̄), from the
/// standard observer's colour-matching functions as the CIE tabulates them (``colorMatchingFunctions``, 360 … 700 nm
/// in 1 nm steps). Hue runs one way along it: around the D65 white point the angle falls from violet through blue,
/// cyan and green to red. Beyond 700 nm the chromaticity no longer moves; the line of purples joins the two ends.
public enum SpectralLocus {
    /// The wavelengths tabulated, in nm.
    public static let wavelengths = 360...700

    /// The chromaticity of monochromatic light of `wavelength` nm; nil outside ``wavelengths``.
    public static func chromaticity(wavelength: Int) -> Chromaticity? {
        guard wavelengths.contains(wavelength) else { return nil }
        let row = colorMatchingFunctions[wavelength - wavelengths.lowerBound]
        let sum = row.x + row.y + row.z
        return Chromaticity(x: row.x / sum, y: row.y / sum)
    }

    /// The locus from 360 to 700 nm as drawn: each wavelength unless it lies within `spacing` (in x and in y) of the
    /// last point kept, where the 1 nm steps crowd at both ends; 360 and 700 nm are always kept.
    public static func points(spacing: Double = 0.002) -> [(wavelength: Int, chromaticity: Chromaticity)] {
        var points: [(wavelength: Int, chromaticity: Chromaticity)] = []
        for wavelength in wavelengths {
            let c = chromaticity(wavelength: wavelength)!  // every wavelength of the table
            if let last = points.last?.chromaticity, wavelength != wavelengths.upperBound,
                abs(c.x - last.x) < spacing, abs(c.y - last.y) < spacing
            {
                continue
            }
            points.append((wavelength, c))
        }
        return points
    }
}
