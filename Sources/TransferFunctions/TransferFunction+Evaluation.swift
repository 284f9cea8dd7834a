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
            return Curves.srgbDecode(v)
        case .gamma(let g):
            return g > 0 && g.isFinite ? pow(v, g) : .nan
        case .bt709:
            return Curves.bt709Decode(v, alpha: Curves.bt709Alpha, beta: Curves.bt709Beta, slope: 4.5)
        case .bt2020TwelveBit:
            return Curves.bt709Decode(
                v, alpha: Curves.bt2020TwelveBitAlpha, beta: Curves.bt2020TwelveBitBeta, slope: 4.5)
        case .smpte240m:
            return Curves.bt709Decode(v, alpha: Curves.smpte240mAlpha, beta: Curves.smpte240mBeta, slope: 4)
        case .bt1886(let white, let black):
            return Curves.bt1886Decode(v, white: white, black: black)
        case .log100:
            return Curves.logDecode(v, decades: 2)
        case .log100Sqrt10:
            return Curves.logDecode(v, decades: 2.5)
        case .iec61966_2_4:
            let l = Curves.bt709Decode(Swift.abs(v), alpha: Curves.bt709Alpha, beta: Curves.bt709Beta, slope: 4.5)
            return v < 0 ? -l : l
        case .bt1361:
            return Curves.bt1361Decode(v)
        case .st428:
            return Curves.st428Peak * pow(v, Curves.st428Exponent)
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
            return Curves.srgbEncode(l)
        case .gamma(let g):
            return g > 0 && g.isFinite ? pow(l, 1 / g) : .nan
        case .bt709:
            return Curves.bt709Encode(l, alpha: Curves.bt709Alpha, beta: Curves.bt709Beta, slope: 4.5)
        case .bt2020TwelveBit:
            return Curves.bt709Encode(
                l, alpha: Curves.bt2020TwelveBitAlpha, beta: Curves.bt2020TwelveBitBeta, slope: 4.5)
        case .smpte240m:
            return Curves.bt709Encode(l, alpha: Curves.smpte240mAlpha, beta: Curves.smpte240mBeta, slope: 4)
        case .bt1886(let white, let black):
            return Curves.bt1886Encode(l, white: white, black: black)
        case .log100:
            return Curves.logEncode(l, decades: 2)
        case .log100Sqrt10:
            return Curves.logEncode(l, decades: 2.5)
        case .iec61966_2_4:
            let v = Curves.bt709Encode(Swift.abs(l), alpha: Curves.bt709Alpha, beta: Curves.bt709Beta, slope: 4.5)
            return l < 0 ? -v : v
        case .bt1361:
            return Curves.bt1361Encode(l)
        case .st428:
            return pow(l / Curves.st428Peak, 1 / Curves.st428Exponent)
        case .pq:
            return PQ.inverseEOTFNormalized(l)
        case .hlg:
            return HLG.oetfNominal(l)
        }
    }
}
