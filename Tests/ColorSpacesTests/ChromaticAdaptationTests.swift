import ColorSpaces
import TestSupport
import Testing

@Suite("ChromaticAdaptation")
struct ChromaticAdaptationTests {
    /// Bruce Lindbloom's Bradford D65 → D50 matrix (brucelindbloom.com, "Chromatic Adaptation"), computed from his
    /// white XYZ D65 (0.95047, 1, 1.08883) and D50 (0.96422, 1, 0.82521), published to 7 decimals.
    @Test func bradfordD65ToD50MatchesLindbloom() throws {
        let d65 = WhitePoint(try #require(Chromaticity(xyz: SIMD3(0.95047, 1, 1.08883))), name: "D65 (Lindbloom)")
        let d50 = WhitePoint(try #require(Chromaticity(xyz: SIMD3(0.96422, 1, 0.82521))), name: "D50 (Lindbloom)")
        let expected = Matrix3x3(
            SIMD3(1.0478112, 0.0228866, -0.0501270),
            SIMD3(0.0295424, 0.9904844, -0.0170491),
            SIMD3(-0.0092345, 0.0150436, 0.7521316))
        let m = ChromaticAdaptation.bradford.matrix(from: d65, to: d50)
        #expect(m.maxAbsoluteDifference(from: expected) <= 5e-8)
    }

    @Test func matricesMatchColourScienceForAllWhitePointPairs() throws {
        let rows = try Fixtures.csvRows("color-spaces/chromatic_adaptation.csv")
        #expect(rows.count == 4 * 30)
        for row in rows {
            let transform = try lookup(row[0], in: adaptationsByName, fixture: "chromatic_adaptation.csv")
            let source = try lookup(row[1], in: whitePointsByName, fixture: "chromatic_adaptation.csv")
            let destination = try lookup(row[2], in: whitePointsByName, fixture: "chromatic_adaptation.csv")
            let expected = try matrix(row[3...])
            let m = transform.matrix(from: source, to: destination)
            #expect(
                m.maxAbsoluteDifference(from: expected) <= 1e-12, "\(transform) \(source.name) → \(destination.name)")
        }
    }

    @Test(arguments: ChromaticAdaptation.allCases)
    func mapsSourceWhiteToDestinationWhite(transform: ChromaticAdaptation) {
        for source in WhitePoint.all {
            for destination in WhitePoint.all {
                let m = transform.matrix(from: source, to: destination)
                let inverse = transform.matrix(from: destination, to: source)
                #expect((inverse * m).isApproximatelyEqual(to: .identity, tolerance: 1e-14))
                if transform == .identity {
                    #expect(m == .identity)
                } else {
                    #expect(scaledError(m * source.xyz, destination.xyz) <= 1e-14)
                }
            }
            #expect(transform.matrix(from: source, to: source) == .identity)
        }
    }

    @Test func adaptationChangesCrossWhiteGamutMatrices() {
        // DCI-P3 → Display P3 differ only in white: Bradford maps DCI white to D65 white (RGB 1,1,1 stays 1,1,1);
        // no adaptation keeps absolute XYZ, so the DCI white is not neutral in Display P3.
        let adapted = RGBPrimaries.dciP3.conversionMatrix(to: .displayP3)
        #expect(scaledError(adapted * SIMD3(repeating: 1), SIMD3(repeating: 1)) <= 1e-14)
        let absolute = RGBPrimaries.dciP3.conversionMatrix(to: .displayP3, adaptation: .identity)
        let white = absolute * SIMD3(repeating: 1)
        #expect(Swift.abs(white.x - white.z) > 0.02)
    }
}
