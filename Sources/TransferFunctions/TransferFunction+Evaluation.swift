#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TransferFunction {
    /// Decodes a signal value to linear light (EOTF or inverse OETF), evaluated in `Double`.
    ///
    /// - Parameters:
    ///   - signal: The encoded value; nominally in [0, 1].
    ///   - outOfRange: What to do with signals outside [0, 1]; sign-mirrored extension by default.
    /// - Returns: Linear light in the curve's convention (see ``TransferFunction``); NaN for NaN.
    @inlinable
    public func toLinear<T: BinaryFloatingPoint>(_ signal: T, outOfRange: OutOfRangeBehavior = .extended) -> T {
        T(decode(Double(signal), outOfRange))
    }

    /// Encodes linear light to a signal value (OETF or inverse EOTF), evaluated in `Double`.
    ///
    /// - Parameters:
    ///   - linear: Linear light in the curve's convention (see ``TransferFunction``); nominally in [0, 1].
    ///   - outOfRange: What to do with values outside [0, 1]; sign-mirrored extension by default.
    /// - Returns: The encoded signal; NaN for NaN.
    @inlinable
    public func fromLinear<T: BinaryFloatingPoint>(_ linear: T, outOfRange: OutOfRangeBehavior = .extended) -> T {
        T(encode(Double(linear), outOfRange))
    }
}

// MARK: - Range handling

extension TransferFunction {
    /// Whether the standard defines the curve for negative values itself (so mirroring does not apply).
    @usableFromInline
    var definesNegativeValues: Bool {
        switch self {
        case .iec61966_2_4, .bt1361: true
        default: false
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
            return encodeNominal(Swift.min(Swift.max(l, 0), 1))
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
        case .linear: return v
        case .srgb: return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        case .gamma(let g): return pow(v, g)
        case .bt709: return Curves.bt709Decode(v, alpha: Curves.bt709Alpha, beta: Curves.bt709Beta, slope: 4.5)
        case .bt2020TwelveBit: return Curves.bt709Decode(v, alpha: 1.0993, beta: 0.0181, slope: 4.5)
        case .smpte240m: return Curves.bt709Decode(v, alpha: 1.1115, beta: 0.0228, slope: 4.0)
        case .bt1886(let lw, let lb): return Curves.bt1886Decode(v, white: lw, black: lb)
        case .log100: return v <= 0 ? 0 : pow(10, (v - 1) * 2)
        case .log100Sqrt10: return v <= 0 ? 0 : pow(10, (v - 1) * 2.5)
        case .iec61966_2_4:
            let a = Curves.bt709Decode(Swift.abs(v), alpha: Curves.bt709Alpha, beta: Curves.bt709Beta, slope: 4.5)
            return v < 0 ? -a : a
        case .bt1361: return Curves.bt1361Decode(v)
        case .st428: return 52.37 / 48 * pow(v, 2.6)
        case .pq: return PQ.eotfNormalized(v)
        case .hlg: return HLG.inverseOETF(v)
        }
    }

    @usableFromInline
    func encodeNominal(_ l: Double) -> Double {
        switch self {
        case .linear: return l
        case .srgb: return l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
        case .gamma(let g): return pow(l, 1 / g)
        case .bt709: return Curves.bt709Encode(l, alpha: Curves.bt709Alpha, beta: Curves.bt709Beta, slope: 4.5)
        case .bt2020TwelveBit: return Curves.bt709Encode(l, alpha: 1.0993, beta: 0.0181, slope: 4.5)
        case .smpte240m: return Curves.bt709Encode(l, alpha: 1.1115, beta: 0.0228, slope: 4.0)
        case .bt1886(let lw, let lb): return Curves.bt1886Encode(l, white: lw, black: lb)
        case .log100: return l < 0.01 ? 0 : 1 + log10(l) / 2
        case .log100Sqrt10: return l < 0.0031622776601683794 ? 0 : 1 + log10(l) / 2.5
        case .iec61966_2_4:
            let e = Curves.bt709Encode(Swift.abs(l), alpha: Curves.bt709Alpha, beta: Curves.bt709Beta, slope: 4.5)
            return l < 0 ? -e : e
        case .bt1361: return Curves.bt1361Encode(l)
        case .st428: return pow(48 * l / 52.37, 1 / 2.6)
        case .pq: return PQ.inverseEOTFNormalized(l)
        case .hlg: return HLG.oetf(l)
        }
    }
}

/// Shared formulas of the BT.709 family, BT.1886 and BT.1361.
@usableFromInline
enum Curves {
    @usableFromInline static let bt709Alpha = 1.099
    @usableFromInline static let bt709Beta = 0.018

    /// `V = slope·L` below β, else `α·L^0.45 − (α − 1)` (ITU-R BT.709-6 item 1.2, SMPTE ST 240M).
    @usableFromInline
    static func bt709Encode(_ l: Double, alpha: Double, beta: Double, slope: Double) -> Double {
        l < beta ? slope * l : alpha * pow(l, 0.45) - (alpha - 1)
    }

    @usableFromInline
    static func bt709Decode(_ v: Double, alpha: Double, beta: Double, slope: Double) -> Double {
        v < slope * beta ? v / slope : pow((v + alpha - 1) / alpha, 1 / 0.45)
    }

    /// ITU-R BT.1886 Annex 1: `L = a·max(V + b, 0)^2.4`, normalised by the white luminance.
    @usableFromInline
    static func bt1886Decode(_ v: Double, white: Double, black: Double) -> Double {
        let (a, b) = bt1886Coefficients(white: white, black: black)
        return a * pow(Swift.max(v + b, 0), 2.4) / white
    }

    @usableFromInline
    static func bt1886Encode(_ l: Double, white: Double, black: Double) -> Double {
        let (a, b) = bt1886Coefficients(white: white, black: black)
        return pow(Swift.max(l * white / a, 0), 1 / 2.4) - b
    }

    @usableFromInline
    static func bt1886Coefficients(white: Double, black: Double) -> (a: Double, b: Double) {
        let w = pow(white, 1 / 2.4), k = pow(black, 1 / 2.4)
        return (pow(w - k, 2.4), k / (w - k))
    }

    /// ITU-R BT.1361 (H.273 TransferCharacteristics 12), including its negative branch.
    @usableFromInline
    static func bt1361Encode(_ l: Double) -> Double {
        if l >= 0.018 { return bt709Encode(l, alpha: bt709Alpha, beta: bt709Beta, slope: 4.5) }
        if l >= -0.0045 { return 4.5 * l }
        return -(bt709Alpha * pow(-4 * l, 0.45) - (bt709Alpha - 1)) / 4
    }

    @usableFromInline
    static func bt1361Decode(_ v: Double) -> Double {
        if v >= 4.5 * 0.018 { return bt709Decode(v, alpha: bt709Alpha, beta: bt709Beta, slope: 4.5) }
        if v >= -4.5 * 0.0045 { return v / 4.5 }
        return -pow((-4 * v + bt709Alpha - 1) / bt709Alpha, 1 / 0.45) / 4
    }
}
