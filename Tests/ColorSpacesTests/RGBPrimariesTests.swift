import ColorSpaces
import TestSupport
import Testing

@Suite("RGBPrimaries")
struct RGBPrimariesTests {
    /// RGB → XYZ matrices derived from the primaries (ITU-R BT.709-6, SMPTE EG 432-1, ITU-R BT.2020-2 with
    /// SMPTE RP 177-1993), as colour-science 0.4.7 computes them, to 10 decimals.
    @Test(arguments: [
        (
            RGBPrimaries.bt709,
            Matrix3x3(
                SIMD3(0.4123907993, 0.3575843394, 0.1804807884),
                SIMD3(0.2126390059, 0.7151686788, 0.0721923154),
                SIMD3(0.0193308187, 0.1191947798, 0.9505321522))
        ),
        (
            RGBPrimaries.displayP3,
            Matrix3x3(
                SIMD3(0.4865709486, 0.2656676932, 0.1982172852),
                SIMD3(0.2289745641, 0.6917385218, 0.0792869141),
                SIMD3(0, 0.0451133819, 1.0439443689))
        ),
        (
            RGBPrimaries.bt2020,
            Matrix3x3(
                SIMD3(0.6369580483, 0.1446169036, 0.1688809752),
                SIMD3(0.2627002120, 0.6779980715, 0.0593017165),
                SIMD3(0, 0.0280726930, 1.0609850577))
        ),
    ])
    func publishedRGBToXYZ(primaries: RGBPrimaries, expected: Matrix3x3) {
        #expect(primaries.rgbToXYZ.maxAbsoluteDifference(from: expected) <= 1e-9)
        #expect((primaries.xyzToRGB * primaries.rgbToXYZ).isApproximatelyEqual(to: .identity, tolerance: 1e-14))
    }

    /// Gamut conversions between D65 spaces (no adaptation involved), colour-science 0.4.7, to 10 decimals.
    @Test(arguments: [
        (
            RGBPrimaries.bt2020, RGBPrimaries.bt709,
            Matrix3x3(
                SIMD3(1.6604910021, -0.5876411388, -0.0728498633),
                SIMD3(-0.1245504745, 1.1328998971, -0.0083494226),
                SIMD3(-0.0181507634, -0.1005788980, 1.1187296614))
        ),
        (
            RGBPrimaries.bt2020, RGBPrimaries.displayP3,
            Matrix3x3(
                SIMD3(1.3435782526, -0.2821796705, -0.0613985821),
                SIMD3(-0.0652974528, 1.0757879158, -0.0104904631),
                SIMD3(0.0028217873, -0.0195984945, 1.0167767073))
        ),
        (
            RGBPrimaries.bt709, RGBPrimaries.bt2020,
            Matrix3x3(
                SIMD3(0.6274038959, 0.3292830384, 0.0433130657),
                SIMD3(0.0690972894, 0.9195403951, 0.0113623156),
                SIMD3(0.0163914389, 0.0880133079, 0.8955952532))
        ),
    ])
    func publishedGamutConversions(source: RGBPrimaries, destination: RGBPrimaries, expected: Matrix3x3) {
        for adaptation in ChromaticAdaptation.allCases {
            let m = source.conversionMatrix(to: destination, adaptation: adaptation)
            #expect(m.maxAbsoluteDifference(from: expected) <= 1e-9, "\(adaptation)")
        }
    }

    @Test func rgbToXYZMatchesColourScienceForAllPrimaries() throws {
        let rows = try Fixtures.csvRows("color-spaces/rgb_to_xyz.csv")
        #expect(rows.count == RGBPrimaries.all.count - 1)  // all but ST 428-1 XYZ
        for row in rows {
            let primaries = try lookup(row[0], in: primariesByName, fixture: "rgb_to_xyz.csv")
            let expected = try matrix(row[1...])
            #expect(primaries.rgbToXYZ.maxAbsoluteDifference(from: expected) <= 1e-12, "\(primaries.name)")
        }
    }

    @Test func gamutMatricesMatchColourScienceWithBradford() throws {
        let rows = try Fixtures.csvRows("color-spaces/rgb_to_rgb.csv")
        #expect(rows.count >= 60)
        for row in rows {
            let source = try lookup(row[0], in: primariesByName, fixture: "rgb_to_rgb.csv")
            let destination = try lookup(row[1], in: primariesByName, fixture: "rgb_to_rgb.csv")
            let expected = try matrix(row[2...])
            let m = source.conversionMatrix(to: destination)
            #expect(m.maxAbsoluteDifference(from: expected) <= 1e-12, "\(source.name) → \(destination.name)")
        }
    }

