import Foundation
import HDRColor
import ImageFiles
import HTMLReport
import MediaConversion
import TestSupport
import Testing
import VideoFiles
import VideoTestSupport

/// What `hdrcolor report`'s page shows, read from the page it writes: the spectral locus, a turned movie's picture,
/// the tags block, the mastering peak and the light-level measures, and a quiet standard error.
@Suite("hdrcolor report: what the page shows")
struct ReportPageTests {
    /// Runs `hdrcolor report` on `input` (more `arguments` after it) and reads the page it wrote.
    static func report(_ input: URL, _ arguments: [String] = [], in folder: URL) throws -> (
        page: ReportPage, result: CommandLineTool.Result
    ) {
        let url = folder.appendingPathComponent(input.deletingPathExtension().lastPathComponent + ".html")
        let result = try CommandLineTool.run(["report", input.path, "-o", url.path] + arguments)
        try #require(result.status == 0, "\(result.standardError)")
        return (try ReportPage(contentsOf: url), result)
    }

    /// Whether `point` lies inside the closed `polygon` (ray casting).
    static func contains(_ polygon: [(x: Double, y: Double)], _ point: Chromaticity) -> Bool {
        var inside = false
        for (a, b) in zip(polygon, polygon.dropFirst()) where (a.y > point.y) != (b.y > point.y) {
            if point.x < a.x + (point.y - a.y) * (b.x - a.x) / (b.y - a.y) { inside.toggle() }
        }
        return inside
    }

