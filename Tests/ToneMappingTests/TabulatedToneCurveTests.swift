import Foundation
import Testing
@testable import ToneMapping

/// The table-driven approximation used for fast bulk conversion.
@Suite("Tabulated curves")
struct TabulatedToneCurveTests {
    @Test(
        "Relative error < 2e-5 against every exact curve, monotone, same endpoint", arguments: CurvePropertyTests.cases)
    func accuracy(_ c: CurvePropertyTests.Case) throws {
        let mapper: ToneMapper
        switch c.curve {
        case let curve as HeadroomCurve: mapper = .headroom(curve)
        case let curve as BT2390EETF: mapper = .bt2390(curve)
        case let curve as ExtendedReinhard: mapper = .reinhard(curve)
        default:
            Issue.record("unexpected curve \(c.curve)")
            return
        }
        let table = try #require(TabulatedToneCurve(mapper))
        var worst = 0.0, previous = -Double.infinity
        for x in Sweep.logarithmic(from: 1e-7, to: c.content * 3, count: 40_000) {
            let exact = c.curve.map(x), approx = table.map(x)
            worst = max(worst, abs(approx - exact) / max(exact, 1e-4))
            #expect(approx >= previous - 1e-7 * max(1, approx))
            previous = approx
        }
        #expect(worst < 2e-5, "worst relative error \(worst)")
        #expect(abs(table.map(c.content) - c.display) < 2e-5 * c.display)
        #expect(abs(table.map(c.content * 1e6) - c.display) < 2e-5 * c.display)
    }

    @Test("No NaN for finite inputs; negatives follow f(0) + x; bulk equals scalar")
    func policy() throws {
        let table = try #require(TabulatedToneCurve(.bt2390(BT2390EETF(contentHeadroom: 4.9, displayHeadroom: 2))))
        for x in Sweep.floatExtremes { #expect(table.map(x).isFinite, "at \(x)") }
        #expect(table.map(Float(-0.5)) == table.map(Float(0)) - 0.5)
        #expect(table.map(Float.nan).isNaN)
        let pixels: [SIMD3<Float>] = [SIMD3(4, 1, 0.5), SIMD3(0, 0, 0), SIMD3(9, 9, 9), SIMD3(-1, 0.5, 2)]
        let out = withPlanes(pixels) { table.apply(red: $0, green: $1, blue: $2) }
        for (p, o) in zip(pixels, out) {
            let want = table.map(SIMD3<Double>(Double(p.x), Double(p.y), Double(p.z)))
            #expect((SIMD3<Double>(Double(o.x), Double(o.y), Double(o.z)) - want).maxMagnitude < 1e-6)
        }
    }

    @Test("Only scalar curves tabulate; tabulated() keeps identity and BT.2446 A")
    func scope() {
        #expect(TabulatedToneCurve(.identity) == nil)
        #expect(ToneMapper.identity.tabulated() == .identity)
        let bt2446 = ToneMapper.bt2446A(BT2446MethodA())
        #expect(bt2446.tabulated() == bt2446)
        if case .tabulated = ToneMapper.clip(HardClip(displayHeadroom: 2)).tabulated() {
        } else {
            Issue.record("clip not tabulated")
        }
    }
}
