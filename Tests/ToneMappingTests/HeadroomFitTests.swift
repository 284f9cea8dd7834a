import ColorSpaces
import Foundation
import TestSupport
import Testing

@testable import ToneMapping

/// ``HeadroomFit``: max(R, G, B) ≤ H with hue kept, and chromaticity (the default) or luminance below ¾H; and the
/// target headroom operators declare.
@Suite("Headroom fit")
struct HeadroomFitTests {
    static let fit = HeadroomFit(headroom: 2, primaries: .displayP3)
    static let luminanceFit = HeadroomFit(headroom: 2, primaries: .displayP3, priority: .luminance)

    /// The opponent-plane angle and length of a colour (grey projects to 0).
    static func hue(_ c: SIMD3<Double>) -> (Double, Double) {
        let a = c.x - (c.y + c.z) / 2, b = (c.y - c.z) * 3.0.squareRoot() / 2
        return (atan2(b, a), (a * a + b * b).squareRoot())
    }

    @Test("Chromaticity (the default): random colours above H become C·H/max(R, G, B); the rest are untouched")
    func chromaticity() {
        var rng = SplitMix64(state: 23)
        var moved = 0
        for _ in 0..<20_000 {
            let c = SIMD3<Double>(
                .random(in: -1...12, using: &rng), .random(in: -1...12, using: &rng), .random(in: -1...12, using: &rng))
            let out = Self.fit.map(c)
            guard c.max() > 2 * (1 + HeadroomFit.tolerance) else {
                #expect(out == (c.max() <= 2 ? c : SIMD3(min(c.x, 2), min(c.y, 2), min(c.z, 2))))
                continue
            }
            moved += 1
            #expect((out - c * (2 / c.max())).maxMagnitude <= 1e-12, "\(c) → \(out): C·H/m")
            #expect(abs(out.max() - 2) <= 1e-12)
        }
        #expect(moved > 10_000)
        // A saturated red whose luminance is below ¾H stays red (the luminance priority turns it pale pink).
        let red = SIMD3<Double>(5.9, 0.15, 0.15)
        #expect(Self.fit.map(red).y < 0.06 && Self.luminanceFit.map(red).y > 1)
    }

