import ColorSpaces
import TestSupport
import Testing
import TransferFunctions

@Suite("YCbCrMatrix")
struct YCbCrMatrixTests {
    static let linearMatrices: [YCbCrMatrix] = [
        .identity, .bt601, .bt709, .fcc, .smpte240m, .ycgco, .bt2020NonConstantLuminance,
    ]

    /// Kr, Kb of ITU-T H.273 Table 4 (BT.601-7, BT.709-6, FCC 47 CFR 73.682, SMPTE ST 240M, BT.2020-2).
    @Test func coefficientsArePublishedValues() throws {
        #expect(try #require(YCbCrMatrix.bt601.coefficients) == (0.299, 0.114))
        #expect(try #require(YCbCrMatrix.bt709.coefficients) == (0.2126, 0.0722))
        #expect(try #require(YCbCrMatrix.fcc.coefficients) == (0.30, 0.11))
        #expect(try #require(YCbCrMatrix.smpte240m.coefficients) == (0.212, 0.087))
        #expect(try #require(YCbCrMatrix.bt2020NonConstantLuminance.coefficients) == (0.2627, 0.0593))
        #expect(try #require(YCbCrMatrix.bt2020ConstantLuminance.coefficients) == (0.2627, 0.0593))
        for matrix in [YCbCrMatrix.identity, .ycgco, .ictcpPQ, .ictcpHLG] {
            #expect(matrix.coefficients == nil)
        }
    }

