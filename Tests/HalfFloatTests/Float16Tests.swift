import Testing

@testable import HalfFloat

#if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))

/// The `Float16` conveniences give the platform's `Float16` values (IEEE 754-2019 §3.6 binary16).
@Suite("Float16 conveniences")
struct Float16Tests {
    @Test("Scalar conveniences match Float16(x) and Float(h)")
    func scalars() throws {
        guard #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) else { return }
        let values: [Float] = [0, -0, 1, -2, 0.1, 65504, 65519, 65520, 0x1p-25, 0x1p-24, 1e-8, .infinity, -.infinity]
        for value in values {
            #expect(HalfFloat.float16(from: value).bitPattern == Float16(value).bitPattern, "\(value)")
            #expect(HalfFloat.float16(from: Double(value)).bitPattern == Float16(Double(value)).bitPattern, "\(value)")
            let h = Float16(value)
            #expect(HalfFloat.float(from: h).bitPattern == Float(h).bitPattern, "\(value)")
        }
        #expect(HalfFloat.float16(from: Float.nan).isNaN && HalfFloat.float(from: Float16.nan).isNaN)
        #expect(HalfFloat.float16(from: 1 + 0x1p-11 + 0x1p-30 as Double).bitPattern == 0x3C01)
    }

    @Test("Buffer conveniences match the bit-pattern forms")
    func buffers() throws {
        guard #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) else { return }
        let values = (0..<37).map { Float($0) * 0.37 - 5 }
        var halves = [Float16](repeating: 0, count: 37)
        values.withUnsafeBufferPointer { v in halves.withUnsafeMutableBufferPointer { HalfFloat.convert(v, to: $0) } }
        #expect(halves.map(\.bitPattern) == values.map { HalfFloat.bits(from: $0) })
        var back = [Float](repeating: 0, count: 37)
        halves.withUnsafeBufferPointer { h in back.withUnsafeMutableBufferPointer { HalfFloat.convert(h, to: $0) } }
        #expect(back == halves.map { Float($0) })
    }
}

#endif
