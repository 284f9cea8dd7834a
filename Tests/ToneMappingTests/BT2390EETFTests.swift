import Foundation
import Testing
import TransferFunctions
@testable import ToneMapping

/// ITU-R BT.2390-10 §5.4 EETF: the two worked examples of the project reference (mastering [0, 1000] → [0, 400] and
/// [0.005, 4000] → [0.05, 1000] cd/m²), computed independently in float64.
@Suite("BT.2390 EETF")
struct BT2390EETFTests {
    let example1 = BT2390EETF(sourcePeak: 1000, targetPeak: 400)
    let example2 = BT2390EETF(sourceBlack: 0.005, sourcePeak: 4000, targetBlack: 0.05, targetPeak: 1000)

    @Test("Example 1 knee: maxLum = 0.8679901327, KS = 0.8019851991 (BT.2390 §5.4.1)")
    func exampleOneKnee() {
        #expect(abs(example1.maxLum - 0.8679901327) < 1e-9)
        #expect(abs(example1.kneePQ - 0.8019851991) < 1e-9)
        #expect(example1.minLum == 0)
    }

    @Test("Example 1: [0, 1000] → [0, 400] cd/m²", arguments: [
        (1.0, 1.0), (100, 100), (203, 203), (300, 293.573190), (500, 376.786511), (1000, 400.000000),
    ])
    func exampleOne(input: Double, expected: Double) {
        #expect(abs(example1.map(luminance: input) - expected) < 1e-6)
    }

    @Test("Example 2: [0.005, 4000] → [0.05, 1000] cd/m² with black lift", arguments: [
        (0.005, 0.050000), (100, 101.213999), (1000, 814.948669), (4000, 1000.237000),
    ])
    func exampleTwo(input: Double, expected: Double) {
        #expect(abs(example2.map(luminance: input) - expected) < 1e-6)
    }

    @Test("EDR form: linear 1.0 = reference white, same numbers")
    func edrForm() {
        let eetf = BT2390EETF(contentHeadroom: 1000.0 / 203, displayHeadroom: 400.0 / 203)
        #expect(abs(eetf.map(500.0 / 203) * 203 - 376.786511) < 1e-6)
        #expect(abs(eetf.map(1000.0 / 203) - 400.0 / 203) < 1e-12)
        #expect(eetf.map(1.0) == 1.0 || abs(eetf.map(1.0) - 1) < 1e-12)
        let hundred = BT2390EETF(contentHeadroom: 10, displayHeadroom: 4, referenceWhite: 100)
        #expect(abs(hundred.map(10.0) - 4) < 1e-12)
    }

    @Test("libplacebo knee: KS = 2·maxLum − 1 sits later than the specification's")
    func libplaceboKnee() {
        let placebo = BT2390EETF(sourcePeak: 1000, targetPeak: 400, kneeOffset: BT2390EETF.libplaceboKneeOffset)
        #expect(abs(placebo.kneePQ - (2 * 0.8679901327 - 1)) < 1e-9)
        #expect(placebo.kneePQ < example1.kneePQ)  // 2m − 1 < 1.5m − 0.5 for m < 1
        #expect(abs(placebo.map(luminance: 1000) - 400) < 1e-9)
        #expect(placebo.map(luminance: 100) == example1.map(luminance: 100))
    }

    @Test("Identity when the target peak is at or above the mastering peak")
    func identityWhenTargetIsBrighter() {
        let eetf = BT2390EETF(sourcePeak: 1000, targetPeak: 1000)
        for l in Sweep.logarithmic(from: 1e-4, to: 1000, count: 500) {
            #expect(abs(eetf.map(luminance: l) - l) <= 1e-9 * max(l, 1))
        }
        #expect(eetf.map(luminance: 5000) == eetf.map(luminance: 1000))  // above the mastering peak: clipped
    }

    @Test("Spline: slope 1 at KS and 0 at the peak, continuous across the knee (BT.2390 §5.4.1)")
    func splineSlopes() {
        let ks = example1.kneePQ, h = 1e-7
        let left = (example1.normalizedEETF(ks) - example1.normalizedEETF(ks - h)) / h
        let right = (example1.normalizedEETF(ks + h) - example1.normalizedEETF(ks)) / h
        #expect(abs(left - 1) < 1e-6 && abs(right - 1) < 1e-5)
        let top = (example1.normalizedEETF(1) - example1.normalizedEETF(1 - h)) / h
        #expect(abs(top) < 1e-5)
    }

    @Test("ICtCp intensity on grey equals the curve on luminance (I = PQ(Y) for R = G = B)")
    func ictcpOnGrey() {
        let ictcp = BT2390EETF(
            contentHeadroom: 1000.0 / 203, displayHeadroom: 2,
            application: .ictcpIntensity(ICtCpIntensity(primaries: .bt2020)))
        for x in [0.01, 0.5, 1, 2, 3, 4.9] {
            let out = ictcp.map(SIMD3(repeating: x))
            #expect(abs(out.x - ictcp.map(x)) < 1e-9 * max(1, x))
            #expect(abs(out.x - out.y) < 1e-9 && abs(out.y - out.z) < 1e-9)
        }
    }

    @Test("ICtCp intensity keeps a saturated colour's chroma direction and brings I down")
    func ictcpSaturated() {
        let ictcp = BT2390EETF(
            contentHeadroom: 1000.0 / 203, displayHeadroom: 2,
            application: .ictcpIntensity(ICtCpIntensity(primaries: .bt2020)))
        let input = SIMD3<Double>(4, 1, 0.5)
        let out = ictcp.map(input)
        #expect(out.x < input.x && out.x > 0 && out.y > 0 && out.z > 0)
        #expect(out.x > out.y && out.y > out.z)  // order of components kept
    }
}
