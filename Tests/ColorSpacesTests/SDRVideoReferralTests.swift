import ColorSpaces
import Foundation
import Testing
import TransferFunctions

/// SDR video (BT.709, BT.601, BT.2020: H.273 transfer 1, 6, 14, 15) is display light by default: BT.1886 with a zero
/// black level, as zimg (`scene_referred` off, its default) and libplacebo decode and encode it.
@Suite("SDR video referral")
struct SDRVideoReferralTests {
    /// PQ BT.2020 greys, in cd/m².
    static let greys: [Double] = [0.1, 1, 5, 10, 50, 100, 203]

    /// 8-bit full-range BT.709 codes of the greys, with 203 cd/m² as white and no tone mapping.
    static func codes(_ options: ColorSpace.Conversion.Options) -> [Int] {
        let conversion = ColorSpace.Conversion(from: .bt2100PQ, to: .bt709, options: options)
        return greys.map { nits in
            let signal = TransferFunction.pq.fromLinear(nits / 10_000)
            return Int((conversion.apply(SIMD3(repeating: signal)).y * 255).rounded())
        }
    }

    /// The codes FFmpeg's zscale writes for these greys (`zscale=tin=smpte2084:pin=bt2020:t=bt709:p=bt709:npl=203`,
    /// zimg's display-referred BT.709, `rec_1886_inverse_eotf`), computed exactly: round(255·(L/203)^(1/2.4)).
    /// zscale's 8-bit path rounds some half a code up (55, 143, 191); its float output agrees with these to 1e-5
    /// (the `zscale` cross-check in PixelConversionTests runs it).
    @Test("PQ greys 0.1 … 203 cd/m² → BT.709 codes 11, 28, 54, 73, 142, 190, 255 (zimg's display-referred BT.709)")
    func displayReferredCodes() {
        #expect(Self.codes(.init()) == [11, 28, 54, 73, 142, 190, 255])
    }

    /// The BT.709 OETF on display light: every shadow darker (the codes a user saw before BT.1886 became the default).
    @Test("scene referral keeps the camera OETF: 5 cd/m² → 28 instead of 54")
    func sceneReferredCodes() {
        #expect(Self.codes(.init(sdrVideoReferral: .scene)) == [1, 6, 28, 47, 124, 179, 255])
    }

    /// The referral changes the curve of the BT.709 family only, both ways, and SDR → SDR between spaces of the same
    /// curve stays the identity.
    @Test("only H.273 transfer 1, 6, 14, 15 change; BT.709 → BT.2020 SDR round-trips in both referrals")
    func scope() {
        for curve in TransferFunction.catalog {
            let expected: TransferFunction = [.bt709, .bt2020TwelveBit].contains(curve) ? .bt1886 : curve
            #expect(curve.referred(to: .display) == expected, "\(curve)")
            #expect(curve.referred(to: .scene) == curve, "\(curve)")
        }
        for referral in SDRVideoReferral.allCases {
            let options = ColorSpace.Conversion.Options(sdrVideoReferral: referral)
            let there = ColorSpace.Conversion(from: .bt709, to: .bt2020, options: options)
            let back = ColorSpace.Conversion(from: .bt2020, to: .bt709, options: options)
            for v in [SIMD3(0.02, 0.5, 0.9), SIMD3(1, 1, 1), SIMD3(0.3, 0.3, 0.3)] {
                let round = back.apply(there.apply(v))
                #expect(scaledError(round, v) < 1e-12, "\(referral) \(v) → \(round)")
            }
            // A grey keeps its signal between BT.709 and BT.2020 SDR: the same curve on both sides.
            let grey = there.apply(SIMD3(repeating: 0.4))
            #expect(scaledError(grey, SIMD3(repeating: 0.4)) < 1e-12, "\(referral)")
        }
    }

    /// Decoding SDR video for display: BT.709 signal 0.5 is 0.5^2.4 of white (BT.1886), not the OETF's inverse.
    @Test("decode: BT.709 0.5 → 0.18946 of white (BT.1886), 0.25958 with the OETF's inverse")
    func decoding() {
        let display = ColorSpace.bt709.decode(SIMD3(repeating: 0.5))
        #expect(abs(display.x - pow(0.5, 2.4)) < 1e-15)
        let scene = ColorSpace.bt709.decode(SIMD3(repeating: 0.5), options: .init(sdrVideoReferral: .scene))
        #expect(abs(scene.x - pow((0.5 + 0.099) / 1.099, 1 / 0.45)) < 1e-15)
    }
}
