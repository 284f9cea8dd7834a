import ColorSpaces
import Foundation
import Testing
import TransferFunctions
@testable import ToneMapping

/// HLG display adaptation (ITU-R BT.2100-2 Table 5 and note; BT.2390 extended system gamma) and the ITU-R BT.2408
/// reference levels carried through decode → tone map.
@Suite("HLG adaptation and BT.2408 levels")
struct HLGAndReferenceLevelTests {
    @Test("System gamma: 1.2 at 1000 cd/m²; log form at 400; extended form 1.481 at 4000 (BT.2100 note, BT.2390)")
    func systemGamma() {
        #expect(abs(HLGDisplayAdaptation(displayHeadroom: 1000.0 / 203).systemGamma - 1.2) < 1e-12)
        let at400 = HLGDisplayAdaptation(displayHeadroom: 400.0 / 203).systemGamma
        #expect(abs(at400 - (1.2 + 0.42 * log10(0.4))) < 1e-12)
        let at4000 = HLGDisplayAdaptation(displayHeadroom: 4000.0 / 203).systemGamma
        #expect(abs(at4000 - 1.2 * pow(1.111, 2)) < 1e-12 && abs(at4000 - 1.481) < 1e-3)
        let logarithmic = HLGDisplayAdaptation(displayHeadroom: 4000.0 / 203, gammaFormula: .logarithmic).systemGamma
        #expect(abs(logarithmic - 1.453) < 1e-3)
    }

    @Test("BT.2408: HLG 75 % → 203.152 cd/m² on a 1000 cd/m² display; signal 1.0 lands on the display headroom")
    func hlgReferenceWhite() {
        let hlg = HLGDisplayAdaptation(displayHeadroom: 1000.0 / 203)
        let white = hlg.linear(fromSignal: SIMD3(repeating: 0.75))
        #expect(abs(white.x * 203 - 203.152) < 1e-3)
        for headroom in [1.0, 2, 4.926, 8, 16] {
            let adapted = HLGDisplayAdaptation(displayHeadroom: headroom)
            // The HLG constants put OETF⁻¹(1) at 1 + 2.5e-8 (BT.2100 rounds a to 8 digits), hence 1e-7.
            #expect(abs(adapted.linear(fromSignal: SIMD3(repeating: 1)).x - headroom) < 1e-7 * headroom)
            let back = adapted.signal(fromLinear: adapted.linear(fromSignal: SIMD3(0.75, 0.5, 0.25)))
            #expect((back - SIMD3(0.75, 0.5, 0.25)).maxMagnitude < 1e-9)
        }
    }

    /// The display peak is headroom × reference white for any reference white: with 1.0 = 100 cd/m², headroom 10 is
    /// a 1000 cd/m² display (γ = 1.2), where HLG 75 % is 203.152 cd/m² (BT.2408), i.e. 2.03152.
    @Test("Reference white 100 cd/m²: headroom 10 is a 1000 cd/m² display; HLG 75 % → 2.03152")
    func hlgWithSDRReferenceWhite() {
        let hlg = HLGDisplayAdaptation(displayHeadroom: 10, referenceWhite: 100)
        #expect(hlg.peakLuminance == 1000 && abs(hlg.systemGamma - 1.2) < 1e-12)
        let white = hlg.linear(fromSignal: SIMD3(repeating: 0.75))
        #expect(abs(white.x - 2.03152) < 1e-5)
    }

    @Test("Invalid headroom falls back to a 1000 cd/m² display whatever the reference white")
    func invalidHeadroomFallback() {
        for white in [203.0, 100] {
            for headroom in [Double.nan, .infinity, 0, -2] {
                let hlg = HLGDisplayAdaptation(displayHeadroom: headroom, referenceWhite: white)
                #expect(hlg.peakLuminance == 1000 && abs(hlg.systemGamma - 1.2) < 1e-12, "\(headroom) at \(white)")
            }
        }
    }

