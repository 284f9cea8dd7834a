import Foundation
import Testing
import TransferFunctions

/// ITU-R BT.2100-2 hybrid log-gamma: system gamma, OOTF, EOTF with black lift (and their inverses), BT.2408 levels.
@Suite("HLG display")
struct HLGTests {
    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        Swift.abs(a - b) <= tolerance * Swift.max(1, Swift.abs(b))
    }

    static func gray(_ v: Double) -> SIMD3<Double> { SIMD3(repeating: v) }

    static func distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let d = a - b
        return Swift.max(Swift.abs(d.x), Swift.abs(d.y), Swift.abs(d.z))
    }

    /// BT.2100 Table 5 notes: γ = 1.2 at 1000 cd/m², 1.2 + 0.42·log10(L_W/1000) on 400 … 2000; BT.2390 extended form
    /// 1.2·1.111^log2(L_W/1000); at 4000 cd/m² they give 1.453 and 1.481.
    @Test func systemGammaForms() {
        for formula in [HLG.SystemGammaFormula.logarithmic, .extended, .logarithmicWithExtendedRange] {
            #expect(Self.close(HLG.systemGamma(peakLuminance: 1000, formula: formula), 1.2))
        }
        #expect(Self.close(HLG.systemGamma(peakLuminance: 2000, formula: .logarithmic), 1.326432598178872))
        #expect(Self.close(HLG.systemGamma(peakLuminance: 2000, formula: .extended), 1.3332))
        #expect(Self.close(HLG.systemGamma(peakLuminance: 4000, formula: .logarithmic), 1.4528651963577443))
        #expect(Self.close(HLG.systemGamma(peakLuminance: 4000, formula: .extended), 1.2 * 1.111 * 1.111))
        #expect(Self.close(HLG.systemGamma(peakLuminance: 500, formula: .extended), 1.2 / 1.111))
        // Default: logarithmic on [400, 2000], extended outside.
        #expect(HLG.systemGamma(peakLuminance: 400) == HLG.systemGamma(peakLuminance: 400, formula: .logarithmic))
        #expect(HLG.systemGamma(peakLuminance: 2000) == HLG.systemGamma(peakLuminance: 2000, formula: .logarithmic))
        #expect(HLG.systemGamma(peakLuminance: 399) == HLG.systemGamma(peakLuminance: 399, formula: .extended))
        #expect(HLG.systemGamma(peakLuminance: 4000) == HLG.systemGamma(peakLuminance: 4000, formula: .extended))
        // BT.2100 gives the logarithmic form for 400 … 2000 cd/m² only: just above 2000 the extended form applies.
        #expect(HLG.systemGamma(peakLuminance: 2001) == HLG.systemGamma(peakLuminance: 2001, formula: .extended))
        #expect(Self.close(HLG.systemGamma(peakLuminance: 2500), 1.2 * pow(1.111, log2(2.5))))
        #expect(Self.close(HLG.systemGamma(peakLuminance: 400), 1.0328651963577442))
        #expect(Self.close(HLG.systemGamma(peakLuminance: 300), 1.2 * pow(1.111, log2(0.3))))
    }

    /// BT.2390 surround adjustment ×0.98^log2(L_amb/5), 1 at 5 cd/m²; invalid luminances give NaN.
    @Test func systemGammaSurroundAndInvalid() {
        #expect(HLG.systemGamma(peakLuminance: 1000, ambientLuminance: 5) == 1.2)
        #expect(Self.close(HLG.systemGamma(peakLuminance: 1000, ambientLuminance: 10), 1.2 * 0.98))
        #expect(Self.close(HLG.systemGamma(peakLuminance: 1000, ambientLuminance: 2.5), 1.2 / 0.98))
        for peak in [0, -1000, .nan, .infinity] {
            #expect(HLG.systemGamma(peakLuminance: peak).isNaN)
        }
        #expect(HLG.systemGamma(peakLuminance: 1000, ambientLuminance: 0).isNaN)
    }

    /// OOTF on achromatic scene light at 1000 cd/m² (γ = 1.2): E = 1/12, 0.5, 1 → 50.697, 435.275, 1000 cd/m².
    @Test func ootfReferenceValues() {
        let cases: [(Double, Double)] = [(1.0 / 12, 50.69702849), (0.5, 435.27528165), (1, 1000)]
        for (e, luminance) in cases {
            let out = HLG.ootf(Self.gray(e), peakLuminance: 1000)
            #expect(Self.close(out.x, luminance, 1e-9) && out.x == out.y && out.y == out.z)
        }
        // Luminance-based: a saturated colour is scaled by Y_S^(γ−1) of its own luminance.
        let red = HLG.ootf(SIMD3(0.5, 0, 0), peakLuminance: 1000)
        #expect(Self.close(red.x, 1000 * 0.5 * pow(0.2627 * 0.5, 0.2)))
        #expect(red.y == 0 && red.z == 0)
        #expect(HLG.ootf(.zero, peakLuminance: 1000) == .zero)
        // Below about 300 cd/m² the extended system gamma is < 1, so Y_S^(γ−1) has a pole at black: no light must
        // still give zero, not 0·∞ = NaN (e.g. HLG on a 203 cd/m² SDR display).
        #expect(HLG.systemGamma(peakLuminance: 203) < 1)
        #expect(HLG.ootf(.zero, peakLuminance: 203) == .zero)
        #expect(HLG.eotf(.zero, peakLuminance: 203, blackLuminance: 0) == .zero)
        #expect(HLG.ootf(Self.gray(.nan), peakLuminance: 1000).x.isNaN)
    }

    /// inverseOOTF ∘ OOTF is the identity for colours and several peaks and gammas.
    @Test func ootfRoundTrip() {
        let colours: [SIMD3<Double>] = [SIMD3(0.2, 0.5, 0.8), SIMD3(1, 0, 0), SIMD3(0.01, 0.02, 0.005), Self.gray(1)]
        for peak in [400.0, 1000, 4000] {
            for colour in colours {
                let back = HLG.inverseOOTF(HLG.ootf(colour, peakLuminance: peak), peakLuminance: peak)
                #expect(Self.distance(back, colour) < 1e-12)
                let custom = HLG.inverseOOTF(
                    HLG.ootf(colour, peakLuminance: peak, gamma: 1.3), peakLuminance: peak, gamma: 1.3)
                #expect(Self.distance(custom, colour) < 1e-12)
            }
        }
    }

    /// BT.2100-2 black lift β = √(3·(L_B/L_W)^(1/γ)): 0.0107102135 for L_B = 0.005, L_W = 1000.
    @Test func blackLift() {
        #expect(Self.close(HLG.blackLift(peakLuminance: 1000, blackLuminance: 0.005), 0.010710213522603528, 1e-12))
        #expect(HLG.blackLift(peakLuminance: 1000, blackLuminance: 0) == 0)
    }

    /// The EOTF maps signal 0 to L_B and 1 to L_W; BT.2408: HLG 75 % on a 1000 cd/m² display is 203.152 cd/m²
    /// (the HDR reference white), and the inverse EOTF recovers the signal.
    @Test func eotf() {
        let black = 0.005
        #expect(Self.close(HLG.eotf(.zero, peakLuminance: 1000, blackLuminance: black).x, black, 1e-9))
        // Signal 1 decodes to E = 1.0000000329 with BT.2100's 8-digit constants, hence 3·10⁻⁸ relative.
        #expect(Self.close(HLG.eotf(Self.gray(1), peakLuminance: 1000, blackLuminance: black).x, 1000, 5e-8))
        let white = HLG.eotf(Self.gray(0.75), peakLuminance: 1000, blackLuminance: 0)
        #expect(Self.close(white.x, 203.15214593754538, 1e-12))
        #expect(Swift.abs(white.x - 203.152) < 5e-4)
        for signal in [SIMD3(0.75, 0.5, 0.25), SIMD3(0.1, 0.9, 0.6), Self.gray(0.02)] {
            for (peak, blackLevel) in [(1000.0, 0.005), (2000, 0.01), (600, 0)] {
                let display = HLG.eotf(signal, peakLuminance: peak, blackLuminance: blackLevel)
                let back = HLG.inverseEOTF(display, peakLuminance: peak, blackLuminance: blackLevel)
                #expect(Self.distance(back, signal) < 1e-12)
            }
        }
        // Out-of-gamut display light (a negative component) gives negative scene light from the inverse OOTF; it is
        // clipped to 0 before the OETF, so that component becomes signal 0 (black) rather than a negative signal.
        let outside = HLG.inverseEOTF(SIMD3(-10, 100, 100), peakLuminance: 1000, blackLuminance: 0)
        #expect(outside.x == 0 && outside.y > 0.5 && outside.z > 0.5)
    }
}
