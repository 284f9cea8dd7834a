import ColorSpaces
import Foundation
import TestSupport
import Testing
import TransferFunctions

@Suite("ColorSpace.Conversion")
struct ConversionTests {
    /// ITU-R BT.2408-7 §2.2: HDR reference white 203 cd/m² is PQ 0.5806888810 (reference value from
    /// colour-science 0.4.7's ST 2084 EOTF: 0.5806888810416109 → 203 cd/m²).
    @Test func pqReferenceWhiteIsOne() {
        let linear = ColorSpace.bt2100PQ.decode(SIMD3(repeating: 0.5806888810416109))
        #expect(scaledError(linear, SIMD3(repeating: 1)) <= 1e-12)
        let at100 = ColorSpace.bt2100PQ.decode(
            SIMD3(repeating: 0.508078421517399), options: .init(referenceWhite: 100))  // 100 cd/m²
        #expect(scaledError(at100, SIMD3(repeating: 1)) <= 1e-12)
        let encoded = ColorSpace.bt2100PQ.encode(SIMD3(repeating: 1))
        #expect(scaledError(encoded, SIMD3(repeating: 0.5806888810416109)) <= 1e-13)
    }

    /// ITU-R BT.2408-7 §2.2: HLG 75 % on a 1000 cd/m² display (γ = 1.2, black 0) is 203.152 cd/m²
    /// (E = 0.26496256042100724; 1000·E^1.2).
    @Test func hlgSeventyFivePercentIsReferenceWhite() {
        let linear = ColorSpace.bt2100HLG.decode(SIMD3(repeating: 0.75))
        let expected = 1000 * pow(0.26496256042100724, 1.2) / 203
        #expect(scaledError(linear, SIMD3(repeating: expected)) <= 1e-13)
        #expect(Swift.abs(linear.x * 203 - 203.152) < 5e-4)
        let back = ColorSpace.bt2100HLG.encode(linear)
        #expect(scaledError(back, SIMD3(repeating: 0.75)) <= 1e-13)
    }

    /// colour-science's `RGB_to_RGB` applies each space's own curve: the BT.709 OETF for BT.709 and BT.2020 SDR
    /// (scene light), so the fixture is compared with ``SDRVideoReferral/scene``.
    @Test func referenceConversionsMatchColourScience() throws {
        let rows = try Fixtures.csvRows("color-spaces/conversion.csv")
        let options = ColorSpace.Conversion.Options(sdrVideoReferral: .scene)
        #expect(rows.count >= 100)
        var worst = 0.0
        for row in rows {
            let source = try lookup(row[0], in: colorSpacesByName, fixture: "conversion.csv")
            let destination = try lookup(row[1], in: colorSpacesByName, fixture: "conversion.csv")
            let input = try vector(row[2..<5]), expected = try vector(row[5..<8])
            let output = ColorSpace.Conversion(from: source, to: destination, options: options).apply(input)
            let error = scaledError(output, expected)
            worst = Swift.max(worst, error)
            #expect(error <= 1e-12, "\(source.name) → \(destination.name) \(input): \(output) vs \(expected)")
        }
        #expect(worst <= 1e-12)
    }

    @Test(arguments: ColorSpace.all)
    func roundTripThroughExtendedLinearBT2020(space: ColorSpace) {
        let there = ColorSpace.Conversion(from: space, to: .extendedLinearBT2020)
        let back = ColorSpace.Conversion(from: .extendedLinearBT2020, to: space)
        for rgb in [SIMD3(0.2, 0.5, 0.8), SIMD3(1, 1, 1), SIMD3(0.9, 0.05, 0.3), SIMD3(0.01, 0.02, 0.03)] {
            #expect(scaledError(back.apply(there.apply(rgb)), rgb) <= 1e-10, "\(space.name) \(rgb)")
        }
    }

    @Test func sdrWhiteMapsToReferenceWhiteInHDR() {
        let toPQ = ColorSpace.Conversion(from: .sRGB, to: .bt2100PQ)
        #expect(scaledError(toPQ.apply(SIMD3(repeating: 1)), SIMD3(repeating: 0.5806888810416109)) <= 1e-12)
        let toPQ100 = ColorSpace.Conversion(from: .sRGB, to: .bt2100PQ, options: .init(referenceWhite: 100))
        #expect(scaledError(toPQ100.apply(SIMD3(repeating: 1)), SIMD3(repeating: 0.508078421517399)) <= 1e-12)
    }

    @Test func outOfRangeFollowsEachSpace() {
        let extended = ColorSpace.Conversion(from: .extendedLinearDisplayP3, to: .extendedSRGB)
        let saturated = extended.apply(SIMD3(1, 0, 0))  // P3 red is outside sRGB: negative G, B kept
        #expect(saturated.y < 0 && saturated.z < 0 && saturated.x > 1)
        let clamped = ColorSpace.Conversion(from: .extendedLinearDisplayP3, to: .sRGB).apply(SIMD3(1, 0, 0))
        #expect(scaledError(clamped, SIMD3(1, 0, 0)) <= 1e-15 && clamped.y == 0 && clamped.z == 0)
        let bright = ColorSpace.Conversion(from: .extendedLinearSRGB, to: .extendedLinearDisplayP3)
            .apply(SIMD3(repeating: 4))
        #expect(scaledError(bright, SIMD3(repeating: 4)) <= 1e-14)
        // A clamped source ignores signal beyond 1.
        let fromClamped = ColorSpace.Conversion(from: .sRGB, to: .extendedLinearSRGB).apply(SIMD3(1.5, -0.5, 0.5))
        #expect(fromClamped.x == 1 && fromClamped.y == 0)
    }

