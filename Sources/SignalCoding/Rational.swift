/// An exact rational number: a signed 64-bit numerator over an unsigned 32-bit denominator.
///
/// One type for the fractions that files and codecs store: ISO 21496-1 gain-map values (an s32 or u32 numerator over
/// a u32 denominator), and the frame rates, time bases and time stamps of FFmpeg's `AVRational` and the containers
/// (30000/1001 frames per second, a time base of 1/90000 s; a time stamp is ticks × the time base's numerator over
/// its denominator, hence the 64-bit numerator).
///
/// The fraction is kept as written (not reduced; ``description`` prints it so), and ``==`` compares values (1/2
/// equals 2/4): compare ``numerator`` and ``denominator`` for the fields as written. A zero denominator means an
/// unknown or invalid value (FFmpeg writes 0/0 for an unknown rate; ISO 21496-1 forbids it).
public struct Rational: Hashable, Sendable, CustomStringConvertible {
    /// The numerator.
    public var numerator: Int64
    /// The denominator; 0 for an unknown or invalid value.
    public var denominator: UInt32

    /// Creates `numerator / denominator`.
    public init(_ numerator: Int64, _ denominator: UInt32) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The value as the nearest `Double` (NaN when the denominator is 0). Both parts convert exactly and the division
    /// rounds once when |numerator| ≤ 2⁵³, so every ISO 21496-1 value and every time stamp below 2⁵³ ticks is the
    /// correctly rounded quotient.
    public var doubleValue: Double { denominator == 0 ? .nan : Double(numerator) / Double(denominator) }

    /// Whether the denominator is non-zero and the value positive.
    public var isPositive: Bool { denominator != 0 && numerator > 0 }

    /// The same value with the smallest denominator (0/1 for zero; unchanged when the denominator is 0).
    public var reduced: Rational {
        guard denominator != 0 else { return self }
        guard numerator != 0 else { return Rational(0, 1) }
        var a = numerator.magnitude
        var b = UInt64(denominator)
        while b != 0 { (a, b) = (b, a % b) }
        // a divides the denominator, so both quotients fit; −2⁶³ over an odd denominator stays as it is.
        guard let n = Int64(exactly: numerator.magnitude / a) else { return self }
        return Rational(numerator < 0 ? -n : n, UInt32(UInt64(denominator) / a))
    }

    /// The reciprocal, `denominator / numerator` with the sign moved to the numerator; an unknown value (denominator
    /// 0) when the numerator is 0 or its magnitude exceeds `UInt32.max`.
    public var reciprocal: Rational {
        let sign: Int64 = numerator < 0 ? -1 : 1
        return Rational(sign * Int64(denominator), UInt32(exactly: numerator.magnitude) ?? 0)
    }

    /// Exact comparison `self ≥ other` by cross-multiplication in 128 bits; nil when a denominator is 0.
    public func isGreaterThanOrEqual(to other: Rational) -> Bool? {
        guard denominator != 0, other.denominator != 0 else { return nil }
        let left = numerator.multipliedFullWidth(by: Int64(other.denominator))
        let right = other.numerator.multipliedFullWidth(by: Int64(denominator))
        return left.high != right.high ? left.high > right.high : left.low >= right.low
    }

    /// `"30000/1001"`, as written.
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

    /// `count` ticks of `timeBase` as an exact number of seconds (reduced), or nil when the product overflows or the
    /// time base's denominator is 0.
    public static func seconds(ticks count: Int64, timeBase: Rational) -> Rational? {
        let (n, o) = count.multipliedReportingOverflow(by: timeBase.numerator)
        guard !o, timeBase.denominator != 0 else { return nil }
        return Rational(n, timeBase.denominator).reduced
    }
}
