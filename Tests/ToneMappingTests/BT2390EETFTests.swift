import ColorSpaces
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

    @Test(
        "Example 1: [0, 1000] → [0, 400] cd/m²",
        arguments: [
            (1.0, 1.0), (100, 100), (203, 203), (300, 293.573190), (500, 376.786511), (1000, 400.000000),
        ])
    func exampleOne(input: Double, expected: Double) {
        #expect(abs(example1.map(luminance: input) - expected) < 1e-6)
    }

    @Test(
        "Example 2: [0.005, 4000] → [0.05, 1000] cd/m² with black lift",
        arguments: [
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

    /// With a target black (BT.2390 example 2: [0.005, 4000] → [0.05, 1000] cd/m²) f(0) is the lifted black, and
    /// negative inputs follow the ToneCurve policy f(x) = f(0) + x.
    @Test("Negative inputs with black lift: f(x) = f(0) + x, f(0) = 0.05 cd/m²")
    func negativeInputsWithBlackLift() {
        let eetf = BT2390EETF(sourceBlack: 0.005, sourcePeak: 4000, targetBlack: 0.05, targetPeak: 1000)
        let black = eetf.map(0.0)
        #expect(abs(black * 203 - 0.05) < 1e-6)
        for x in [-1e-6, -0.01, -0.5, -3] { #expect(abs(eetf.map(x) - (black + x)) < 1e-15) }
    }

    /// BT.2390's KS = 1.5·maxLum − 0.5 is negative when maxLum < 1/3 (here 10 000 → 10 cd/m²: maxLum ≈ 0.24); the
    /// knee is clamped to 0, so the spline starts at black and black stays black.
    @Test("Knee clamped at 0 for a target far below the source: black stays black, peak reaches the target")
    func kneeClampedAtZero() {
        let eetf = BT2390EETF(sourcePeak: 10_000, targetPeak: 10)
        #expect(PQ.inverseEOTF(10) < 1.0 / 3)
        #expect(eetf.kneePQ == 0)
        #expect(eetf.map(luminance: 0) == 0)
        #expect(abs(eetf.map(luminance: 10_000) - 10) < 1e-9)
    }

    /// A mastering range with peak = black would divide by PQ(L_W) − PQ(L_B) = 0; the peak is raised to black + 1.
    @Test("Degenerate mastering range: peak = black is raised to black + 1 cd/m², results stay finite")
    func degenerateSourceRange() {
        let eetf = BT2390EETF(sourceBlack: 100, sourcePeak: 100, targetPeak: 400)
        #expect(eetf.sourcePeak == 101)
        for x in [0.0, 0.1, 0.5, 1, 2] { #expect(eetf.map(x).isFinite, "at \(x)") }
    }

    @Test("A target peak below the source black is raised to it, so the curve stays finite")
    func targetBelowSourceBlack() {
        // Before the guard, maxLum < 0 sent the spline below the PQ range and the EETF returned −∞.
        let eetf = BT2390EETF(sourceBlack: 100, sourcePeak: 101, targetBlack: 60, targetPeak: 50)
        #expect(eetf.targetPeak == 100)
        #expect(eetf.targetBlack == 60)
        for x in stride(from: 0.0, through: 2.0, by: 0.01) {
            let y = eetf.map(luminance: 100 + x)
            #expect(y.isFinite && y >= 0 && y <= 101, "at \(100 + x) cd/m²: \(y)")
        }
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

    /// BT.2390-10 §5.4.1 (EETF applied to ICtCp): after I1 is mapped to I2, Ct and Cp are multiplied by
    /// min(I1/I2, I2/I1), so compression and expansion both reduce chroma. Checked in ICtCp itself for a curve that
    /// halves and one that doubles the luminance of a saturated BT.2020 colour.
    @Test("ICtCp intensity scales Ct and Cp by min(I1/I2, I2/I1) (BT.2390 §5.4.1)", arguments: [0.5, 2.0])
    func ictcpChromaScaling(gain: Double) {
        let intensity = ICtCpIntensity(primaries: .bt2020, referenceWhite: 203)
        let toAbsolute = 203.0 / 10_000
        let input = SIMD3<Double>(3, 1, 0.5)
        let before = YCbCrMatrix.ictcpPQ.ycbcr(fromRGB: input * toAbsolute)
        let out = intensity.map(input, curve: { $0 * gain })
        let after = YCbCrMatrix.ictcpPQ.ycbcr(fromRGB: out * toAbsolute)
        #expect(abs(after.x - PQ.inverseEOTF(PQ.eotf(before.x) * gain)) < 1e-9)
        let scale = Swift.min(after.x / before.x, before.x / after.x)
        #expect(scale < 0.95)
        #expect(abs(after.y - before.y * scale) < 1e-9 && abs(after.z - before.z * scale) < 1e-9)
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
