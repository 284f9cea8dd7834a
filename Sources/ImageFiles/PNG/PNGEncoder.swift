internal import CPNG
import ColorSpaces
import ColorTags
import Foundation
import ICC
import PixelBuffers
import PixelConversion
import SignalCoding
import MediaSyntax

/// Encodes RGBA 8/16-bit buffers as PNG through libpng, then adds the colour chunks with ColorTags' `PNGTagWriter`:
/// `cICP` when the colour space has H.273 code points, `iCCP` (a v4.4 profile with a `cicp` tag), `mDCV` and `cLLI`.
enum PNGEncoder {
    static func encode(_ pixels: PixelBuffer, encoding: PixelEncoding, options: ImageWriteOptions, hdr: HDRTags)
        throws(ImageFileError) -> [UInt8]
    {
        let depth = options.bitDepth ?? (encoding.format.bitDepth > 8 || encoding.colorSpace.isHDR ? 16 : 8)
        guard depth == 8 || depth == 16 else {
            throw .invalidRequest("PNG stores 8 or 16 bits per sample, not \(depth); use --bit-depth 8 or 16")
        }
        let target = PixelEncoding(format: depth == 16 ? .rgba16 : .rgba8, colorSpace: encoding.colorSpace)
        let source = try Conversion.convert(pixels, from: encoding, to: target, options: options.conversion)
        let opaque = source.withView { view in Self.isOpaque(view) }
        var writer = hdrc_png_writer()
        defer { hdrc_png_writer_free(&writer) }
        let ok = source.withView { view in
            let plane = view.plane(0)
            return hdrc_png_encode(
                &writer, plane.baseAddress.assumingMemoryBound(to: UInt8.self), plane.bytesPerRow, UInt32(view.width),
                UInt32(view.height), Int32(depth), opaque ? 0 : 1, 6)
        }
        guard ok == 1, let data = writer.data else {
            throw .encodingFailed(format: .png, reason: PNGDecoder.message(&writer.message))
        }
        let bytes = Array(UnsafeBufferPointer(start: data, count: writer.size))
        var edit = PNGTagEdit(masteringDisplay: hdr.masteringDisplay, contentLightLevel: hdr.contentLightLevel)
        edit.cicp = try? CICP(colorSpace: encoding.colorSpace)
        if options.embedICCProfile || edit.cicp == nil {
            edit.iccProfile = try? ICCProfile(colorSpace: encoding.colorSpace)
            edit.iccProfileName = Self.profileName(encoding.colorSpace.name)
        }
        do { return try PNGTagWriter.applying(edit, to: bytes) } catch {
            throw .encodingFailed(format: .png, reason: "adding colour chunks: \(error)")
        }
    }

    /// Whether every alpha sample is at its maximum (then the PNG is written as RGB).
    static func isOpaque(_ view: PixelBufferView) -> Bool {
        let plane = view.plane(0)
        for y in 0..<view.height {
            if view.format.bitDepth == 16 {
                let row = plane.row(y, as: UInt16.self)
                for x in stride(from: 3, to: row.count, by: 4) where row[x] != 0xFFFF { return false }
            } else {
                let row = plane.row(y, as: UInt8.self)
                for x in stride(from: 3, to: row.count, by: 4) where row[x] != 0xFF { return false }
            }
        }
        return true
    }

    /// A Latin-1 iCCP keyword: printable ASCII, at most 79 characters.
    static func profileName(_ text: String) -> String {
        let scalars = text.unicodeScalars.filter { $0.value >= 0x20 && $0.value <= 0x7E }
        let trimmed = String(String.UnicodeScalarView(scalars.prefix(79))).trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? "ICC profile" : trimmed
    }
}

/// HDR metadata a writer stores beside the pixels.
struct HDRTags: Sendable {
    var masteringDisplay: MasteringDisplayColorVolume?
    var contentLightLevel: ContentLightLevel?
}
