import ColorSpaces
import Foundation
import MediaConversion
import PixelBuffers
import PixelConversion
import TestSupport
import Testing
import ToneMapping
import VideoFiles
import TransferFunctions
import VideoTestSupport

/// Tone mapping that follows the dynamic metadata's curves (`convert --source-peak dynamic --dynamic-curve
/// metadata`): the HDR10+ knee and Bézier curve for the display it targets, the Dolby Vision L1 curve with the L2
/// trim for the target. Both fixtures repeat one picture, so frames differ only by their metadata.
@Suite("Per-scene curves from dynamic metadata")
struct SceneCurveTests {
    /// Converts `movie` losslessly with per-scene tone mapping and `curve`; the report and the decoded frames.
    static func convert(
        _ movie: String, _ curve: ConversionRequest.Movie.DynamicCurve, request base: ConversionRequest,
        in folder: URL
    ) throws -> (MovieConversionReport, [PixelBuffer]) {
        var request = base
        request.movie.sourcePeak = .scene
        request.movie.dynamicCurve = curve
        let output = folder.appendingPathComponent("\(curve.rawValue).mp4")
        let report = try MediaConverter(request: request).convertMovie(Fixtures.url(movie), to: output)
        return (report, try MovieTestSupport.readAll(output))
    }

    /// Whether two buffers hold the same bytes in every plane.
    static func same(_ a: PixelBuffer, _ b: PixelBuffer) -> Bool {
        a.withView { x in
            b.withView { y in
                (0..<3).allSatisfy { p in
                    let (u, v) = (x.plane(p), y.plane(p))
                    return (0..<u.height).allSatisfy { r in
                        u.row(r).elementsEqual(v.row(r))
                    }
                }
            }
        }
    }

    /// Source frame `index` converted with `toneMapping` into `encoding` (lossless output: equal codes expected).
    static func expected(
        _ movie: String, frame index: Int, into encoding: PixelEncoding, toneMapping: PixelConverter.ToneMapping,
        referenceWhite: Double
    ) throws -> PixelBuffer {
        let source = try MovieTestSupport.readAll(Fixtures.url(movie))
        let reader = try MovieReader(contentsOf: Fixtures.url(movie))
        var options = PixelConverter.Options()
        options.referenceWhite = referenceWhite
        options.toneMapping = toneMapping
        let converter = try PixelConverter(from: reader.videoStream.encoding, to: encoding, options: options)
        return try source[index].withView { view in
            var out = try PixelBuffer(format: encoding.format, width: 64, height: 64)
            try out.withMutableView { try converter.convert(view, to: $0) }
            return out
        }
    }

