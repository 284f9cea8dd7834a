#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TransferFunction {
    /// Decodes a signal value to linear light (EOTF or inverse OETF).
    ///
    /// The curve is evaluated in `Double` and the result rounded once to `T`, so a `Float` result is within 1 ulp of
    /// the correctly rounded value.
    ///
    /// - Parameters:
    ///   - signal: The encoded value; nominally in [0, 1].
    ///   - outOfRange: What to do with signals outside [0, 1] (see ``OutOfRangeBehavior``); sign-mirrored extension
    ///     by default.
    /// - Returns: Linear light in the curve's convention (see ``TransferFunction``); NaN for NaN.
    @inlinable
    public func toLinear<T: BinaryFloatingPoint>(_ signal: T, outOfRange: OutOfRangeBehavior = .extended) -> T {
        T(decode(Double(signal), outOfRange))
    }

    /// Encodes linear light to a signal value (OETF or inverse EOTF).
    ///
    /// The curve is evaluated in `Double` and the result rounded once to `T`, so a `Float` result is within 1 ulp of
    /// the correctly rounded value.
    ///
    /// - Parameters:
    ///   - linear: Linear light in the curve's convention (see ``TransferFunction``); nominally in
    ///     [`toLinear(0)`, `toLinear(1)`], which is [0, 1] for most curves.
    ///   - outOfRange: What to do with values outside that range (see ``OutOfRangeBehavior``); sign-mirrored
    ///     extension by default.
    /// - Returns: The encoded signal; NaN for NaN.
    @inlinable
    public func fromLinear<T: BinaryFloatingPoint>(_ linear: T, outOfRange: OutOfRangeBehavior = .extended) -> T {
        T(encode(Double(linear), outOfRange))
    }

    /// Whether `fromLinear(−x) == −fromLinear(x)` and `toLinear(−x) == −toLinear(x)` for every x ≠ 0 under
    /// ``OutOfRangeBehavior/extended``. False for BT.1361 (its own negative branch) and BT.1886 with a black level
    /// (mirrored about its zero of light, V = −b).
    public var isOddExtension: Bool {
        switch self {
        case .bt1361: false
        case .bt1886(_, let black): black == 0
        default: true
        }
    }
}

// MARK: - Range handling

extension TransferFunction {
    /// Whether the formula itself covers negative values (so generic sign-mirroring does not apply).
    @usableFromInline
    var definesNegativeValues: Bool {
        switch self {
        case .iec61966_2_4, .bt1361, .bt1886: true
        default: false
        }
    }

    /// The linear light of signals 0 and 1: the range ``OutOfRangeBehavior/clamped`` clamps linear input to.
    @usableFromInline
    var nominalLinearBounds: (lower: Double, upper: Double) {
        switch self {
        case .bt1886, .st428: (decodeNominal(0), decodeNominal(1))
        default: (0, 1)
        }
    }

    @usableFromInline
    func decode(_ v: Double, _ range: OutOfRangeBehavior) -> Double {
        if v.isNaN { return v }
        switch range {
        case .clamped:
            return decodeNominal(Swift.min(Swift.max(v, 0), 1))
        case .extended:
            if v < 0 && !definesNegativeValues { return -decodeNominal(-v) }
            return decodeNominal(v)
        }
    }

    @usableFromInline
    func encode(_ l: Double, _ range: OutOfRangeBehavior) -> Double {
        if l.isNaN { return l }
        switch range {
        case .clamped:
            let bounds = nominalLinearBounds
            return encodeNominal(Swift.min(Swift.max(l, bounds.lower), bounds.upper))
        case .extended:
            if l < 0 && !definesNegativeValues { return -encodeNominal(-l) }
            return encodeNominal(l)
        }
    }
}

// MARK: - Formulas (non-negative inputs, except where the standard defines negatives)

extension TransferFunction {
    @usableFromInline
    func decodeNominal(_ v: Double) -> Double {
        switch self {
        case .linear:
            return v
        case .srgb:
            return SRGBCurve.decode(v)
        case .gamma(let g):
            return g > 0 && g.isFinite ? pow(v, g) : .nan
        case .bt709:
            return BT709Curve.decode(v, .bt709)
        case .bt2020TwelveBit:
            return BT709Curve.decode(v, .bt2020TwelveBit)
        case .smpte240m:
            return BT709Curve.decode(v, .smpte240M)
        case .bt1886(let white, let black):
            return BT1886Curve.decode(v, white: white, black: black)
        case .log100:
            return LogCurve.decode(v, decades: 2)
        case .log100Sqrt10:
            return LogCurve.decode(v, decades: 2.5)
        case .iec61966_2_4:
            let l = BT709Curve.decode(Swift.abs(v), .bt709)
            return v < 0 ? -l : l
        case .bt1361:
            return BT709Curve.bt1361Decode(v)
        case .st428:
            return ST428Curve.peak * pow(v, ST428Curve.exponent)
        case .pq:
            return PQ.eotfNormalized(v)
        case .hlg:
            return HLG.inverseOETFNominal(v)
        }
    }

    @usableFromInline
    func encodeNominal(_ l: Double) -> Double {
        switch self {
        case .linear:
            return l
        case .srgb:
            return SRGBCurve.encode(l)
        case .gamma(let g):
            return g > 0 && g.isFinite ? pow(l, 1 / g) : .nan
        case .bt709:
            return BT709Curve.encode(l, .bt709)
        case .bt2020TwelveBit:
            return BT709Curve.encode(l, .bt2020TwelveBit)
        case .smpte240m:
            return BT709Curve.encode(l, .smpte240M)
        case .bt1886(let white, let black):
            return BT1886Curve.encode(l, white: white, black: black)
        case .log100:
            return LogCurve.encode(l, decades: 2)
        case .log100Sqrt10:
            return LogCurve.encode(l, decades: 2.5)
        case .iec61966_2_4:
            let v = BT709Curve.encode(Swift.abs(l), .bt709)
            return l < 0 ? -v : v
        case .bt1361:
            return BT709Curve.bt1361Encode(l)
        case .st428:
            return pow(l / ST428Curve.peak, 1 / ST428Curve.exponent)
        case .pq:
            return PQ.inverseEOTFNormalized(l)
        case .hlg:
            return HLG.oetfNominal(l)
        }
    }
}