    @Test("the chromaticity diagram's spectral locus: 360 → 700 nm in hue order, closed by the line of purples")
    func spectralLocus() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (page, _) = try Self.report(try ReportCommandTests.hdrPNG(in: folder), in: folder)
        let locus = try page.chart("chromaticity.svg").points(of: "spectral-locus")
        try #require(locus.count > 50)
        // Starts at the violet end (360–380 nm), ends at 700 nm, and the line of purples closes it.
        let (start, end) = (locus[0], locus[locus.count - 2])
        #expect(abs(start.x - 0.1741) < 0.002 && abs(start.y - 0.0050) < 0.0005, "\(start)")
        #expect(abs(end.x - 0.7347) < 0.0005 && abs(end.y - 0.2653) < 0.0005, "\(end)")
        #expect(abs(locus.last!.x - start.x) < 1e-4 && abs(locus.last!.y - start.y) < 1e-4)
        // Hue order: around D65 the angle falls at every step, and the whole path turns once round the white point.
        let angles = locus.map { atan2($0.y - 0.3290, $0.x - 0.3127) }
        let steps = zip(angles, angles.dropFirst()).map { remainder($1 - $0, 2 * Double.pi) }
        #expect(steps.allSatisfy { $0 < 0 }, "\(steps.enumerated().filter { $0.element >= 0 }.map(\.offset))")
        #expect(abs(steps.reduce(0, +) + 2 * Double.pi) < 1e-6)
        // The tip near 520 nm (CIE 1931: y 0.8341 at 521 nm, x 0.0743 at 520 nm, 0.0821 at 521 nm) and the
        // leftmost point near 504 nm (x 0.0036).
        let top = try #require(locus.max { $0.y < $1.y })
        #expect((0.07...0.09).contains(top.x) && abs(top.y - 0.8341) < 0.0005, "\(top)")
        #expect(abs(locus.map(\.x).min()! - 0.0036) < 0.0005)
        // The BT.709 triangle lies inside it (P3's red and BT.2020's corners lie on it).
        for corner in [RGBPrimaries.bt709.red, RGBPrimaries.bt709.green, RGBPrimaries.bt709.blue] {
            #expect(Self.contains(locus, corner), "\(corner)")
        }
    }

    @Test(
        "an upright iPhone clip (−90° display matrix) is shown upright, as ffmpeg's players turn it",
        .enabled(if: MovieTestSupport.hasFFmpeg, "skipped: ffmpeg makes the clip and turns its frame"))
    func rotatedMovie() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 128×96 testsrc2 stored; frame 0 is the one measured and shown.
        let movie = try MovieTestSupport.iPhoneMovie(in: folder)
        let (page, _) = try Self.report(movie, ["--max-frames", "1"], in: folder)
        let sdr = try ImageFile.decode([UInt8](try page.picture("sdr.png")))
        try #require(sdr.width == 96 && sdr.height == 128)
        #expect(page.html.contains("96×128 as displayed (display matrix: rotation −90°)"))
        // ffmpeg turns the frame by the matrix (autorotate) for its output.
        let ffmpeg = try #require(ExternalTool.path("ffmpeg"))
        let upright = [UInt8](
            try ExternalTool.run(
                ffmpeg, ["-v", "error", "-i", movie.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
            ).output)
        try #require(upright.count == 96 * 128 * 3)
        // The SDR rendering's tones differ from ffmpeg's RGB (another transfer curve), so the pictures are compared by
        // correlation: against ffmpeg's frame as it is and turned half a turn (a turn the wrong way).
        var report: [Double] = []
        for y in 0..<128 {
            for x in 0..<96 {
                let p = sdr.pixels.pixel(x: x, y: y)
                report += [Double(p.x), Double(p.y), Double(p.z)]
            }
        }
        let turned = stride(from: upright.count - 3, through: 0, by: -3).flatMap { upright[$0..<$0 + 3] }
        let (same, halfTurn) = (
            Self.correlation(report, upright.map(Double.init)), Self.correlation(report, turned.map(Double.init))
        )
        #expect(same > 0.9 && halfTurn < 0.5, "upright \(same), half a turn \(halfTurn)")
    }

    /// Pearson's correlation of two equally long lists.
    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let (ma, mb) = (a.reduce(0, +) / Double(a.count), b.reduce(0, +) / Double(b.count))
        var (ab, aa, bb) = (0.0, 0.0, 0.0)
        for (x, y) in zip(a, b) {
            (ab, aa, bb) = (ab + (x - ma) * (y - mb), aa + (x - ma) * (x - ma), bb + (y - mb) * (y - mb))
        }
        return ab / (aa * bb).squareRoot()
    }

    @Test("the tags block shows hdrcolor inspect's lines, one per line")
    func tagsBlock() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try ReportCommandTests.hdrPNG(in: folder)
        let (page, _) = try Self.report(image, in: folder)
        let lines = try page.tagLines()
        #expect(lines.count >= 5 && !lines.contains { $0.contains("\\n") }, "\(lines)")
        // inspect prints the same lines (its path in the first, its findings after them).
        let inspect = try CommandLineTool.run(["inspect", image.path]).standardOutput
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.dropFirst()) == Array(inspect.dropFirst().prefix(lines.count - 1)))
    }

    @Test("FFmpeg's own log lines stay off standard error unless --verbose")
    func quietFFmpeg() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // FFmpeg's mov demuxer warns about this file's short colr box when it opens it.
        let movie = Fixtures.url("movies/nclx-without-range.mp4")
        let (_, quiet) = try Self.report(movie, in: folder)
        #expect(!quiet.standardError.contains(" @ 0x") && !quiet.standardOutput.contains(" @ 0x"), "\(quiet)")
        let (_, verbose) = try Self.report(movie, ["--verbose"], in: folder)
        #expect(verbose.standardError.contains("overread end of atom 'colr'"), "\(verbose.standardError)")
    }

    @Test("a mastering peak only the Dolby Vision RPU states (L6, else its source range) is marked on the charts")
    func masteringPeakFromRPU() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Profile 5, no HDR10 metadata; L6 4000 / 0.005 cd/m² in every RPU.
        let (page, _) = try Self.report(Fixtures.url("movies/dv-5-rpu-l6-4000.mp4"), in: folder)
        let histogram = try page.chart("histogram.svg")
        let mark = try histogram.points(of: "mastering-peak", logarithmicX: true)
        #expect(mark.allSatisfy { abs(pow(10, $0.x) - 4000) < 40 }, "\(mark)")
        #expect(histogram.texts.contains { $0.text == "mastering peak 4000 cd/m² (Dolby Vision L6)" })
        let level = try page.chart("light-level.svg").points(of: "mastering-peak")
        #expect(level.allSatisfy { abs($0.y - 4000) < 40 }, "\(level)")
        #expect(page.html.contains("none in the container or SEI; peak 4000 cd/m² (Dolby Vision L6)"))
        // Without L6, the RPU's source range: source_max_pq 3079 (1000 cd/m², as PQ codes round it).
        let (rangeOnly, _) = try Self.report(Fixtures.url("movies/dv-5-rpu-no-l6.mp4"), in: folder)
        let rangeMark = try rangeOnly.chart("histogram.svg").points(of: "mastering-peak", logarithmicX: true)
        #expect(rangeMark.allSatisfy { abs(pow(10, $0.x) - 1000) < 10 }, "\(rangeMark)")
        #expect(
            try rangeOnly.chart("histogram.svg").texts.contains {
                $0.text == "mastering peak 1000 cd/m² (Dolby Vision RPU source range)"
            })
    }

    @Test("the light level says which average is which, and the shots in words")
    func lightLevelWords() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // HDR10+ scenes of frames 0–2 and 3–5; Dolby Vision shots on frames 0, 2, 4 with L1 max PQ 2875, 3079, 2600.
        let (page, _) = try Self.report(Fixtures.url("movies/x265-hdr10plus-dv-scenes.mp4"), in: folder)
        let legend = try page.chart("light-level.svg").texts.map(\.text)
        #expect(legend.contains("MaxFALL per frame (mean of linear maxRGB)"))
        #expect(legend.contains("Dolby Vision L1 avg (mean of PQ codes)"))
        #expect(page.html.contains("L1 avg averages PQ code values and is shown in cd/m²"))
        let nits = { (code: Double) in Int((10_000 * TransferFunction.pq.toLinear(code / 4095)).rounded()) }
        #expect(page.html.contains("HDR10+: 2 scenes of 3 frames each, peaks from 900 to 2000 cd/m²"))
        #expect(
            page.html.contains(
                "Dolby Vision L1: 3 shots of 2 frames each, peaks from \(nits(2600)) to \(nits(3079)) cd/m²"))
    }

    @Test(
        "headless Chromium shows an upright phone movie's false colour, the locus where CIE 1931 puts it, the tags in lines",
        .enabled(
            if: ReportCommandTests.chromium != nil,
            "skipped: Debian's chromium is not installed (apt-get install chromium)"
        ))
    func browser() throws {
        let chromium = try #require(ReportCommandTests.chromium)
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // An HDR10 movie recorded upright on a phone: stored 320×128 with a −90° display matrix; grey patches of 10,
        // 100, 203, 500 and 1000 cd/m² along its top, colour patches below (the last a yellow of 688 cd/m²).
        var settings = MovieTestSupport.hevcSettings()
        settings.displayMatrix = DisplayMatrix(coefficients: [0, 0x1_0000, 0, -0x1_0000, 0, 0, 0, 0, 0x4000_0000])
        let frames = try (0..<3).map { try MovieTestSupport.pqFrame(index: $0) }
        let movie = try MovieTestSupport.write(frames, settings: settings, to: folder.appendingPathComponent("up.mp4"))
        let page = folder.appendingPathComponent("up.html")
        #expect(try CommandLineTool.run(["report", movie.path, "-o", page.path]).status == 0)
        let browser = Browser(chromium: chromium, folder: folder)

        // The false-colour map stands upright: the 1000 cd/m² patch (orange) below and right of the two yellow ones
        // (on its side it would be above them, turned the wrong way left of them).
        let screenshot = try browser.screenshot(page, width: 1200, height: 2000)
        let orange = Self.centroid(of: FalseColorScale().bands[2].color, in: screenshot)
        let yellow = Self.centroid(of: FalseColorScale().bands[1].color, in: screenshot)
        let (o, y) = (try #require(orange, "no orange patch"), try #require(yellow, "no yellow patch"))
        #expect(o.x - y.x > 16 && o.y - y.y > 16, "orange \(o), yellow \(y)")

        // What Chromium parsed: the tags in as many lines as hdrcolor inspect prints, and the chromaticity diagram,
        // drawn by Chromium, with the locus (#555) where CIE 1931 puts monochromatic light.
        let dom = ReportPage(html: try browser.dumpDOM(page))
        let lines = try dom.tagLines()
        let inspect = try CommandLineTool.run(["inspect", movie.path]).standardOutput.split(separator: "\n")
        #expect(
            lines.count >= 10
                && Array(lines.dropFirst()) == inspect.dropFirst().prefix(lines.count - 1).map(String.init))
        let svg = folder.appendingPathComponent("chromaticity.svg")
        try dom.picture("chromaticity.svg").write(to: svg)
        let chart = try dom.chart("chromaticity.svg")
        let drawn = try browser.screenshot(svg, width: 760, height: 820)
        // CIE 015 (4 decimals), away from the gamut corners drawn over the locus.
        let published: [(Int, Double, Double)] = [
            (380, 0.1741, 0.0050), (450, 0.1566, 0.0177), (500, 0.0082, 0.5384), (520, 0.0743, 0.8338),
            (550, 0.3016, 0.6923), (600, 0.6270, 0.3725), (650, 0.7260, 0.2740), (700, 0.7347, 0.2653),
        ]
        for (wavelength, x, y) in published {
            let point = try chart.drawingPoint(x: x, y: y)
            #expect(Self.hasLocusGrey(drawn, near: point), "\(wavelength) nm at \(point)")
        }
    }

    /// The centre of the pixels of `colour` (±8 per channel) that lie in horizontal runs of at least 32: patches of
    /// a picture, not a legend's swatches; nil when there are none.
    static func centroid(of colour: SIMD3<UInt8>, in image: PixelBuffer) -> (x: Double, y: Double)? {
        let matches = { (p: SIMD4<Float>) in
            zip([p.x, p.y, p.z], [colour.x, colour.y, colour.z]).allSatisfy { abs($0 * 255 - Float($1)) <= 8 }
        }
        var (sum, count) = ((x: 0.0, y: 0.0), 0)
        for y in 0..<image.height {
            var run = 0
            for x in 0...image.width {
                if x < image.width, matches(image.pixel(x: x, y: y)) {
                    run += 1
                    continue
                }
                if run >= 32 {
                    sum = (sum.x + Double(run) * (Double(x) - Double(run + 1) / 2), sum.y + Double(run * y))
                    count += run
                }
                run = 0
            }
        }
        return count < 1000 ? nil : (sum.x / Double(count), sum.y / Double(count))
    }

    /// Whether a pixel within 2 of `point` is the locus's grey (#555, ±40, neutral).
    static func hasLocusGrey(_ image: PixelBuffer, near point: (x: Double, y: Double)) -> Bool {
        let (cx, cy) = (Int(point.x.rounded()), Int(point.y.rounded()))
        for y in max(0, cy - 2)...min(image.height - 1, cy + 2) {
            for x in max(0, cx - 2)...min(image.width - 1, cx + 2) {
                let p = image.pixel(x: x, y: y) * 255
                if max(p.x, p.y, p.z) - min(p.x, p.y, p.z) < 20, abs(p.y - 85) < 40 { return true }
            }
        }
        return false
    }
}

/// Headless Chromium (Debian's `chromium`): screenshots and the DOM it parsed.
struct Browser {
    let chromium: String
    let folder: URL

    private func common(_ name: String) -> [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
            "--user-data-dir=\(folder.appendingPathComponent("profile-\(name)").path)",
        ]
    }

    /// `url` drawn in a window of `width` × `height`, as RGBA 8-bit sRGB.
    func screenshot(_ url: URL, width: Int, height: Int) throws -> PixelBuffer {
        let file = folder.appendingPathComponent(url.lastPathComponent + ".png")
        _ = try ReportCommandTests.run(
            chromium,
            common("shot") + ["--screenshot=\(file.path)", "--window-size=\(width),\(height)", url.absoluteString])
        let image = try ImageFile.read(contentsOf: file)
        return try PixelConverter(
            from: image.encoding, to: PixelEncoding(format: .rgba8, colorSpace: image.encoding.colorSpace)
        ).convert(image.pixels)
    }

    /// The DOM Chromium built from `url`, serialised.
    func dumpDOM(_ url: URL) throws -> String {
        try ReportCommandTests.run(chromium, common("dom") + ["--dump-dom", url.absoluteString]).output
    }
}
