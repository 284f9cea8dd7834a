import Foundation
import Testing
import ToneMapping

/// The HDR10+ knee and Bézier curve (SMPTE ST 2094-40 Annex B) against an independent float64 evaluation (de
/// Casteljau's algorithm, not the Bernstein sum the type uses), closed forms, endpoints and monotonicity.
@Suite("HDR10+ Bézier curve")
struct HDR10PlusBezierCurveTests {
    /// The nine anchors of Tests/Fixtures/movies/hdr10plus-curve-scenes.mp4 (units of 1/1023).
    static let anchors = [200.0, 380, 540, 670, 780, 860, 920, 965, 995].map { $0 / 1023 }

    /// De Casteljau's algorithm on P₀ = 0, the anchors, Pₙ = 1: repeated linear interpolation.
    static func deCasteljau(_ anchors: [Double], _ t: Double) -> Double {
        var points = [0] + anchors + [1]
        while points.count > 1 {
            points = zip(points, points.dropFirst()).map { a, b in a + (b - a) * t }
        }
        return points[0]
    }

    /// The curve in cd/m² from the equations, written out here.
    static func reference(
        _ luminance: Double, kneeX: Double, kneeY: Double, anchors: [Double], sceneMaximum: Double, target: Double
    ) -> Double {
        let x = min(max(luminance / sceneMaximum, 0), 1)
        let y =
            x <= kneeX && kneeX > 0
            ? kneeY / kneeX * x : kneeY + (1 - kneeY) * deCasteljau(anchors, (x - kneeX) / (1 - kneeX))
        return y * target
    }

    @Test("Equal to de Casteljau's evaluation at 2000 points, for the fixture's curve and for 1 to 15 anchors")
    func againstReference() {
        var cases: [(Double, Double, [Double])] = [(1024.0 / 4095, 2048.0 / 4095, Self.anchors)]
        for count in 1...15 {
            // Anchors rising as a concave shoulder, each order in turn.
            cases.append(
                (
                    0.1 + 0.02 * Double(count), 0.2 + 0.01 * Double(count),
                    (1...count).map { 1 - pow(1 - Double($0) / Double(count + 1), 2) }
                ))
        }
        for (kx, ky, anchors) in cases {
            let curve = HDR10PlusBezierCurve(
                kneePointX: kx, kneePointY: ky, anchors: anchors, sceneMaximum: 1000, targetPeak: 400,
                referenceWhite: 100)
            for i in 0...2000 {
                let nits = 1200 * Double(i) / 2000
                let expected = Self.reference(
                    nits, kneeX: kx, kneeY: ky, anchors: anchors, sceneMaximum: 1000, target: 400)
                let got = curve.map(nits / 100) * 100
                #expect(abs(got - expected) <= 1e-12 * max(1, expected), "\(anchors.count) anchors at \(nits) cd/m²")
                #expect(abs(curve.map(luminance: nits) - expected) <= 1e-12 * max(1, expected))
            }
        }
    }

    @Test("Closed forms: one anchor is the quadratic 2t(1 − t)P₁ + t²; no anchors and no knee is linear")
    func closedForms() {
        let quadratic = HDR10PlusBezierCurve(
            kneePointX: 0.2, kneePointY: 0.4, anchors: [0.7], sceneMaximum: 2000, targetPeak: 500)
        for x in stride(from: 0.21, through: 0.99, by: 0.01) {
            let t = (x - 0.2) / 0.8
            let y = 0.4 + 0.6 * (2 * t * (1 - t) * 0.7 + t * t)
            #expect(abs(quadratic.normalized(x) - y) < 1e-14)
        }
        let linear = HDR10PlusBezierCurve(
            kneePointX: 0, kneePointY: 0, anchors: [], sceneMaximum: 1000, targetPeak: 250)
        for nits in stride(from: 0.0, through: 1000, by: 12.5) {
            #expect(abs(linear.map(luminance: nits) - nits / 4) < 1e-12)
        }
        #expect(linear.order == 1 && quadratic.order == 2)
    }

    @Test("Endpoints, the knee's continuity, monotone for rising anchors, constant above the scene maximum")
    func shape() {
        let curve = HDR10PlusBezierCurve(
            kneePointX: 1024.0 / 4095, kneePointY: 2048.0 / 4095, anchors: Self.anchors, sceneMaximum: 1000,
            targetPeak: 400)
        #expect(curve.normalized(0) == 0)
        #expect(curve.normalized(1) == 1)
        #expect(curve.map(luminance: 1000) == 400)
        #expect(curve.map(luminance: 5000) == 400)
        #expect(curve.targetHeadroom == 400 / ReferenceWhite.bt2408)
        let knee = curve.kneeX
        #expect(abs(curve.normalized(knee.nextDown) - curve.normalized(knee.nextUp)) < 1e-9)
        var previous = -1.0
        for i in 0...10_000 {
            let y = curve.normalized(Double(i) / 10_000)
            #expect(y >= previous)
            previous = y
        }
        // Negative inputs continue with slope 1 from f(0) = 0; NaN stays NaN.
        #expect(curve.map(-0.5) == -0.5)
        #expect(curve.map(Double.nan).isNaN)
    }