    @Test(
        "HDR10+: the curve for a 400 cd/m² display drives its scene, one for 1000 cd/m² is adapted, none gives the peak"
    )
    func hdr10PlusCurve() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let movie = "movies/hdr10plus-curve-scenes.mp4"
        var request = ConversionRequest(colorSpace: .bt2100PQ, lossless: true)
        request.headroom = 400 / ReferenceWhite.bt2408
        let (curves, curveFrames) = try Self.convert(movie, .metadata, request: request, in: folder)
        let (peaks, peakFrames) = try Self.convert(movie, .peakOnly, request: request, in: folder)
        try #require(curveFrames.count == 6 && peakFrames.count == 6)
        let expectedFrames: [Range<Int>] = [0..<2, 2..<4, 4..<6]
        #expect(curves.scenes.map(\.frames) == expectedFrames)
        let expectedCurves: [MovieScene.Curve] = [
            .hdr10Plus(kneeX: 1024.0 / 4095, kneeY: 2048.0 / 4095, anchors: 9, targetedPeak: 400, targetPeak: 400),
            .peakOnly(note: nil),
            .hdr10Plus(kneeX: 2048.0 / 4095, kneeY: 2048.0 / 4095, anchors: 9, targetedPeak: 1000, targetPeak: 400),
        ]
        #expect(curves.scenes.map(\.curve) == expectedCurves)
        #expect(peaks.scenes.allSatisfy { $0.curve == .peakOnly(note: nil) })
        #expect(curves.scenes[0].description.hasSuffix("; HDR10+ curve (knee 0.25, 0.5; 9 anchors) for 400 cd/m²"))
        #expect(
            curves.scenes[2].description.hasSuffix(
                "; HDR10+ curve (knee 0.5, 0.5; 9 anchors) for 1000 cd/m², adapted to 400 cd/m²"))
        #expect(curves.plan.last?.hasPrefix("tone map per scene (3 scenes, the metadata's curve") == true)
        // The curves' scenes differ from the same picture mapped from its peak and from each other; the scene
        // without a curve does not.
        for index in [0, 4] { #expect(!Self.same(curveFrames[index], peakFrames[index]), "frame \(index)") }
        for index in 2..<4 { #expect(Self.same(curveFrames[index], peakFrames[index]), "frame \(index)") }
        #expect(!Self.same(curveFrames[0], curveFrames[4]))
        #expect(Self.same(curveFrames[0], curveFrames[1]) && Self.same(curveFrames[4], curveFrames[5]))

        // Frame 0 is the source converted with the Bézier curve on luminance, tabulated.
        let white = ReferenceWhite.bt2408
        let bezier = HDR10PlusBezierCurve(
            kneePointX: 1024.0 / 4095, kneePointY: 2048.0 / 4095,
            anchors: [200, 380, 540, 670, 780, 860, 920, 965, 995].map { Double($0) / 1023 }, sceneMaximum: 1000,
            targetPeak: 400, referenceWhite: white, application: .luminance(RGBPrimaries.bt2020.luminanceCoefficients))
        let table = TabulatedToneCurve(bezier, top: Float(1000 / white * 2), saturation: 1000 / white)
        let expected = try Self.expected(
            movie, frame: 0, into: curves.settings.encoding, toneMapping: .custom(ToneMapper.tabulated(table)),
            referenceWhite: white)
        #expect(Self.same(expected, curveFrames[0]))
        // Frame 4: the curve made for 1000 cd/m², adapted to 400.
        let adapted = HDR10PlusBezierCurve.adapted(
            kneePointX: 2048.0 / 4095, kneePointY: 2048.0 / 4095, anchors: bezier.anchors, sceneMaximum: 1000,
            targetedPeak: 1000, targetPeak: 400, referenceWhite: white, application: bezier.application)
        let adaptedTable = TabulatedToneCurve(adapted, top: Float(1000 / white * 2), saturation: 1000 / white)
        let expectedAdapted = try Self.expected(
            movie, frame: 4, into: curves.settings.encoding,
            toneMapping: .custom(ToneMapper.tabulated(adaptedTable)), referenceWhite: white)
        #expect(Self.same(expectedAdapted, curveFrames[4]))
    }

    @Test(
        "Dolby Vision: the L2 trim for the target (100 cd/m²) is applied on its shot; a shot without one is not trimmed"
    )
    func dolbyVisionTrim() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let movie = "movies/dv-8.1-trim-scenes.mp4"
        let request = ConversionRequest(colorSpace: .bt709, lossless: true, referenceWhite: 100)
        let (curves, frames) = try Self.convert(movie, .metadata, request: request, in: folder)
        let (_, peakFrames) = try Self.convert(movie, .peakOnly, request: request, in: folder)
        try #require(frames.count == 6 && peakFrames.count == 6)
        let expectedFrames: [Range<Int>] = [0..<2, 2..<4, 4..<6]
        #expect(curves.scenes.map(\.frames) == expectedFrames)
        let expectedCurves: [MovieScene.Curve] = [
            .dolbyVision(trimLevel: 2, targetPeak: 100), .dolbyVision(trimLevel: nil, targetPeak: 100),
            .dolbyVision(trimLevel: nil, targetPeak: 100),
        ]
        #expect(curves.scenes.map(\.curve) == expectedCurves)
        #expect(curves.scenes[0].description.contains("Dolby Vision L1 + L2 trim for 100 cd/m²"))
        #expect(curves.scenes[2].trims == ["L2 for 599.6 cd/m²"])
        // The trimmed shot differs from the untrimmed ones of the same picture and L1; those two are equal.
        #expect(!Self.same(frames[0], frames[2]))
        #expect(Self.same(frames[2], frames[4]))
        // Peak only: one curve (L1 max for every shot), every frame the same.
        for index in 1..<6 { #expect(Self.same(peakFrames[0], peakFrames[index])) }
        #expect(!Self.same(frames[2], peakFrames[2]))

        // Frame 0 is the source converted with the L1 curve and the trim (slope 2448, offset 1948, power 2348).
        func nits(_ code: Int) -> Double { 10_000 * TransferFunction.pq.toLinear(Double(code) / 4095) }
        let curve = DolbyVisionToneCurve(
            sourceMinimum: nits(0), sourceAverage: nits(1229), sourceMaximum: nits(3079), targetPeak: 100,
            trim: DolbyVisionTrim(
                slopeCode: 2448, offsetCode: 1948, powerCode: 2348, chromaWeightCode: 2048, saturationGainCode: 2048),
            referenceWhite: 100, application: .luminance(RGBPrimaries.bt2020.luminanceCoefficients))
        let table = TabulatedToneCurve(curve, top: Float(nits(3079) / 100 * 2), saturation: nits(3079) / 100)
        let expected = try Self.expected(
            movie, frame: 0, into: curves.settings.encoding, toneMapping: .custom(ToneMapper.tabulated(table)),
            referenceWhite: 100)
        #expect(Self.same(expected, frames[0]))
    }

    @Test("Dolby Vision: a neutral L2 trim (every code 2048) for the target leaves the L1 curve as it is, shot by shot")
    func neutralTrim() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let movie = "movies/x265-hdr10plus-dv-scenes.mp4"
        let request = ConversionRequest(colorSpace: .bt709, lossless: true, referenceWhite: 100)
        let (report, frames) = try Self.convert(movie, .metadata, request: request, in: folder)
        try #require(frames.count == 6)
        let expectedFrames: [Range<Int>] = [0..<2, 2..<4, 4..<6]
        #expect(report.scenes.map(\.frames) == expectedFrames)
        #expect(report.scenes.allSatisfy { $0.curve == .dolbyVision(trimLevel: 2, targetPeak: 100) })
        // Each shot's L1 (min, max, avg) as gen_movies.py wrote it; the curve without a trim gives the same codes.
        func nits(_ code: Int) -> Double { 10_000 * TransferFunction.pq.toLinear(Double(code) / 4095) }
        for (index, l1) in [(0, (62, 2875, 1100)), (2, (0, 3079, 1500)), (4, (20, 2600, 900))] {
            let maximum = nits(l1.1)  // the curve takes L1 as coded (the report's peak is capped at the mastering peak)
            let curve = DolbyVisionToneCurve(
                sourceMinimum: nits(l1.0), sourceAverage: nits(l1.2), sourceMaximum: maximum, targetPeak: 100,
                referenceWhite: 100, application: .luminance(RGBPrimaries.bt2020.luminanceCoefficients))
            let table = TabulatedToneCurve(curve, top: Float(maximum / 100 * 2), saturation: maximum / 100)
            let expected = try Self.expected(
                movie, frame: index, into: report.settings.encoding,
                toneMapping: .custom(ToneMapper.tabulated(table)), referenceWhite: 100)
            #expect(Self.same(expected, frames[index]), "frame \(index)")
        }
    }
}
