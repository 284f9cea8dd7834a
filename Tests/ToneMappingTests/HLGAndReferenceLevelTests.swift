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

    @Test("HLG bulk decode matches the Double form")
    func hlgBulk() {
        let hlg = HLGDisplayAdaptation(displayHeadroom: 2)
        let pixels: [SIMD3<Float>] = [SIMD3(0.75, 0.75, 0.75), SIMD3(1, 0.2, 0), SIMD3(0, 0, 0), SIMD3(0.38, 0.5, 0.9)]
        let out = withPlanes(pixels) { hlg.linearize(red: $0, green: $1, blue: $2) }
        for (p, o) in zip(pixels, out) {
            let want = hlg.linear(fromSignal: SIMD3(Double(p.x), Double(p.y), Double(p.z)))
            #expect((SIMD3<Double>(Double(o.x), Double(o.y), Double(o.z)) - want).maxMagnitude < 1e-6)
        }
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
