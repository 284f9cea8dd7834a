/// Distance measures used by accuracy tests.
public enum Distance {
    /// The number of representable `Float` values between `a` and `b` (0 when equal, including ±0).
    /// NaN against NaN is 0; NaN against a number is `UInt32.max`.
    public static func ulps(_ a: Float, _ b: Float) -> UInt32 {
        if a.isNaN || b.isNaN { return a.isNaN && b.isNaN ? 0 : .max }
        if a == b { return 0 }
        let ia = orderedBits(a), ib = orderedBits(b)
        return UInt32(clamping: ia > ib ? Int64(ia) - Int64(ib) : Int64(ib) - Int64(ia))
    }

    /// Relative error |a − b| / |b|, or the absolute error when |b| is below `floor`.
    public static func relative(_ a: Double, _ b: Double, floor: Double = 1e-300) -> Double {
        if a == b { return 0 }
        let d = Swift.abs(a - b)
        return Swift.abs(b) < floor ? d : d / Swift.abs(b)
    }

    /// Maps a float's bits to a signed integer that increases with the value (monotone, −0 == +0).
    private static func orderedBits(_ x: Float) -> Int64 {
        let bits = Int64(Int32(bitPattern: x.bitPattern))
        return bits < 0 ? Int64(Int32.min) - bits : bits
    }
}
