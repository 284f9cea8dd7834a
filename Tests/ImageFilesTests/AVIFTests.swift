import ColorSpaces
import ColorTags
import TagValidation
import Foundation
import ImageFiles
import PixelBuffers
import PixelConversion
import Testing

@Suite struct AVIFTests {
    /// 16-bit codes of the reference, requantised to 10 bits.
    static func tenBit(_ x: Int, _ y: Int, _ c: Int) -> Int {
        Int((Double(Support.pqValue(x, y, c)) * 1023 / 65535).rounded())
    }

    @Test func readsAvifencLosslessTenBitExactly() throws {
        let image = try ImageFile.read(contentsOf: Support.url("avifenc-pq10-lossless.avif"))
        #expect(image.codedBitDepth == 10)
        #expect(image.encoding.colorSpace == .bt2100PQ)
        #expect(image.encoding.format == (try PixelFormat.rgba(.rgba, bitDepth: 10, alignment: .low)))
        image.pixels.withView { view in
            for y in 0..<view.height {
                let row = view.plane(0).row(y, as: UInt16.self)
                for x in 0..<view.width { for c in 0..<3 { #expect(Int(row[4 * x + c]) == Self.tenBit(x, y, c)) } }
            }
        }
    }

    @Test func readsAvifencYUV420AsPlanarYCbCrWithItsMatrix() throws {
        let image = try ImageFile.read(contentsOf: Support.url("avifenc-pq10-yuv420.avif"))
        #expect(image.encoding.format.layout == .planar(.s420))
        #expect(image.encoding.matrix == .bt2020NonConstantLuminance)
        #expect(image.encoding.effectiveFormat.range == .full)
        let rgb = try Support.converted(
            image, to: PixelEncoding(format: try .rgba(.rgba, bitDepth: 10, alignment: .low), colorSpace: .bt2100PQ))
        var sum = 0
        rgb.withView { view in
            for y in 0..<view.height {
                let row = view.plane(0).row(y, as: UInt16.self)
                for x in 0..<view.width { sum += abs(Int(row[4 * x + 1]) - Self.tenBit(x, y, 1)) }
            }
        }
        // The reference changes hue every row, which 4:2:0 chroma cannot follow; the mean stays small.
        let mean = Double(sum) / Double(image.width * image.height)
        #expect(mean < 40, "mean green error \(mean) 10-bit codes")
    }

    @Test func readsEightBitNarrowRangeBT601() throws {
        let image = try ImageFile.read(contentsOf: Support.url("avifenc-srgb8-yuv444.avif"))
        #expect(image.encoding.matrix == .bt601)
        #expect(image.encoding.effectiveFormat.range == .narrow)
        let rgb = try Support.converted(image, to: PixelEncoding(format: .rgba8, colorSpace: .sRGB))
        var worst = 0
        rgb.withView { view in
            for y in 0..<view.height {
                let row = view.plane(0).row(y, as: UInt8.self)
                for x in 0..<view.width {
                    for c in 0..<3 { worst = max(worst, abs(Int(row[4 * x + c]) - Support.rgb8Value(x, y, c))) }
                }
            }
        }
        #expect(worst <= 3, "8-bit narrow-range 4:4:4 round trip error \(worst) codes")
    }

    @Test func pngSixteenToLosslessAVIFTenToPNGSixteenIsWithinOneTenBitCode() throws {
        let source = try ImageFile.read(contentsOf: Support.url("pq16-bt2100.png"))
        let avif = try ImageFile.encode(
            source.pixels, encoding: source.encoding,
            options: ImageWriteOptions(fileType: .avif, bitDepth: 10, lossless: true))
        let middle = try ImageFile.decode(avif)
        let png = try ImageFile.encode(
            middle.pixels, encoding: middle.encoding, options: .init(fileType: .png, bitDepth: 16))
        let back = try ImageFile.decode(png)
        #expect(back.encoding.colorSpace == .bt2100PQ)
        var worst = 0.0
        back.pixels.withView { view in
            for y in 0..<view.height {
                let row = view.plane(0).row(y, as: UInt16.self)
                for x in 0..<view.width {
                    for c in 0..<3 {
                        let error = abs(Double(row[4 * x + c]) - Double(Support.pqValue(x, y, c))) * 1023 / 65535
                        worst = max(worst, error)
                    }
                }
            }
        }
        #expect(worst <= 0.5 + 1e-9, "largest error \(worst) 10-bit codes (quantisation only)")
        let tagging = try ColorTagging(bytes: avif)
        #expect(tagging.primary.effective.cicp?.description == "9/16/0/1")
        #expect(tagging.findings(options: .init(requirements: [.isoHDR])).filter { $0.severity >= .warning }.isEmpty)
    }

    @Test func lossyTenBitRoundTripErrorIsMeasured() throws {
        let source = try ImageFile.read(contentsOf: Support.url("pq16-bt2100.png"))
        let avif = try ImageFile.encode(
            source.pixels, encoding: source.encoding,
            options: ImageWriteOptions(fileType: .avif, bitDepth: 10, quality: 90))
        let back = try ImageFile.decode(avif)
        #expect(back.encoding.matrix == .bt2020NonConstantLuminance)
        let rgb = try Support.converted(back, to: PixelEncoding(format: .rgba16, colorSpace: .bt2100PQ))
        let error = Support.pqCodeError(rgb)
        print("AVIF 10-bit q90 4:4:4 round trip: mean \(error.mean), max \(error.max) 10-bit codes")
        #expect(error.mean < 8)
    }

    @Test func eightBitSRGBWritesNCLXAndReadsBack() throws {
        let source = try ImageFile.read(contentsOf: Support.url("srgb8-alpha.png"))
        let avif = try ImageFile.encode(
            source.pixels, encoding: source.encoding, options: .init(fileType: .avif, quality: 100))
        let tagging = try ColorTagging(bytes: avif)
        #expect(tagging.primary.effective.cicp?.description == "1/13/1/1")
        #expect(tagging.primary.bitDepth == 8)
    }
}
