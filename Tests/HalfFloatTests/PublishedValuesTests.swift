import Testing

@testable import HalfFloat

/// Published binary16 encodings: IEEE 754-2019 §3.6 (binary16: bias 15, 10-bit fraction, emax 15), §4.3.1
/// (roundTiesToEven) and §7.4 (overflow to infinity); values as listed in hdr-math.md §5.
@Suite("Published binary16 values (IEEE 754-2019 §3.6)")
struct PublishedValuesTests {
    /// (value, expected binary16 bits); every value here is exactly representable as a Float.
    static let encodings: [(value: Float, bits: UInt16)] = [
        (65504, 0x7BFF),  // greatest finite
        (0x1p-14, 0x0400),  // least normal
        (0x1p-24, 0x0001),  // least subnormal
        (1.0, 0x3C00),
        (-2.0, 0xC000),
        (0.1, 0x2E66),  // 0.0999755859375
        (Float(1) / 3, 0x3555),
        (-0.0, 0x8000),
        (.infinity, 0x7C00),
        (-.infinity, 0xFC00),
        (65519, 0x7BFF),  // in (65504, 65520): rounds down to 65504
        (65520, 0x7C00),  // halfway to 2¹⁶: ties to even, i.e. overflow
        (-65520, 0xFC00),
        (0x1p-25, 0x0000),  // halfway between 0 and 2⁻²⁴: ties to even (0)
        (Float(0x1p-25).nextUp, 0x0001),
        (3 * 0x1p-25, 0x0002),  // halfway between 1 and 2 subnormal steps: even (2)
        (2049, 0x6800),  // → 2048 (tie, even)
        (2051, 0x6802),  // → 2052 (tie, even)
        (0x1p-14 - 0x1p-25, 0x0400),  // greatest subnormal + half a step: rounds up into the normals
    ]

    @Test("Float → half, scalar and bulk")
    func floatToHalf() {
        for (value, bits) in Self.encodings {
            #expect(HalfFloat.bits(from: value) == bits, "\(value)")
        }
        let values = Self.encodings.map(\.value)
        var output = [UInt16](repeating: 0xFFFF, count: values.count)
        values.withUnsafeBufferPointer { v in output.withUnsafeMutableBufferPointer { HalfFloat.convert(v, to: $0) } }
        #expect(output == Self.encodings.map(\.bits))
    }

    @Test("Double → half, scalar and bulk")
    func doubleToHalf() {
        for (value, bits) in Self.encodings {
            #expect(HalfFloat.bits(from: Double(value)) == bits, "\(value)")
        }
        let values = Self.encodings.map { Double($0.value) }
        var output = [UInt16](repeating: 0xFFFF, count: values.count)
        values.withUnsafeBufferPointer { v in output.withUnsafeMutableBufferPointer { HalfFloat.convert(v, to: $0) } }
        #expect(output == Self.encodings.map(\.bits))
    }

    @Test("Half → Float and Double: exact values")
    func halfToFloat() {
        let exact: [(bits: UInt16, value: Float)] = [
            (0x7BFF, 65504), (0x0400, 0x1p-14), (0x0001, 0x1p-24), (0x03FF, 0x1p-14 - 0x1p-24), (0x3C00, 1),
            (0xC000, -2), (0x2E66, 0.0999755859375), (0x3555, 0.333251953125), (0x7C00, .infinity),
            (0xFC00, -.infinity), (0x0000, 0),
        ]
        for (bits, value) in exact {
            #expect(HalfFloat.float(fromBits: bits) == value, "0x\(String(bits, radix: 16))")
            #expect(HalfFloat.double(fromBits: bits) == Double(value), "0x\(String(bits, radix: 16))")
        }
        #expect(HalfFloat.float(fromBits: 0x8000).bitPattern == 0x8000_0000)  // −0 keeps its sign
        #expect(HalfFloat.float(fromBits: 0x7E00).bitPattern == 0x7FC0_0000)  // quiet NaN
        #expect(HalfFloat.float(fromBits: 0xFE00).bitPattern == 0xFFC0_0000)
        #expect(HalfFloat.greatestFiniteMagnitude == HalfFloat.float(fromBits: HalfFloat.greatestFiniteMagnitudeBits))
        #expect(HalfFloat.leastNormalMagnitude == HalfFloat.float(fromBits: 0x0400))
        #expect(HalfFloat.leastNonzeroMagnitude == HalfFloat.float(fromBits: 0x0001))
        #expect(HalfFloat.float(fromBits: HalfFloat.positiveInfinityBits) == .infinity)
        #expect(HalfFloat.float(fromBits: HalfFloat.quietNaNBits).isNaN)
    }

    @Test("Double → half rounds once: 1 + 2⁻¹¹ + 2⁻³⁰ → 0x3C01 (0x3C00 through Float)")
    func noDoubleRounding() {
        let value: Double = 1 + 0x1p-11 + 0x1p-30
        #expect(HalfFloat.bits(from: value) == 0x3C01)
        #expect(HalfFloat.bits(from: Float(value)) == 0x3C00)  // Float rounds to the tie 1 + 2⁻¹¹ first
        #expect(HalfFloat.bits(from: Double(65520) - 0x1p-30) == 0x7BFF)  // Float would round to 65520 → inf
        #expect(HalfFloat.bits(from: Double(0x1p-25) + 0x1p-60) == 0x0001)  // Float would round to the tie → 0
    }

    @Test("NaNs stay NaN, quiet, with sign and top payload bits")
    func nans() {
        #expect(HalfFloat.bits(from: Float.nan) == 0x7E00)
        #expect(HalfFloat.bits(from: -Float.nan) == 0xFE00)
        #expect(HalfFloat.bits(from: Float(bitPattern: 0x7F80_0001)) == 0x7E00)  // signalling, low payload lost
        #expect(HalfFloat.bits(from: Float(bitPattern: 0xFF80_2000)) == 0xFE01)  // signalling → quiet, payload kept
        #expect(HalfFloat.bits(from: Float(bitPattern: 0x7FFF_FFFF)) == 0x7FFF)
        #expect(HalfFloat.bits(from: Double.nan) == 0x7E00)
        #expect(HalfFloat.bits(from: Double(bitPattern: 0x7FF0_0000_0000_0001)) == 0x7E00)
        #expect(HalfFloat.bits(from: Double(bitPattern: 0xFFF4_0000_0000_0000)) == 0xFF00)
        #expect(HalfFloat.float(fromBits: 0x7C01).bitPattern == 0x7FC0_2000)  // signalling half → quiet Float
        #expect(HalfFloat.float(fromBits: 0xFDFF).bitPattern == 0xFFFF_E000)
    }
}