    @Test("Out-of-range parameters are clamped and replaced")
    func clamping() {
        let curve = HDR10PlusBezierCurve(
            kneePointX: 2, kneePointY: -1, anchors: Array(repeating: 1.5, count: 20), sceneMaximum: -3,
            targetPeak: .nan)
        #expect(curve.kneeX == 1 && curve.kneeY == 0)
        #expect(curve.anchors.count == 15 && curve.anchors.allSatisfy { $0 == 1 })
        #expect(curve.sceneMaximum == ContentLuminance.defaultPeakLuminance)
        #expect(curve.targetPeak == curve.sceneMaximum)
    }

    /// The adaptation restated on the full control polygon P[0] … P[N] (P[0] = 0, P[N] = 1), the layout libplacebo's
    /// description uses, not the type's anchors-only one: (Kx, Ky, P) for display D of a curve made for T.
    static func adaptedReference(
        kx: Double, ky: Double, anchors: [Double], m: Double, t: Double, d: Double
    ) -> (Double, Double, [Double]) {
        var (kx, ky) = (kx, ky)
        var p = [0] + anchors + [1]
        let n = Double(p.count - 1)
        func mix(_ a: Double, _ b: Double, _ f: Double) -> Double { a * (1 - f) + b * f }
        func intercept() -> Double { kx <= 0 || ky >= 1 ? 1 / n : min(ky / kx * (1 - kx) / (1 - ky) / n, 1) }
        if d < t {
            let u = d / t
            kx *= u
            ky *= u
            let beta = n * kx / (1 - kx)
            ky = mix(min(kx * m / d, beta / (beta + 1)), ky, u)
            for i in 2..<p.count { p[i] = mix(1, p[i], u) }
            p[1] = mix(intercept(), p[1], u)
        } else if d > t {
            let w = pow(1 - (d - t) / (m - t), 1.4)
            ky = mix(kx * d / m, ky * t / d, w)
            for i in 2..<(p.count - 1) { p[i] = mix(Double(i) / n, p[i], w) }
            p[1] = mix(intercept(), p[1], w)
        }
        return (kx, ky, Array(p[1..<(p.count - 1)]))
    }

    @Test("Adapted to another display: equal to the restated rule for dimmer and brighter displays, 1 to 15 anchors")
    func adaptation() {
        for count in 1...15 {
            let anchors = (1...count).map { 1 - pow(1 - Double($0) / Double(count + 1), 2) }
            for display in [100.0, 203, 400, 600, 999, 1500, 3000] {
                let curve = HDR10PlusBezierCurve.adapted(
                    kneePointX: 0.3, kneePointY: 0.55, anchors: anchors, sceneMaximum: 4000, targetedPeak: 1000,
                    targetPeak: display)
                let (kx, ky, p) = Self.adaptedReference(
                    kx: 0.3, ky: 0.55, anchors: anchors, m: 4000, t: 1000, d: display)
                #expect(abs(curve.kneeX - kx) < 1e-12 && abs(curve.kneeY - ky) < 1e-12, "\(count), \(display)")
                #expect(zip(curve.anchors, p).allSatisfy { abs($0 - $1) < 1e-12 }, "\(count), \(display)")
                #expect(curve.targetPeak == display)
                // Endpoints and monotonicity survive the adaptation.
                #expect(curve.normalized(0) == 0 && curve.normalized(1) == 1)
                var previous = -1.0
                for i in 0...2000 {
                    let y = curve.normalized(Double(i) / 2000)
                    #expect(y >= previous - 1e-15)
                    previous = y
                }
            }
        }
    }

    @Test("Adaptation: none for the targeted display, continuous towards it, none when the display holds the scene")
    func adaptationLimits() {
        let coded = HDR10PlusBezierCurve(
            kneePointX: 0.3, kneePointY: 0.55, anchors: Self.anchors, sceneMaximum: 4000, targetPeak: 1000)
        func adapted(_ display: Double) -> HDR10PlusBezierCurve {
            HDR10PlusBezierCurve.adapted(
                kneePointX: 0.3, kneePointY: 0.55, anchors: Self.anchors, sceneMaximum: 4000, targetedPeak: 1000,
                targetPeak: display)
        }
        #expect(adapted(1000) == coded)
        for display in [1000 * (1 - 1e-9), 1000 * (1 + 1e-9)] {
            let near = adapted(display)
            for i in 0...100 {
                #expect(abs(near.normalized(Double(i) / 100) - coded.normalized(Double(i) / 100)) < 1e-6)
            }
        }
        // A display as bright as the scene needs no curve: the coded one comes back, for the caller to skip.
        #expect(adapted(4000).kneeY == coded.kneeY && adapted(4000).anchors == coded.anchors)
    }
}
