import TransferFunctions

/// A Dolby Vision shot's tone curve from its level 1 metadata (min, avg, max) to a target display, in the manner of
/// SMPTE ST 2094-10 Annex B, followed by the trim pass for that display (``DolbyVisionTrim``, luminance part).
///
/// All in PQ codes (SMPTE ST 2084, 0…1): source anchors x₁ = PQ(min), x₂ = PQ(avg), x₃ = PQ(max); target y₁ = PQ(target
/// black), y₃ = PQ(target peak). The mid anchor's output y₂ follows libplacebo's `st2094_pick_knee` (its default
/// constants, without its smoothstep tuning near the limits): x₂ clamped to [x₁ + 0.1(x₃ − x₁), x₁ + 0.8(x₃ − x₁)];
/// a = y₁ + (y₃ − y₁)·(x₂ − x₁)/(x₃ − x₁) (the same relative place on the target); y₂ = x₂ + 0.4·(a − x₂) (60 % of
/// the way kept at the source's absolute brightness), clamped to [y₁ + 0.1(y₃ − y₁), y₁ + 0.8(y₃ − y₁)]. The base
/// curve is ST 2094-10's rational function y = (c₁ + c₂x)/(1 + c₃x) through the three anchors on [x₁, x₃] (a Möbius
/// map: monotone between increasing anchors), the straight line from (0, 0) to (x₁, y₁) below x₁, y₃ above x₃.
/// When the shot's peak fits the target (x₃ ≤ y₃) the base curve is the identity.
///
/// Then the trim: v = (y − y₁)/(y₃ − y₁), v′ = clamp(v·slope + offset, 0, 1)^power, y′ = y₁ + v′(y₃ − y₁) (for a shot
/// that fits, v is clamped to [0, 1] first, so the target's peak bounds the output). The output luminance is
/// PQ⁻¹(y′). Inputs are linear light with 1.0 = ``referenceWhite`` cd/m². Negative inputs: see ``ToneCurve``.
public struct DolbyVisionToneCurve: ToneCurve, Hashable {
    /// The shot's minimum luminance (level 1 min_pq), cd/m².
    public let sourceMinimum: Double
    /// The shot's average luminance (level 1 avg_pq), cd/m², within [minimum, maximum].
    public let sourceAverage: Double
    /// The shot's maximum luminance (level 1 max_pq), cd/m².
    public let sourceMaximum: Double
    /// The target display's black, cd/m² (below half its peak).
    public let targetBlack: Double
    /// The target display's peak, cd/m².
    public let targetPeak: Double
    /// The trim pass for the target display, nil for none.
    public let trim: DolbyVisionTrim?
    /// The luminance of linear 1.0 in cd/m².
    public let referenceWhite: Double
    /// How the curve is applied to pixels.
    public let application: ToneCurveApplication

    /// The source anchors x₁, x₂, x₃ as PQ values (0…1).
    public let sourceAnchors: SIMD3<Double>
    /// The target anchors y₁, y₂, y₃ as PQ values (0…1).
    public let targetAnchors: SIMD3<Double>
    /// c₁, c₂, c₃ of y = (c₁ + c₂x)/(1 + c₃x); (0, 1, 0) for the identity.
    @usableFromInline let coefficients: SIMD3<Double>
    @usableFromInline let identity: Bool

