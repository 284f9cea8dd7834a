import ColorSpaces
import ColorTags
import Foundation
import HDRColor
import ImageFiles
@testable import HTMLReport
import MediaConversion
import PixelBuffers
import PixelConversion
import TestSupport
import Testing
import TransferFunctions
import VideoFiles
import VideoTestSupport
import MediaSyntax

/// `HDRReport`: false colour, histogram and chromaticity checked against `PixelConverter` on synthetic frames of
/// known luminance and colour; the light level over time against the CTA-861.3 meter; the page's HTML.
@Suite("HDR report")
struct HDRReportTests {
    /// Grey bands across a frame (cd/m²): below white, then one inside each false-colour band, then 20 000.
    static let bandLuminances: [Double] = [50, 300, 700, 1500, 3000, 6000]
    static let bandWidth = 24

    /// A PQ RGBA float frame (BT.2100) of vertical grey bands at `luminances` cd/m², `bandWidth` pixels each.
    static func pqBands(_ luminances: [Double], height: Int = 8) throws -> PixelBuffer {
        var buffer = try PixelBuffer(format: .rgbaFloat, width: luminances.count * bandWidth, height: height)
        buffer.withMutableView { view in
            for y in 0..<height {
                let row = view.plane(0).row(y, as: Float.self)
                for x in 0..<view.width {
                    let code = Float(TransferFunction.pq.fromLinear(luminances[x / bandWidth] / 10_000))
                    (row[4 * x], row[4 * x + 1], row[4 * x + 2], row[4 * x + 3]) = (code, code, code, 1)
                }
            }
        }
        return buffer
    }

    static let pqFloat = PixelEncoding(format: .rgbaFloat, colorSpace: .bt2100PQ)

    /// Luminance in cd/m² of every pixel, from PixelConverter's own linear output (not the report's code).
    static func converterLuminance(_ pixels: PixelBuffer, _ encoding: PixelEncoding) throws -> [Double] {
        let linear = try PixelConverter(from: encoding, to: LinearFrame.encoding).convert(pixels)
        let k = RGBPrimaries.bt2020.luminanceCoefficients
        return linear.withView { view in
            (0..<view.height).flatMap { y in
                let row = view.plane(0).row(y, as: Float.self)
                return (0..<view.width).map { x in
                    203 * (k.x * Double(row[4 * x]) + k.y * Double(row[4 * x + 1]) + k.z * Double(row[4 * x + 2]))
                }
            }
        }
    }

