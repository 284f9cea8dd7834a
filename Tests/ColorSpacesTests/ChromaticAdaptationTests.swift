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

    /// The cone matrices as published; the adaptation matrix is blind to a scaling of a cone matrix's rows, so these
    /// are checked directly.
    @Test func coneMatricesEqualTheirPublishedValues() {
        // Hunt–Pointer–Estévez normalised to D65 (Hunt, The Reproduction of Colour; colour-science CAT_VON_KRIES).
        #expect(
            ChromaticAdaptation.vonKries.coneResponseMatrix
                == Matrix3x3(
                    SIMD3(0.40024, 0.70760, -0.08081), SIMD3(-0.22630, 1.16532, 0.04570), SIMD3(0, 0, 0.91822)))
        // Lam 1985 (Lindbloom, ICC.1 Annex E).
        #expect(
            ChromaticAdaptation.bradford.coneResponseMatrix
                == Matrix3x3(
                    SIMD3(0.8951, 0.2664, -0.1614), SIMD3(-0.7502, 1.7135, 0.0367), SIMD3(0.0389, -0.0685, 1.0296)))
        // CIE 159:2004 CIECAM02.
        #expect(
            ChromaticAdaptation.cat02.coneResponseMatrix
                == Matrix3x3(
                    SIMD3(0.7328, 0.4296, -0.1624), SIMD3(-0.7036, 1.6975, 0.0061), SIMD3(0.0030, 0.0136, 0.9834)))
        // Normalised to D65: the D65 white (0.95047, 1, 1.08883) has cone responses (1, 1, 1) to 4 decimals.
        let d65 = ChromaticAdaptation.vonKries.coneResponseMatrix * SIMD3(0.95047, 1, 1.08883)
        let error = d65 - SIMD3(repeating: 1)
        #expect(Swift.max(abs(error.x), abs(error.y), abs(error.z)) < 3e-4, "\(d65)")
        #expect(ChromaticAdaptation.xyzScaling.coneResponseMatrix == .identity)
    }
}
