#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The HDR10+ tone mapping curve of SMPTE ST 2094-40 (application 4, Annex B): a straight knee, then an N-th order
/// Bézier curve, from a scene's maximum to a target display's peak.
///
/// With x = L ÷ scene maximum (the scene's MaxSCL) and y the output as a fraction of the target display's peak:
/// - y = (Ky ÷ Kx)·x for 0 ≤ x ≤ Kx (the knee's straight part; none when Kx = 0);
/// - y = Ky + (1 − Ky)·B(t), t = (x − Kx) ÷ (1 − Kx), for Kx < x ≤ 1, with the Bernstein polynomial
///   B(t) = Σₖ C(N, k)·tᵏ·(1 − t)ᴺ⁻ᵏ·Pₖ of the anchors P₀ = 0, P₁ … Pₙ₋₁ (the metadata's), Pₙ = 1;
/// - y = 1 above the scene maximum (x > 1).
///
/// The output luminance is y × the target peak. The metadata codes Kx and Ky in units of 1/4095 and the anchors in
/// units of 1/1023 (``init(kneePointX:kneePointY:anchors:sceneMaximum:targetPeak:referenceWhite:application:)``
/// takes them as real numbers in [0, 1]). The curve describes the mapping onto the display the record targets
/// (targeted_system_display_maximum_luminance); applying it to another display is the caller's choice.
/// libplacebo's `st2094_40` evaluates the same polynomial (on its own scale conventions) and adapts the knee and
/// anchors when the display differs from the target; this type applies the curve as coded.
///
/// Inputs are linear light with 1.0 = ``referenceWhite`` cd/m². The curve is continuous at the knee, monotone when
/// the anchors are non-decreasing, 0 at black and the target peak from the scene maximum on. Negative inputs: see
/// ``ToneCurve``.
public struct HDR10PlusBezierCurve: ToneCurve, Hashable {
    /// Kx, the knee's input as a fraction of the scene maximum, in [0, 1].
    public let kneeX: Double
    /// Ky, the knee's output as a fraction of the target peak, in [0, 1].
    public let kneeY: Double
    /// P₁ … Pₙ₋₁ in [0, 1] (0 to 15 of them); N is their count + 1.
    public let anchors: [Double]
    /// The scene maximum (MaxSCL), cd/m²: the input mapped to the target peak.
    public let sceneMaximum: Double
    /// The target display's peak, cd/m².
    public let targetPeak: Double
    /// The luminance of linear 1.0 in cd/m².
    public let referenceWhite: Double
    /// How the curve is applied to pixels.
    public let application: ToneCurveApplication

    /// The Bernstein weights C(N, k)·Pₖ for k = 0 … N (P₀ = 0, Pₙ = 1).
    @usableFromInline let weights: [Double]

    /// Creates the curve from real-valued parameters.
    ///
    /// - Parameters:
    ///   - kneePointX: Kx in [0, 1] (knee_point_x ÷ 4095); clamped.
    ///   - kneePointY: Ky in [0, 1] (knee_point_y ÷ 4095); clamped.
    ///   - anchors: P₁ … Pₙ₋₁ in [0, 1] (bezier_curve_anchors ÷ 1023); clamped, at most 15 kept.
    ///   - sceneMaximum: The scene's MaxSCL in cd/m² (non-positive or non-finite: 1000).
    ///   - targetPeak: The target display's peak in cd/m² (non-positive or non-finite: the scene maximum).
    ///   - referenceWhite: The luminance of linear 1.0 in cd/m² (203 when non-positive).
    ///   - application: How the curve is applied to pixels.
    public init(
        kneePointX: Double, kneePointY: Double, anchors: [Double], sceneMaximum: Double, targetPeak: Double,
        referenceWhite: Double = ReferenceWhite.bt2408, application: ToneCurveApplication = .maxRGB
    ) {
        func unit(_ v: Double) -> Double { v.isFinite ? Swift.min(Swift.max(v, 0), 1) : 0 }
        kneeX = unit(kneePointX)
        kneeY = unit(kneePointY)
        self.anchors = anchors.prefix(15).map(unit)
        let maximum = sceneMaximum.isFinite && sceneMaximum > 0 ? sceneMaximum : ContentLuminance.defaultPeakLuminance
        self.sceneMaximum = maximum
        self.targetPeak = targetPeak.isFinite && targetPeak > 0 ? targetPeak : maximum
        self.referenceWhite = referenceWhite.isFinite && referenceWhite > 0 ? referenceWhite : ReferenceWhite.bt2408
        self.application = application
        let points = [0] + self.anchors + [1]
        let order = points.count - 1
        var binomial = 1.0
        var weights: [Double] = []
        for k in 0...order {
            weights.append(binomial * points[k])
            binomial = binomial * Double(order - k) / Double(k + 1)
        }
        self.weights = weights
    }

    /// N, the Bézier curve's order: the anchors' count + 1.
    public var order: Int { anchors.count + 1 }

    /// The target peak ÷ reference white (``ToneMappingOperator/targetHeadroom``).
    public var targetHeadroom: Double? { targetPeak / referenceWhite }

    /// The curve on the normalised input x = L ÷ ``sceneMaximum``: y as a fraction of the target peak.
    @inlinable
    public func normalized(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        if x <= kneeX { return kneeY / kneeX * x }
        let t = (x - kneeX) / (1 - kneeX)
        let s = 1 - t
        // Σ C(N, k)·Pₖ·tᵏ·sᴺ⁻ᵏ: powers of t rising, of s falling (no overflow or scratch storage).
        let order = weights.count - 1
        var sum = 0.0
        var tPower = 1.0
        for k in 0...order {
            sum += weights[k] * tPower * pow(s, Double(order - k))
            tPower *= t
        }
        return kneeY + (1 - kneeY) * sum
    }

    /// The curve on absolute luminance in cd/m².
    @inlinable
    public func map(luminance: Double) -> Double {
        normalized(luminance / sceneMaximum) * targetPeak
    }

    /// The curve on linear light (1.0 = reference white) in `Double`.
    @inlinable
    public func map(_ value: Double) -> Double {
        if value < 0 { return value }
        if value.isNaN { return value }
        return map(luminance: value * referenceWhite) / referenceWhite
    }

    /// The curve on linear light in `Float` (evaluated in `Double`).
    @inlinable
    public func map(_ value: Float) -> Float {
        Float(map(Double(value)))
    }
}
