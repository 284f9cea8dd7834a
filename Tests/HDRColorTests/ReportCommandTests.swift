import Foundation
import HDRColor
import ImageFiles
import TestSupport
import Testing

/// `hdrcolor report`: the page written, its pictures as files, and the page opened in headless Chromium (Debian's
/// `chromium` package; the browser test is skipped, visibly, without it).
@Suite("hdrcolor report")
struct ReportCommandTests {
    static let chromium = ExternalTool.path("chromium") ?? ExternalTool.path("chromium-browser")

    /// An ISO HDR PNG (16-bit PQ BT.2020) of grey bands at 50 … 6000 cd/m² and a BT.2020 green patch.
    static func hdrPNG(in folder: URL) throws -> URL {
        let luminances: [Double] = [50, 300, 700, 1500, 3000, 6000]
        var pixels = try PixelBuffer(format: .rgbaFloat, width: 6 * 40, height: 60)
        pixels.withMutableView { view in
            for y in 0..<view.height {
                let row = view.plane(0).row(y, as: Float.self)
                for x in 0..<view.width {
                    let linear = y < 40 ? SIMD3(repeating: luminances[x / 40]) : SIMD3(0, 300, 0)
                    for c in 0..<3 { row[4 * x + c] = Float(TransferFunction.pq.fromLinear(linear[c] / 10_000)) }
                    row[4 * x + 3] = 1
                }
            }
        }
        let url = folder.appendingPathComponent("bands.png")
        try ImageFile.write(
            pixels, encoding: PixelEncoding(format: .rgbaFloat, colorSpace: .bt2100PQ), to: url,
            options: ImageWriteOptions(fileType: .png, colorSpace: .bt2100PQ, bitDepth: 16))
        return url
    }

    @Test("report writes one HTML page and, with --assets, its pictures as PNG and SVG files")
    func writesPageAndAssets() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try Self.hdrPNG(in: folder)
        let page = folder.appendingPathComponent("page.html")
        let assets = folder.appendingPathComponent("assets")
        let result = try CommandLineTool.run(["report", image.path, "-o", page.path, "--assets", assets.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("wrote \(page.path) and 4 pictures"))
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        let names = try FileManager.default.contentsOfDirectory(atPath: assets.path).sorted()
        #expect(names == ["chromaticity.svg", "false-colour.png", "histogram.svg", "sdr.png"])
        let falseColor = try ImageFile.read(contentsOf: assets.appendingPathComponent("false-colour.png"))
        #expect(falseColor.width == 240 && falseColor.height == 60)
        let missing = try CommandLineTool.run(["report", folder.appendingPathComponent("none.png").path])
        #expect(missing.status == 2 && missing.standardError.contains("none.png"))
    }

