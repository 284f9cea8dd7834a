#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension HDR10PlusBezierCurve {
    /// The curve of an HDR10+ record made for a display of `targetedPeak` cd/m², adapted to a display of
    /// `targetPeak` cd/m², as libplacebo's `st2094_40` adapts it (ST 2094-40 describes the curve for its targeted
    /// display only; this rule is libplacebo's, restated here).
    ///
    /// With D the display's peak, T the targeted one, M the scene maximum, N the order and
    /// i(Kx, Ky) = min(Ky/Kx·(1 − Kx)/(1 − Ky) ÷ N, 1) (1/N when Kx = 0 or Ky = 1), the slope-matching first anchor:
    /// - D < T (a dimmer display): u = D/T; Kx and Ky scaled by u; then Ky = mix(min(Kx·M/D, β/(β + 1)), Ky, u) with
    ///   β = N·Kx/(1 − Kx) (a knee nearer a clip); P₂ … Pₙ₋₁ = mix(1, Pₖ, u); P₁ = mix(i(Kx, Ky), P₁, u).
    /// - T < D < M (a brighter display): w = (1 − (D − T)/(M − T))^1.4; Ky scaled by T/D, then
    ///   Ky = mix(Kx·D/M, Ky, w) (towards the straight line); Pₖ = mix(k/N, Pₖ, w) for k = 2 … N − 1;
    ///   P₁ = mix(i(Kx, Ky), P₁, w).
    /// - D ≥ M: nothing to compress; the caller should not tone map (the result is the curve for T, unchanged).
    ///
    /// mix(a, b, t) = a + (b − a)·t. The first-anchor rule needs N ≥ 2: a curve without anchors only has its knee
    /// adapted. The parameters are real numbers as in ``init(kneePointX:kneePointY:anchors:sceneMaximum:targetPeak:referenceWhite:application:)``.
    public static func adapted(
        kneePointX: Double, kneePointY: Double, anchors: [Double], sceneMaximum: Double, targetedPeak: Double,
        targetPeak: Double, referenceWhite: Double = ReferenceWhite.bt2408,
        application: ToneCurveApplication = .maxRGB
    ) -> HDR10PlusBezierCurve {
        let coded = HDR10PlusBezierCurve(
            kneePointX: kneePointX, kneePointY: kneePointY, anchors: anchors, sceneMaximum: sceneMaximum,
            targetPeak: targetPeak, referenceWhite: referenceWhite, application: application)
        let d = coded.targetPeak, m = coded.sceneMaximum
        let t = Swift.min(Swift.max(targetedPeak.isFinite ? targetedPeak : d, 0), m)
        guard t > 0, d != t, d < m else { return coded }
        func mix(_ a: Double, _ b: Double, _ f: Double) -> Double { a + (b - a) * f }
        let order = coded.anchors.count + 1
        var kx = coded.kneeX, ky = coded.kneeY
        var points = coded.anchors
        func intercept() -> Double {
            guard kx > 0, ky < 1 else { return 1 / Double(order) }
            return Swift.min(ky / kx * (1 - kx) / (1 - ky) / Double(order), 1)
        }
        if d < t {
            let u = d / t
            kx *= u
            ky *= u
            let beta = Double(order) * kx / (1 - kx)
            ky = mix(Swift.min(kx * m / d, beta / (beta + 1)), ky, u)
            if order >= 2 {
                for k in points.indices.dropFirst() { points[k] = mix(1, points[k], u) }
                points[0] = mix(intercept(), points[0], u)
            }
        } else {
            let w = pow(1 - (d - t) / (m - t), 1.4)
            ky *= t / d
            ky = mix(kx * d / m, ky, w)
            if order >= 2 {
                for k in points.indices.dropFirst() { points[k] = mix(Double(k + 1) / Double(order), points[k], w) }
                points[0] = mix(intercept(), points[0], w)
            }
        }
        return HDR10PlusBezierCurve(
            kneePointX: kx, kneePointY: ky, anchors: points, sceneMaximum: m, targetPeak: d,
            referenceWhite: coded.referenceWhite, application: application)
    }
}
