import ColorSpaces
import Testing

@Suite("Chromaticity and WhitePoint")
struct WhitePointTests {
    /// White points as published: D65 per ITU-R BT.709-6 / BT.2020-2 (0.3127, 0.3290); D50 per ISO 22028-2
    /// (0.3457, 0.3585); DCI per SMPTE RP 431-2 (0.314, 0.351); C per ITU-T H.273 Table 2 (0.310, 0.316);
    /// E (1/3, 1/3); ACES per SMPTE ST 2065-1 (0.32168, 0.33767).
    @Test func publishedCoordinates() {
        #expect(WhitePoint.d65.chromaticity == Chromaticity(x: 0.3127, y: 0.3290))
        #expect(WhitePoint.d50.chromaticity == Chromaticity(x: 0.3457, y: 0.3585))
        #expect(WhitePoint.dci.chromaticity == Chromaticity(x: 0.314, y: 0.351))
        #expect(WhitePoint.c.chromaticity == Chromaticity(x: 0.310, y: 0.316))
        #expect(WhitePoint.e.chromaticity == Chromaticity(x: 1.0 / 3, y: 1.0 / 3))
        #expect(WhitePoint.aces.chromaticity == Chromaticity(x: 0.32168, y: 0.33767))
    }

    /// XYZ with Y = 1: D65 (0.3127, 0.3290) → X = 0.95045592705…, Z = 1.08905775075… (x/y, (1 − x − y)/y).
    @Test func tristimulusValuesHaveUnitLuminance() throws {
        let d65 = WhitePoint.d65.xyz
        #expect(d65.y == 1)
        #expect(Swift.abs(d65.x - 0.3127 / 0.3290) <= 1e-16 && Swift.abs(d65.z - 0.3583 / 0.3290) <= 1e-15)
        #expect(scaledError(WhitePoint.e.xyz, SIMD3(1, 1, 1)) <= 1e-15)
        for white in WhitePoint.all {
            let back = try #require(Chromaticity(xyz: white.xyz * 7.5))
            #expect(back.isApproximatelyEqual(to: white.chromaticity, tolerance: 1e-16))
        }
    }

    @Test func degenerateTristimulusValuesHaveNoChromaticity() {
        #expect(Chromaticity(xyz: .zero) == nil)
        #expect(Chromaticity(xyz: SIMD3(1, -1, 0)) == nil)
        #expect(Chromaticity(xyz: SIMD3(.nan, 1, 1)) == nil)
        #expect(Chromaticity(xyz: SIMD3(.infinity, 1, 1)) == nil)
        #expect(Chromaticity(x: 0.3, y: 0).xyz().x.isInfinite)
        #expect(Chromaticity(x: 0, y: 0).xyzDirection == SIMD3(0, 0, 1))
    }

    @Test func approximateEqualityIgnoresNames() {
        let hdr10 = WhitePoint(x: 0.31271, y: 0.32902, name: "HDR10")
        #expect(hdr10.isApproximatelyEqual(to: .d65) && hdr10 != .d65)
        #expect(!WhitePoint.dci.isApproximatelyEqual(to: .d65))
        #expect(!WhitePoint.c.isApproximatelyEqual(to: .d65))
        #expect(Set(WhitePoint.all).count == 6)
    }
}
