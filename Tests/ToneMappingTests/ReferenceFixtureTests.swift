import Foundation
import Testing
import TestSupport
@testable import ToneMapping

/// Comparisons against the float64 fixtures of Tests/Fixtures/Generators/gen_tone_mapping.py (independent numpy
/// implementations of ITU-R BT.2390-10 §5.4.1 and ITU-R BT.2446-1 §5.1.1).
@Suite("Reference fixtures")
struct ReferenceFixtureTests {
    @Test("BT.2390 EETF sweeps (cases A, B, C) to 1e-9 relative")
    func bt2390() throws {
        let eetfs: [Substring: BT2390EETF] = [
            "A": BT2390EETF(sourcePeak: 1000, targetPeak: 400),
            "B": BT2390EETF(sourceBlack: 0.005, sourcePeak: 4000, targetBlack: 0.05, targetPeak: 1000),
            "C": BT2390EETF(sourcePeak: 1000, targetPeak: 406),
        ]
        let rows = try Fixtures.csvRows("tone-mapping/bt2390.csv")
        #expect(rows.count == 1203)
        for row in rows {
            let eetf = try #require(eetfs[row[0]])
            let input = try #require(Double(row[1])), expected = try #require(Double(row[2]))
            #expect(Distance.relative(eetf.map(luminance: input), expected) < 1e-9, "\(row[0]) at \(input)")
        }
    }

    @Test("BT.2390 EDR case C through linear light (1.0 = 203 cd/m²) and through Float planes")
    func bt2390EDR() throws {
        let eetf = BT2390EETF(contentHeadroom: 1000.0 / 203, displayHeadroom: 2, application: .perChannel)
        let rows = try Fixtures.csvRows("tone-mapping/bt2390.csv").filter { $0[0] == "C" }
        let inputs = try rows.map { try #require(Double($0[1])) / 203 }
        let expected = try rows.map { try #require(Double($0[2])) / 203 }
        for (x, y) in zip(inputs, expected) { #expect(Distance.relative(eetf.map(x), y) < 1e-9) }
        let out = withPlanes(inputs.map { SIMD3(repeating: Float($0)) }) { eetf.apply(red: $0, green: $1, blue: $2) }
        for (o, y) in zip(out, expected) { #expect(Distance.relative(Double(o.y), y) < 2e-6) }
    }

    @Test("BT.2446 method A pixels (L_HDR 1000, L_SDR 100) to 1e-12")
    func bt2446a() throws {
        let op = BT2446MethodA(hdrPeak: 1000, sdrPeak: 100)
        let rows = try Fixtures.csvRows("tone-mapping/bt2446a.csv")
        #expect(rows.count == 207)
        var pixels: [SIMD3<Float>] = [], expected: [SIMD3<Double>] = []
        for row in rows {
            let v = try row.map { try #require(Double($0)) }
            let out = op.map(SIMD3(v[0], v[1], v[2]))
            let want = SIMD3(v[3], v[4], v[5])
            #expect((out - want).maxMagnitude < 1e-12, "at \(v[0...2])")
            pixels.append(SIMD3(Float(v[0]), Float(v[1]), Float(v[2])))
            expected.append(want)
        }
        let bulk = withPlanes(pixels) { op.apply(red: $0, green: $1, blue: $2) }
        for (o, want) in zip(bulk, expected) {
            #expect((SIMD3<Double>(Double(o.x), Double(o.y), Double(o.z)) - want).maxMagnitude < 1e-5)
        }
    }
}

/// ITU-R BT.2446-1 §5.1.1 method A: constants and structure.
@Suite("BT.2446 method A")
struct BT2446MethodATests {
    @Test("ρ_HDR(1000) = 13.2597979186, ρ_SDR(100) = 5.6969576564 (BT.2446-1 §5.1.1)")
    func rho() {
        #expect(abs(BT2446MethodA.rho(1000) - 13.2597979186) < 1e-9)
        #expect(abs(BT2446MethodA.rho(100) - 5.6969576564) < 1e-9)
        let op = BT2446MethodA(hdrPeak: 1000)
        #expect(op.rhoHDR == BT2446MethodA.rho(1000) && op.rhoSDR == BT2446MethodA.rho(100))
    }

    @Test("The HDR peak maps to SDR white; grey stays grey; the luma curve is monotone")
    func structure() {
        let op = BT2446MethodA(contentHeadroom: 1000.0 / 203)
        let peak = op.map(SIMD3(repeating: 1000.0 / 203))
        #expect((peak - SIMD3(repeating: 1)).maxMagnitude < 1e-12)
        var previous = 0.0
        for y in Sweep.linear(from: 0.001, to: 1, count: 5000) {
            let v = op.lumaCurve(y)
            #expect(v > previous)
            previous = v
        }
    }

    /// BT.2446-1 §5.1.1 step 2 is piecewise: Y′c = 1.0770·Y′p for Y′p ≤ 0.7399, −1.1510·Y′p² + 2.7811·Y′p − 0.6302 for
    /// Y′p ≤ 0.9909, 0.5·Y′p + 0.5 above. Y′c is recovered from the curve by inverting steps 1 and 3 just either side
    /// of each join, where the pieces differ by up to 5e-4 (the fixture pixels do not land there).
    @Test(
        "Luma curve pieces switch at Y′p = 0.7399 and 0.9909 (BT.2446-1 §5.1.1 step 2)",
        arguments: [
            0.3, 0.735, 0.7398, 0.7401, 0.744, 0.9, 0.9905, 0.9912, 0.995,
        ])
    func lumaCurvePieces(perceptualLuma yp: Double) {
        let op = BT2446MethodA(hdrPeak: 1000, sdrPeak: 100)
        let luma = (pow(op.rhoHDR, yp) - 1) / (op.rhoHDR - 1)  // inverse of step 1
        let ySDR = op.lumaCurve(luma)
        let yc = log(1 + (op.rhoSDR - 1) * ySDR) / log(op.rhoSDR)  // inverse of step 3
        let expected =
            yp <= 0.7399 ? 1.0770 * yp : yp <= 0.9909 ? -1.1510 * yp * yp + 2.7811 * yp - 0.6302 : 0.5 * yp + 0.5
        #expect(abs(yc - expected) < 1e-12)
    }

    @Test("Non-finite pixels (NaN, ±∞) give black, never NaN")
    func nonFinite() {
        let op = BT2446MethodA()
        for x in [Double.nan, .infinity, -.infinity] {
            #expect(op.map(SIMD3(x, 1, 1)) == .zero, "at \(x)")
            #expect(op.map(SIMD3(repeating: x)) == .zero, "at \(x)")
        }
    }

    @Test("Y′ ≤ 0 gives black, no NaN for extreme inputs")
    func extremes() {
        let op = BT2446MethodA()
        #expect(op.map(SIMD3(-1, -1, -1)) == .zero)
        #expect(op.map(.zero) == .zero)
        for x in Sweep.extremes {
            let out = op.map(SIMD3(x, x * 0.5, 0.1))
            #expect(!out.x.isNaN && !out.y.isNaN && !out.z.isNaN, "at \(x)")
        }
    }
}