    @Test(
        "Luminance priority: max = H with hue kept, luminance kept below ¾H, scaled from Y ≥ H, clipped within the tolerance"
    )
    func properties() {
        var rng = SplitMix64(state: 22)
        let w = Self.luminanceFit.luminanceCoefficients
        var (moved, blended, scaled) = (0, 0, 0)
        for _ in 0..<20_000 {
            let c = SIMD3<Double>(
                .random(in: -1...12, using: &rng), .random(in: -1...12, using: &rng), .random(in: -1...12, using: &rng))
            let out = Self.luminanceFit.map(c)
            #expect(out.max() <= 2)
            if c.max() <= 2 {
                #expect(out == c)
                continue
            }
            moved += 1
            #expect(abs(out.max() - 2) <= 1e-12)
            if c.min() >= 0 { #expect(out.min() >= 0) }
            let y = (c * w).sum(), outY = (out * w).sum()
            let (a, ca) = Self.hue(c), (b, cb) = Self.hue(out)
            if ca > 1e-9 { #expect(abs(a - b) <= 1e-9 * max(1, ca / cb), "\(c) → \(out)") }
            if y >= 2 {
                #expect((out - c * (2 / c.max())).maxMagnitude <= 1e-12, "\(c) → \(out): C·H/m")
                scaled += 1
            } else if y < 1.5 {
                #expect(abs(outY - y) <= 1e-12 * max(1, abs(y)), "\(c) → \(out): luminance kept")
            } else {
                #expect(outY <= y + 1e-12 && outY >= y * 2 / c.max() - 1e-12, "\(c) → \(out)")
                blended += 1
            }
        }
        #expect(moved > 10_000 && blended > 100 && scaled > 100)
    }

    @Test("Within the tolerance above H components are clipped (an HLG round trip's rounding keeps its colour)")
    func tolerance() {
        for priority in HeadroomFit.Priority.allCases {
            let fit = HeadroomFit(headroom: 1, primaries: .bt2020, priority: priority)
            let yellow = SIMD3<Double>(1 + 2e-6, 1, 0)
            #expect(fit.map(yellow) == SIMD3(1, 1, 0))
            let beyond = fit.map(SIMD3<Double>(1 + 2e-4, 1, 0))
            // Beyond the tolerance the fit moves the colour: towards grey, or scaled.
            #expect(priority == .luminance ? beyond.z > 0 : beyond.y < 1 && beyond.z == 0, "\(priority): \(beyond)")
            // A bright saturated yellow at the peak luminance stays yellow (scaled), not white.
            let bright = fit.map(SIMD3(1.1, 1.05, 0))
            #expect(bright.z < 0.05 && bright.x == 1, "\(bright)")
            let float = withPlanes([SIMD3<Float>(1 + 2e-6, 1, 0)]) { fit.apply(red: $0, green: $1, blue: $2) }
            #expect(float == [SIMD3<Float>(1, 1, 0)])
        }
    }

    @Test("Float bulk form: max ≤ H exactly, within 1e-6 relative of Double, NaN and extremes handled")
    func floatForm() {
        var rng = SplitMix64(state: 5)
        var pixels: [SIMD3<Float>] = (0..<5000).map { _ in
            SIMD3(
                .random(in: -2...40, using: &rng), .random(in: -2...40, using: &rng), .random(in: 0...40, using: &rng))
        }
        pixels += [
            SIMD3(.nan, 3, 1), SIMD3(3, .nan, 1), SIMD3(1e30, 0, 0), SIMD3(0, 0, 1e30), SIMD3(3e38, -3e38, 0),
            SIMD3(.greatestFiniteMagnitude, .greatestFiniteMagnitude, .greatestFiniteMagnitude), SIMD3(2, 2, 2),
            SIMD3(2.0000002, 0, 0), SIMD3(-1e30, 5, 0),
        ]
        for fit in [Self.fit, Self.luminanceFit] {
            floatForm(fit, pixels)
        }
    }

    func floatForm(_ fit: HeadroomFit, _ pixels: [SIMD3<Float>]) {
        let out = withPlanes(pixels) { fit.apply(red: $0, green: $1, blue: $2) }
        for (p, q) in zip(pixels, out) {
            if p.x.isNaN || p.y.isNaN || p.z.isNaN {
                #expect(q.x.isNaN == p.x.isNaN && q.y.isNaN == p.y.isNaN)
                continue
            }
            #expect(!q.x.isNaN && !q.y.isNaN && !q.z.isNaN, "\(p) → \(q)")
            #expect(q.max() <= 2, "\(p) → \(q)")
            guard p.max() < 1e6, p.min() > -1e6 else { continue }
            let exact = fit.map(SIMD3<Double>(p))
            #expect((SIMD3<Double>(q) - exact).maxMagnitude <= 1e-5 * max(1, exact.maxMagnitude), "\(p)")
        }
    }

    @Test("Non-negative inputs stay non-negative; NaN or non-positive headroom fits nothing")
    func edges() {
        #expect(Self.fit.map(SIMD3(0, 0, 30)).min() >= 0)
        #expect(HeadroomFit(headroom: .nan, primaries: .bt2020).map(SIMD3(50, 0, 0)) == SIMD3(50, 0, 0))
        #expect(HeadroomFit(headroom: -1, primaries: .bt2020).headroom == .infinity)
        #expect(Self.fit.map(SIMD3(.nan, 5, 0)).x.isNaN)
        #expect(
            Self.fit.description
                == "HeadroomFit(headroom: 2, luminanceCoefficients: (0.228975, 0.691739, 0.0792869), "
                + "priority: chromaticity)")
    }

    @Test("Operators declare their target headroom; identity and unknown operators none")
    func targetHeadroom() {
        for method in ToneMappingMethod.allCases {
            let mapper = ToneMapper(method, contentHeadroom: 8, displayHeadroom: 3)
            #expect(mapper.targetHeadroom == (method == .bt2446A ? 1 : 3), "\(method)")
            if let tabulated = TabulatedToneCurve(mapper) { #expect(tabulated.targetHeadroom == 3) }
        }
        #expect(ToneMapper.identity.targetHeadroom == nil)
        struct Gain: ToneMappingOperator {
            func map(_ rgb: SIMD3<Double>) -> SIMD3<Double> { rgb / 2 }
            func apply(
                red: UnsafeMutableBufferPointer<Float>, green: UnsafeMutableBufferPointer<Float>,
                blue: UnsafeMutableBufferPointer<Float>
            ) {}
        }
        #expect(Gain().targetHeadroom == nil)
        let bt2390 = BT2390EETF(sourcePeak: 1000, targetPeak: 406)
        #expect(abs(bt2390.targetHeadroom! - 2) < 1e-12)
    }

    @Test("Descriptions name the operator and its parameters")
    func descriptions() {
        let headroom = ToneMapper(.headroom, contentHeadroom: 1000 / 203, displayHeadroom: 2)
        #expect(
            headroom.description
                == ".headroom(HeadroomCurve(contentHeadroom: 4.92611, displayHeadroom: 2, shoulderStops: 1, "
                + "application: .maxRGB))")
        #expect(
            ToneMapper(
                .bt2390, contentHeadroom: 1000 / 203, displayHeadroom: 2,
                application: .luminance(SIMD3(0.2627, 0.678, 0.0593))
            ).description
                == ".bt2390(BT2390EETF(sourceBlack: 0, sourcePeak: 1000, targetBlack: 0, targetPeak: 406, "
                + "referenceWhite: 203, kneeOffset: 0.5, application: .luminance((0.2627, 0.678, 0.0593))))")
        #expect(HardClip(displayHeadroom: 16).description == "HardClip(displayHeadroom: 16, application: .perChannel)")
        #expect(ParameterText.number(1e-6) == "1e-06" && ParameterText.number(123_456_789) == "123457000")
        #expect(ParameterText.number(-0.00012345678) == "-0.000123457" && ParameterText.number(.infinity) == "inf")
    }
}
