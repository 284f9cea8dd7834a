// swift-format-ignore-file
// (The code here is the DocC articles' code, compared verbatim with them: it keeps the articles' layout.)
import Foundation
import HDRColor
import Testing

/// "Exporting HLG and PQ video frames": every Swift block of the article, in order, with checks of what it promises.
extension ArticleExamplesTests {
    /// An RGBA half buffer filled from `f` (alpha 1).
    static func halfBuffer(width: Int, height: Int, _ f: (Int, Int) -> SIMD3<Float>) throws -> PixelBuffer {
        var buffer = try PixelBuffer(format: .rgbaHalf, width: width, height: height)
        buffer.withMutableView { view in
            for y in 0..<height {
                let row = view.plane(0).row(y, as: UInt16.self)
                for x in 0..<width {
                    let c = f(x, y)
                    (row[4 * x], row[4 * x + 1]) = (HalfFloat.bits(from: c.x), HalfFloat.bits(from: c.y))
                    (row[4 * x + 2], row[4 * x + 3]) = (HalfFloat.bits(from: c.z), HalfFloat.bits(from: Float(1)))
                }
            }
        }
        return buffer
    }

    /// The RGB of every pixel of an RGBA half or float buffer.
    static func rgb(_ buffer: PixelBuffer) -> [SIMD3<Float>] {
        buffer.withView { view in
            (0..<view.height).flatMap { y -> [SIMD3<Float>] in
                if view.format == .rgbaFloat {
                    let row = view.plane(0).row(y, as: Float.self)
                    return (0..<view.width).map { SIMD3(row[4 * $0], row[4 * $0 + 1], row[4 * $0 + 2]) }
                }
                let row = view.plane(0).row(y, as: UInt16.self)
                return (0..<view.width).map { x in
                    SIMD3((0..<3).map { HalfFloat.float(fromBits: row[4 * x + $0]) })
                }
            }
        }
    }

    @Test("Exporting HLG and PQ video frames")
    func exportingVideoFrames() throws {
        let (width, height) = (64, 36)
        // A smooth frame: a grey ramp from 0.02 to 4 (4 … 800 cd/m²) across, more saturated orange downwards, inside
        // Display P3 and below the HLG peak; the first 2 × 2 block is reference white.
        func colour(_ x: Int, _ y: Int) -> SIMD4<Float> {
            if x < 2, y < 2 { return SIMD4(repeating: 1) }
            let l = 0.02 * pow(Float(200), Float(x) / Float(width - 1))
            let s = 0.6 * Float(y) / Float(height - 1)
            return SIMD4(l * (1 - 0.2 * s), l * (1 - 0.5 * s), l * (1 - s), 1)
        }

        let edr = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
        let hlg = PixelEncoding(format: .x420, colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance)
        var options = PixelConverter.Options()
        options.referenceWhite = 203     // cd/m² that EDR 1.0 stands for (the default)
        options.hlgPeakLuminance = 1000  // the HLG reference display: system gamma 1.2 (the default)
        let toHLG = try PixelConverter(from: edr, to: hlg, options: options)
        print(toHLG.plan)
        // read 'RGhA', ±∞ → ±10³⁰, matrix, HLG inverse OOTF, fit the HLG signal range, HLG OETF,
        // clamp to [0, 1] (BT.2100 HLG is clamped), matrix, downsample chroma, write 'x420'
        #expect("\(toHLG.plan)" == "read 'RGhA', ±∞ → ±10³⁰, matrix, HLG inverse OOTF, fit the HLG signal range, HLG OETF, clamp to [0, 1] (BT.2100 HLG is clamped), matrix, downsample chroma, write 'x420'")
        #expect(String(reflecting: toHLG.plan).contains("fit the HLG signal range: max(R, G, B) ≤ 1 in scene light (BT.2020)"))

        let pq = PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)
        let toPQ = try PixelConverter(from: edr, to: pq, options: options)
        #expect(toPQ.plan.steps.contains { $0.name == "PQ inverse EOTF (SMPTE ST 2084)" })

        var rendered = try PixelBuffer(format: .rgbaHalf, width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { rendered.setPixel(colour(x, y), x: x, y: y) }  // SIMD4<Float>: R, G, B, A
        }

        var frame = try PixelBuffer(format: .x420, width: width, height: height)
        try rendered.withView { source in try frame.withMutableView { try toHLG.convert(source, to: $0) } }

        let white = frame.pixel(x: 0, y: 0)  // (0.75, 0, 0, 1): Y′ = HLG 75 %, Cb = Cr = 0
        #expect(white == SIMD4(0.75, 0, 0, 1))

        let (luma, cb) = frame.withView { view in
            (view.plane(0).row(0, as: UInt16.self)[0] >> 6, view.plane(1).row(0, as: UInt16.self)[0] >> 6)
        }
        // luma 721 (HLG 0.75 ≈ 203 cd/m² on the 1000 cd/m² reference display), cb 512
        #expect(luma == 721 && cb == 512)
        var pqFrame = try PixelBuffer(format: .x420, width: width, height: height)
        try rendered.withView { source in try pqFrame.withMutableView { try toPQ.convert(source, to: $0) } }
        #expect(pqFrame.withView { $0.plane(0).row(0, as: UInt16.self)[0] >> 6 } == 573)