    /// ITU-R BT.709-6 Table 3 item 3.3 rounds the derived equations to Cb = −0.1146R′ − 0.3854G′ + 0.5B′,
    /// Cr = 0.5R′ − 0.4542G′ − 0.0458B′.
    @Test func bt709MatrixMatchesPublishedRoundedRows() throws {
        let m = try #require(YCbCrMatrix.bt709.rgbToYCbCr)
        #expect(
            m.maxAbsoluteDifference(
                from: Matrix3x3(
                    SIMD3(0.2126, 0.7152, 0.0722), SIMD3(-0.1146, -0.3854, 0.5), SIMD3(0.5, -0.4542, -0.0458))) <= 5e-5)
    }

    @Test(arguments: linearMatrices)
    func matricesAreExactInversesAndKeepNominalRanges(matrix: YCbCrMatrix) throws {
        let forward = try #require(matrix.rgbToYCbCr), inverse = try #require(matrix.ycbcrToRGB)
        #expect((inverse * forward).isApproximatelyEqual(to: .identity, tolerance: 1e-15))
        #expect(!matrix.takesLinearRGB)
        // The RGB cube's corners land in Y′ ∈ [0, 1], C ∈ [−0.5, 0.5] (identity: all three in [0, 1]).
        for r in [0.0, 1.0] {
            for g in [0.0, 1.0] {
                for b in [0.0, 1.0] {
                    let ycc = matrix.ycbcr(fromRGB: SIMD3(r, g, b))
                    #expect(ycc.x >= -1e-15 && ycc.x <= 1 + 1e-15)
                    let low = matrix == .identity ? 0.0 : -0.5, high = matrix == .identity ? 1.0 : 0.5
                    for c in [ycc.y, ycc.z] { #expect(c >= low - 1e-15 && c <= high + 1e-15) }
                    #expect(scaledError(matrix.rgb(fromYCbCr: ycc), SIMD3(r, g, b)) <= 1e-15)
                }
            }
        }
        // White is (1, 0, 0) for every colour-difference matrix.
        if matrix != .identity {
            #expect(scaledError(matrix.ycbcr(fromRGB: SIMD3(repeating: 1)), SIMD3(1, 0, 0)) <= 1e-15)
        }
    }

    /// H.273 MatrixCoefficients 0: E′Y = G′, E′PB = B′, E′PR = R′.
    @Test func identityCarriesGBR() {
        #expect(YCbCrMatrix.identity.ycbcr(fromRGB: SIMD3(0.1, 0.2, 0.3)) == SIMD3(0.2, 0.3, 0.1))
        #expect(YCbCrMatrix.identity.rgb(fromYCbCr: SIMD3(0.2, 0.3, 0.1)) == SIMD3(0.1, 0.2, 0.3))
    }

    @Test func matchesColourScience() throws {
        let rows = try Fixtures.csvRows("color-spaces/ycbcr.csv")
        #expect(rows.count >= 150)
        let table: [String: (YCbCrMatrix, TransferFunction)] = [
            "bt601": (.bt601, .bt709), "bt709": (.bt709, .bt709), "fcc": (.fcc, .bt709),
            "smpte240m": (.smpte240m, .bt709), "bt2020NonConstantLuminance": (.bt2020NonConstantLuminance, .bt709),
            "ycgco": (.ycgco, .bt709), "bt2020ConstantLuminance": (.bt2020ConstantLuminance, .bt709),
            "bt2020ConstantLuminance12": (.bt2020ConstantLuminance, .bt2020TwelveBit),
        ]
        for row in rows {
            let (matrix, oetf) = try lookup(row[0], in: table, fixture: "ycbcr.csv")
            let rgb = try vector(row[1..<4]), expected = try vector(row[4..<7])
            let ycc =
                matrix == .bt2020ConstantLuminance
                ? YCbCrMatrix.constantLuminanceYCbCr(fromLinearRGB: rgb, transferFunction: oetf)
                : matrix.ycbcr(fromRGB: rgb)
            #expect(scaledError(ycc, expected) <= 1e-14, "\(row[0]) \(rgb)")
            let back =
                matrix == .bt2020ConstantLuminance
                ? YCbCrMatrix.linearRGB(fromConstantLuminanceYCbCr: ycc, transferFunction: oetf)
                : matrix.rgb(fromYCbCr: ycc)
            #expect(scaledError(back, rgb) <= 1e-12, "\(row[0]) \(rgb) round trip")
        }
    }

    /// ITU-R BT.2020-2 Table 4: the CL divisors and their ranges (½ of each divisor bounds the difference).
    @Test func constantLuminanceUsesSignedDivisors() {
        typealias D = YCbCrMatrix.ConstantLuminanceDivisors
        #expect((D.negativeBlue, D.positiveBlue, D.negativeRed, D.positiveRed) == (1.9404, 1.5816, 1.7184, 0.9936))
        // Pure blue: B′ − Y′c > 0 → ÷ 1.5816; pure yellow (R + G): B′ − Y′c < 0 → ÷ 1.9404.
        let blue = YCbCrMatrix.bt2020ConstantLuminance.ycbcr(fromRGB: SIMD3(0, 0, 1))
        let yc = TransferFunction.bt709.fromLinear(0.0593)
        #expect(Swift.abs(blue.x - yc) <= 1e-15 && Swift.abs(blue.y - (1 - yc) / 1.5816) <= 1e-15)
        let yellow = YCbCrMatrix.bt2020ConstantLuminance.ycbcr(fromRGB: SIMD3(1, 1, 0))
        let ycYellow = TransferFunction.bt709.fromLinear(0.2627 + 0.6780)
        #expect(Swift.abs(yellow.y - (0 - ycYellow) / 1.9404) <= 1e-15)
        // The extremes stay within [−0.5, 0.5]: blue gives C′bc = 0.5 (0.7908 / 1.5816), red C′rc ≈ 0.5.
        let red = YCbCrMatrix.bt2020ConstantLuminance.ycbcr(fromRGB: SIMD3(1, 0, 0))
        #expect(Swift.abs(blue.y - 0.5) < 1e-3 && Swift.abs(red.z - 0.5) < 1e-3)
        #expect(YCbCrMatrix.bt2020ConstantLuminance.takesLinearRGB)
        #expect(YCbCrMatrix.bt2020ConstantLuminance.rgbToYCbCr == nil)
        #expect(YCbCrMatrix.bt2020ConstantLuminance.ycbcrToRGB == nil)
    }

    /// CL and NCL agree on greys (Y′c = Y′ = OETF(L), no chroma) and differ on saturated colours, where CL keeps the
    /// true luminance in Y′c.
    @Test func constantAndNonConstantLuminanceSanity() {
        let oetf = TransferFunction.bt709
        for level in [0.0, 0.01, 0.18, 0.5, 1.0] {
            let cl = YCbCrMatrix.bt2020ConstantLuminance.ycbcr(fromRGB: SIMD3(repeating: level))
            let ncl = YCbCrMatrix.bt2020NonConstantLuminance.ycbcr(
                fromRGB: SIMD3(repeating: oetf.fromLinear(level)))
            #expect(scaledError(cl, ncl) <= 1e-15)
            #expect(Swift.abs(cl.y) <= 1e-15 && Swift.abs(cl.z) <= 1e-15)
        }
        let red = SIMD3(1.0, 0, 0)
        let cl = YCbCrMatrix.bt2020ConstantLuminance.ycbcr(fromRGB: red)
        let ncl = YCbCrMatrix.bt2020NonConstantLuminance.ycbcr(fromRGB: red)  // R′G′B′ = (1, 0, 0)
        #expect(Swift.abs(oetf.toLinear(cl.x) - 0.2627) <= 1e-14)
        #expect(Swift.abs(ncl.x - 0.2627) <= 1e-15)  // NCL luma is 0.2627 in the non-linear domain
        #expect(cl.x > ncl.x + 0.2)
    }

    @Test func nanPropagatesWithoutTrapping() {
        for matrix in YCbCrMatrix.allCases {
            let ycc = matrix.ycbcr(fromRGB: SIMD3(.nan, 0.5, 0.5))
            #expect(ycc.x.isNaN || ycc.y.isNaN || ycc.z.isNaN, "\(matrix)")
            _ = matrix.rgb(fromYCbCr: SIMD3(.infinity, -.infinity, .nan))
        }
    }

    @Test("the writers' default matrix: BT.2020 NCL for BT.2020 primaries (and the same coordinates by another name)")
    func writingDefault() {
        #expect(YCbCrMatrix.writingDefault(for: .bt2020) == .bt2020NonConstantLuminance)
        #expect(YCbCrMatrix.writingDefault(for: ColorSpace.bt2100PQ.primaries) == .bt2020NonConstantLuminance)
        #expect(YCbCrMatrix.writingDefault(for: .bt709) == .bt709)
        #expect(YCbCrMatrix.writingDefault(for: .displayP3) == .bt709)
    }
}
