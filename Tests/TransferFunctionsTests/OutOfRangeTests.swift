import Testing
import TransferFunctions

/// The defined outcome of NaN, ±∞, negative and > 1 inputs under both ``OutOfRangeBehavior`` policies
/// (issue 2: "NaN in → NaN out, never a trap"; documented on ``OutOfRangeBehavior``).
@Suite("Out-of-range policy")
struct OutOfRangeTests {
    static let ranges: [OutOfRangeBehavior] = [.extended, .clamped]

    @Test("NaN gives NaN", arguments: Catalog.curves)
    func nan(_ curve: Curve) {
        let f = curve.function
        for range in Self.ranges {
            #expect(f.toLinear(Double.nan, outOfRange: range).isNaN)
            #expect(f.fromLinear(Double.nan, outOfRange: range).isNaN)
            #expect(f.toLinear(Float.nan, outOfRange: range).isNaN)
            #expect(f.fromLinear(-Float.signalingNaN, outOfRange: range).isNaN)
        }
    }

    /// Extended: ±∞ map to ±∞, except PQ's encoder, whose limit is its pole signal (c2/c3)^m2.
    @Test("Infinities", arguments: Catalog.curves)
    func infinities(_ curve: Curve) {
        let f = curve.function
        #expect(f.toLinear(Double.infinity) == .infinity)
        #expect(f.toLinear(-Double.infinity) == -.infinity)
        if f == .pq {
            #expect(f.fromLinear(Double.infinity) == PQ.poleSignal)
            #expect(f.fromLinear(-Double.infinity) == -PQ.poleSignal)
            #expect(f.fromLinear(Float.infinity) == Float(PQ.poleSignal))
        } else {
            #expect(f.fromLinear(Double.infinity) == .infinity)
            #expect(f.fromLinear(-Double.infinity) == -.infinity)
            #expect(f.fromLinear(Float.infinity) == .infinity)
        }
        // Clamped: infinities become the ends of the nominal range.
        #expect(f.toLinear(Double.infinity, outOfRange: .clamped) == f.toLinear(1.0))
        #expect(f.toLinear(-Double.infinity, outOfRange: .clamped) == f.toLinear(0.0))
        #expect(f.fromLinear(-Double.infinity, outOfRange: .clamped) == f.fromLinear(f.toLinear(0.0)))
    }

