import Testing
import TransferFunctions

/// ITU-T H.273 (V4, 2021) Table 3, TransferCharacteristics.
@Suite("H.273 TransferCharacteristics")
struct CICPTests {
    static let table: [Int: TransferFunction] = [
        1: .bt709, 4: .gamma(2.2), 5: .gamma(2.8), 6: .bt709, 7: .smpte240m, 8: .linear, 9: .log100,
        10: .log100Sqrt10, 11: .iec61966_2_4, 12: .bt1361, 13: .srgb, 14: .bt709, 15: .bt2020TwelveBit, 16: .pq,
        17: .st428, 18: .hlg,
    ]

    /// Codes 1–18 map to their functions; 2 (unspecified), 0, 3 and 19–255 (reserved) and out-of-range integers
    /// give nil.
    @Test func everyCode() {
        for code in -1...256 {
            #expect(TransferFunction(cicp: code) == Self.table[code], "code \(code)")
        }
        #expect(TransferFunction(cicp: Int.max) == nil)
        #expect(TransferFunction(cicp: Int.min) == nil)
    }

    /// `cicp` inverts `init(cicp:)`; 1, 6 and 14 are one function whose code is 1.
    @Test func roundTrip() {
        for (code, function) in Self.table {
            #expect(function.cicp == ([6, 14].contains(code) ? 1 : code))
            #expect(TransferFunction(cicp: function.cicp!) == function)
        }
    }

    /// Functions H.273 does not code have no code point.
    @Test func uncoded() {
        #expect(TransferFunction.gamma24.cicp == nil)
        #expect(TransferFunction.gamma26.cicp == nil)
        #expect(TransferFunction.adobeRGB.cicp == nil)
        #expect(TransferFunction.bt1886.cicp == nil)
        #expect(TransferFunction.bt1886(whiteLuminance: 1000, blackLuminance: 0.01).cicp == nil)
    }
}
