#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The EDR headroom-to-headroom curve: the identity below a knee, then a smooth shoulder in stops that maps the
/// content headroom exactly to the display headroom. This is the module's default ("EDR") operator, designed to
/// behave like Apple's CALayer tone mapping as the WWDC 2023 session "Support HDR images in your app" describes it:
/// no change to content the display can show, no discontinuity where it cannot.
///
/// With Hc the content headroom, Hd the display headroom, knee k = Hd·2^(−``shoulderStops``), and in stops
/// u = log2 x, a = log2 k, c = log2 Hc, d = log2 Hd:
///
/// ```
/// f(x) = x                                     x ≤ k
/// f(x) = 2^(a + (d − a)·s(τ)),  τ = (u − a)/(d − a)     k < x < Hc
/// f(x) = Hd                                    x ≥ Hc
/// s(τ) = τ·(1 + τ/τc²)/(1 + τ),  τc = (c − a)/(d − a)
/// ```
///
/// s is the extended-Reinhard shoulder: s(0) = 0, s′(0) = 1, s(τc) = 1 and s′ > 0. Hence f is continuous, strictly
/// increasing on [0, Hc], C¹ on [0, Hc) (at the knee both sides have slope 1, because d(2^v)/dx = (2^v/x)·dv/du and
/// 2^v = x there), maps Hc to exactly Hd, and is the identity up to Hd when Hd ≥ Hc (then it clips at Hd, like
/// ``HardClip``). At Hc itself the slope drops from 2·(Hd/Hc)/(τc(1 + τc)) to 0: only content brighter than its own
/// metadata is clipped. As Hc → Hd the shoulder tends to the identity, so the curve changes continuously while a
/// display's headroom changes. Negative inputs: see ``ToneCurve``.
public struct HeadroomCurve: ToneCurve, Hashable {
    /// The content headroom Hc (peak ÷ reference white), ≥ 1.
    public let contentHeadroom: Double
    /// The display headroom Hd (peak ÷ reference white), > 0.
    public let displayHeadroom: Double
    /// How many stops below the display headroom the shoulder starts (the knee k = Hd·2^(−shoulderStops)).
    public let shoulderStops: Double
    /// How the curve is applied to pixels.
    public let application: ToneCurveApplication

    @usableFromInline let knee: Double
    @usableFromInline let kneeStops: Double
    @usableFromInline let shoulder: RationalShoulder
    @usableFromInline let compresses: Bool

    /// The default shoulder width: 1 stop (the knee sits at half the display headroom).
    public static let defaultShoulderStops = 1.0

    /// Creates the curve.
    ///
    /// - Parameters:
    ///   - contentHeadroom: Hc; values below 1 or non-finite are treated as 1 (SDR content).
    ///   - displayHeadroom: Hd; non-positive or non-finite values are treated as 1.
    ///   - shoulderStops: The shoulder width in stops (> 0; non-positive or non-finite values use the default).
    ///   - application: How the curve is applied to pixels; max(RGB) by default.
    public init(
        contentHeadroom: Double,
        displayHeadroom: Double,
        shoulderStops: Double = HeadroomCurve.defaultShoulderStops,
        application: ToneCurveApplication = .maxRGB
    ) {
        let hc = contentHeadroom.isFinite ? Swift.max(contentHeadroom, 1) : 1
        let hd = displayHeadroom.isFinite && displayHeadroom > 0 ? displayHeadroom : 1
        let width = shoulderStops.isFinite && shoulderStops > 0 ? shoulderStops : Self.defaultShoulderStops
        self.contentHeadroom = hc
        self.displayHeadroom = hd
        self.shoulderStops = width
        self.application = application
        compresses = hc > hd
        knee = hd * exp2(-width)
        kneeStops = log2(hd) - width
        shoulder = RationalShoulder(end: (log2(hc) - kneeStops) / width)
    }

    /// The display headroom Hd: no output exceeds it (``ToneMappingOperator/targetHeadroom``).
    public var targetHeadroom: Double? { displayHeadroom }

    /// The knee k: inputs at or below it are unchanged. Equal to the display headroom when nothing is compressed.
    public var kneePoint: Double { compresses ? knee : displayHeadroom }

    /// The curve in `Double`.
    @inlinable
    public func map(_ value: Double) -> Double {
        if value < 0 { return value }
        if !compresses { return Swift.min(value, displayHeadroom) }
        if value <= knee { return value }
        if value >= contentHeadroom { return displayHeadroom }
        let t = (log2(value) - kneeStops) / shoulderStops
        return exp2(kneeStops + shoulderStops * shoulder(t))
    }

    /// The curve in `Float`.
    @inlinable
    public func map(_ value: Float) -> Float {
        if value < 0 { return value }
        if !compresses { return Swift.min(value, Float(displayHeadroom)) }
        if value <= Float(knee) { return value }
        if value >= Float(contentHeadroom) { return Float(displayHeadroom) }
        let t = (log2f(value) - Float(kneeStops)) / Float(shoulderStops)
        return exp2f(Float(kneeStops) + Float(shoulderStops) * shoulder(t))
    }
}