    /// One HLG display-light implementation: the adaptation and the float64 reference conversion agree, for BT.2020
    /// (BT.2100 weights) and for Display P3 HLG (P3's own weights), where the two used to differ.
    @Test("HLG adaptation and ColorSpace.Conversion share one OOTF, with the luminance weights of the primaries")
    func oneHLGDisplayModel() {
        let signals: [SIMD3<Double>] = [SIMD3(0.75, 0.75, 0.75), SIMD3(1, 0.2, 0), SIMD3(0.38, 0.5, 0.9)]
        for (space, primaries) in [(ColorSpace.bt2100HLG, RGBPrimaries.bt2020), (.displayP3HLG, .displayP3)] {
            let adaptation = HLGDisplayAdaptation(displayHeadroom: 1000.0 / 203, primaries: primaries)
            let linear = ColorSpace(
                name: "linear", primaries: primaries, transferFunction: .linear, outOfRange: .extended)
            let reference = ColorSpace.Conversion(from: space, to: linear)
            for s in signals {
                let difference = adaptation.linear(fromSignal: s) - reference.apply(s)
                #expect(difference.maxMagnitude < 1e-12, "\(space.name) \(s)")
            }
        }
        // The weights differ: P3's red weight (0.2290) is below BT.2100's (0.2627), so with γ > 1 a saturated red gets
        // less OOTF gain under P3 weights.
        let p3 = HLGDisplayAdaptation(displayHeadroom: 4, primaries: .displayP3).linear(fromSignal: SIMD3(1, 0, 0))
        let bt2100 = HLGDisplayAdaptation(displayHeadroom: 4).linear(fromSignal: SIMD3(1, 0, 0))
        #expect(p3.x * 1.01 < bt2100.x)
    }

    @Test("BT.2408: PQ reference white 0.5806888810 → 1.0, 18 % grey (26 cd/m²) and white pass the EDR curve unchanged")
    func pqLevelsThroughChain() {
        let white = TransferFunction.pq.toLinear(0.5806888810416109) * 10_000 / ReferenceWhite.bt2408
        #expect(abs(white - 1) < 1e-9)
        let grey = TransferFunction.pq.toLinear(0.3800322743334056) * 10_000 / ReferenceWhite.bt2408
        let curve = HeadroomCurve(contentHeadroom: ContentLuminance(masteringPeak: 1000).headroom(), displayHeadroom: 2)
        #expect(curve.map(white) == white)
        #expect(curve.map(grey) == grey && abs(grey * 203 - 26) < 1e-6)
        // The BT.2390 EETF to a 400 cd/m² display also keeps both (BT.2390 worked example: 203 unchanged).
        let eetf = BT2390EETF(contentHeadroom: 1000.0 / 203, displayHeadroom: 400.0 / 203)
        #expect(abs(eetf.map(white) - white) < 1e-12 && abs(eetf.map(grey) - grey) < 1e-12)
        // Through SDR (headroom 1) the EDR curve keeps 18 % grey and puts reference white at 0.730 of SDR white.
        let sdr = HeadroomCurve(contentHeadroom: 1000.0 / 203, displayHeadroom: 1)
        #expect(sdr.map(grey) == grey && abs(sdr.map(white) - 0.7301) < 1e-3)
    }

    @Test("Content headroom from metadata: min(MaxCLL, mastering peak), default 1000 cd/m², at 203 or 100 cd/m²")
    func contentHeadroom() {
        #expect(ContentLuminance().headroom() == 1000.0 / 203)
        #expect(ContentLuminance(masteringPeak: 4000, maxContentLightLevel: 1500).headroom() == 1500.0 / 203)
        #expect(ContentLuminance(masteringPeak: 4000, maxContentLightLevel: 0).headroom(referenceWhite: 100) == 40)
        #expect(ContentLuminance(masteringPeak: 150).headroom(referenceWhite: 203) == 1)
        #expect(ContentLuminance(masteringPeak: .nan).headroom(referenceWhite: -1) == 1)
        #expect(ContentLuminance(masteringBlack: 0.005).blackLuminance == 0.005)
    }
}
