import TransferFunctions

/// The ITU-R BT.2390 EETF (BT.2390-10 §5.4): a Hermite-spline roll-off in the PQ domain from a mastering display's
/// luminance range [L_B, L_W] to a target display's [L_min, L_max], with black-level lift.
///
/// On PQ codes E′ (ST 2084):
/// 1. E1 = (E′ − PQ(L_B))/(PQ(L_W) − PQ(L_B)); minLum, maxLum are PQ(L_min), PQ(L_max) normalised the same way.
/// 2. KS = (1 + o)·maxLum − o with knee offset o = 0.5 (the specification, KS = 1.5·maxLum − 0.5) or 1.0
///    (libplacebo's default, KS = 2·maxLum − 1); clamped to [0, 1].
/// 3. E2 = E1 for E1 < KS, else the Hermite spline P(T), T = (E1 − KS)/(1 − KS):
///    P = (2T³ − 3T² + 1)·KS + (T³ − 2T² + T)·(1 − KS) + (−2T³ + 3T²)·maxLum.
/// 4. E3 = E2 + b·(1 − E2)⁴ with b = minLum (black-level lift); E4 = E3·(PQ(L_W) − PQ(L_B)) + PQ(L_B).
///
/// Inputs are linear light with 1.0 = ``referenceWhite`` cd/m²; E1 is clamped to [0, 1] (below the mastering black
/// everything maps to the target black, above the mastering peak to the target peak). When the target peak is at or
/// above the mastering peak the curve is the identity on [L_B, L_W] (apart from the black lift). The spline meets the
/// identity with slope 1 at KS and ends with slope 0 at E1 = 1, so without black lift the curve is C¹ on (0, ∞).
/// The specification's lift overshoots the target peak slightly (4000 → 1000.237 cd/m² in BT.2390's example), and
/// its slope 1 − 4b(1 − E2)³ turns negative near black when b > 1/4 (a target black above about 2 cd/m² for a
/// 1000 cd/m² master); this type keeps the specification's results. Negative inputs: see ``ToneCurve``.
public struct BT2390EETF: ToneCurve, Hashable {
    /// The mastering (source) display's black, L_B, in cd/m².
    public let sourceBlack: Double
    /// The mastering (source) display's peak, L_W, in cd/m².
    public let sourcePeak: Double
    /// The target display's black, L_min, in cd/m².
    public let targetBlack: Double
    /// The target display's peak, L_max, in cd/m².
    public let targetPeak: Double
    /// The luminance of linear 1.0 in cd/m².
    public let referenceWhite: Double
    /// The knee offset o of KS = (1 + o)·maxLum − o.
    public let kneeOffset: Double
    /// How the curve is applied to pixels.
    public let application: ToneCurveApplication

    /// The knee offset of ITU-R BT.2390 itself: KS = 1.5·maxLum − 0.5.
    public static let specificationKneeOffset = 0.5
    /// libplacebo's default knee offset: KS = 2·maxLum − 1 (an earlier knee and a longer, gentler roll-off).
    public static let libplaceboKneeOffset = 1.0

    @usableFromInline let pqBlack: Double
    @usableFromInline let pqRange: Double
    @usableFromInline let minLum: Double
    @usableFromInline let maxLum: Double
    @usableFromInline let kneeStart: Double