    /// Creates the curve from luminances in cd/m².
    ///
    /// Non-finite or negative values are replaced: the minimum by 0, the maximum by 1000 cd/m², the target peak by the
    /// maximum, the target black by 0; the average is kept inside (minimum, maximum) and the target black below
    /// its peak.
    public init(
        sourceMinimum: Double, sourceAverage: Double, sourceMaximum: Double, targetBlack: Double = 0,
        targetPeak: Double, trim: DolbyVisionTrim? = nil, referenceWhite: Double = ReferenceWhite.bt2408,
        application: ToneCurveApplication = .maxRGB
    ) {
        func valid(_ v: Double, or fallback: Double) -> Double { v.isFinite && v >= 0 ? v : fallback }
        let maximum = Swift.max(valid(sourceMaximum, or: ContentLuminance.defaultPeakLuminance), 0.01)
        let minimum = Swift.min(valid(sourceMinimum, or: 0), maximum / 2)
        let peak = Swift.max(valid(targetPeak, or: maximum), 0.01)
        self.sourceMinimum = minimum
        self.sourceMaximum = maximum
        self.sourceAverage = Swift.min(Swift.max(valid(sourceAverage, or: minimum), minimum), maximum)
        self.targetPeak = peak
        self.targetBlack = Swift.min(valid(targetBlack, or: 0), peak / 2)
        self.trim = trim
        self.referenceWhite = referenceWhite.isFinite && referenceWhite > 0 ? referenceWhite : ReferenceWhite.bt2408
        self.application = application

        let x1 = PQ.inverseEOTF(minimum), x3 = PQ.inverseEOTF(maximum)
        let y1 = PQ.inverseEOTF(self.targetBlack), y3 = PQ.inverseEOTF(peak)
        let x2 = Swift.min(Swift.max(PQ.inverseEOTF(self.sourceAverage), x1 + 0.1 * (x3 - x1)), x1 + 0.8 * (x3 - x1))
        let adapted = y1 + (y3 - y1) * (x2 - x1) / (x3 - x1)
        let y2 = Swift.min(Swift.max(x2 + 0.4 * (adapted - x2), y1 + 0.1 * (y3 - y1)), y1 + 0.8 * (y3 - y1))
        sourceAnchors = SIMD3(x1, x2, x3)
        targetAnchors = SIMD3(y1, y2, y3)
        identity = x3 <= y3
        // y(1 + c₃x) = c₁ + c₂x at the three anchors: a 3×3 linear system, solved by Cramer's rule.
        let d = x3 * y3 * (x1 - x2) + x2 * y2 * (x3 - x1) + x1 * y1 * (x2 - x3)
        let c1 = (x2 * x3 * (y2 - y3) * y1 + x1 * x3 * (y3 - y1) * y2 + x1 * x2 * (y1 - y2) * y3) / d
        let c2 = ((x3 * y3 - x2 * y2) * y1 + (x1 * y1 - x3 * y3) * y2 + (x2 * y2 - x1 * y1) * y3) / d
        let c3 = ((x3 - x2) * y1 + (x1 - x3) * y2 + (x2 - x1) * y3) / d
        coefficients = identity || !d.isFinite || d == 0 ? SIMD3(0, 1, 0) : SIMD3(c1, c2, c3)
    }

    /// The target peak ÷ reference white (``ToneMappingOperator/targetHeadroom``).
    public var targetHeadroom: Double? { targetPeak / referenceWhite }

    /// The base curve and the trim on a PQ value (0…1), in PQ.
    @inlinable
    public func mapPQ(_ x: Double) -> Double {
        let y1 = targetAnchors.x, y3 = targetAnchors.z
        var y: Double
        if identity {
            y = Swift.min(x, y3)
        } else if x <= sourceAnchors.x {
            y = sourceAnchors.x > 0 ? y1 * Swift.max(x, 0) / sourceAnchors.x : y1
        } else if x >= sourceAnchors.z {
            y = y3
        } else {
            y = (coefficients.x + coefficients.y * x) / (1 + coefficients.z * x)
            y = Swift.min(Swift.max(y, y1), y3)
        }
        guard let trim else { return y }
        let range = y3 - y1
        let v = Swift.min(Swift.max((y - y1) / range, 0), 1)
        return y1 + trim.apply(v) * range
    }

    /// The curve on absolute luminance in cd/m².
    @inlinable
    public func map(luminance: Double) -> Double {
        PQ.eotf(mapPQ(PQ.inverseEOTF(Swift.max(luminance, 0))))
    }

    /// The curve on linear light (1.0 = reference white) in `Double`.
    @inlinable
    public func map(_ value: Double) -> Double {
        if value.isNaN { return value }
        if value < 0 { return map(luminance: 0) / referenceWhite + value }
        return map(luminance: value * referenceWhite) / referenceWhite
    }

    /// The curve on linear light in `Float` (evaluated in `Double`).
    @inlinable
    public func map(_ value: Float) -> Float {
        Float(map(Double(value)))
    }
}
