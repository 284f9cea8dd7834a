import ColorSpaces
import TestSupport
import Testing
import TransferFunctions

@Suite("ICtCp")
struct ICtCpTests {
    /// ITU-R BT.2100-2 Table 6 (PQ): RGB = (1000, 0, 0) cd/m² → ICtCp (0.60800245, −0.16494832, 0.4430925)
    /// (colour-science 0.4.7, RGB_to_ICtCp 'ITU-R BT.2100-2 PQ').
    @Test func pqReferenceValue() {
        let ictcp = YCbCrMatrix.ictcpPQ.ycbcr(fromRGB: SIMD3(1000, 0, 0) / PQ.peakLuminance)
        #expect(scaledError(ictcp, SIMD3(0.60800245, -0.16494832, 0.4430925)) <= 5e-9)
        #expect(YCbCrMatrix.ictcpPQ.takesLinearRGB && YCbCrMatrix.ictcpPQ.rgbToYCbCr == nil)
    }

    /// BT.2100-2 Tables 6 and 7 matrices: LMS rows sum to 1 (white stays achromatic), and I = ½(L′ + M′).
    @Test func publishedMatrices() {
        for row in YCbCrMatrix.ictcpRGBToLMS.rows { #expect(Swift.abs(row.sum() - 1) <= 1e-15) }
        #expect(YCbCrMatrix.ictcpPQLMSToICtCp.row0 == SIMD3(0.5, 0.5, 0))
        #expect(YCbCrMatrix.ictcpPQLMSToICtCp.row1 * 4096 == SIMD3(6610, -13613, 7003))
        #expect(YCbCrMatrix.ictcpHLGLMSToICtCp.row2 * 4096 == SIMD3(9500, -9212, -288))
        #expect(
            YCbCrMatrix.ictcpLMSToRGB * YCbCrMatrix.ictcpRGBToLMS == YCbCrMatrix.ictcpLMSToRGB
                * YCbCrMatrix.ictcpRGBToLMS)  // deterministic
        #expect(
            (YCbCrMatrix.ictcpLMSToRGB * YCbCrMatrix.ictcpRGBToLMS)
                .isApproximatelyEqual(to: .identity, tolerance: 1e-15))
        #expect(YCbCrMatrix.ictcpPQ.lmsToICtCp == YCbCrMatrix.ictcpPQLMSToICtCp)
        #expect(YCbCrMatrix.ictcpHLG.lmsToICtCp == YCbCrMatrix.ictcpHLGLMSToICtCp)
        #expect(YCbCrMatrix.bt709.lmsToICtCp == nil && YCbCrMatrix.bt709.ictcpTransferFunction == nil)
    }

    @Test func matchesColourScienceAndRoundTrips() throws {
        let rows = try Fixtures.csvRows("color-spaces/ictcp.csv")
        #expect(rows.count >= 40)
        for row in rows {
            let matrix: YCbCrMatrix = try lookup(
                row[0], in: ["ictcpPQ": .ictcpPQ, "ictcpHLG": .ictcpHLG], fixture: "ictcp.csv")
            let rgb = try vector(row[1..<4]), expected = try vector(row[4..<7])
            let ictcp = matrix.ycbcr(fromRGB: rgb)
            #expect(scaledError(ictcp, expected) <= 1e-12, "\(matrix) \(rgb)")
            #expect(scaledError(matrix.rgb(fromYCbCr: ictcp), rgb) <= 1e-11, "\(matrix) \(rgb) round trip")
        }
    }

    @Test(arguments: [YCbCrMatrix.ictcpPQ, .ictcpHLG])
    func greysHaveNoChroma(matrix: YCbCrMatrix) {
        for level in [0.0, 0.001, 0.0203, 0.1, 1.0] {
            let ictcp = matrix.ycbcr(fromRGB: SIMD3(repeating: level))
            #expect(Swift.abs(ictcp.y) <= 1e-15 && Swift.abs(ictcp.z) <= 1e-15)
        }
        // The I of 203 cd/m² grey under PQ is the PQ signal of 203 cd/m² (BT.2408 reference white).
        if matrix == .ictcpPQ {
            let i = matrix.ycbcr(fromRGB: SIMD3(repeating: 0.0203)).x
            #expect(Swift.abs(i - 0.5806888810416109) <= 1e-13)
        }
    }
}
