import ColorSpaces
import ColorTags
import Foundation
import HDRColor
import ImageFiles
import MediaConversion
import PixelConversion
import TestSupport
import Testing
import ToneMapping

/// The file-to-file job as library API: target decisions, gain-map renditions, the report and the check of what was
/// written.
@Suite("Media converter")
struct MediaConverterTests {
    static func fixture(_ name: String) -> URL { Fixtures.url("image-files/\(name)") }

    static func temporary(_ name: String) throws -> URL {
        try TemporaryFolder.make("media-conversion").appendingPathComponent(name)
    }

    @Test("an ISO HDR PNG to HEIF keeps BT.2100 PQ, its cLLI, and passes the ISO HDR check")
    func hdrPNGToHEIF() throws {
        let output = try Self.temporary("out.heic")
        let report = try MediaConverter(request: ConversionRequest()).convert(
            Self.fixture("pq16-bt2100.png"), to: output)
        #expect(report.targetColorSpace == .bt2100PQ && report.validates == true)
        #expect(report.written.fileType == .heif && report.written.tagging?.primary.effective.transfer == .pq)
        #expect(report.source.contentLightLevel != nil)
        #expect(
            try ColorTagging(contentsOf: output).primary.contentLightLevel.first?.value
                == report.source.contentLightLevel)
        #expect(report.times.total > .zero && !report.plan.isEmpty)
    }

    @Test("an SDR target of a gain-map JPEG is its stored base: no conversion, no tone mapping")
    func gainMapToSDRIsTheBase() throws {
        let input = Self.fixture("apple-hdrgainmap-xmp-headroom.jpg")
        let output = try Self.temporary("sdr.png")
        let report = try MediaConverter(request: ConversionRequest(colorSpace: .sRGB)).convert(input, to: output)
        #expect(report.source.gainMap?.weight == 0 && report.targetColorSpace == .sRGB)
        #expect(report.plan == ["none (the decoded layout is the writer's)"])
        let base = try ImageFile.read(contentsOf: input, options: ImageReadOptions(gainMap: .base))
        let written = try ImageFile.read(contentsOf: output)
        let same = written.pixels.withView { Self.bytes($0) } == base.pixels.withView { Self.bytes($0) }
        #expect(same, "the written pixels are the stored base's")
    }

    @Test("deep outputs of a gain-map image are ISO HDR at the alternate rendition, or at the display headroom asked")
    func gainMapToHDR() throws {
        let input = Self.fixture("apple-hdrgainmap-xmp-headroom.jpg")
        let full = try MediaConverter(request: ConversionRequest()).convert(input, to: try Self.temporary("hdr.png"))
        #expect(full.targetColorSpace == .bt2100PQ && full.source.gainMap?.weight == 1 && full.validates == true)
        var request = ConversionRequest()
        request.displayHeadroom = 2
        let two = try MediaConverter(request: request).convert(input, to: try Self.temporary("hdr2.png"))
        let weight = try #require(two.source.gainMap?.weight)
        #expect(abs(weight - 1 / log2(4.532783)) < 1e-9, "log2(2) ÷ log2(4.532783)")
    }

    @Test("errors: an unknown output extension is an invalid request; a missing input is unreadable")
    func errors() throws {
        let converter = MediaConverter(request: ConversionRequest())
        let (badName, output) = (try Self.temporary("out.xyz"), try Self.temporary("out.png"))
        do throws(MediaConversionError) {
            _ = try converter.convert(Self.fixture("pq16-bt2100.png"), to: badName)
            Issue.record("converted to .xyz")
        } catch {
            guard case .file(.invalidRequest) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(!error.isUnreadableInput)
        }
        do throws(MediaConversionError) {
            _ = try converter.convert(URL(fileURLWithPath: "/nonexistent.png"), to: output)
            Issue.record("read a missing file")
        } catch { #expect(error.isUnreadableInput) }
    }

    @Test(
        "the tone-mapping rule: HDR onto SDR, bright PQ onto the HLG nominal peak, operators onto the target's headroom"
    )
    func toneMappingRule() {
        let bright = ContentLuminance(masteringPeak: 4000)
        let ordinary = ContentLuminance(masteringPeak: 1000)
        let automatic = ConversionRequest()
        func headroom(_ mapping: PixelConverter.ToneMapping) -> Double? {
            if case .displayHeadroom(let h, _, _) = mapping { return h }
            return nil
        }
        let (hlgPeak, brightPeak) = (1000.0 / 203, 4000.0 / 203)
        func automaticHeadroom(_ content: ContentLuminance, _ target: ColorSpace) -> Double? {
            headroom(automatic.converterToneMapping(content: content, sourceIsHDR: true, target: target))
        }
        #expect(automaticHeadroom(bright, .sRGB) == 1)
        #expect(automaticHeadroom(bright, .bt2100HLG) == hlgPeak)
        #expect(automaticHeadroom(ordinary, .bt2100HLG) == nil)
        #expect(automaticHeadroom(bright, .bt2100PQ) == nil)
        let reinhard = ConversionRequest(toneMapping: .method(.reinhard))
        #expect(
            headroom(reinhard.converterToneMapping(content: bright, sourceIsHDR: true, target: .bt2100PQ)) == brightPeak
        )
        #expect(
            headroom(reinhard.converterToneMapping(content: bright, sourceIsHDR: true, target: .bt2100HLG)) == hlgPeak)
        let none = ConversionRequest(toneMapping: .none)
        #expect(headroom(none.converterToneMapping(content: bright, sourceIsHDR: true, target: .sRGB)) == nil)
    }

    static func bytes(_ view: PixelBufferView) -> [UInt8] {
        (0..<view.height).flatMap { Array(view.plane(0).row($0)) }
    }
}