    @Test(arguments: RGBPrimaries.all)
    func whiteMapsToY1AndInverseIsExact(primaries: RGBPrimaries) throws {
        #expect(primaries.isValid)
        let m = primaries.rgbToXYZ
        let white = m * SIMD3(repeating: 1)
        #expect(scaledError(white, primaries.white.xyz) <= 1e-15)
        #expect(Swift.abs(primaries.luminanceCoefficients.sum() - 1) <= 1e-15)
        #expect((primaries.xyzToRGB * m).isApproximatelyEqual(to: .identity, tolerance: 1e-13))
        // Each primary's column has the primary's chromaticity.
        for (column, chromaticity) in zip(m.columns, [primaries.red, primaries.green, primaries.blue]) {
            let xy = try #require(Chromaticity(xyz: column))
            #expect(xy.isApproximatelyEqual(to: chromaticity, tolerance: 1e-15))
        }
        #expect(primaries.conversionMatrix(to: primaries) == .identity)
    }

    /// SMPTE ST 428-1 defines the signal as CIE XYZ itself (ITU-T H.273 ColourPrimaries 10): blue at (0, 0).
    @Test func st428PrimariesAreTheIdentity() {
        #expect(RGBPrimaries.xyz.rgbToXYZ.isApproximatelyEqual(to: .identity, tolerance: 1e-15))
        #expect(RGBPrimaries.xyz.luminanceCoefficients == SIMD3(0, 1, 0))
    }

    /// BT.709 luminance coefficients round to the BT.709-6 Table 3 luma weights 0.2126, 0.7152, 0.0722.
    @Test func luminanceCoefficientsRoundToPublishedLumaWeights() {
        let bt709 = RGBPrimaries.bt709.luminanceCoefficients
        #expect(Swift.abs(bt709.x - 0.2126) < 5e-5 && Swift.abs(bt709.y - 0.7152) < 5e-5)
        let bt2020 = RGBPrimaries.bt2020.luminanceCoefficients  // BT.2020-2 Table 4: 0.2627, 0.6780, 0.0593
        #expect(Swift.abs(bt2020.x - 0.2627) < 5e-5 && Swift.abs(bt2020.y - 0.6780) < 5e-5)
    }

    @Test func degeneratePrimariesGiveNaNNotATrap() {
        var collinear = RGBPrimaries.bt709
        collinear.green = Chromaticity(x: 0.395, y: 0.195)  // on the line from red to blue
        #expect(!collinear.isValid)
        #expect(collinear.rgbToXYZ.row0.x.isNaN)
        #expect(collinear.xyzToRGB.row0.x.isNaN)
        var badWhite = RGBPrimaries.bt709
        badWhite.white = WhitePoint(x: 0.3, y: 0, name: "bad")
        #expect(!badWhite.isValid && badWhite.rgbToXYZ.row1.y.isNaN)
        var nanRed = RGBPrimaries.bt709
        nanRed.red.x = .nan
        #expect(!nanRed.isValid)
        #expect(nanRed.conversionMatrix(to: .bt2020).row0.x.isNaN)
    }

    @Test func approximateEqualityUsesStatedXYTolerance() {
        #expect(RGBPrimaries.defaultChromaticityTolerance == 0.001)
        var hdr10 = RGBPrimaries.bt2020
        hdr10.white = WhitePoint(x: 0.31271, y: 0.32902, name: "HDR10 D65")
        hdr10.name = "mastering display"
        #expect(hdr10.isApproximatelyEqual(to: .bt2020))
        #expect(hdr10 != .bt2020)
        #expect(!hdr10.isApproximatelyEqual(to: .bt2020, tolerance: 1e-6))
        var shifted = RGBPrimaries.bt709
        shifted.blue.y += 0.0011
        #expect(!shifted.isApproximatelyEqual(to: .bt709))
        #expect(RGBPrimaries.smpte170M.isApproximatelyEqual(to: .smpte240M))
        #expect(RGBPrimaries.smpte170M != .smpte240M)
    }

    /// Distinct standard colorimetries never compare approximately equal at the default tolerance.
    @Test func distinctStandardPrimariesStayDistinct() {
        for a in RGBPrimaries.all {
            for b in RGBPrimaries.all where !a.hasSameCoordinates(as: b) {
                #expect(!a.isApproximatelyEqual(to: b), "\(a.name) vs \(b.name)")
            }
        }
    }
}
