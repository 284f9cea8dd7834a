import ColorSpaces
import ColorTags
import TagValidation
import Foundation
import ImageFiles
import PixelBuffers
import PixelConversion
import Testing

@Suite struct PNGTests {
    @Test func readsSixteenBitPQWithItsTags() throws {
        let image = try ImageFile.read(contentsOf: Support.url("pq16-bt2100.png"))
        #expect(image.encoding.format == .rgba16)
        #expect(image.encoding.colorSpace == .bt2100PQ)
        #expect(image.colorDecision.basis == .cicp)
        #expect(image.codedBitDepth == 16)
        #expect(image.masteringDisplay?.maximumLuminance == 1000)
        #expect(image.contentLightLevel?.maxContentLightLevel == 1000)
        #expect(image.contentLightLevel?.maxFrameAverageLightLevel == 400)
        image.pixels.withView { view in
            let plane = view.plane(0)
            for y in 0..<view.height {
                let row = plane.row(y, as: UInt16.self)
                for x in 0..<view.width {
                    for c in 0..<3 { #expect(Int(row[4 * x + c]) == Support.pqValue(x, y, c)) }
                    #expect(row[4 * x + 3] == 0xFFFF)
                }
            }
        }
    }

    @Test func readsEightBitAlphaPaletteGreyAndInterlaced() throws {
        let alpha = try ImageFile.read(contentsOf: Support.url("srgb8-alpha.png"))
        #expect(alpha.encoding.format == .rgba8)
        #expect(alpha.colorDecision.basis == .sRGBChunk)
        alpha.pixels.withView { view in
            let row = view.plane(0).row(5, as: UInt8.self)
            #expect(Int(row[4 * 3 + 1]) == Support.rgb8Value(3, 5, 1))
            #expect(row[4 * 3 + 3] == 255)
            #expect(Int(row[4 * 20 + 3]) == 128 + 5)
        }
        let interlaced = try ImageFile.read(contentsOf: Support.url("imagemagick-interlaced.png"))
        interlaced.pixels.withView { view in
            for y in [0, 7, 23] {
                let row = view.plane(0).row(y, as: UInt8.self)
                for x in [0, 9, 31] { #expect(Int(row[4 * x + 2]) == Support.rgb8Value(x, y, 2)) }
            }
        }
        let palette = try ImageFile.read(contentsOf: Support.url("pillow-palette-trns.png"))
        palette.pixels.withView { view in
            let row = view.plane(0).row(0, as: UInt8.self)
            #expect(row[3] == 0)  // index 0 is transparent
            #expect(row[4 + 3] == 255)
            #expect(row[4] == 3 && row[5] == 4 && row[6] == 5)  // palette entry 1 = (3, 4, 5)
        }
        let grey = try ImageFile.read(contentsOf: Support.url("imagemagick-gray8.png"))
        grey.pixels.withView { view in
            let row = view.plane(0).row(3, as: UInt8.self)
            #expect(row[0] == row[1] && row[1] == row[2])
        }
    }

    @Test func untaggedSixteenBitFromImageMagickKeepsItsCodes() throws {
        let image = try ImageFile.read(contentsOf: Support.url("imagemagick-rgb16.png"))
        #expect(image.colorDecision.basis == .assumedSRGB)
        image.pixels.withView { view in
            let row = view.plane(0).row(11, as: UInt16.self)
            for x in 0..<view.width { #expect(Int(row[4 * x]) == Support.pqValue(x, 11, 0)) }
        }
    }

    @Test func writesSixteenBitPQLosslesslyWithCICPICCAndHDRChunks() throws {
        let image = try ImageFile.read(contentsOf: Support.url("pq16-bt2100.png"))
        let bytes = try ImageFile.encode(
            image.pixels, encoding: image.encoding,
            options: ImageWriteOptions(
                fileType: .png, masteringDisplay: image.masteringDisplay, contentLightLevel: image.contentLightLevel))
        let back = try ImageFile.decode(bytes)
        #expect(back.encoding == image.encoding)
        image.pixels.withView { a in
            back.pixels.withView { b in #expect(Support.samples(a) == Support.samples(b)) }
        }
        let tagging = try ColorTagging(bytes: bytes)
        #expect(tagging.primary.cicp.first?.value.cicp.description == "9/16/0/1")
        #expect(tagging.primary.iccProfiles.count == 1)
        #expect(tagging.primary.masteringDisplay.first?.value.maximumLuminance == 1000)
        #expect(tagging.primary.contentLightLevel.first?.value.maxContentLightLevel == 1000)
        let findings = tagging.findings(options: ValidationOptions(requirements: [.isoHDR]))
        #expect(findings.filter { $0.severity >= .warning }.isEmpty, "\(findings.map(\.message))")
    }

    @Test func measuresContentLightLevelWhenNoneIsGiven() throws {
        let image = try ImageFile.read(contentsOf: Support.url("pq16-bt2100.png"))
        let bytes = try ImageFile.encode(
            image.pixels, encoding: image.encoding, options: ImageWriteOptions(fileType: .png))
        let clli = try #require(try ColorTagging(bytes: bytes).primary.contentLightLevel.first?.value)
        // The reference peaks at PQ code 61000/65535 ≈ 0.9308 → ≈ 6900 cd/m² (as the formula's largest code).
        #expect(clli.maxContentLightLevel > 3000 && clli.maxContentLightLevel < 10000)
        #expect(clli.maxFrameAverageLightLevel > 0 && clli.maxFrameAverageLightLevel < clli.maxContentLightLevel)
    }

    @Test func writesOpaqueEightBitAsRGBAndKeepsAlphaOtherwise() throws {
        let alpha = try ImageFile.read(contentsOf: Support.url("srgb8-alpha.png"))
        let withAlpha = try ImageFile.encode(alpha.pixels, encoding: alpha.encoding, options: .init(fileType: .png))
        #expect(try ColorTagging(bytes: withAlpha).primary.pngColorType == 6)
        let opaque = try ImageFile.read(contentsOf: Support.url("imagemagick-interlaced.png"))
        let rgb = try ImageFile.encode(opaque.pixels, encoding: opaque.encoding, options: .init(fileType: .png))
        #expect(try ColorTagging(bytes: rgb).primary.pngColorType == 2)
        let back = try ImageFile.decode(withAlpha)
        alpha.pixels.withView { a in back.pixels.withView { b in #expect(Support.samples(a) == Support.samples(b)) } }
    }

    /// Extended-linear float pixels name the file's colour space; without one the writer refuses rather than clip.
    @Test func convertsToTheRequestedColorSpaceAndRefusesToClipExtendedPixels() throws {
        let image = try ImageFile.read(contentsOf: Support.url("pq16-bt2100.png"))
        let edr = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
        let half = try Support.converted(image, to: edr)
        #expect(throws: ImageFileError.self) {
            try ImageFile.encode(half, encoding: edr, options: ImageWriteOptions(fileType: .png))
        }
        let bytes = try ImageFile.encode(
            half, encoding: edr, options: ImageWriteOptions(fileType: .png, colorSpace: .bt2100PQ, bitDepth: 16))
        let back = try ImageFile.decode(bytes)
        #expect(back.encoding.colorSpace.transferFunction == .pq && back.codedBitDepth == 16)
        // Highlights above reference white survive: the same linear light as the source, within 16-bit PQ rounding.
        let linear = PixelEncoding(format: .rgbaFloat, colorSpace: .extendedLinearDisplayP3)
        let original = try Support.converted(image, to: linear), rewritten = try Support.converted(back, to: linear)
        original.withView { a in
            rewritten.withView { b in
                let x = Support.samples(a), y = Support.samples(b)
                #expect(x.max()! > 4)
                #expect(zip(x, y).allSatisfy { Swift.abs($0 - $1) <= 2e-3 * Swift.max(1, Swift.abs($0)) })
            }
        }
    }

    @Test func rejectsBitDepthsPNGLacks() throws {
        let image = try ImageFile.read(contentsOf: Support.url("srgb8-alpha.png"))
        #expect(throws: ImageFileError.self) {
            try ImageFile.encode(image.pixels, encoding: image.encoding, options: .init(fileType: .png, bitDepth: 10))
        }
    }
}
