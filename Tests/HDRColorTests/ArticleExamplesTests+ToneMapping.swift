// swift-format-ignore-file
// (The code here is the DocC articles' code, compared verbatim with them: it keeps the articles' layout.)
import Foundation
import HDRColor
import Testing

/// "Choosing a tone mapping operator": every Swift block of the article, in order, with checks of the numbers the
/// article quotes.
extension ArticleExamplesTests {
    /// An RGBA float buffer filled from `f` (alpha 1).
    static func floatBuffer(width: Int, height: Int, _ f: (Int, Int) -> SIMD3<Float>) throws -> PixelBuffer {
        var buffer = try PixelBuffer(format: .rgbaFloat, width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let c = f(x, y)
                buffer.setPixel(SIMD4(c.x, c.y, c.z, 1), x: x, y: y)
            }
        }
        return buffer
    }

    @Test("Choosing a tone mapping operator")
    func choosingAToneMappingOperator() throws {
        let content = ContentLuminance(masteringPeak: 1000, maxContentLightLevel: 1200).headroom()  // 1000 / 203
        let edr = ToneMapper(.headroom, contentHeadroom: content, displayHeadroom: 2)
        let bt2390 = ToneMapper(.bt2390, contentHeadroom: content, displayHeadroom: 2)
        let mpv = ToneMapper(.bt2390Libplacebo, contentHeadroom: content, displayHeadroom: 2)
        let reinhard = ToneMapper(.reinhard, contentHeadroom: content, displayHeadroom: 2)
        let clip = ToneMapper(.clip, contentHeadroom: content, displayHeadroom: 2)
        let sdr = ToneMapper(.bt2446A, contentHeadroom: content, displayHeadroom: 1)
        #expect(abs(content - 1000 / 203) < 1e-12)

        let white = edr.map(SIMD3(repeating: 1.0))       // (1, 1, 1): below the knee, untouched
        let peak = edr.map(SIMD3(repeating: content))    // (2, 2, 2): the content peak lands on the display peak
        let orange = edr.map(SIMD3(4.0, 2.0, 0.5))       // scaled by f(4)/4: max(R, G, B) drives, hue kept
        #expect(white == SIMD3(repeating: 1) && abs(peak.x - 2) < 1e-12 && peak.x == peak.z)
        #expect(abs(orange.x / orange.y - 2) < 1e-12 && abs(orange.y / orange.z - 4) < 1e-12 && orange.x < 2)
        guard case .headroom(let curve) = edr, case .bt2390(let spec) = bt2390, case .bt2390(let placebo) = mpv else {
            Issue.record("unexpected operators")
            return
        }
        print(curve.kneePoint, spec.kneePoint, placebo.kneePoint)
        #expect(curve.kneePoint == 1)
        #expect(abs(spec.kneePoint - 1.26) < 0.01 && abs(placebo.kneePoint - 0.79) < 0.01)
        #expect(abs(clip.map(SIMD3(4, 1, 0.5)).x - 2) < 1e-12 && clip.map(SIMD3(4, 1, 0.5)).y == 1)
        print(sdr.map(SIMD3(repeating: 1)), reinhard.map(SIMD3(repeating: 1)))
        #expect(abs(sdr.map(SIMD3(repeating: 1)).x - 0.41) < 0.01)  // 203 cd/m² → 0.41 of SDR white
        #expect(abs(ExtendedReinhard(contentHeadroom: 4, displayHeadroom: 1).map(1.0) - 0.53125) < 1e-12)
        let wide = HeadroomCurve(contentHeadroom: 49.26, displayHeadroom: 2)
        print(wide.map(4.0), wide.map(16.0))
        #expect(abs(wide.map(4.0) - 1.63) < 0.005 && abs(wide.map(16.0) - 1.87) < 0.005)

        let count = 1024
        let planes = (0..<3).map { _ in UnsafeMutableBufferPointer<Float>.allocate(capacity: count) }
        defer { planes.forEach { $0.deallocate() } }
        for i in 0..<count { (planes[0][i], planes[1][i], planes[2][i]) = (Float(i) / 200, Float(i) / 400, 0.1) }
        let (red, green, blue) = (planes[0], planes[1], planes[2])
        let fast = edr.tabulated()                       // a table within 2e-5 of the exact curve
        fast.apply(red: red, green: green, blue: blue)  // in place over UnsafeMutableBufferPointer<Float> planes
        for i in 0..<count {
            let exact = edr.map(SIMD3(Double(i) / 200, Double(i) / 400, 0.1))
            #expect(abs(Double(red[i]) - exact.x) <= 2e-5 * max(exact.x, 1e-3), "\(i)")
        }

        // A decoded 'x420' PQ frame: BT.2020 blue at 1000 cd/m² in the top-left 2 × 2 block, grey elsewhere.
        let frame = try PixelConverter(
            from: PixelEncoding(format: .rgbaFloat, colorSpace: .bt2100PQ),
            to: PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)
        ).convert(try Self.floatBuffer(width: 16, height: 8) { x, y in
            let pq = Float(TransferFunction.pq.fromLinear(0.1))
            return x < 2 && y < 2 ? SIMD3(0, 0, pq) : SIMD3(repeating: Float(TransferFunction.pq.fromLinear(0.0203)))
        })

        var options = PixelConverter.Options()
        options.toneMapping = .displayHeadroom(2, content: ContentLuminance(masteringPeak: 1000), method: .bt2390)
        let converter = try PixelConverter(
            from: PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance),
            to: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3), options: options)
        print(converter.plan)
        // read 'x420', upsample chroma, matrix, PQ EOTF (SMPTE ST 2084) · × 49.2611 (10 000 ÷ 203 cd/m²), tone map,
        // matrix, fit the headroom, write 'RGhA'
        let shown = try converter.convert(frame)
        let highlight = shown.pixel(x: 0, y: 0)  // R, G, B, A: every component ≤ 2, whatever the frame holds
        #expect("\(converter.plan)" == "read 'x420', upsample chroma, matrix, PQ EOTF (SMPTE ST 2084) · × 49.2611 (10 000 ÷ 203 cd/m²), tone map, matrix, fit the headroom, write 'RGhA'")
        #expect(converter.plan.steps.contains { $0.name == "tone map" && $0.detail.hasPrefix("bt2390 4.92611× → 2× headroom, on luminance") })
        #expect(String(reflecting: converter.plan).contains("fit the headroom: max(R, G, B) ≤ 2 in Display P3"))
        #expect(highlight.z <= 2 && highlight.z > highlight.x && highlight.w == 1)
        for y in 0..<8 { for p in shown.withView({ Array($0.pixels(inRow: y)) }) { #expect(max(p.x, p.y, p.z) <= 2) } }

        // The numbers of "The headroom is kept" and "Luminance or saturation", in Double.
        let matrixToP3 = RGBPrimaries.bt2020.conversionMatrix(to: .displayP3)
        let (w2020, wP3) = (RGBPrimaries.bt2020.luminanceCoefficients, RGBPrimaries.displayP3.luminanceCoefficients)
        let onLuminance = ToneMapper(.bt2390, contentHeadroom: 1000 / 203, displayHeadroom: 2, application: .luminance(w2020))
        let blueP3 = matrixToP3 * onLuminance.map(SIMD3(0, 0, 1000 / 203))
        print("blue", blueP3, (blueP3 * wP3).sum())
        #expect(abs((blueP3 * wP3).sum() - 0.29) < 0.005 && abs(blueP3.z - 5.0) < 0.05)
        let headroomCurve = ToneMapper(.headroom, contentHeadroom: 1000 / 203, displayHeadroom: 2, application: .luminance(w2020))
        let fit = HeadroomFit(headroom: 2, primaries: .displayP3)
        let keptRed = fit.map(matrixToP3 * headroomCurve.map(SIMD3(1000 / 203, 0, 0)))
        let luminanceFit = HeadroomFit(headroom: 2, primaries: .displayP3, priority: .luminance)
        let lightRed = luminanceFit.map(matrixToP3 * headroomCurve.map(SIMD3(1000 / 203, 0, 0)))
        let onMax = matrixToP3 * ToneMapper(.headroom, contentHeadroom: 1000 / 203, displayHeadroom: 2).map(SIMD3(1000 / 203, 0, 0))
        let saturatedRed = luminanceFit.map(onMax)
        let same: SIMD3<Double> = fit.map(onMax) - keptRed
        #expect(max(abs(same.x), abs(same.y), abs(same.z)) < 1e-12)
        #expect(abs((keptRed * wP3).sum() - 0.39) < 0.005 && abs(keptRed.x - 2) < 1e-12 && abs(keptRed.y + 0.10) < 0.005 && abs(keptRed.z) < 0.005)
        #expect(abs((lightRed * wP3).sum() - 1.22) < 0.005 && (lightRed - SIMD3(2, 0.99, 1.04)).max() < 0.005 && (SIMD3(2, 0.99, 1.04) - lightRed).max() < 0.005)
        #expect(abs((saturatedRed * wP3).sum() - 0.53) < 0.005 && abs(saturatedRed.y - 0.08) < 0.005 && abs(saturatedRed.z - 0.17) < 0.005)

        let thumbnail = DynamicRange.constrainedHigh.toneMapper(contentHeadroom: content, displayHeadroom: 16)
        options.toneMapping = .custom(thumbnail)  // runs as it is: the headroom curve on max(R, G, B), to 2×
        #expect(thumbnail == ToneMapper(.headroom, contentHeadroom: content, displayHeadroom: 2))
        let custom = try PixelConverter(
            from: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3),
            to: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3), options: options)
        #expect(custom.plan.steps.contains { $0.name == "tone map" && $0.detail == "ToneMapper.headroom(HeadroomCurve(contentHeadroom: 4.92611, displayHeadroom: 2, shoulderStops: 1, application: .maxRGB))" })
        #expect(custom.plan.steps.contains { $0.name == "fit the headroom" })

        let hlg600 = HLGDisplayAdaptation(displayHeadroom: 600 / 203)
        let hlgWhite = hlg600.linear(fromSignal: SIMD3(repeating: 0.75))  // 0.68: 75 % is 138 cd/m² on this display
        print(hlg600.systemGamma)                                          // 1.107 = 1.2 + 0.42·log10(600 / 1000)
        #expect(abs(hlgWhite.x - 0.68) < 0.005 && abs(hlg600.systemGamma - 1.107) < 0.001)
        #expect(abs(hlg600.linear(fromSignal: SIMD3(repeating: 1)).x - 600.0 / 203) < 1e-6)

        let toP3 = GamutMapper(from: .bt2020, to: .displayP3)  // soft compression, knee 0.8
        let green2020 = toP3.map(SIMD3(0, 1, 0))                // BT.2020 green: inside P3, same luminance
        let y = (green2020 * RGBPrimaries.displayP3.luminanceCoefficients).sum()
        #expect(green2020.min() >= -1e-12 && abs(y - RGBPrimaries.bt2020.luminanceCoefficients.y) < 1e-9)
    }
}
