/// An ISO 21496-1 rational: a signed 32-bit numerator over an unsigned 32-bit denominator, compared exactly.
public struct GainMapFraction: Hashable, Sendable, CustomStringConvertible {
    /// The numerator (s32 or u32 in the file).
    public var numerator: Int64
    /// The denominator (u32); 0 is invalid.
    public var denominator: UInt32

    /// Creates a fraction.
    public init(_ numerator: Int64, _ denominator: UInt32) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The value, or nil for a zero denominator.
    public var value: Double? { denominator == 0 ? nil : Double(numerator) / Double(denominator) }

    /// Exact comparison `self ≥ other` by cross-multiplication (both products fit in 64 bits); nil when a
    /// denominator is zero.
    public func isGreaterThanOrEqual(to other: GainMapFraction) -> Bool? {
        guard denominator != 0, other.denominator != 0 else { return nil }
        return numerator * Int64(other.denominator) >= other.numerator * Int64(denominator)
    }

    /// `"3/2"`.
    public var description: String { "\(numerator)/\(denominator)" }
}
