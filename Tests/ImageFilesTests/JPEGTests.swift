import ColorSpaces
import ColorTags
import Foundation
import ImageFiles
import PixelBuffers
import PixelConversion
import Testing

@Suite struct JPEGTests {
    @Test func readsPillowAndImageMagickJPEGs() throws {
        let pillow = try ImageFile.read(contentsOf: Support.url("pillow-q95.jpg"))
        #expect(pillow.width == 32 && pillow.height == 24 && pillow.encoding.format == .rgba8)
        #expect(pillow.colorDecision.basis == .assumedSRGB && pillow.gainMap == nil)
        pillow.pixels.withView { view in
            let row = view.plane(0).row(10, as: UInt8.self)
            #expect(abs(Int(row[4 * 12]) - 96) <= 6 && abs(Int(row[4 * 12 + 1]) - 100) <= 6)
            #expect(row[4 * 12 + 3] == 255)
        }
        let magick = try ImageFile.read(contentsOf: Support.url("imagemagick-q92.jpg"))
        #expect(magick.width == 32)
    }

    @Test func refusesCMYKWithAClearMessage() {
        #expect {
            try ImageFile.read(contentsOf: Support.url("imagemagick-cmyk.jpg"))
        } throws: { error in
            guard let error = error as? ImageFileError, case .unsupportedContent = error else { return false }
            return error.isUnreadableInput && "\(error)".contains("imagemagick-cmyk.jpg") && "\(error)".contains("CMYK")
        }
    }

    @Test func writesEightBitWithAnICCProfileThatReadsBackAsItsColourSpace() throws {
        let source = try ImageFile.read(contentsOf: Support.url("srgb8-alpha.png"))
        let p3 = try Support.converted(source, to: PixelEncoding(format: .rgba8, colorSpace: .displayP3))
        let bytes = try ImageFile.encode(
            p3, encoding: PixelEncoding(format: .rgba8, colorSpace: .displayP3),
            options: .init(fileType: .jpeg, quality: 95))
        let back = try ImageFile.decode(bytes)
        #expect(back.colorDecision.basis == .iccProfile)
        #expect(back.encoding.colorSpace == .displayP3)
        #expect(throws: ImageFileError.self) {
            try ImageFile.encode(
                source.pixels, encoding: source.encoding, options: .init(fileType: .jpeg, bitDepth: 10))
        }
    }
}
