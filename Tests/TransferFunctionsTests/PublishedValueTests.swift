import Testing
import TransferFunctions

/// Values published in, or computed directly from, the defining standards.
@Suite("Published values")
struct PublishedValueTests {
    static func close(_ a: Double, _ b: Double, relative: Double = 1e-12) -> Bool {
        Swift.abs(a - b) <= relative * Swift.max(Swift.abs(b), 1e-300)
    }

    // MARK: PQ

    /// SMPTE ST 2084 §5 / ITU-R BT.2100 Table 4 constants, as exact binary fractions (H.273 Table 3, code 16).
    @Test func pqConstants() {
        #expect(PQ.m1 == 0.1593017578125)
        #expect(PQ.m2 == 78.84375)
        #expect(PQ.c1 == 0.8359375)
        #expect(PQ.c2 == 18.8515625)
        #expect(PQ.c3 == 18.6875)
        #expect(PQ.c1 == PQ.c3 - PQ.c2 + 1)
        #expect(PQ.peakLuminance == 10_000)
    }

    /// SMPTE ST 2084 EOTF at signal 0, 0.1, 0.25, 0.5, 0.75, 1 (cd/m²).
    @Test(arguments: [
        (0.0, 0.0), (0.1, 0.3245655914644875), (0.25, 5.154176009833007), (0.5, 92.24570899406527),
        (0.75, 983.3778555870275), (1.0, 10_000.0),
    ])
    func pqEOTF(_ signal: Double, _ luminance: Double) {
        #expect(Self.close(PQ.eotf(signal), luminance))
        #expect(Self.close(TransferFunction.pq.toLinear(signal), luminance / 10_000))
    }

    /// SMPTE ST 2084 inverse EOTF; 203 cd/m² is the ITU-R BT.2408 HDR reference white (PQ 0.5806888810, 58 %).
    @Test(arguments: [
        (0.0001, 0.0016671882178598), (1.0, 0.1499457321001802), (26.0, 0.3800322743334056),
        (100.0, 0.508078421517399), (203.0, 0.5806888810416109), (400.0, 0.6525785975630672),
        (1000.0, 0.751827096247041), (2000.0, 0.8274246448588193), (4000.0, 0.9025723933109373),
        (10_000.0, 1.0),
    ])
    func pqInverseEOTF(_ luminance: Double, _ signal: Double) {
        #expect(Self.close(PQ.inverseEOTF(luminance), signal))
        #expect(Self.close(PQ.eotf(signal), luminance, relative: 1e-11))
    }

    /// ST 2084's inverse EOTF at 0 cd/m² is c1^m2, not 0; BT.2408 reference white in 10-bit codes is 594 (full range)
    /// and 573 (narrow range: 64 + 876·E′).
    @Test func pqBlackAndReferenceWhiteCodes() {
        #expect(PQ.inverseEOTF(0) == 7.309559025783966e-7)
        let white = PQ.inverseEOTF(203)
        #expect((1023 * white).rounded() == 594)
        #expect((64 + 876 * white).rounded() == 573)
    }

    // MARK: HLG

    /// ITU-R BT.2100 Table 5: a, b = 1 − 4a, c = 0.5 − a·ln(4a).
    @Test func hlgConstants() {
        #expect(HLG.a == 0.17883277)
        #expect(Self.close(HLG.b, 0.28466892))
        #expect(Self.close(HLG.c, 0.559910729529562))
        #expect(Swift.abs(HLG.c - 0.55991073) < 5e-10)  // the rounded value the standard prints
        #expect(HLG.lumaCoefficients == SIMD3(0.2627, 0.6780, 0.0593))
    }

    /// BT.2100 OETF and inverse at the segment join (E = 1/12 ↔ E′ = 0.5), 18 % grey and the BT.2408 75 % level.
    @Test func hlgOETF() {
        #expect(Self.close(HLG.oetf(1.0 / 12), 0.5))
        #expect(Self.close(HLG.oetf(0.18), 0.6723581321276545))
        #expect(Self.close(HLG.oetf(0.5), 0.8716434708741772))
        // With BT.2100's 8-digit a, the OETF reaches 0.9999999951 (not exactly 1) at E = 1.
        #expect(Self.close(HLG.oetf(1), 0.9999999950661305))
        #expect(Self.close(HLG.inverseOETF(0.25), 0.25 * 0.25 / 3))
        #expect(Self.close(HLG.inverseOETF(0.5), 1.0 / 12))
        #expect(Self.close(HLG.inverseOETF(0.75), 0.26496256042100724))
        #expect(Self.close(TransferFunction.hlg.toLinear(0.75), 0.26496256042100724))
    }

