import ColorSpaces
import HTMLReport
import Testing

/// The report's spectral locus: the CIE 1931 2° observer's chromaticities from the tabulated colour-matching
/// functions. The page's path (its ends, hue order, line of purples) is checked in `ReportPageTests`.
@Suite("HDR report: spectral locus")
struct SpectralLocusTests {
    @Test("the chromaticities are the CIE 1931 2° observer's, as published to four decimals")
    func publishedChromaticities() throws {
        // CIE 015:2018 (chromaticity coordinates of the spectral stimuli, CIE 1931), rounded to 4 decimals.
        let published: [(Int, Double, Double)] = [
            (380, 0.1741, 0.0050), (450, 0.1566, 0.0177), (500, 0.0082, 0.5384), (520, 0.0743, 0.8338),
            (550, 0.3016, 0.6923), (600, 0.6270, 0.3725), (650, 0.7260, 0.2740), (700, 0.7347, 0.2653),
        ]
        for (wavelength, x, y) in published {
            let c = try #require(SpectralLocus.chromaticity(wavelength: wavelength))
            #expect(abs(c.x - x) <= 0.00005 && abs(c.y - y) <= 0.00005, "\(wavelength) nm: \(c)")
        }
        #expect(
            SpectralLocus.chromaticity(wavelength: 359) == nil && SpectralLocus.chromaticity(wavelength: 701) == nil)
    }

    @Test("the points drawn run from 360 to 700 nm, each at least the spacing from the one before")
    func points() throws {
        let points = SpectralLocus.points(spacing: 0.002)
        #expect(points.first?.wavelength == 360 && points.last?.wavelength == 700)
        #expect(zip(points, points.dropFirst()).allSatisfy { $0.wavelength < $1.wavelength })
        for (a, b) in zip(points, points.dropFirst().dropLast()) {
            let step = max(abs(a.chromaticity.x - b.chromaticity.x), abs(a.chromaticity.y - b.chromaticity.y))
            #expect(step >= 0.002, "\(a.wavelength) → \(b.wavelength) nm")
        }
        // Every wavelength within the spacing of a point drawn: none of the locus is left out.
        for wavelength in SpectralLocus.wavelengths {
            let c = try #require(SpectralLocus.chromaticity(wavelength: wavelength))
            let nearest = points.map { max(abs($0.chromaticity.x - c.x), abs($0.chromaticity.y - c.y)) }.min()!
            #expect(nearest < 0.002, "\(wavelength) nm")
        }
    }
}
