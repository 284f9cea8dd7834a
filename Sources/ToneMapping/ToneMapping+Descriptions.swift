// Descriptions of the operators as their initialisers read (type and parameters), for plans and logs: a
// `PixelConverter` plan names a `.custom` operator by its `description`.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Short decimal text for descriptions.
enum ParameterText {
    /// Up to six significant digits, without a trailing ".0": 4.92611, 2, 0.0593, 1e-06.
    static func number(_ x: Double) -> String {
        guard x.isFinite, x != 0 else { return x == 0 ? "0" : "\(x)" }
        let exponent = Int(log10(abs(x)).rounded(.down))
        let rounded: Double
        if exponent >= 5 {
            let unit = pow10(exponent - 5)
            rounded = (x / unit).rounded() * unit
        } else {
            let scale = pow10(5 - exponent)
            rounded = (x * scale).rounded() / scale
        }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return "\(rounded)"
    }

    /// `(0.2627, 0.678, 0.0593)`.
    static func vector(_ v: SIMD3<Double>) -> String { "(\(number(v.x)), \(number(v.y)), \(number(v.z)))" }

    private static func pow10(_ n: Int) -> Double {
        var p = 1.0
        for _ in 0..<Swift.min(Swift.max(n, 0), 400) { p *= 10 }
        return p
    }
}

extension ToneCurveApplication: CustomStringConvertible {
    /// `.maxRGB`, `.perChannel`, `.luminance((0.2627, 0.678, 0.0593))`, `.ictcpIntensity(referenceWhite: 203)`.
    public var description: String {
        switch self {
        case .perChannel: ".perChannel"
        case .maxRGB: ".maxRGB"
        case .luminance(let w): ".luminance(\(ParameterText.vector(w)))"
        case .ictcpIntensity(let i): ".ictcpIntensity(referenceWhite: \(ParameterText.number(i.referenceWhite)))"
        }
    }
}

extension HeadroomCurve: CustomStringConvertible {
    /// `HeadroomCurve(contentHeadroom: 4.92611, displayHeadroom: 2, shoulderStops: 1, application: .maxRGB)`.
    public var description: String {
        "HeadroomCurve(contentHeadroom: \(ParameterText.number(contentHeadroom)), displayHeadroom: "
            + "\(ParameterText.number(displayHeadroom)), shoulderStops: \(ParameterText.number(shoulderStops)), "
            + "application: \(application))"
    }
}

extension BT2390EETF: CustomStringConvertible {
    /// `BT2390EETF(sourceBlack: 0, sourcePeak: 1000, targetBlack: 0, targetPeak: 406, referenceWhite: 203, …)`.
    public var description: String {
        "BT2390EETF(sourceBlack: \(ParameterText.number(sourceBlack)), sourcePeak: \(ParameterText.number(sourcePeak)), "
            + "targetBlack: \(ParameterText.number(targetBlack)), targetPeak: \(ParameterText.number(targetPeak)), "
            + "referenceWhite: \(ParameterText.number(referenceWhite)), kneeOffset: \(ParameterText.number(kneeOffset)), "
            + "application: \(application))"
    }
}

extension BT2446MethodA: CustomStringConvertible {
    /// `BT2446MethodA(hdrPeak: 1000, sdrPeak: 100, referenceWhite: 203)`.
    public var description: String {
        "BT2446MethodA(hdrPeak: \(ParameterText.number(hdrPeak)), sdrPeak: \(ParameterText.number(sdrPeak)), "
            + "referenceWhite: \(ParameterText.number(referenceWhite)))"
    }
}

extension ExtendedReinhard: CustomStringConvertible {
    /// `ExtendedReinhard(contentHeadroom: 4.92611, displayHeadroom: 2, application: .maxRGB)`.
    public var description: String {
        "ExtendedReinhard(contentHeadroom: \(ParameterText.number(contentHeadroom)), displayHeadroom: "
            + "\(ParameterText.number(displayHeadroom)), application: \(application))"
    }
}

extension HardClip: CustomStringConvertible {
    /// `HardClip(displayHeadroom: 2, application: .perChannel)`.
    public var description: String {
        "HardClip(displayHeadroom: \(ParameterText.number(displayHeadroom)), application: \(application))"
    }
}

extension TabulatedToneCurve: CustomStringConvertible {
    /// `TabulatedToneCurve(top: 16, targetHeadroom: 2, application: .maxRGB)`.
    public var description: String {
        "TabulatedToneCurve(top: \(ParameterText.number(Double(top))), targetHeadroom: "
            + "\(targetHeadroom.map(ParameterText.number) ?? "nil"), application: \(application))"
    }
}

extension ToneMapper: CustomStringConvertible {
    /// The case and its operator: `.identity`, `.headroom(HeadroomCurve(contentHeadroom: 4.92611, …))`.
    public var description: String {
        switch self {
        case .identity: ".identity"
        case .headroom(let op): ".headroom(\(op))"
        case .bt2390(let op): ".bt2390(\(op))"
        case .bt2446A(let op): ".bt2446A(\(op))"
        case .reinhard(let op): ".reinhard(\(op))"
        case .clip(let op): ".clip(\(op))"
        case .tabulated(let op): ".tabulated(\(op))"
        }
    }
}
