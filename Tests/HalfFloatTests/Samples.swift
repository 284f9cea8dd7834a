/// Deterministic test inputs for the binary16 conversions.
enum Samples {
    /// SplitMix64 (Steele, Lea & Flood 2014): a small, seedable generator, so every run tests the same values.
    struct Generator: RandomNumberGenerator {
        var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func next32() -> UInt32 { UInt32(truncatingIfNeeded: next() >> 32) }
    }

    /// Float exponents (biased) whose values round to a finite nonzero half or to its neighbours 0 and infinity.
    static let interestingExponents: ClosedRange<UInt32> = 100...145

    /// A dense stratified sample of Float bit patterns (≥ 10⁷), built once:
    /// - every sign × every biased exponent 0 … 255; per exponent, at every bit position p of the fraction, values
    ///   whose low p + 1 bits are exactly the halfway pattern 1 << p (a tie when p is the rounding position) and its
    ///   neighbours (1 << p) ± 1, under random higher bits (both parities), plus uniformly random fractions — many
    ///   more for the exponents that give finite nonzero halves;
    /// - every finite half, its exact midpoint to the next half (the tie case) and ±1, ±2 Float ulps around both;
    /// - sweeps of ±4096 Float ulps around 65504, 65520, 65536, 2⁻¹⁴, 2⁻²⁴ and 2⁻²⁵;
    /// - NaNs: every single-bit payload and random payloads, quiet and signalling, both signs; ±infinity.
    static let stratifiedFloatBits: [UInt32] = {
        var values: [UInt32] = []
        values.reserveCapacity(10_600_000)
        var random = Generator(seed: 0x4841_4C46_4C4F_4154)
        for sign: UInt32 in [0, 0x8000_0000] {
            for exponent: UInt32 in 0...255 {
                let base = sign | exponent << 23
                let dense = interestingExponents.contains(exponent)
                for p: UInt32 in 0..<23 {
                    for _ in 0..<(dense ? 32 : 2) {
                        let upper = p == 22 ? 0 : ((random.next32() & 0x7F_FFFF) >> (p + 1)) << (p + 1)
                        for low: UInt32 in [1 << p, (1 << p) &- 1, (1 << p) &+ 1] {
                            values.append(base | (upper | low) & 0x7F_FFFF)
                        }
                    }
                }
                for _ in 0..<(dense ? 102_000 : 1_000) {
                    values.append(base | random.next32() & 0x7F_FFFF)
                }
            }
            for half in UInt32(0)..<0x7C00 {
                let low = Float(bitPattern: floatBitsOfHalf(half))
                let high = half == 0x7BFF ? 65536 : Float(bitPattern: floatBitsOfHalf(half + 1))
                let midpoint = Float((Double(low) + Double(high)) / 2)
                for center in [low, midpoint] {
                    for offset: Int32 in -2...2 {
                        values.append(sign | UInt32(bitPattern: Int32(bitPattern: center.bitPattern) &+ offset))
                    }
                }
            }
            for center: Float in [65504, 65520, 65536, 0x1p-14, 0x1p-24, 0x1p-25] {
                for offset: Int32 in -4096...4096 {
                    values.append(sign | UInt32(bitPattern: Int32(bitPattern: center.bitPattern) &+ offset))
                }
            }
            values.append(sign | 0x7F80_0000)
            for bit: UInt32 in 0..<23 {
                values.append(sign | 0x7F80_0000 | 1 << bit)
                values.append(sign | 0x7FC0_0000 | 1 << bit)
            }
            for _ in 0..<20_000 {
                let payload = random.next32() & 0x7F_FFFF
                values.append(sign | 0x7F80_0000 | (payload == 0 ? 1 : payload))
            }
        }
        return values
    }()

    /// The Float bit pattern of a non-negative finite half, computed independently of the library: value = m·2⁻²⁴
    /// for subnormals, (1024 + m)·2^(e − 25) otherwise.
    static func floatBitsOfHalf(_ half: UInt32) -> UInt32 {
        let exponent = Int(half >> 10)
        let fraction = Double(half & 0x3FF)
        let value =
            exponent == 0
            ? fraction * 0x1p-24 : (1024 + fraction) * Double(sign: .plus, exponent: exponent - 25, significand: 1)
        return Float(value).bitPattern
    }
}

/// The platform's own conversions through the standard library's `Float16` (compiler-rt at baseline x86-64, F16C
/// instructions when enabled, `fcvt` on ARM), or `nil` where `Float16` does not exist.
enum Platform {
    static func halfBits(_ x: Float) -> UInt16? {
        #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
        if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) { return Float16(x).bitPattern }
        #endif
        return nil
    }

    static func halfBits(_ x: Double) -> UInt16? {
        #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
        if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) { return Float16(x).bitPattern }
        #endif
        return nil
    }

    static func floatBits(_ h: UInt16) -> UInt32? {
        #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
        if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) { return Float(Float16(bitPattern: h)).bitPattern }
        #endif
        return nil
    }

    static var hasFloat16: Bool { halfBits(Float(1)) != nil }
}
