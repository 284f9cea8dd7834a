import Foundation
import HDRColor
import ImageFiles
import Testing
import VideoFiles

/// `hdrcolor demo` on a small frame: the files it writes decode to the test frame's levels, and its verdicts are the
/// validator's.
@Suite("hdrcolor demo")
struct DemoCommandTests {
    /// The demo frame at 256 × 144: highlight squares of 24 pixels centred at x = 64, 128, 192 and y ≈ 124.
    static let size = (width: 256, height: 144)

    @Test("writes validated HDR, SDR and gain-map files, an HDR10 movie and its HLG conversion, SVG plots and timings")
    func demo() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandLineTool.run(["demo", "--size", "256x144", "--runs", "1", "-o", folder.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Validation: 7 of 7 files pass"))
        #expect(
            result.standardOutput.contains("hdrcolor validate --require hlg")
                && result.standardOutput.contains("hlg.mp4"))
        #expect(result.standardOutput.contains("hdrcolor validate --require iso-hdr"))
        #expect(result.standardOutput.contains("RGBA half Display P3 → 'x420' BT.2100 HLG"))
        #expect(!result.standardOutput.contains("FAIL"))
        let words = result.standardOutput.lowercased().split(whereSeparator: { !$0.isLetter })
        #expect(!words.contains("nan") && !words.contains("inf"))
        for name in ["tone-curves.svg", "transfer-functions.svg"] {
            let svg = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"), "\(name)")
        }
        for (name, section) in [("hdr10.report.html", "Light level over time"), ("hdr-pq.report.html", "False-colour")]
        {
            let page = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains(section), "\(name)")
            // The tags as inspect prints them, a line each.
            let tags = try ReportPage(html: page).tagLines()
            #expect(tags.count >= 5 && !tags.contains { $0.contains("\\n") }, "\(name): \(tags)")
        }

        // The ISO HDR PNG: BT.2408 reference white (band 3, second of eight patches) is 203 cd/m², the highlights
        // 1000 and 4000 cd/m², and the stated cLLI is what the 10-bit frame holds: the 4000 cd/m² highlight at its
        // nearest narrow-range code (855, 4015 cd/m²), nothing brighter (no chroma spill onto the ramp). The movie
        // states the same, and its report measures the same on the decoded frames (issue: 4000 declared, 6083
        // measured).
        let pq = try ImageFile.read(contentsOf: folder.appendingPathComponent("hdr-pq.png"))
        #expect(pq.encoding.colorSpace.transferFunction == .pq && pq.codedBitDepth == 16)
        let code = (TransferFunction.pq.fromLinear(0.4) * 876 + 64).rounded()
        let highlight = (PQ.eotf((code - 64) / 876)).rounded()
        #expect(highlight == 4015 && pq.contentLightLevel?.maxContentLightLevel == highlight)
        let report = try String(contentsOf: folder.appendingPathComponent("hdr10.report.html"), encoding: .utf8)
        #expect(report.contains("MaxCLL / MaxFALL measured</th><td>\(Int(highlight)) / "), "measured ≠ declared")
        let movieTags = try ColorTagging(contentsOf: folder.appendingPathComponent("hdr10.mp4"))
        #expect(
            movieTags.images.first?.contentLightLevel.first?.value.maxContentLightLevel == highlight,
            "\(String(describing: movieTags.images.first?.contentLightLevel))")
        let hdr = try Self.luminance(pq)
        #expect(abs(hdr(48, 82) - 203) < 1)
        #expect(abs(hdr(128, 124) - 1000) < 5)
        #expect(abs(hdr(192, 124) - 4000) < 20)

        // The HLG export, written as AVIF: on the default 1000 cd/m² HLG display, reference white stays 203 cd/m²
        // and the 4000 cd/m² highlight is at most the display's peak.
        let hlg = try ImageFile.read(contentsOf: folder.appendingPathComponent("hdr-hlg.avif"))
        #expect(hlg.encoding.colorSpace.transferFunction == .hlg)
        let hlgLuminance = try Self.luminance(hlg)
        #expect(abs(hlgLuminance(48, 82) - 203) < 203 * 0.02)
        #expect(hlgLuminance(192, 124) <= 1000 * 1.01)

        // The contact sheet: each panel's 4000 cd/m² highlight is within its display's peak (203 × headroom).
        let sheet = try Self.luminance(ImageFile.read(contentsOf: folder.appendingPathComponent("contact-sheet.png")))
        for (index, headroom) in [1.0, 2, 4, 16].enumerated() {
            let x = (index % 2) * 128 + 96, y = (index / 2) * 72 + 62
            let peak = sheet(x, y)
            #expect(peak <= 203 * headroom * 1.01, "headroom \(headroom): \(peak) cd/m²")
            #expect(peak >= 203 * headroom * 0.8, "headroom \(headroom): \(peak) cd/m²")
        }

        // The HLG movie converted from the HDR10 one: reference white (48, 82) at BT.2408's HLG 75 %, code 721.
        let movie = try MovieReader(contentsOf: folder.appendingPathComponent("hlg.mp4"))
        #expect(movie.videoStream.cicp == .bt2100HLGVideo && movie.videoStream.frameCount == 24)
        let white = try movie.nextFrame { Int($0.view.plane(0).row(82, as: UInt16.self)[48]) }
        #expect(white.map { abs($0 - 721) <= 2 } == true, "\(String(describing: white))")

        // The SDR PNG and the gain-map JPEG.
        let sdr = try ImageFile.read(contentsOf: folder.appendingPathComponent("sdr.png"))
        #expect(sdr.encoding.colorSpace.transferFunction == .srgb && sdr.codedBitDepth == 8)
        let gainMap = try ImageFile.read(contentsOf: folder.appendingPathComponent("gain-map.jpg"))
        #expect(gainMap.gainMap != nil)
    }

    /// Luminance in cd/m² (1.0 = 203) of the decoded image's pixels, through linear BT.2020.
    static func luminance(_ image: DecodedImage) throws -> (Int, Int) -> Double {
        let linear = PixelEncoding(format: .rgbaFloat, colorSpace: .extendedLinearBT2020)
        let converter = try PixelConverter(from: image.encoding, to: linear)
        var output = try PixelBuffer(format: .rgbaFloat, width: image.width, height: image.height)
        try image.pixels.withView { input in try output.withMutableView { try converter.convert(input, to: $0) } }
        let weights = RGBPrimaries.bt2020.luminanceCoefficients
        return { x, y in
            output.withView { view in
                let row = view.plane(0).row(y, as: Float.self)
                let rgb = SIMD3(Double(row[4 * x]), Double(row[4 * x + 1]), Double(row[4 * x + 2]))
                return (rgb * weights).sum() * 203
            }
        }
    }
}
