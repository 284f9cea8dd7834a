// swift-format-ignore-file
// (The code here is the DocC articles' code, compared verbatim with them: it keeps the articles' layout.)
import Foundation
import HDRColor
import Testing

/// "Conventions: reference white, headroom, negative values": the code block, and spot checks of the facts the
/// article states that are not tested elsewhere under the same wording.
extension ArticleExamplesTests {
    @Test("Conventions: SDR video is display light (BT.1886), the OETF on request; where reference white lands")
    func conventionsSDRVideo() throws {
        let shadow = TransferFunction.pq.fromLinear(5.0 / 10_000)
        let display = ColorSpace.Conversion(from: .bt2100PQ, to: .bt709).apply(SIMD3(repeating: shadow))  // ≈ 0.2137
        let scene = ColorSpace.Conversion(
            from: .bt2100PQ, to: .bt709, options: ColorSpace.Conversion.Options(sdrVideoReferral: .scene))
        let camera = scene.apply(SIMD3(repeating: shadow))                                                  // ≈ 0.1086

        #expect(abs(display.y - pow(5.0 / 203, 1 / 2.4)) < 1e-12 && abs(display.y - 0.2137) < 1e-4)
        #expect(abs(camera.y - 0.1086) < 1e-4)
        #expect(Int((display.y * 255).rounded()) == 54 && Int((camera.y * 255).rounded()) == 28)
        #expect(TransferFunction.bt709.referred(to: .display) == .bt1886 && TransferFunction.bt709 != .bt1886)
        // Where reference white lands: the default curve onto SDR white (1×) for 1000 and 4000 cd/m² content.
        for (peak, fraction, code) in [(1000.0, 0.730, 224), (4000.0, 0.716, 222)] {
            let curve = HeadroomCurve(contentHeadroom: peak / 203, displayHeadroom: 1)
            #expect(curve.kneePoint == 0.5)
            let white = curve.map(1.0)
            #expect(abs(white - fraction) < 5e-4, "\(peak)")
            #expect(Int((pow(white, 1 / 2.4) * 255).rounded()) == code, "\(peak)")
        }
    }