    @Test func nanPropagatesAndInfinityDoesNotTrap() {
        for space in ColorSpace.all {
            let toLinear = ColorSpace.Conversion(from: space, to: .extendedLinearBT2020)
            #expect(toLinear.apply(SIMD3(.nan, 0.5, 0.5)).x.isNaN, "\(space.name)")
            let fromLinear = ColorSpace.Conversion(from: .extendedLinearBT2020, to: space)
            #expect(fromLinear.apply(SIMD3(.nan, 0.5, 0.5)).x.isNaN, "\(space.name)")
            _ = fromLinear.apply(SIMD3(.infinity, -.infinity, 0))
            _ = toLinear.apply(SIMD3(.infinity, -.infinity, 0))
        }
    }

    @Test func hlgDisplayP3UsesItsOwnLuminanceWeights() {
        // Achromatic HLG is independent of the weights (they sum to 1): 75 % is reference white in both.
        let p3 = ColorSpace.displayP3HLG.decode(SIMD3(repeating: 0.75))
        let bt2100 = ColorSpace.bt2100HLG.decode(SIMD3(repeating: 0.75))
        #expect(scaledError(p3, bt2100) <= 1e-12)
        let red = ColorSpace.displayP3HLG.decode(SIMD3(0.75, 0, 0))
        let expectedY = RGBPrimaries.displayP3.luminanceCoefficients.x
        // F_D = L_W · Y_S^(γ−1) · E with Y_S = Kr·E for pure red.
        let e = HLG.inverseOETF(0.75)
        #expect(Swift.abs(red.x - 1000 * pow(expectedY * e, 0.2) * e / 203) <= 1e-12)
    }
}

@Suite("ColorSpace.Conversion options")
struct ConversionOptionTests {
    /// BT.2100-2 Table 5: with black lift β the HLG EOTF maps E′ = 0 to exactly L_B (here 0.005 cd/m²), and the
    /// system gamma follows the peak (1.2 at 1000 cd/m²).
    @Test func hlgBlackLevelAndPeak() {
        let options = ColorSpace.Conversion.Options(hlgBlackLuminance: 0.005)
        let black = ColorSpace.bt2100HLG.decode(.zero, options: options)
        #expect(scaledError(black * 203, SIMD3(repeating: 0.005)) <= 1e-15)
        // Signal 1.0 is the peak up to the rounding of a, b, c: OETF⁻¹(1) = 1 − 3.2e-8.
        let top = HLG.inverseOETF(1)
        #expect(Swift.abs(top - 1) < 5e-8)
        let peak = ColorSpace.bt2100HLG.decode(SIMD3(repeating: 1), options: .init(referenceWhite: 100))
        #expect(scaledError(peak, SIMD3(repeating: 10 * pow(top, 1.2))) <= 1e-13)
        let bright = ColorSpace.bt2100HLG.decode(
            SIMD3(repeating: 1), options: .init(referenceWhite: 1, hlgPeakLuminance: 2000))
        let gamma2000 = 1.2 + 0.42 * log10(2.0)  // BT.2100-2 Table 5 note 5
        #expect(scaledError(bright, SIMD3(repeating: 2000 * pow(top, gamma2000))) <= 1e-12)
        let back = ColorSpace.bt2100HLG.encode(SIMD3(repeating: 0.3), options: options)
        #expect(scaledError(ColorSpace.bt2100HLG.decode(back, options: options), SIMD3(repeating: 0.3)) <= 1e-13)
    }

    @Test func clampedPQStopsAtItsPeak() {
        // PQ 1.0 is 10 000 cd/m² = 10 000/203 reference whites; a clamped PQ space ignores signal above 1.
        let peak = ColorSpace.bt2100PQ.decode(SIMD3(repeating: 1.2))
        #expect(scaledError(peak, SIMD3(repeating: 10_000.0 / 203)) <= 1e-13)
        let encoded = ColorSpace.bt2100PQ.encode(SIMD3(100, -1, 0))
        #expect(encoded.x == 1 && encoded.y == encoded.z)  // negative light clamps to 0 → PQ(0) = 7.3e-7
    }

    @Test func adaptationOptionReachesTheGamutMatrix() {
        let bradford = ColorSpace.Conversion(from: .dciP3, to: .extendedLinearDisplayP3)
        let none = ColorSpace.Conversion(
            from: .dciP3, to: .extendedLinearDisplayP3, options: .init(adaptation: .identity))
        #expect(bradford.gamutMatrix == RGBPrimaries.dciP3.conversionMatrix(to: .displayP3))
        #expect(none.gamutMatrix == RGBPrimaries.dciP3.conversionMatrix(to: .displayP3, adaptation: .identity))
        #expect(scaledError(bradford.apply(SIMD3(repeating: 1)), SIMD3(repeating: 1)) <= 1e-14)
        #expect(scaledError(none.apply(SIMD3(repeating: 1)), SIMD3(repeating: 1)) > 0.01)
    }
}
