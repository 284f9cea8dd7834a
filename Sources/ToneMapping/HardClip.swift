/// Hard clipping at the display headroom: what a `CAMetalLayer` with extended dynamic range does with values above
/// the headroom (WWDC 2023 "Support HDR images in your app"): f(x) = min(x, Hd).
///
/// Continuous and monotone, but not C¹ at Hd: detail above the headroom is lost and a visible edge may appear.
/// Use it when the content is known to fit, or to reproduce Metal's behaviour. Negative inputs pass unchanged.
public struct HardClip: ToneCurve, Hashable {
    /// The display headroom Hd, > 0.
    public let displayHeadroom: Double
    /// How the curve is applied to pixels (per channel by default, as the display does).
    public let application: ToneCurveApplication

    /// Creates the operator. A non-positive or non-finite headroom counts as 1.
    public init(displayHeadroom: Double, application: ToneCurveApplication = .perChannel) {
        self.displayHeadroom = displayHeadroom.isFinite && displayHeadroom > 0 ? displayHeadroom : 1
        self.application = application
    }

    /// The display headroom Hd (``ToneMappingOperator/targetHeadroom``).
    public var targetHeadroom: Double? { displayHeadroom }

    /// min(x, Hd) in `Double`.
    @inlinable
    public func map(_ value: Double) -> Double { value > displayHeadroom ? displayHeadroom : value }

    /// min(x, Hd) in `Float`.
    @inlinable
    public func map(_ value: Float) -> Float {
        let hd = Float(displayHeadroom)
        return value > hd ? hd : value
    }
}