    @Test("Conventions: reference white, headroom, negative values")
    func conventions() throws {
        let pqWhite = TransferFunction.pq.fromLinear(203.0 / 10_000)                         // 0.5806888810
        let hlgWhite = HLG.eotf(SIMD3(repeating: 0.75), peakLuminance: 1000, blackLuminance: 0)  // ≈ 203.15 cd/m²
        let edr = ColorSpace.Conversion(from: .bt2100PQ, to: .extendedLinearDisplayP3)
        let one = edr.apply(SIMD3(repeating: pqWhite))                                       // ≈ (1, 1, 1)
        let older = ColorSpace.Conversion(
            from: .bt2100PQ, to: .extendedLinearDisplayP3,
            options: ColorSpace.Conversion.Options(referenceWhite: 100))
        let twice = older.apply(SIMD3(repeating: pqWhite))                                   // ≈ (2.03, 2.03, 2.03)
        let headroom = ContentLuminance(maxContentLightLevel: 1000).headroom()               // 1000 / 203 ≈ 4.93
        let mirrored = TransferFunction.srgb.fromLinear(-0.5)                                // −0.7354 = −f(0.5)
        let clamped = TransferFunction.srgb.fromLinear(-0.5, outOfRange: .clamped)           // 0

        #expect(abs(pqWhite - 0.5806888810) < 1e-10)
        #expect(abs(hlgWhite.x - 203.15) < 0.01)
        #expect(abs(one.x - 1) < 1e-9 && abs(one.y - 1) < 1e-9 && abs(one.z - 1) < 1e-9)
        #expect(abs(twice.x - 2.03) < 1e-9)
        #expect(abs(headroom - 1000 / 203) < 1e-12 && abs(headroom - 4.93) < 0.005)
        #expect(abs(mirrored + TransferFunction.srgb.fromLinear(0.5)) < 1e-15 && abs(mirrored + 0.7354) < 1e-4)
        #expect(clamped == 0)

        // Signals and linear light.
        #expect(TransferFunction.pq.toLinear(1.0) == 1 && abs(PQ.eotf(1) - 10_000) < 1e-9)
        let bt1886 = TransferFunction.bt1886(whiteLuminance: 100, blackLuminance: 0.1)
        #expect(abs(bt1886.toLinear(0.0) - 0.001) < 1e-12)
        // Reference white and headroom.
        #expect(ReferenceWhite.bt2408 == 203 && ReferenceWhite.sdr == 100)
        #expect(PixelConverter.Options().referenceWhite == 203 && ColorSpace.Conversion.Options().referenceWhite == 203)
        #expect(ContentLuminance().headroom() == 1000.0 / 203)
        #expect(ContentLuminance(masteringPeak: 4000, maxContentLightLevel: 1500).peakLuminance == 1500)
        #expect(ContentLuminance(maxContentLightLevel: 50).headroom() == 1)
        #expect(abs(10_000 / 203 - 49.26) < 0.005)
        // HLG.
        #expect(HLG.systemGamma(peakLuminance: 1000) == 1.2)
        #expect(abs(HLG.systemGamma(peakLuminance: 4000) - 1.481) < 1e-3)
        #expect(abs(HLG.systemGamma(peakLuminance: 4000, formula: .logarithmic) - 1.453) < 1e-3)
        #expect(abs(HLG.systemGamma(peakLuminance: 600) - (1.2 + 0.42 * log10(0.6))) < 1e-12)
        #expect(HLG.lumaCoefficients == SIMD3(0.2627, 0.6780, 0.0593))
        #expect(RGBPrimaries.displayP3.hlgLuminanceCoefficients == RGBPrimaries.displayP3.luminanceCoefficients)
        let display = HLG.Display(peakLuminance: 1000, blackLuminance: 0.005)
        #expect(abs(display.blackLift - (3 * pow(0.005 / 1000, 1 / 1.2)).squareRoot()) < 1e-15)
        // Values outside [0, 1].
        #expect(ColorSpace.extendedLinearDisplayP3.outOfRange == .extended && ColorSpace.bt2100PQ.outOfRange == .clamped)
        #expect(ColorSpace.sRGB.outOfRange == .clamped && ColorSpace.bt2100HLG.outOfRange == .clamped)
        #expect(TransferFunction.srgb.toLinear(Double.nan).isNaN)
        #expect(HeadroomCurve(contentHeadroom: 4, displayHeadroom: 2).map(-0.25) == -0.25)
        // Curve details.
        #expect(TransferFunction.log100.toLinear(0.0) == 0 && TransferFunction.log100Sqrt10.toLinear(0.0) == 0)
        #expect(abs(TransferFunction.pq.fromLinear(0.0) - 7.309559025783966e-7) < 1e-15)
        #expect(abs(PQ.poleSignal - 1.99206) < 1e-5 && TransferFunction.pq.toLinear(PQ.poleSignal) == .infinity)
        #expect(TransferFunction.pq.fromLinear(Double.infinity) == PQ.poleSignal)
        #expect(abs(TransferFunction.hlg.fromLinear(1.0) - 0.9999999951) < 1e-10)
        let st428 = TransferFunction.st428
        #expect(abs(st428.fromLinear(2.0, outOfRange: .clamped) - 1) < 1e-12)
        // Quantisation.
        let q = try Quantization(bitDepth: 10, range: .narrow)
        #expect(q.quantize(luma: pqWhite) == 573 && q.quantize(luma: 1.5) == 1023 && q.quantize(luma: -1) == 0)
        #expect(q.dequantize(luma: 4) < 0 && q.dequantize(luma: 1019) > 1)  // foot- and headroom kept
        #expect((0...1023).allSatisfy { q.quantize(luma: q.dequantize(luma: $0)) == $0 })
        #expect(q.quantize(luma: .nan) == 64 && q.quantize(chroma: .nan) == 512)
        let full = try Quantization(bitDepth: 10, range: .full)
        #expect(full.quantize(chroma: 0) == 512 && full.quantize(luma: 1) == 1023)
        // Pixel conversion: the default options and siting.
        let options = PixelConverter.Options()
        #expect(options.hlgPeakLuminance == 1000 && options.hlgBlackLuminance == 0 && options.hlgSystemGamma == nil)
        #expect(options.chromaFilter == .bilinear && options.gamut == .extended)
        #expect(PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)
            .effectiveChromaLocation == .topLeft)
        #expect(PixelEncoding(format: .yuv420v, colorSpace: .bt709, matrix: .bt709).effectiveChromaLocation == .left)
    }
}
