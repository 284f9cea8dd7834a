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
}