    // MARK: SDR curves

    /// IEC 61966-2-1 §5: encode 0.18 and decode 0.5; the segment thresholds.
    @Test func srgb() {
        #expect(Self.close(TransferFunction.srgb.fromLinear(0.18), 0.46135612950044164))
        #expect(Self.close(TransferFunction.srgb.toLinear(0.5), 0.21404114048223255))
        #expect(TransferFunction.srgb.toLinear(0.04045) == 0.04045 / 12.92)
        #expect(TransferFunction.srgb.fromLinear(0.0031308) == 0.0031308 * 12.92)
        #expect(Self.close(TransferFunction.srgb.fromLinear(1), 1))
    }

    /// ITU-R BT.709-6 item 1.2 OETF at 18 % grey, β and 1 (also BT.2020-2 Table 4, 10-bit).
    @Test func bt709() {
        #expect(Self.close(TransferFunction.bt709.fromLinear(0.18), 0.4090077288641504))
        #expect(TransferFunction.bt709.fromLinear(0.0179) == 4.5 * 0.0179)
        #expect(Self.close(TransferFunction.bt709.fromLinear(1), 1))
        #expect(Self.close(TransferFunction.bt709.toLinear(0.4090077288641504), 0.18))
    }

    /// ITU-R BT.2020-2 Table 4, 12-bit constants α = 1.0993, β = 0.0181.
    @Test func bt2020TwelveBit() {
        #expect(Self.close(TransferFunction.bt2020TwelveBit.fromLinear(0.18), 0.4088464024935036))
        #expect(Self.close(TransferFunction.bt2020TwelveBit.fromLinear(1), 1))
    }

    /// ITU-R BT.1886 Annex 1 with L_W = 100, L_B = 0.1 cd/m² at V = 0.5; black and white.
    @Test func bt1886() {
        let f = TransferFunction.bt1886(whiteLuminance: 100, blackLuminance: 0.1)
        #expect(Self.close(f.toLinear(0.5) * 100, 21.60491116738936))
        #expect(Self.close(f.toLinear(0), 0.001))
        #expect(Self.close(f.toLinear(1), 1))
        #expect(Swift.abs(f.fromLinear(0.001)) < 1e-15)
        // L_B = 0 is a pure 2.4 power law.
        #expect(Self.close(TransferFunction.bt1886.toLinear(0.5), 0.18946457081379978))
    }

    /// Pure power laws: H.273 4 (2.2), 5 (2.8), Adobe RGB (1998) 563/256.
    @Test func gammas() {
        #expect(TransferFunction.gamma22 == .gamma(2.2))
        #expect(TransferFunction.gamma24 == .gamma(2.4))
        #expect(TransferFunction.gamma26 == .gamma(2.6))
        #expect(TransferFunction.gamma28 == .gamma(2.8))
        #expect(TransferFunction.adobeRGB == .gamma(2.19921875))
        #expect(Self.close(TransferFunction.gamma22.toLinear(0.5), 0.217637640824031))
        #expect(Self.close(TransferFunction.adobeRGB.fromLinear(0.5), 0.7296583817678015))
    }

    /// H.273 Table 3 codes 7 (SMPTE 240M), 9 and 10 (log), 11 (xvYCC), 12 (BT.1361), 17 (ST 428-1).
    @Test func otherH273Curves() {
        #expect(Self.close(TransferFunction.smpte240m.fromLinear(1), 1))
        #expect(TransferFunction.smpte240m.fromLinear(0.02) == 0.08)
        #expect(TransferFunction.log100.fromLinear(0.01) == 0)
        #expect(TransferFunction.log100.fromLinear(0.005) == 0)
        #expect(Self.close(TransferFunction.log100.fromLinear(0.1), 0.5))
        #expect(Self.close(TransferFunction.log100Sqrt10.fromLinear(0.1), 0.6))
        #expect(TransferFunction.log100Sqrt10.fromLinear(0.003) == 0)
        #expect(Self.close(TransferFunction.iec61966_2_4.fromLinear(-0.18), -0.4090077288641504))
        #expect(Self.close(TransferFunction.bt1361.fromLinear(-0.25), -0.25))  // −(1.099·1 − 0.099)/4
        #expect(TransferFunction.bt1361.fromLinear(-0.004) == 4.5 * -0.004)
        #expect(Self.close(TransferFunction.st428.fromLinear(1), 0.9670426753179335))
        #expect(Self.close(TransferFunction.st428.toLinear(1), 52.37 / 48))
    }
}