    @Test("the false-colour map and the histogram match PixelConverter's luminance on known bands")
    func falseColourAndHistogram() throws {
        let pixels = try Self.pqBands(Self.bandLuminances)
        let frame = try pixels.withView { try LinearFrame($0, encoding: Self.pqFloat) }
        #expect(frame.width == pixels.width && frame.height == pixels.height)
        let expected = try Self.converterLuminance(pixels, Self.pqFloat)
        let scale = FalseColorScale()
        // The design: grey, then green, yellow, orange, red, magenta.
        #expect(Self.bandLuminances.map { scale.band(for: $0) } == [nil, 0, 1, 2, 3, 4])
        let colours = scale.render(frame)
        var histogram = LuminanceHistogram()
        histogram.add(frame)
        var expectedCounts = [Int](repeating: 0, count: LuminanceHistogram.binCount)
        colours.withView { view in
            for y in 0..<view.height {
                let row = view.plane(0).row(y, as: UInt8.self)
                for x in 0..<view.width {
                    let luminance = expected[y * view.width + x]
                    #expect(abs(luminance - Self.bandLuminances[x / Self.bandWidth]) < 0.01 * luminance)
                    let colour = SIMD3(row[4 * x], row[4 * x + 1], row[4 * x + 2])
                    #expect(colour == scale.color(for: luminance), "pixel \(x),\(y) at \(luminance) cd/m²")
                    if let band = scale.band(for: luminance) { #expect(colour == scale.bands[band].color) }
                    if let bin = LuminanceHistogram.bin(for: luminance) { expectedCounts[bin] += 1 }
                }
            }
        }
        #expect(histogram.counts == expectedCounts)
        #expect(histogram.totalCount == pixels.width * pixels.height)
        // Percentiles never name more light than the frame holds (the demo's report said "99 % of pixels ≤ 4467"
        // with nothing above 4015): the bin's upper edge, or the brightest pixel where that is lower.
        let brightest = try #require(expected.max())
        #expect(abs(histogram.maximum - brightest) <= 1e-5 * brightest)
        #expect(histogram.percentile(1) == histogram.maximum && histogram.percentile(0.99)! <= histogram.maximum)
        for luminance in Self.bandLuminances {
            let bin = try #require(LuminanceHistogram.bin(for: luminance))
            #expect(histogram.counts[bin] == Self.bandWidth * 8, "\(luminance) cd/m²")
        }
        // Greys: 50 cd/m² is 0.8 × 50 / 203 of SDR white, sRGB-encoded.
        let grey = scale.color(for: 50)
        #expect(grey.x == grey.y && abs(Int(grey.x) - 123) <= 1)
    }

    @Test("the box filter averages blocks of linear light")
    func boxFilter() throws {
        let pixels = try Self.pqBands([100, 1000, 100, 1000], height: 4)
        let linear = try PixelConverter(from: Self.pqFloat, to: LinearFrame.encoding).convert(pixels)
        let frame = try linear.withView { try LinearFrame(downscaling: $0, maximumWidth: 24) }
        #expect(frame.width == 24 && frame.height == 1)  // factor 4: 96 → 24, 4 → 1
        // Output pixel 5 covers source columns 20…23 (band 0), pixel 6 columns 24…27 (band 1).
        #expect(abs(frame.luminance(x: 5, y: 0) - 100) < 1)
        #expect(abs(frame.luminance(x: 6, y: 0) - 1000) < 10)
        let mixed = try PixelBuffer(format: .rgbaFloat, width: 3, height: 1)
        var source = mixed
        source.withMutableView { view in
            let row = view.plane(0).row(0, as: Float.self)
            for x in 0..<3 { for c in 0..<3 { row[4 * x + c] = Float(x) } }
        }
        let reduced = try source.withView { try LinearFrame(downscaling: $0, maximumWidth: 2) }
        #expect(reduced.width == 2)  // factor 2: pixel 0 is the mean of 0 and 1, pixel 1 is pixel 2 alone
        #expect(abs(reduced.luminance(x: 0, y: 0) - 0.5 * 203) < 1e-3)
        #expect(abs(reduced.luminance(x: 1, y: 0) - 2 * 203) < 1e-3)
    }

    @Test("chromaticity: BT.2020 green lies outside BT.709 and P3, grey inside all; dark pixels are left out")
    func chromaticity() throws {
        var pixels = try PixelBuffer(format: .rgbaFloat, width: 40, height: 2)
        pixels.withMutableView { view in
            for y in 0..<2 {
                let row = view.plane(0).row(y, as: Float.self)
                for x in 0..<40 {
                    let rgb: SIMD3<Float> = x < 10 ? SIMD3(0, 1, 0) : x < 30 ? SIMD3(repeating: 0.5) : .zero
                    (row[4 * x], row[4 * x + 1], row[4 * x + 2], row[4 * x + 3]) = (rgb.x, rgb.y, rgb.z, 1)
                }
            }
        }
        let frame = try LinearFrame(pixels: pixels)
        var density = ChromaticityDensity()
        density.add(frame)
        #expect(density.placedCount == 60 && density.darkCount == 20)
        #expect(abs(density.shareOutside(.bt709) - 1.0 / 3) < 1e-9)
        #expect(abs(density.shareOutside(.displayP3) - 1.0 / 3) < 1e-9)
        #expect(density.shareOutside(.bt2020) == 0)
        let green = try #require(ChromaticityDensity.cell(x: 0.170, y: 0.797))
        #expect(density.count(column: green.column, row: green.row) == 20)
        let white = try #require(ChromaticityDensity.cell(x: 0.3127, y: 0.3290))
        #expect(density.count(column: white.column, row: white.row) == 40)
    }

    @Test("the light level over time is the CTA-861.3 meter's, frame by frame, and sampling strides as documented")
    func lightLevelTimeline() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try (0..<10).map { try MovieTestSupport.pqFrame(index: $0) }
        let movie = try MovieTestSupport.write(
            frames, settings: MovieTestSupport.hevcSettings(), to: folder.appendingPathComponent("pq.mp4"))
        var calls = 0
        let report = try HDRReport(
            contentsOf: movie, options: HDRReport.Options(maximumMeasuredFrames: 4), progress: { _ in calls += 1 })
        let timeline = try #require(report.timeline)
        #expect(calls == 10 && timeline.decodedFrameCount == 10 && timeline.stride == 3)
        #expect(timeline.samples.map(\.frameIndex) == [0, 3, 6, 9])
        #expect(
            timeline.samplingDescription
                == "one frame in 3 measured (4 of 10 decoded frames, the first of each run of 3)")
        // The meter, applied here to each decoded frame converted by PixelConverter.
        let reader = try MovieReader(contentsOf: movie)
        var measured: [ContentLightLevel] = []
        var index = 0
        while try reader.nextFrame({ frame in
            defer { index += 1 }
            guard index % 3 == 0 else { return }
            let linear = try PixelConverter(from: frame.encoding, to: LinearFrame.encoding).convert(
                MovieTestSupport.copy(frame.view))
            var meter = LightLevelMeter(referenceWhite: 203)
            linear.withView { meter.add($0) }
            measured.append(meter.lightLevel)
        }) != nil {}
        #expect(timeline.samples.map(\.lightLevel) == measured)
        for (sample, frameIndex) in zip(timeline.samples, [0, 3, 6, 9]) {
            // The brightest patch is the 1000 cd/m² grey, scaled by 1 + 0.02 × (index mod 5); lossy coding and 4:2:0
            // chroma overshoot at the colour patches' edges add up to about 10 %.
            let peak = 1000 * (1 + 0.02 * Double(frameIndex % 5))
            #expect(abs(sample.lightLevel.maxContentLightLevel - peak) < 0.12 * peak, "\(sample)")
            #expect(abs((sample.time ?? -1) - Double(frameIndex) / 25) < 1e-6)
        }
        #expect(report.declaredLightLevel == MovieTestSupport.lightLevel)
        #expect(report.masteringDisplay == MovieTestSupport.mastering)
        #expect(report.measuredLightLevel.maxContentLightLevel == timeline.overall.maxContentLightLevel)
        let pictures = try report.pictures()
        #expect(
            pictures.map(\.name) == [
                "sdr.png", "false-colour.png", "histogram.svg", "chromaticity.svg", "light-level.svg",
            ])
        let chart = try #require(pictures.last.map { String(decoding: $0.data, as: UTF8.self) })
        #expect(chart.contains("MaxCLL declared 1000") && chart.contains("mastering peak 1000"))
    }

    @Test("the page is self-contained: data: pictures only, a policy that forbids requests, file text escaped")
    func html() throws {
        let folder = try TemporaryFolder.make("report")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("bands <img src=x onerror=alert(1)>.png")
        let pixels = try Self.pqBands(Self.bandLuminances + [100])
        try ImageFile.write(
            pixels, encoding: Self.pqFloat, to: url,
            options: ImageWriteOptions(fileType: .png, colorSpace: .bt2100PQ, bitDepth: 16))
        let report = try HDRReport(contentsOf: url)
        #expect(report.isHDR && !report.isMovie && report.timeline == nil)
        #expect(abs(report.measuredLightLevel.maxContentLightLevel - 6000) < 60)
        #expect(report.declaredPrimaries == .bt2020)
        let page = try report.html()
        #expect(!page.contains("<img src=x"))
        #expect(page.contains("bands &lt;img src=x onerror=alert(1)&gt;.png"))
        #expect(page.contains("Content-Security-Policy") && page.contains("default-src 'none'"))
        let references = try Regex(#"(?:src|href)\s*=\s*"([^"]*)""#)
        let targets = page.matches(of: references).map { String($0.output[1].substring ?? "") }
        #expect(targets.count == 4)
        #expect(targets.allSatisfy { $0.hasPrefix("data:image/") }, "\(targets.map { $0.prefix(30) })")
        for marker in ["False-colour luminance", "Luminance histogram", "Chromaticity", "hdrcolor validate", "cICP"] {
            #expect(page.contains(marker), "\(marker)")
        }
        #expect(page.contains("#2ea02c") || page.contains("#2ea02c".uppercased()))
    }
    /// The mean RGB of a linear frame.
    static func meanRGB(_ frame: LinearFrame) -> SIMD3<Double> {
        frame.pixels.withView { view in
            var sum = SIMD3<Double>.zero
            for y in 0..<view.height {
                let row = view.plane(0).row(y, as: Float.self)
                for x in 0..<view.width {
                    sum += SIMD3(Double(row[4 * x]), Double(row[4 * x + 1]), Double(row[4 * x + 2]))
                }
            }
            return sum / Double(view.width * view.height)
        }
    }

    @Test(
        "a gain-map photo: renditions at headrooms 1, 2 and 4 follow ISO 21496-1, and the gain map is shown as stored")
    func gainMapPhoto() throws {
        // gen_color_tags.py: an 8×8 base, a 4×4 one-channel gain map of code 128, gainMapMin 0, gainMapMax 2 (log2),
        // gamma 1, offsets 1/64, base headroom 0, alternate headroom 2 (log2).
        let report = try HDRReport(contentsOf: Fixtures.url("color-tags/jpeg/ultrahdr-iso-and-xmp.jpg"))
        #expect(report.renditions.map(\.headroom) == [1, 2, 4])
        let gainMap = try #require(report.gainMap)
        #expect(gainMap.width == 4 && gainMap.height == 4 && gainMap.format == .rgba8)
        gainMap.withView { view in
            for y in 0..<4 {
                let row = view.plane(0).row(y, as: UInt8.self)
                for x in 0..<4 {
                    #expect(
                        abs(Int(row[4 * x]) - 128) <= 1 && row[4 * x] == row[4 * x + 1] && row[4 * x] == row[4 * x + 2])
                }
            }
        }
        // The gain in log2 is 2 × 128/255; the weight at headroom H is log2(H) / 2. Per channel, in any primaries
        // sharing the white point: rendition(H) = (rendition(1) + 1/64) × 2^(weight × gain) − 1/64.
        let gain = 2 * 128.0 / 255
        let base = Self.meanRGB(report.renditions[0].frame)
        for rendition in report.renditions.dropFirst() {
            let scale = pow(2, log2(rendition.headroom) / 2 * gain)
            let expected = (base + 1.0 / 64) * scale - 1.0 / 64
            let measured = Self.meanRGB(rendition.frame)
            for c in 0..<3 {
                #expect(abs(measured[c] - expected[c]) < 0.01 * expected[c] + 1e-4, "headroom \(rendition.headroom)")
            }
        }
        let pictures = try report.pictures()
        #expect(
            pictures.map(\.name).suffix(4) == [
                "rendition-1x.png", "rendition-2x.png", "rendition-4x.png", "gain-map.png",
            ])
        let png = try ImageFile.decode([UInt8](try #require(pictures.last).data))
        #expect(png.width == 4 && png.height == 4)
        #expect(try report.html().contains("<h2>Gain map</h2>"))
    }
    @Test("a HEIF gain map (iOS 18 shape, ISO 21496-1 tmap) is shown at its own 32×32 as gen_heif_items.py coded it")
    func heifGainMap() throws {
        let report = try HDRReport(contentsOf: Fixtures.url("image-files/items/ios18-shaped.heic"))
        #expect(report.renditions.map(\.headroom) == [1, 2, 4])
        let gainMap = try #require(report.gainMap)
        #expect(gainMap.width == 32 && gainMap.height == 32)
        // gen_heif_items.py's grey_picture, HEVC-coded: (6x + 3y + 40 on alternate 8×8 blocks) mod 256.
        var totalError = 0
        gainMap.withView { view in
            for y in 0..<32 {
                let row = view.plane(0).row(y, as: UInt8.self)
                for x in 0..<32 {
                    let expected = (x * 6 + y * 3 + ((x / 8 + y / 8) % 2 == 1 ? 40 : 0)) % 256
                    let error = abs(Int(row[4 * x]) - expected)
                    #expect(error <= 4, "gain map \(x),\(y): \(row[4 * x]) for \(expected)")
                    totalError += error
                }
            }
        }
        #expect(Double(totalError) / 1024 < 0.5)
    }
}
