/// The extended Reinhard operator (Reinhard et al., "Photographic Tone Reproduction for Digital Images", SIGGRAPH
/// 2002, equation 4), scaled from headroom to headroom.
///
/// L_d = L·(1 + L/L_w²)/(1 + L) maps L_w to 1. Here it runs on x/Hd with L_w = Hc/Hd and the result is scaled back
/// by Hd, so the content headroom Hc maps exactly to the display headroom Hd: f(x) = Hd·R(x/Hd). The slope at 0 is 1
/// and the curve is strictly increasing and smooth on [0, Hc]; it clips at Hd above Hc. Unlike ``HeadroomCurve`` it
/// compresses everything, including mid-tones (f(1) < 1 whenever Hc > Hd). When Hd ≥ Hc it is the identity, clipped
/// at Hd. Negative inputs: see ``ToneCurve``.
public struct ExtendedReinhard: ToneCurve, Hashable {
    /// The content headroom Hc (the input that maps to the output peak), ≥ 1.
    public let contentHeadroom: Double
    /// The display headroom Hd (the output peak), > 0.
    public let displayHeadroom: Double
    /// How the curve is applied to pixels.
    public let application: ToneCurveApplication

    @usableFromInline let shoulder: RationalShoulder
    @usableFromInline let compresses: Bool

    /// Creates the operator. Content headroom below 1 or non-finite counts as 1; display headroom non-positive or
    /// non-finite counts as 1. `application` defaults to max(RGB).
    public init(contentHeadroom: Double, displayHeadroom: Double, application: ToneCurveApplication = .maxRGB) {
        let hc = contentHeadroom.isFinite ? Swift.max(contentHeadroom, 1) : 1
        let hd = displayHeadroom.isFinite && displayHeadroom > 0 ? displayHeadroom : 1
        self.contentHeadroom = hc
        self.displayHeadroom = hd
        self.application = application
        compresses = hc > hd
        shoulder = RationalShoulder(end: hc / hd)
    }

    /// The display headroom Hd, the output peak (``ToneMappingOperator/targetHeadroom``).
    public var targetHeadroom: Double? { displayHeadroom }

    /// The curve in `Double`.
    @inlinable
    public func map(_ value: Double) -> Double {
        if value < 0 { return value }
        if !compresses { return Swift.min(value, displayHeadroom) }
        if value >= contentHeadroom { return displayHeadroom }
        return displayHeadroom * shoulder(value / displayHeadroom)
    }

    /// The curve in `Float`.
    @inlinable
    public func map(_ value: Float) -> Float {
        if value < 0 { return value }
        let hd = Float(displayHeadroom)
        if !compresses { return Swift.min(value, hd) }
        if value >= Float(contentHeadroom) { return hd }
        return hd * shoulder(value / hd)
    }
}