        let cicp = try CICP(colorSpace: hlg.colorSpace, matrix: hlg.matrix, range: .narrow)  // 9/18/9/0
        let primaries = cicp.primaries.name(in: .avFoundation)  // "ITU_R_2020": AVVideoColorPrimaries_ITU_R_2020
        let transfer = cicp.transfer.name(in: .avFoundation)    // "ITU_R_2100_HLG": AVVideoTransferFunction_ITU_R_2100_HLG
        let matrix = cicp.matrix.name(in: .avFoundation)        // "ITU_R_2020": AVVideoYCbCrMatrix_ITU_R_2020
        let siting = hlg.effectiveChromaLocation                // .topLeft: chroma_sample_loc_type 2, "TopLeft"
        #expect(cicp == .bt2100HLGVideo && "\(cicp)" == "9/18/9/0")
        #expect(primaries == "ITU_R_2020" && transfer == "ITU_R_2100_HLG" && matrix == "ITU_R_2020")
        #expect(siting == .topLeft && siting.chromaSampleLocationType == 2 && siting.coreVideoName == "TopLeft")
        let described = try PixelEncoding(cicp: cicp, format: .x420, chromaLocation: siting)
        #expect(described.colorSpace == hlg.colorSpace && described.matrix == hlg.matrix)
        #expect(described.effectiveFormat == hlg.effectiveFormat)

        var fitted = options
        fitted.toneMapping = .displayHeadroom(1000 / 203, content: ContentLuminance(maxContentLightLevel: 4000))
        fitted.gamut = .softClip
        let fittedHLG = try PixelConverter(from: edr, to: hlg, options: fitted)
        #expect(fittedHLG.plan.steps.contains { $0.name == "tone map" })
        #expect(fittedHLG.plan.steps.contains { $0.name == "highlight shoulder" })
        // A saturated highlight at 19.7× (4000 cd/m²) keeps its hue: R > G > B after the round trip.
        let highlight = try Self.halfBuffer(width: 2, height: 2) { _, _ in SIMD3(19.7, 9, 3) }
        var highlightFrame = try PixelBuffer(format: .x420, width: 2, height: 2)
        try highlight.withView { s in try highlightFrame.withMutableView { try fittedHLG.convert(s, to: $0) } }

        let leftSited = PixelEncoding(
            format: .x420, colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance, chromaLocation: .left)
        let leftHLG = try PixelConverter(from: edr, to: leftSited, options: options)
        // chroma_sample_loc_type 0; the plan says "[¼ ½ ¼] × [½ ½] around Left-sited samples"
        #expect(leftSited.effectiveChromaLocation.chromaSampleLocationType == 0)
        #expect(leftHLG.plan.steps.contains { $0.detail.contains("[¼ ½ ¼] × [½ ½] around Left-sited samples") })

        let fromHLG = try PixelConverter(from: hlg, to: edr, options: options)
        var decoded = try PixelBuffer(format: .rgbaHalf, width: width, height: height)
        try frame.withView { source in try decoded.withMutableView { try fromHLG.convert(source, to: $0) } }
        let back = decoded.pixel(x: 0, y: 0)  // ≈ (1, 1, 1, 1): reference white, as rendered
        #expect(abs(back.x - 1) < 0.01 && abs(back.z - 1) < 0.01 && back.w == 1)

        // "HLG: display peak and system gamma": Display P3 blue at 4× needs scene light 1.26; blue fits up to 3.0×.
        let display = HLG.Display(peakLuminance: 1000, blackLuminance: 0, systemGamma: nil, primaries: .bt2020)
        func scene(_ p3: SIMD3<Double>) -> SIMD3<Double> {
            display.inverseOOTF(RGBPrimaries.displayP3.conversionMatrix(to: .bt2020) * p3 * 203)
        }
        print(scene(SIMD3(0, 0, 4)))
        #expect(abs(scene(SIMD3(0, 0, 4)).max() - 1.26) < 0.005)
        #expect(scene(SIMD3(0, 0, 2.98)).max() < 1 && scene(SIMD3(0, 0, 3.08)).max() > 1)

        var highlightBack = try PixelBuffer(format: .rgbaHalf, width: 2, height: 2)
        try highlightFrame.withView { s in try highlightBack.withMutableView { try fromHLG.convert(s, to: $0) } }
        let kept = Self.rgb(highlightBack)[0]
        let weights = SIMD3<Float>(RGBPrimaries.displayP3.luminanceCoefficients)
        #expect(kept.x > kept.y && kept.y > kept.z && (kept * weights).sum() <= 1000 / 203 + 0.01)

        // Luminance within 1 %, components within 3 % of the pixel's largest, for HLG and for PQ.
        let fromPQ = try PixelConverter(from: pq, to: edr, options: options)
        var decodedPQ = try PixelBuffer(format: .rgbaHalf, width: width, height: height)
        try pqFrame.withView { source in try decodedPQ.withMutableView { try fromPQ.convert(source, to: $0) } }
        for result in [decoded, decodedPQ] {
            var (luminance, component): (Float, Float) = (0, 0)
            for (a, b) in zip(Self.rgb(rendered), Self.rgb(result)) {
                luminance = max(luminance, abs((a * weights).sum() - (b * weights).sum()) / (a * weights).sum())
                let d: SIMD3<Float> = a - b
                component = max(component, max(abs(d.x), abs(d.y), abs(d.z)) / a.max())
            }
            #expect(luminance < 0.01 && component < 0.03, "luminance \(luminance), component \(component)")
        }
    }
}
