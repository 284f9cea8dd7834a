import Testing

@testable import HalfFloat

/// Double → binary16, rounded once (IEEE 754-2019 §5.4.2 formatOf conversion, §4.3.1 roundTiesToEven), against a
/// reference computed another way: find the two finite halves around |x| (with 2¹⁶ standing in for the value
/// after 65504, so that overflow follows §7.4) and compare |x| with their exact midpoint.
@Suite("Double → half against an independent reference")
struct DoubleTests {
    /// Values of the non-negative finite halves 0 … 0x7BFF, then 2¹⁶ in place of infinity.
    static let ladder: [Double] = (0..<0x7C00).map { Double(Float(bitPattern: Samples.floatBitsOfHalf($0))) } + [65536]

    static func reference(_ x: Double) -> UInt16 {
        let sign: UInt16 = x.sign == .minus ? 0x8000 : 0
        let a = x.magnitude
        if a >= 65536 { return sign | 0x7C00 }
        // Binary search for the last ladder value ≤ a.
        var low = 0
        var high = ladder.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if ladder[middle] <= a { low = middle } else { high = middle }
        }
        let midpoint = (ladder[low] + ladder[low + 1]) / 2  // exact: needs 12 significant bits
        let index = a < midpoint ? low : a > midpoint ? low + 1 : (low % 2 == 0 ? low : low + 1)
        return sign | UInt16(index)  // index 0x7C00 is the infinity pattern
    }

    /// Doubles around every half midpoint (the exact tie, ±1 Double ulp — beyond Float's reach, so a detour through
    /// Float would round twice — and ±2⁻³⁰ relative), at every half value, and random doubles of every relevant
    /// exponent, both signs.
    static let sample: [Double] = {
        var values: [Double] = []
        var random = Samples.Generator(seed: 0x444F_5542_4C45)
        for index in 0..<(ladder.count - 1) {
            let low = ladder[index]
            let midpoint = (ladder[index] + ladder[index + 1]) / 2
            values += [
                low, low.nextUp, midpoint, midpoint.nextUp, midpoint.nextDown, midpoint * (1 + 0x1p-30),
                midpoint * (1 - 0x1p-30),
            ]
        }
        for exponent in -30...17 {
            for _ in 0..<2_000 {
                values.append(
                    Double(sign: .plus, exponent: exponent, significand: 1 + Double(random.next() >> 12) * 0x1p-52))
            }
        }
        values += [
            0, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, .infinity, 65520,
            65519.99999999999,
        ]
        return values + values.map { -$0 }
    }()

    @Test("Scalar and bulk paths equal the midpoint reference")
    func againstReference() {
        let sample = Self.sample
        let expected = sample.map(Self.reference)
        #expect(sample.map { HalfFloat.bits(from: $0) } == expected)
        var bulk = [UInt16](repeating: 0, count: sample.count)
        sample.withUnsafeBufferPointer { s in bulk.withUnsafeMutableBufferPointer { HalfFloat.convert(s, to: $0) } }
        #expect(bulk == expected)
    }

    @Test("Scalar path equals the platform's Float16(Double) (compiler-rt __truncdfhf2 here), NaNs included")
    func againstPlatform() throws {
        try #require(Platform.hasFloat16)
        let nans = [
            Double.nan, -.nan, .signalingNaN, Double(bitPattern: 0x7FF0_0000_0000_0001),
            Double(bitPattern: 0xFFFF_FFFF_FFFF_FFFF),
            Double(bitPattern: 0x7FF4_0000_0000_0000), Double(bitPattern: 0x7FF8_0400_0000_0000),
        ]
        let sample = Self.sample + nans
        #expect(sample.map { HalfFloat.bits(from: $0) } == sample.map { Platform.halfBits($0) ?? 0 })
    }

    @Test("Half → Double is exact and agrees with Float widening")
    func widening() {
        var doubles = [Double](repeating: 0, count: 65_536)
        let halves = (0...UInt16.max).map { $0 }
        halves.withUnsafeBufferPointer { h in doubles.withUnsafeMutableBufferPointer { HalfFloat.convert(h, to: $0) } }
        #expect(doubles.map(\.bitPattern) == halves.map { Double(HalfFloat.float(fromBits: $0)).bitPattern })
        #expect(zip(halves, doubles).allSatisfy { h, d in d.isNaN || HalfFloat.bits(from: d) == h })
    }
}
