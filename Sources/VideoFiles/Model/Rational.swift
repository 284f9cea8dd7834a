/// An exact rational number, as FFmpeg's `AVRational` and the containers store frame rates, time bases and
/// timestamps: e.g. 30000/1001 frames per second, a time base of 1/90000 s.
///
/// The value is kept as written (not reduced); ``==`` compares values (1/2 equals 2/4). A zero denominator means
/// "unknown", as FFmpeg uses 0/0 and 0/1 for unknown rates.
public struct Rational: Hashable, Sendable, CustomStringConvertible {
    /// The numerator.
    public var numerator: Int64
    /// The denominator; 0 for an unknown value.
    public var denominator: Int64

    /// Creates `numerator / denominator`.
    public init(_ numerator: Int64, _ denominator: Int64) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The value as a `Double` (NaN when the denominator is 0).
    public var doubleValue: Double { denominator == 0 ? .nan : Double(numerator) / Double(denominator) }

    /// Whether the denominator is non-zero and the value positive.
    public var isPositive: Bool { denominator != 0 && (numerator > 0) == (denominator > 0) && numerator != 0 }

    /// The same value with the smallest positive denominator (0/1 for zero; unchanged when the denominator is 0).
    public var reduced: Rational {
        guard denominator != 0 else { return self }
        var a = numerator.magnitude
        var b = denominator.magnitude
        while b != 0 { (a, b) = (b, a % b) }
        let sign: Int64 = (numerator < 0) != (denominator < 0) ? -1 : 1
        guard a != 0 else { return Rational(0, 1) }
        guard let n = Int64(exactly: numerator.magnitude / a), let d = Int64(exactly: denominator.magnitude / a)
        else { return self }  // Int64.min over 1: already as reduced as it can be written
        return Rational(sign * n, d)
    }

    /// The reciprocal (denominator / numerator).
    public var reciprocal: Rational { Rational(denominator, numerator) }

    /// `"30000/1001"`.
    public var description: String { "\(numerator)/\(denominator)" }

    public static func == (a: Rational, b: Rational) -> Bool {
        let x = a.reduced
        let y = b.reduced
        return x.numerator == y.numerator && x.denominator == y.denominator
    }

    public func hash(into hasher: inout Hasher) {
        let r = reduced
        hasher.combine(r.numerator)
        hasher.combine(r.denominator)
    }

    /// `count` ticks of `timeBase` as an exact number of seconds (reduced), or `nil` when the product overflows.
    public static func seconds(ticks count: Int64, timeBase: Rational) -> Rational? {
        let (n, o) = count.multipliedReportingOverflow(by: timeBase.numerator)
        guard !o, timeBase.denominator != 0 else { return nil }
        return Rational(n, timeBase.denominator).reduced
    }
}