    @Test("a movie with HDR10+ and Dolby Vision: the light-level SVG with its scenes, sampled as --max-frames asks")
    func movieScenesAndSampling() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let movie = Fixtures.url("movies/x265-hdr10plus-dv-scenes.mp4")
        let page = folder.appendingPathComponent("scenes.html")
        let assets = folder.appendingPathComponent("assets")
        let result = try CommandLineTool.run([
            "report", movie.path, "-o", page.path, "--assets", assets.path, "--max-frames", "2",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: assets.path).sorted()
        #expect(
            names == [
                "chromaticity.svg", "false-colour.png", "histogram.svg", "light-level.svg", "sdr.png",
            ])
        let html = try String(contentsOf: page, encoding: .utf8)
        // 6 frames, at most 2 measured: frames 0 and 3; the dynamic metadata of all 6.
        #expect(html.contains("one frame in 3 measured (2 of 6 decoded frames, the first of each run of 3)"))
        #expect(
            html.contains("HDR10+: 2 scenes of 3 frames each")
                && html.contains("Dolby Vision L1: 3 shots of 2 frames each"))
        let svg = try String(contentsOf: assets.appendingPathComponent("light-level.svg"), encoding: .utf8)
        #expect(
            svg.contains("<svg") && svg.contains("HDR10+ scene cuts (2)") && svg.contains("Dolby Vision shot cuts (3)"))
        // Not on a terminal: progress as plain lines on standard error, the first at once.
        #expect(result.standardError.contains("frame 1/6"), "\(result.standardError)")
        // The help states the sampling rule.
        let help = try CommandLineTool.run(["report", "--help"]).standardOutput.split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(help.contains("every ⌈frames ÷ max-frames⌉-th frame is measured (the first of each run)"), "\(help)")
    }

    @Test(
        "on a terminal the movie's progress is a bar on standard error",
        .enabled(if: ExternalTool.path("script") != nil, "skipped: util-linux script is not installed"))
    func progressBar() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let movie = Fixtures.url("movies/x265-hdr10plus-dv-scenes.mp4")
        let page = folder.appendingPathComponent("scenes.html")
        // script(1) runs the command on a pseudo-terminal and copies what it writes to its standard output.
        let command = [CommandLineTool.executable.path, "report", movie.path, "-o", page.path]
            .map { "'\($0)'" }.joined(separator: " ")
        let (output, status) = try ExternalTool.run(
            try #require(ExternalTool.path("script")), ["-q", "-e", "-c", command, "/dev/null"])
        let text = String(decoding: output, as: UTF8.self)
        #expect(status == 0, "\(text)")
        // The first frame of six fills 5 of the bar's 30 cells; the bar is cleared at the end.
        #expect(text.contains("[#####" + String(repeating: "·", count: 25) + "] frame 1/6"), "\(text)")
        #expect(text.contains("\r\u{1B}[K"))
        #expect(FileManager.default.fileExists(atPath: page.path))
    }

    @Test("a gain-map photo: its renditions at headrooms 1, 2 and 4 and its gain map, as PNG files")
    func gainMapAssets() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = Fixtures.url("color-tags/jpeg/ultrahdr-iso-and-xmp.jpg")
        let assets = folder.appendingPathComponent("assets")
        let page = folder.appendingPathComponent("photo.html")
        let result = try CommandLineTool.run(["report", photo.path, "-o", page.path, "--assets", assets.path])
        #expect(result.status == 0, "\(result.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: assets.path).sorted()
        #expect(
            names == [
                "chromaticity.svg", "false-colour.png", "gain-map.png", "histogram.svg", "rendition-1x.png",
                "rendition-2x.png", "rendition-4x.png", "sdr.png",
            ])
        let gainMap = try ImageFile.read(contentsOf: assets.appendingPathComponent("gain-map.png"))
        #expect(gainMap.width == 4 && gainMap.height == 4)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("Gain-map rendition for headroom 4×") && html.contains("<h2>Gain map</h2>"))
    }

    @Test(
        "headless Chromium opens the page from a file, without console errors or requests, and takes a screenshot",
        .enabled(if: chromium != nil, "skipped: Debian's chromium is not installed (apt-get install chromium)"))
    func browser() throws {
        let chromium = try #require(Self.chromium)
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // An ISO HDR PNG, a movie with HDR10+ and Dolby Vision, a gain-map photo: every kind of picture the page has.
        let inputs = [
            try Self.hdrPNG(in: folder), Fixtures.url("movies/x265-hdr10plus-dv-scenes.mp4"),
            Fixtures.url("color-tags/jpeg/ultrahdr-iso-and-xmp.jpg"),
        ]
        for (index, input) in inputs.enumerated() {
            let page = folder.appendingPathComponent("page-\(index).html")
            #expect(try CommandLineTool.run(["report", input.path, "-o", page.path]).status == 0)
            let screenshot = folder.appendingPathComponent("screenshot-\(index).png")
            let netLog = folder.appendingPathComponent("net-\(index).json")
            let common = [
                "--headless", "--no-sandbox", "--disable-gpu",
                "--user-data-dir=\(folder.appendingPathComponent("profile-\(index)").path)",
            ]
            let shot = try Self.run(
                chromium,
                common + [
                    "--enable-logging=stderr", "--v=0", "--screenshot=\(screenshot.path)", "--window-size=1200,2000",
                    "--log-net-log=\(netLog.path)", page.absoluteString,
                ])
            // Console messages (script errors, refused loads under the page's Content-Security-Policy) are logged as
            // "CONSOLE"; network errors as "net::".
            let console = shot.error.split(separator: "\n").filter { $0.contains("CONSOLE") || $0.contains("net::ERR") }
            #expect(console.isEmpty, "\(input.lastPathComponent): \(console)")
            // The network log: the page started no request (the browser's own background requests, to update
            // servers and the like, have no origin as initiator; a page opened from a file has the origin "null").
            #expect(try Self.pageRequests(netLog).isEmpty, "\(input.lastPathComponent)")
            let picture = try ImageFile.read(contentsOf: screenshot)
            #expect(picture.width == 1200 && picture.height == 2000)
            // The screenshot shows the page: pictures and text, not a blank window.
            #expect(try Self.shareNotWhite(screenshot) > 0.05, "\(input.lastPathComponent)")
            let dom = try Self.run(chromium, common + ["--dump-dom", page.absoluteString]).output
            #expect(
                dom.contains("HDR report: \(input.lastPathComponent)") && dom.contains("Luminance histogram"))
            // Nothing in the page points outside it.
            let references = try Regex(#"(?:src|href)\s*=\s*"([^"]*)""#)
            for match in dom.matches(of: references) {
                #expect(String(match.output[1].substring ?? "").hasPrefix("data:"))
            }
        }
    }

    /// The URLs of the requests a page started, from a Chromium network log (`--log-net-log`): each
    /// URL_REQUEST_START_JOB event whose initiator is an origin (the browser's own requests have "not an origin").
    static func pageRequests(_ netLog: URL) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: netLog)) as? [String: Any] ?? [:]
        let constants = object["constants"] as? [String: Any] ?? [:]
        let types = constants["logEventTypes"] as? [String: Int] ?? [:]
        let start = try #require(types["URL_REQUEST_START_JOB"])
        return (object["events"] as? [[String: Any]] ?? []).compactMap { event in
            guard event["type"] as? Int == start, let params = event["params"] as? [String: Any],
                let url = params["url"] as? String, !url.isEmpty,
                params["initiator"] as? String != "not an origin"
            else { return nil }
            return url
        }
    }

    /// The share of a screenshot's pixels that are not white.
    static func shareNotWhite(_ url: URL) throws -> Double {
        let image = try ImageFile.read(contentsOf: url)
        let pixels = try PixelConverter(
            from: image.encoding, to: PixelEncoding(format: .rgba8, colorSpace: image.encoding.colorSpace)
        ).convert(image.pixels)
        return pixels.withView { view in
            var count = 0
            for y in 0..<view.height {
                let row = view.plane(0).row(y, as: UInt8.self)
                for x in 0..<view.width where min(row[4 * x], row[4 * x + 1], row[4 * x + 2]) < 245 { count += 1 }
            }
            return Double(count) / Double(view.width * view.height)
        }
    }

    /// Runs `tool` and returns its standard output and error.
    static func run(_ tool: String, _ arguments: [String]) throws -> (output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID()).err")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = errorHandle
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errorHandle.close()
        return (String(decoding: data, as: UTF8.self), String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }
}
