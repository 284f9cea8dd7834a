import ColorSpaces
import Foundation
import ImageFiles
import PixelBuffers
import PixelConversion
import SignalCoding
import Testing

@Suite struct RawFrameTests {
    @Test func writesAndReadsX420PlanesTightlyPacked() throws {
        let source = try ImageFile.read(contentsOf: Support.url("pq16-bt2100.png"))
        let description = RawFrameDescription(format: .x420, width: source.width, height: source.height)
        #expect(description.cicp.description == "9/16/9/0")
        let bytes = try ImageFile.encode(
            source.pixels, encoding: source.encoding, options: ImageWriteOptions(fileType: .raw, raw: description))
        #expect(bytes.count == 32 * 24 * 2 + 32 * 12 * 2)
        #expect(bytes.count == description.byteCount)
        let frame = try ImageFile.decode(bytes, as: .raw, options: ImageReadOptions(raw: description))
        #expect(frame.encoding.format == .x420 && frame.encoding.matrix == .bt2020NonConstantLuminance)
        // P010 layout: 10 significant bits high in each little-endian word, narrow range (64 … 940).
        let luma = UInt16(bytes[0]) | UInt16(bytes[1]) << 8
        #expect(luma & 0x3F == 0 && (64...940).contains(luma >> 6))
        let rgb = try Support.converted(frame, to: PixelEncoding(format: .rgba16, colorSpace: .bt2100PQ))
        var sum = 0.0
        rgb.withView { view in
            for y in 0..<view.height {
                let row = view.plane(0).row(y, as: UInt16.self)
                for x in 0..<view.width { sum += abs(Double(row[4 * x + 1]) - Double(Support.pqValue(x, y, 1))) }
            }
        }
        #expect(sum / Double(32 * 24) * 1023 / 65535 < 40)
    }

    @Test func aFileOfTheWrongSizeIsCorruptNotACrash() {
        let description = RawFrameDescription(format: .x420, width: 16, height: 16)
        #expect(throws: ImageFileError.self) {
            try ImageFile.decode(
                [UInt8](repeating: 0, count: 100), as: .raw, options: ImageReadOptions(raw: description))
        }
        let huge = RawFrameDescription(format: .x420, width: 1 << 20, height: 1 << 20)
        #expect(throws: ImageFileError.self) {
            try ImageFile.decode([UInt8](repeating: 0, count: 100), as: .raw, options: ImageReadOptions(raw: huge))
        }
    }
}
