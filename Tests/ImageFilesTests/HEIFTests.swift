import ColorSpaces
import ColorTags
import TagValidation
import Foundation
import ImageFiles
import PixelBuffers
import PixelConversion
import Testing

@Suite struct HEIFTests {
    @Test func readsHeifEncFiles() throws {
        let eight = try ImageFile.read(contentsOf: Support.url("heifenc-srgb8.heic"))
        #expect(eight.width == 32 && eight.height == 24)
        #expect(eight.encoding.format == .rgba8)
        #expect(eight.colorDecision.basis == .miafDefault)
        var sum = 0
        eight.pixels.withView { view in
            for y in 0..<view.height {
                let row = view.plane(0).row(y, as: UInt8.self)
                for x in 0..<view.width { sum += abs(Int(row[4 * x + 1]) - Support.rgb8Value(x, y, 1)) }
            }
        }
        let mean = Double(sum) / Double(eight.width * eight.height)
        #expect(mean < 6, "mean green error \(mean) codes after heif-enc 4:2:0 q95")
        let ten = try ImageFile.read(contentsOf: Support.url("heifenc-10bit.heic"))
        #expect(ten.codedBitDepth == 10)
        #expect(ten.encoding.format.bitDepth == 10)
    }

    @Test func writesTenBitPQWithNCLXICCAndHDRBoxes() throws {
        let source = try ImageFile.read(contentsOf: Support.url("pq16-bt2100.png"))
        let heic = try ImageFile.encode(
            source.pixels, encoding: source.encoding,
            options: ImageWriteOptions(
                fileType: .heif, bitDepth: 10, quality: 95, chroma420: false,
                masteringDisplay: source.masteringDisplay, contentLightLevel: source.contentLightLevel))
        let tagging = try ColorTagging(bytes: heic)
        #expect(tagging.primary.cicp.contains { $0.value.cicp.description == "9/16/9/1" })
        #expect(tagging.primary.contentLightLevel.first?.value.maxContentLightLevel == 1000)
        #expect(tagging.primary.masteringDisplay.first?.value.maximumLuminance == 1000)
        let findings = tagging.findings(options: .init(requirements: [.isoHDR]))
        #expect(findings.filter { $0.severity >= .warning }.isEmpty, "\(findings.map(\.message))")
        let back = try ImageFile.decode(heic)
        #expect(back.encoding.colorSpace == .bt2100PQ)
        let rgb = try Support.converted(back, to: PixelEncoding(format: .rgba16, colorSpace: .bt2100PQ))
        let error = Support.pqCodeError(rgb)
        print("HEIF 10-bit q95 4:4:4 round trip: mean \(error.mean), max \(error.max) 10-bit codes")
        #expect(error.mean < 8)
    }
}
