import Foundation
import Testing
import ToneMapping
import TransferFunctions

/// Dolby Vision L1 tone curve (after SMPTE ST 2094-10 Annex B) and trim pass, against an independent float64
/// evaluation: the anchors computed from the stated rule and the rational function solved by Gaussian elimination.
@Suite("Dolby Vision tone curve and trims")
struct DolbyVisionToneCurveTests {
    /// ST 2084 written out (not the library's).
    static func pq(_ nits: Double) -> Double {
        let (m1, m2, c1, c2, c3) = (0.1593017578125, 78.84375, 0.8359375, 18.8515625, 18.6875)
        let y = pow(max(nits, 0) / 10_000, m1)
        return pow((c1 + c2 * y) / (1 + c3 * y), m2)
    }

    static func pqInverse(_ e: Double) -> Double {
        let (m1, m2, c1, c2, c3) = (0.1593017578125, 78.84375, 0.8359375, 18.8515625, 18.6875)
        let p = pow(max(e, 0), 1 / m2)
        return 10_000 * pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
    }

    /// Solves y(1 + c₃x) = c₁ + c₂x through three points by Gaussian elimination with partial pivoting.
    static func rational(_ x: [Double], _ y: [Double]) -> (Double, Double, Double) {
        var a = (0..<3).map { [1, x[$0], -x[$0] * y[$0], y[$0]] }
        for col in 0..<3 {
            let pivot = (col..<3).max { abs(a[$0][col]) < abs(a[$1][col]) }!
            a.swapAt(col, pivot)
            for row in 0..<3 where row != col {
                let f = a[row][col] / a[col][col]
                for k in col..<4 { a[row][k] -= f * a[col][k] }
            }
        }
        return (a[0][3] / a[0][0], a[1][3] / a[1][1], a[2][3] / a[2][2])
    }

    /// The curve in cd/m² from the documented rule, written out here.
    static func reference(
        _ nits: Double, min: Double, avg: Double, max: Double, target: Double, trim: (Double, Double, Double)?
    )
        -> Double
    {
        let x1 = pq(min), x3 = pq(max), y1 = pq(0), y3 = pq(target)
        let x2 = Swift.min(Swift.max(pq(avg), x1 + 0.1 * (x3 - x1)), x1 + 0.8 * (x3 - x1))
        let a = y1 + (y3 - y1) * (x2 - x1) / (x3 - x1)
        let y2 = Swift.min(Swift.max(x2 + 0.4 * (a - x2), y1 + 0.1 * (y3 - y1)), y1 + 0.8 * (y3 - y1))
        let (c1, c2, c3) = rational([x1, x2, x3], [y1, y2, y3])
        let x = pq(nits)
        var y: Double
        if x3 <= y3 {
            y = Swift.min(x, y3)
        } else if x <= x1 {
            y = x1 > 0 ? y1 * x / x1 : y1
        } else if x >= x3 {
            y = y3
        } else {
            y = (c1 + c2 * x) / (1 + c3 * x)
        }
        if let (slope, offset, power) = trim {
            let v = Swift.min(Swift.max((y - y1) / (y3 - y1), 0), 1)
            y = y1 + pow(Swift.min(Swift.max(v * slope + offset, 0), 1), power) * (y3 - y1)
        }
        return pqInverse(y)
    }

    @Test("Equal to the written-out equations at 3000 points, with and without a trim, for several shots and targets")
    func againstReference() {
        let trim = DolbyVisionTrim(
            slopeCode: 2448, offsetCode: 1948, powerCode: 2348, chromaWeightCode: 2048,
            saturationGainCode: 2048)
        let shots: [(Double, Double, Double, Double)] = [
            (0.005, 120, 1000, 100), (0, 50, 4000, 600), (0.1, 300, 2000, 1000), (0, 10, 1000, 203), (0, 5, 150, 100),
        ]
        for (minimum, average, maximum, target) in shots {
            for t in [nil, trim] {
                let curve = DolbyVisionToneCurve(
                    sourceMinimum: minimum, sourceAverage: average, sourceMaximum: maximum, targetPeak: target,
                    trim: t, referenceWhite: 100)
                for i in 0...3000 {
                    let nits = maximum * 1.2 * pow(Double(i) / 3000, 3)
                    let expected = Self.reference(
                        nits, min: minimum, avg: average, max: maximum, target: target,
                        trim: t.map { ($0.slope, $0.offset, $0.power) })
                    let got = curve.map(luminance: nits)
                    #expect(abs(got - expected) <= 1e-9 * Swift.max(1, expected), "\(maximum) → \(target) at \(nits)")
                    #expect(abs(curve.map(nits / 100) * 100 - got) <= 1e-9 * Swift.max(1, got))
                }
            }
        }
    }

    @Test("The base curve passes through its three anchors, is monotone and ends at the target's peak")
    func anchorsAndShape() {
        let curve = DolbyVisionToneCurve(sourceMinimum: 0.005, sourceAverage: 120, sourceMaximum: 1000, targetPeak: 100)
        let x = curve.sourceAnchors, y = curve.targetAnchors
        #expect(abs(curve.mapPQ(x.x) - y.x) < 1e-12)
        #expect(abs(curve.mapPQ(x.y) - y.y) < 1e-12)
        #expect(abs(curve.mapPQ(x.z) - y.z) < 1e-12)
        #expect(abs(curve.map(luminance: 1000) - 100) < 1e-9)
        #expect(abs(curve.map(luminance: 4000) - 100) < 1e-9)
        var previous = -1.0
        for i in 0...5000 {
            let value = curve.mapPQ(Double(i) / 5000)
            #expect(value >= previous)
            previous = value
        }
        // A shot that fits the display is not compressed.
        let fits = DolbyVisionToneCurve(sourceMinimum: 0, sourceAverage: 40, sourceMaximum: 500, targetPeak: 1000)
        for nits in stride(from: 0.0, through: 500, by: 25) {
            #expect(abs(fits.map(luminance: nits) - nits) < 1e-9 * max(1, nits))
        }
    }

