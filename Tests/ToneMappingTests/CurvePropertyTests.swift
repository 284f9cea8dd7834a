import Foundation
import Testing
@testable import ToneMapping

/// Properties every scalar curve claims in its documentation, on dense sweeps: monotone, continuous, C¹ where
/// claimed (finite differences), exact endpoint, identity when the display has enough headroom, no NaN for any
/// finite input, and the negative-input policy f(x) = f(0) + x.
@Suite("Curve properties")
struct CurvePropertyTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let curve: any ToneCurve
        let content: Double
        let display: Double
        /// The curve is C¹ on (c1From, content).
        let c1From: Double
        var testDescription: String { "\(name) \(content)→\(display)" }
    }

    static let pairs: [(Double, Double)] = [
        (1000.0 / 203, 2), (4.926, 1), (10000.0 / 203, 2), (8, 4), (49.26, 16), (1.5, 1.2), (400, 2),
    ]

    static let cases: [Case] = pairs.flatMap { hc, hd in
        [
            Case(
                name: "headroom", curve: HeadroomCurve(contentHeadroom: hc, displayHeadroom: hd), content: hc,
                display: hd, c1From: 0),
            Case(
                name: "headroom ½ stop",
                curve: HeadroomCurve(contentHeadroom: hc, displayHeadroom: hd, shoulderStops: 0.5), content: hc,
                display: hd, c1From: 0),
            Case(
                name: "reinhard", curve: ExtendedReinhard(contentHeadroom: hc, displayHeadroom: hd), content: hc,
                display: hd, c1From: 0),
            Case(
                name: "bt2390", curve: BT2390EETF(contentHeadroom: hc, displayHeadroom: hd), content: hc, display: hd,
                c1From: 1e-4),
            Case(
                name: "bt2390 libplacebo", curve: BT2390EETF(contentHeadroom: hc, displayHeadroom: hd, kneeOffset: 1),
                content: hc, display: hd, c1From: 1e-4),
        ]
    }

    @Test("Monotone non-decreasing and continuous on a dense sweep", arguments: cases)
    func monotoneAndContinuous(_ c: Case) {
        let xs = Sweep.logarithmic(from: 1e-6, to: c.content * 4, count: 20_000)
        var previous = c.curve.map(xs[0]), previousX = xs[0]
        for x in xs.dropFirst() {
            let y = c.curve.map(x)
            #expect(y >= previous - 1e-12 * max(1, y), "not monotone at \(x)")
            // Continuity (indeed 1-Lipschitz: no curve here is steeper than the identity).
            #expect(y - previous <= 1.000001 * (x - previousX) + 1e-12, "jump at \(x)")
            previous = y
            previousX = x
        }
    }

    @Test("C¹ on the content range: left and right difference quotients agree", arguments: cases)
    func c1(_ c: Case) {
        let xs = Sweep.logarithmic(from: max(c.c1From, 1e-3), to: c.content * 0.999, count: 3000).dropFirst()
        for x in xs {
            let h = x * 1e-6
            let left = (c.curve.map(x) - c.curve.map(x - h)) / h
            let right = (c.curve.map(x + h) - c.curve.map(x)) / h
            #expect(abs(left - right) <= 1e-3 * max(1, abs(left)), "slope jumps at \(x): \(left) vs \(right)")
        }
    }

    @Test("Content headroom maps exactly to display headroom", arguments: cases)
    func endpoint(_ c: Case) {
        let y = c.curve.map(c.content)
        #expect(abs(y - c.display) <= 1e-12 * c.display, "f(Hc) = \(y)")
        #expect(c.curve.map(c.content * 10) <= c.display * (1 + 1e-12))
        #expect(abs(Double(c.curve.map(Float(c.content))) - c.display) <= 1e-5 * c.display)
    }

    @Test("No NaN and no infinity for any finite input, Double and Float", arguments: cases)
    func noNaN(_ c: Case) {
        for x in Sweep.extremes {
            let y = c.curve.map(x)
            #expect(y.isFinite, "f(\(x)) = \(y)")
        }
        for x in Sweep.floatExtremes {
            let y = c.curve.map(x)
            #expect(y.isFinite, "f(\(x)) = \(y)")
        }
    }

    @Test("Negative inputs: f(x) = f(0) + x (continuous, monotone, sign kept)", arguments: cases)
    func negatives(_ c: Case) {
        let f0 = c.curve.map(0.0)
        for x in [-1e-9, -1e-3, -0.25, -1, -100] {
            #expect(abs(c.curve.map(x) - (f0 + x)) <= 1e-12 * max(1, abs(x)))
        }
    }

    @Test("Float form agrees with Double form", arguments: cases)
    func floatMatchesDouble(_ c: Case) {
        for x in Sweep.logarithmic(from: 1e-4, to: c.content * 2, count: 2000) {
            let d = c.curve.map(x), f = Double(c.curve.map(Float(x)))
            #expect(abs(d - f) <= 2e-6 * max(d, 1e-3), "at \(x): \(d) vs \(f)")
        }
    }

    @Test(
        "Identity when display headroom ≥ content headroom", arguments: [(2.0, 2.0), (4.926, 8), (1, 400), (16, 16.5)])
    func identityWhenItFits(content: Double, display: Double) {
        let curves: [any ToneCurve] = [
            HeadroomCurve(contentHeadroom: content, displayHeadroom: display),
            ExtendedReinhard(contentHeadroom: content, displayHeadroom: display),
            BT2390EETF(contentHeadroom: content, displayHeadroom: display),
            HardClip(displayHeadroom: display),
        ]
        for curve in curves {
            for x in Sweep.logarithmic(from: 1e-5, to: content, count: 1000) {
                #expect(abs(curve.map(x) - x) <= 1e-9 * max(x, 1e-3), "\(type(of: curve)) at \(x)")
            }
        }
    }
}

