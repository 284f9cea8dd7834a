/// A tone-mapping operator on linear RGB in the EDR convention: 1.0 = reference (diffuse) white, headroom H =
/// peak ÷ reference white.
///
/// Conforming types are immutable value types: build one per (content, display) pair and reuse it for every pixel
/// and every thread. ``apply(red:green:blue:)`` is the bulk form a pixel-conversion plan runs over planar `Float`
/// rows; ``map(_:)-(SIMD3<Double>)`` is the `Double` reference form the tests compare against.
public protocol ToneMappingOperator: Sendable {
    /// Tone maps one linear RGB pixel (1.0 = reference white) in `Double`.
    func map(_ rgb: SIMD3<Double>) -> SIMD3<Double>

    /// Tone maps planar linear RGB in place (1.0 = reference white).
    ///
    /// The planes may have different counts; the first `min(red.count, green.count, blue.count)` pixels are mapped
    /// and the rest left untouched. No allocation happens per pixel.
    func apply(
        red: UnsafeMutableBufferPointer<Float>, green: UnsafeMutableBufferPointer<Float>,
        blue: UnsafeMutableBufferPointer<Float>)

    /// The headroom this operator maps into (its output peak ÷ reference white), or `nil` when it promises none.
    ///
    /// Declaring one asks a pixel conversion to keep every output component within it: a `PixelConverter` running
    /// the operator as `.custom` fits its output under min(headroom, the destination's peak) after the primaries
    /// conversion, with hue kept (``HeadroomFit``). The default is `nil` (no fit); this module's operators declare
    /// their display headroom (BT.2446 method A: 1), ``ToneMapper/identity`` none.
    var targetHeadroom: Double? { get }
}

extension ToneMappingOperator {
    /// `nil`: the operator promises no output peak.
    public var targetHeadroom: Double? { nil }
}

/// A tone-mapping operator defined by a scalar curve on linear light, applied to pixels as its ``application`` says.
///
/// The curve f is defined on [0, ∞). **Negative inputs** (out-of-gamut components after a gamut conversion, or
/// sub-black noise) continue the curve with slope 1 from its value at zero, `f(x) = f(0) + x` for x < 0: the curve
/// stays continuous and monotone, negative components keep their sign and size for a later gamut mapper, and no
/// input produces NaN. NaN inputs give NaN.
public protocol ToneCurve: ToneMappingOperator {
    /// How the curve is applied to an RGB pixel.
    var application: ToneCurveApplication { get }

    /// The curve on linear light (1.0 = reference white), evaluated in `Double`.
    func map(_ value: Double) -> Double

    /// The curve on linear light (1.0 = reference white), evaluated in (at least) `Float` precision.
    func map(_ value: Float) -> Float
}

/// How a scalar ``ToneCurve`` is applied to an RGB pixel (ITU-R BT.2390 §5.4 lists the choices).
public enum ToneCurveApplication: Hashable, Sendable {
    /// Each of R, G and B separately. Highlights desaturate towards white; hue may shift.
    case perChannel
    /// To m = max(R, G, B); the pixel is scaled by f(m)/m. Keeps hue and saturation, and keeps every component
    /// within the curve's output peak.
    case maxRGB
    /// To the luminance Y = w·RGB with the given weights (the working primaries' `RGBPrimaries.luminanceCoefficients`);
    /// the pixel is scaled by f(Y)/Y. Keeps hue and saturation; saturated highlights may exceed the curve's peak.
    case luminance(SIMD3<Double>)
    /// To the intensity I of ITU-R BT.2100 ICtCp (PQ), with Ct and Cp scaled by min(I/I′, I′/I) as ITU-R BT.2390
    /// §5.4.1 recommends. See ``ICtCpIntensity``.
    case ictcpIntensity(ICtCpIntensity)
}

extension ToneCurveApplication {
    /// Scaling by f(m)/m is used when the driving value m is above this; below, the curve is applied per channel
    /// (keeps the ratio finite and the result continuous near black).
    @usableFromInline
    package static var ratioThreshold: Float { 1e-6 }
}

extension ToneCurve {
    /// Tone maps one pixel according to ``application``.
    @inlinable
    public func map(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        switch application {
        case .perChannel:
            return SIMD3(map(rgb.x), map(rgb.y), map(rgb.z))
        case .maxRGB:
            return scaled(rgb, by: Swift.max(rgb.x, rgb.y, rgb.z))
        case .luminance(let weights):
            return scaled(rgb, by: (rgb * weights).sum())
        case .ictcpIntensity(let ictcp):
            return ictcp.map(rgb) { map($0) }
        }
    }

    @inlinable
    func scaled(_ rgb: SIMD3<Double>, by driver: Double) -> SIMD3<Double> {
        if driver > Double(ToneCurveApplication.ratioThreshold) { return rgb * (map(driver) / driver) }
        return SIMD3(map(rgb.x), map(rgb.y), map(rgb.z))
    }

    /// Scales a pixel by f(driver)/driver, or maps it per channel when the driver is at or below `threshold`.
    @inlinable @inline(__always)
    func scale(_ r: inout Float, _ g: inout Float, _ b: inout Float, by driver: Float, threshold: Float) {
        if driver > threshold {
            let s = map(driver) / driver
            r *= s
            g *= s
            b *= s
        } else {
            r = map(r)
            g = map(g)
            b = map(b)
        }
    }

    /// Tone maps planar `Float` RGB in place according to ``application``; see
    /// ``ToneMappingOperator/apply(red:green:blue:)``.
    @inlinable
    public func apply(
        red: UnsafeMutableBufferPointer<Float>,
        green: UnsafeMutableBufferPointer<Float>,
        blue: UnsafeMutableBufferPointer<Float>
    ) {
        let count = Swift.min(red.count, green.count, blue.count)
        let threshold = ToneCurveApplication.ratioThreshold
        switch application {
        case .perChannel:
            for i in 0..<count {
                red[i] = map(red[i])
                green[i] = map(green[i])
                blue[i] = map(blue[i])
            }
        case .maxRGB:
            for i in 0..<count {
                scale(&red[i], &green[i], &blue[i], by: Swift.max(red[i], green[i], blue[i]), threshold: threshold)
            }
        case .luminance(let weights):
            let wr = Float(weights.x), wg = Float(weights.y), wb = Float(weights.z)
            for i in 0..<count {
                scale(
                    &red[i], &green[i], &blue[i], by: wr * red[i] + wg * green[i] + wb * blue[i], threshold: threshold)
            }
        case .ictcpIntensity(let ictcp):
            for i in 0..<count {
                let out = ictcp.map(SIMD3(Double(red[i]), Double(green[i]), Double(blue[i]))) { map($0) }
                red[i] = Float(out.x)
                green[i] = Float(out.y)
                blue[i] = Float(out.z)
            }
        }
    }
}
