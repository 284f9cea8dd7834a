import Testing

@testable import HalfFloat

/// Every one of the 65 536 binary16 patterns (IEEE 754-2019 §3.6) through Float and back.
///
/// Rule: a non-NaN half comes back bit for bit (including ±0, subnormals and ±infinity); a NaN half comes back as
/// the same NaN with the quiet bit 0x0200 set (quiet NaNs therefore round-trip exactly).
@Suite("All 65 536 halves round-trip through Float")
struct RoundTripTests {
    static let allHalves: [UInt16] = (0...UInt16.max).map { $0 }

    static func expectedRoundTrip(_ h: UInt16) -> UInt16 {
        h & 0x7C00 == 0x7C00 && h & 0x03FF != 0 ? h | 0x0200 : h
    }

    @Test("Scalar path")
    func scalar() {
        var mismatches = 0
        for h in Self.allHalves where HalfFloat.bits(from: HalfFloat.float(fromBits: h)) != Self.expectedRoundTrip(h) {
            mismatches += 1
        }
        #expect(mismatches == 0)
    }

    @Test("Bulk path, and agreement of bulk with scalar widening")
    func bulk() {
        var floats = [Float](repeating: 0, count: Self.allHalves.count)
        var back = [UInt16](repeating: 0, count: Self.allHalves.count)
        Self.allHalves.withUnsafeBufferPointer { h in
            floats.withUnsafeMutableBufferPointer { HalfFloat.convert(h, to: $0) }
        }
        floats.withUnsafeBufferPointer { f in back.withUnsafeMutableBufferPointer { HalfFloat.convert(f, to: $0) } }
        #expect(back == Self.allHalves.map(Self.expectedRoundTrip))
        #expect(floats.map(\.bitPattern) == Self.allHalves.map { HalfFloat.float(fromBits: $0).bitPattern })
    }

    @Test("Widening matches an independent decoding and the platform's Float(Float16)")
    func wideningValues() {
        var mismatches = 0
        for h in Self.allHalves {
            let value = HalfFloat.float(fromBits: h)
            let magnitude = UInt32(h & 0x7FFF)
            if magnitude >= 0x7C00 {
                let kindMatches = magnitude == 0x7C00 ? value.magnitude == .infinity : value.isNaN
                if !kindMatches || value.sign != (h & 0x8000 != 0 ? .minus : .plus) { mismatches += 1 }
            } else {
                let expected = Float(bitPattern: Samples.floatBitsOfHalf(magnitude) | UInt32(h & 0x8000) << 16)
                if value.bitPattern != expected.bitPattern { mismatches += 1 }
            }
            if HalfFloat.double(fromBits: h).bitPattern != Double(value).bitPattern { mismatches += 1 }
            if var platform = Platform.floatBits(h) {
                if Float(bitPattern: platform).isNaN { platform |= 0x0040_0000 }  // compiler-rt keeps sNaN signalling
                if value.bitPattern != platform { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }
}