/// The EDR headroom curve's own design claims (article "Choosing a tone mapping operator").
@Suite("Headroom curve")
struct HeadroomCurveTests {
    @Test("Identity up to the knee, one stop below the display headroom by default")
    func kneeIdentity() {
        let curve = HeadroomCurve(contentHeadroom: 4.9, displayHeadroom: 2)
        #expect(curve.kneePoint == 1)
        for x in Sweep.linear(from: 0, to: 1, count: 1001) { #expect(curve.map(x) == x) }
        #expect(curve.map(1.0001) < 1.0001)
    }

    @Test("Slope 1 on both sides of the knee; slope 2·(Hd/Hc)/(τc(1+τc)) just below Hc")
    func slopes() {
        let curve = HeadroomCurve(contentHeadroom: 4.9, displayHeadroom: 2)
        let h = 1e-7
        #expect(abs((curve.map(1 + h) - curve.map(1.0)) / h - 1) < 1e-5)
        let tc = log2(4.9)  // (c − a)/(d − a) with a = 0, d = 1
        let expected = 2 * (2 / 4.9) / (tc * (1 + tc))
        let slope = (curve.map(4.9) - curve.map(4.9 - h)) / h
        #expect(abs(slope - expected) < 1e-5)
    }

    @Test("The shoulder's derivative is positive everywhere (s′ = (1 + 2τ/τc² + τ²/τc²)/(1 + τ)²)")
    func shoulderDerivative() {
        for end in [1.0, 1.01, 2, 5.6, 100, 1e6] {
            let s = RationalShoulder(end: end)
            #expect(abs(s(end) - 1) < 1e-15 * max(1, end))
            for t in Sweep.logarithmic(from: 1e-6, to: end * 10, count: 500) {
                let h = max(t, 1e-3) * 1e-7
                let numeric = (s(t + h) - s(t)) / h
                let analytic = (1 + 2 * t / (end * end) + t * t / (end * end)) / ((1 + t) * (1 + t))
                #expect(numeric > 0)
                #expect(abs(numeric - analytic) <= 1e-5 * max(1, analytic))
            }
        }
    }

    @Test("Continuous in its parameters: as Hc → Hd the curve tends to the identity")
    func parameterContinuity() {
        let near = HeadroomCurve(contentHeadroom: 2.0001, displayHeadroom: 2)
        for x in Sweep.linear(from: 0, to: 2, count: 201) { #expect(abs(near.map(x) - x) < 1e-3) }
    }
}

/// Extended Reinhard (Reinhard et al. 2002, equation 4).
@Suite("Extended Reinhard")
struct ExtendedReinhardTests {
    @Test("L_w = 4: f(1) = 0.53125, f(4) = 1")
    func reference() {
        let curve = ExtendedReinhard(contentHeadroom: 4, displayHeadroom: 1)
        #expect(curve.map(1.0) == 0.53125)
        #expect(curve.map(4.0) == 1)
        #expect(curve.map(Float(1)) == 0.53125)
    }

    @Test("Headroom scaling: f(x) = Hd·R(x/Hd) with L_w = Hc/Hd")
    func scaled() {
        let curve = ExtendedReinhard(contentHeadroom: 8, displayHeadroom: 2)
        #expect(curve.map(2.0) == 2 * 0.53125)
    }

    @Test("No compression when Hd ≥ Hc: the identity, clipped at Hd")
    func identityWhenContentFits() {
        let curve = ExtendedReinhard(contentHeadroom: 2, displayHeadroom: 4)
        #expect(curve.map(1.5) == 1.5 && curve.map(3.0) == 3 && curve.map(6.0) == 4)
        #expect(curve.map(Float(1.5)) == 1.5 && curve.map(Float(6)) == 4)
    }
}

/// Hard clip (CAMetalLayer behaviour, WWDC 2023 "Support HDR images in your app").
@Suite("Hard clip")
struct HardClipTests {
    @Test("min(x, Hd), negatives unchanged, per channel by default")
    func clip() {
        let clip = HardClip(displayHeadroom: 5)
        #expect(clip.map(10.0) == 5 && clip.map(4.0) == 4 && clip.map(-2.0) == -2)
        #expect(clip.map(SIMD3(10, 1, 6)) == SIMD3(5, 1, 5))
    }
}
