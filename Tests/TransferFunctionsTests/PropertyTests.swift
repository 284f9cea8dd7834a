import Foundation
import Testing
import TransferFunctions

/// Structural properties of every curve: inverse pairs, monotonicity, continuity at segment joins.
@Suite("Properties")
struct PropertyTests {
    /// Magnitudes from 10⁻⁶ to 4, geometrically spaced, with both signs and zero.
    static let grid: [Double] = {
        let positive = (0...2000).map { 1e-6 * pow(4e6, Double($0) / 2000) }
        return positive.reversed().map { -$0 } + [0] + positive
    }()

    /// fromLinear ∘ toLinear and toLinear ∘ fromLinear are the identity (Double) to within 10⁻¹² relative or
    /// 10⁻¹⁴ absolute, on [−4, 4] where the curve is injective. Excluded, with the reason: signals the encoder never
    /// produces (the BT.709 family's gaps, PQ below c1^m2 where the EOTF is 0, log signals at 0) and linear values the
    /// encoder flattens (log below its threshold).
    @Test("Round trips are the identity", arguments: Catalog.curves)
    func roundTrips(_ curve: Curve) {
        let f = curve.function
        var worstSignal = 0.0, worstLinear = 0.0
        for x in Self.grid {
            if Self.decodesInjectively(curve, signal: x) {
                let error = Swift.abs(f.fromLinear(f.toLinear(x)) - x)
                worstSignal = Swift.max(worstSignal, error / Swift.max(Swift.abs(x), 1e-2))
            }
            if Self.encodesInjectively(curve, linear: x) {
                let error = Swift.abs(f.toLinear(f.fromLinear(x)) - x)
                worstLinear = Swift.max(worstLinear, error / Swift.max(Swift.abs(x), 1e-2))
            }
        }
        #expect(worstSignal <= 1e-12, "fromLinear(toLinear(x))")
        #expect(worstLinear <= 1e-12, "toLinear(fromLinear(x))")
    }

    static func decodesInjectively(_ curve: Curve, signal v: Double) -> Bool {
        let a = Swift.abs(v)
        switch curve.function {
        case .bt709, .iec61966_2_4: return !(a >= 0.081 && a < 0.0813)
        case .bt1361: return !(v >= 0.081 && v < 0.0813) && !(v > -0.0813 / 4 && v <= -0.02025)
        case .smpte240m: return !(a >= 0.0912 && a < 0.0913)
        case .bt2020TwelveBit: return true
        case .pq: return a > 1e-6 && a < 1.9
        case .log100, .log100Sqrt10: return a > 0
        default: return true
        }
    }

    static func encodesInjectively(_ curve: Curve, linear l: Double) -> Bool {
        let a = Swift.abs(l)
        switch curve.function {
        case .log100: return a >= 0.01
        case .log100Sqrt10: return a >= 0.0031622776601683794
        case .bt2020TwelveBit: return !(a >= 0.0180944 && a < 0.0181)  // the OETF's double-covered interval
        default: return true
        }
    }

    /// toLinear and fromLinear never decrease (Double and Float), on the dense grid and on the fixture inputs. The
    /// exceptions are the standards' own: BT.2020-2's 12-bit OETF steps down by 2.5·10⁻⁵ at β = 0.0181, and the
    /// IEC 61966-2-1 sRGB encoding by 2.9·10⁻⁸ at 0.0031308 (its rounded constants).
    @Test("Monotone", arguments: Catalog.curves)
    func monotone(_ curve: Curve) throws {
        let f = curve.function
        var inputs = Self.grid
        if let name = curve.fixture { inputs += try ReferenceFixture.rows(name).map { Double($0.x) } }
        inputs.sort()
        var decreasing: [String] = []
        for (x0, x1) in zip(inputs, inputs.dropFirst()) where x0 < x1 {
            if f.toLinear(x1) < f.toLinear(x0) || f.toLinear(Float(x1)) < f.toLinear(Float(x0)) {
                decreasing.append("toLinear at \(x0)")
            }
            let dip =
                (curve.function == .bt2020TwelveBit && x0 < 0.0181 && x1 >= 0.0181)
                || (curve.function == .srgb && (Swift.abs(x0) <= 0.0031308) != (Swift.abs(x1) <= 0.0031308))
            if !dip && (f.fromLinear(x1) < f.fromLinear(x0) || f.fromLinear(Float(x1)) < f.fromLinear(Float(x0))) {
                decreasing.append("fromLinear at \(x0)")
            }
        }
        #expect(decreasing.isEmpty, "\(decreasing.prefix(5))")
    }

    /// At each segment join the two sides meet, except by the amounts the published constants imply: the BT.709
    /// OETF jumps by α·β^0.45 − (α − 1) − 4.5β = 2.8·10⁻⁴ at β (BT.709-6), SMPTE 240M by 7.8·10⁻⁵, BT.2020 12-bit by
    /// −2.5·10⁻⁵, BT.1361's negative branch by a quarter of BT.709's, the sRGB encoding by −2.9·10⁻⁸ (IEC 61966-2-1);
    /// HLG's segments meet to rounding. Decoders are continuous at their joins (gaps decode to β), except BT.2020
    /// 12-bit's, which steps up by 6·10⁻⁷ where the OETF covers an interval twice.
    @Test("Continuity at segment joins", arguments: Catalog.curves)
    func continuity(_ curve: Curve) {
        let f = curve.function
        for join in curve.signalJoins {
            let jump = f.toLinear(join.nextUp) - f.toLinear(join.nextDown)
            let allowed = f == .bt2020TwelveBit ? 1e-6 : 3e-9
            #expect(Swift.abs(jump) <= allowed, "toLinear jumps by \(jump) at \(join)")
        }
        for join in curve.linearJoins {
            let jump = f.fromLinear(join.nextUp) - f.fromLinear(join.nextDown)
            let expected: Double
            switch f {
            case .bt709, .iec61966_2_4: expected = 1.099 * pow(0.018, 0.45) - 0.099 - 0.081
            case .bt1361: expected = (1.099 * pow(0.018, 0.45) - 0.099 - 0.081) * (join < 0 ? 0.25 : 1)
            case .smpte240m: expected = 1.1115 * pow(0.0228, 0.45) - 0.1115 - 0.0912
            case .bt2020TwelveBit: expected = 1.0993 * pow(0.0181, 0.45) - 0.0993 - 4.5 * 0.0181
            case .srgb: expected = 1.055 * pow(0.0031308, 1 / 2.4) - 0.055 - 12.92 * 0.0031308
            default: expected = 0
            }
            #expect(Swift.abs(jump - expected) <= 3e-9, "fromLinear jumps by \(jump) at \(join), expected \(expected)")
        }
    }
}