    @Test("Trim codes: 2048 is neutral; ST 2094-10's mapping (code/4096 ± 0.5); neutral trims change nothing")
    func trims() {
        let neutral = DolbyVisionTrim(
            slopeCode: 2048, offsetCode: 2048, powerCode: 2048, chromaWeightCode: 2048,
            saturationGainCode: 2048)
        #expect(neutral.slope == 1 && neutral.offset == 0 && neutral.power == 1)
        #expect(neutral.chromaWeight == 0 && neutral.saturationGain == 0 && neutral.isNeutralOnLuminance)
        for v in stride(from: 0.0, through: 1, by: 0.01) { #expect(neutral.apply(v) == v) }
        let trim = DolbyVisionTrim(
            slopeCode: 2448, offsetCode: 1948, powerCode: 2348, chromaWeightCode: 0,
            saturationGainCode: 4095)
        #expect(trim.slope == 2448.0 / 4096 + 0.5)
        #expect(trim.offset == 1948.0 / 4096 - 0.5)
        #expect(trim.power == 2348.0 / 4096 + 0.5)
        #expect(trim.chromaWeight == -0.5 && trim.saturationGain == 4095.0 / 4096 - 0.5)
        #expect(abs(trim.apply(0.5) - pow(0.5 * trim.slope + trim.offset, trim.power)) < 1e-15)
        #expect(trim.apply(0) == 0 && trim.apply(1) == 1)
        #expect(trim.description == "slope 1.098, offset -0.024, power 1.073, chroma weight -0.5, saturation gain 0.5")

        let plain = DolbyVisionToneCurve(sourceMinimum: 0, sourceAverage: 100, sourceMaximum: 1000, targetPeak: 100)
        let withNeutral = DolbyVisionToneCurve(
            sourceMinimum: 0, sourceAverage: 100, sourceMaximum: 1000, targetPeak: 100, trim: neutral)
        for i in 0...1000 {
            let nits = Double(i)
            #expect(abs(plain.map(luminance: nits) - withNeutral.map(luminance: nits)) <= 1e-12 * max(1, nits))
        }
        let trimmed = DolbyVisionToneCurve(
            sourceMinimum: 0, sourceAverage: 100, sourceMaximum: 1000, targetPeak: 100, trim: trim)
        #expect(abs(trimmed.map(luminance: 200) - plain.map(luminance: 200)) > 0.5)
    }
}

/// The per-scene tables a movie conversion builds from the dynamic curves (`TabulatedToneCurve`, top 2× the larger
/// of the scene maximum and the target, saturating at the scene maximum) against the exact curves.
@Suite("Dynamic curves tabulated")
struct DynamicCurveTableTests {
    static func worstRelativeError(_ curve: some ToneCurve, sceneMaximum: Double, target: Double, white: Double)
        -> (error: Double, at: Double)
    {
        let table = TabulatedToneCurve(
            curve, top: Float(max(sceneMaximum, target) / white * 2), saturation: sceneMaximum / white)
        var worst = (error: 0.0, at: 0.0)
        for i in 0...20_000 {
            let x = sceneMaximum / white * 1.5 * pow(Double(i) / 20_000, 2) + 1e-3
            let exact = curve.map(x)
            let error = abs(Double(table.map(Float(x))) - exact) / max(exact, 1e-3)
            if error > worst.error { worst = (error, x * white) }
        }
        return worst
    }

    /// Measured: 2.4e-4 at the HDR10+ knee (250 cd/m²) and 1.9e-4 at the trim's clip to the peak (468 cd/m²), where
    /// the slope jumps inside one table segment (256 per octave); below 2e-5 elsewhere. A 10-bit PQ code is about
    /// 1 % in luminance there.
    @Test("Relative error below 3e-4 over 0.001 … 1.5× the scene maximum, the worst at the curves' kinks")
    func tableError() {
        let white = 203.0
        let bezier = HDR10PlusBezierCurve(
            kneePointX: 1024.0 / 4095, kneePointY: 2048.0 / 4095, anchors: HDR10PlusBezierCurveTests.anchors,
            sceneMaximum: 1000, targetPeak: 400, referenceWhite: white)
        let bezierError = Self.worstRelativeError(bezier, sceneMaximum: 1000, target: 400, white: white)
        #expect(bezierError.error < 3e-4)
        #expect(abs(bezierError.at - 250) < 1)
        let trim = DolbyVisionTrim(
            slopeCode: 2448, offsetCode: 1948, powerCode: 2348, chromaWeightCode: 2048, saturationGainCode: 2048)
        let dv = DolbyVisionToneCurve(
            sourceMinimum: 0.005, sourceAverage: 120, sourceMaximum: 1000, targetPeak: 100, trim: trim,
            referenceWhite: white)
        let dvError = Self.worstRelativeError(dv, sceneMaximum: 1000, target: 100, white: white)
        #expect(dvError.error < 3e-4)
    }
}
