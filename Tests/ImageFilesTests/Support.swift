import Foundation
import ImageFiles
import PixelBuffers
import PixelConversion
import TestSupport

/// Shared helpers of the ImageFiles tests.
enum Support {
    /// A fixture of `Tests/Fixtures/image-files`.
    static func url(_ name: String) -> URL { Fixtures.url("image-files/\(name)") }

    /// A fixture's bytes.
    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Fixtures.data("image-files/\(name)")) }

    /// The error of an RGBA16 PQ buffer against ``pqValue(_:_:_:)``, in 10-bit codes over R, G and B.
    static func pqCodeError(_ rgb: PixelBuffer) -> (mean: Double, max: Double) {
        var worst = 0.0
        var sum = 0.0
        var count = 0.0
        rgb.withView { view in
            for y in 0..<view.height {
                let row = view.plane(0).row(y, as: UInt16.self)
                for x in 0..<view.width {
                    for c in 0..<3 {
                        let e = abs(Double(row[4 * x + c]) - Double(pqValue(x, y, c))) * 1023 / 65535
                        worst = max(worst, e)
                        sum += e
                        count += 1
                    }
                }
            }
        }
        return (sum / count, worst)
    }

    /// The 16-bit PQ code of the HDR reference `pq16-bt2100.png` (formula of gen_image_files.py).
    static func pqValue(_ x: Int, _ y: Int, _ c: Int) -> Int {
        ((x * 1900 + y * 37) % 60000 + c * 2731 * (y % 4)) % 59000 + 2000
    }

    /// The 8-bit value of `srgb8-alpha.png` and the ImageMagick/HEIF sources.
    static func rgb8Value(_ x: Int, _ y: Int, _ c: Int) -> Int { (x * 8 + c * 40 + y) % 256 }

    /// The samples of an RGBA view as Doubles in [0, 1] (integer formats) or as stored (float formats).
    static func samples(_ view: PixelBufferView) -> [Double] {
        var out: [Double] = []
        let plane = view.plane(0)
        for y in 0..<view.height {
            switch (view.format.sampleType, view.format.bytesPerSample) {
            case (.float, _): out += plane.row(y, as: Float.self).map { Double($0) }
            case (_, 1): out += plane.row(y, as: UInt8.self).map { Double($0) / 255 }
            default:
                let max = Double(view.format.maxCode)
                out += plane.row(y, as: UInt16.self).map { Double($0) / max }
            }
        }
        return out
    }

    /// `pixels` converted to `format` in `colorSpace`-less terms (same colour space).
    static func converted(_ image: DecodedImage, to encoding: PixelEncoding, options: PixelConverter.Options = .init())
        throws -> PixelBuffer
    {
        let converter = try PixelConverter(from: image.encoding, to: encoding, options: options)
        var output = try PixelBuffer(format: encoding.format, width: image.width, height: image.height)
        try image.pixels.withView { input in try output.withMutableView { try converter.convert(input, to: $0) } }
        return output
    }

    /// A fresh temporary folder.
    static func temporaryDirectory() throws -> URL {
        try TemporaryFolder.make("image-files")
    }
}
