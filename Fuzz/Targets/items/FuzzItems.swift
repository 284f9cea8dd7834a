import ImageFiles
import FuzzSupport

/// HEIF/AVIF pixels: libheif and libavif, and where they give up (or for gain-map items and transforms) the project's
/// own item decoder (grids, iden, clap/irot/imir, hvcC/av1C, libde265 and dav1d), then gain-map rendering. Images are
/// capped at 1 Mpix so that every input decodes in milliseconds. Inputs without an `ftyp` box get a HEIF one.
enum FuzzItems {
    static let ftyp: [UInt8] = [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heictmap".utf8)
    static let limits = ImageLimits(maximumFileSize: 1 << 22, maximumPixelCount: 1 << 20, maximumDimension: 4096)

    static func run(_ data: [UInt8]) {
        let hasFtyp = data.count >= 8 && Array(data[4..<8]) == Array("ftyp".utf8)
        let bytes = hasFtyp ? data : ftyp + data
        guard let image = try? ImageFile.decode(bytes, options: ImageReadOptions(limits: limits, gainMap: .base))
        else { return }
        FuzzCheck.require(image.width > 0 && image.height > 0, "decoded an empty image")
        FuzzCheck.require(image.pixels.width == image.width, "pixel buffer and image sizes differ")
        // Render whatever gain map was found, at an intermediate headroom and at full weight.
        for rendering in [GainMapRendering.displayHeadroom(2), .alternate] {
            if let rendered = try? image.rendition(for: rendering) {
                FuzzCheck.require(
                    rendered.width == image.width && rendered.height == image.height, "rendition changed the size")
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzItems.run(FuzzInput.bytes(data, size))
    return 0
}

#if !LIBFUZZER
@main enum Main { static func main() { MutationDriver.main(FuzzItems.run) } }
#endif