    /// Creates the EETF from absolute luminances in cd/m².
    ///
    /// Non-finite or negative luminances are replaced: blacks by 0, peaks by 1000 cd/m² (source) and the source
    /// peak (target); a source peak not above its black is raised to black + 1 cd/m²; a target peak below the source
    /// black is raised to it (everything then maps to that level) and a target black above the target peak is lowered
    /// to it; the reference white defaults to 203 cd/m² when non-positive.
    public init(
        sourceBlack: Double = 0,
        sourcePeak: Double,
        targetBlack: Double = 0,
        targetPeak: Double,
        referenceWhite: Double = ReferenceWhite.bt2408,
        kneeOffset: Double = BT2390EETF.specificationKneeOffset,
        application: ToneCurveApplication = .maxRGB
    ) {
        func valid(_ v: Double, or fallback: Double) -> Double { v.isFinite && v >= 0 ? v : fallback }
        let lb = valid(sourceBlack, or: 0)
        var lw = valid(sourcePeak, or: ContentLuminance.defaultPeakLuminance)
        if lw <= lb { lw = lb + 1 }
        self.sourceBlack = lb
        self.sourcePeak = lw
        // The spec assumes the target range lies inside the source range's PQ span; keep maxLum ≥ minLum ≥ … ≥ 0
        // so the curve stays finite and monotone for any target.
        let peak = Swift.max(valid(targetPeak, or: lw), lb)
        self.targetPeak = peak
        self.targetBlack = Swift.min(valid(targetBlack, or: 0), peak)
        self.referenceWhite = referenceWhite.isFinite && referenceWhite > 0 ? referenceWhite : ReferenceWhite.bt2408
        self.kneeOffset = kneeOffset.isFinite ? kneeOffset : Self.specificationKneeOffset
        self.application = application
        pqBlack = PQ.inverseEOTF(lb)
        pqRange = PQ.inverseEOTF(lw) - pqBlack
        minLum = (PQ.inverseEOTF(self.targetBlack) - pqBlack) / pqRange
        maxLum = (PQ.inverseEOTF(self.targetPeak) - pqBlack) / pqRange
        kneeStart = Swift.min(Swift.max((1 + self.kneeOffset) * maxLum - self.kneeOffset, 0), 1)
    }

    /// Creates the EETF for EDR headrooms: source [0, Hc·reference white], target [0, Hd·reference white].
    public init(
        contentHeadroom: Double,
        displayHeadroom: Double,
        referenceWhite: Double = ReferenceWhite.bt2408,
        kneeOffset: Double = BT2390EETF.specificationKneeOffset,
        application: ToneCurveApplication = .maxRGB
    ) {
        self.init(
            sourcePeak: contentHeadroom * referenceWhite, targetPeak: displayHeadroom * referenceWhite,
            referenceWhite: referenceWhite, kneeOffset: kneeOffset, application: application)
    }

    /// The target peak ÷ reference white (``ToneMappingOperator/targetHeadroom``); the specification's black lift can
    /// overshoot it slightly, which a conversion's fit removes.
    public var targetHeadroom: Double? { targetPeak / referenceWhite }

    /// KS, the knee in normalised PQ (E1) units.
    public var kneePQ: Double { kneeStart }

    /// The knee as linear light (1.0 = reference white): inputs below it are unchanged (without black lift).
    public var kneePoint: Double { PQ.eotf(kneeStart * pqRange + pqBlack) / referenceWhite }

    /// The EETF on a normalised PQ code E1 (step 3 and the lift of step 4), in normalised units.
    @inlinable
    public func normalizedEETF(_ e1: Double) -> Double {
        let e = Swift.min(Swift.max(e1, 0), 1)
        var e2 = e
        if e >= kneeStart && kneeStart < 1 {
            let t = (e - kneeStart) / (1 - kneeStart)
            let t2 = t * t, t3 = t2 * t
            e2 = (2 * t3 - 3 * t2 + 1) * kneeStart + (t3 - 2 * t2 + t) * (1 - kneeStart) + (-2 * t3 + 3 * t2) * maxLum
        }
        let oneMinus = 1 - e2
        let o2 = oneMinus * oneMinus
        return e2 + minLum * o2 * o2
    }

    /// The EETF on absolute luminance in cd/m².
    @inlinable
    public func map(luminance: Double) -> Double {
        let e1 = (PQ.inverseEOTF(Swift.min(Swift.max(luminance, 0), sourcePeak)) - pqBlack) / pqRange
        return PQ.eotf(normalizedEETF(e1) * pqRange + pqBlack)
    }

    /// The curve on linear light (1.0 = reference white) in `Double`.
    @inlinable
    public func map(_ value: Double) -> Double {
        if value < 0 { return map(luminance: 0) / referenceWhite + value }
        return map(luminance: value * referenceWhite) / referenceWhite
    }

    /// The curve on linear light in `Float` (evaluated in `Double`).
    @inlinable
    public func map(_ value: Float) -> Float {
        Float(map(Double(value)))
    }
}