    /// Clamped: signals are clamped to [0, 1] and linear values to [toLinear(0), toLinear(1)], so every result lies in
    /// the nominal range; inside it, clamped equals extended.
    @Test("Clamped stays in the nominal range", arguments: Catalog.curves)
    func clamped(_ curve: Curve) {
        let f = curve.function
        let (black, white) = (f.toLinear(0.0), f.toLinear(1.0))
        for x in PropertyTests.grid {
            let decoded = f.toLinear(x, outOfRange: .clamped)
            #expect(decoded >= black && decoded <= white)
            let encoded = f.fromLinear(x, outOfRange: .clamped)
            #expect(encoded >= f.fromLinear(black) && encoded <= 1 + 1e-15)
            if x >= 0 && x <= 1 { #expect(decoded == f.toLinear(x)) }
            if x >= black && x <= white { #expect(encoded == f.fromLinear(x)) }
        }
        #expect(f.toLinear(-0.5, outOfRange: .clamped) == black)
        #expect(f.toLinear(1.5, outOfRange: .clamped) == white)
        // The linear upper bound is 1, or the light of signal 1 where that differs (BT.1886 with black, ST 428-1).
        let upper: Double
        switch f {
        case .st428, .bt1886: upper = white
        default: upper = 1
        }
        #expect(f.fromLinear(2.0, outOfRange: .clamped) == f.fromLinear(upper))
    }

    /// Extended, below zero: f(−x) = −f(x) for the mirrored curves (Apple extended sRGB, PNG 3rd edition), bit for bit
    /// in Double and Float; above 1 the formula continues (values exceed 1 and keep increasing).
    @Test("Extended mirrors and continues", arguments: Catalog.curves.filter { $0.function.isOddExtension })
    func mirrored(_ curve: Curve) {
        let f = curve.function
        for x in PropertyTests.grid where x > 0 {
            #expect(f.toLinear(-x) == -f.toLinear(x))
            #expect(f.fromLinear(-x) == -f.fromLinear(x))
            #expect(f.toLinear(Float(-x)) == -f.toLinear(Float(x)))
        }
        if f != .linear {
            #expect(f.toLinear(1.5) > f.toLinear(1.0))
            #expect(f.fromLinear(1.5) > f.fromLinear(1.0))
        }
    }

    /// Where f(0) ≠ 0, mirroring leaves a jump at 0 that is documented: PQ's encoder gives ±c1^m2 on either side.
    @Test func pqEncoderAtZero() {
        let c = PQ.inverseEOTF(0)
        #expect(TransferFunction.pq.fromLinear(0.0) == c)
        #expect(TransferFunction.pq.fromLinear(-0.0) == c)
        #expect(TransferFunction.pq.fromLinear(-Double.leastNonzeroMagnitude) == -c)
        #expect(TransferFunction.pq.toLinear(c) == 0)  // the EOTF is 0 up to c1^m2
    }

    /// PQ signals above 1 continue the EOTF up to its pole (c2/c3)^m2 ≈ 1.9921; at and above it they give +∞.
    @Test func pqPole() {
        #expect(Swift.abs(PQ.poleSignal - 1.9920600818564766) < 1e-15)
        #expect(TransferFunction.pq.toLinear(1.5).isFinite)
        #expect(TransferFunction.pq.toLinear(1.5) > 1)
        #expect(TransferFunction.pq.toLinear(PQ.poleSignal) == .infinity)
        #expect(TransferFunction.pq.toLinear(2.5) == .infinity)
        #expect(TransferFunction.pq.toLinear(Float(2)) == .infinity)
        #expect(TransferFunction.pq.toLinear(-2.5) == -.infinity)
        #expect(PQ.eotf(-0.5) == -PQ.eotf(0.5))
    }

    /// ITU-R BT.1361 (H.273 12) defines its own negative branch; extended continues it below −0.25.
    @Test func bt1361NegativeBranch() {
        let f = TransferFunction.bt1361
        #expect(f.fromLinear(-0.25) == -0.25 * (1.099 - 0.099))
        #expect(f.fromLinear(-1.0) < f.fromLinear(-0.25))
        #expect(Swift.abs(f.toLinear(f.fromLinear(-0.2)) + 0.2) < 1e-15)
        #expect(f.toLinear(-0.5, outOfRange: .clamped) == 0)
    }

    /// BT.1886 with a black level: below V = −b (no light) the power law is mirrored about −b, so the curve stays
    /// invertible, and light below the black level encodes to signals below 0.
    @Test func bt1886BelowBlack() {
        let f = Catalog.bt1886WithBlack
        let b = -f.fromLinear(0.0)
        #expect(b > 0.05 && b < 0.07)
        #expect(Swift.abs(f.toLinear(-b)) < 1e-17)
        for u in [0.01, 0.05, 0.3] {
            #expect(Swift.abs(f.toLinear(-b - u) + f.toLinear(-b + u)) < 1e-15)
        }
        #expect(f.fromLinear(0.0005) < 0)
        #expect(f.fromLinear(0.0, outOfRange: .clamped) == 0)
        #expect(f.fromLinear(0.001, outOfRange: .clamped) == f.fromLinear(0.001))
    }

    /// Log curves (H.273 9, 10): the OETF is 0 below its threshold; signal 0 decodes to 0 (nominal black).
    @Test func logCurvesAtZero() {
        for f in [TransferFunction.log100, .log100Sqrt10] {
            #expect(f.toLinear(0.0) == 0)
            #expect(f.fromLinear(0.0) == 0)
            #expect(f.fromLinear(-0.001) == 0)
            #expect(f.toLinear(-0.5) == -f.toLinear(0.5))
        }
        #expect(TransferFunction.log100.toLinear(Double.leastNonzeroMagnitude) == 0.01)
    }

    /// Invalid parameters give NaN for every input rather than trapping.
    @Test func invalidParameters() {
        let invalid: [TransferFunction] = [
            .gamma(0), .gamma(-2), .gamma(.nan), .gamma(.infinity),
            .bt1886(whiteLuminance: 100, blackLuminance: 100), .bt1886(whiteLuminance: 100, blackLuminance: -1),
            .bt1886(whiteLuminance: .infinity, blackLuminance: 0), .bt1886(whiteLuminance: .nan, blackLuminance: 0),
        ]
        for f in invalid {
            for x in [0.0, 0.5, 1.0, -1.0] {
                #expect(f.toLinear(x).isNaN)
                #expect(f.fromLinear(x).isNaN)
            }
            #expect(f.cicp == nil)
        }
    }
}
