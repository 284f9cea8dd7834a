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
        let falseColour = try ImageFile.read(contentsOf: assets.appendingPathComponent("false-colour.png"))
        #expect(falseColour.width == 240 && falseColour.height == 60)
        let missing = try CommandLineTool.run(["report", folder.appendingPathComponent("none.png").path])
        #expect(missing.status == 2 && missing.standardError.contains("none.png"))
    }

    @Test(
        "headless Chromium opens the page from a file, without console errors or requests, and takes a screenshot",
        .enabled(if: chromium != nil, "skipped: Debian's chromium is not installed (apt-get install chromium)"))
    func browser() throws {
        let chromium = try #require(Self.chromium)
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try Self.hdrPNG(in: folder)
        let page = folder.appendingPathComponent("page.html")
        #expect(try CommandLineTool.run(["report", image.path, "-o", page.path]).status == 0)
        let screenshot = folder.appendingPathComponent("screenshot.png")
        let common = [
            "--headless", "--no-sandbox", "--disable-gpu",
            "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
        ]
        let shot = try Self.run(
            chromium,
            common + [
                "--enable-logging=stderr", "--v=0", "--screenshot=\(screenshot.path)", "--window-size=1200,2000",
                page.absoluteString,
            ])
        // Console messages (script errors, refused loads under the page's Content-Security-Policy) are logged as
        // "CONSOLE"; network errors as "net::".
        let console = shot.error.split(separator: "\n").filter { $0.contains("CONSOLE") || $0.contains("net::ERR") }
        #expect(console.isEmpty, "\(console)")
        let picture = try ImageFile.read(contentsOf: screenshot)
        #expect(picture.width == 1200 && picture.height == 2000)
        let dom = try Self.run(chromium, common + ["--dump-dom", page.absoluteString]).output
        #expect(dom.contains("HDR report: bands.png") && dom.contains("Luminance histogram"))
        // Nothing in the page points outside it.
        let references = try Regex(#"(?:src|href)\s*=\s*"([^"]*)""#)
        for match in dom.matches(of: references) {
            #expect(String(match.output[1].substring ?? "").hasPrefix("data:"))
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
